"""Caylus 1303 phase 2, activation ("Phase 2 – Aktivierung", rulebook pp. 4-5): the order along the road up to
the provost, the Fair, the Notary, the Carpenter, the Toll, the Guilds Bridge, workers beyond the provost."""

from __future__ import annotations

from typing import Any

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import TILES, Char, Res
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_BRIDGE, D_EFFECT, D_FAVOUR, D_PAY
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    activation,
    administration,
    check,
    clear_road,
    decision,
    done,
    events,
    fresh,
    give,
    houses_total,
    labels,
    planning,
    put,
    refused,
    residence,
    set_workers,
    tile,
    worker,
)


def stock(s: Caylus1303State, *keys: str) -> None:
    """Put these wood or stone buildings back beside the board (in the supply), whatever the seed laid out."""
    for key in keys:
        s._supply[tile(key)] = 1


def quiet(players: int = 2, **kwargs: Any) -> Caylus1303State:
    """A game whose start spaces hold automatic tiles (the four producing start buildings and unowned
    producers, which work by their setup side; space 11 the start Carpenter) and whose road from 14 on is
    empty, so that an activation stops only where a test wants a decision."""
    s = fresh(players, **kwargs)
    # 6 Farm (food), 7 Sawmill (wood), 8 Quarry (stone), 9 Farm (food), 10 wood Sawmill (wood + 1 PP),
    # 11 Carpenter (a start tile that a test may claim; no worker goes there), 12 wood Farm (food + 1 PP),
    # 13 stone Sawmill (wood + cloth)
    automatic = ["start_farm_1", "start_sawmill", "start_quarry", "start_farm_2"]
    automatic += ["wood_sawmill", "start_carpenter", "wood_farm", "stone_sawmill"]
    for space, key in zip(range(6, 14), automatic, strict=True):
        put(s, space, key)
    clear_road(s, 14)
    return check(s)


# ---- order and the provost ---------------------------------------------------------------------------------


def test_buildings_activate_one_after_another_along_the_road() -> None:
    # rules: Caylus 1303, phase 2 "Die Gebäude werden eines nach dem anderen aktiviert, beginnend beim
    # Stadttor ... entlang der Straße bis hin zum aktuellen Standort des Vogts"
    s = quiet(3)
    worker(s, 12, BLUE)
    worker(s, 6, RED)
    worker(s, 10, GREEN)
    worker(s, 7, BLUE)
    s.log_events()
    activation(s)
    assert done(s)
    gains = [(e[1], e[2]) for e in events(s, "gain")]
    assert gains == [
        (RED, s.tile_at(6)),
        (BLUE, s.tile_at(7)),
        (GREEN, s.tile_at(10)),
        (BLUE, s.tile_at(12)),
    ]
    assert s.resources(RED) == (2, 2, 1, 0, 0)  # + 1 food from the Farm on 6
    assert s.resources(GREEN) == (1, 3, 1, 0, 0)  # + 1 wood from the Sawmill on 10
    assert s.resources(BLUE) == (2, 3, 1, 0, 0)  # + 1 wood (7) + 1 food (12)


def test_activated_workers_go_to_the_camp_never_back_to_the_supply() -> None:
    # rules: Caylus 1303, phase 2 "Anschließend schickt ihr den Arbeiter zurück ins Camp. ACHTUNG: Nehmt
    # NIEMALS einen Arbeiter, den ihr auf dem Spielplan eingesetzt habt, in euren eigenen Vorrat zurück."
    s = quiet(2)
    for space in (6, 7, 8):
        worker(s, space, BLUE)
    worker(s, 9, RED)
    activation(s)
    assert s.workers(BLUE) == 10 - 3 and s.camp(BLUE) == 5 + 3
    assert s.workers(RED) == 10 - 1 and s.camp(RED) == 5 + 1
    assert all(s.workers_at(space) == [] for space in range(1, 29))
    check(s)


