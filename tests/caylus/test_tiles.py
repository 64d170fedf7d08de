"""Every building tile of Caylus: its data (checked against the reference tables written out here, not read
from data.py) and its effect when a worker activates it in phase 5 ("Faza 5 – Aktywacja budynków") or when
it is built. Rulebook: the Polish rulebook of Caylus; reference: the compiled tile list
sections 4.1-4.8.
"""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    BUILD_LOTS,
    FIXED_SPACES,
    TILES,
    Cubes,
    Kind,
    cubes,
)
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_OWNER, D_RESIDENCE, D_ROW
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    RED,
    activate,
    build_action,
    check,
    fresh,
    labels,
    put_tile,
    put_worker,
    refused,
    run_phases,
    set_cubes,
    stopped,
    tile,
)

F, W, S, C, G = range(5)

# ---- the tile tables (reference sections 4.1-4.7) ----------------------------------------------------------

# key: (kind, cost, any cubes, PP on build, favours on build, income)
REFERENCE: dict[str, tuple[Kind, Cubes, int, int, int, int]] = {
    "n_farm": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "n_forest": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "n_sawmill": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "n_quarry": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "n_market": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "n_carpenter": (Kind.NEUTRAL, cubes(), 0, 0, 0, 0),
    "f_peddler": (Kind.FIXED, cubes(), 0, 0, 0, 0),
    "f_carpenter": (Kind.FIXED, cubes(), 0, 0, 0, 0),
    "gold_mine": (Kind.FIXED, cubes(), 0, 0, 0, 0),
    "w_farm_food": (Kind.WOOD, cubes(food=1, wood=1), 0, 2, 0, 0),
    "w_farm_cloth": (Kind.WOOD, cubes(food=1, wood=1), 0, 2, 0, 0),
    "w_quarry": (Kind.WOOD, cubes(food=1, wood=1), 0, 2, 0, 0),
    "w_sawmill": (Kind.WOOD, cubes(food=1, wood=1), 0, 2, 0, 0),
    "w_market": (Kind.WOOD, cubes(wood=1), 1, 4, 0, 0),
    "w_peddler": (Kind.WOOD, cubes(wood=1), 1, 4, 0, 0),
    "mason": (Kind.WOOD, cubes(food=1, wood=1), 0, 4, 0, 0),
    "lawyer": (Kind.WOOD, cubes(wood=1, cloth=1), 0, 4, 0, 0),
    "s_farm": (Kind.STONE, cubes(food=1, stone=1), 0, 3, 0, 0),
    "park": (Kind.STONE, cubes(food=1, stone=1), 0, 3, 0, 0),
    "workshop": (Kind.STONE, cubes(food=1, stone=1), 0, 3, 0, 0),
    "bank": (Kind.STONE, cubes(wood=1, stone=1), 0, 6, 0, 0),
    "alchemist": (Kind.STONE, cubes(food=1, stone=1), 0, 6, 0, 0),
    "tailor": (Kind.STONE, cubes(wood=1, stone=1), 0, 6, 0, 0),
    "church": (Kind.STONE, cubes(stone=1, cloth=1), 0, 3, 1, 0),
    "architect": (Kind.STONE, cubes(food=1, stone=1), 0, 6, 0, 0),
    "jeweller": (Kind.STONE, cubes(stone=1, cloth=1), 0, 6, 0, 0),
    "residence": (Kind.RESIDENCE, cubes(), 0, 2, 0, 1),
    "statue": (Kind.PRESTIGE, cubes(stone=2, gold=1), 0, 7, 1, 0),
    "theater": (Kind.PRESTIGE, cubes(wood=3, gold=2), 0, 14, 1, 0),
    "college": (Kind.PRESTIGE, cubes(stone=3, gold=2), 0, 14, 1, 0),
    "monument": (Kind.PRESTIGE, cubes(stone=4, gold=2), 0, 14, 2, 0),
    "granary": (Kind.PRESTIGE, cubes(food=3, gold=1), 0, 10, 0, 0),
    "weaver": (Kind.PRESTIGE, cubes(cloth=3, gold=1), 0, 12, 0, 0),
    "library": (Kind.PRESTIGE, cubes(wood=3, gold=1), 0, 10, 0, 1),
    "hotel": (Kind.PRESTIGE, cubes(stone=3, gold=2), 0, 16, 0, 2),
    "cathedral": (Kind.PRESTIGE, cubes(stone=5, gold=3), 0, 25, 0, 0),
}
WOOD_KEYS = [k for k, v in REFERENCE.items() if v[0] is Kind.WOOD]
STONE_KEYS = [k for k, v in REFERENCE.items() if v[0] is Kind.STONE]
PRESTIGE_KEYS = [k for k, v in REFERENCE.items() if v[0] is Kind.PRESTIGE]


def test_every_tile_matches_the_reference_tables() -> None:
    # rules: Caylus, "Zawartość pudełka" and the building descriptions (phase 5); reference 4.1-4.7
    assert sorted(t.key for t in TILES) == sorted(REFERENCE)
    for t in TILES:
        kind, cost, any_cubes, pp, favours, income = REFERENCE[t.key]
        assert (t.kind, t.cost, t.cost_any, t.pp, t.favours, t.income) == (
            kind,
            cost,
            any_cubes,
            pp,
            favours,
            income,
        ), t.key
    assert [t.key for t in TILES if t.copies != 1] == ["architect"]
    assert TILES[tile("architect")].copies == 2


