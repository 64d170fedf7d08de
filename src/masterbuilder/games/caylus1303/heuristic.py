"""``heuristic``: a fast, deterministic value-based bot for Caylus 1303.

Every decision is scored in prestige points (PP) from the bot's own seat, by one estimate:
:meth:`Reckoner.plan` says what a position is worth to the seat at the end of the current round. It
plays out the rest of the round for the seat alone, greedily and in rulebook order:

* the seat's pending effects on the task stack (a payment, a favour, a building being placed...),
* its workers on the road up to the provost (during planning: up to where its Toll worker or a bridge
  move it can pay for takes the provost; workers just before the provost lose a little for the chance
  that a later mover cuts them off), each making the best use of its building: production, a build with
  the Carpenter or the Stonemason, a Notary claim, a trade, the Fair's favour,
* its delivery (the best bundles; the favour for most bundles when they should beat the bundles the
  others hold; the cost of a monument kept back when a residence waits for one), its monuments and its
  recruitment,

and adds what is left at what it will be worth in the rounds after this one: resources by the bundles
they make (a resource still missing from the next bundle costs about a worker), workers by how many the
next round can use, and the seat's buildings, residences, monuments and characters by the rounds left.
In the last round only gold counts (2 PP each), as at the end of the game.

A worker placement is worth the plan with that worker less the plan without it (the workers it costs are
in the plan), less the PP it gives another owner. One resource rarely pays for a worker, while three
resources and a construction-site worker make a bundle, so a short greedy search also adds simple
placements (production, the site) one after another and credits the first of the best series with the
whole series. Passing is worth the plan as it stands, plus a little for being the first to pass.
Every other decision is scored by copying the state, taking the action and valuing the copy; provost
moves also count the opponents' workers they switch on or off, and taking another seat's character what
that seat loses.

Hidden information: the only PP the bot reads are its own (``prestige(seat)`` and its own entry of the
state's PP list); everything else it reads (resources, workers, buildings, characters, the task stack) is
public. It reads the state's fields directly, for speed. Ties between equal scores are broken by a tiny
seeded jitter, so the bot is deterministic for a seed.

The bot is the search bot's rollout policy, so it is the hot path: the plans of one decision share what
they can (the seat's part of the task stack, what it reads of the board, the ends of plans that end
alike), and the estimates of resources are cached across decisions. A cache must never change a value,
not even in the last bit (the order of additions is kept): the tests pin whole self-play games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from masterbuilder.agents.scoring import NEVER, ScoringAgent
from masterbuilder.core.state import State
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    BUNDLES,
    NOTHING,
    RECRUITMENT,
    ROAD_LENGTH,
    ROUNDS,
    START_SPACES,
    STONE_TILES,
    TILES,
    WOOD_TILES,
    WORKERS_TOTAL,
    Char,
    Effect,
    Family,
    Get,
    Pay,
    Side,
    is_standard_bundle,
)
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BOARD_CHAR,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
    GET_GOLD,
    GET_PP,
    NOBODY,
    T_ACTIVATE,
    T_BOARD_CHAR,
    T_BRIDGE,
    T_DELIVERY,
    T_GET,
    T_LATE,
    T_MONUMENTS,
    T_PLACE_TILE,
    T_RECRUIT,
    T_RETURN,
    T_USE,
)

Inv = tuple[int, int, int, int, int]  # food, wood, stone, cloth, gold
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4
NON_GOLD: Final = (FOOD, WOOD, STONE, CLOTH)
TOLL_SPACE: Final = 4

# delivery / worth flags
F_CHAMBERLAIN, F_FOREMAN, F_GOLDSMITH, F_NOTARY = 1, 2, 4, 8

STANDARD_BUNDLES: Final[tuple[Inv, ...]] = tuple(b for b in BUNDLES if is_standard_bundle(b))


@dataclass(frozen=True)
class Weights:
    """The knobs of the value estimates, in PP."""

    bundle_share: float = 0.8  # a bundle kept for a later round, as a share of its PP
    missing: float = 1.1  # what a resource still missing from a planned bundle costs to get
    spare: tuple[float, float, float, float] = (0.8, 0.6, 0.6, 0.6)  # a resource in no bundle
    spare_more: float = 0.5  # share of the spare rate for the 4th and later resource of a kind
    gold: float = 0.6  # a gold's worth above its 2 PP at the end, while monuments can still use it
    notary_cloth: float = 1.5  # the first cloth, while a start building can still be claimed
    worker: tuple[float, float, float] = (0.7, 0.8, 0.9)  # a worker, 1 / 2 / 3+ rounds left
    taper: tuple[int, int] = (8, 11)  # workers in hand at full value, then at 0.7, then 0.4
    residence: float = 1.5  # a residence, per round left (its worker)
    monument_option: float = 1.0  # a residence that can still become a monument
    use_rate: float = 0.8  # share of the table's use value an own building is worth per round left
    spot: float = 0.25  # share of a start building's use lost per round left when it is claimed
    favour: float = 3.0  # a favour, when it cannot be worked out
    pass_first: float = 0.8  # being the first to pass (first player next round, others pay 2)
    min_gain: float = 0.05  # a placement must be worth this much more than passing
    taken: float = 0.4  # chance another seat takes a place before the seat's next turn
    risk: tuple[float, float, float] = (0.3, 0.2, 0.1)  # chance a hostile mover cuts the last spaces
    risk_value: float = 1.5  # what a worker cut off by the provost loses
    opponent_worker: float = 1.3  # an opponent's worker that works (provost moves)
    jitter: float = 1e-6


DEFAULT_WEIGHTS: Final = Weights()

# the enum members the planning reads, as module constants: reading an enum class's attribute costs about
# ten times a module constant's look-up in CPython 3.11 (60 against 6 ns); mypyc reads a Final natively
_ARCHITECT: Final = int(Char.ARCHITECT)
_CHAMBERLAIN: Final = int(Char.CHAMBERLAIN)
_DAY_LABORER: Final = int(Char.DAY_LABORER)
_DELIVERYMAN: Final = int(Char.DELIVERYMAN)
_FOREMAN: Final = int(Char.FOREMAN)
_GOLDSMITH: Final = int(Char.GOLDSMITH)
_STEWARD: Final = int(Char.STEWARD)
_THIEF: Final = int(Char.THIEF)
_E_GAIN: Final = Effect.GAIN
_E_FAVOUR: Final = Effect.FAVOUR
_E_CHOOSE: Final = Effect.CHOOSE
_E_SELL_WORKER: Final = Effect.SELL_WORKER
_E_FAIR: Final = Effect.FAIR
_E_NOTARY: Final = Effect.NOTARY
_E_CARPENTER: Final = Effect.CARPENTER
_E_STONEMASON: Final = Effect.STONEMASON
_E_TRADE: Final = Effect.TRADE
_NO_CHOICE: Final = (Effect.NONE, Effect.BRIDGE, Effect.TOLL)  # tiles whose use the plan skips
_START_FAMILY: Final = Family.START
_MONUMENT_FAMILY: Final = Family.MONUMENT
_PAY_RES: Final = Pay.RES
_PAY_ANY: Final = Pay.ANY
_GET_PP: Final = Get.PP
_GET_GOLD: Final = Get.GOLD

# PP a character is worth per round left.
CHAR_RATE: Final[dict[int, float]] = {
    Char.EARLY_RISER: 0.4,
    Char.NIGHT_WORKER: 0.5,
    Char.JOURNEYMAN: 0.3,
    Char.THIEF: 0.3,
    Char.STEWARD: 0.6,
    Char.BAILIFF: 0.5,
    Char.ARCHITECT: 0.7,
    Char.DELIVERYMAN: 0.9,
    Char.CHAMBERLAIN: 1.2,
    Char.FOREMAN: 1.6,
    Char.GOLDSMITH: 0.8,
    Char.DAY_LABORER: 1.0,
}

# PP an own wood or stone building brings per round left (its use, the owner's PP), before use_rate.
USE_VALUE: Final[dict[str, float]] = {
    "covered_market": 2.0,
    "market": 1.2,
    "manor": 2.0,
    "tailor": 1.6,
    "stonemason": 1.8,
    "wood_farm": 2.0,
    "wood_sawmill": 1.5,
    "wood_quarry": 1.6,
    "spinning_mill": 1.6,
    "stone_farm": 2.6,
    "stone_sawmill": 2.2,
    "stone_quarry": 2.2,
    "gold_mine": 2.0,
    "foundry": 1.6,
    "alchemist": 1.6,
    "stone_guild": 2.2,
    "church": 1.6,
    "jeweller": 1.6,
}
# what a start building is worth as a place to work, per round (lost when it becomes a residence)
SPOT_VALUE: Final[dict[str, float]] = {
    "start_farm": 2.0,
    "start_sawmill": 1.5,
    "start_quarry": 1.5,
    "start_carpenter": 1.2,
    "start_market": 0.8,
    "guild_3": 1.5,
    "guild_4": 1.5,
}
_USE: Final = tuple(USE_VALUE.get(t.key, 0.0) for t in TILES)


def _spot_key(key: str) -> str:
    """``start_farm_2`` -> ``start_farm`` (the copies of a start tile share a value)."""
    head, _, tail = key.rpartition("_")
    return head if tail.isdigit() and head.startswith("start_") else key


_SPOT: Final = tuple(SPOT_VALUE.get(_spot_key(t.key), 0.0) for t in TILES)
_FAMILY: Final = tuple(t.family for t in TILES)
MONUMENTS: Final = tuple(t.id for t in TILES if t.family is Family.MONUMENT)


def inv5(x: list[int]) -> Inv:
    # a list, not a union with Inv: compiled code indexes a list natively, a union by the generic protocol
    return (x[0], x[1], x[2], x[3], x[4])


class Economy:
    """Pure, cached estimates of resources: their worth after the round and the best deliveries."""

    def __init__(self, w: Weights) -> None:
        self.w = w
        # caches by (rounds left, flags), then by resources
        self._worth: dict[tuple[int, int], dict[Inv, float]] = {}
        self._best: dict[tuple[int, int], dict[Inv, float]] = {}
        self._deliver: dict[tuple[Inv, int, int], tuple[tuple[float, Inv], ...]] = {}
        self._hands: dict[int, dict[int, float]] = {}

    def worth_cache(self, k: int, flags: int) -> dict[Inv, float]:
        """The cache of :meth:`worth` for ``k`` and ``flags`` (empty while ``k`` is 0)."""
        return self._worth.setdefault((k, flags), {})

    def best_cache(self, k: int, flags: int) -> dict[Inv, float]:
        """The cache of :meth:`best_delivery` for ``k`` and ``flags``."""
        return self._best.setdefault((k, flags), {})

    def hands(self, k: int) -> dict[int, float]:
        """The cache of :meth:`workers` for ``k`` rounds left, by hand."""
        return self._hands.setdefault(k, {})

    def worker_rate(self, k: int) -> float:
        """A worker at full value, with ``k`` rounds left after this one."""
        if k <= 0:
            return 0.0
        return self.w.worker[min(k, 3) - 1]

    def workers(self, hand: int, k: int) -> float:
        """What ``hand`` workers in the supply at the start of the next round are worth."""
        if k <= 0 or hand <= 0:
            return 0.0
        base = self.worker_rate(k)
        full, mid = self.w.taper
        h = min(hand, WORKERS_TOTAL)
        return base * (min(h, full) + 0.7 * max(0, min(h, mid) - full) + 0.4 * max(0, h - mid))

    def worth(self, inv: Inv, k: int, flags: int) -> float:
        """Resources kept after this round, with ``k`` rounds left after it."""
        if k <= 0:
            return 2.0 * inv[GOLD]
        cache = self.worth_cache(k, flags)
        cached = cache.get(inv)
        if cached is not None:
            return cached
        w = self.w
        bv = (BUNDLE_PP + (1 if flags & F_FOREMAN else 0)) * w.bundle_share
        food, wood, stone, cloth, gold = inv
        best = NEVER
        top = food + wood + stone + cloth
        if flags & F_CHAMBERLAIN:
            full = top // 3
        else:
            others = wood + stone + cloth
            # max(0, min(food, others // 2, others - max(wood, stone, cloth))), written out as below
            most = wood if wood >= stone else stone
            if cloth > most:
                most = cloth
            full = food
            if others // 2 < full:
                full = others // 2
            if others - most < full:
                full = others - most
            if full < 0:
                full = 0
        # min, max and sorted written out: in the compiled build each call of the builtins parses its
        # keyword arguments, and this runs for every new inventory of a search's rollouts
        for nb in range(0, full + 2):  # the bundles at hand and one more, with what it misses
            left = [food, wood, stone, cloth]
            if flags & F_CHAMBERLAIN:
                need = 3 * nb
                missing = need - top if need > top else 0
                take = need - missing
                # take from the most plentiful kinds (the first of equals)
                for _ in range(take):
                    i = 0
                    for j in range(1, 4):
                        if left[j] > left[i]:
                            i = j
                    left[i] -= 1
                cost = missing * w.missing
            else:
                miss_food = nb - food if nb > food else 0
                left[FOOD] -= nb - miss_food
                room = 2 * nb
                # the other kinds, most plentiful first (equals in the order wood, stone, cloth)
                a, b, c = WOOD, STONE, CLOTH
                if left[b] > left[a]:
                    a, b = b, a
                if left[c] > left[b]:
                    b, c = c, b
                    if left[b] > left[a]:
                        a, b = b, a
                for i in (a, b, c):
                    used = left[i]
                    if nb < used:
                        used = nb
                    if room < used:
                        used = room
                    left[i] -= used
                    room -= used
                cost = (miss_food + room) * w.missing
            spare = 0.0
            for i in range(4):
                n = left[i]
                spare += w.spare[i] * (n if n <= 3 else 3 + w.spare_more * (n - 3))
            value = nb * bv - cost + spare
            if value > best:
                best = value
        if flags & F_NOTARY and cloth:
            best += w.notary_cloth
        best += gold * (2.0 + (w.gold if k > 0 else 0.0))
        if len(cache) > 300_000:
            cache.clear()
        cache[inv] = best
        return best

    def best_delivery(self, inv: Inv, k: int, flags: int) -> float:
        """The best of :meth:`deliveries`."""
        cache = self.best_cache(k, flags)
        best = cache.get(inv)
        if best is None:
            options = self.deliveries(inv, k, flags)
            best = options[0][0]
            for v, _ in options:
                if v > best:
                    best = v
            if len(cache) > 300_000:
                cache.clear()
            cache[inv] = best
        return best

    def deliveries(self, inv: Inv, k: int, flags: int) -> tuple[tuple[float, Inv], ...]:
        """For each number of bundles delivered now (0, 1, ...): the best PP of the bundles plus the
        worth of what is left, and what is left."""
        key = (inv, k, flags)
        cached = self._deliver.get(key)
        if cached is not None:
            return cached
        kept = flags & ~F_GOLDSMITH
        table: list[tuple[float, Inv]] = [(self.worth(inv, k, kept), inv)]
        pp_base = BUNDLE_PP + (1 if flags & F_FOREMAN else 0)
        for b in BUNDLES if flags & F_CHAMBERLAIN else STANDARD_BUNDLES:
            if not (
                inv[0] >= b[0] and inv[1] >= b[1] and inv[2] >= b[2] and inv[3] >= b[3] and inv[4] >= b[4]
            ):
                continue
            rest: Inv = (inv[0] - b[0], inv[1] - b[1], inv[2] - b[2], inv[3] - b[3], inv[4] - b[4])
            pp = pp_base
            sub_flags = flags
            if flags & F_GOLDSMITH and b[GOLD]:
                pp += 5
                sub_flags = flags & ~F_GOLDSMITH
            for c, (value, left) in enumerate(self.deliveries(rest, k, sub_flags)):
                if c + 1 < len(table):
                    if pp + value > table[c + 1][0]:
                        table[c + 1] = (pp + value, left)
                else:
                    table.append((pp + value, left))
        result = tuple(table)
        if len(self._deliver) > 300_000:
            self._deliver.clear()
        self._deliver[key] = result
        return result


# the economy of each Weights object in use, by its id (the object is kept, so its id is not reused while it
# is here): hashing the weights themselves, a dataclass, and comparing them field by field on every decision
# cost more than many of its estimates
_ECONOMIES: Final[dict[int, tuple[Weights, Economy]]] = {}


def economy(w: Weights) -> Economy:
    entry = _ECONOMIES.get(id(w))
    if entry is None:
        if len(_ECONOMIES) >= 64:
            _ECONOMIES.clear()  # bound the memory of a long-running process
        entry = _ECONOMIES[id(w)] = (w, Economy(w))
    return entry[1]


class Sim:
    """The seat's side of the rest of the round, played out greedily."""

    __slots__ = ("assets", "built", "camp", "claimed", "hand", "houses", "inv", "pp", "used")

    def __init__(self, inv: list[int], hand: int, camp: int, pp: float, houses: int) -> None:
        self.inv = inv
        self.hand = hand
        self.camp = camp
        self.pp = pp
        self.houses = houses
        self.assets = 0.0  # future worth of what the plan built or claimed
        self.built: list[int] = []  # tiles built in the plan
        self.claimed: list[int] = []  # start spaces claimed in the plan
        self.used: list[int] = []  # monuments built in the plan

    def copy(self) -> Sim:
        c = Sim(self.inv.copy(), self.hand, self.camp, self.pp, self.houses)
        c.assets = self.assets
        c.built = self.built.copy()
        c.claimed = self.claimed.copy()
        c.used = self.used.copy()
        return c