def test_workers_beyond_the_provost_go_to_the_camp_unused() -> None:
    # rules: Caylus 1303, phase 2 h) "Gebäude, die jenseits der aktuellen Position des Vogts platziert sind —
    # Diese Gebäude werden nicht aktiviert: Arbeiter, die hier stehen, kehren ins Camp zurück."
    s = quiet(2)
    put(s, 14, "stone_farm")
    put(s, 15, "stone_quarry")
    worker(s, 13, BLUE)  # the provost stands after 13: activated
    worker(s, 14, BLUE)
    worker(s, 15, RED)
    s.log_events()
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == (1, 3, 1, 1, 0)  # + 1 wood + 1 cloth from the stone Sawmill on 13 only
    assert s.resources(RED) == (1, 2, 1, 0, 0)
    assert {(e[1], e[2]) for e in events(s, "unused")} == {(BLUE, 14), (RED, 15)}
    assert s.camp(BLUE) == 5 + 2 and s.camp(RED) == 5 + 1
    assert s.workers_at(14) == [] and s.workers_at(15) == []


def test_the_owner_keeps_the_placement_pp_when_the_worker_is_beyond_the_provost() -> None:
    # rules: Caylus 1303, "Steingebäude", Hinweis: "Der PP den der Besitzer in dem Moment erhält, in dem ein
    # Mitspieler einen Arbeiter auf das Gebäude stellt, behält er unabhängig davon, ob das Gebäude später
    # aktiviert wird oder nicht."
    s = quiet(2)
    put(s, 14, "stone_farm")
    put(s, 15, "stone_quarry", RED)
    planning(s)
    s.apply("place 15")  # Blue, on Red's building beyond the provost
    assert s.prestige(RED) == 1
    s.apply("pass")
    s.apply("pass")
    activation(s)
    s.apply("decline")  # the Guilds Bridge: Red
    s.apply("decline")  # Blue
    assert done(s)
    assert s.prestige(RED) == 1
    assert s.resources(BLUE) == (1, 2, 1, 0, 0)
    assert s.camp(BLUE) == 6


def test_the_provost_at_the_end_of_the_road_activates_everything() -> None:
    # rules: Caylus 1303, phase 2 — everything up to the provost is activated
    s = quiet(2)
    put(s, 28, "gold_mine", RED)
    s._provost = 28
    worker(s, 28, BLUE)
    activation(s)
    assert s.resources(BLUE)[Res.GOLD] == 1


# ---- a) the Fair -------------------------------------------------------------------------------------------


def test_fair_pays_one_wood_for_a_favour() -> None:
    # rules: Caylus 1303, phase 2 a) "Du gibst 1 [Holz] ab und erhältst dafür sofort eine Gunst"
    s = quiet(2, chars={RED: [Char.THIEF]})  # a character to take makes the favour a real choice
    worker(s, 1, BLUE)
    activation(s)
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    assert labels(s) == ["decline", "yes"]
    s.apply("yes")
    assert s.resources(BLUE) == (1, 1, 1, 0, 0)
    assert decision(s) == (D_FAVOUR, BLUE)
    s.apply("thief")
    assert s.character_holder(Char.THIEF) == BLUE
    assert done(s)
    assert s.camp(BLUE) == 6


def test_fair_may_be_declined() -> None:
    # rules: Caylus 1303, phase 2 "kann den Effekt des Gebäudes sofort nutzen" (using it is optional)
    s = quiet(2, chars={RED: [Char.THIEF]})
    worker(s, 1, BLUE)
    activation(s)
    s.apply("decline")
    assert done(s)
    assert s.resources(BLUE) == (1, 2, 1, 0, 0)
    assert s.character_holder(Char.THIEF) == RED


def test_fair_without_wood_does_nothing() -> None:
    # rules: Caylus 1303, phase 2 a) — the favour costs 1 wood
    s = quiet(2, chars={RED: [Char.THIEF]})
    worker(s, 1, BLUE)
    give(s, BLUE, food=3, stone=2, cloth=1, gold=1)
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == (3, 0, 2, 1, 1)
    assert s.character_holder(Char.THIEF) == RED
    assert s.camp(BLUE) == 6


# ---- b) the Notary -----------------------------------------------------------------------------------------


