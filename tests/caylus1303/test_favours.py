"""Favours (DE "Gunst", PL "Królewska łaska"): what a favour offers, the round limits on the construction-site
slots, the setup side of the slot tiles, the optional board character, and the four ways to get a favour.
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    T_MONUMENTS,
)
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    activation,
    administration,
    check,
    delivery,
    done,
    fresh,
    give,
    labels,
    pending,
    put,
    refused,
    residence,
    run,
    set_workers,
    site_worker,
    slot,
    supply_only,
    tile,
    worker,
)


def slots(state: Caylus1303State, start: str, wood: str, stone: str) -> None:
    """Lay the three construction-site tiles (setup side up)."""
    for k, key in enumerate((start, wood, stone)):
        slot(state, k, key)


def favour(state: Caylus1303State, seat: int) -> Caylus1303State:
    """Give the seat a favour through the Fair (it holds just the 1 wood it pays): the state waits for the
    favour's choice, the seat has no resources left."""
    worker(state, 1, seat)
    give(state, seat, wood=1)
    activation(state)
    assert pending(state) == (D_EFFECT, seat, tile("fair"), 1)
    state.apply("yes")
    return state


def stopped(state: Caylus1303State) -> bool:
    """Activation is over: only the Bailiff (not dealt in these tests) could still have acted."""
    return done(state)


# ---- what a favour offers ---------------------------------------------------------------------------------


def test_the_fair_pays_one_wood_for_a_favour() -> None:
    # rules: Caylus 1303, phase 2 a) Jahrmarkt: "Du gibst 1 [Holz] ab und erhältst dafür sofort eine Gunst"
    s = fresh(2, chars={RED: [Char.THIEF]})
    worker(s, 1, BLUE)
    give(s, BLUE, wood=2)
    activation(s)
    assert labels(s) == ["decline", "yes"]
    s.apply("yes")
    assert s.resources(BLUE) == (0, 1, 0, 0, 0)
    assert pending(s) == (D_FAVOUR, BLUE)
    check(s)


def test_the_fair_may_be_declined() -> None:
    # rules: Caylus 1303, phase 2: "kann den Effekt des Gebäudes sofort nutzen" (may)
    s = fresh(2, chars={RED: [Char.THIEF]})
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    s.apply("decline")
    assert stopped(s) and s.resources(BLUE) == (0, 1, 0, 0, 0) and s.workers_at(1) == []


def test_the_fair_without_wood_gives_nothing() -> None:
    # rules: Caylus 1303, phase 2 a): the favour is paid with 1 wood
    s = fresh(2, chars={RED: [Char.THIEF]})
    worker(s, 1, BLUE)
    give(s, BLUE, food=3)
    activation(s)
    assert stopped(s) and s.characters_of(BLUE) == [] and s.resources(BLUE) == (3, 0, 0, 0, 0)


def test_a_favour_offers_other_players_characters_or_the_open_slot() -> None:
    # rules: Caylus 1303, "Gunst": "einen Charakter von einem Mitspieler nehmen ODER den Effekt eines der 3
    # ... Gebäude für dich nutzen"; rounds 1-3: only the first building. Board characters come only after a
    # slot, your own characters are not "from a Mitspieler", and a favour is not optional ("musst du sofort")
    s = fresh(
        3,
        chars={BLUE: [Char.ARCHITECT], RED: [Char.THIEF, Char.FOREMAN], GREEN: [Char.STEWARD]},
        board=[Char.BAILIFF],
    )
    favour(s, BLUE)
    assert labels(s) == ["thief", "steward", "foreman", "slot 1"]
    assert "decline" not in labels(s)
    assert "already have" in refused(s, A.CHAR + Char.ARCHITECT)
    assert "board" in refused(s, A.CHAR + Char.BAILIFF)
    assert "slots 1 to 1" in refused(s, A.SLOT + 1)


def test_taking_a_character_from_another_player() -> None:
    # rules: Caylus 1303, "Gunst": "einen Charakter von einem Mitspieler nehmen" — and nothing more (the board
    # character comes only with the construction-site option)
    s = fresh(3, chars={RED: [Char.THIEF, Char.FOREMAN], GREEN: [Char.STEWARD]}, board=[Char.BAILIFF])
    favour(s, BLUE)
    s.apply("foreman")
    assert s.characters_of(BLUE) == [Char.FOREMAN]
    assert s.characters_of(RED) == [Char.THIEF]
    assert s.board_characters == [Char.BAILIFF]
    assert stopped(s)
    check(s)