@pytest.mark.parametrize(("edition", "stone"), [(1, 9), (2, 10)])
def test_tile_counts_and_supply_by_edition(edition: int, stone: int) -> None:
    # rules: Caylus, "Zawartość pudełka": 6 neutral, 8 wood, 9 stone, 9 prestige tiles (1st edition; the 2nd
    # edition adds the Jeweller: 10 stone; reference 4.3-4.4); residences are unlimited (phase 5 b)
    s = fresh(4, edition=edition)
    count = {kind: sum(t.copies for t in TILES if t.kind is kind and s.supply(t.id)) for kind in Kind}
    assert count[Kind.WOOD] == 8 and count[Kind.STONE] == stone and count[Kind.PRESTIGE] == 9
    assert sum(1 for t in TILES if t.kind is Kind.NEUTRAL) == 6
    assert s.supply(tile("architect")) == 2
    assert s.supply(tile("jeweller")) == (1 if edition == 2 else 0)
    assert s.supply(tile("residence")) == 0  # not a supply: the lawyer always has one
    assert all(s.supply(t.id) == 0 for t in TILES if t.kind in (Kind.NEUTRAL, Kind.FIXED))


# ---- production (mandatory) ------------------------------------------------------------------------------

PRODUCTION: list[tuple[str, str | None, Cubes]] = [
    ("n_farm", "food", cubes(food=1)),
    ("n_farm", "cloth", cubes(cloth=1)),
    ("n_forest", "food", cubes(food=1)),
    ("n_forest", "wood", cubes(wood=1)),
    ("n_sawmill", None, cubes(wood=1)),
    ("n_quarry", None, cubes(stone=1)),
    ("gold_mine", None, cubes(gold=1)),
    ("w_farm_food", "food", cubes(food=2)),
    ("w_farm_food", "cloth", cubes(cloth=1)),
    ("w_farm_cloth", "cloth", cubes(cloth=2)),
    ("w_farm_cloth", "food", cubes(food=1)),
    ("w_quarry", None, cubes(stone=2)),
    ("w_sawmill", None, cubes(wood=2)),
    ("s_farm", None, cubes(food=2, cloth=1)),
    ("park", None, cubes(food=1, wood=2)),
    ("workshop", None, cubes(stone=2, cloth=1)),
]


def _working(key: str, worker: int, owner: int | None, seed: int = 0) -> tuple[CaylusState, int]:
    """A state where ``worker`` stands on a ``key`` tile (owned by ``owner``) and phase 5 runs."""
    s = fresh(4, seed)
    if key in ("n_farm", "n_forest", "n_sawmill", "n_quarry", "n_market", "n_carpenter"):
        space = s._road.index(tile(key))
    elif key in ("f_peddler", "f_carpenter", "gold_mine"):
        space = next(sp for sp, t in FIXED_SPACES.items() if t == tile(key))
    else:
        space = 9
        put_tile(s, space, key, owner)
    set_cubes(s, worker)
    activate(s, {space: worker})
    return s, space


@pytest.mark.parametrize(("key", "choice", "gain"), PRODUCTION)
def test_production_gives_its_cubes_and_is_mandatory(key: str, choice: str | None, gain: Cubes) -> None:
    # rules: Caylus, phase 5 a) (production buildings): the player takes the cubes from the bank; "Gracz nie
    # musi korzystać z efektu budynku, chyba że jest to budynek produkcyjny" (production is mandatory)
    s, space = _working(key, RED, RED if TILES[tile(key)].kind is not Kind.NEUTRAL else None)
    if choice is None:
        assert stopped(s)  # one production: nothing to decide
    else:
        assert "pass" not in labels(s) and choice in labels(s) and len(labels(s)) == 2
        refused(s, "pass")
        s.apply(choice)
    assert stopped(s)
    assert s.cubes(RED) == gain
    assert s.worker_at(space) is None and s.workers_at_home(RED) == 6
    check(s)


@pytest.mark.parametrize(
    ("key", "bonus"),
    [("s_farm", ("food", "cloth")), ("park", ("food", "wood")), ("workshop", ("stone", "cloth"))],
)
def test_stone_production_owner_takes_one_of_the_listed_cubes_when_another_player_uses_it(
    key: str, bonus: tuple[str, str]
) -> None:
    # rules: Caylus, phase 5 a): "jeżeli kamienny budynek produkcyjny (szare tło) został aktywowany przez
    # gracza, który nie jest jego właścicielem to właściciel otrzymuje jedną kostkę zasobów (wybraną z tych,
    # które produkuje budynek)"; reference 4.4 owner extra column
    for pick in bonus:
        s, _ = _working(key, RED, BLUE)
        set_cubes(s, BLUE)
        assert s._stack[-1] == (D_OWNER, BLUE, tile(key)) and s.current_player == BLUE
        assert sorted(labels(s)) == sorted(bonus)
        s.apply(pick)
        assert stopped(s)
        expected = [0] * 5
        expected[("food", "wood", "stone", "cloth", "gold").index(pick)] = 1
        assert s.cubes(BLUE) == tuple(expected)
        assert sum(s.cubes(RED)) == 3


@pytest.mark.parametrize("key", ["s_farm", "park", "workshop"])
def test_stone_production_used_by_its_owner_gives_no_bonus(key: str) -> None:
    # rules: Caylus, phase 5 a): "Jeżeli budynek taki jest aktywowany przez jego właściciela, to otrzymuje on
    # normalną produkcję tego budynku, bez dodatkowych kostek."
    s, _ = _working(key, BLUE, BLUE)
    assert stopped(s)
    assert sum(s.cubes(BLUE)) == 3