def test_notary_pays_one_cloth_for_a_house_on_an_unclaimed_start_building() -> None:
    # rules: Caylus 1303, phase 2 b) "Du gibst 1 [Tuch] ab und stellst 1 deiner Häuser oberhalb eines
    # beliebigen Gebäudes auf den Plan, sofern das Gebäude ein gelbes Banner aufweist. Dieses Gebäude wird
    # während der Verwaltungsphase zu einer Residenz"
    s = fresh(2)
    residence(s, 6, RED)
    worker(s, 2, BLUE)
    give(s, BLUE, cloth=2)
    activation(s)
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    # only unclaimed start buildings: not Red's residence on 6, not the wood/stone buildings on 14 and 19
    assert labels(s) == ["decline", *(f"claim {space}" for space in range(7, 14))]
    refused(s, A.claim(6), "not an unclaimed start building")
    s.apply("claim 9")
    assert s.owner_at(9) == BLUE
    assert not s.is_residence(9)  # not yet: it flips in administration
    assert s.resources(BLUE) == (0, 0, 0, 1, 0)
    assert s.houses_left(BLUE) == 8 and houses_total(s, BLUE) == 10
    administration(s)
    assert s.is_residence(9)
    check(s)


def test_a_claimed_start_building_still_works_this_round() -> None:
    # rules: Caylus 1303, phase 2 b) — it becomes a residence "während der Verwaltungsphase"; a worker on it
    # is activated later in the same activation phase
    s = quiet(2)
    worker(s, 2, BLUE)
    worker(s, 6, RED)  # the Farm
    give(s, BLUE, cloth=1)
    activation(s)
    s.apply("claim 6")
    assert done(s)
    assert s.owner_at(6) == BLUE
    assert s.resources(RED) == (2, 2, 1, 0, 0)


def test_notary_without_cloth_does_nothing() -> None:
    # rules: Caylus 1303, phase 2 b) — the claim costs 1 cloth
    s = fresh(2)
    worker(s, 2, BLUE)
    activation(s)
    assert done(s)
    assert all(s.owner_at(space) is None for space in range(6, 14))
    assert s.houses_left(BLUE) == 9


def test_notary_without_a_house_does_nothing() -> None:
    # rules: Caylus 1303, "Beschränkte Mengen" — "Wenn ihr keine Häuser in eurer Farbe mehr besitzt, könnt
    # ihr nicht mehr bauen" (the Notary needs one of your houses)
    s = fresh(2)
    clear_road(s, 14)
    for space in range(6, 13):
        residence(s, space, BLUE)  # 7 houses
    put(s, 14, "wood_farm", BLUE)
    put(s, 15, "wood_sawmill", BLUE)  # 9 houses used
    assert s.houses_left(BLUE) == 0
    worker(s, 2, BLUE)
    give(s, BLUE, cloth=1)
    activation(s)
    assert done(s)
    assert s.owner_at(13) is None
    assert s.resources(BLUE) == (0, 0, 0, 1, 0)


def test_notary_may_be_declined() -> None:
    s = fresh(2)
    worker(s, 2, BLUE)
    give(s, BLUE, cloth=1)
    activation(s)
    s.apply("decline")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 1, 0)
    assert s.houses_left(BLUE) == 9


# ---- c) the Carpenter --------------------------------------------------------------------------------------


def test_carpenter_builds_a_wood_building_on_the_first_empty_space() -> None:
    # rules: Caylus 1303, phase 2 c) "Du wählst 1 Holzgebäude aus dem Vorrat, gibst die geforderten Ressourcen
    # ab ... und legst das Gebäudeplättchen (Bauseite nach oben) auf das erste freie Feld auf der Straße.
    # Stelle dann 1 deiner Häuser oberhalb des Gebäudes ... Außerdem erhältst du sofort die ... PP."
    s = fresh(2)
    clear_road(s, 15)
    put(s, 15, "wood_farm", RED)
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=2)
    stock(s, "spinning_mill")
    s.log_events()
    activation(s)
    assert decision(s) == (D_EFFECT, BLUE, tile("carpenter"), 1)
    s.apply("build spinning mill")  # 2 wood, 2 PP
    assert done(s)
    assert s.tile_at(16) == tile("spinning_mill")
    assert s.owner_at(16) == BLUE
    assert s.houses_left(BLUE) == 8
    assert s.prestige(BLUE) == 2
    assert s.resources(BLUE) == (1, 0, 0, 0, 0)
    assert not s.in_supply(tile("spinning_mill"))
    assert [e[1:] for e in events(s, "built")] == [(BLUE, tile("spinning_mill"), 16, 2)]
    check(s)


