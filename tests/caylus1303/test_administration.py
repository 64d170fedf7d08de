"""Caylus 1303 phase 4, administration ("Phase 4 – Verwaltung", rulebook p. 7): residences, monuments,
recruitment, the provost, the round marker; the end of the game ("Spielende")."""

from __future__ import annotations

from typing import Any

import pytest

from masterbuilder import new_game
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import TILES, Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PLACE,
)
from tests.caylus1303.helpers import (
    BLACK,
    BLUE,
    GREEN,
    RED,
    YELLOW,
    administration,
    check,
    clear_road,
    decision,
    done,
    fresh,
    give,
    labels,
    put,
    refused,
    residence,
    set_workers,
    tile,
)


def claim(s: Caylus1303State, space: int, seat: int) -> None:
    """A house on the start building on ``space`` (as the Notary puts it): not yet a residence."""
    put(s, space, TILES[s.tile_at(space) or 0].key, seat)


def poor(players: int, **kwargs: Any) -> Caylus1303State:
    s = fresh(players, **kwargs)
    for seat in range(players):
        give(s, seat)
    return s


# ---- 1) residences ----------------------------------------------------------------------------------------


def test_claimed_start_buildings_flip_to_residences() -> None:
    # rules: Caylus 1303, phase 4 1) "Alle Startgebäude (gelbes Banner), über denen ein Haus steht, werden
    # auf ihre Residenzseite (grünes Banner) gedreht."
    s = poor(2)
    claim(s, 7, BLUE)
    claim(s, 11, RED)
    assert not s.is_residence(7) and not s.is_residence(11)
    administration(s)
    assert done(s)
    assert s.is_residence(7) and s.is_residence(11)
    assert s.owner_at(7) == BLUE and s.owner_at(11) == RED
    assert not any(s.is_residence(space) for space in (6, 8, 9, 10, 12, 13))
    check(s)


def test_a_residence_counts_at_the_recruitment_of_the_round_it_flips() -> None:
    # rules: Caylus 1303, phase 4 — step 1 (residences) comes before step 3 (recruitment): a building claimed
    # this round already gives its worker
    s = poor(2)
    claim(s, 7, BLUE)
    administration(s)
    assert s.workers(BLUE) == 10 + 3 + 1
    assert s.workers(RED) == 10 + 3


# ---- 2) monuments -----------------------------------------------------------------------------------------


def test_a_residence_may_be_replaced_by_a_monument() -> None:
    # rules: Caylus 1303, phase 4 2) "darf jede Residenz (grünes Banner) durch ein Monument (blaues Banner)
    # ersetzt werden. Der Besitzer der Residenz trifft diese Entscheidung. ... musst du den ... Preis für das
    # ausgewählte Monument zahlen. Dann legst du das Monumentplättchen auf dein Residenzplättchen ...
    # Anschließend erhältst du die auf dem Plättchen angegebenen PP."
    s = poor(2)
    residence(s, 9, RED)
    give(s, RED, stone=2, gold=1)
    administration(s)
    assert decision(s) == (D_MONUMENT, RED, 9)
    assert labels(s) == ["decline", "build granary", "build statue"]  # 1 gold + 1 stone, 1 gold + 2 stone
    s.apply("build statue")
    assert done(s)
    assert s.tile_at(9) == tile("statue") and s.owner_at(9) == RED
    assert not s.is_residence(9)
    assert s.prestige(RED) == TILES[tile("statue")].pp
    assert s.resources(RED) == (0, 0, 0, 0, 0)
    assert not s.in_supply(tile("statue"))
    assert s.houses_left(RED) == 8  # the house stays on the monument
    check(s)


def test_a_monument_may_be_declined() -> None:
    s = poor(2)
    residence(s, 9, RED)
    give(s, RED, stone=2, gold=1)
    administration(s)
    s.apply("decline")
    assert done(s)
    assert s.is_residence(9)
    assert s.resources(RED) == (0, 0, 2, 0, 1)


def test_only_affordable_monuments_from_the_supply_are_offered() -> None:
    # rules: Caylus 1303, phase 4 2) — pay the price of the chosen monument; each monument exists once
    s = poor(2)
    put(s, 6, "statue", BLUE)  # built before: no longer in the supply
    residence(s, 9, RED)
    give(s, RED, wood=1, stone=2, cloth=1, gold=1)
    administration(s)
    assert labels(s) == ["decline", "build garden", "build factory", "build granary"]
    refused(s, A.build(tile("statue")), "already been built")
    refused(s, A.build(tile("mansion")), "cannot pay")
    refused(s, A.build(tile("wood_farm")), "only a monument")


