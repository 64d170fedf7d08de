"""Every Caylus (2005) building tile and board constant, as frozen tables (from the rulebook
and component lists compiled from public sources; conflicts in docs/rules-notes.md).

Cube order everywhere: food, wood, stone, cloth, gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from masterbuilder.core.i18n import N_, Text

_ = Text("caylus")
_n = _.plural


class Cube(IntEnum):
    FOOD = 0
    WOOD = 1
    STONE = 2
    CLOTH = 3
    GOLD = 4


# i18n: the five kinds of cubes (resources), as nouns: a heading, or 'Take 1 {cube}'
CUBE_NAMES: Final = (N_("food"), N_("wood"), N_("stone"), N_("cloth"), N_("gold"))
CUBE_LETTERS: Final = "FWSCG"
Cubes = tuple[int, int, int, int, int]
NO_CUBES: Final[Cubes] = (0, 0, 0, 0, 0)


def cubes(food: int = 0, wood: int = 0, stone: int = 0, cloth: int = 0, gold: int = 0) -> Cubes:
    return (food, wood, stone, cloth, gold)


def cube_count(cube: int, n: int) -> str:
    """'1 food', '2 stone', in the current language."""
    if cube == Cube.FOOD:
        return _n("{n} food", "{n} food", n)
    if cube == Cube.WOOD:
        return _n("{n} wood", "{n} wood", n)
    if cube == Cube.STONE:
        return _n("{n} stone", "{n} stone", n)
    if cube == Cube.CLOTH:
        return _n("{n} cloth", "{n} cloth", n)
    return _n("{n} gold", "{n} gold", n)


def cubes_text(c: Cubes, any_cubes: int = 0) -> str:
    """'2 stone + 1 gold', '1 wood + 1 any', 'nothing', in the current language."""
    parts = [cube_count(i, n) for i, n in enumerate(c) if n]
    if any_cubes:
        # i18n: a building's cost: this many cubes of any kind ('1 wood + 1 any')
        parts.append(_n("{n} any", "{n} any", any_cubes))
    # i18n: a cost or a gain of no cubes at all
    return " + ".join(parts) or _("nothing")


def main_cube(bundle: Cubes) -> int:
    """The cube that names a production option (2 food -> food; 2 stone + 1 cloth -> stone)."""
    return max(range(5), key=lambda i: (bundle[i], -i))


class Kind(StrEnum):
    NEUTRAL = "neutral"
    FIXED = "fixed"
    WOOD = "wood"
    STONE = "stone"
    RESIDENCE = "residence"
    PRESTIGE = "prestige"


class Effect(StrEnum):
    """What a worker on the tile does in phase 5 (or nothing, for tiles that take no worker)."""

    PRODUCE = "produce"  # take one of `produces` (mandatory)
    MARKET = "market"  # sell exactly 1 cube for `price` deniers
    PEDDLER = "peddler"  # buy up to `max_buy` non-gold cubes at `price` each... see Tile.buy_prices
    CARPENTER = "carpenter"  # build a wood tile
    MASON = "mason"  # build a stone tile
    ARCHITECT = "architect"  # build a prestige tile on one of your residences
    LAWYER = "lawyer"  # turn a neutral tile or one of your craft tiles into a residence
    BANK = "bank"  # 2 deniers -> 1 gold, or 5 deniers -> 2 gold
    ALCHEMIST = "alchemist"  # 2 cubes -> 1 gold, or 4 cubes -> 2 gold
    CHURCH = "church"  # 2 deniers -> 3 PP, or 4 deniers -> 5 PP
    TAILOR = "tailor"  # 2 cloth -> 4 PP, or 3 cloth -> 6 PP
    JEWELLER = "jeweller"  # 1 gold -> 5 PP, or 2 gold -> 9 PP
    NONE = "none"  # residences and prestige buildings take no worker


@dataclass(frozen=True)
class Tile:
    id: int
    key: str
    name: str
    kind: Kind
    effect: Effect
    cost: Cubes = NO_CUBES  # cubes to build it
    cost_any: int = 0  # plus this many cubes of any kind (gold included)
    pp: int = 0  # prestige on building it
    favours: int = 0  # royal favours on building it
    income: int = 0  # deniers in phase 1 (residence 1, library 1, hotel 2)
    produces: tuple[Cubes, ...] = ()  # PRODUCE: the options, one of which is taken
    owner_bonus: tuple[Cube, ...] = ()  # stone production: the owner's choice when another player uses it
    price: int = 0  # MARKET: deniers for the cube sold
    buy_prices: tuple[int, ...] = ()  # PEDDLER: total price of buying 1, 2... cubes
    copies: int = 1

    @property
    def takes_worker(self) -> bool:
        return self.effect is not Effect.NONE

    @property
    def buildable(self) -> bool:
        return self.kind in (Kind.WOOD, Kind.STONE, Kind.PRESTIGE)


_F, _W, _S, _C, _G = Cube.FOOD, Cube.WOOD, Cube.STONE, Cube.CLOTH, Cube.GOLD

# i18n: the names of the building tiles (a parenthesis tells two tiles of one name apart)
# (key, name, kind, effect, keyword fields). Reference sections 4.1–4.7, in that order.
_TABLE: tuple[tuple[str, str, Kind, Effect, dict[str, object]], ...] = (
    # 4.1 neutral tiles, shuffled onto road spaces 1-6
    ("n_farm", N_("Farm"), Kind.NEUTRAL, Effect.PRODUCE, {"produces": (cubes(food=1), cubes(cloth=1))}),
    ("n_forest", N_("Forest"), Kind.NEUTRAL, Effect.PRODUCE, {"produces": (cubes(food=1), cubes(wood=1))}),
    ("n_sawmill", N_("Sawmill"), Kind.NEUTRAL, Effect.PRODUCE, {"produces": (cubes(wood=1),)}),
    ("n_quarry", N_("Quarry"), Kind.NEUTRAL, Effect.PRODUCE, {"produces": (cubes(stone=1),)}),
    ("n_market", N_("Marketplace"), Kind.NEUTRAL, Effect.MARKET, {"price": 4}),
    ("n_carpenter", N_("Carpenter"), Kind.NEUTRAL, Effect.CARPENTER, {}),
    # 4.2 fixed buildings printed on the board (spaces 7, 8, 16)
    ("f_peddler", N_("Peddler (fixed)"), Kind.FIXED, Effect.PEDDLER, {"buy_prices": (2,)}),
    ("f_carpenter", N_("Carpenter (fixed)"), Kind.FIXED, Effect.CARPENTER, {}),
    ("gold_mine", N_("Gold Mine"), Kind.FIXED, Effect.PRODUCE, {"produces": (cubes(gold=1),)}),
    # 4.3 wood buildings (built by a carpenter)
    ("w_farm_food", N_("Farm (wood, food)"), Kind.WOOD, Effect.PRODUCE,
     {"cost": cubes(food=1, wood=1), "pp": 2, "produces": (cubes(food=2), cubes(cloth=1))}),
    ("w_farm_cloth", N_("Farm (wood, cloth)"), Kind.WOOD, Effect.PRODUCE,
     {"cost": cubes(food=1, wood=1), "pp": 2, "produces": (cubes(cloth=2), cubes(food=1))}),
    ("w_quarry", N_("Quarry (wood)"), Kind.WOOD, Effect.PRODUCE,
     {"cost": cubes(food=1, wood=1), "pp": 2, "produces": (cubes(stone=2),)}),
    ("w_sawmill", N_("Sawmill (wood)"), Kind.WOOD, Effect.PRODUCE,
     {"cost": cubes(food=1, wood=1), "pp": 2, "produces": (cubes(wood=2),)}),
    ("w_market", N_("Marketplace (wood)"), Kind.WOOD, Effect.MARKET,
     {"cost": cubes(wood=1), "cost_any": 1, "pp": 4, "price": 6}),
    ("w_peddler", N_("Peddler (wood)"), Kind.WOOD, Effect.PEDDLER,
     {"cost": cubes(wood=1), "cost_any": 1, "pp": 4, "buy_prices": (1, 2)}),
    ("mason", N_("Mason"), Kind.WOOD, Effect.MASON, {"cost": cubes(food=1, wood=1), "pp": 4}),
    ("lawyer", N_("Lawyer"), Kind.WOOD, Effect.LAWYER, {"cost": cubes(wood=1, cloth=1), "pp": 4}),
    # 4.4 stone buildings (built by a mason)
    ("s_farm", N_("Farm (stone)"), Kind.STONE, Effect.PRODUCE,
     {"cost": cubes(food=1, stone=1), "pp": 3, "produces": (cubes(food=2, cloth=1),), "owner_bonus": (_F, _C)}),
    ("park", N_("Park"), Kind.STONE, Effect.PRODUCE,
     {"cost": cubes(food=1, stone=1), "pp": 3, "produces": (cubes(food=1, wood=2),), "owner_bonus": (_W, _F)}),
    ("workshop", N_("Workshop"), Kind.STONE, Effect.PRODUCE,
     {"cost": cubes(food=1, stone=1), "pp": 3, "produces": (cubes(stone=2, cloth=1),), "owner_bonus": (_S, _C)}),
    ("bank", N_("Bank"), Kind.STONE, Effect.BANK, {"cost": cubes(wood=1, stone=1), "pp": 6}),
    ("alchemist", N_("Alchemist"), Kind.STONE, Effect.ALCHEMIST, {"cost": cubes(food=1, stone=1), "pp": 6}),
    ("tailor", N_("Tailor"), Kind.STONE, Effect.TAILOR, {"cost": cubes(wood=1, stone=1), "pp": 6}),
    ("church", N_("Church"), Kind.STONE, Effect.CHURCH, {"cost": cubes(stone=1, cloth=1), "pp": 3, "favours": 1}),
    ("architect", N_("Architect"), Kind.STONE, Effect.ARCHITECT,
     {"cost": cubes(food=1, stone=1), "pp": 6, "copies": 2}),
    ("jeweller", N_("Jeweller"), Kind.STONE, Effect.JEWELLER, {"cost": cubes(stone=1, cloth=1), "pp": 6}),
    # 4.6 residence (made by a lawyer)
    ("residence", N_("Residence"), Kind.RESIDENCE, Effect.NONE, {"pp": 2, "income": 1}),
    # 4.7 prestige buildings (built by an architect on one of your residences)
    ("statue", N_("Statue"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(stone=2, gold=1), "pp": 7, "favours": 1}),
    ("theater", N_("Theater"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(wood=3, gold=2), "pp": 14, "favours": 1}),
    ("college", N_("College"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(stone=3, gold=2), "pp": 14, "favours": 1}),
    ("monument", N_("Monument"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(stone=4, gold=2), "pp": 14, "favours": 2}),
    ("granary", N_("Granary"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(food=3, gold=1), "pp": 10}),
    ("weaver", N_("Weaver"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(cloth=3, gold=1), "pp": 12}),
    ("library", N_("Library"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(wood=3, gold=1), "pp": 10, "income": 1}),
    ("hotel", N_("Hotel"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(stone=3, gold=2), "pp": 16, "income": 2}),
    ("cathedral", N_("Cathedral"), Kind.PRESTIGE, Effect.NONE, {"cost": cubes(stone=5, gold=3), "pp": 25}),
)  # fmt: skip

TILES: Final[tuple[Tile, ...]] = tuple(
    Tile(i, key, name, kind, effect, **fields)  # type: ignore[arg-type]
    for i, (key, name, kind, effect, fields) in enumerate(_TABLE)
)
BY_KEY: Final[dict[str, Tile]] = {t.key: t for t in TILES}
NEUTRAL_TILES: Final[tuple[int, ...]] = tuple(t.id for t in TILES if t.kind is Kind.NEUTRAL)
RESIDENCE: Final = BY_KEY["residence"].id
JEWELLER: Final = BY_KEY["jeweller"].id
ARCHITECT: Final = BY_KEY["architect"].id

# ---- the board ------------------------------------------------------------------------------------
ROAD_LENGTH: Final = 28
NEUTRAL_SPACES: Final = range(1, 7)
FIXED_SPACES: Final = {7: BY_KEY["f_peddler"].id, 8: BY_KEY["f_carpenter"].id, 16: BY_KEY["gold_mine"].id}
START_SPACE: Final = 6  # bailiff and provost
BUILD_LOTS: Final[tuple[int, ...]] = tuple(s for s in range(9, ROAD_LENGTH + 1) if s != 16)  # 19 lots


class Special(IntEnum):
    """The six special buildings before the bridge, in their phase-3 order."""

    GATE = 0
    TRADING_POST = 1
    GUILD = 2
    JOUST = 3
    STABLES = 4
    INN = 5


# i18n: the six special buildings before the bridge
SPECIAL_NAMES: Final = (
    N_("Gate"),
    N_("Trading post"),
    N_("Merchants' guild"),
    N_("Joust field"),
    N_("Stables"),
    N_("Inn"),
)


class Section(IntEnum):
    DUNGEON = 0
    WALLS = 1
    TOWERS = 2


# i18n: the three sections of the castle
SECTION_NAMES: Final = (N_("Dungeon"), N_("Walls"), N_("Towers"))
SECTION_SIZE: Final = (6, 10, 14)
SECTION_PP: Final = (5, 4, 3)  # per batch
SECTION_MARK: Final = (12, 18, 24)  # the bailiff reaching or passing it triggers the scoring
SECTION_PENALTY: Final = (2, 3, 4)  # PP lost with no house in the section
# favours by houses in the section: index = min(houses, 6)
SECTION_FAVOURS: Final = ((0, 0, 1, 1, 1, 1, 1), (0, 0, 1, 2, 2, 3, 3), (0, 0, 1, 1, 2, 2, 3))
CASTLE_PENALTY: Final = 2  # PP lost by a castle worker who gives no batch

STARTING_DENIERS: Final = (5, 6, 6, 7, 7)  # by turn-order position (2 players: 5 each)
STARTING_CUBES: Final[Cubes] = cubes(food=2, wood=1)
WORKERS_PER_PLAYER: Final = 6


# ---- royal favours (reference 6.1) ----------------------------------------------------------------
class FavourRow(IntEnum):
    PRESTIGE = 0
    DENIERS = 1
    RESOURCES = 2
    BUILDING = 3


# i18n: the four rows of the royal favour table ('the {row} row')
FAVOUR_ROW_NAMES: Final = (N_("prestige"), N_("deniers"), N_("resources"), N_("buildings"))
FAVOUR_PP: Final = (1, 2, 3, 4, 5)
FAVOUR_DENIERS: Final = (3, 4, 5, 6, 7)
# columns (1-based) open: 2 at the start, 4 after the dungeon scoring, 5 after the walls scoring
FAVOUR_COLUMNS_OPEN: Final = (2, 4, 5, 5)  # index: number of sections scored