def test_carpenter_pays_the_any_resource_part_by_choice() -> None:
    # rules: Caylus 1303, phase 2 c) "[beliebig]: Wenn dieses Symbol bei den Baukosten angegeben ist, könnt
    # ihr entweder 1 [Nahrung] oder 1 [Holz] oder 1 [Stein] oder 1 [Tuch] abgeben." (never gold)
    s = fresh(2)
    clear_road(s, 15)
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1, stone=1, cloth=1, gold=3)
    stock(s, "covered_market")
    activation(s)
    s.apply("build covered market")  # 1 wood + 1 any, 3 PP
    assert decision(s) == (D_PAY, BLUE)
    assert labels(s) == ["pay food", "pay stone", "pay cloth"]  # the wood is spent; never gold
    refused(s, A.PAY + Res.WOOD, "no wood")
    s.apply("pay stone")
    assert done(s)
    assert s.resources(BLUE) == (1, 0, 0, 1, 3)
    assert s.tile_at(15) == tile("covered_market") and s.owner_at(15) == BLUE
    assert s.prestige(BLUE) == 3


def test_carpenter_pays_the_only_resource_left_without_asking() -> None:
    # rules: Caylus 1303, phase 2 c) — with one kind of resource left, the "any" part can only be that one
    s = fresh(2)
    clear_road(s, 15)
    worker(s, 3, BLUE)
    give(s, BLUE, wood=1, cloth=1)
    stock(s, "tailor")
    activation(s)
    s.apply("build tailor")  # 1 wood + 1 any
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.owner_at(15) == BLUE


def test_carpenter_offers_only_affordable_buildings_from_the_supply() -> None:
    # rules: Caylus 1303, phase 2 c) — a wood building "aus dem Vorrat", paying its cost
    s = fresh(2)
    clear_road(s, 15)
    put(s, 14, "wood_farm")  # on the road: not in the supply
    worker(s, 3, BLUE)
    give(s, BLUE, food=1, wood=1)
    stock(s, "wood_quarry", "wood_sawmill", "market", "spinning_mill", "manor")
    activation(s)
    offered = set(labels(s))
    assert "build wood farm" not in offered
    assert "build wood quarry" in offered and "build wood sawmill" in offered and "build market" in offered
    assert "build spinning mill" not in offered  # 2 wood
    assert "build manor" not in offered  # wood + cloth
    assert not any(
        label.startswith("build") and TILES[tile_of(label)].family.value != "wood" for label in offered
    )
    refused(s, A.build(tile("spinning_mill")), "cannot pay")
    refused(s, A.build(tile("wood_farm")), "not in the supply")
    refused(s, A.build(tile("gold_mine")))


def tile_of(label: str) -> int:
    return A.BUILDABLE[A.LABELS.index(label) - A.BUILD]


def test_carpenter_skips_the_stone_building_placed_at_setup() -> None:
    # rules: Caylus 1303, phase 2 c) "auf das erste freie Feld auf der Straße" — 15-18 full, 19 holds the
    # stone building laid at setup: the next building goes on 20
    s = fresh(2)
    clear_road(s, 15)
    put(s, 19, "gold_mine")
    for space, key in zip(range(15, 19), ["wood_farm", "wood_sawmill", "wood_quarry", "market"], strict=True):
        put(s, space, key, RED)
    worker(s, 3, BLUE)
    give(s, BLUE, wood=2)
    stock(s, "spinning_mill")
    activation(s)
    s.apply("build spinning mill")
    assert s.tile_at(20) == tile("spinning_mill") and s.owner_at(20) == BLUE


def test_carpenter_is_refused_without_an_empty_space() -> None:
    # rules: Caylus 1303, phase 2 c) "Hinweis: Es ist nicht erlaubt, diese Aktion auszuführen, wenn auf der
    # Straße kein freies Feld verfügbar ist."
    s = fresh(2)
    clear_road(s, 15)
    spare = [t.key for t in TILES if s.in_supply(t.id) and t.family.value in ("wood", "stone")]
    for space, key in zip(range(15, 29), spare, strict=False):
        put(s, space, key, None)
    assert all(s.tile_at(space) is not None for space in range(1, 29))
    worker(s, 3, BLUE)
    give(s, BLUE, food=5, wood=5, stone=5, cloth=5)
    activation(s)
    assert done(s)  # nothing to decide: no building possible
    assert s.resources(BLUE) == (5, 5, 5, 5, 0)
    assert s.houses_left(BLUE) == 9 and s.prestige(BLUE) == 0


