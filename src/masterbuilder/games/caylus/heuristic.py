"""``heuristic``: a fast, deterministic value-based bot for Caylus (2005).

Every decision is scored in prestige points (PP) from the bot's own seat. Two estimates do the work:

* :meth:`Reckoner.worth` says what cubes and deniers in hand are worth. Cubes that will go to the castle
  as batches (1 food + 2 other different cubes) count for a share of the batch's PP, and a missing cube
  costs about a point, so each cube that brings the next batch closer is worth about a point. Cubes in
  no batch count a little less, gold 3 PP and a bit more, deniers about half a point (less when the bot
  is rich). Near the end these fall to the final-scoring rates (3 cubes = 1 PP, 4 deniers = 1 PP, gold
  3 PP). With a worker in the castle this turn, complete batches count their full PP, and having none
  costs the 2 PP penalty.
* :meth:`Reckoner.plan` plays out the bot's own activation phase: each of its workers on the road, in
  road order, makes the best use of its building (production, a build, a sale, a trade...), then the
  castle takes its batches. The plan is worth the PP gained on the way plus what is left in hand.

A worker placement is worth the plan with that worker less the plan without it, less the placement
cost, the bribe to bring the provost that far and the point given to another building's owner. The
castle takes a worker only when the plan, counting only buildings the provost already reaches, has a
batch for it. The provost is bribed (and the guild used) where the plan is worth most, net of the
bribe and of the opponents' workers it lets work. During the activation phase each choice is scored as
its own effect plus the plan of the workers after it. Buildings are worth their PP and favours plus
their future use, favours the best column of their row plus a little for moving the marker on.

Ties between equal scores are broken by a tiny seeded jitter, so the bot is deterministic for a seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

from masterbuilder.agents.scoring import NEVER, ScoringAgent
from masterbuilder.core.state import State
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    CASTLE_PENALTY,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    RESIDENCE,
    ROAD_LENGTH,
    SECTION_MARK,
    SECTION_PENALTY,
    SECTION_PP,
    SECTION_SIZE,
    TILES,
    Effect,
    FavourRow,
    Kind,
    Section,
    Special,
    Tile,
)
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import (
    D_BUILD,
    D_CASTLE,
    D_COLUMN,
    D_GATE,
    D_GUILD,
    D_INN,
    D_JOUST,
    D_LAWYER,
    D_MARKET,
    D_OWNER,
    D_PAY,
    D_PEDDLER,
    D_PLACE,
    D_PRODUCE,
    D_PROVOST,
    D_RESIDENCE,
    D_ROW,
    D_TAKE,
    D_TRADE,
    TRADE_EFFECTS,
)

Inv = tuple[int, int, int, int, int]  # food, wood, stone, cloth, gold
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4
NON_GOLD: Final = (FOOD, WOOD, STONE, CLOTH)
ALL_CUBES: Final = (FOOD, WOOD, STONE, CLOTH, GOLD)
SECTIONS: Final = tuple(Section)
CASTLE_TARGET: Final = 6 + ROAD_LENGTH  # the castle's place offset (action PLACE + 34)
BUILDER_KIND: Final = {Effect.CARPENTER: Kind.WOOD, Effect.MASON: Kind.STONE, Effect.ARCHITECT: Kind.PRESTIGE}

# The enum members read in the planning, bound once: a module constant is read in a tenth of an enum class
# attribute's time in CPython 3.11, and mypyc keeps a `Final` one native.
_TRADING_POST: Final = Special.TRADING_POST
_GUILD: Final = Special.GUILD
_JOUST: Final = Special.JOUST
_STABLES: Final = Special.STABLES
_INN: Final = Special.INN
_SPECIALS: Final = tuple(Special)  # by value: a table read instead of an enum call
_TOWERS: Final = Section.TOWERS
_PRODUCE: Final = Effect.PRODUCE
_MARKET: Final = Effect.MARKET
_PEDDLER: Final = Effect.PEDDLER
_LAWYER: Final = Effect.LAWYER
_BANK: Final = Effect.BANK
_ALCHEMIST: Final = Effect.ALCHEMIST
_CHURCH: Final = Effect.CHURCH
_TAILOR: Final = Effect.TAILOR
_PRESTIGE: Final = Kind.PRESTIGE
_NEUTRAL: Final = Kind.NEUTRAL
_WOOD_KIND: Final = Kind.WOOD
_STONE_KIND: Final = Kind.STONE
_CRAFT_KINDS: Final = (Kind.WOOD, Kind.STONE)
_ROW_PRESTIGE: Final = FavourRow.PRESTIGE
_ROW_DENIERS: Final = FavourRow.DENIERS
_ROW_RESOURCES: Final = FavourRow.RESOURCES
_ROW_BUILDING: Final = FavourRow.BUILDING


def add(inv: Inv, other: Inv, times: int = 1) -> Inv:
    # ``other`` a five-tuple, not any sequence: compiled code reads a typed tuple's items natively
    return (
        inv[0] + times * other[0],
        inv[1] + times * other[1],
        inv[2] + times * other[2],
        inv[3] + times * other[3],
        inv[4] + times * other[4],
    )


ONE: Final[tuple[Inv, ...]] = tuple(
    (int(c == 0), int(c == 1), int(c == 2), int(c == 3), int(c == 4)) for c in ALL_CUBES
)

ONE_NON_GOLD: Final = tuple(ONE[c] for c in NON_GOLD)


def take(inv: Inv, cube: int, count: int = 1) -> Inv:
    return add(inv, ONE[cube], -count)


def main_cube(bundle: Sequence[int]) -> int:
    """The cube that names a production option (2 food -> food; 2 stone + 1 cloth -> stone)."""
    return max(ALL_CUBES, key=lambda i: (bundle[i], -i))


# the main cube of each tile's first production option; -1 for tiles that do not produce
PRODUCER_CUBE: Final[tuple[int, ...]] = tuple(
    main_cube(tile.produces[0]) if tile.effect is Effect.PRODUCE else -1 for tile in TILES
)

TILES_OF_KIND: Final[dict[Kind, tuple[Tile, ...]]] = {
    kind: tuple(tile for tile in TILES if tile.kind is kind) for kind in Kind
}


def max_batches(food: int, others: Sequence[int]) -> int:
    """Castle batches (1 food + 2 different other cubes) that can be made."""
    total = sum(others)
    # min(food, total // 2, total - max(others)), at least 0, written out (see Reckoner._later_worth)
    most = food
    if total // 2 < most:
        most = total // 2
    largest = others[0]
    for count in others:
        if count > largest:
            largest = count
    if total - largest < most:
        most = total - largest
    return most if most > 0 else 0


def batch_cubes(inv: Inv, gold_ok: bool) -> tuple[int, int] | None:
    """The two non-food cubes of the next batch: the most plentiful kinds, gold only if allowed/needed."""
    if not inv[FOOD]:
        return None
    # the kinds held, most plentiful first (equals in the order wood, stone, cloth), sorted by hand: the
    # builtin's key calls cost more than the sort in the compiled build
    a, b, c = WOOD, STONE, CLOTH
    if inv[b] > inv[a]:
        a, b = b, a
    if inv[c] > inv[b]:
        b, c = c, b
        if inv[b] > inv[a]:
            a, b = b, a
    kinds = [k for k in (a, b, c) if inv[k]]
    if len(kinds) >= 2:
        x, y = kinds[0], kinds[1]
    elif kinds and gold_ok and inv[GOLD]:
        x, y = kinds[0], GOLD
    else:
        return None
    return (x, y) if x < y else (y, x)


@dataclass(frozen=True)
class Weights:
    """The knobs of the value estimates, in PP."""

    deniers: tuple[float, float, float] = (0.6, 0.45, 0.3)  # a denier: the first 8, the next 8, more
    spare_cube: tuple[float, float, float, float] = (0.7, 0.6, 0.65, 0.6)  # a cube in no batch
    spare_kept: int = 2  # food (twice as many others) worth the spare rate; more count 1/3 PP
    missing_cube: float = 1.3  # what a cube still missing from a planned batch costs to get
    gold: float = 3.4  # a gold cube, mid-game (3 PP at the end)
    batch_share: float = 0.9  # share of a batch's PP counted for cubes kept for a later turn
    max_planned_batches: int = 5
    favour: float = 3.0  # a royal favour on the table (exactly 3 PP in the simplified variant)
    use_rate: float = 0.6  # share of the remaining turns an own building is used
    same_output: float = 0.6  # a production building's use, for each one the bot has with that output
    first_residence: float = 1.0  # the first residence: a site for a prestige building
    owner_gift: float = 1.0  # the PP given to another owner by using their building (2 players)
    opponent_activation: float = 0.6  # an opponent's worker working, when moving the provost (2 players)
    castle_bonus: float = 4.5  # a castle visit with a batch: best-builder favour, section scorings
    advance: tuple[float, float, float, float] = (0.15, 0.08, 0.1, 0.1)  # a favour marker moved on, a turn
    min_gain: float = 0.1  # a placement must be worth this much more than passing
    urgency: float = 0.3  # share of the rise in a place's cost (once someone passes) to take it first
    late_chance: float = 0.5  # a worker beyond the provost works after the bot's bribe
    guild: float = 0.3  # the merchants' guild's free provost move, with workers on the road
    stables: float = 0.25  # a stable spot, per place the bot would move up in the turn order
    inn: float = 0.6  # the inn: placements for 1 denier in the next turns
    jitter: float = 1e-6


DEFAULT_WEIGHTS: Final = Weights()

# PP a building is worth to its owner per use (its output less the denier to place there).
USE_VALUE: Final[dict[str, float]] = {
    "w_farm_food": 1.6,
    "w_farm_cloth": 1.2,
    "w_quarry": 1.4,
    "w_sawmill": 1.0,
    "w_market": 0.8,
    "w_peddler": 0.8,
    "mason": 1.2,
    "lawyer": 0.8,
    "s_farm": 2.2,
    "park": 1.8,
    "workshop": 2.0,
    "bank": 1.4,
    "alchemist": 0.6,
    "tailor": 0.9,
    "church": 1.0,
    "architect": 1.2,
    "jeweller": 1.0,
}
# what a neutral tile is worth keeping when the lawyer could turn it into a residence
NEUTRAL_KEEP: Final[dict[str, float]] = {
    "n_market": 0.3,
    "n_sawmill": 0.8,
    "n_quarry": 1.0,
    "n_forest": 1.0,
    "n_farm": 1.2,
    "n_carpenter": 1.5,
}


BuildOption = tuple[float, int, Inv]  # value gained, tile id, cubes left
Activation = tuple[float, Inv, int, frozenset[int]]  # PP gained, cubes, deniers, tiles built


class Outcome:
    """Where a plan leaves the bot: its worth in PP and the batches the castle got. (A plain class, not a
    dataclass: a dataclass's generated ``__init__`` stays interpreted Python in the compiled build, and
    plans are made thousands of times a search.)"""

    def __init__(self, value: float, batches: int) -> None:
        self.value = value
        self.batches = batches


WorthKey = tuple[int, float, float, int, Section | None, bool]
_WORTH_TABLES: Final[dict[WorthKey, dict[tuple[Inv, bool], float]]] = {}
# a number for each Weights object in use, by its id (the object is kept, so its id is not reused while it
# is here); numbers are never reused. The worth tables' keys carry it instead of the weights, whose
# dataclass hash and equality over 24 fields cost more than the decision's cube values.
_WEIGHTS_NUMBERS: Final[dict[int, tuple[Weights, int]]] = {}
_NEXT_NUMBER: Final = [0]


def weights_number(w: Weights) -> int:
    entry = _WEIGHTS_NUMBERS.get(id(w))
    if entry is not None:
        return entry[1]
    if len(_WEIGHTS_NUMBERS) >= 512:
        _WEIGHTS_NUMBERS.clear()  # bound the memory of a long-running process
    number = _NEXT_NUMBER[0]
    _NEXT_NUMBER[0] += 1
    _WEIGHTS_NUMBERS[id(w)] = (w, number)
    return number


def worth_table(key: WorthKey) -> dict[tuple[Inv, bool], float]:
    """The memo of :meth:`Reckoner.worth` shared by every decision whose rates are the same: ``key`` is
    all the cube values depend on (weights, end-game blend, later batch PP, castle room, section, no
    house there yet). Decisions in a row, above all in the search bot's rollouts, mostly share one."""
    table = _WORTH_TABLES.get(key)
    if table is None:
        if len(_WORTH_TABLES) >= 512:
            _WORTH_TABLES.clear()  # bound the memory of a long-running process
        table = _WORTH_TABLES[key] = {}
    return table


