"""Every Caylus 1303 tile, character and board constant, as frozen tables.

Sources: the German rulebook of Caylus 1303, the Polish one, and component lists compiled from public
sources for the values printed only as icons. A value that rests on a single
source is marked ``# 1 src`` here and listed in docs/rules-notes.md (D-notes), so a correction is a one-line
change in this file.

Resource order everywhere: food, wood, stone, cloth, gold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

from masterbuilder.core.i18n import N_, Text

_ = Text("caylus1303")
_n = _.plural


class Res(IntEnum):
    FOOD = 0
    WOOD = 1
    STONE = 2
    CLOTH = 3
    GOLD = 4


# i18n: resource names (a noun: the food, wood, stone, cloth and gold cubes)
RES_NAMES: Final = (N_("food"), N_("wood"), N_("stone"), N_("cloth"), N_("gold"))
"""The resources' English names (action labels use them): :func:`res_name` is the translated name."""
Res5 = tuple[int, int, int, int, int]
NOTHING: Final[Res5] = (0, 0, 0, 0, 0)
# "Any resource" in a cost or a payment: food, wood, stone or cloth, never gold (DE "Zimmermann"; PL).
ANY_RES: Final = (Res.FOOD, Res.WOOD, Res.STONE, Res.CLOTH)


def res(food: int = 0, wood: int = 0, stone: int = 0, cloth: int = 0, gold: int = 0) -> Res5:
    return (food, wood, stone, cloth, gold)


def res_name(resource: int) -> str:
    """A resource's name in the current language ('wood')."""
    return _(RES_NAMES[resource])


def amount(resource: int, n: int) -> str:
    """``n`` cubes of ``resource`` in the current language ('2 wood')."""
    if resource == Res.FOOD:
        return _n("{n} food", "{n} food", n)
    if resource == Res.WOOD:
        return _n("{n} wood", "{n} wood", n)
    if resource == Res.STONE:
        return _n("{n} stone", "{n} stone", n)
    if resource == Res.CLOTH:
        return _n("{n} cloth", "{n} cloth", n)
    return _n("{n} gold", "{n} gold", n)


def res_text(r: Res5, any_res: int = 0) -> str:
    parts = [amount(i, n) for i, n in enumerate(r) if n]
    if any_res:
        # i18n: part of a cost: n resources of the payer's choice (food, wood, stone or cloth)
        parts.append(_n("{n} any", "{n} any", any_res))
    # i18n: a cost or a gain of no resources at all
    return " + ".join(parts) or _("nothing")


class Family(StrEnum):
    PRINTED = "printed"  # Fair, Notary, Carpenter, Toll, Guilds Bridge: printed on the board
    START = "start"  # yellow banner; residence on the back
    WOOD = "wood"  # built by a carpenter
    STONE = "stone"  # built by a stonemason
    MONUMENT = "monument"  # replaces a residence in administration


class Effect(StrEnum):
    """What a worker on the tile does when the tile is activated (or a favour uses it)."""

    GAIN = "gain"  # take `gain` resources, `workers` workers and `pp` PP (automatic)
    FAIR = "fair"  # pay 1 wood -> a favour
    NOTARY = "notary"  # pay 1 cloth -> a house on an unclaimed start building
    CARPENTER = "carpenter"  # build a wood building
    STONEMASON = "stonemason"  # build a stone building (setup side: without its stone)
    TOLL = "toll"  # move the provost 0..2 steps either way
    BRIDGE = "bridge"  # takes no worker: the passers move the provost
    SELL_WORKER = "sell_worker"  # return 1 more worker to the camp -> 1 resource of your choice
    CHOOSE = "choose"  # take 1 resource of your choice (food, wood, stone, cloth)
    FAVOUR = "favour"  # a favour
    TRADE = "trade"  # one or two offers, see Trade
    NONE = "none"  # residences and monuments take no worker


class Pay(StrEnum):
    RES = "res"  # a named resource
    ANY = "any"  # food, wood, stone or cloth, the payer's choice per unit
    WORKERS = "workers"  # workers from the supply back to the camp


class Get(StrEnum):
    PP = "pp"
    GOLD = "gold"
    WORKERS = "workers"  # from the camp


