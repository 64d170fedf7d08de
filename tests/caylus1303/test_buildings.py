"""Caylus 1303 building effects: the start buildings (phase 2 f), the wood buildings ("Holzgebäude") and the
stone buildings ("Steingebäude"), each side, rulebook pp. 5, 10-11; reference sections 3 and 5.

A wood or stone building built by a player shows its construction side ("Bauseite"); the tiles laid out at
setup (space 14, space 19, the construction site) show their setup side ("Startseite") and belong to nobody.
The tests put the tile on space 15, owned (construction side) or not (setup side), with the provost after it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import STONE_TILES, TILES, WOOD_TILES, Char, Family, Res
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_EFFECT, D_FAVOUR, D_PAY
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    activation,
    check,
    clear_road,
    decision,
    done,
    fresh,
    give,
    labels,
    planning,
    put,
    refused,
    set_workers,
    tile,
    worker,
)

SPACE = 15


def stock(s: Caylus1303State, *keys: str) -> None:
    """Put these wood or stone buildings back beside the board (in the supply), whatever the seed laid out."""
    for key in keys:
        s._supply[tile(key)] = 1


def on_road(
    key: str,
    owner: int | None,
    user: int = BLUE,
    *,
    players: int = 2,
    resources: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0),
    space: int = SPACE,
    **kwargs: Any,
) -> Caylus1303State:
    """``key`` on ``space`` (owned by ``owner`` or nobody), one worker of ``user`` on it, the provost right
    after it, the rest of the road from 14 on empty, ``user``'s resources as given; the activation is run up
    to the first real decision."""
    s = fresh(players, **kwargs)
    clear_road(s, 14)
    put(s, space, key, owner)
    s._provost = max(space, 13)
    worker(s, space, user)
    give(s, user, *resources)
    activation(s)
    return s


def start_building(key: str, user: int = BLUE, **kwargs: Any) -> Caylus1303State:
    """A start building (unowned) on space 6, a worker of ``user`` on it, activated."""
    return on_road(key, None, user, space=6, **kwargs)


# ---- f) the start buildings -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "gain"),
    [
        ("start_farm_1", (1, 0, 0, 0, 0)),
        ("start_sawmill", (0, 1, 0, 0, 0)),
        ("start_quarry", (0, 0, 1, 0, 0)),
    ],
)
def test_start_producers_give_one_resource(key: str, gain: tuple[int, ...]) -> None:
    # rules: Caylus 1303, phase 2 f) Startgebäude: "Nimm 1 [Nahrung]", "Nimm 1 [Holz]", "Nimm 1 [Stein]"
    # (reference section 3)
    s = start_building(key)
    assert done(s)
    assert s.resources(BLUE) == gain
    assert s.camp(BLUE) == 6 and s.workers(BLUE) == 9


def test_start_carpenter_builds_like_the_printed_carpenter() -> None:
    # rules: Caylus 1303, phase 2 f) the start Carpenter: "Vgl. c)"
    s = fresh(2)
    clear_road(s, 14)
    put(s, 6, "start_carpenter")
    worker(s, 6, RED)
    give(s, RED, food=1, wood=1)
    stock(s, "wood_farm")
    activation(s)
    assert decision(s) == (D_EFFECT, RED, tile("start_carpenter"), 1)
    s.apply("build wood farm")
    assert done(s)
    assert s.tile_at(14) == tile("wood_farm") and s.owner_at(14) == RED
    assert s.prestige(RED) == 2 and s.resources(RED) == (0, 0, 0, 0, 0)


def test_start_market_returns_one_more_worker_for_a_resource_of_your_choice() -> None:
    # rules: Caylus 1303, phase 2 f) the Market: "Schicke 1 Arbeiter zurück ins Camp (zusätzlich zu dem auf
    # dem Markt), um 1 beliebige der folgenden Ressourcen zu nehmen: [Nahrung], [Holz], [Stein] oder [Tuch]."
    s = start_building("start_market_1")
    assert labels(s) == ["decline", "take food", "take wood", "take stone", "take cloth"]
    refused(s, A.LABELS.index("pay food"))
    s.apply("take cloth")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 1, 0)
    assert s.workers(BLUE) == 10 - 2  # the Market worker and the extra one
    assert s.camp(BLUE) == 5 + 2
    check(s)


def test_start_market_without_a_worker_in_the_supply_does_nothing() -> None:
    # rules: Caylus 1303, phase 2 f) the Market — the extra worker comes from your supply
    s = fresh(2)
    clear_road(s, 14)
    put(s, 6, "start_market_1")
    worker(s, 6, BLUE)
    set_workers(s, BLUE, 0)
    give(s, BLUE)
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.camp(BLUE) == 15


def test_start_market_may_be_declined() -> None:
    s = start_building("start_market_1")
    s.apply("decline")
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.workers(BLUE) == 9 and s.camp(BLUE) == 6


def test_guild_3_pays_any_resource_for_three_workers() -> None:
    # rules: Caylus 1303, phase 2 f) "Gib 1 beliebige der folgenden Ressourcen ab [Nahrung], [Holz], [Stein]
    # oder [Tuch], um 3 Arbeiter aus dem Camp zu nehmen."
    s = start_building("guild_3", resources=(1, 0, 1, 0, 3))
    assert labels(s) == ["decline", "offer 1"]
    s.apply("offer 1")
    assert decision(s) == (D_PAY, BLUE)
    assert labels(s) == ["pay food", "pay stone"]  # never gold
    s.apply("pay stone")
    assert done(s)
    assert s.resources(BLUE) == (1, 0, 0, 0, 3)
    assert s.workers(BLUE) == 9 + 3
    assert s.camp(BLUE) == 5 - 3 + 1
    check(s)


def test_guild_3_with_only_gold_does_nothing() -> None:
    # rules: Caylus 1303, phase 2 f) — gold is not one of the four resources the Guild takes
    s = start_building("guild_3", resources=(0, 0, 0, 0, 2))
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 2) and s.workers(BLUE) == 9


def test_guild_4_pays_one_stone_for_four_workers() -> None:
    # rules: Caylus 1303, phase 2 f) "Gib 1 [Stein] ab, um 4 Arbeiter aus dem Camp zu nehmen." (stone:
    # reference section 3)
    s = start_building("guild_4", resources=(0, 0, 2, 0, 0))
    assert labels(s) == ["decline", "offer 1"]
    s.apply("offer 1")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)
    assert s.workers(BLUE) == 9 + 4 and s.camp(BLUE) == 5 - 4 + 1


def test_guild_4_without_stone_does_nothing() -> None:
    s = start_building("guild_4", resources=(3, 3, 0, 3, 3))
    assert done(s)
    assert s.workers(BLUE) == 9


def test_worker_gains_are_capped_by_the_workers_in_the_camp() -> None:
    # rules: Caylus 1303, "Beschränkte Mengen" "Ihr könnt maximal 15 Arbeiter nutzen." (PL: "Każdy pobrany
    # robotnik powyżej 15. przepada.") — only your own workers in the camp can be taken
    s = fresh(2)
    clear_road(s, 14)
    put(s, 6, "guild_4")
    set_workers(s, BLUE, 13)  # 2 in the camp
    worker(s, 6, BLUE)  # 12 in the supply, 1 on the Guild, 2 in the camp
    give(s, BLUE, stone=1)
    activation(s)
    s.apply("offer 1")
    assert done(s)
    assert s.workers(BLUE) == 14  # 12 + the 2 in the camp, not 16
    assert s.camp(BLUE) == 1  # the Guild worker
    assert s.forgone_workers(BLUE) == 2
    assert s.workers(BLUE) + s.camp(BLUE) + s.workers_on_board(BLUE) == 15
    check(s)


# ---- wood buildings ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "built", "setup"),
    [
        ("wood_farm", ((2, 0, 0, 0, 0), 0), ((1, 0, 0, 0, 0), 1)),
        ("wood_sawmill", ((0, 2, 0, 0, 0), 0), ((0, 1, 0, 0, 0), 1)),
        ("wood_quarry", ((0, 0, 2, 0, 0), 0), ((0, 0, 1, 0, 0), 1)),
        ("spinning_mill", ((0, 0, 0, 2, 0), 0), ((0, 0, 0, 1, 0), 1)),
    ],
)
def test_wood_producers_both_sides(
    key: str, built: tuple[tuple[int, ...], int], setup: tuple[tuple[int, ...], int]
) -> None:
    # rules: Caylus 1303, "Holzgebäude": "Bauseite: Nimm die abgebildeten 2 Ressourcen. Startseite: Nimm die
    # abgebildete Ressource und erhalte 1 PP." (resources per tile: reference 5.1)
    s = on_road(key, RED)  # Red built it: construction side; Blue uses it
    assert done(s)
    assert (s.resources(BLUE), s.prestige(BLUE)) == built
    assert s.resources(RED) == (1, 2, 1, 0, 0) and s.prestige(RED) == 0  # no owner bonus on wood buildings
    s = on_road(key, None)  # laid at setup: setup side
    assert done(s)
    assert (s.resources(BLUE), s.prestige(BLUE)) == setup


def test_the_wood_building_laid_at_setup_shows_its_setup_side() -> None:
    # rules: Caylus 1303, "Spielaufbau" ④ "1 Holzgebäude mit der Startseite nach oben auf das [Holz]-Feld"
    s = fresh(2)
    clear_road(s, 15)
    put(s, 14, "wood_quarry")
    s._provost = 14
    worker(s, 14, BLUE)
    give(s, BLUE)
    activation(s)
    assert s.resources(BLUE) == (0, 0, 1, 0, 0) and s.prestige(BLUE) == 1


def test_owner_using_own_wood_building_gets_the_construction_side() -> None:
    # rules: Caylus 1303, "Holzgebäude" — a built tile shows its construction side whoever uses it
    s = on_road("wood_farm", BLUE, BLUE)
    assert s.resources(BLUE) == (2, 0, 0, 0, 0) and s.prestige(BLUE) == 0


def test_covered_market_both_sides() -> None:
    # rules: Caylus 1303, "Holzgebäude": "Bauseite: Nimm 3 Arbeiter. Startseite: Nimm 2 Arbeiter und erhalte
    # 1 PP."
    s = on_road("covered_market", RED)
    assert done(s)
    assert s.workers(BLUE) == 9 + 3 and s.camp(BLUE) == 5 - 3 + 1 and s.prestige(BLUE) == 0
    s = on_road("covered_market", None)
    assert s.workers(BLUE) == 9 + 2 and s.prestige(BLUE) == 1


def test_covered_market_is_capped_by_the_camp() -> None:
    # rules: Caylus 1303, "Beschränkte Mengen" — at most 15 workers
    s = fresh(2)
    clear_road(s, 14)
    put(s, SPACE, "covered_market", RED)
    s._provost = SPACE
    set_workers(s, BLUE, 15)
    worker(s, SPACE, BLUE)
    activation(s)
    assert s.workers(BLUE) == 14 and s.camp(BLUE) == 1
    assert s.forgone_workers(BLUE) == 3


@pytest.mark.parametrize("owner", [RED, None])
def test_wood_market_takes_one_resource_of_your_choice_on_both_sides(owner: int | None) -> None:
    # rules: Caylus 1303, "Holzgebäude" the Market: "Nimm 1 Ressource deiner Wahl: [Nahrung], [Holz], [Stein]
    # oder [Tuch]. Startseite identisch"
    s = on_road("market", owner)
    assert decision(s)[:2] == (D_EFFECT, BLUE)
    assert [label for label in labels(s) if label.startswith("take")] == [
        "take food",
        "take wood",
        "take stone",
        "take cloth",
    ]
    s.apply("take stone")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 1, 0, 0)
    assert s.workers(BLUE) == 9  # no worker is returned for it (unlike the start Market)


def test_manor_construction_side_gives_a_favour() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Manor: "Bauseite: Erhalte sofort eine Gunst (vgl. S. 6)."
    s = on_road("manor", RED, chars={RED: [Char.THIEF]})
    assert decision(s) == (D_FAVOUR, BLUE)
    s.apply("thief")
    assert s.character_holder(Char.THIEF) == BLUE
    assert done(s)


def test_manor_setup_side_gives_two_pp() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Manor: "Startseite: Erhalte 2 PP."
    s = on_road("manor", None, chars={RED: [Char.THIEF]})
    assert done(s)
    assert s.prestige(BLUE) == 2
    assert s.character_holder(Char.THIEF) == RED


@pytest.mark.parametrize("owner", [RED, None])
def test_tailor_one_cloth_for_four_pp_or_two_for_six(owner: int | None) -> None:
    # rules: Caylus 1303, "Holzgebäude" the Tailor: "Gib 1 [Tuch] ab, um 4 PP zu erhalten ODER 2 [Tuch], um
    # 6 PP zu erhalten. Startseite identisch"
    s = on_road("tailor", owner, resources=(0, 0, 0, 1, 0))
    assert labels(s) == ["decline", "offer 1"]
    refused(s, A.OFFER + 1, "cannot afford")
    s.apply("offer 1")
    assert s.resources(BLUE) == (0, 0, 0, 0, 0) and s.prestige(BLUE) == 4
    s = on_road("tailor", owner, resources=(1, 1, 1, 3, 0))
    assert labels(s) == ["decline", "offer 1", "offer 2"]
    s.apply("offer 2")
    assert s.resources(BLUE) == (1, 1, 1, 1, 0) and s.prestige(BLUE) == 6
    s = on_road("tailor", owner, resources=(5, 5, 5, 0, 5))
    assert done(s) and s.prestige(BLUE) == 0  # no cloth: nothing to do


def test_stonemason_construction_side_builds_a_stone_building_at_full_cost() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Stonemason: "Bauseite: Wähle ein Steingebäude aus dem Vorrat und
    # zahle die ... geforderten Ressourcen. Lege das Plättchen dann mit der Bauseite nach oben auf das erste
    # freie Feld ... Stelle 1 deiner Häuser ... Erhalte die ... PP."
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(s, SPACE, "stonemason", RED)
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    give(s, BLUE, food=1, stone=1)
    stock(s, "gold_mine", "stone_farm", "foundry")
    activation(s)
    offered = labels(s)
    assert "build gold mine" in offered and "build stone farm" in offered
    assert "build foundry" not in offered  # wood + stone
    assert not any(t in offered for t in ("build wood farm", "build market", "build garden"))
    s.apply("build gold mine")
    assert done(s)
    assert s.tile_at(16) == tile("gold_mine") and s.owner_at(16) == BLUE
    assert s.prestige(BLUE) == 4
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.prestige(RED) == 0
    check(s)


def test_stonemason_setup_side_does_not_pay_the_stone() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Stonemason: "Startseite: Gleicher Effekt wie auf der Bauseite,
    # aber beim Bauen zahlst du den [Stein] nicht (zahle nur die andere abgebildete Ressource)."
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(
        s, SPACE, "stonemason"
    )  # unowned: setup side (e.g. a test tile; at setup it never starts on the road)
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    give(s, BLUE, food=1)
    stock(s, "gold_mine", "foundry", "church")
    activation(s)
    offered = labels(s)
    assert "build gold mine" in offered  # 1 stone + 1 food -> 1 food
    assert "build foundry" not in offered and "build church" not in offered  # wood / cloth missing
    s.apply("build gold mine")
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.owner_at(16) == BLUE and s.prestige(BLUE) == 4


def test_stonemason_setup_side_with_an_any_part_pays_only_that() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Stonemason, setup side — the stone Guild costs 1 stone + 1 any:
    # only the "any" resource is paid
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(s, SPACE, "stonemason")
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    give(s, BLUE, cloth=1)
    stock(s, "stone_guild")
    activation(s)
    s.apply("build stone guild")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.tile_at(16) == tile("stone_guild")


def test_stonemason_is_refused_without_an_empty_space() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Stonemason: "Hinweis: Es ist nicht gestattet, diese Aktion
    # auszuführen, wenn auf der Straße kein freies Feld vorhanden ist."
    s = fresh(2)
    keys = ["wood_farm", "stonemason", "wood_quarry", "market", "manor", "gold_mine", "foundry", "alchemist"]
    keys += ["church", "jeweller", "stone_farm", "stone_quarry", "stone_sawmill", "tailor", "covered_market"]
    clear_road(s, 14)
    for space, key in zip(range(14, 29), keys, strict=True):
        put(s, space, key, RED if key == "stonemason" else None)
    s._provost = 15
    worker(s, 15, BLUE)
    give(s, BLUE, food=5, wood=5, stone=5, cloth=5)
    stock(s, "stone_guild")
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == (5, 5, 5, 5, 0)


@pytest.mark.parametrize("key", [TILES[t].key for t in WOOD_TILES])
def test_the_carpenter_builds_every_wood_building_for_its_cost_and_pp(key: str) -> None:
    # rules: Caylus 1303, phase 2 c) — pay the cost in the upper left corner (the "any" part as the player
    # chooses), gain the PP in the upper right corner (values: reference 5.1)
    t = TILES[tile(key)]
    s = fresh(2)
    clear_road(s, 15)
    worker(s, 3, BLUE)
    cost = list(t.cost)
    cost[Res.CLOTH] += t.cost_any  # pay the "any" part with cloth
    give(s, BLUE, *cost)
    stock(s, key)
    activation(s)
    s.apply(f"build {key.replace('_', ' ')}")
    if not done(s):
        assert decision(s) == (D_PAY, BLUE)
        s.apply("pay cloth")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.tile_at(15) == t.id and s.owner_at(15) == BLUE
    assert s.prestige(BLUE) == t.pp


@pytest.mark.parametrize("key", [TILES[t].key for t in STONE_TILES])
def test_the_stonemason_builds_every_stone_building_for_its_cost_and_pp(key: str) -> None:
    # rules: Caylus 1303, "Holzgebäude" the Stonemason (construction side): pay the full cost, gain the PP
    # (values: reference 5.2)
    t = TILES[tile(key)]
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "stonemason", RED)
    s._provost = 14
    worker(s, 14, BLUE)
    cost = list(t.cost)
    cost[Res.CLOTH] += t.cost_any
    give(s, BLUE, *cost)
    stock(s, key)
    activation(s)
    s.apply(f"build {key.replace('_', ' ')}")
    if not done(s):
        assert decision(s) == (D_PAY, BLUE)
        s.apply("pay cloth")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.tile_at(15) == t.id and s.owner_at(15) == BLUE
    assert s.prestige(BLUE) == t.pp


# ---- stone buildings ---------------------------------------------------------------------------------------

PRODUCERS = [
    ("stone_farm", (2, 0, 0, 1, 0), (1, 0, 0, 1, 0), Res.FOOD),
    ("stone_sawmill", (0, 2, 0, 1, 0), (0, 1, 0, 1, 0), Res.WOOD),
    ("stone_quarry", (0, 0, 2, 1, 0), (0, 0, 1, 1, 0), Res.STONE),
]


@pytest.mark.parametrize(("key", "built", "setup", "bonus"), PRODUCERS)
def test_stone_producers_both_sides(
    key: str, built: tuple[int, ...], setup: tuple[int, ...], bonus: int
) -> None:
    # rules: Caylus 1303, "Steingebäude" Steinbruch, Sägemühle, Bauernhof: "Bauseite: Nimm die angegebenen 3
    # Ressourcen." "Startseite: Nimm die abgebildeten 2 Ressourcen." (resources: reference 5.2)
    s = on_road(key, BLUE, BLUE)
    assert done(s)
    assert s.resources(BLUE) == built
    s = on_road(key, None)
    assert done(s)
    assert s.resources(BLUE) == setup
    assert s.prestige(BLUE) == 0  # no PP on the setup side of stone producers


@pytest.mark.parametrize(("key", "built", "setup", "bonus"), PRODUCERS)
def test_stone_producer_owner_bonus_when_another_players_worker_uses_it(
    key: str, built: tuple[int, ...], setup: tuple[int, ...], bonus: int
) -> None:
    # rules: Caylus 1303, "Steingebäude": "In dem Fall, dass das Gebäude von einem Mitspieler aktiviert
    # worden ist (nicht vom Besitzer selbst), erhält der Besitzer sofort den an der Seite abgebildeten Bonus."
    s = fresh(2)
    clear_road(s, 14)
    put(s, SPACE, key, RED)
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    give(s, BLUE)
    give(s, RED)
    activation(s)
    assert done(s)
    assert s.resources(BLUE) == built
    expected = [0, 0, 0, 0, 0]
    expected[bonus] = 1
    assert s.resources(RED) == tuple(expected)
    assert s.prestige(RED) == 0  # the placement PP is given at placement (phase 1), not here


@pytest.mark.parametrize(("key", "built", "setup", "bonus"), PRODUCERS)
def test_stone_producer_no_bonus_when_the_owner_uses_it(
    key: str, built: tuple[int, ...], setup: tuple[int, ...], bonus: int
) -> None:
    # rules: Caylus 1303, "Steingebäude" "(nicht vom Besitzer selbst)"; example: "Hätte Blau selbst 1 Arbeiter
    # auf den Bauernhof gestellt, hätte sie nur 2 [Nahrung] und 1 [Tuch] erhalten."
    s = on_road(key, BLUE, BLUE)
    assert s.resources(BLUE) == built


def test_stone_producer_bonus_only_on_activation() -> None:
    # rules: Caylus 1303, "Steingebäude", Hinweis: "Die Bonusressource jedoch bekommt er nur, wenn das Gebäude
    # aktiviert wird" — a worker beyond the provost: the owner keeps the placement PP, gets no bonus
    s = fresh(2)
    clear_road(s, 14)
    put(s, 14, "wood_farm")
    put(s, SPACE, "stone_quarry", RED)
    give(s, RED)
    planning(s)
    s.apply(f"place {SPACE}")  # Blue
    assert s.prestige(RED) == 1
    s.apply("pass")  # Red
    s.apply("pass")  # Blue
    assert s.provost == 13
    activation(s)
    s.apply("decline")  # the Guilds Bridge: Red
    s.apply("decline")  # Blue
    assert done(s)
    assert s.resources(RED) == (0, 0, 0, 0, 0)
    assert s.prestige(RED) == 1
    assert s.resources(BLUE) == (1, 2, 1, 0, 0)


def test_stone_producer_laid_at_setup_has_no_owner_and_no_bonus() -> None:
    # rules: Caylus 1303, "Spielaufbau" ⑥ — the stone building on the road at setup belongs to nobody
    s = fresh(3)
    clear_road(s, 14)
    put(s, SPACE, "stone_farm")
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    for seat in range(3):
        give(s, seat)
    activation(s)
    assert s.resources(BLUE) == (1, 0, 0, 1, 0)
    assert s.resources(RED) == (0, 0, 0, 0, 0) and s.resources(GREEN) == (0, 0, 0, 0, 0)


def test_no_owner_bonus_on_other_stone_buildings() -> None:
    # rules: Caylus 1303, "Steingebäude" — the side bonus is printed on the three producers only (reference
    # 5.2); the Gold Mine's owner gets the placement PP only
    s = fresh(2)
    clear_road(s, 14)
    put(s, SPACE, "gold_mine", RED)
    s._provost = SPACE
    worker(s, SPACE, BLUE)
    give(s, RED)
    activation(s)
    assert s.resources(RED) == (0, 0, 0, 0, 0)
    assert s.resources(BLUE) == (1, 2, 1, 0, 1)


@pytest.mark.parametrize("owner", [RED, None])
def test_gold_mine_gives_one_gold(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" GOLDMINE: "Nimm 1 [Gold]." (both sides)
    s = on_road("gold_mine", owner)
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 1)


@pytest.mark.parametrize("owner", [RED, None])
def test_foundry_one_worker_for_one_gold_or_three_for_two(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" GIESSEREI: "Schicke 1 Arbeiter zurück ins Camp, um 1 [Gold] zu
    # erhalten ODER 3 Arbeiter, um 2 [Gold] zu erhalten."
    s = on_road("foundry", owner)
    assert labels(s) == ["decline", "offer 1", "offer 2"]
    s.apply("offer 1")
    assert s.resources(BLUE) == (0, 0, 0, 0, 1)
    assert s.workers(BLUE) == 8 and s.camp(BLUE) == 7
    s = on_road("foundry", owner)
    s.apply("offer 2")
    assert s.resources(BLUE) == (0, 0, 0, 0, 2)
    assert s.workers(BLUE) == 6 and s.camp(BLUE) == 9
    check(s)


def test_foundry_needs_the_workers_in_the_supply() -> None:
    s = fresh(2)
    clear_road(s, 14)
    put(s, SPACE, "foundry", RED)
    s._provost = SPACE
    set_workers(s, BLUE, 3)
    worker(s, SPACE, BLUE)  # 2 left
    activation(s)
    assert labels(s) == ["decline", "offer 1"]
    refused(s, A.OFFER + 1, "cannot afford")


@pytest.mark.parametrize("owner", [RED, None])
def test_alchemist_one_resource_for_one_gold_or_two_for_two(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" ALCHEMIST: "Gib 1 [Nahrung], 1 [Holz], 1 [Stein] oder 1 [Tuch] ab,
    # um 1 [Gold] zu erhalten ODER 2 Ressourcen, um 2 [Gold] zu erhalten."
    s = on_road("alchemist", owner, resources=(1, 0, 0, 1, 0))
    assert labels(s) == ["decline", "offer 1", "offer 2"]
    s.apply("offer 2")
    assert decision(s) == (D_PAY, BLUE)
    s.apply("pay food")
    assert done(s)  # the cloth is the only one left
    assert s.resources(BLUE) == (0, 0, 0, 0, 2)
    s = on_road("alchemist", owner, resources=(0, 2, 1, 0, 0))
    s.apply("offer 1")
    assert decision(s) == (D_PAY, BLUE)
    assert labels(s) == ["pay wood", "pay stone"]
    s.apply("pay wood")
    assert done(s)
    assert s.resources(BLUE) == (0, 1, 1, 0, 1)
    s = on_road("alchemist", owner, resources=(0, 0, 0, 0, 4))
    assert done(s)  # gold cannot pay


@pytest.mark.parametrize("owner", [RED, None])
def test_stone_guild_one_resource_for_five_workers(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" GILDENHAUS: "Gib 1 [Nahrung], 1 [Holz], 1 [Stein] oder 1 [Tuch] ab,
    # um 5 Arbeiter aus dem Camp zu holen."
    s = on_road("stone_guild", owner, resources=(0, 0, 0, 1, 0))
    assert labels(s) == ["decline", "offer 1"]
    s.apply("offer 1")
    assert done(s)
    assert s.resources(BLUE) == (0, 0, 0, 0, 0)
    assert s.workers(BLUE) == 9 + 5 and s.camp(BLUE) == 5 - 5 + 1


@pytest.mark.parametrize("owner", [RED, None])
def test_church_two_workers_for_four_pp_or_four_for_six(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" KIRCHE: "Schicke 2 Arbeiter zurück ins Camp, um 4 PP zu erhalten
    # ODER 4 Arbeiter, um 6 PP zu erhalten."
    s = on_road("church", owner)
    s.apply("offer 1")
    assert s.prestige(BLUE) == 4 and s.workers(BLUE) == 7 and s.camp(BLUE) == 8
    s = on_road("church", owner)
    s.apply("offer 2")
    assert s.prestige(BLUE) == 6 and s.workers(BLUE) == 5 and s.camp(BLUE) == 10
    check(s)


@pytest.mark.parametrize("owner", [RED, None])
def test_jeweller_one_gold_for_five_pp_or_two_for_nine(owner: int | None) -> None:
    # rules: Caylus 1303, "Steingebäude" JUWELIER: "Gib 1 [Gold] ab, um 5 PP zu erhalten ODER 2 [Gold], um
    # 9 PP zu erhalten."
    s = on_road("jeweller", owner, resources=(0, 0, 0, 0, 1))
    assert labels(s) == ["decline", "offer 1"]
    s.apply("offer 1")
    assert s.prestige(BLUE) == 5 and s.resources(BLUE) == (0, 0, 0, 0, 0)
    s = on_road("jeweller", owner, resources=(0, 0, 0, 0, 3))
    s.apply("offer 2")
    assert s.prestige(BLUE) == 9 and s.resources(BLUE) == (0, 0, 0, 0, 1)
    s = on_road("jeweller", owner, resources=(4, 4, 4, 4, 0))
    assert done(s) and s.prestige(BLUE) == 0


@pytest.mark.parametrize("key", ["foundry", "alchemist", "stone_guild", "church", "jeweller", "tailor"])
def test_trading_buildings_may_be_declined(key: str) -> None:
    # rules: Caylus 1303, phase 2 "kann den Effekt des Gebäudes sofort nutzen" — optional
    s = on_road(key, RED, resources=(2, 2, 2, 2, 2))
    assert labels(s)[0] == "decline"
    s.apply("decline")
    assert done(s)
    assert s.resources(BLUE) == (2, 2, 2, 2, 2) and s.prestige(BLUE) == 0 and s.workers(BLUE) == 9


def test_the_buildable_buildings_are_those_the_seat_can_pay() -> None:
    # rules: Caylus 1303, "Holzgebäude" the Carpenter and the Stonemason — a building from the supply whose
    # cost the player pays (the Stonemason's setup side: one stone less); "any" parts in food, wood, stone
    # or cloth. The engine reads precomputed costs; here the rule is written out for every tile.
    s = fresh()
    rng = random.Random(7)
    for _ in range(300):
        res = [rng.randint(0, 3) for _ in range(5)]
        give(s, RED, *res)
        for family, tiles, no_stone in (
            (Family.WOOD, WOOD_TILES, 0),
            (Family.STONE, STONE_TILES, 0),
            (Family.STONE, STONE_TILES, 1),
        ):
            expected = []
            for t in tiles:
                cost = list(TILES[t].cost)
                if no_stone:
                    cost[Res.STONE] = max(0, cost[Res.STONE] - 1)
                spare = sum(res[r] - cost[r] for r in range(4))
                if s.in_supply(t) and all(res[r] >= cost[r] for r in range(5)) and spare >= TILES[t].cost_any:
                    expected.append(t)
            assert s.buildable(RED, family, no_stone) == expected