@pytest.mark.parametrize("key", ["w_farm_food", "w_quarry", "w_sawmill"])
def test_wood_production_gives_its_owner_nothing(key: str) -> None:
    # rules: Caylus, phase 5 a): only stone (grey) production buildings give the owner a cube
    s, _ = _working(key, RED, BLUE)
    set_cubes(s, BLUE)
    if not stopped(s):
        s.apply(s.legal_action_ids()[0])
    assert stopped(s) and s.cubes(BLUE) == (0, 0, 0, 0, 0)


# ---- marketplaces -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "price"), [("n_market", 4), ("w_market", 6)])
@pytest.mark.parametrize("cube", ["food", "wood", "stone", "cloth", "gold"])
def test_market_sells_exactly_one_cube_of_any_kind(key: str, price: int, cube: str) -> None:
    # rules: Caylus, phase 5 c) (marketplace): "Rynek pozwala na sprzedanie 1 kostki bankowi w zamian za
    # denary (cena zależy od rynku). Niemożliwa jest sprzedaż kilku kostek na raz."; the white cube means any
    # cube, gold included (symbols); reference 4.1 (4 deniers) and 4.3 (6 deniers)
    s = fresh(4)
    space = s._road.index(tile(key)) if key == "n_market" else 9
    if key == "w_market":
        put_tile(s, 9, key, BLUE)
    set_cubes(s, RED, 2, 2, 2, 2, 2, deniers=0)
    activate(s, {space: RED})
    assert labels(s) == ["pass", "food", "wood", "stone", "cloth", "gold"]
    s.apply(cube)
    assert stopped(s)  # no second sale
    assert s.deniers(RED) == price
    assert (
        sum(s.cubes(RED)) == 9 and s.cubes(RED)[("food", "wood", "stone", "cloth", "gold").index(cube)] == 1
    )


def test_market_is_optional_and_needs_a_cube() -> None:
    # rules: Caylus, phase 5: only production is mandatory; the market sells one of your cubes
    s = fresh(4)
    market = s._road.index(tile("n_market"))
    set_cubes(s, RED, food=1, deniers=0)
    activate(s, {market: RED})
    s.apply("pass")
    assert stopped(s) and s.deniers(RED) == 0 and s.cubes(RED) == (1, 0, 0, 0, 0)
    s = fresh(4)
    set_cubes(s, RED, deniers=0)
    activate(s, {market: RED})
    assert stopped(s) and s.deniers(RED) == 0  # nothing to sell: nothing to decide


# ---- peddlers ----------------------------------------------------------------------------------------------


def test_fixed_peddler_sells_one_cube_for_two_deniers_never_gold() -> None:
    # rules: Caylus, phase 5 d) (peddler): "Nie sprzedaje on złota. U stałego handlarza nie możesz kupić
    # więcej niż 1 kostkę na raz."; the board's icon: 2 deniers -> 1 cube (reference 4.2)
    s = fresh(4)
    set_cubes(s, RED, deniers=9)
    activate(s, {7: RED})
    assert labels(s) == ["pass", "food", "wood", "stone", "cloth"]
    refused(s, "gold")
    s.apply("cloth")
    assert stopped(s)
    assert s.deniers(RED) == 7 and s.cubes(RED) == (0, 0, 0, 1, 0)


def test_fixed_peddler_needs_two_deniers() -> None:
    # rules: Caylus, phase 5 d): the fixed peddler's price is 2 deniers
    s = fresh(4)
    set_cubes(s, RED, deniers=1)
    activate(s, {7: RED})
    assert stopped(s) and s.deniers(RED) == 1 and s.cubes(RED) == (0, 0, 0, 0, 0)


def test_wood_peddler_sells_one_or_two_cubes_for_one_denier_each_never_gold() -> None:
    # rules: Caylus, phase 5 d): "Handlarz, który nie jest stały (drewniany budynek), pozwala Ci kupić 1 lub 2
    # kostki Twojego wyboru."; reference 4.3: 1 cube for 1 denier or 2 for 2, any mix, no gold
    s = fresh(4)
    put_tile(s, 9, "w_peddler", BLUE)
    set_cubes(s, RED, deniers=5)
    activate(s, {9: RED})
    assert labels(s) == ["pass", "food", "wood", "stone", "cloth"]
    s.apply("stone")
    assert s.deniers(RED) == 4
    assert labels(s) == ["pass", "food", "wood", "stone", "cloth"]  # a second cube, or stop
    s.apply("cloth")
    assert stopped(s)  # never a third
    assert s.deniers(RED) == 3 and s.cubes(RED) == (0, 0, 1, 1, 0)
    # one cube only
    s = fresh(4)
    put_tile(s, 9, "w_peddler", BLUE)
    set_cubes(s, RED, deniers=5)
    activate(s, {9: RED})
    s.apply("food")
    s.apply("pass")
    assert stopped(s) and s.deniers(RED) == 4 and s.cubes(RED) == (1, 0, 0, 0, 0)
    # two of the same kind
    s = fresh(4)
    put_tile(s, 9, "w_peddler", BLUE)
    set_cubes(s, RED, deniers=2)
    activate(s, {9: RED})
    s.apply("wood")
    s.apply("wood")
    assert stopped(s) and s.deniers(RED) == 0 and s.cubes(RED) == (0, 2, 0, 0, 0)


def test_wood_peddler_second_cube_needs_a_second_denier() -> None:
    # rules: Caylus, phase 5 d): each cube costs 1 denier at the wood peddler
    s = fresh(4)
    put_tile(s, 9, "w_peddler", BLUE)
    set_cubes(s, RED, deniers=1)
    activate(s, {9: RED})
    s.apply("food")
    assert stopped(s) and s.deniers(RED) == 0 and s.cubes(RED) == (1, 0, 0, 0, 0)


# ---- construction: carpenters, the mason, the architect ----------------------------------------------------