def test_no_decision_without_an_affordable_monument() -> None:
    s = poor(2)
    residence(s, 9, RED)
    give(s, RED, food=9, wood=9, stone=9, cloth=9)  # no gold
    administration(s)
    assert done(s)
    assert s.is_residence(9)


def test_monuments_in_road_order_from_the_guilds_bridge() -> None:
    # rules: Caylus 1303, phase 4 2) "Beginnend bei der Gildenbrücke und dann dem Straßenverlauf folgend"
    s = poor(3)
    residence(s, 12, BLUE)
    residence(s, 7, GREEN)
    residence(s, 10, RED)
    for seat in range(3):
        give(s, seat, stone=5, gold=5)
    administration(s)
    order = []
    while not done(s):
        d = decision(s)
        assert d[0] == D_MONUMENT
        order.append((d[1], d[2]))
        s.apply("decline")
    assert order == [(GREEN, 7), (RED, 10), (BLUE, 12)]


def test_the_first_residence_owner_may_take_the_monument_the_next_one_wanted() -> None:
    # rules: Caylus 1303, phase 4 2) — in road order: an earlier residence builds first (each monument once)
    s = poor(2)
    residence(s, 7, RED)
    residence(s, 8, BLUE)
    give(s, RED, stone=5, gold=5)
    give(s, BLUE, stone=5, gold=5)
    administration(s)
    s.apply("build mansion")  # Red on 7
    assert decision(s) == (D_MONUMENT, BLUE, 8)
    assert "build mansion" not in labels(s)


def test_several_monuments_in_one_round() -> None:
    # rules: Caylus 1303, phase 4 2) "Du darfst mehr als eine Residenz pro Runde durch Monumente ersetzen."
    s = poor(2)
    residence(s, 7, BLUE)
    residence(s, 12, BLUE)
    give(s, BLUE, wood=1, stone=2, gold=2)
    administration(s)
    s.apply("build garden")  # 1 gold + 1 wood
    assert decision(s) == (D_MONUMENT, BLUE, 12)
    s.apply("build statue")  # 1 gold + 2 stone
    assert done(s)
    assert s.tile_at(7) == tile("garden") and s.tile_at(12) == tile("statue")
    assert s.prestige(BLUE) == TILES[tile("garden")].pp + TILES[tile("statue")].pp


def test_the_theatre_gives_a_favour() -> None:
    # rules: Caylus 1303, phase 4 2) "Hinweis: Wer das Theater erbaut, erhält zusätzlich zu den 12 PP sofort
    # eine Gunst."
    s = poor(2, chars={RED: [Char.THIEF]})
    residence(s, 7, BLUE)
    give(s, BLUE, wood=4, gold=3)
    administration(s)
    s.apply("build theatre")
    assert s.prestige(BLUE) == 12
    assert decision(s) == (D_FAVOUR, BLUE)
    s.apply("thief")
    assert s.character_holder(Char.THIEF) == BLUE
    assert done(s)


def test_a_monument_is_not_a_residence() -> None:
    # rules: Caylus 1303, phase 1 a) (no worker on a monument) and phase 4 3) (+1 worker per residence): a
    # monument covers the residence; the Statue gives no worker
    s = poor(2)
    residence(s, 7, BLUE)
    give(s, BLUE, stone=2, gold=1)
    administration(s)
    s.apply("build statue")
    assert s.workers(BLUE) == 10 + 3  # no +1 for the covered residence


def test_monuments_only_replace_residences() -> None:
    # rules: Caylus 1303, phase 4 2) — a claimed building flips first (step 1), then may become a monument;
    # unclaimed start buildings and wood/stone buildings never do
    s = poor(2)
    claim(s, 8, RED)
    put(s, 15, "wood_farm", RED)
    give(s, RED, stone=5, gold=5, wood=5, cloth=5)
    administration(s)
    assert decision(s) == (D_MONUMENT, RED, 8)
    s.apply("decline")
    assert done(s)