class Reckoner:
    """Values for one seat at one decision: what cubes, deniers, buildings and workers are worth."""

    def __init__(self, state: CaylusState, seat: int, w: Weights) -> None:
        self.s = state
        self.seat = seat
        self.w = w
        self.n = state.num_players
        self.money = state.deniers(seat)
        self.cubes: Inv = state.cubes(seat)
        self.phase = state.phase
        section = state.building_section
        self.turns_left = self._turns_left(section)
        # 1 = mid-game rates, 0 = final-scoring rates
        h = min(1.0, max(0.0, (self.turns_left - 1) / 3))
        self.denier_rates = tuple(0.25 + (v - 0.25) * h for v in w.deniers)
        self.spare = tuple(1 / 3 + (v - 1 / 3) * h for v in w.spare_cube)
        self.spare_other = (self.spare[WOOD] + self.spare[STONE] + self.spare[CLOTH]) / 3
        self.gold = 3.0 + (w.gold - 3.0) * h
        self.section = section
        self.section_pp = 0 if section is None else SECTION_PP[section]
        self.castle_room = 0
        for s in SECTIONS:
            if not state.section_scored(s):
                self.castle_room += SECTION_SIZE[s] - state.section_filled(s)
        self.in_castle = seat in state.castle_workers
        # a batch kept for a later turn
        self.later_batch = w.batch_share * self.section_pp if self.turns_left > 1 else 0.0
        self.favour = 3.0 if state.options.get("favours") == "simple" else w.favour
        self.current_space = self._current_space()
        self.provost = state.provost
        # the guild's free provost move, before the provost phase
        self.guild_moves = 3 if self.phase <= 2 and state.special_worker(_GUILD) == [seat] else 0
        self.own_workers = [s for s in state.worker_spaces(seat) if s != self.current_space]
        self.residences = 0
        # the bot's production buildings, by main cube (a second one of a kind is worth less)
        self.producers = [0] * 5
        self._count_buildings()
        no_house = section is not None and state.houses(section, seat) == 0
        self._worth_cache = worth_table(
            (weights_number(w), h, self.later_batch, self.castle_room, section, no_house)
        )
        # plans are pure for a decision, and the placements' plans share most of their arguments
        self._plan_cache: dict[tuple[tuple[int, ...], Inv, int, bool], Outcome] = {}
        self._activate_cache: dict[tuple[int, Inv, int, bool, frozenset[int]], Activation] = {}
        self._tile_values: dict[int, float] = {}
        self._build_cache: dict[tuple[Kind, Inv, int, bool, frozenset[int]], tuple[BuildOption, ...]] = {}

    def _count_buildings(self) -> None:
        """Count the bot's residences and its producers by main cube."""
        for tile_id in self.s.owned_tiles(self.seat):
            if tile_id == RESIDENCE:
                self.residences += 1
            cube = PRODUCER_CUBE[tile_id]
            if cube >= 0:
                self.producers[cube] += 1

    @cached_property
    def free_lots(self) -> int:
        return self.s.free_lots()

    # ---- the clock ----------------------------------------------------------------------------------
    def _turns_left(self, section: Section | None) -> float:
        """Turns left, this one included (the game ends when the towers are scored)."""
        s = self.s
        if s.section_scored(_TOWERS):
            return 1.0
        left = (SECTION_MARK[_TOWERS] - s.bailiff) / 1.5
        if section == _TOWERS:
            room = SECTION_SIZE[_TOWERS] - s.section_filled(_TOWERS)
            left = min(left, room / max(1.0, self.n * 0.8))
        if s.bailiff >= SECTION_MARK[_TOWERS] - 1:
            left = 1.0
        return max(1.0, left)

    def _current_space(self) -> int:
        """The road space being activated now (its worker is still on it), or 0."""
        return self.s.activating_space or 0

    # ---- what things in hand are worth ----------------------------------------------------------------
    def deniers_worth(self, money: int) -> float:
        low, mid, high = self.denier_rates
        if money <= 8:
            return money * low
        if money <= 16:
            return 8 * low + (money - 8) * mid
        return 8 * low + 8 * mid + (money - 16) * high

    def money_gain(self, before: int, delta: int) -> float:
        return self.deniers_worth(before + delta) - self.deniers_worth(before)

    def worth(self, inv: Inv, money: int | None = None, castle: bool = False) -> float:
        """PP the cubes (and deniers, if given) are worth; ``castle``: the castle takes batches now."""
        key = (inv, castle)
        value = self._worth_cache.get(key)
        if value is None:
            value = self._castle_worth(inv) if castle else self._later_worth(inv)
            self._worth_cache[key] = value
        if money is not None:
            value += self.deniers_worth(money)
        return value

    def _castle_worth(self, inv: Inv) -> float:
        """Cubes handed to the castle this turn: full PP for each batch, the penalty for none."""
        if self.section is None:
            return self._later_worth(inv)
        value = 0.0
        batches = 0
        while batches < self.castle_room:
            pair = batch_cubes(inv, gold_ok=batches == 0)
            if pair is None:
                break
            inv = take(take(take(inv, FOOD), pair[0]), pair[1])
            batches += 1
            value += self.section_pp
        if batches:
            value += self.w.castle_bonus
            if self.s.houses(self.section, self.seat) == 0:
                value += SECTION_PENALTY[self.section] * 0.5  # a house spares the section's penalty
        else:
            value -= CASTLE_PENALTY
        return value + self._later_worth(inv)

    def _later_worth(self, inv: Inv) -> float:
        """Cubes kept for later turns: planned batches (missing cubes bought at a price), the rest spare."""
        food, wood, stone, cloth, gold = inv
        others = wood + stone + cloth
        best = self._spare_worth(food, others)
        if self.later_batch > 0:
            price = self.w.missing_cube
            # min and max written out: in the compiled build each call of the builtins parses its
            # keyword arguments, and cube values are worked out for every new inventory
            most = self.castle_room
            if self.w.max_planned_batches < most:
                most = self.w.max_planned_batches
            for k in range(1, most + 1):
                used_others = (
                    (wood if wood < k else k) + (stone if stone < k else k) + (cloth if cloth < k else k)
                )
                if 2 * k < used_others:
                    used_others = 2 * k
                used_food = food if food < k else k
                missing = (k - used_food) + (2 * k - used_others)
                value = (
                    k * self.later_batch
                    - price * missing
                    + self._spare_worth(food - used_food, others - used_others)
                )
                if value > best:
                    best = value
                elif missing > 2:
                    break
        return best + gold * self.gold

    def _spare_worth(self, food: int, others: int) -> float:
        """Cubes in no batch: the first few at the spare rate, more at the final-scoring rate."""
        keep = self.w.spare_kept
        # min and max written out (see _later_worth)
        value = keep * self.spare[FOOD] + (food - keep) / 3 if food > keep else food * self.spare[FOOD]
        if others > 2 * keep:
            return value + 2 * keep * self.spare_other + (others - 2 * keep) / 3
        return value + others * self.spare_other

    def gain(self, inv: Inv, extra: Inv, castle: bool = False) -> float:
        return self.worth(add(inv, extra), castle=castle) - self.worth(inv, castle=castle)

    def best_addition(self, inv: Inv, extras: Sequence[Inv], castle: bool) -> tuple[Inv, float]:
        """``inv`` plus the most valuable of ``extras`` (the first of equals), and what that is worth."""
        best_inv = add(inv, extras[0])
        best = self.worth(best_inv, castle=castle)
        for extra in extras[1:]:
            option = add(inv, extra)
            value = self.worth(option, castle=castle)
            if value > best:
                best_inv, best = option, value
        return best_inv, best

    def cheapest_cube(self, inv: Inv, castle: bool = False) -> int:
        """The cube in ``inv`` that is cheapest to give up; -1 if none."""
        best, cube = -NEVER, -1
        here = self.worth(inv, castle=castle)
        for c in ALL_CUBES:
            if inv[c] > 0:
                lost = here - self.worth(take(inv, c), castle=castle)
                if lost < best:
                    best, cube = lost, c
        return cube

    def future_uses(self) -> float:
        return max(0.0, min(self.turns_left - 1, 10.0)) * self.w.use_rate

    # ---- buildings --------------------------------------------------------------------------------
    def tile_value(self, tile: Tile) -> float:
        """PP a newly built tile is worth to its owner (its cost not counted)."""
        value = self._tile_values.get(tile.id)
        if value is None:
            value = self._tile_values[tile.id] = self._tile_value(tile)
        return value

    def _tile_value(self, tile: Tile) -> float:
        value = tile.pp + tile.favours * self.favour
        if tile.kind is _PRESTIGE:
            value += tile.income * self.denier_rates[0] * max(0.0, self.turns_left - 1)
        else:
            use = USE_VALUE.get(tile.key, 0.0)
            if tile.effect is _PRODUCE:
                use *= self.w.same_output ** self.producers[main_cube(tile.produces[0])]
            value += use * self.future_uses()
        return value

    def pay(self, inv: Inv, tile: Tile, discount: int, castle: bool) -> Inv | None:
        """What is left of ``inv`` after paying for ``tile``; None if it cannot be paid."""
        left = add(inv, tile.cost, -1)
        if discount >= 0 and tile.cost[discount]:
            left = add(left, ONE[discount])
        if left[0] < 0 or left[1] < 0 or left[2] < 0 or left[3] < 0 or left[4] < 0:
            return None
        for _ in range(tile.cost_any):
            cube = self.cheapest_cube(left, castle)
            if cube < 0:
                return None
            left = take(left, cube)
        return left

    def build_options(
        self,
        kind: Kind,
        inv: Inv,
        discount: int = -1,
        castle: bool = False,
        taken: frozenset[int] = frozenset(),
    ) -> tuple[BuildOption, ...]:
        """(value gained, tile id, cubes left) of each tile of ``kind`` buildable out of ``inv``."""
        key = (kind, inv, discount, castle, taken)
        options = self._build_cache.get(key)
        if options is None:
            options = self._build_cache[key] = self._build_options(kind, inv, discount, castle, taken)
        return options

    def _build_options(
        self, kind: Kind, inv: Inv, discount: int, castle: bool, taken: frozenset[int]
    ) -> tuple[BuildOption, ...]:
        if kind is _PRESTIGE:
            if not self.residences:
                return ()
        elif self.free_lots <= len(taken):
            return ()
        here = self.worth(inv, castle=castle)
        s = self.s  # not its bound method in a local: compiled code calls a bound method through Python
        out = []
        for tile in TILES_OF_KIND[kind]:
            if s.supply(tile.id) <= (tile.id in taken):
                continue
            left = self.pay(inv, tile, discount, castle)
            if left is not None:
                value = self.tile_value(tile) + self.worth(left, castle=castle) - here
                out.append((value, tile.id, left))
        return tuple(out)

    def residence_value(self) -> float:
        """A new residence: 2 PP, a denier a turn, and a site for a prestige building."""
        value = TILES[RESIDENCE].pp + self.denier_rates[0] * max(0.0, self.turns_left - 1)
        if not self.residences and self.turns_left > 3:
            value += self.w.first_residence
        return value

    def lawyer_targets(self, denier_cost: int) -> list[tuple[float, int]]:
        """(value, space) of each residence the bot may make, the cloth and deniers not counted."""
        pending = self.s.pending_transforms
        out = []
        base = self.residence_value()
        for space in range(1, ROAD_LENGTH + 1):
            tile_id = self.s.tile_at(space)
            if tile_id is None or space in pending:
                continue
            tile = TILES[tile_id]
            if tile.kind is _NEUTRAL:
                keep = NEUTRAL_KEEP.get(tile.key, 1.0)
            elif tile.kind in _CRAFT_KINDS and self.s.owner_at(space) == self.seat:
                if tile.key == "lawyer":
                    continue
                keep = USE_VALUE.get(tile.key, 0.0) * self.future_uses() + 1.0
            else:
                continue
            out.append((base - keep, space))
        return out

    # ---- one worker's activation ----------------------------------------------------------------------
    def activate(self, space: int, inv: Inv, money: int, castle: bool, taken: frozenset[int]) -> Activation:
        """The bot's best use of its worker on ``space``: (PP gained, cubes, deniers, tiles built)."""
        key = (space, inv, money, castle, taken)
        result = self._activate_cache.get(key)
        if result is None:
            result = self._activate(space, inv, money, castle, taken)
            self._activate_cache[key] = result
        return result

    def _activate(self, space: int, inv: Inv, money: int, castle: bool, taken: frozenset[int]) -> Activation:
        tile_id = self.s.tile_at(space)
        if tile_id is None:
            return 0.0, inv, money, taken
        tile = TILES[tile_id]
        effect = tile.effect
        if effect is _PRODUCE:
            bundles = tile.produces
            if len(bundles) == 1:
                return 0.0, add(inv, bundles[0]), money, taken
            return 0.0, self.best_addition(inv, bundles, castle)[0], money, taken
        here = self.worth(inv, money, castle)
        if effect is _MARKET:
            cube = self.cheapest_cube(inv, castle)
            if cube >= 0 and self.worth(take(inv, cube), money + tile.price, castle) > here:
                return 0.0, take(inv, cube), money + tile.price, taken
            return 0.0, inv, money, taken
        if effect is _PEDDLER:
            price = tile.buy_prices[0]
            for _ in range(len(tile.buy_prices)):
                if money < price:
                    break
                bought, cubes_worth = self.best_addition(inv, ONE_NON_GOLD, castle)
                after = cubes_worth + self.deniers_worth(money - price)  # self.worth(bought, money - price)
                if after <= here:
                    break
                inv, money, here = bought, money - price, after
            return 0.0, inv, money, taken
        if effect in BUILDER_KIND:
            options = self.build_options(BUILDER_KIND[effect], inv, castle=castle, taken=taken)
            if options:
                best = options[0]  # the largest (max written out: see _later_worth)
                for candidate in options:
                    if candidate > best:
                        best = candidate
                value, built, left = best
                if value > 0:
                    return self.tile_value(TILES[built]), left, money, taken | {built}
            return 0.0, inv, money, taken
        if effect is _LAWYER:
            if inv[CLOTH] and money >= 1:
                targets = self.lawyer_targets(1)
                if targets:
                    value = max(targets)[0]
                    left = take(inv, CLOTH)
                    if value + self.worth(left, money - 1, castle) > here:
                        return value, left, money - 1, taken
            return 0.0, inv, money, taken
        if effect in TRADE_EFFECTS:
            best_option = (0.0, inv, money)
            best_total = here
            for option in (0, 1):
                result = self.trade(effect, option, inv, money, castle)
                if result is not None:
                    total = result[0] + self.worth(result[1], result[2], castle)
                    if total > best_total:
                        best_total, best_option = total, result
            return best_option[0], best_option[1], best_option[2], taken
        return 0.0, inv, money, taken

    def trade(
        self, effect: Effect, option: int, inv: Inv, money: int, castle: bool
    ) -> tuple[float, Inv, int] | None:
        """(PP gained, cubes, deniers) after a bank, alchemist, church, tailor or jeweller trade."""
        if effect is _BANK:
            price = (2, 5)[option]
            return None if money < price else (0.0, add(inv, ONE[GOLD], option + 1), money - price)
        if effect is _ALCHEMIST:
            count = (2, 4)[option]
            if sum(inv) < count:
                return None
            for _ in range(count):
                inv = take(inv, self.cheapest_cube(inv, castle))
            return 0.0, add(inv, ONE[GOLD], option + 1), money
        if effect is _CHURCH:
            price = (2, 4)[option]
            return None if money < price else (float((3, 5)[option]), inv, money - price)
        if effect is _TAILOR:
            count = (2, 3)[option]
            return None if inv[CLOTH] < count else (float((4, 6)[option]), take(inv, CLOTH, count), money)
        count = option + 1  # jeweller
        return None if inv[GOLD] < count else (float((5, 9)[option]), take(inv, GOLD, count), money)

    def plan(self, spaces: Sequence[int], inv: Inv, money: int, castle: bool) -> Outcome:
        """The bot's workers on ``spaces`` (in road order), then the castle if ``castle``."""
        key = (tuple(sorted(spaces)), inv, money, castle)
        outcome = self._plan_cache.get(key)
        if outcome is None:
            outcome = self._plan(key[0], inv, money, castle)
            self._plan_cache[key] = outcome
        return outcome

    def _plan(self, spaces: tuple[int, ...], inv: Inv, money: int, castle: bool) -> Outcome:
        gained = 0.0
        taken: frozenset[int] = frozenset()
        for space in spaces:
            pp, inv, money, taken = self.activate(space, inv, money, castle, taken)
            gained += pp
        batches = 0
        if castle and self.section is not None:
            batches = max_batches(inv[FOOD], (inv[WOOD], inv[STONE], inv[CLOTH], 1 if inv[GOLD] else 0))
        return Outcome(gained + self.worth(inv, money, castle), batches)

    def opponents_working(self, start: int, position: int) -> int:
        count = 0
        for space in range(start, position + 1):
            w = self.s.worker_at(space)
            if w is not None and w != self.seat:
                count += 1
        return count