def test_a_taken_character_works_for_its_new_holder_at_once() -> None:
    # rules: Caylus 1303, "Gunst" and "Der Tagelöhner": the most-bundles favour comes in phase 3, before the
    # recruitment of phase 4
    s = fresh(2, chars={RED: [Char.DAY_LABORER]})
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1)
    give(s, RED)
    delivery(s)
    s.apply("bundle food+wood+stone")
    assert pending(s) == (D_FAVOUR, BLUE)
    s.apply("day laborer")
    assert done(s) and s.character_holder(Char.DAY_LABORER) == BLUE
    set_workers(s, BLUE, 0)
    set_workers(s, RED, 0)
    administration(s)
    assert s.workers(BLUE) == 4 and s.workers(RED) == 3


# ---- the construction-site slots and the board character ---------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "open_"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (8, 3), (9, 3)]
)
def test_slots_open_with_the_rounds(round_: int, open_: int) -> None:
    # rules: Caylus 1303, "Gunst", Achtung: "In Runde 1 bis 3 könnt ihr nur den Effekt des ersten Gebäudes
    # nutzen, in Runde 4 bis 6 den Effekt des ersten oder zweiten Gebäudes und erst in Runde 7 bis 9 habt
    # ihr die Wahl aus allen 3 Gebäuden."
    s = fresh(2, chars={RED: [Char.THIEF]}, round=round_)
    assert s.open_slots == open_
    favour(s, BLUE)
    assert labels(s) == ["thief", *[f"slot {k}" for k in range(1, open_ + 1)]]
    for k in range(open_, 3):
        reason = refused(s, A.SLOT + k)
        assert f"round {round_}" in reason and f"slots 1 to {open_}" in reason


def test_after_a_slot_a_board_character_may_be_taken() -> None:
    # rules: Caylus 1303, "Gunst": "Falls sich dann noch mindestens 1 Charakter auf dem Spielplan befinden
    # sollte, kannst du einen von ihnen nehmen und offen vor dir ablegen."
    s = fresh(2, chars={RED: [Char.THIEF]}, board=[Char.FOREMAN, Char.BAILIFF])
    slots(s, "start_quarry", "manor", "gold_mine")
    favour(s, BLUE)
    s.apply("slot 1")
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)  # the Quarry: 1 stone
    assert pending(s) == (D_BOARD_CHAR, BLUE)
    assert labels(s) == ["decline", "bailiff", "foreman"]
    s.apply("foreman")
    assert s.characters_of(BLUE) == [Char.FOREMAN] and s.board_characters == [Char.BAILIFF]
    assert stopped(s)
    check(s)


def test_the_board_character_is_optional() -> None:
    # rules: Caylus 1303, "Gunst": "kannst du einen von ihnen nehmen"
    s = fresh(2, chars={RED: [Char.THIEF]}, board=[Char.FOREMAN])
    slots(s, "start_quarry", "manor", "gold_mine")
    favour(s, BLUE)
    s.apply("slot 1")
    s.apply("decline")
    assert s.characters_of(BLUE) == [] and s.board_characters == [Char.FOREMAN]
    assert stopped(s)


def test_no_board_character_left_means_no_choice() -> None:
    # rules: Caylus 1303, "Gunst": "Falls sich dann noch mindestens 1 Charakter auf dem Spielplan befinden
    # sollte"
    s = fresh(2, chars={RED: [Char.THIEF]})
    slots(s, "start_quarry", "manor", "gold_mine")
    favour(s, BLUE)
    s.apply("slot 1")
    assert stopped(s) and s.characters_of(BLUE) == []


def test_the_board_character_comes_after_the_slot_effect() -> None:
    # rules: Caylus 1303, "Gunst": use the tile's effect, "dann" the board character
    s = fresh(2, chars={RED: [Char.THIEF]}, board=[Char.FOREMAN], round=4)
    slots(s, "start_quarry", "stonemason", "gold_mine")
    supply_only(s, "stone_farm")
    favour(s, BLUE)
    give(s, BLUE, food=1)
    s.apply("slot 2")
    assert pending(s) == (D_EFFECT, BLUE, tile("stonemason"), 1)
    s.apply("build stone farm")
    assert pending(s) == (D_BOARD_CHAR, BLUE)
    s.apply("foreman")
    assert s.characters_of(BLUE) == [Char.FOREMAN]