# ---- 3) recruitment ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "base"), [(2, 3), (3, 3), (4, 3), (5, 2)])
def test_recruitment_base(players: int, base: int) -> None:
    # rules: Caylus 1303, phase 4 3) "Jeder von euch nimmt sich 3 Arbeiter in seiner Farbe aus dem Camp (2
    # Arbeiter in einem Spiel zu fünft)"; "Spielerhilfe: Anwerbung 3 3 3 2"
    s = poor(players)
    for seat in range(players):
        set_workers(s, seat, 0)
    administration(s)
    assert done(s)
    assert [s.workers(seat) for seat in range(players)] == [base] * players
    assert [s.camp(seat) for seat in range(players)] == [15 - base] * players


def test_recruitment_one_more_worker_per_residence() -> None:
    # rules: Caylus 1303, phase 4 3) "+ 1 Arbeiter für jede [Residenz], die ihr besitzt"
    s = poor(3)
    for space in (6, 9, 13):
        residence(s, space, RED)
    residence(s, 10, GREEN)
    for seat in range(3):
        set_workers(s, seat, 0)
    administration(s)
    assert [s.workers(seat) for seat in range(3)] == [3, 6, 4]


@pytest.mark.parametrize(
    ("monument", "workers", "goods"),
    [
        ("garden", 2, (0, 0, 0, 0, 0)),
        ("granary", 0, (1, 0, 0, 0, 0)),
        ("factory", 0, (0, 0, 0, 1, 0)),
        ("statue", 0, (0, 0, 0, 0, 0)),
        ("theatre", 0, (0, 0, 0, 0, 0)),
        ("cathedral", 0, (0, 0, 0, 0, 0)),
        ("mansion", 0, (0, 0, 0, 0, 0)),
    ],
)
def test_recruitment_monument_extras(monument: str, workers: int, goods: tuple[int, ...]) -> None:
    # rules: Caylus 1303, phase 4 3) "+ 2 Arbeiter, wenn ihr den Garten gebaut habt, 1 [Nahrung], wenn ihr den
    # Kornspeicher gebaut habt, 1 [Tuch], wenn ihr die Manufaktur gebaut habt." — the others give nothing
    s = poor(2)
    put(s, 8, monument, BLUE)
    set_workers(s, BLUE, 0)
    administration(s)
    assert s.workers(BLUE) == 3 + workers
    assert s.resources(BLUE) == goods
    assert s.workers(RED) == 10 + 3 and s.resources(RED) == (0, 0, 0, 0, 0)


def test_recruitment_every_round_with_a_monument_built_earlier() -> None:
    # rules: Caylus 1303, phase 4 3) — the Garden's workers come at every recruitment
    s = poor(2)
    put(s, 8, "garden", BLUE)
    set_workers(s, BLUE, 0)
    administration(s)
    set_workers(s, BLUE, 0)
    administration(s)
    assert s.workers(BLUE) == 5


def test_recruitment_is_capped_by_the_camp() -> None:
    # rules: Caylus 1303, "Beschränkte Mengen" "Ihr könnt maximal 15 Arbeiter nutzen." (PL: "Każdy pobrany
    # robotnik powyżej 15. przepada.")
    s = poor(2)
    residence(s, 6, BLUE)
    residence(s, 7, BLUE)
    set_workers(s, BLUE, 13)
    administration(s)
    assert s.workers(BLUE) == 15 and s.camp(BLUE) == 0
    assert s.forgone_workers(BLUE) == 3
    check(s)


def test_recruitment_comes_after_the_monuments() -> None:
    # rules: Caylus 1303, phase 4 — step 2 (monuments) before step 3 (recruitment): a Garden built this round
    # already gives its 2 workers, its residence no longer counts
    s = poor(2)
    residence(s, 8, BLUE)
    give(s, BLUE, wood=1, gold=1)
    set_workers(s, BLUE, 0)
    administration(s)
    s.apply("build garden")
    assert done(s)
    assert s.workers(BLUE) == 3 + 2


# ---- 4) the provost, 5) the round marker -------------------------------------------------------------------


def test_provost_before_the_last_building_ignoring_the_setup_stone_building() -> None:
    # rules: Caylus 1303, phase 4 4) "Stellt den Vogt vor das letzte Gebäude auf der Straße (ignoriert dabei
    # das zu Spielbeginn auf der Straße platzierte Steingebäude, solange sich davor noch freie Plätze
    # befinden)." — at the start: 14 holds the setup wood building, 15-18 empty: before 14
    s = poor(2)
    s._provost = 20
    assert s.provost_reset_position() == 13
    put(s, 15, "wood_farm", RED)
    assert s.provost_reset_position() == 14
    put(s, 16, "market", RED)
    put(s, 17, "manor", BLUE)
    assert s.provost_reset_position() == 16