class CaylusHeuristicAgent(ScoringAgent):
    """Scores every legal action of the pending decision in PP and takes the best."""

    game_title = "Caylus"
    state_type = CaylusState

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(seed, weights.jitter)
        self.weights = weights

    def score_actions(self, state: State, legal: list[int]) -> dict[int, float]:
        assert isinstance(state, CaylusState)
        seat = state.current_player
        assert seat is not None
        decision = state.pending_decision
        assert decision is not None
        return score(Reckoner(state, seat, self.weights), decision, legal)


def score(r: Reckoner, task: tuple[int, ...], legal: list[int]) -> dict[int, float]:
    """Each legal action of the pending decision ``task``, scored in PP (higher is better)."""
    kind = task[0]
    if kind in (D_PLACE, D_GATE):
        return place_scores(r, legal, free=kind == D_GATE)
    if kind in (D_GUILD, D_PROVOST):
        return provost_scores(r, legal, paid=kind == D_PROVOST)
    if kind == D_JOUST:
        return joust_scores(r)
    if kind == D_INN:
        return {A.PASS: 1.0, A.YES: 0.0}  # stay: the next placements cost 1 denier
    if kind == D_CASTLE:
        return castle_scores(r, legal)
    if kind in (D_ROW, D_COLUMN):
        return favour_scores(r, task, legal)
    if kind == D_RESIDENCE:
        return {a: -float(a) for a in legal}  # any residence will do: the first one
    return activation_scores(r, task, legal)