@dataclass(frozen=True)
class Offer:
    pay: Pay
    amount: int
    get: Get
    gets: int
    resource: int = -1  # for Pay.RES


@dataclass(frozen=True)
class Side:
    """One side of a tile: what a worker on it does."""

    effect: Effect
    gain: Res5 = NOTHING
    workers: int = 0
    pp: int = 0
    offers: tuple[Offer, ...] = ()  # Effect.TRADE: the smaller offer first

    @property
    def text(self) -> str:
        e = self.effect
        if e is Effect.GAIN:
            parts = [res_text(self.gain)] if any(self.gain) else []
            if self.workers:
                parts.append(_n("{n} worker", "{n} workers", self.workers))
            if self.pp:
                parts.append(_n("{n} PP", "{n} PP", self.pp))
            # i18n: what a worker on a building does; {gains} is e.g. '1 food + 1 PP'
            return _("take {gains}", gains=" + ".join(parts))
        if e is Effect.TRADE:
            if len(self.offers) == 2:
                # i18n: a building's two offers, e.g. 'pay 1 cloth for 4 PP or pay 2 cloth for 6 PP'
                return _(
                    "{first} or {second}", first=offer_text(self.offers[0]), second=offer_text(self.offers[1])
                )
            return offer_text(self.offers[0])
        return _(EFFECT_TEXT[e])


def offer_parts(o: Offer) -> tuple[str, str]:
    """What an offer takes and what it gives, as two noun phrases ('1 cloth', '4 PP')."""
    if o.pay is Pay.RES:
        paid = amount(o.resource, o.amount)
    elif o.pay is Pay.ANY:
        paid = _n("{n} of food/wood/stone/cloth", "{n} of food/wood/stone/cloth", o.amount)
    else:
        paid = _n("{n} worker to the camp", "{n} workers to the camp", o.amount)
    if o.get is Get.PP:
        got = _n("{n} PP", "{n} PP", o.gets)
    elif o.get is Get.GOLD:
        got = amount(Res.GOLD, o.gets)
    else:
        got = _n("{n} worker from the camp", "{n} workers from the camp", o.gets)
    return paid, got


def offer_text(o: Offer) -> str:
    paid, got = offer_parts(o)
    # i18n: a trade a building offers, e.g. 'pay 1 cloth for 4 PP', 'pay 2 workers to the camp for 4 PP'
    return _("pay {paid} for {got}", paid=paid, got=got)


EFFECT_TEXT: Final = {
    Effect.FAIR: N_("pay 1 wood for a favour"),
    Effect.NOTARY: N_("pay 1 cloth to claim a start building (a residence at the end of the round)"),
    Effect.CARPENTER: N_("build a wood building"),
    Effect.STONEMASON: N_("build a stone building"),
    Effect.TOLL: N_("move the provost up to 2 steps either way"),
    Effect.BRIDGE: N_("passers move the provost, 1 worker per step"),
    Effect.SELL_WORKER: N_("return 1 more worker to the camp for 1 food, wood, stone or cloth"),
    Effect.CHOOSE: N_("take 1 food, wood, stone or cloth"),
    Effect.FAVOUR: N_("gain a favour"),
    Effect.NONE: N_("no worker may go here"),
}
"""What a worker on a tile does, in English (translated where shown)."""


def _trade(*offers: Offer) -> Side:
    return Side(Effect.TRADE, offers=offers)


def _gain(gain: Res5 = NOTHING, workers: int = 0, pp: int = 0) -> Side:
    return Side(Effect.GAIN, gain=gain, workers=workers, pp=pp)


NO_SIDE: Final = Side(Effect.NONE)
CARPENTER_SIDE: Final = Side(Effect.CARPENTER)