class Tail:
    """What is left of the round after the road: the delivery, monuments from a space, recruitment.
    (Plain classes here and in :class:`Pending`, not named tuples or dataclasses: their generated
    ``__new__`` and ``__init__`` stay interpreted Python in the compiled build, and a search makes
    thousands of them.)"""

    def __init__(self, deliver: bool, mon_from: int, recruit: bool, reach: int) -> None:
        self.deliver = deliver
        self.mon_from = mon_from
        self.recruit = recruit
        self.reach = reach  # the last road space the seat's workers are counted on

    def delivering(self, deliver: bool) -> Tail:
        return Tail(deliver, self.mon_from, self.recruit, self.reach)


# what the end of a plan depends on: resources, workers, claims, monuments built, and the tail's first three
PlanEnd = tuple[Inv, int, tuple[int, ...], tuple[int, ...], bool, int, bool]


class Pending:
    """What the task stack holds for the seat: its pending effects already played on ``sim`` (to be
    copied), and what the rest of the round brings (see :meth:`Reckoner.prepare`)."""

    def __init__(
        self,
        sim: Sim,
        deliver: bool,
        site_delivery: bool,
        mon_from: int,
        recruit: bool,
        activating: bool,
        bridge_open: bool,
        movers: float,
        toll: bool,
    ) -> None:
        self.sim = sim
        self.deliver = deliver
        self.site_delivery = site_delivery  # a delivery is still to come: a worker at the site delivers
        self.mon_from = mon_from
        self.recruit = recruit
        self.activating = activating
        self.bridge_open = bridge_open
        self.movers = movers
        self.toll = toll