# ---- placing workers ---------------------------------------------------------------------------------
def pending_money(r: Reckoner) -> int:
    """The bot's deniers once its trading-post worker (if any) has been paid."""
    post = r.s.special_worker(_TRADING_POST)
    return r.money + (3 if post == [r.seat] else 0)


def provost_reach(r: Reckoner, spaces: Sequence[int], money: int) -> tuple[int, int]:
    """(bribe, furthest space working) with the provost bribed as far as ``spaces`` need and can be paid."""
    free_reach = r.provost + r.guild_moves
    furthest = 0
    for space in spaces:
        if space > furthest:
            furthest = space
    bribe = furthest - free_reach if furthest > free_reach else 0
    if bribe > 3 or bribe > money:
        bribe = 0
    return bribe, free_reach + bribe


def road_plan(r: Reckoner, spaces: Sequence[int], money: int, castle: bool) -> tuple[Outcome, int]:
    """The plan for workers on ``spaces`` with the provost bribed as far as it needs and can be paid:
    (outcome, furthest space working)."""
    bribe, reach = provost_reach(r, spaces, money)
    working = [s for s in spaces if s <= reach]
    return r.plan(working, r.cubes, money - bribe, castle), reach


def place_scores(r: Reckoner, legal: list[int], free: bool = False) -> dict[int, float]:
    """Each placement (or gate move) scored as its plan less the plan without it, against passing."""
    w, s = r.w, r.s
    money = pending_money(r)
    spaces = r.own_workers
    base, _ = road_plan(r, spaces, money, r.in_castle)
    first_to_pass = not s.passing_order and not free
    if s.inn[1] == r.seat:
        later_cost = 1
    elif r.n == 2:
        later_cost = 3
    else:
        later_cost = len(s.passing_order) + 2
    scores: dict[int, float] = {}
    withouts: dict[int, float] = {}  # the plan without the new worker, by placement cost
    for a in legal:
        if a == A.PASS:
            scores[a] = (r.money_gain(money, 1) if first_to_pass else 0.0) + w.min_gain
            continue
        target = a - A.PLACE
        own = 6 <= target < CASTLE_TARGET and s.owner_at(target - 5) == r.seat
        cost = 0 if free else s.placement_cost(r.seat, own)
        if not own and not free:
            # a place that costs more once someone passes is better taken before the bot's own buildings
            scores[a] = w.urgency * (later_cost - cost) * r.denier_rates[0]
        if target == CASTLE_TARGET:
            scores[a] = scores.get(a, 0.0) + castle_place_value(r, spaces, money - cost, base.value)
        elif target < 6:
            scores[a] = scores.get(a, 0.0) + special_value(
                r, _SPECIALS[target], spaces, money - cost, base.value
            )
        else:
            space = target - 5
            with_space = [*spaces, space]
            if space > provost_reach(r, with_space, money - cost)[1]:
                scores[a] = NEVER
                continue
            outcome, _ = road_plan(r, with_space, money - cost, r.in_castle)
            chance = 1.0 if space <= s.provost else w.late_chance
            owner = s.owner_at(space)
            gift = w.owner_gift / (r.n - 1) if owner is not None and owner != r.seat else 0.0
            without = withouts.get(cost)
            if without is None:
                without = withouts[cost] = road_plan(r, spaces, money - cost, r.in_castle)[0].value
            value = chance * (outcome.value - without) - gift + (without - base.value)
            scores[a] = scores.get(a, 0.0) + value
    return scores