def _cost_cubes(key: str) -> list[int]:
    _, cost, any_cubes, *_ = REFERENCE[key]
    have = list(cost)
    have[C] += any_cubes  # pay the "any cube" with cloth
    return have


@pytest.mark.parametrize("builder", ["n_carpenter", "f_carpenter"])
@pytest.mark.parametrize("key", WOOD_KEYS)
def test_carpenters_build_every_wood_tile_for_its_cost_and_pp(builder: str, key: str) -> None:
    # rules: Caylus, phase 5 a) (construction buildings): "cieśla pozwala graczom tylko na budowanie
    # drewnianych budynków"; pay the cost, put the tile on the first free lot with your house, gain its PP
    s = fresh(4, favours="simple")
    space = s._road.index(tile(builder))
    set_cubes(s, RED, *_cost_cubes(key))
    activate(s, {space: RED})
    assert f"build {key}" in labels(s)
    s.apply(f"build {key}")
    assert stopped(s)
    assert s.tile_at(9) == tile(key) and s.owner_at(9) == RED
    assert s.cubes(RED) == (0, 0, 0, 0, 0)
    assert s.prestige(RED) == REFERENCE[key][3]
    assert s.supply(tile(key)) == 0
    check(s)


@pytest.mark.parametrize("key", STONE_KEYS)
def test_mason_builds_every_stone_tile_for_its_cost_pp_and_favours(key: str) -> None:
    # rules: Caylus, phase 5 a): "murarz pozwala graczom tylko na budowanie kamiennych budynków"; the church
    # gives its builder 3 PP and a royal favour (phase 5 e); with the simplified favours a favour is 3 PP
    edition = 2 if key == "jeweller" else 1
    s = fresh(4, edition=edition, favours="simple")
    put_tile(s, 9, "mason", BLUE)
    set_cubes(s, RED, *_cost_cubes(key))
    activate(s, {9: RED})
    assert f"build {key}" in labels(s)
    s.apply(f"build {key}")
    assert stopped(s)
    assert s.tile_at(10) == tile(key) and s.owner_at(10) == RED
    assert s.cubes(RED) == (0, 0, 0, 0, 0)
    _, _, _, pp, favours, _ = REFERENCE[key]
    assert s.prestige(RED) == pp + 3 * favours
    assert s.supply(tile(key)) == (1 if key == "architect" else 0)
    check(s)


def test_jeweller_exists_only_in_the_second_edition() -> None:
    # rules: reference 4.4 and "Edition note": the Jeweller is in the 2nd edition only
    s = fresh(4, edition=1)
    put_tile(s, 9, "mason", BLUE)
    set_cubes(s, RED, stone=1, cloth=1)
    activate(s, {9: RED})
    assert "build jeweller" not in labels(s)
    assert "No Jeweller" in refused(s, build_action("jeweller"))


@pytest.mark.parametrize("key", PRESTIGE_KEYS)
def test_architect_builds_every_prestige_tile_on_a_residence(key: str) -> None:
    # rules: Caylus, phase 5 a): "architekt pozwala graczom tylko na budowanie prestiżowych budynków"; they
    # "muszą zostać wybudowane na miejscu budynku mieszkalnego, którego dany gracz jest właścicielem"; statue,
    # theater, college: 1 favour; monument: 2 favours (simplified favours: 3 PP each)
    s = fresh(4, favours="simple")
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 12, "residence", RED)
    set_cubes(s, RED, *_cost_cubes(key))
    activate(s, {9: RED})
    assert f"build {key}" in labels(s)
    s.apply(f"build {key}")
    assert stopped(s)  # one residence: no choice of where
    assert s.tile_at(12) == tile(key) and s.owner_at(12) == RED
    assert s.tile_at(10) is None  # not on a free lot
    assert s.cubes(RED) == (0, 0, 0, 0, 0)
    _, _, _, pp, favours, _ = REFERENCE[key]
    assert s.prestige(RED) == pp + 3 * favours
    assert s.supply(tile(key)) == 0
    check(s)


def test_builders_build_only_their_own_kind() -> None:
    # rules: Caylus, phase 5 a): carpenter -> wood, mason -> stone, architect -> prestige only
    rich = (9, 9, 9, 9, 9)
    for builder, kind in (("f_carpenter", Kind.WOOD), ("mason", Kind.STONE), ("architect", Kind.PRESTIGE)):
        s = fresh(4, edition=2)
        space = 8
        if builder != "f_carpenter":
            space = 9
            put_tile(s, 9, builder, BLUE)
        put_tile(s, 10, "residence", RED)
        set_cubes(s, RED, *rich)
        activate(s, {space: RED})
        offered = {TILES[A.BUILDABLE[a - A.BUILD]].kind for a in s.legal_action_ids() if a >= A.BUILD}
        assert offered == {kind}, builder
        n = sum(1 for a in s.legal_action_ids() if A.BUILD <= a < A.SPACE)
        assert n == len({t.key for t in TILES if t.kind is kind})


def test_only_tiles_left_in_the_supply_can_be_built() -> None:
    # rules: Caylus, phase 5 a): "Dany budynek można zbudować tylko jeżeli jego żeton jest wolny."
    s = fresh(4)
    put_tile(s, 9, "w_sawmill", BLUE)
    put_tile(s, 10, "mason", GREEN)
    put_tile(s, 11, "architect", GREEN)  # the first Architect
    set_cubes(s, RED, 9, 9, 9, 9, 9)
    set_cubes(s, BLUE, food=1, stone=1)
    activate(s, {8: RED, 10: BLUE})
    assert "build w_sawmill" not in labels(s) and "build mason" not in labels(s)
    assert "No Sawmill (wood) tile is left" in refused(s, build_action("w_sawmill"))
    s.apply("pass")
    assert "build architect" in labels(s)  # the second Architect
    s.apply("build architect")
    assert s.supply(tile("architect")) == 0
    assert stopped(s)