@dataclass(frozen=True)
class Tile:
    id: int
    key: str
    name: str
    family: Family
    built: Side  # the construction side (wood/stone), the start side (start), the printed effect
    setup: Side = NO_SIDE  # the setup side of wood/stone tiles ("Startseite"); start tiles: = built
    cost: Res5 = NOTHING
    cost_any: int = 0
    pp: int = 0  # PP on building it (wood, stone, monument)
    owner_bonus: int = -1  # stone producers: the resource the owner gets when another player's worker uses it
    recruit_workers: int = 0  # monuments: extra workers at each recruitment
    recruit_res: Res5 = NOTHING  # monuments: resources at each recruitment
    favour_on_build: bool = False  # the Theatre
    copies: int = 1  # start tiles only: how many tiles share this effect

    @property
    def title(self) -> str:
        """The name a player reads: the tile's name, with its family where two families share the name
        ("Farm (wood)", "Carpenter (start)"; the printed Carpenter is just "Carpenter")."""
        name = _(self.name)
        if self.family in (Family.PRINTED, Family.MONUMENT) or self.name not in _SHARED_NAMES:
            return name
        if self.family is Family.WOOD:
            # i18n: a wood building's name where a start or stone building shares it: 'Farm (wood)'
            return _("{name} (wood)", name=name)
        if self.family is Family.STONE:
            # i18n: a stone building's name where a start or wood building shares it: 'Farm (stone)'
            return _("{name} (stone)", name=name)
        # i18n: a start building's name where a wood or stone building shares it: 'Farm (start)'
        return _("{name} (start)", name=name)

    @property
    def label(self) -> str:
        """The tile's own name in the current language (without its family)."""
        return _(self.name)


# ---- the tiles --------------------------------------------------------------------------------------
_F, _W, _S, _C, _G = Res.FOOD, Res.WOOD, Res.STONE, Res.CLOTH, Res.GOLD

_PRINTED = (
    ("fair", N_("Fair"), Side(Effect.FAIR)),  # 1 wood: reference 4.1 (TT + R1)
    ("notary", N_("Notary"), Side(Effect.NOTARY)),  # 1 cloth: reference 4.1 (TT + PL glyph)
    ("carpenter", N_("Carpenter"), CARPENTER_SIDE),
    ("toll", N_("Toll"), Side(Effect.TOLL)),
    ("bridge", N_("Guilds Bridge"), Side(Effect.BRIDGE)),
)

_START = (
    # key, name, start side, copies — which two effects have 2 tiles rests on TT only (1 src)
    ("start_farm", N_("Farm"), _gain(res(food=1)), 2),
    ("start_sawmill", N_("Sawmill"), _gain(res(wood=1)), 1),
    ("start_quarry", N_("Quarry"), _gain(res(stone=1)), 1),
    ("start_carpenter", N_("Carpenter"), CARPENTER_SIDE, 1),
    ("start_market", N_("Market"), Side(Effect.SELL_WORKER), 2),
    ("guild_3", N_("Guild (3 workers)"), _trade(Offer(Pay.ANY, 1, Get.WORKERS, 3)), 1),
    ("guild_4", N_("Guild (4 workers)"), _trade(Offer(Pay.RES, 1, Get.WORKERS, 4, _S)), 1),  # stone: 1 src
)

# Wood buildings: key, name, cost, any, PP, construction side, setup side. Costs and PP: 1 src (TT),
# except that the DE/PL Carpenter examples confirm the producers' 2 resources and 2 PP.
_WOOD = (
    ("covered_market", N_("Covered Market"), res(wood=1), 1, 3, _gain(workers=3), _gain(workers=2, pp=1)),
    ("market", N_("Market"), res(food=1, wood=1), 0, 3, Side(Effect.CHOOSE), Side(Effect.CHOOSE)),
    ("manor", N_("Manor"), res(wood=1, cloth=1), 0, 4, Side(Effect.FAVOUR), _gain(pp=2)),
    (
        "tailor",
        N_("Tailor"),
        res(wood=1),
        1,
        4,
        _trade(Offer(Pay.RES, 1, Get.PP, 4, _C), Offer(Pay.RES, 2, Get.PP, 6, _C)),
        _trade(Offer(Pay.RES, 1, Get.PP, 4, _C), Offer(Pay.RES, 2, Get.PP, 6, _C)),
    ),
    ("stonemason", N_("Stonemason"), res(wood=1), 1, 4, Side(Effect.STONEMASON), Side(Effect.STONEMASON)),
    ("wood_farm", N_("Farm"), res(food=1, wood=1), 0, 2, _gain(res(food=2)), _gain(res(food=1), pp=1)),
    ("wood_sawmill", N_("Sawmill"), res(food=1, wood=1), 0, 2, _gain(res(wood=2)), _gain(res(wood=1), pp=1)),
    ("wood_quarry", N_("Quarry"), res(food=1, wood=1), 0, 2, _gain(res(stone=2)), _gain(res(stone=1), pp=1)),
    ("spinning_mill", N_("Spinning Mill"), res(wood=2), 0, 2, _gain(res(cloth=2)), _gain(res(cloth=1), pp=1)),
)