def castle_place_value(r: Reckoner, spaces: Sequence[int], money: int, base: float) -> float:
    """A castle worker: only with a batch in hand or made by buildings the provost already reaches."""
    if r.section is None:
        return NEVER
    sure = [space for space in spaces if space <= r.s.provost]
    if r.plan(sure, r.cubes, money, castle=True).batches == 0:
        return NEVER
    outcome, _ = road_plan(r, spaces, money, castle=True)
    return outcome.value - base


def special_value(r: Reckoner, building: Special, spaces: Sequence[int], money: int, base: float) -> float:
    if building is _TRADING_POST:
        return road_plan(r, spaces, money + 3, r.in_castle)[0].value - base
    without = road_plan(r, spaces, money, r.in_castle)[0].value
    if building is _JOUST:
        if r.cubes[CLOTH] < 1 or money < 1:
            return NEVER
        after = (
            r.plan([], take(r.cubes, CLOTH), money - 1, False).value - r.plan([], r.cubes, money, False).value
        )
        return without - base + r.favour + after
    if building is _GUILD:
        return without - base + (r.w.guild if spaces else 0.0)
    if building is _STABLES:
        return without - base + r.w.stables * r.s.turn_order.index(r.seat)
    if building is _INN:
        if r.turns_left <= 2 or r.s.inn[1] == r.seat:
            return NEVER
        return without - base + r.w.inn
    return NEVER  # the gate: its free move is rarely worth a worker