# ---- slot effects use the setup side -------------------------------------------------------------------


def test_stonemason_slot_builds_a_stone_building_without_its_stone() -> None:
    # rules: Caylus 1303, "Holzgebäude", Maurer, Startseite: "Gleicher Effekt wie auf der Bauseite, aber beim
    # Bauen zahlst du den [Stein] nicht (zahle nur die andere abgebildete Ressource)."
    s = fresh(2, chars={RED: [Char.THIEF]}, round=4)
    slots(s, "start_quarry", "stonemason", "gold_mine")
    supply_only(s, "stone_farm", "foundry", "church")
    favour(s, BLUE)
    give(s, BLUE, food=1, wood=1)  # no stone at all
    s.apply("slot 2")
    assert labels(s) == ["decline", "build stone farm", "build foundry"]  # the Church needs cloth
    assert "Church" in refused(s, A.build(tile("church")))
    s.apply("build stone farm")
    assert s.resources(BLUE) == (0, 1, 0, 0, 0)  # only the food was paid
    assert s.tile_at(15) == tile("stone_farm") and s.owner_at(15) == BLUE
    assert s.prestige(BLUE) == 3 and s.houses_left(BLUE) == 8
    check(s)


def test_stonemason_slot_keeps_the_stone_of_a_player_who_has_some() -> None:
    # rules: Caylus 1303, "Holzgebäude", Maurer, Startseite ("zahlst du den [Stein] nicht")
    s = fresh(2, chars={RED: [Char.THIEF]}, round=4)
    slots(s, "start_quarry", "stonemason", "gold_mine")
    supply_only(s, "stone_guild")
    favour(s, BLUE)
    give(s, BLUE, stone=1, cloth=1)
    s.apply("slot 2")
    s.apply("build stone guild")
    # the Guild costs 1 stone + 1 any: only the "any" part is paid, with stone or cloth
    assert set(labels(s)) == {"pay stone", "pay cloth"}
    s.apply("pay cloth")
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)
    assert s.tile_at(15) == tile("stone_guild")


def test_a_stonemason_built_on_the_road_charges_the_stone() -> None:
    # rules: Caylus 1303, "Holzgebäude", Maurer, Bauseite: "zahle die in der oberen linken Ecke des Plättchens
    # geforderten Ressourcen"
    s = fresh(2)
    put(s, 15, "stonemason", RED)
    supply_only(s, "stone_farm")
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, food=1)
    activation(s)
    assert stopped(s) and s.tile_at(16) is None  # no stone: nothing to build, the choice was skipped
    s = fresh(2)
    put(s, 15, "stonemason", RED)
    supply_only(s, "stone_farm")
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, food=1, stone=1)
    activation(s)
    s.apply("build stone farm")
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("wood", "gained", "workers", "pp"),
    [
        ("manor", (0, 0, 0, 0, 0), 0, 2),  # Startseite: Erhalte 2 PP (not a favour)
        ("covered_market", (0, 0, 0, 0, 0), 2, 1),  # Startseite: Nimm 2 Arbeiter und erhalte 1 PP
        ("wood_farm", (1, 0, 0, 0, 0), 0, 1),  # Startseite: Nimm die abgebildete Ressource und erhalte 1 PP
        ("spinning_mill", (0, 0, 0, 1, 0), 0, 1),
    ],
)
def test_wood_slot_uses_the_setup_side(wood: str, gained: tuple[int, ...], workers: int, pp: int) -> None:
    # rules: Caylus 1303, "Gunst" (the tiles laid "zu Spielbeginn auf der Baustelle", Startseite up) and
    # "Holzgebäude" (each tile's Startseite)
    s = fresh(2, chars={RED: [Char.THIEF]}, round=5)
    slots(s, "start_quarry", wood, "gold_mine")
    favour(s, BLUE)
    hand = s.workers(BLUE)
    s.apply("slot 2")
    assert stopped(s)
    assert s.resources(BLUE) == gained
    assert s.workers(BLUE) == hand + workers and s.prestige(BLUE) == pp
    assert s.characters_of(BLUE) == []  # the Manor's setup side is no favour