_FOUNDRY = _trade(Offer(Pay.WORKERS, 1, Get.GOLD, 1), Offer(Pay.WORKERS, 3, Get.GOLD, 2))
_ALCHEMIST = _trade(Offer(Pay.ANY, 1, Get.GOLD, 1), Offer(Pay.ANY, 2, Get.GOLD, 2))
_CHURCH = _trade(Offer(Pay.WORKERS, 2, Get.PP, 4), Offer(Pay.WORKERS, 4, Get.PP, 6))
_JEWELLER = _trade(Offer(Pay.RES, 1, Get.PP, 5, _G), Offer(Pay.RES, 2, Get.PP, 9, _G))
_STONE_GUILD = _trade(Offer(Pay.ANY, 1, Get.WORKERS, 5))

# Stone buildings: key, name, cost, any, PP, construction side, setup side, owner bonus. All costs and PP:
# 1 src (TT); the stone Farm's PP is unknown (TT gives none) and taken as 3 like its two siblings.
_STONE = (
    ("stone_farm", N_("Farm"), res(food=1, stone=1), 0, 3, _gain(res(food=2, cloth=1)), _gain(res(food=1, cloth=1)), _F),
    ("stone_sawmill", N_("Sawmill"), res(food=1, stone=1), 0, 3, _gain(res(wood=2, cloth=1)), _gain(res(wood=1, cloth=1)), _W),
    ("stone_quarry", N_("Quarry"), res(food=1, stone=1), 0, 3, _gain(res(stone=2, cloth=1)), _gain(res(stone=1, cloth=1)), _S),
    ("gold_mine", N_("Gold Mine"), res(food=1, stone=1), 0, 4, _gain(res(gold=1)), _gain(res(gold=1)), -1),
    ("foundry", N_("Foundry"), res(wood=1, stone=1), 0, 5, _FOUNDRY, _FOUNDRY, -1),
    ("alchemist", N_("Alchemist"), res(wood=1, stone=1), 0, 5, _ALCHEMIST, _ALCHEMIST, -1),
    ("stone_guild", N_("Guild"), res(stone=1), 1, 4, _STONE_GUILD, _STONE_GUILD, -1),
    ("church", N_("Church"), res(stone=1, cloth=1), 0, 5, _CHURCH, _CHURCH, -1),
    ("jeweller", N_("Jeweller"), res(wood=1, stone=1), 0, 5, _JEWELLER, _JEWELLER, -1),
)  # fmt: skip

# Monuments: key, name, cost, PP, recruitment workers, recruitment resources, favour when built.
# PP 12 and the Theatre's favour: DE, PL; everything else 1 src (TT).
_MONUMENTS = (
    ("garden", N_("Garden"), res(wood=1, gold=1), 4, 2, NOTHING, False),
    ("factory", N_("Factory"), res(cloth=1, gold=1), 5, 0, res(cloth=1), False),
    ("granary", N_("Granary"), res(stone=1, gold=1), 7, 0, res(food=1), False),
    ("statue", N_("Statue"), res(stone=2, gold=1), 7, 0, NOTHING, False),
    ("theatre", N_("Theatre"), res(wood=4, gold=3), 12, 0, NOTHING, True),
    ("cathedral", N_("Cathedral"), res(stone=3, gold=3), 15, 0, NOTHING, False),
    ("mansion", N_("Mansion"), res(stone=5, gold=5), 20, 0, NOTHING, False),
)