def test_new_buildings_go_on_the_lowest_empty_lot_skipping_the_gold_mine() -> None:
    # rules: Caylus, phase 5 a): "wykupiony budynek umieszcza się na pierwszym wolnym (niezabudowanym) polu
    # wzdłuż drogi"; the gold mine is printed on space 16 (reference section 2)
    s = fresh(4)
    for space, key in zip(range(9, 16), WOOD_KEYS[:7], strict=True):
        put_tile(s, space, key, GREEN)
    set_cubes(s, RED, food=1, stone=1)
    put_tile(s, 17, "park", BLUE)
    put_tile(s, 19, "bank", BLUE)
    mason = WOOD_KEYS.index("mason") + 9
    activate(s, {mason: RED})
    s.apply("build s_farm")
    assert s.tile_at(16) == tile("gold_mine") and s.owner_at(16) is None
    assert s.tile_at(18) == tile("s_farm") and s.owner_at(18) == RED
    assert (*range(9, 16), *range(17, 29)) == BUILD_LOTS


def test_nothing_is_built_when_every_lot_is_taken() -> None:
    # rules: Caylus, phase 5 a): a building needs a free lot on the road (19 lots: 9-15 and 17-28)
    s = fresh(4)
    put_tile(s, 9, "mason", BLUE)
    for space in BUILD_LOTS[1:]:
        put_tile(s, space, "residence", BLUE)
    set_cubes(s, RED, 9, 9, 9, 9, 9)
    activate(s, {8: RED, 9: RED})
    assert stopped(s)  # neither the carpenter nor the mason has a lot to build on
    assert s.cubes(RED) == (9, 9, 9, 9, 9)


def test_any_cube_of_a_wood_market_or_peddler_may_be_gold_and_is_chosen() -> None:
    # rules: Caylus, symbols: a white cube is "1 kostka dowolnego rodzaju (nawet złota)"; reference 4.3
    s = fresh(4)
    set_cubes(s, RED, wood=1, gold=1)
    activate(s, {8: RED})
    s.apply("build w_market")
    assert stopped(s) and s.cubes(RED) == (0, 0, 0, 0, 0)
    s = fresh(4)
    set_cubes(s, RED, food=1, wood=2, stone=1)
    activate(s, {8: RED})
    s.apply("build w_peddler")
    assert sorted(labels(s)) == ["food", "stone", "wood"]  # which cube pays "any"
    s.apply("stone")
    assert stopped(s) and s.cubes(RED) == (1, 1, 0, 0, 0)


def test_building_needs_the_whole_cost() -> None:
    # rules: Caylus, phase 5 a): "By wybudować budynek rzemieślniczy, gracz musi zapłacić jego koszt"
    s = fresh(4)
    set_cubes(s, RED, food=1, cloth=3)
    activate(s, {8: RED})
    assert stopped(s)  # no wood: nothing buildable, nothing to decide
    s = fresh(4)
    set_cubes(s, RED, food=1, wood=1)
    activate(s, {8: RED})
    assert "build lawyer" not in labels(s) and "build w_market" in labels(s)  # food pays the "any" cube
    assert "costs 1 wood + 1 cloth" in refused(s, build_action("lawyer"))


def test_building_is_optional() -> None:
    # rules: Caylus, phase 5: "Gracz nie musi korzystać z efektu budynku, chyba że jest to budynek
    # produkcyjny"
    s = fresh(4)
    set_cubes(s, RED, food=1, wood=1)
    activate(s, {8: RED})
    s.apply("pass")
    assert stopped(s) and s.cubes(RED) == (1, 1, 0, 0, 0) and s.tile_at(9) is None


def test_architect_needs_one_of_your_own_residences() -> None:
    # rules: Caylus, phase 5 a): a prestige building replaces a residence "którego dany gracz jest
    # właścicielem"
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", BLUE)  # not Red's
    set_cubes(s, RED, 9, 9, 9, 9, 9)
    activate(s, {9: RED})
    assert stopped(s)  # nothing to build on
    assert s.cubes(RED) == (9, 9, 9, 9, 9)


def test_architect_choice_of_residence() -> None:
    # rules: Caylus, phase 5 a): the player removes one of its residences and puts the prestige tile there
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", RED)
    put_tile(s, 13, "residence", RED)
    set_cubes(s, RED, food=3, gold=1)
    activate(s, {9: RED})
    s.apply("build granary")
    assert s._stack[-1][0] == D_RESIDENCE and sorted(labels(s)) == ["space 10", "space 13"]
    s.apply("space 13")
    assert s.tile_at(13) == tile("granary") and s.tile_at(10) == tile("residence")
    assert s.prestige(RED) == 10 and stopped(s)


def test_monument_gives_two_favours_on_different_rows() -> None:
    # rules: Caylus, phase 5 a): "pomnik: majster natychmiast otrzymuje 2 królewskie łaski"; royal favours:
    # "Jeżeli gracz uzyska kilka królewskich łask na raz (np. po wybudowaniu pomnika) to łaski te muszą zostać
    # wydane w różnych wierszach."
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", RED)
    set_cubes(s, RED, stone=4, gold=2, deniers=0)
    activate(s, {9: RED})
    s.apply("build monument")
    assert s.prestige(RED) == 14
    assert s._stack[-1] == (D_ROW, RED)
    s.apply("row deniers")
    assert s.deniers(RED) == 3
    assert labels(s) == ["row prestige", "row resources", "row buildings"]
    assert "different row" in refused(s, A.ROW + 1)
    s.apply("row prestige")
    assert s.prestige(RED) == 15 and stopped(s)