@pytest.mark.parametrize(
    ("stone", "gained"),
    [
        ("stone_farm", (1, 0, 0, 1, 0)),  # Startseite: Nimm die abgebildeten 2 Ressourcen
        ("stone_sawmill", (0, 1, 0, 1, 0)),
        ("stone_quarry", (0, 0, 1, 1, 0)),
        ("gold_mine", (0, 0, 0, 0, 1)),
    ],
)
def test_stone_slot_uses_the_setup_side(stone: str, gained: tuple[int, ...]) -> None:
    # rules: Caylus 1303, "Gunst" (rounds 7-9: all 3 tiles) and "Steingebäude" (Startseite); the slot tile has
    # no owner, so nobody gets a bonus resource
    s = fresh(2, chars={RED: [Char.THIEF]}, round=7)
    slots(s, "start_quarry", "manor", stone)
    favour(s, BLUE)
    before = s.resources(RED)
    s.apply("slot 3")
    assert stopped(s) and s.resources(BLUE) == gained and s.resources(RED) == before


def test_market_slot_returns_one_more_worker() -> None:
    # rules: Caylus 1303, phase 2 f) Markt: "Schicke 1 Arbeiter zurück ins Camp ..., um 1 beliebige der
    # folgenden Ressourcen zu nehmen" — through a favour there is no worker on the tile, the extra one still
    # goes (docs/rules-notes.md D12)
    s = fresh(2, chars={RED: [Char.THIEF]})
    slots(s, "start_market_1", "manor", "gold_mine")
    favour(s, BLUE)
    hand, camp = s.workers(BLUE), s.camp(BLUE)
    s.apply("slot 1")
    assert pending(s) == (D_EFFECT, BLUE, tile("start_market_1"), 1)
    s.apply("take cloth")
    assert s.resources(BLUE) == (0, 0, 0, 1, 0)
    # one more worker from the supply, and the Fair's worker once the Fair is done
    assert (s.workers(BLUE), s.camp(BLUE)) == (hand - 1, camp + 2)
    check(s)


def test_jeweller_slot_trades_gold_for_pp() -> None:
    # rules: Caylus 1303, "Steingebäude" — Juwelier: "Gib 1 [Gold] ab, um 5 PP zu erhalten ODER 2 [Gold], um
    # 9 PP zu erhalten."
    s = fresh(2, chars={RED: [Char.THIEF]}, round=9)
    slots(s, "start_quarry", "manor", "jeweller")
    favour(s, BLUE)
    give(s, BLUE, gold=2)
    s.apply("slot 3")
    assert labels(s) == ["decline", "offer 1", "offer 2"]
    s.apply("offer 2")
    assert s.prestige(BLUE) == 9 and s.resources(BLUE) == (0, 0, 0, 0, 0)


def test_the_slot_describes_its_setup_side() -> None:
    # rules: Caylus 1303, "Gunst" and "Holzgebäude" — Herrenhaus (Manor), Startseite: "Erhalte 2 PP"
    s = fresh(2, chars={RED: [Char.THIEF]}, round=4)
    slots(s, "start_quarry", "manor", "gold_mine")
    favour(s, BLUE)
    text = s.describe_action(A.SLOT + 1)
    assert "Manor" in text and "2 PP" in text and "favour" not in text


# ---- the four sources of a favour ----------------------------------------------------------------------


def test_manor_construction_side_gives_a_favour() -> None:
    # rules: Caylus 1303, "Holzgebäude" — Bauseite: "Erhalte sofort eine Gunst"
    s = fresh(2, chars={RED: [Char.THIEF]})
    put(s, 15, "manor", RED)
    s._provost = 15
    worker(s, 15, BLUE)
    activation(s)
    assert pending(s) == (D_FAVOUR, BLUE)
    s.apply("thief")
    assert s.characters_of(BLUE) == [Char.THIEF] and stopped(s)


def test_manor_setup_side_on_the_road_gives_two_pp() -> None:
    # rules: Caylus 1303, "Holzgebäude" — Herrenhaus, Startseite: "Erhalte 2 PP"; setup tiles on the road are
    # used setup side up ("mit der Startseite nach oben auf das -Feld auf der Straße")
    s = fresh(2, chars={RED: [Char.THIEF]})
    put(s, 14, "manor")
    s._provost = 14
    worker(s, 14, BLUE)
    activation(s)
    assert stopped(s) and s.prestige(BLUE) == 2 and s.characters_of(BLUE) == []