def _build_tiles() -> tuple[Tile, ...]:
    tiles: list[Tile] = []
    for key, name, side in _PRINTED:
        tiles.append(Tile(len(tiles), key, name, Family.PRINTED, side, side))
    for key, name, side, copies in _START:
        for i in range(copies):
            tiles.append(
                Tile(
                    len(tiles),
                    f"{key}_{i + 1}" if copies > 1 else key,
                    name,
                    Family.START,
                    side,
                    side,
                    copies=copies,
                )
            )
    for key, name, cost, cost_any, pp, built, setup in _WOOD:
        tiles.append(Tile(len(tiles), key, name, Family.WOOD, built, setup, cost, cost_any, pp))
    for key, name, cost, cost_any, pp, built, setup, bonus in _STONE:
        tiles.append(Tile(len(tiles), key, name, Family.STONE, built, setup, cost, cost_any, pp, int(bonus)))
    for key, name, cost, pp, workers, goods, favour in _MONUMENTS:
        tiles.append(
            Tile(
                len(tiles),
                key,
                name,
                Family.MONUMENT,
                NO_SIDE,
                NO_SIDE,
                cost,
                0,
                pp,
                recruit_workers=workers,
                recruit_res=goods,
                favour_on_build=favour,
            )
        )
    return tuple(tiles)


_SHARED_NAMES: frozenset[str] = frozenset()
TILES: Final[tuple[Tile, ...]] = _build_tiles()
_SHARED_NAMES = frozenset(t.name for t in TILES if len({u.family for u in TILES if u.name == t.name}) > 1)
assert all(t.id == i for i, t in enumerate(TILES)), "tile ids must be their table index"
TILE_BY_KEY: Final = {t.key: t.id for t in TILES}
PRINTED_TILES: Final = tuple(t.id for t in TILES if t.family is Family.PRINTED)
START_TILES: Final = tuple(t.id for t in TILES if t.family is Family.START)
WOOD_TILES: Final = tuple(t.id for t in TILES if t.family is Family.WOOD)
STONE_TILES: Final = tuple(t.id for t in TILES if t.family is Family.STONE)
MONUMENT_TILES: Final = tuple(t.id for t in TILES if t.family is Family.MONUMENT)
STONEMASON: Final = TILE_BY_KEY["stonemason"]
FAIR, NOTARY, CARPENTER, TOLL, BRIDGE = PRINTED_TILES

# ---- the board (reference 2.1; the road length and the empty spaces rest on TT only: 1 src) ---------
ROAD_LENGTH: Final = 28
BRIDGE_SPACE: Final = 5  # spaces 1..5: Fair, Notary, Carpenter, Toll, Guilds Bridge
START_SPACES: Final = tuple(range(6, 14))  # 8 start buildings
WOOD_SPACE: Final = 14  # the wood building placed at setup (never the Stonemason)
STONE_SPACE: Final = 19  # the stone building placed at setup; 1 src (TT)
PROVOST_START: Final = 13  # between the 8th start building and the wood space (reference 2.2, R2)
PROVOST_MIN: Final = BRIDGE_SPACE  # never behind the Guilds Bridge
PROVOST_MAX: Final = ROAD_LENGTH  # past the end of the road: the extra stops' count is unknown; none modelled
SLOT_ROUNDS: Final = (
    1,
    4,
    7,
)  # construction-site slot k (0-based) may be used by a favour from this round on
ROUNDS: Final = 9

# ---- players (rulebook "Spielerhilfe: Anpassungen"; starting resources 1 src TT + PL glyphs) --------
WORKERS_TOTAL: Final = 15  # "Ihr könnt maximal 15 Arbeiter nutzen"
HOUSES: Final = 10  # per colour; one of them marks the player's place at the Guilds Bridge
START_WORKERS: Final = {2: 10, 3: 6, 4: 6, 5: 10}
RECRUITMENT: Final = {2: 3, 3: 3, 4: 3, 5: 2}
START_RES: Final[Res5] = res(food=1, wood=2, stone=1)
BUNDLE_PP: Final = 5
END_PP_PER: Final = (0, 0, 0, 0, 2)  # end of the game: 2 PP per gold still owned (1 src TT + the DE article)