# ---- the provost ---------------------------------------------------------------------------------------
def provost_scores(r: Reckoner, legal: list[int], paid: bool) -> dict[int, float]:
    per_opponent = r.w.opponent_activation / max(1, r.n - 1)
    money = pending_money(r) if r.phase <= 3 else r.money
    scores: dict[int, float] = {}
    for a in legal:
        delta = 0 if a == A.PASS else A.PROVOST_DELTAS[a - A.PROVOST]
        position = r.s.provost + delta
        cost = abs(delta) if paid else 0
        working = [s for s in r.own_workers if s <= position]
        value = r.plan(working, r.cubes, money - cost, r.in_castle).value
        scores[a] = value - per_opponent * r.opponents_working(1, position)
    return scores


def joust_scores(r: Reckoner) -> dict[int, float]:
    """A favour for 1 denier and 1 cloth, if the cloth is not worth more to the bot's plan."""
    working = [s for s in r.own_workers if s <= r.s.provost]
    paid = r.plan(working, take(r.cubes, CLOTH), r.money - 1, r.in_castle)
    unpaid = r.plan(working, r.cubes, r.money, r.in_castle)
    return {A.PASS: 0.0, A.YES: r.favour + paid.value - unpaid.value}


# ---- the activation phase ------------------------------------------------------------------------------
def activation_scores(r: Reckoner, task: tuple[int, ...], legal: list[int]) -> dict[int, float]:
    """A choice while buildings activate: its own effect plus the plan of the bot's later workers."""
    kind, castle = task[0], r.in_castle
    later = [s for s in r.own_workers if r.current_space < s <= r.s.provost]
    money, inv = r.money, r.cubes

    def then(pp: float, cubes: Inv, deniers: int) -> float:
        return pp + r.plan(later, cubes, deniers, castle).value

    scores: dict[int, float] = {}
    for a in legal:
        cube = a - A.CUBE
        if kind == D_PRODUCE:
            bundle = next(b for b in TILES[task[2]].produces if main_cube(b) == cube)
            scores[a] = then(0.0, add(inv, bundle), money)
        elif kind in (D_OWNER, D_TAKE):
            scores[a] = then(0.0, add(inv, ONE[cube]), money)
        elif kind == D_PAY:
            scores[a] = then(0.0, take(inv, cube), money)
        elif a == A.PASS:
            scores[a] = then(0.0, inv, money)
        elif kind == D_MARKET:
            scores[a] = then(0.0, take(inv, cube), money + task[2])
        elif kind == D_PEDDLER:
            scores[a] = then(0.0, add(inv, ONE[cube]), money - task[3])
        elif kind == D_BUILD:
            tile = TILES[A.BUILDABLE[a - A.BUILD]]
            left = r.pay(inv, tile, task[3], castle)
            scores[a] = NEVER if left is None else then(r.tile_value(tile), left, money)
        elif kind == D_LAWYER:
            targets = {A.target_space(space): v for v, space in r.lawyer_targets(task[2])}
            scores[a] = then(targets.get(a, NEVER), take(inv, CLOTH), money - task[2])
        elif kind == D_TRADE:
            result = r.trade(TRADE_EFFECTS[task[2]], a - A.OPTION, inv, money, castle)
            scores[a] = NEVER if result is None else then(*result)
    return scores