def test_carpenter_is_refused_without_a_house() -> None:
    # rules: Caylus 1303, "Beschränkte Mengen" "Wenn ihr keine Häuser in eurer Farbe mehr besitzt, könnt ihr
    # nicht mehr bauen." (PL, Zakład ciesielski: "lub nie ma swoich domów w puli")
    s = fresh(2)
    clear_road(s, 15)
    for space in range(6, 14):
        residence(s, space, BLUE)
    put(s, 14, "wood_farm", BLUE)
    assert s.houses_left(BLUE) == 0
    worker(s, 3, BLUE)
    give(s, BLUE, food=5, wood=5, stone=5, cloth=5)
    activation(s)
    assert done(s)
    assert s.tile_at(15) is None
    assert s.resources(BLUE) == (5, 5, 5, 5, 0)


def test_carpenter_may_be_declined() -> None:
    s = fresh(2)
    clear_road(s, 15)
    worker(s, 3, BLUE)
    activation(s)
    s.apply("decline")
    assert done(s) and s.tile_at(15) is None
    assert s.resources(BLUE) == (1, 2, 1, 0, 0)


# ---- d) the Toll -------------------------------------------------------------------------------------------


def test_toll_moves_the_provost_zero_one_or_two_either_way() -> None:
    # rules: Caylus 1303, phase 2 d) "Bewege den Vogt 0, 1 oder 2 Felder vor oder zurück." (0 = decline)
    s = quiet(2)
    worker(s, 4, BLUE)
    activation(s)
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    assert labels(s) == ["decline", "provost -2", "provost -1", "provost +1", "provost +2"]
    refused(s, A.move(3))
    refused(s, A.move(-3))
    s.apply("provost +2")
    assert s.provost == 15
    assert done(s)


def test_toll_move_back_leaves_the_last_buildings_inactive() -> None:
    # rules: Caylus 1303, phase 2 — the activation stops at the provost's new place; phase 2 h)
    s = quiet(2)
    worker(s, 4, BLUE)
    worker(s, 12, RED)
    worker(s, 13, RED)
    activation(s)
    s.apply("provost -2")
    assert s.provost == 11
    assert done(s)
    assert s.resources(RED) == (1, 2, 1, 0, 0)
    assert s.camp(RED) == 5 + 2


def test_toll_forward_activates_a_building_beyond_the_old_provost() -> None:
    # rules: Caylus 1303, phase 2 d) and h) — the provost moved forward: the building is no longer beyond
    s = quiet(2)
    put(s, 14, "wood_quarry", RED)
    worker(s, 4, BLUE)
    worker(s, 14, BLUE)
    activation(s)
    s.apply("provost +1")
    assert done(s)
    assert s.resources(BLUE) == (1, 2, 3, 0, 0)


def test_the_provost_never_moves_behind_the_guilds_bridge() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen" "Er kann nicht hinter die Gildenbrücke zurückbewegt werden."
    s = quiet(2)
    s._provost = 6
    worker(s, 4, BLUE)
    activation(s)
    assert labels(s) == ["decline", "provost -1", "provost +1", "provost +2"]
    refused(s, A.move(-2), "guilds bridge")
    s.apply("provost -1")
    assert s.provost == 5
    assert done(s)


def test_the_toll_stops_at_the_end_of_the_road() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen" — past the end of the road only onto the marked stops (none are
    # modelled: the provost stops at 28; reference 2.2)
    s = quiet(2)
    s._provost = 27
    worker(s, 4, BLUE)
    activation(s)
    assert labels(s) == ["decline", "provost -2", "provost -1", "provost +1"]


# ---- e) the Guilds Bridge ----------------------------------------------------------------------------------


def bridge_game(players: int, order: list[int]) -> Caylus1303State:
    s = quiet(players)
    s._passed = list(order)
    return s


def test_guilds_bridge_in_passing_order() -> None:
    # rules: Caylus 1303, phase 2 e) "in der auf der Brücke durch eure Häuser angezeigten Reihenfolge ...
    # Auf jeden Fall entscheidet ihr euch der Reihe nach entsprechend der Position eurer Häuser auf der
    # Brücke"
    s = bridge_game(4, [GREEN, BLUE, YELLOW, RED])
    activation(s)
    seen = []
    while not done(s):
        assert decision(s)[0] == D_BRIDGE
        seen.append(s.current_player)
        s.apply("decline")
    assert seen == [GREEN, BLUE, YELLOW, RED]
    assert s.provost == 13