def test_provost_with_the_road_full_up_to_the_setup_stone_building() -> None:
    # rules: Caylus 1303, phase 4 4) — no empty space before the stone building: it is the last building
    s = poor(2)
    for space, key in zip(range(15, 19), ["wood_farm", "market", "manor", "tailor"], strict=True):
        put(s, space, key, RED)
    assert s.tile_at(19) is not None
    assert s.provost_reset_position() == 18
    put(s, 20, "gold_mine", BLUE)
    assert s.provost_reset_position() == 19
    put(s, 21, "foundry", BLUE)
    assert s.provost_reset_position() == 20


def test_provost_with_the_whole_road_full() -> None:
    s = poor(2)
    clear_road(s, 14)
    keys = [
        "wood_farm",
        "wood_sawmill",
        "wood_quarry",
        "market",
        "manor",
        "gold_mine",
        "foundry",
        "alchemist",
    ]
    keys += ["church", "jeweller", "stone_farm", "stone_quarry", "stone_sawmill", "tailor", "covered_market"]
    for space, key in zip(range(14, 29), keys, strict=True):
        put(s, space, key)
    assert s.provost_reset_position() == 27


def test_the_provost_is_placed_at_the_end_of_the_round() -> None:
    # rules: Caylus 1303, phase 4 4) and 5) "Schiebt den Rundenmarker 1 Feld vor und beginnt eine neue Runde."
    s = poor(2)
    put(s, 15, "wood_farm", RED)
    s._provost = 22
    s._passed = [RED, BLUE]
    administration(s, end_round=True)
    assert s.provost == 14
    assert s.round == 2
    assert s.phase == 1
    assert s.first_player == RED
    assert s.passing_order == []
    assert decision(s) == (D_PLACE, RED)


def test_the_provost_placement_comes_after_the_monuments() -> None:
    # rules: Caylus 1303, phase 4 — step 4 after step 2 (a monument is on a start space: it changes nothing)
    s = poor(2)
    residence(s, 8, BLUE)
    give(s, BLUE, wood=1, gold=1)
    s._passed = [BLUE, RED]
    s._provost = 5
    administration(s, end_round=True)
    s.apply("build garden")
    assert s.provost == 13 and s.round == 2


def test_a_new_round_starts_with_the_first_passer() -> None:
    # rules: Caylus 1303, phase 1 c) — the first passer took the first-player marker; phase 4 5)
    s = poor(4, first=BLUE)
    s._passed = [YELLOW, RED, BLUE, GREEN]
    administration(s, end_round=True)
    assert s.first_player == YELLOW
    assert s.current_player == YELLOW
    assert s.round == 2


# ---- the end of the game ----------------------------------------------------------------------------------


def test_the_game_ends_after_round_9_with_2_pp_per_gold() -> None:
    # rules: Caylus 1303, "Spielende" "Das Spiel endet nach Beendigung der 9. Runde. Deckt eure Prestigepunkte
    # auf. Fügt je 2 PP pro [Gold] hinzu, das ihr noch besitzt. Wer die meisten PP hat, gewinnt das Spiel."
    # (the scored item is gold: reference 8.5)
    s = poor(3, round=9)
    s._pp = [20, 25, 10]
    give(s, BLUE, gold=3, wood=5)
    give(s, GREEN, gold=1, stone=4, cloth=4, food=4)
    s._passed = [RED, GREEN, BLUE]
    administration(s, end_round=True)
    assert s.is_terminal
    assert s.current_player is None and s.legal_actions() == []
    assert s.final_bonus == [6, 0, 2]
    assert [s.prestige(seat) for seat in range(3)] == [26, 25, 12]
    assert s.scores() == [26, 25, 12]
    assert s.winners() == [BLUE]
    assert s.round == 9


def test_a_tie_shares_the_victory() -> None:
    # rules: Caylus 1303, "Spielende" "Im Falle eines Gleichstands teilt ihr euch den Sieg."
    s = poor(5, round=9)
    s._pp = [30, 28, 31, 29, 30]
    give(s, RED, gold=1)
    give(s, YELLOW, gold=1)
    administration(s, end_round=True)
    assert s.is_terminal
    assert s.scores() == [30, 30, 31, 31, 30]
    assert s.winners() == [GREEN, YELLOW]
    assert BLACK not in s.winners()