# ---- the castle ----------------------------------------------------------------------------------------
def castle_scores(r: Reckoner, legal: list[int]) -> dict[int, float]:
    """Give a batch when its PP beat what its cubes are worth kept for later; the first one always
    spares the 2 PP penalty."""
    first = r.s.batches_given(r.seat) == 0
    keep = r.worth(r.cubes)
    scores: dict[int, float] = {A.PASS: -CASTLE_PENALTY if first else 0.0}
    for a in legal:
        if a != A.PASS:
            x, y = A.BATCHES[a - A.BATCH]
            left = take(take(take(r.cubes, FOOD), x), y)
            scores[a] = r.section_pp + r.worth(left) - keep
    return scores


# ---- royal favours -------------------------------------------------------------------------------------
def favour_scores(r: Reckoner, task: tuple[int, ...], legal: list[int]) -> dict[int, float]:
    if task[0] == D_ROW:
        return {a: row_value(r, a - A.ROW) for a in legal}
    return {a: column_value(r, task[2], a - A.COLUMN + 1) for a in legal}


def row_value(r: Reckoner, row: int) -> float:
    marker = r.s.favour_columns(r.seat)[row]
    column = marker + 1 if marker < r.s.open_columns else marker
    if row == _ROW_PRESTIGE:
        value = float(FAVOUR_PP[column - 1])
    elif row == _ROW_DENIERS:
        value = r.money_gain(r.money, FAVOUR_DENIERS[column - 1])
    else:
        first = 1 if row == _ROW_RESOURCES else 2
        value = max([0.0, *(column_value(r, row, c) for c in range(first, column + 1))])
    if column > marker:
        value += r.w.advance[row] * max(0.0, r.turns_left - 1)
    return value