# ---- characters ---------------------------------------------------------------------------------------
class Char(IntEnum):
    EARLY_RISER = 0
    NIGHT_WORKER = 1
    JOURNEYMAN = 2  # DE die Händlerin, PL Czeladnik
    THIEF = 3
    STEWARD = 4  # DE der Hofmarschall: 2 PP
    BAILIFF = 5  # DE der Gutsverwalter: moves the provost
    ARCHITECT = 6
    DELIVERYMAN = 7  # DE der Fuhrmann
    CHAMBERLAIN = 8  # DE der Kämmerer
    FOREMAN = 9
    GOLDSMITH = 10
    DAY_LABORER = 11


@dataclass(frozen=True)
class Character:
    id: int
    key: str
    name: str
    german: str
    text: str


CHARACTERS: Final[tuple[Character, ...]] = (
    Character(0, "early_riser", N_("Early Riser"), "Der Frühaufsteher",
              N_("Before the first player, may place 1 worker, returning 1 more to the camp.")),
    Character(1, "night_worker", N_("Night Worker"), "Der Nachtarbeiter",
              N_("Once another player has passed, places workers without the extra worker.")),
    Character(2, "journeyman", N_("Journeyman"), "Die Händlerin",
              N_("Once per round, may place a worker on a building another player's worker occupies.")),
    Character(3, "thief", N_("Thief"), "Der Dieb",
              N_("Placing a worker on another player's building gives that owner no PP.")),
    Character(4, "steward", N_("Steward"), "Der Hofmarschall",
              N_("Gets 2 PP (not 1) when another player places a worker on one of their buildings.")),
    Character(5, "bailiff", N_("Bailiff"), "Der Gutsverwalter",
              N_("After the Guilds Bridge, may move the provost 1 step either way for free.")),
    Character(6, "architect", N_("Architect"), "Die Architektin",
              N_("+1 PP for every wood building, stone building or monument built.")),
    Character(7, "deliveryman", N_("Deliveryman"), "Der Fuhrmann",
              N_("May deliver bundles without a worker at the construction site, after everyone else.")),
    Character(8, "chamberlain", N_("Chamberlain"), "Der Kämmerer",
              N_("Bundles may be any 3 resources.")),
    Character(9, "foreman", N_("Foreman"), "Der Vorarbeiter", N_("+1 PP per bundle delivered.")),
    Character(10, "goldsmith", N_("Goldsmith"), "Die Goldschmiedin",
              N_("Once per round, +5 PP for a delivered bundle with at least 1 gold.")),
    Character(11, "day_laborer", N_("Day Laborer"), "Der Tagelöhner", N_("+1 worker at each recruitment.")),
)  # fmt: skip

# The first-game sets (DE "Empfohlene Charaktere"): each player count adds to the previous one.
_RECOMMENDED_2 = (Char.ARCHITECT, Char.FOREMAN, Char.BAILIFF, Char.DAY_LABORER, Char.CHAMBERLAIN)
RECOMMENDED: Final[dict[int, tuple[int, ...]]] = {
    2: tuple(int(c) for c in _RECOMMENDED_2),
    3: tuple(int(c) for c in (*_RECOMMENDED_2, Char.DELIVERYMAN)),
    4: tuple(int(c) for c in (*_RECOMMENDED_2, Char.DELIVERYMAN, Char.JOURNEYMAN)),
    5: tuple(int(c) for c in (*_RECOMMENDED_2, Char.DELIVERYMAN, Char.JOURNEYMAN, Char.EARLY_RISER)),
}
CHARACTERS_ON_BOARD: Final = 3  # drawn: players + 3; the 3 left over go on the board


def bundles() -> tuple[Res5, ...]:
    """Every multiset of 3 resources, in a fixed order (the Chamberlain may deliver any of them)."""
    out: list[Res5] = []
    for a in range(5):
        for b in range(a, 5):
            for c in range(b, 5):
                r = [0] * 5
                r[a] += 1
                r[b] += 1
                r[c] += 1
                out.append((r[0], r[1], r[2], r[3], r[4]))
    return tuple(out)


BUNDLES: Final[tuple[Res5, ...]] = bundles()


def is_standard_bundle(b: Res5) -> bool:
    """Three different resources, one of them food (rules: Caylus 1303, phase 3)."""
    return b[Res.FOOD] == 1 and max(b) == 1