# a worker on a road space: the space, its tile, 1 if it works on the tile's setup side, that side
Use = tuple[int, int, int, Side]


def use_at(st: Caylus1303State, space: int) -> Use:
    tile = st._road[space]
    if st._owner[space] == NOBODY:
        return (space, tile, 1, TILES[tile].setup)
    return (space, tile, 0, TILES[tile].built)


def _space(use: Use) -> int:
    return use[0]


class Board:
    """What the plans read of one state for the seat, worked out once: a decision's plans all start from
    the same state."""

    __slots__ = ("empty", "homes", "monuments", "recruit_goods", "recruit_workers", "uses")

    def __init__(self, r: Reckoner, st: Caylus1303State) -> None:
        seat = r.seat
        road, owner, w1, w2 = st._road, st._owner, st._w1, st._w2
        # the seat's workers on the road, in road order
        self.uses = [use_at(st, s) for s in range(1, ROAD_LENGTH + 1) if w1[s] == seat or w2[s] == seat]
        self.homes: list[int] = []  # the seat's residences
        workers = RECRUITMENT[r.n] + (1 if _DAY_LABORER in r.chars else 0)
        goods = [0, 0, 0, 0, 0]
        for s in START_SPACES:
            if owner[s] != seat:
                continue
            t = TILES[road[s]]
            if t.family is _START_FAMILY:
                self.homes.append(s)
            else:
                workers += t.recruit_workers
                for i in range(5):
                    goods[i] += t.recruit_res[i]
        self.recruit_workers = workers  # the recruitment, apart from residences and the plan's monuments
        self.recruit_goods = goods
        self.monuments = [m for m in MONUMENTS if st._supply[m]]
        self.empty = sum(1 for s in range(14, ROAD_LENGTH + 1) if road[s] < 0)  # building spaces