def test_most_bundles_gives_a_favour() -> None:
    # rules: Caylus 1303, phase 3: "erhält der Spieler, der in dieser Runde die meisten Bündel geliefert hat,
    # sofort eine Gunst ... Hätte Grün auch nur 1 Bündel geliefert ..., hätte Rot – die zuerst einen Arbeiter
    # auf der Baustelle eingesetzt hatte – die Gunst gewonnen."
    for green_bundles, winner in ((2, GREEN), (1, RED)):
        s = fresh(3, chars={BLUE: [Char.THIEF]})
        site_worker(s, RED)
        site_worker(s, GREEN)
        give(s, RED, food=1, wood=1, stone=1)
        give(s, GREEN, food=2, wood=2, cloth=2)
        delivery(s)
        s.apply("bundle food+wood+stone")
        for _ in range(green_bundles):
            s.apply("bundle food+wood+cloth")
        if green_bundles == 1:
            s.apply("decline")
        assert pending(s) == (D_FAVOUR, winner)
        assert s.prestige(RED) == 5 and s.prestige(GREEN) == 5 * green_bundles


def test_theatre_gives_a_favour_besides_its_pp() -> None:
    # rules: Caylus 1303, phase 4 2), Hinweis: "Wer das Theater erbaut, erhält zusätzlich zu den 12 PP sofort
    # eine Gunst."
    s = fresh(2, chars={RED: [Char.THIEF]})
    residence(s, 8, BLUE)
    give(s, BLUE, wood=4, gold=3)
    s._supply[tile("theatre")] = 1
    run(s, (T_MONUMENTS, 6))  # administration step 2 alone, from the bridge
    assert pending(s) == (D_MONUMENT, BLUE, 8)
    s.apply("build theatre")
    assert s.prestige(BLUE) == 12 and s.tile_at(8) == tile("theatre")
    assert pending(s) == (D_FAVOUR, BLUE)
    s.apply("thief")
    assert s.characters_of(BLUE) == [Char.THIEF] and done(s)
    check(s)


def test_two_workers_on_the_fair_each_get_a_favour() -> None:
    # rules: Caylus 1303, "Die Händlerin" and phase 2 a): each worker uses the Fair, the Journeyman's second
    s = fresh(3, chars={RED: [Char.JOURNEYMAN], GREEN: [Char.THIEF]}, board=[Char.FOREMAN])
    slots(s, "start_quarry", "manor", "gold_mine")
    worker(s, 1, BLUE)
    worker(s, 1, RED)
    give(s, BLUE, wood=1)
    give(s, RED, wood=1)
    activation(s)
    s.apply("yes")
    assert pending(s) == (D_FAVOUR, BLUE)
    s.apply("slot 1")
    s.apply("foreman")
    assert pending(s) == (D_EFFECT, RED, tile("fair"), 1)
    s.apply("yes")
    assert pending(s) == (D_FAVOUR, RED)
    assert labels(s) == ["thief", "foreman", "slot 1"]
    s.apply("foreman")
    assert s.characters_of(RED) == [Char.JOURNEYMAN, Char.FOREMAN] and s.characters_of(BLUE) == []
    assert stopped(s)


def test_a_building_built_through_a_slot_gets_the_architects_pp() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Architektin ("wenn du ein ... Steingebäude ... errichtest")
    # and the Maurer's Startseite used through a favour
    s = fresh(2, chars={BLUE: [Char.ARCHITECT], RED: [Char.THIEF]}, round=4)
    slots(s, "start_quarry", "stonemason", "stone_farm")
    supply_only(s, "gold_mine")
    favour(s, BLUE)
    give(s, BLUE, food=1)
    s.apply("slot 2")
    s.apply("build gold mine")
    assert s.prestige(BLUE) == 4 + 1 and s.owner_at(15) == BLUE


def test_a_character_taken_during_activation_acts_for_its_new_holder() -> None:
    # rules: Caylus 1303, "Gunst" (the Fair, space 1, comes before the Guilds Bridge) and "Der Gutsverwalter"
    # (after step e)
    s = fresh(2, chars={RED: [Char.BAILIFF]})
    favour(s, BLUE)
    s.apply("bailiff")
    assert pending(s) == (D_BAILIFF, BLUE)
    s.apply("provost +1")
    assert s.provost == 14