@pytest.mark.parametrize("key", ["statue", "theater", "college"])
def test_statue_theater_college_give_one_favour(key: str) -> None:
    # rules: Caylus, phase 5 a): "statua, teatr, uniwersytet: majster natychmiast otrzymuje 1 królewską łaskę"
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", RED)
    set_cubes(s, RED, *_cost_cubes(key))
    activate(s, {9: RED})
    s.apply(f"build {key}")
    s.apply("row prestige")
    assert stopped(s) and s.prestige(RED) == REFERENCE[key][3] + 1


def test_church_gives_one_favour_when_built() -> None:
    # rules: Caylus, phase 5 e): "Gracz, który wybuduje ten budynek otrzymuje 3 punkty prestiżu oraz królewską
    # łaskę"
    s = fresh(4)
    put_tile(s, 9, "mason", BLUE)
    set_cubes(s, RED, stone=1, cloth=1)
    activate(s, {9: RED})
    s.apply("build church")
    assert s.prestige(RED) == 3 and s._stack[-1] == (D_ROW, RED)
    s.apply("row prestige")
    assert stopped(s) and s.prestige(RED) == 4


@pytest.mark.parametrize("key", ["granary", "weaver", "library", "hotel", "cathedral"])
def test_other_prestige_buildings_give_no_favour(key: str) -> None:
    # rules: Caylus, phase 5 a): only the statue, theater, university and monument give favours
    s = fresh(4)
    put_tile(s, 9, "architect", BLUE)
    put_tile(s, 10, "residence", RED)
    set_cubes(s, RED, *_cost_cubes(key))
    activate(s, {9: RED})
    s.apply(f"build {key}")
    assert stopped(s) and s.prestige(RED) == REFERENCE[key][3]


# ---- income tiles -----------------------------------------------------------------------------------------


def test_residence_library_and_hotel_income() -> None:
    # rules: Caylus, phase 1: 2 deniers, + 1 per residence, + 1 for the Library, + 2 for the Hotel; a
    # residence replaced by a prestige building no longer pays (phase 5 b)
    s = fresh(4)
    put_tile(s, 9, "residence", RED)
    put_tile(s, 10, "residence", RED)
    put_tile(s, 11, "library", RED)
    put_tile(s, 12, "hotel", GREEN)
    put_tile(s, 13, "statue", GREEN)
    put_tile(s, 14, "residence", BLUE)
    for seat in range(4):
        s._deniers[seat] = 0
    run_phases(s, 1, 1)
    assert stopped(s)
    assert [s.deniers(p) for p in range(4)] == [2 + 1, 2 + 1 + 1 + 1, 2 + 2, 2]


def test_no_worker_on_residences_or_prestige_buildings() -> None:
    # rules: Caylus, phase 2: "Umieszczenie robotnika w budynku prestiżowym (niebieskim), mieszkalnym
    # (zielonym) lub na niezabudowanym polu jest niedozwolone."
    s = fresh(4)
    put_tile(s, 9, "residence", RED)
    put_tile(s, 10, "statue", RED)
    run_phases(s, 2)
    for space in (9, 10, 11):
        assert f"road {space}" not in labels(s)
        assert "cannot place a worker" in refused(s, A.place_road(space))


# ---- gold, prestige trades -------------------------------------------------------------------------------


def _trade(key: str, deniers: int, have: Cubes, edition: int = 1) -> CaylusState:
    s = fresh(4, edition=edition)
    put_tile(s, 9, key, BLUE)
    set_cubes(s, RED, *have, deniers=deniers)
    activate(s, {9: RED})
    return s


def test_bank_two_deniers_for_one_gold_or_five_for_two() -> None:
    # rules: Caylus, phase 5 g) (bank): "Gracz może zapłacić 2 denary i otrzymać 1 kostkę albo zapłacić 5
    # denarów i otrzymać 2 kostki."
    s = _trade("bank", 5, cubes())
    assert labels(s) == ["pass", "smaller trade", "larger trade"]
    s.apply("larger trade")
    assert stopped(s) and s.deniers(RED) == 0 and s.cubes(RED) == cubes(gold=2)
    s = _trade("bank", 4, cubes())
    assert labels(s) == ["pass", "smaller trade"]
    s.apply("smaller trade")
    assert stopped(s) and s.deniers(RED) == 2 and s.cubes(RED) == cubes(gold=1)
    s = _trade("bank", 1, cubes())
    assert stopped(s) and s.deniers(RED) == 1


def test_alchemist_two_cubes_for_one_gold_or_four_for_two() -> None:
    # rules: Caylus, phase 5 h) (alchemist): "Gracz może dać alchemikowi 2 kostki (dowolne) i otrzymać 1
    # kostkę złota albo dać 4 kostki zasobów (dowolne) i otrzymać 2 kostki złota."
    s = _trade("alchemist", 0, cubes(food=1, wood=1, stone=1, cloth=1))
    assert labels(s) == ["pass", "smaller trade", "larger trade"]
    s.apply("larger trade")
    for _ in range(3):
        s.apply(labels(s)[0])  # pay the cubes one by one (the last is automatic)
    assert stopped(s) and s.cubes(RED) == cubes(gold=2)
    s = _trade("alchemist", 0, cubes(food=2, cloth=1))
    assert labels(s) == ["pass", "smaller trade"]
    s.apply("smaller trade")
    s.apply("cloth")  # then one of the two food (the only kind left: no choice)
    assert stopped(s) and s.cubes(RED) == cubes(food=1, gold=1)
    s = _trade("alchemist", 0, cubes(stone=1))
    assert stopped(s) and s.cubes(RED) == cubes(stone=1)