class Reckoner:
    """Values for one seat at one decision (the state at the decision is the base)."""

    def __init__(self, state: Caylus1303State, seat: int, w: Weights) -> None:
        self.s = state
        self.seat = seat
        self.w = w
        self.e = economy(w)
        self.n = state.num_players
        self.round = max(1, state.round)
        self.k = ROUNDS - self.round  # rounds after this one
        self.opp_weight = 1.0 / (self.n - 1)
        self.chars = set(state.characters_of(seat))
        self.architect = 1 if _ARCHITECT in self.chars else 0
        flags = 0
        if _CHAMBERLAIN in self.chars:
            flags |= F_CHAMBERLAIN
        if _FOREMAN in self.chars:
            flags |= F_FOREMAN
        # cloth is worth more while a start building can still be claimed with it
        if self.k >= 2 and state._houses[seat] > 0 and any(state._owner[s] == NOBODY for s in START_SPACES):
            self.fflags = flags | F_NOTARY  # the worth of what is kept for later rounds
        else:
            self.fflags = flags
        self.flags = flags
        goldsmith = _GOLDSMITH in self.chars and not state.goldsmith_used
        self.dflags = flags | (F_GOLDSMITH if goldsmith else 0)
        self.deliveryman = _DELIVERYMAN in self.chars
        self._favour: float | None = None
        self._opp_bundles: int | None = None
        self._pending: dict[int, Pending] = {}  # the base state's stack, by placement cost
        self._board: Board | None = None  # the base state's
        self._other: tuple[Caylus1303State, Board] | None = None  # the last other state's
        self._assets: float | None = None  # the base state's
        self._hands = self.e.hands(self.k)
        self._best_now = self.e.best_cache(self.k, self.dflags)  # the economy's caches, for inv_value
        self._worth_later = self.e.worth_cache(self.k, self.flags)
        self._residence = self.k * w.residence * self.e.worker_rate(self.k) + (
            w.monument_option if self.k >= 1 else 0.0
        )
        self._monument_gains: dict[int, float] = {}
        self._bundles: dict[Inv, tuple[float, Inv]] = {}  # the base state's deliveries, without a monument
        self._admin: dict[PlanEnd, tuple[list[float], float, float]] = {}  # the base state's, by plan end

    def board(self, st: Caylus1303State) -> Board:
        if st is self.s:
            if self._board is None:
                self._board = Board(self, st)
            return self._board
        if self._other is None or self._other[0] is not st:
            self._other = (st, Board(self, st))
        return self._other[1]

    # ---- small estimates ----------------------------------------------------------------------------
    def workers(self, hand: int) -> float:
        """:meth:`Economy.workers`, with the rounds left after this one."""
        v = self._hands.get(hand)
        if v is None:
            v = self._hands[hand] = self.e.workers(hand, self.k)
        return v

    def worker_margin(self, hand: int) -> float:
        """The next worker's worth for a hand of ``hand``."""
        return self.workers(hand + 1) - self.workers(hand)

    def bundles_needed(self) -> int:
        """How many bundles this round win the seat the favour for most bundles: one more than any other
        seat is expected to deliver, or as many if the seat ranks first in a tie (the earlier lot)."""
        if self._opp_bundles is None:
            st = self.s
            site = st._site
            dm = st.character_holder(_DELIVERYMAN)
            rank = {p: i for i, p in enumerate(site)}
            mine = rank.get(self.seat, len(site))
            # lots before ``next_lot`` have delivered; the Deliveryman delivers once more at the end
            next_lot, late_done = 0, st._phase > 3
            if st._phase == 3:
                next_lot, late_done = len(site), True
                for t in st._stack:
                    if t[0] == T_DELIVERY:
                        next_lot = min(next_lot, t[1] - 1)
                    elif t[0] == T_LATE or (t[0] == D_DELIVER and t[2]):
                        late_done = False
            needed = 1
            for p in range(self.n):
                if p == self.seat or (p not in rank and dm != p):
                    continue
                b = st._bundles[p]
                if rank.get(p, len(site)) >= next_lot or (dm == p and not late_done):
                    r = st._res[p]
                    if st.character_holder(_CHAMBERLAIN) == p:
                        b += sum(r) // 3
                    else:
                        others = r[1] + r[2] + r[3] + r[4]
                        b += max(0, min(r[0], others // 2, others - max(r[1:])))
                needed = max(needed, b + (1 if rank.get(p, len(site)) < mine else 0))
            self._opp_bundles = needed
        return self._opp_bundles

    def favour_value(self) -> float:
        """The best favour for the seat now: a character from another seat, or a construction-site tile."""
        if self._favour is None:
            self._favour = self.w.favour  # guards against recursion
            st = self.s
            best = 0.0
            k1 = self.k + 0.5
            for c, rate in CHAR_RATE.items():
                holder = st.character_holder(c)
                if holder is not None and holder != self.seat:
                    best = max(best, rate * k1 * (1 + self.opp_weight))
            board = max((CHAR_RATE[c] * k1 for c in st.board_characters), default=0.0)
            for k in range(st.open_slots):
                sim = self.base_sim(st)
                before = self.close(sim, st, deliver=False)
                sim = self.base_sim(st)
                self.effect(sim, st, st._slots[k], 1)
                after = self.close(sim, st, deliver=False)
                best = max(best, after - before + board)
            self._favour = best
        return self._favour

    def base_sim(self, st: Caylus1303State, cost: int = 0) -> Sim:
        seat = self.seat
        return Sim(
            list(st._res[seat]),
            st._hand[seat] - cost,
            st._camp[seat] + max(0, cost - 1),
            float(st._pp[seat]),
            st._houses[seat],
        )

    def inv_value(self, inv: list[int], deliver: bool) -> float:
        """Resources at hand before the delivery (``deliver``: the seat still delivers this round)."""
        t: Inv = (inv[0], inv[1], inv[2], inv[3], inv[4])
        if deliver:
            v = self._best_now.get(t)
            return self.e.best_delivery(t, self.k, self.dflags) if v is None else v
        v = self._worth_later.get(t)
        return self.e.worth(t, self.k, self.flags) if v is None else v

    def close(self, sim: Sim, st: Caylus1303State, deliver: bool) -> float:
        """A quick end of a partial plan: PP so far, resources and workers (no admin)."""
        return sim.pp + sim.assets + self.inv_value(sim.inv, deliver) + self.workers(sim.hand)

    def building_value(self, tile: int) -> float:
        """An own wood or stone building: its PP on building and its future use."""
        t = TILES[tile]
        return t.pp + self.architect + self.k * self.w.use_rate * _USE[tile]

    def residence_value(self) -> float:
        """A residence for the rounds after this one."""
        return self._residence

    def monument_value(self, tile: int) -> float:
        """A monument's future (not its PP): its recruitment bonus for the rounds after this one."""
        t = TILES[tile]
        v = t.recruit_workers * self.e.worker_rate(self.k) * self.k
        v += self.k * (t.recruit_res[FOOD] * self.w.spare[FOOD] * 1.5 + t.recruit_res[CLOTH] * 1.0)
        return v

    def assets(self, st: Caylus1303State) -> float:
        """The seat's buildings, residences, monuments and characters, for the rounds after this one."""
        if st is not self.s:
            return self.count_assets(st)
        if self._assets is None:
            self._assets = self.count_assets(st)
        return self._assets

    def count_assets(self, st: Caylus1303State) -> float:
        seat = self.seat
        total = 0.0
        resid = self.residence_value()
        for space in range(START_SPACES[0], ROAD_LENGTH + 1):
            if st._owner[space] != seat:
                continue
            tile = st._road[space]
            family = _FAMILY[tile]
            if family is _START_FAMILY:
                total += resid - self.spot_loss(st, space)
            elif family is _MONUMENT_FAMILY:
                total += self.monument_value(tile)
            else:
                total += self.k * self.w.use_rate * _USE[tile]
        for c in st.characters_of(seat):
            total += self.k * CHAR_RATE[c]
        return total

    # ---- the value of a state -----------------------------------------------------------------------
    def value(self, st: Caylus1303State) -> float:
        """What ``st`` is worth to the seat (a state reached from the base by the seat's action): the plan
        of the round; once the round is over (recruitment done), what is kept for the rounds after."""
        if st.is_terminal:
            return float(st.prestige(self.seat))
        if st.round > self.round:  # the round ended: recruitment is done
            seat = self.seat
            r = st._res[seat]
            inv: Inv = (r[0], r[1], r[2], r[3], r[4])
            return (
                st.prestige(seat)
                + self.e.worth(inv, self.k, self.fflags)
                + self.workers(st._hand[seat])
                + self.assets(st)
            )
        return self.plan(st)

    def plan(self, st: Caylus1303State, extra: int = 0, cost: int = 0) -> float:
        """The rest of the round for the seat; ``extra`` is a worker to place now (a road space, or -1 for
        the construction site) at ``cost`` workers."""
        sim, tail = self.prepare(st, extra, cost)
        return self.finish(sim, st, tail)

    def prepare(self, st: Caylus1303State, extra: int = 0, cost: int = 0) -> tuple[Sim, Tail]:
        """The seat's pending effects and its workers on the road; what is left to do after them."""
        p = self.pending(st, cost)
        sim = p.sim.copy()
        deliver = p.deliver or (extra == -1 and p.site_delivery)
        reach = st._provost
        if p.activating:
            toll = p.toll or extra == TOLL_SPACE
            reach = self.road(sim, st, extra, deliver, p.bridge_open, p.movers, toll)
        return sim, Tail(deliver, p.mon_from, p.recruit, reach)

    def pending(self, st: Caylus1303State, cost: int) -> Pending:
        """The stack's part of :meth:`prepare`; for the base state it is worked out once per cost."""
        if st is not self.s:
            return self.read_stack(st, cost)
        p = self._pending.get(cost)
        if p is None:
            p = self._pending[cost] = self.read_stack(st, cost)
        return p

    def read_stack(self, st: Caylus1303State, cost: int) -> Pending:
        """The seat's pending effects played on a fresh plan, and what the stack says of the rest."""
        seat = self.seat
        w = self.w
        sim = self.base_sim(st, cost)
        stack = st._stack
        phase = st._phase
        deliver = site_delivery = recruit = activating = False
        mon_from = 99
        bridge_at = -1  # the T_BRIDGE index still to come, if any
        activate_from = 99
        # what waits on the stack, top first
        for idx in range(len(stack) - 1, -1, -1):
            t = stack[idx]
            kind = t[0]
            mine = len(t) > 1 and t[1] == seat
            if kind == T_ACTIVATE:
                activating = True
                activate_from = t[1]
            elif kind == T_BRIDGE:
                bridge_at = t[1]
            elif kind in (D_EFFECT, T_USE) and mine:
                below = stack[idx - 1] if idx > 0 else ()
                if not (below and below[0] == T_RETURN and below[1] == seat):
                    self.effect(sim, st, t[2], t[3])
            elif kind == D_PAY and mine:
                self.pay_any(sim)
            elif kind == T_PLACE_TILE and mine:
                sim.pp += TILES[t[2]].pp + self.architect
                sim.assets += self.k * w.use_rate * _USE[t[2]]
                sim.houses -= 1
                sim.built.append(t[2])
            elif kind == T_GET and mine:
                self.get(sim, t[2], t[3])
            elif kind == D_FAVOUR and mine:
                sim.pp += self.favour_value()
            elif kind in (T_BOARD_CHAR, D_BOARD_CHAR) and mine:
                sim.pp += max((CHAR_RATE[c] * self.k for c in st.board_characters), default=0.0)
            elif kind == D_DELIVER and mine:
                deliver = True
            elif kind == T_DELIVERY:
                # a worker placed on the construction site now delivers too
                site_delivery = True
                deliver = deliver or seat in st._site[t[1] :] or self.deliveryman
            elif kind == T_LATE:
                deliver = deliver or self.deliveryman
            elif kind == T_MONUMENTS:
                mon_from = min(mon_from, t[1])
            elif kind == D_MONUMENT and mine:
                mon_from = min(mon_from, t[2])
            elif kind == T_RECRUIT:
                recruit = True
        # who may still move the provost at the bridge, and whether the seat may
        bridge_open, movers = False, 0.0
        if phase == 1:
            bridge_open, movers = True, 0.5 * (self.n - 1)
        elif bridge_at >= 0 or activate_from <= BRIDGE_SPACE:
            later = st._passed[max(0, bridge_at) :]
            if seat in later:
                bridge_open = True
                movers = float(len(later) - later.index(seat) - 1)
            else:
                movers = float(len(later))
        toll = activate_from <= TOLL_SPACE and seat in (st._w1[TOLL_SPACE], st._w2[TOLL_SPACE])
        return Pending(sim, deliver, site_delivery, mon_from, recruit, activating, bridge_open, movers, toll)

    def finish(self, sim: Sim, st: Caylus1303State, tail: Tail, assets: float | None = None) -> float:
        """The delivery, the administration, and the worth of what is left for the rounds after (``sim``
        is left as it is)."""
        if st is self.s:  # plans of the base state often end alike
            key = (
                inv5(sim.inv),
                sim.hand,
                tuple(sim.claimed),
                tuple(sim.used),
                tail.deliver,
                tail.mon_from,
                tail.recruit,
            )
            done = self._admin.get(key)
            if done is None:
                done = self._admin[key] = self.administer(sim.copy(), st, tail)
        else:
            done = self.administer(sim.copy(), st, tail)
        gains, kept, hand = done
        pp = sim.pp
        for x in gains:  # one by one, as the plan would add them
            pp += x
        return pp + sim.assets + (self.assets(st) if assets is None else assets) + kept + hand

    def administer(self, sim: Sim, st: Caylus1303State, tail: Tail) -> tuple[list[float], float, float]:
        """The PP of the delivery and monuments, in the order they come, then the worth of the resources
        and of the workers left after the recruitment (``sim`` is used up)."""
        gains: list[float] = []
        if tail.deliver:
            gains.append(self.deliver(sim, st, tail.mon_from))
        if tail.mon_from < 99:
            self.monuments(sim, st, tail.mon_from, gains)
        if tail.recruit:
            self.recruit(sim, st)
        return gains, self.e.worth(inv5(sim.inv), self.k, self.fflags), self.workers(sim.hand)

    def deliver(self, sim: Sim, st: Caylus1303State, mon_from: int) -> float:
        """The best bundles, counting the favour for most bundles when they should beat the others', and
        keeping back the cost of a monument when that is worth more (a residence waits for one)."""
        inv = inv5(sim.inv)
        options: list[tuple[float, Inv]] = [(0.0, NOTHING)]
        if mon_from < 99 and self.residences(sim, st, mon_from):
            for m in self.board(st).monuments:
                cost = TILES[m].cost
                if m not in sim.used and affords(sim.inv, cost):
                    options.append((self.monument_gain(m, sim.hand), cost))
        if len(options) > 1 or st is not self.s:
            pp, final = self.bundles(st, inv, options)
        else:  # the base state's plans often deliver the same resources
            done = self._bundles.get(inv)
            if done is None:
                done = self._bundles[inv] = self.bundles(st, inv, options)
            pp, final = done
        sim.inv = list(final)
        return pp

    def bundles(self, st: Caylus1303State, inv: Inv, options: list[tuple[float, Inv]]) -> tuple[float, Inv]:
        """The best delivery from ``inv`` after paying one of ``options`` (a monument's gain and cost):
        its PP, and what is left."""
        needed = self.bundles_needed()
        done = st._bundles[self.seat]
        fav = self.favour_value()
        best, pp, final = NEVER, 0.0, inv
        for gain, cost in options:
            start = inv5([inv[i] - cost[i] for i in range(5)])
            for c, (v, rest) in enumerate(self.e.deliveries(start, self.k, self.dflags)):
                extra = fav if done + c >= needed else 0.0
                if v + extra + gain > best:
                    best = v + extra + gain
                    pp = v - self.e.worth(rest, self.k, self.flags) + extra
                    final = inv5([rest[i] + cost[i] for i in range(5)])
        return pp, final

    def road(
        self,
        sim: Sim,
        st: Caylus1303State,
        extra: int,
        deliver: bool,
        bridge_open: bool,
        movers: float,
        toll: bool,
    ) -> int:
        """The seat's workers on the road, in road order, up to where the provost will be (returned)."""
        uses = self.board(st).uses
        if extra > 0:
            uses = sorted([*uses, use_at(st, extra)], key=_space)
        # min and max written out here, in gain and in get: see Economy.worth
        reach = st._provost
        if toll:
            reach = reach + 2 if reach + 2 < ROAD_LENGTH else ROAD_LENGTH
        if not uses:
            return reach
        steps = 0
        if bridge_open:  # the seat's bridge move, paid in workers it will still have then
            limit = sim.hand if sim.hand < 3 else 3
            far = reach  # the furthest of the seat's workers the move can reach
            for u in uses:
                if far < u[0] <= reach + limit:
                    far = u[0]
            steps = far - reach
            reach = far
        # deterministic gains still to come, for choosing resources well
        ahead = [0, 0, 0, 0, 0]
        for s, _, _, side in uses:
            if s > reach:
                break
            if side.effect is _E_GAIN:
                for i in range(5):
                    ahead[i] += side.gain[i]
        risk = self.w.risk
        for s, tile, setup, side in uses:
            if s > reach:
                break
            if steps and s > BRIDGE_SPACE:
                paid = steps if steps < sim.hand else sim.hand
                sim.hand -= paid
                sim.camp += paid
                steps = 0
            if side.effect is _E_GAIN:
                for i in range(5):
                    ahead[i] -= side.gain[i]
                gain(sim, side)
            else:
                self.effect(sim, st, tile, setup, ahead, deliver)
            sim.camp += 1
            if movers and s > BRIDGE_SPACE and reach - s < 3:
                sim.pp -= risk[reach - s] * movers * self.w.risk_value
        return reach

    def side_at(self, st: Caylus1303State, space: int) -> Side:
        t = TILES[st._road[space]]
        return t.setup if st._owner[space] == NOBODY else t.built

    # ---- effects --------------------------------------------------------------------------------------
    def effect(
        self,
        sim: Sim,
        st: Caylus1303State,
        tile: int,
        setup: int,
        ahead: list[int] | None = None,
        deliver: bool = False,
    ) -> None:
        """The seat uses ``tile`` (its setup side if ``setup``), making the greedy best choice."""
        t = TILES[tile]
        side = t.setup if setup else t.built
        effect = side.effect
        inv = sim.inv
        if effect is _E_GAIN:
            gain(sim, side)
            return
        if effect is _E_FAVOUR:
            sim.pp += self.favour_value()
            return
        if effect in _NO_CHOICE:
            return
        look = inv if ahead is None else [inv[i] + ahead[i] for i in range(5)]
        base = self.inv_value(look, deliver)
        if effect is _E_CHOOSE or effect is _E_SELL_WORKER:
            best_r, best_v = -1, NEVER
            for r in NON_GOLD:
                look[r] += 1
                v = self.inv_value(look, deliver)
                look[r] -= 1
                if v > best_v:
                    best_r, best_v = r, v
            if effect is _E_SELL_WORKER:
                if sim.hand < 1 or best_v - base <= self.worker_margin(sim.hand):
                    return
                sim.hand -= 1
                sim.camp += 1
            inv[best_r] += 1
            return
        if effect is _E_FAIR:
            if inv[WOOD] < 1:
                return
            look[WOOD] -= 1
            if self.favour_value() - (base - self.inv_value(look, deliver)) > 0:
                inv[WOOD] -= 1
                sim.pp += self.favour_value()
            return
        if effect is _E_NOTARY:
            if inv[CLOTH] < 1 or sim.houses < 1:
                return
            best_space, best_v = 0, 0.0
            for space in START_SPACES:
                if st._owner[space] != NOBODY or st._residence[space] or space in sim.claimed:
                    continue
                v = self.claim_value(st, space)
                if v > best_v:
                    best_space, best_v = space, v
            if not best_space:
                return
            look[CLOTH] -= 1
            if best_v - (base - self.inv_value(look, deliver)) <= 0:
                return
            inv[CLOTH] -= 1
            sim.houses -= 1
            sim.claimed.append(best_space)
            sim.assets += self.residence_value() - self.spot_loss(st, best_space)
            return
        if effect is _E_CARPENTER or effect is _E_STONEMASON:
            self.build(sim, st, WOOD_TILES if effect is _E_CARPENTER else STONE_TILES,
                       bool(setup) and effect is _E_STONEMASON, ahead, deliver)  # fmt: skip
            return
        if effect is _E_TRADE:
            self.trade(sim, side, ahead, deliver)
            return

    def claim_value(self, st: Caylus1303State, space: int) -> float:
        """A Notary claim: this round's extra worker, the residence later, less the lost place to work."""
        return (
            self.worker_margin(sim_hand_guess(st, self.seat))
            + self.residence_value()
            - self.spot_loss(st, space)
        )

    def spot_loss(self, st: Caylus1303State, space: int) -> float:
        return self.k * self.w.spot * _SPOT[st._road[space]] * (1 - self.opp_weight * 0.5)

    def build(
        self,
        sim: Sim,
        st: Caylus1303State,
        tiles: tuple[int, ...],
        no_stone: bool,
        ahead: list[int] | None,
        deliver: bool,
    ) -> None:
        if sim.houses < 1:
            return
        empty = self.board(st).empty - len(sim.built)
        if empty <= 0:
            return
        inv = sim.inv
        look = inv if ahead is None else [inv[i] + ahead[i] for i in range(5)]
        base = self.inv_value(look, deliver)
        best_tile, best_v, best_pay = -1, 0.0, [0, 0, 0, 0, 0]
        for tile in tiles:
            if not st._supply[tile] or tile in sim.built:
                continue
            t = TILES[tile]
            cost = list(t.cost)
            if no_stone:
                cost[STONE] = max(0, cost[STONE] - 1)
            if any(inv[i] < cost[i] for i in range(5)):
                continue
            after = [look[i] - cost[i] for i in range(5)]
            pay: list[int] = []
            ok = True
            for _ in range(t.cost_any):
                r = self.cheapest(after, inv, cost, deliver)
                if r < 0:
                    ok = False
                    break
                after[r] -= 1
                cost[r] += 1
                pay.append(r)
            if not ok:
                continue
            v = self.building_value(tile) - (base - self.inv_value(after, deliver))
            if v > best_v:
                best_tile, best_v, best_pay = tile, v, cost
        if best_tile < 0:
            return
        for i in range(5):
            inv[i] -= best_pay[i]
        t = TILES[best_tile]
        sim.pp += t.pp + self.architect
        sim.assets += self.k * self.w.use_rate * _USE[best_tile]
        sim.houses -= 1
        sim.built.append(best_tile)

    def cheapest(self, look: list[int], inv: list[int], cost: list[int], deliver: bool) -> int:
        """The non-gold resource whose loss costs least (that the seat has beyond ``cost`` now)."""
        best_r, best_v = -1, NEVER
        for r in NON_GOLD:
            if inv[r] - cost[r] < 1 or look[r] < 1:
                continue
            look[r] -= 1
            v = self.inv_value(look, deliver)
            look[r] += 1
            if v > best_v:
                best_r, best_v = r, v
        return best_r

    def pay_any(self, sim: Sim) -> None:
        """One resource of the seat's choice: the one it misses least."""
        r = self.cheapest(list(sim.inv), sim.inv, [0, 0, 0, 0, 0], False)
        if r >= 0:
            sim.inv[r] -= 1

    def get(self, sim: Sim, what: int, amount: int) -> None:
        if what == GET_PP:
            sim.pp += amount
        elif what == GET_GOLD:
            sim.inv[GOLD] += amount
        else:
            got = amount if amount < sim.camp else sim.camp
            sim.hand += got
            sim.camp -= got

    def trade(self, sim: Sim, side: Side, ahead: list[int] | None, deliver: bool) -> None:
        inv = sim.inv
        look = inv if ahead is None else [inv[i] + ahead[i] for i in range(5)]
        base = self.inv_value(look, deliver) + self.workers(sim.hand)
        best: tuple[float, list[int], int, float] | None = None
        for o in side.offers:
            after = list(look)
            now = list(inv)
            hand, pp = sim.hand, 0.0
            if o.pay is _PAY_RES:
                if inv[o.resource] < o.amount:
                    continue
                after[o.resource] -= o.amount
                now[o.resource] -= o.amount
            elif o.pay is _PAY_ANY:
                if sum(inv[r] for r in NON_GOLD) < o.amount:
                    continue
                for _ in range(o.amount):
                    r = self.cheapest(after, now, [0, 0, 0, 0, 0], deliver)
                    after[r] -= 1
                    now[r] -= 1
            else:
                if hand < o.amount:
                    continue
                hand -= o.amount
            camp = sim.camp + (sim.hand - hand)
            if o.get is _GET_PP:
                pp += o.gets
            elif o.get is _GET_GOLD:
                after[GOLD] += o.gets
                now[GOLD] += o.gets
            else:
                hand += min(o.gets, camp)
            v = pp + self.inv_value(after, deliver) + self.workers(hand) - base
            if v > 0 and (best is None or v > best[0]):
                best = (v, now, hand, pp)
        if best is None:
            return
        _, now, hand, pp = best
        sim.camp += sim.hand - hand
        sim.hand = hand
        sim.inv[:] = now
        sim.pp += pp

    # ---- administration ---------------------------------------------------------------------------
    def residences(self, sim: Sim, st: Caylus1303State, start: int) -> int:
        """The seat's residences (and claims) from road space ``start`` on, that can become monuments."""
        n = 0
        for s in self.board(st).homes:
            if s >= start:
                n += 1
        for s in sim.claimed:  # claims are of start buildings nobody owns
            if s >= start:
                n += 1
        return n

    def monument_gain(self, m: int, hand: int) -> float:
        """A monument on a residence, apart from its cost: its PP and lasting bonus, less the residence."""
        t = TILES[m]
        gain = self._monument_gains.get(m)
        if gain is None:
            gain = self._monument_gains[m] = t.pp + self.architect + self.monument_value(m) - self._residence
        if t.favour_on_build:
            gain += self.favour_value()
        return gain + (t.recruit_workers - 1) * self.worker_margin(hand)

    def monuments(self, sim: Sim, st: Caylus1303State, start: int, gains: list[float]) -> None:
        """Residences from road space ``start`` on become the best monuments worth their cost; their PP
        go to ``gains``."""
        for _ in range(self.residences(sim, st, start)):
            inv = sim.inv
            base = self.e.worth(inv5(inv), self.k, self.flags)
            best_tile, best_v = -1, 0.0
            for m in self.board(st).monuments:
                if m in sim.used:
                    continue
                t = TILES[m]
                if not affords(inv, t.cost):
                    continue
                after = inv5([inv[i] - t.cost[i] for i in range(5)])
                v = self.monument_gain(m, sim.hand) - (base - self.e.worth(after, self.k, self.flags))
                if v > best_v:
                    best_tile, best_v = m, v
            if best_tile < 0:
                return
            t = TILES[best_tile]
            for i in range(5):
                inv[i] -= t.cost[i]
            # the PP and the monument's future; the recruitment below counts its workers
            gains.append(
                self.monument_gain(best_tile, sim.hand)
                - (t.recruit_workers - 1) * self.worker_margin(sim.hand)
            )
            sim.used.append(best_tile)

    def recruit(self, sim: Sim, st: Caylus1303State) -> None:
        b = self.board(st)
        workers = b.recruit_workers
        goods = list(b.recruit_goods)
        residences = len(b.homes) + len(sim.claimed)
        for m in sim.used:
            t = TILES[m]
            residences -= 1
            workers += t.recruit_workers
            for i in range(5):
                goods[i] += t.recruit_res[i]
        workers += max(0, residences)
        camp = WORKERS_TOTAL - sim.hand
        sim.hand += min(workers, camp)
        for i in range(5):
            sim.inv[i] += goods[i]


def gain(sim: Sim, side: Side) -> None:
    """A production building's (or the like's) fixed gain."""
    inv = sim.inv
    for i in range(5):
        inv[i] += side.gain[i]
    if side.workers:
        got = side.workers if side.workers < sim.camp else sim.camp
        sim.hand += got
        sim.camp -= got
    sim.pp += side.pp


def affords(inv: list[int], cost: Inv) -> bool:
    """``inv`` holds ``cost`` (spelled out: this is on the hot path)."""
    return (
        inv[0] >= cost[0]
        and inv[1] >= cost[1]
        and inv[2] >= cost[2]
        and inv[3] >= cost[3]
        and inv[4] >= cost[4]
    )


def sim_hand_guess(st: Caylus1303State, seat: int) -> int:
    """The seat's workers after this round's recruitment, roughly."""
    return min(WORKERS_TOTAL, st._hand[seat] + RECRUITMENT[st.num_players])


class Caylus1303HeuristicAgent(ScoringAgent):
    """Scores every legal action of the pending decision in PP and takes the best."""

    game_title = "Caylus 1303"
    state_type = Caylus1303State

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        super().__init__(seed, weights.jitter)
        self.weights = weights

    def score_actions(self, state: State, legal: list[int]) -> dict[int, float]:
        assert isinstance(state, Caylus1303State)
        decision = state.pending_decision
        assert decision is not None
        seat = decision[1]
        return score(Reckoner(state, seat, self.weights), decision, legal)


def score(r: Reckoner, task: tuple[int, ...], legal: list[int]) -> dict[int, float]:
    """Each legal action of the pending decision ``task``, scored in PP (higher is better)."""
    kind = task[0]
    if kind in (D_PLACE, D_EARLY):
        return place_scores(r, legal, early=kind == D_EARLY)
    if kind == D_DRAFT:
        return {a: CHAR_RATE[a - A.CHAR] for a in legal}
    return clone_scores(r, legal, kind)


def place_scores(r: Reckoner, legal: list[int], early: bool) -> dict[int, float]:
    """Each placement: the round's plan with the worker less the plan without it. Because a bundle needs
    several workers (three resources and the construction site), a greedy search also adds simple
    placements (production, the site) one after another; the first of the best such series is worth the
    whole series."""
    st = r.s
    w = r.w
    cost = st.placement_cost(r.seat, early=early)
    sim0, tail0 = r.prepare(st)
    assets = r.assets(st)
    base = r.finish(sim0, st, tail0, assets)
    scores: dict[int, float] = {}
    simple: list[int] = []
    for a in legal:
        if a == A.PASS:
            scores[a] = base + (w.pass_first if not st._passed and r.k else 0.0) + w.min_gain
        elif a == A.DECLINE:
            scores[a] = base + w.min_gain
        elif a == A.SITE:
            scores[a] = r.plan(st, extra=-1, cost=cost)
            simple.append(a)
        else:
            space = a - A.PLACE + 1
            scores[a] = r.plan(st, extra=space, cost=cost) - gift(r, space)
            if space <= tail0.reach and r.side_at(st, space).effect in SIMPLE:
                simple.append(a)
    if len(simple) >= 2:
        first, value = series(r, sim0, tail0, simple, cost, assets)
        if first >= 0 and value > scores[first]:
            scores[first] = value
    if early:
        # declining keeps each place for the seat's first turn at the usual cost, unless another seat
        # takes it first (the construction site has a lot for everyone)
        normal = st.placement_cost(r.seat)
        for a in legal:
            if a == A.SITE:
                later = r.plan(st, extra=-1, cost=normal)
            elif a != A.DECLINE:
                space = a - A.PLACE + 1
                later = r.plan(st, extra=space, cost=normal) - gift(r, space)
                later = (1 - w.taken) * later + w.taken * base
            else:
                continue
            scores[A.DECLINE] = max(scores[A.DECLINE], later + w.min_gain)
    return scores


SIMPLE: Final = (Effect.GAIN, Effect.CHOOSE, Effect.SELL_WORKER, Effect.TRADE)


def gift(r: Reckoner, space: int) -> float:
    """The PP a worker on ``space`` gives its owner, as a loss to the seat."""
    st = r.s
    owner = st._owner[space]
    if owner == NOBODY or owner == r.seat or _THIEF in r.chars:
        return 0.0
    return (2 if st.character_holder(_STEWARD) == owner else 1) * r.opp_weight


def series(
    r: Reckoner, sim0: Sim, tail0: Tail, simple: list[int], cost: int, assets: float
) -> tuple[int, float]:
    """Greedily add simple placements; the first placement of the best series and the series' value."""
    st = r.s
    cur, deliver = sim0, tail0.deliver
    left = list(simple)
    first, best, length = -1, NEVER, 0
    given = 0.0
    tails = (tail0.delivering(False), tail0.delivering(True))  # by whether the seat delivers
    for step in range(MAX_SERIES):
        if cur.hand < cost:
            break
        pick, pick_v, pick_sim, pick_deliver, pick_gift = -1, NEVER, cur, deliver, 0.0
        for a in left:
            nxt = cur.copy()
            nxt.hand -= cost
            nxt.camp += cost - 1
            d = deliver
            g = 0.0
            if a == A.SITE:
                d = True
            else:
                space = a - A.PLACE + 1
                tile = st._road[space]
                r.effect(nxt, st, tile, 1 if st._owner[space] == NOBODY else 0, None, d)
                nxt.camp += 1
                g = gift(r, space)
            v = r.finish(nxt, st, tails[d], assets)
            v -= given + g
            if v > pick_v:
                pick, pick_v, pick_sim, pick_deliver, pick_gift = a, v, nxt, d, g
        if pick < 0:
            break
        if step == 0:
            first = pick
        left.remove(pick)
        cur, deliver = pick_sim, pick_deliver
        given += pick_gift
        if pick_v > best:
            best, length = pick_v, step + 1
    return (first, best) if length >= 2 else (-1, NEVER)


MAX_SERIES: Final = 6


def clone_scores(r: Reckoner, legal: list[int], kind: int) -> dict[int, float]:
    """Take each action on a copy and value the copy; provost moves also count opponents' workers, and a
    character taken from another seat what that seat loses."""
    st = r.s
    scores: dict[int, float] = {}
    start = st._provost
    opp_spaces = opponent_spaces(st, r.seat)
    for a in legal:
        c = st.clone()
        c._apply_legal(a)
        v = r.value(c)
        if c._provost != start and not c.is_terminal and c.round == st.round:
            lo, hi = sorted((start, c._provost))
            moved = sum(1 for s in opp_spaces if lo < s <= hi)
            sign = 1 if c._provost > start else -1
            v -= sign * moved * r.w.opponent_worker * r.opp_weight
        if kind == D_FAVOUR and A.CHAR <= a < A.SLOT:
            v += r.k * CHAR_RATE[a - A.CHAR] * r.opp_weight
        scores[a] = v
    return scores


def opponent_spaces(st: Caylus1303State, seat: int) -> list[int]:
    """The road spaces of the other seats' workers, once for each worker."""
    spaces: list[int] = []
    for space in range(1, ROAD_LENGTH + 1):
        for who in (st._w1[space], st._w2[space]):
            if who != NOBODY and who != seat:
                spaces.append(space)
    return spaces


def make(game: str, seed: int) -> Caylus1303HeuristicAgent:
    return Caylus1303HeuristicAgent(seed)