def test_no_end_before_round_9() -> None:
    s = poor(2, round=8)
    administration(s, end_round=True)
    assert not s.is_terminal
    assert s.round == 9
    assert s.winners() == []


def test_the_recruitment_of_round_9_still_happens() -> None:
    # rules: Caylus 1303, "Spielende" — after round 9 is complete (its administration included)
    s = poor(2, round=9)
    set_workers(s, BLUE, 0)
    administration(s, end_round=True)
    assert s.is_terminal
    assert s.workers(BLUE) == 3


# ---- one whole round through the public API ---------------------------------------------------------------


def test_a_whole_round_in_rulebook_order() -> None:
    # rules: Caylus 1303, "Spielablauf" — 4 phases: planning, activation, delivery, administration; then the
    # round marker moves and the first passer starts the next round. Seed 3, 2 players, first-game characters:
    # start buildings 6 Sawmill, 7 Guild (4), 8 Quarry, 9 Guild (3), 10 Market, 11 Guild (3), 12 Sawmill,
    # 13 Farm; 14 Covered Market; 19 Jeweller; construction site: start Carpenter, Stonemason, Foundry.
    s = new_game("caylus1303", players=2, seed=3, options={"characters": "recommended"})
    assert isinstance(s, Caylus1303State)
    assert s.first_player == BLUE and s.tile_at(13) == tile("start_farm_1")
    assert s.slots[0] == tile("start_carpenter")
    # the draft: Red (the last player) first
    assert (s.phase, s.current_player) == (0, RED)
    s.apply("architect")
    assert (s.phase, s.current_player) == (0, BLUE)
    s.apply("day laborer")
    assert s.round == 1 and s.phase == 1 and s.current_player == BLUE
    # phase 1
    s.apply("place 13")  # Blue on the Farm
    s.apply("site")  # Red
    s.apply("place 3")  # Blue on the Carpenter
    s.apply("pass")  # Red passes first
    assert s.placement_cost(BLUE) == 2
    s.apply("place 1")  # Blue on the Fair: 2 workers
    s.apply("pass")  # Blue
    assert s.passing_order == [RED, BLUE]
    # phase 2: the Fair, the Carpenter, the Guilds Bridge, then the Farm
    assert s.phase == 2 and decision(s)[:2] == (D_EFFECT, BLUE)
    s.apply("decline")  # the Fair
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    s.apply("build wood farm")  # the Carpenter: 1 food + 1 wood, 2 PP, on space 15
    assert s.tile_at(15) == tile("wood_farm") and s.owner_at(15) == BLUE
    assert decision(s) == (D_BRIDGE, RED)
    s.apply("decline")
    assert decision(s) == (D_BRIDGE, BLUE)
    s.apply("decline")
    # phase 3: Red delivers, gets the favour
    assert s.phase == 3 and decision(s)[:2] == (D_DELIVER, RED)
    s.apply("bundle food+wood+stone")
    assert decision(s) == (D_FAVOUR, RED)
    assert labels(s) == ["day laborer", "slot 1"]
    s.apply("slot 1")  # the start Carpenter: nothing affordable; then a character from the board?
    assert decision(s)[:2] == (D_BOARD_CHAR, RED)
    assert sorted(labels(s)) == ["bailiff", "chamberlain", "decline", "foreman"]
    s.apply("decline")
    # phase 4 ran by itself (no residence); round 2 starts with Red, the first passer
    assert s.round == 2 and s.phase == 1
    assert s.first_player == RED and decision(s) == (D_PLACE, RED)
    assert s.provost == 14  # before the last building (15), the Jeweller on 19 ignored
    assert s.prestige(BLUE) == 2 and s.prestige(RED) == 5
    assert s.resources(BLUE) == (1, 1, 1, 0, 0) and s.resources(RED) == (0, 1, 0, 0, 0)
    assert (s.workers(BLUE), s.camp(BLUE)) == (10 - 4 + 4, 5 + 4 - 4)  # 3 + 1 (Day Laborer) recruited
    assert (s.workers(RED), s.camp(RED)) == (10 - 1 + 3, 5 + 1 - 3)
    assert s.passing_order == [] and s.site == []
    assert s.bundles_delivered(RED) == 0
    assert s.integrity_problem() is None