def test_church_two_deniers_for_three_pp_or_four_for_five() -> None:
    # rules: Caylus, phase 5 e) (church). The Polish text says 2 deniers -> 4 PP; the English rules, the
    # Romanian rules and the tile say 3 PP (reference section 10, conflict 1): 2 -> 3 PP, 4 -> 5 PP
    s = _trade("church", 4, cubes())
    s.apply("larger trade")
    assert stopped(s) and s.deniers(RED) == 0 and s.prestige(RED) == 5
    s = _trade("church", 3, cubes())
    assert labels(s) == ["pass", "smaller trade"]
    s.apply("smaller trade")
    assert stopped(s) and s.deniers(RED) == 1 and s.prestige(RED) == 3


def test_tailor_two_cloth_for_four_pp_or_three_for_six() -> None:
    # rules: Caylus, phase 5 f) (tailor): "Gracz może dać 2 kostki i otrzymać 4 punkty prestiżu albo dać 3
    # kostki i otrzymać 6 punktów."
    s = _trade("tailor", 0, cubes(cloth=3))
    s.apply("larger trade")
    assert stopped(s) and s.cubes(RED) == cubes() and s.prestige(RED) == 6
    s = _trade("tailor", 0, cubes(cloth=2, food=5))
    assert labels(s) == ["pass", "smaller trade"]
    s.apply("smaller trade")
    assert stopped(s) and s.cubes(RED) == cubes(food=5) and s.prestige(RED) == 4
    s = _trade("tailor", 0, cubes(cloth=1))
    assert stopped(s) and s.prestige(RED) == 0


def test_jeweller_one_gold_for_five_pp_or_two_for_nine() -> None:
    # rules: reference 4.4 (2nd edition Jeweller): pay 1 gold -> 5 PP, or 2 gold -> 9 PP
    s = _trade("jeweller", 0, cubes(gold=2), edition=2)
    s.apply("larger trade")
    assert stopped(s) and s.cubes(RED) == cubes() and s.prestige(RED) == 9
    s = _trade("jeweller", 0, cubes(gold=1), edition=2)
    assert labels(s) == ["pass", "smaller trade"]
    s.apply("smaller trade")
    assert stopped(s) and s.prestige(RED) == 5


@pytest.mark.parametrize("key", ["bank", "alchemist", "church", "tailor"])
def test_trades_are_optional(key: str) -> None:
    # rules: Caylus, phase 5: only production is mandatory
    s = _trade(key, 9, cubes(3, 3, 3, 3, 3))
    s.apply("pass")
    assert stopped(s) and s.deniers(RED) == 9 and s.cubes(RED) == cubes(3, 3, 3, 3, 3)
    assert s.prestige(RED) == 0


# ---- the lawyer --------------------------------------------------------------------------------------------


def _lawyer(owner: int = GREEN, worker: int = GREEN, deniers: int = 5, cloth: int = 1) -> CaylusState:
    s = fresh(4)
    put_tile(s, 9, "lawyer", owner)
    set_cubes(s, worker, cloth=cloth, deniers=deniers)
    return s


def test_lawyer_turns_a_neutral_tile_into_a_residence_and_the_tile_leaves_the_game() -> None:
    # rules: Caylus, phase 5 b) (lawyer): pay 1 cloth + 1 denier, replace a neutral building by a residence,
    # put your house on it, gain 2 PP; "Budynki neutralne zostają odrzucone na stałe"
    s = _lawyer(owner=BLUE, worker=GREEN)
    farm = s._road.index(tile("n_farm"))
    activate(s, {9: GREEN})
    s.apply(f"space {farm}")
    assert stopped(s)
    assert s.tile_at(farm) == tile("residence") and s.owner_at(farm) == GREEN
    assert s.prestige(GREEN) == 2 and s.deniers(GREEN) == 4 and s.cubes(GREEN) == cubes()
    assert tile("n_farm") not in s._road and s.supply(tile("n_farm")) == 0
    check(s)


def test_lawyer_turns_your_own_craft_building_into_a_residence_and_the_tile_goes_back() -> None:
    # rules: Caylus, phase 5 b): "jednego budynku rzemieślniczego będącego w ich posiadaniu"; "Kiedy budynek
    # zostanie przetransformowany, jego żeton zostaje odłożony obok planszy, a więc budynek może zostać
    # odbudowany."
    for key, space in (("w_sawmill", 10), ("park", 11)):
        s = _lawyer()
        put_tile(s, 10, "w_sawmill", GREEN)
        put_tile(s, 11, "park", GREEN)
        assert s.supply(tile(key)) == 0
        activate(s, {9: GREEN})
        s.apply(f"space {space}")
        assert stopped(s)
        assert s.tile_at(space) == tile("residence") and s.owner_at(space) == GREEN
        assert s.supply(tile(key)) == 1
        assert s.prestige(GREEN) == 2


def test_lawyer_targets_exclude_prestige_fixed_residence_others_and_itself() -> None:
    # rules: Caylus, phase 5 b): "Prawnik nie może przetransformować budynku prestiżowego, stałego lub
    # mieszkaniowego. Co więcej, prawnik nie może przetransformować sam siebie."; only the player's own craft
    # buildings and the neutral ones
    s = _lawyer()
    put_tile(s, 10, "residence", GREEN)
    put_tile(s, 11, "statue", GREEN)
    put_tile(s, 12, "w_quarry", BLUE)  # another player's
    put_tile(s, 13, "mason", GREEN)  # own: allowed
    put_tile(s, 14, "bank", GREEN)  # own stone: allowed
    activate(s, {9: GREEN})
    targets = sorted(a - A.SPACE + 1 for a in s.legal_action_ids() if A.SPACE <= a < A.BATCH)
    assert targets == [1, 2, 3, 4, 5, 6, 13, 14]
    for space in (7, 8, 9, 10, 11, 12, 16):
        refused(s, A.target_space(space))