def test_guilds_bridge_moves_one_to_three_steps_one_worker_each() -> None:
    # rules: Caylus 1303, phase 2 e) "Jeder von euch kann den Vogt 1-3 Schritte vor- oder zurückbewegen. Für
    # jeden Schritt müsst ihr 1 Arbeiter ins Camp zurückschicken."
    s = bridge_game(2, [RED, BLUE])
    activation(s)
    assert decision(s) == (D_BRIDGE, RED)
    assert labels(s) == [
        "decline",
        "provost -3",
        "provost -2",
        "provost -1",
        "provost +1",
        "provost +2",
        "provost +3",
    ]
    s.apply("provost +3")
    assert s.provost == 16
    assert s.workers(RED) == 7 and s.camp(RED) == 8
    s.apply("provost -2")
    assert s.provost == 14
    assert s.workers(BLUE) == 8 and s.camp(BLUE) == 7
    assert done(s)
    check(s)


def test_guilds_bridge_steps_are_limited_by_the_workers_in_the_supply() -> None:
    # rules: Caylus 1303, phase 2 e) — 1 worker per step: with 2 workers at most 2 steps, with none no move
    s = bridge_game(2, [RED, BLUE])
    set_workers(s, RED, 2)
    set_workers(s, BLUE, 0)
    activation(s)
    assert labels(s) == ["decline", "provost -2", "provost -1", "provost +1", "provost +2"]
    refused(s, A.move(3), "workers")
    s.apply("provost -1")
    assert done(s)  # Blue has no worker: nothing to decide
    assert s.provost == 12


def test_guilds_bridge_never_behind_the_bridge_and_at_most_to_the_end_of_the_road() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen" "Er kann nicht hinter die Gildenbrücke zurückbewegt werden."
    s = bridge_game(2, [RED, BLUE])
    s._provost = 7
    activation(s)
    assert labels(s) == ["decline", "provost -2", "provost -1", "provost +1", "provost +2", "provost +3"]
    refused(s, A.move(-3), "guilds bridge")
    s.apply("provost -2")
    assert s.provost == 5
    assert "provost -1" not in labels(s)
    s.apply("decline")
    s2 = bridge_game(2, [RED, BLUE])
    s2._provost = 26
    activation(s2)
    assert labels(s2) == ["decline", "provost -3", "provost -2", "provost -1", "provost +1", "provost +2"]


def test_guilds_bridge_is_skipped_when_nobody_passed() -> None:
    # rules: Caylus 1303, phase 2 e) — only the houses on the bridge move the provost
    s = quiet(2)
    activation(s)
    assert done(s) and s.provost == 13


def test_the_guilds_bridge_always_activates() -> None:
    # rules: Caylus 1303, "Den Vogt bewegen" — the provost is never behind the bridge, so its step always
    # comes, even with the provost right after it
    s = bridge_game(2, [BLUE, RED])
    s._provost = 5
    activation(s)
    assert decision(s) == (D_BRIDGE, BLUE)
    assert labels(s) == ["decline", "provost +1", "provost +2", "provost +3"]


def test_a_toll_move_comes_before_the_guilds_bridge() -> None:
    # rules: Caylus 1303, phase 2 — the Toll (d) is activated before the Guilds Bridge (e)
    s = bridge_game(2, [RED, BLUE])
    worker(s, 4, BLUE)
    activation(s)
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    s.apply("provost -2")
    assert decision(s) == (D_BRIDGE, RED)
    s.apply("provost +1")
    assert s.provost == 12


def test_notary_claim_then_flip_only_in_administration() -> None:
    # rules: Caylus 1303, phase 4 1) "Alle Startgebäude (gelbes Banner), über denen ein Haus steht, werden auf
    # ihre Residenzseite (grünes Banner) gedreht." — until then the claimed building is no residence
    s = quiet(2)
    worker(s, 2, RED)
    give(s, RED, cloth=1)
    activation(s)
    s.apply("claim 11")
    assert s.owner_at(11) == RED and not s.is_residence(11)
    administration(s)
    assert s.is_residence(11)