def column_value(r: Reckoner, row: int, column: int) -> float:
    inv, castle = r.cubes, r.in_castle and r.phase <= 6
    if row == _ROW_RESOURCES:
        if column == 1:
            return r.gain(inv, ONE[FOOD], castle)
        if column == 2:
            return max(r.gain(inv, ONE[WOOD], castle), r.gain(inv, ONE[STONE], castle))
        if column == 3:
            return r.gain(inv, ONE[CLOTH], castle)
        if column == 4:
            cube = r.cheapest_cube(inv, castle)
            if cube < 0:
                return NEVER
            left = take(inv, cube)
            for _ in range(2):
                left = r.best_addition(left, ONE_NON_GOLD, castle)[0]
            return r.worth(left, castle=castle) - r.worth(inv, castle=castle)
        return r.gain(inv, ONE[GOLD], castle)
    if row == _ROW_BUILDING:
        if column == 4:
            if not inv[CLOTH]:
                return NEVER
            best = max((v for v, _ in r.lawyer_targets(0)), default=NEVER)
            return best - (r.worth(inv, castle=castle) - r.worth(take(inv, CLOTH), castle=castle))
        kind, discount = {2: (_WOOD_KIND, WOOD), 3: (_STONE_KIND, STONE), 5: (_PRESTIGE, -1)}.get(
            column, (_WOOD_KIND, -2)
        )
        if discount == -2:
            return 0.0
        return max((v for v, _, _ in r.build_options(kind, inv, discount, castle)), default=0.0)
    if row == _ROW_PRESTIGE:
        return float(FAVOUR_PP[column - 1])
    return r.money_gain(r.money, FAVOUR_DENIERS[column - 1])


def make(game: str, seed: int) -> CaylusHeuristicAgent:
    return CaylusHeuristicAgent(seed)