def test_the_lawyer_of_another_player_costs_the_same_and_the_residence_is_yours() -> None:
    # rules: Caylus, phase 5 b): the player using the lawyer pays and owns the residence
    s = _lawyer(owner=BLUE, worker=RED)
    put_tile(s, 10, "w_farm_food", RED)
    activate(s, {9: RED})
    s.apply("space 10")
    assert s.owner_at(10) == RED and s.prestige(RED) == 2 and s.prestige(BLUE) == 0
    assert s.deniers(RED) == 4


def test_lawyer_needs_one_cloth_and_one_denier() -> None:
    # rules: Caylus, phase 5 b): "By dokonać transformacji gracz musi oddać do banku 1 kostkę materiału
    # i 1 denara."
    for deniers, cloth in ((0, 1), (5, 0)):
        s = _lawyer(deniers=deniers, cloth=cloth)
        activate(s, {9: GREEN})
        assert stopped(s)  # nothing affordable: no decision
        assert s.deniers(GREEN) == deniers and s.cubes(GREEN)[C] == cloth


def test_lawyer_is_optional() -> None:
    # rules: Caylus, phase 5: only production is mandatory
    s = _lawyer()
    activate(s, {9: GREEN})
    s.apply("pass")
    assert stopped(s) and s.deniers(GREEN) == 5 and s.prestige(GREEN) == 0


def test_lawyer_on_an_occupied_building_pays_now_and_transforms_after_its_activation() -> None:
    # rules: Caylus, phase 5 b): "Jeżeli na polu, które ma zostać przetransformowane znajduje się robotnik, to
    # gracz płaci koszt transformacji natychmiast, ale akcja prawnika zostaje przesunięta do momentu aktywacji
    # budynku."
    s = _lawyer()
    put_tile(s, 10, "w_sawmill", GREEN)
    set_cubes(s, BLUE)
    activate(s, {9: GREEN, 10: BLUE})
    s.apply("space 10")
    assert s.deniers(GREEN) == 4 and s.cubes(GREEN)[C] == 0  # paid at once
    assert stopped(s)
    assert s.cubes(BLUE) == cubes(wood=2)  # the sawmill worked first
    assert s.tile_at(10) == tile("residence") and s.owner_at(10) == GREEN
    assert s.prestige(GREEN) == 2 and s.pending_transforms == {}
    assert s.supply(tile("w_sawmill")) == 1
    check(s)


def test_delayed_transform_is_pending_until_the_worker_leaves() -> None:
    # rules: Caylus, phase 5 b): the transform waits for the building's activation
    s = _lawyer()
    put_tile(s, 10, "w_farm_food", GREEN)
    set_cubes(s, BLUE)
    activate(s, {9: GREEN, 10: BLUE})
    s.apply("space 10")
    assert s.pending_transforms == {10: GREEN}
    assert s.tile_at(10) == tile("w_farm_food")
    assert s.current_player == BLUE  # the farm still works for Blue
    s.apply("cloth")
    assert stopped(s) and s.cubes(BLUE) == cubes(cloth=1)
    assert s.tile_at(10) == tile("residence") and s.pending_transforms == {}


def test_delayed_transform_also_happens_when_the_worker_is_beyond_the_provost() -> None:
    # rules: Caylus, phase 5 b) with phase 5 ("Budynki poza polem, na którym stoi burmistrz, nie zostają
    # aktywowane"): the worker beyond the provost goes home with no effect; the paid transform still happens
    s = _lawyer()
    put_tile(s, 10, "w_quarry", GREEN)
    set_cubes(s, BLUE)
    activate(s, {9: GREEN, 10: BLUE}, provost=9)
    s.apply("space 10")
    assert stopped(s)
    assert s.cubes(BLUE) == cubes()  # not activated
    assert s.tile_at(10) == tile("residence") and s.owner_at(10) == GREEN
    assert s.workers_at_home(BLUE) == 6 and s.pending_transforms == {}


def test_lawyer_placement_pp_and_income_for_the_residence_owner() -> None:
    # rules: Caylus, phase 5 b): "Od tego momentu, podczas fazy 1, budynek taki będzie dawał swojemu
    # właścicielowi dodatkowy denar dochodu."
    s = _lawyer()
    activate(s, {9: GREEN})
    s.apply("space 1")
    s._deniers[GREEN] = 0
    run_phases(s, 1, 1)
    assert s.deniers(GREEN) == 3


def test_worker_on_a_neutral_tile_is_not_paid_by_anybody() -> None:
    # rules: Caylus, phase 2 b): neutral and fixed buildings have no owner, so nobody gains PP
    s = fresh(4)
    s.apply("road 1")
    assert s.scores() == [0, 0, 0, 0]


def test_worker_counts_stay_consistent_after_building_on_an_occupied_space() -> None:
    # rules: Caylus, phase 5: after a building has worked its worker goes back to its owner
    s = fresh(4)
    put_tile(s, 9, "mason", BLUE)
    put_worker(s, GREEN, 8)
    set_cubes(s, GREEN, food=2, wood=1, stone=1)
    activate(s, {9: RED})
    s.apply("pass")  # Green at the fixed carpenter
    assert s.workers_at_home(GREEN) == 6 and s.workers_at_home(RED) == 6
    check(s)
