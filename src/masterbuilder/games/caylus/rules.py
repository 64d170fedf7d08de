"""Caylus (2005) — the state and the rules (the texts that explain them are added in ``state.py``).

The turn is driven by an explicit stack of small tasks (tuples of ints), so the state stays plain data:
``clone`` copies a few lists and ``to_json`` writes them out. Automatic tasks (income, the trading post,
the bailiff...) run as soon as they reach the top of the stack; a decision task waits for its seat's
action. A decision with a single legal action (nothing else affordable) is taken automatically.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Final, Self

from masterbuilder.core.i18n import Text
from masterbuilder.core.rng import SplitMix64
from masterbuilder.core.task_stack import AutoTask, TaskStackState
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    BUILD_LOTS,
    CASTLE_PENALTY,
    CUBE_NAMES,
    FAVOUR_COLUMNS_OPEN,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    FAVOUR_ROW_NAMES,
    FIXED_SPACES,
    JEWELLER,
    NEUTRAL_TILES,
    RESIDENCE,
    ROAD_LENGTH,
    SECTION_FAVOURS,
    SECTION_MARK,
    SECTION_NAMES,
    SECTION_PENALTY,
    SECTION_PP,
    SECTION_SIZE,
    SPECIAL_NAMES,
    START_SPACE,
    STARTING_CUBES,
    STARTING_DENIERS,
    TILES,
    WORKERS_PER_PLAYER,
    Effect,
    FavourRow,
    Kind,
    Section,
    Special,
    main_cube,
)
from masterbuilder.games.caylus.tasks import (
    CLOTH,
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
    DECISION,
    EMPTY,
    FOOD,
    GOLD,
    NOBODY,
    NON_GOLD,
    PHASE_NAMES,
    STONE,
    T_ACTIVATE,
    T_BEST_BUILDER,
    T_BEYOND_PROVOST,
    T_CASTLE,
    T_END_TURN,
    T_FAVOURS,
    T_GAIN,
    T_GATE,
    T_GUILD,
    T_INCOME,
    T_INN,
    T_JOUST,
    T_LEAVE,
    T_NEXT_TURN,
    T_PHASE,
    T_PLACEMENT,
    T_PROVOST,
    T_SCORE,
    T_SCORED,
    T_STABLES,
    T_TRADING_POST,
    T_TURN,
    TASK_SIZES,
    TRADE_EFFECTS,
    TURN_TASKS,
    WOOD,
)

TAKES_WORKER: Final[tuple[bool, ...]] = tuple(t.takes_worker for t in TILES)
# the legal actions of a production choice on each tile (fixed per tile): one per main cube of its options
PRODUCE_CHOICES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({A.CUBE + main_cube(bundle) for bundle in t.produces})) for t in TILES
)
# per tile and cube: the first production option whose main cube it is (None where there is none)
PRODUCE_BUNDLES: Final[tuple[tuple[tuple[int, ...] | None, ...], ...]] = tuple(
    tuple(next((b for b in t.produces if main_cube(b) == cube), None) for cube in range(5)) for t in TILES
)
# [with the Jeweller (2nd edition)?][tile id]: the tiles to build at setup
_SUPPLY: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(t.copies if t.buildable and (t.id != JEWELLER or jeweller) else 0 for t in TILES)
    for jeweller in (False, True)
)
_BUILD_KIND: Final = {Effect.CARPENTER: Kind.WOOD, Effect.MASON: Kind.STONE, Effect.ARCHITECT: Kind.PRESTIGE}
_KIND_CODE: Final = (Kind.WOOD, Kind.STONE, Kind.PRESTIGE)
_STABLES: Final = int(Special.STABLES)
_INN: Final = int(Special.INN)
# The enum members read on every action, bound once: a module constant is read in a tenth of an enum
# class attribute's time in CPython 3.11, and mypyc keeps a `Final` one native.
_GATE: Final = Special.GATE
_TRADING_POST: Final = Special.TRADING_POST
_GUILD: Final = Special.GUILD
_JOUST: Final = Special.JOUST
_DUNGEON: Final = Section.DUNGEON
_WALLS: Final = Section.WALLS
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
_CRAFT_KINDS: Final = (Kind.WOOD, Kind.STONE)
_ROW_PRESTIGE: Final = FavourRow.PRESTIGE
_ROW_DENIERS: Final = FavourRow.DENIERS
_ROW_RESOURCES: Final = FavourRow.RESOURCES


def _discounted(cost: tuple[int, ...], discount: int) -> tuple[int, ...]:
    """``cost`` with one cube fewer of ``discount`` where it asks for one (EMPTY, -1: no discount)."""
    return tuple(c - 1 if i == discount and c else c for i, c in enumerate(cost))


# per kind code, the tiles of that kind in table order: (tile id, its cost with each discount (index
# discount + 1: none, then one less of cube 0..4), and the cubes needed in all with each discount)
_BuildOption = tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]
_BUILD_OPTIONS: Final[tuple[tuple[_BuildOption, ...], ...]] = tuple(
    tuple(
        (
            t.id,
            tuple(_discounted(t.cost, d) for d in range(-1, 5)),
            tuple(sum(_discounted(t.cost, d)) + t.cost_any for d in range(-1, 5)),
        )
        for t in TILES
        if t.kind is kind
    )
    for kind in _KIND_CODE
)
# [provost][most steps paid for, 0 to 3]: the action ids of the provost's moves that keep it on the road
_PROVOST_MOVES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(
            A.PROVOST + i
            for i, d in enumerate(A.PROVOST_DELTAS)
            if abs(d) <= steps and 1 <= provost + d <= ROAD_LENGTH
        )
        for steps in range(4)
    )
    for provost in range(ROAD_LENGTH + 1)
)
ANY_CUBE: Final = 0b11111
_CUBES: Final = (FOOD, WOOD, STONE, CLOTH, GOLD)  # to loop over without a range object
NON_GOLD_MASK: Final = 0b01111
WOOD_OR_STONE: Final = (1 << WOOD) | (1 << STONE)

_ = Text("caylus")
# turn tasks that re-push themselves
_ADVANCING: Final = frozenset({T_PLACEMENT, T_PROVOST, T_ACTIVATE, T_CASTLE})


class CaylusRules(TaskStackState):
    """A game of Caylus for 2 to 5 players."""

    game = "caylus"
    title = "Caylus"
    num_actions = A.NUM_ACTIONS

    # seats
    _deniers: list[int]
    _cubes: list[list[int]]  # [seat][cube]
    _pp: list[int]
    _workers: list[int]  # workers at home
    _favour: list[list[int]]  # [seat][row]: column reached, 0 = not yet on the table
    _rows_used: list[int]  # [seat]: bit mask of favour rows used in the current phase
    _order: list[int]  # turn order
    _passed: list[int]  # passing order this turn
    # board
    _road: list[int]  # [space 0..28]: tile id or EMPTY (index 0 unused)
    _owner: list[int]  # [space]: owner seat or NOBODY
    _worker: list[int]  # [space]: seat of the worker on it or NOBODY
    _takes: tuple[int, ...]  # road spaces whose tile takes a worker (derived from _road: _road_changed)
    _special: list[int]  # gate, trading post, guild, joust: seat or NOBODY (stables, inn below)
    _stables: list[int]  # seats, by spot
    _inn: list[int]  # [left circle, right circle]: seat or NOBODY
    _castle: list[int]  # seats, by castle space
    _given: list[int]  # [seat]: houses placed in the castle this turn
    _houses: list[list[int]]  # [section][seat]
    _scored: list[bool]  # [section]
    _transform: dict[int, int]  # road space -> seat: a delayed lawyer transform
    _supply: list[int]  # [tile id]: tiles left to build
    _bailiff: int
    _provost: int
    _turn: int
    _phase: int
    _stack: list[tuple[int, ...]]
    _over: bool
    _final_bonus: list[int]
    _legal_now: list[int]  # the legal actions of the pending decision (derived, cached by _run)
    # what the automatic steps did, for people watching (``log_events``); None: not recorded. Not part of
    # the state: ``clone`` starts without it and ``to_json`` leaves it out.
    _events: list[tuple[Any, ...]] | None = None

    # ---- setup ------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        # rules: Caylus, "Przygotowania do gry" (setup)
        s = cls.__new__(cls)
        s.num_players, s.seed, s.options, s._history = players, seed, options, []
        rng = SplitMix64(seed)
        neutral = list(NEUTRAL_TILES)
        rng.shuffle(neutral)
        order = list(range(players))
        rng.shuffle(order)
        s._order = order
        s._deniers = [0] * players
        for position, seat in enumerate(order):
            s._deniers[seat] = 5 if players == 2 else STARTING_DENIERS[position]
        s._cubes = [list(STARTING_CUBES) for _ in range(players)]
        s._pp = [0] * players
        s._workers = [WORKERS_PER_PLAYER] * players
        s._favour = [[0, 0, 0, 0] for _ in range(players)]
        s._rows_used = [0] * players
        s._passed = []
        s._road = [EMPTY] * (ROAD_LENGTH + 1)
        for space, tile in zip(range(1, 7), neutral, strict=True):
            s._road[space] = tile
        for space, tile in FIXED_SPACES.items():
            s._road[space] = tile
        s._road_changed()
        s._owner = [NOBODY] * (ROAD_LENGTH + 1)
        s._worker = [NOBODY] * (ROAD_LENGTH + 1)
        s._special = [NOBODY] * 4
        s._stables = []
        s._inn = [NOBODY, NOBODY]
        s._castle = []
        s._given = [0] * players
        s._houses = [[0] * players for _ in range(3)]
        s._scored = [False, False, False]
        s._transform = {}
        s._supply = list(_SUPPLY[options["edition"] == 2])
        s._bailiff = START_SPACE
        s._provost = START_SPACE
        s._turn = 0
        s._phase = 0
        s._over = False
        s._final_bonus = [0] * players
        s._stack = [(T_TURN,)]
        s._legal_now = []
        s._events = None
        s._run()
        return s

    # ---- queries ----------------------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self._turn

    @property
    def round(self) -> int:
        return self._turn

    @property
    def phase(self) -> int:
        return self._phase

    @property
    def bailiff(self) -> int:
        return self._bailiff

    @property
    def provost(self) -> int:
        return self._provost

    @property
    def turn_order(self) -> list[int]:
        return list(self._order)

    @property
    def passing_order(self) -> list[int]:
        return list(self._passed)

    def deniers(self, seat: int) -> int:
        return self._deniers[seat]

    def cubes(self, seat: int) -> tuple[int, int, int, int, int]:
        c = self._cubes[seat]
        return (c[0], c[1], c[2], c[3], c[4])

    def prestige(self, seat: int) -> int:
        return self._pp[seat]

    def workers_at_home(self, seat: int) -> int:
        return self._workers[seat]

    def favour_columns(self, seat: int) -> tuple[int, int, int, int]:
        f = self._favour[seat]
        return (f[0], f[1], f[2], f[3])

    def tile_at(self, space: int) -> int | None:
        t = self._road[space]
        return None if t == EMPTY else t

    def owner_at(self, space: int) -> int | None:
        o = self._owner[space]
        return None if o == NOBODY else o

    def worker_at(self, space: int) -> int | None:
        w = self._worker[space]
        return None if w == NOBODY else w

    def worker_spaces(self, seat: int) -> list[int]:
        """The road spaces with a worker of ``seat``, in road order."""
        return [space for space, w in enumerate(self._worker) if w == seat]

    def owned_tiles(self, seat: int) -> list[int]:
        """The tile ids of the buildings ``seat`` owns on the road, in road order."""
        road = self._road
        return [road[space] for space, o in enumerate(self._owner) if o == seat and road[space] != EMPTY]

    def free_lots(self) -> int:
        """Lots on the road still empty, where a building may go."""
        road = self._road
        return [road[space] for space in BUILD_LOTS].count(EMPTY)

    def special_worker(self, building: Special) -> list[int]:
        """Seats with a worker on a special building (the inn: left circle, then right circle)."""
        if building is Special.STABLES:
            return list(self._stables)
        if building is Special.INN:
            return [s for s in self._inn if s != NOBODY]
        w = self._special[building]
        return [] if w == NOBODY else [w]

    @property
    def inn(self) -> tuple[int | None, int | None]:
        left, right = self._inn
        return (None if left == NOBODY else left, None if right == NOBODY else right)

    @property
    def castle_workers(self) -> list[int]:
        return list(self._castle)

    def houses(self, section: Section, seat: int) -> int:
        return self._houses[section][seat]

    def section_filled(self, section: Section) -> int:
        return sum(self._houses[section])

    def section_scored(self, section: Section) -> bool:
        return self._scored[section]

    @property
    def building_section(self) -> Section | None:
        """The castle section that new houses go to; None once the towers are full or scored."""
        for s in (_DUNGEON, _WALLS, _TOWERS):
            if not self._scored[s] and sum(self._houses[s]) < SECTION_SIZE[s]:
                return s
        return None

    def supply(self, tile: int) -> int:
        return self._supply[tile]

    def batches_given(self, seat: int) -> int:
        """Houses ``seat`` has placed in the castle this turn."""
        return self._given[seat]

    @property
    def activating_space(self) -> int | None:
        """The road space whose building is being activated in phase 5 (its worker is still on it)."""
        for task in reversed(self._stack):
            if task[0] == T_LEAVE:
                return task[1]
        return None

    @property
    def open_columns(self) -> int:
        """Favour columns open: 2 at first, 4 after the dungeon is scored, 5 after the walls."""
        return FAVOUR_COLUMNS_OPEN[self._scored[0] + self._scored[1]]

    @property
    def pending_transforms(self) -> dict[int, int]:
        return dict(self._transform)

    def placement_cost(self, seat: int, own: bool) -> int:
        # rules: Caylus, phase 2 — passing scale, own building 1 denier, inn right circle 1 denier;
        # 2 players: 3 deniers once the other has passed
        if own or self._inn[1] == seat:
            return 1
        if not self._passed:
            return 1
        if self.num_players == 2:
            return 3
        return len(self._passed) + 1

    def scores(self) -> list[int]:
        return list(self._pp)

    def winners(self) -> list[int]:
        if not self._over:
            return []
        best = max(self._pp)
        return [s for s, pp in enumerate(self._pp) if pp == best]

    @property
    def final_bonus(self) -> list[int]:
        """PP added at the end for gold, cubes and deniers (zeros before the end)."""
        return list(self._final_bonus)

    # ---- automatic tasks --------------------------------------------------------------------------
    def _auto_tasks(self) -> tuple[AutoTask, ...]:
        return AUTO_TASKS

    def _t_turn(self, task: tuple[int, ...]) -> None:
        self._turn += 1
        self._stack.extend(TURN_TASKS)
        if self._events is not None:
            self._events.append(("turn", self._turn, list(self._order)))

    def _t_phase(self, task: tuple[int, ...]) -> None:
        self._phase = task[1]
        self._rows_used = [0] * self.num_players

    def _t_income(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 1 — 2 deniers, +1 per residence, +1 library, +2 hotel
        gains = [2] * self.num_players
        for space in range(1, ROAD_LENGTH + 1):
            owner = self._owner[space]
            if owner != NOBODY:
                gains[owner] += TILES[self._road[space]].income
        for seat, gain in enumerate(gains):
            self._deniers[seat] += gain
        if self._events is not None:
            self._events.extend(("income", seat, gain) for seat, gain in enumerate(gains))

    def _t_placement(self, task: tuple[int, ...]) -> None:
        # the next seat in turn order that has not passed places a worker (or passes)
        n, passed, order = self.num_players, self._passed, self._order
        if len(passed) < n:  # the passers are distinct seats
            position = task[1]
            while order[position] in passed:
                position = (position + 1) % n
            self._stack.append((T_PLACEMENT, (position + 1) % n))
            self._stack.append((D_PLACE, order[position]))

    def _t_gate(self, task: tuple[int, ...]) -> None:
        seat = self._special[_GATE]
        if seat != NOBODY:
            self._special[_GATE] = NOBODY
            self._stack.append((D_GATE, seat))

    def _t_trading_post(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 3 b — 3 deniers
        seat = self._special[_TRADING_POST]
        if seat != NOBODY:
            self._deniers[seat] += 3
            self._go_home(seat)
            self._special[_TRADING_POST] = NOBODY
            if self._events is not None:
                self._events.append(("trading_post", seat, 3))

    def _t_guild(self, task: tuple[int, ...]) -> None:
        seat = self._special[_GUILD]
        if seat != NOBODY:
            self._special[_GUILD] = NOBODY
            self._go_home(seat)
            self._stack.append((D_GUILD, seat))

    def _t_joust(self, task: tuple[int, ...]) -> None:
        seat = self._special[_JOUST]
        if seat != NOBODY:
            self._special[_JOUST] = NOBODY
            self._go_home(seat)
            self._stack.append((D_JOUST, seat))

    def _t_stables(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 3 e — stable spots 1, 2, 3 lead the new order; the others keep theirs
        if self._stables:
            first = list(self._stables)
            self._order = first + [s for s in self._order if s not in first]
            for seat in first:
                self._go_home(seat)
            self._stables = []
            if self._events is not None:
                self._events.append(("stables", list(self._order)))

    def _t_inn(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 3 f — the new worker moves right, driving out the old one
        left, right = self._inn
        if left != NOBODY:
            if right != NOBODY:
                self._go_home(right)
            self._inn = [NOBODY, left]
            if self._events is not None:
                self._events.append(("inn", left, right))
        elif right != NOBODY:
            self._stack.append((D_INN, right))

    def _t_provost(self, task: tuple[int, ...]) -> None:
        i = task[1]
        if i < len(self._passed):
            self._stack.append((T_PROVOST, i + 1))
            self._stack.append((D_PROVOST, self._passed[i]))

    def _t_activate(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 5 — buildings activate from space 1 up to the provost
        space, worker, provost = task[1], self._worker, self._provost
        while space <= provost and worker[space] == NOBODY:  # empty spaces do nothing
            space += 1
        if space > provost:
            return
        seat, stack = worker[space], self._stack
        stack.append((T_ACTIVATE, space + 1))
        stack.append((T_LEAVE, space))
        tile = TILES[self._road[space]]
        effect = tile.effect
        if effect is _PRODUCE:
            owner = self._owner[space]
            if tile.owner_bonus and owner != NOBODY and owner != seat:
                stack.append((D_OWNER, owner, tile.id))  # rules: Caylus, phase 5 a — stone owner bonus
            stack.append((D_PRODUCE, seat, tile.id))
        elif effect is _MARKET:
            stack.append((D_MARKET, seat, tile.price))
        elif effect is _PEDDLER:
            stack.append((D_PEDDLER, seat, len(tile.buy_prices), tile.buy_prices[0]))
        elif effect in _BUILD_KIND:
            stack.append((D_BUILD, seat, _KIND_CODE.index(_BUILD_KIND[effect]), EMPTY))
        elif effect is _LAWYER:
            stack.append((D_LAWYER, seat, 1))
        else:
            stack.append((D_TRADE, seat, TRADE_EFFECTS.index(effect)))

    def _t_leave(self, task: tuple[int, ...]) -> None:
        self._leave(task[1])

    def _t_beyond_provost(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 5 — workers past the provost go home with no effect
        for space in range(self._provost + 1, ROAD_LENGTH + 1):
            if self._worker[space] != NOBODY:
                if self._events is not None:
                    self._events.append(("home_unused", self._worker[space], space, self._provost))
                self._leave(space)

    def _t_castle(self, task: tuple[int, ...]) -> None:
        i = task[1]
        if i < len(self._castle):
            self._stack.append((T_CASTLE, i + 1))
            self._stack.append((D_CASTLE, self._castle[i]))

    def _t_best_builder(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 6 — most houses this turn gets a favour; ties to the earlier castle space
        best, most = NOBODY, 0
        for seat in self._castle:
            if self._given[seat] > most:
                best, most = seat, self._given[seat]
        for seat in self._castle:
            self._go_home(seat)
        self._castle = []
        self._given = [0] * self.num_players
        if best != NOBODY:
            self._stack.append((T_FAVOURS, best, 1))
            if self._events is not None:
                self._events.append(("best_builder", best, most))

    def _t_end_turn(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, phase 7 — the bailiff moves 2 if the provost is ahead, else 1
        before = self._bailiff
        self._bailiff = min(ROAD_LENGTH, before + (2 if self._provost > before else 1))
        if self._events is not None:
            self._events.append(("bailiff", before, self._bailiff))
            self._events.append(("provost_reset", self._provost, self._bailiff))
        self._provost = self._bailiff
        due = [
            s
            for s in (_DUNGEON, _WALLS, _TOWERS)
            if not self._scored[s]
            and (self._bailiff >= SECTION_MARK[s] or sum(self._houses[s]) == SECTION_SIZE[s])
        ]
        if due:
            # one scoring per turn (rules: Caylus, phase 7); a section still due is scored next turn
            self._stack.append((T_SCORED, due[0]))
            self._stack.append((T_SCORE, due[0]))

    def _t_score(self, task: tuple[int, ...]) -> None:
        # rules: Caylus, "Podsumowanie" — in turn order: no house loses PP, 2+ houses give favours
        section = task[1]
        grants: list[tuple[int, int]] = []
        events = self._events
        if events is not None:
            events.append(("section_scored", section))
        for seat in self._order:
            houses = self._houses[section][seat]
            if houses == 0:
                pp = self._pp[seat]
                self._pp[seat] = max(0, self._pp[seat] - SECTION_PENALTY[section])
                if events is not None:
                    events.append(("scoring", section, seat, self._pp[seat] - pp, 0))
            else:
                favours = SECTION_FAVOURS[section][min(houses, 6)]
                if favours:
                    grants.append((seat, favours))
                    if events is not None:
                        events.append(("scoring", section, seat, 0, favours))
        for seat, favours in reversed(grants):
            self._stack.append((T_FAVOURS, seat, favours))

    def _t_scored(self, task: tuple[int, ...]) -> None:
        self._scored[task[1]] = True
        if self._events is not None and task[1] != _TOWERS:  # the dungeon or the walls
            self._events.append(("favour_columns_open", self.open_columns))
        if task[1] == _TOWERS:
            self._finish()

    def _t_next_turn(self, task: tuple[int, ...]) -> None:
        self._passed = []
        if self.num_players == 2:
            self._order.reverse()  # rules: Caylus, 2 players — the order alternates
        self._stack.append((T_TURN,))

    def _t_gain(self, task: tuple[int, ...]) -> None:
        self._cubes[task[1]][task[2]] += task[3]
        if self._events is not None:
            self._events.append(("gain", task[1], task[2], task[3]))

    def _t_favours(self, task: tuple[int, ...]) -> None:
        seat, count = task[1], task[2]
        if self.options["favours"] == "simple":
            self._pp[seat] += 3 * count  # rules: Caylus, simplified favours — 3 PP each
            if self._events is not None:
                self._events.append(("favours", seat, count, 3 * count))
            return
        if self._events is not None:
            self._events.append(("favours", seat, count, 0))
        for _ in range(count):
            self._stack.append((D_ROW, seat))

    def _go_home(self, seat: int) -> None:
        self._workers[seat] += 1

    def _leave(self, space: int) -> None:
        seat = self._worker[space]
        self._worker[space] = NOBODY
        self._workers[seat] += 1  # home
        if space in self._transform:  # a lawyer's transform waited for the building's activation
            lawyer = self._transform.pop(space)
            if self._events is not None:
                self._events.append(("transform", lawyer, space, self._road[space], TILES[RESIDENCE].pp))
            self._make_residence(lawyer, space)

    def _finish(self) -> None:
        # rules: Caylus, "Koniec gry" — 3 PP a gold, 1 PP per 3 other cubes, 1 PP per 4 deniers
        for seat in range(self.num_players):
            c = self._cubes[seat]
            bonus = 3 * c[GOLD] + (c[FOOD] + c[WOOD] + c[STONE] + c[CLOTH]) // 3 + self._deniers[seat] // 4
            self._final_bonus[seat] = bonus
            self._pp[seat] += bonus
            if self._events is not None:
                self._events.append(("end_bonus", seat, bonus))
        self._over = True
        self._stack.clear()  # in place: the driver running this task stops on the empty stack
        if self._events is not None:
            self._events.append(("game_over", self.winners()))

    # ---- favours ----------------------------------------------------------------------------------
    def _favour_row(self, seat: int, row: int) -> None:
        # rules: Caylus, royal favours — advance one column if open, then use any column up to it
        self._rows_used[seat] |= 1 << row
        marker = self._favour[seat]
        if marker[row] < self.open_columns:
            marker[row] += 1
        column = marker[row]
        if row == _ROW_PRESTIGE:
            self._pp[seat] += FAVOUR_PP[column - 1]
            if self._events is not None:
                self._events.append(("favour", seat, row, column, 0, FAVOUR_PP[column - 1]))
        elif row == _ROW_DENIERS:
            self._deniers[seat] += FAVOUR_DENIERS[column - 1]
            if self._events is not None:
                self._events.append(("favour", seat, row, column, FAVOUR_DENIERS[column - 1], 0))
        else:
            if self._events is not None:
                self._events.append(("favour", seat, row, column, 0, 0))
            self._stack.append((D_COLUMN, seat, row))

    def _favour_column(self, seat: int, row: int, column: int) -> None:
        stack = self._stack
        if row == _ROW_RESOURCES:
            if self._events is not None and column in (1, 3, 5):
                self._events.append(("favour_cube", seat, (FOOD, CLOTH, GOLD)[column // 2]))
            if column == 1:
                self._cubes[seat][FOOD] += 1
            elif column == 2:
                stack.append((D_TAKE, seat, WOOD_OR_STONE))
            elif column == 3:
                self._cubes[seat][CLOTH] += 1
            elif column == 4:
                stack.append((D_TAKE, seat, NON_GOLD_MASK))
                stack.append((D_TAKE, seat, NON_GOLD_MASK))
                stack.append((D_PAY, seat))
            else:
                self._cubes[seat][GOLD] += 1
        elif column == 2:
            stack.append((D_BUILD, seat, 0, WOOD))
        elif column == 3:
            stack.append((D_BUILD, seat, 1, STONE))
        elif column == 4:
            stack.append((D_LAWYER, seat, 0))
        elif column == 5:
            stack.append((D_BUILD, seat, 2, EMPTY))

    def _useful_columns(self, seat: int, row: int) -> list[int]:
        top = self._favour[seat][row]
        if row == _ROW_RESOURCES:
            has_cubes = sum(self._cubes[seat]) > 0
            return [c for c in range(1, top + 1) if c != 4 or has_cubes]
        useful = []
        for c in range(2, top + 1):
            if c == 4:
                ok = bool(self._lawyer_targets(seat, 0))
            else:
                kind, discount = {2: (0, WOOD), 3: (1, STONE), 5: (2, EMPTY)}[c]
                ok = bool(self._buildable(seat, kind, discount))
            if ok:
                useful.append(c)
        return useful

    # ---- building and transforming ----------------------------------------------------------------
    def _cost(self, tile: int, discount: int) -> list[int]:
        return list(_discounted(TILES[tile].cost, discount))

    def _free_lot(self) -> int:
        for space in BUILD_LOTS:
            if self._road[space] == EMPTY:
                return space
        return EMPTY

    def _own_residences(self, seat: int) -> list[int]:
        return [s for s in range(1, ROAD_LENGTH + 1) if self._road[s] == RESIDENCE and self._owner[s] == seat]

    def _buildable(self, seat: int, kind_code: int, discount: int) -> list[int]:
        """Tiles of that kind the seat can build now (in supply, affordable, with a place to go)."""
        kind = _KIND_CODE[kind_code]
        if kind is _PRESTIGE:
            if not self._own_residences(seat):
                return []
        elif self._free_lot() == EMPTY:
            return []
        have = self._cubes[seat]
        food, wood, stone, cloth, gold = have
        total = food + wood + stone + cloth + gold
        supply = self._supply
        out = []
        for tile, costs, needs in _BUILD_OPTIONS[kind_code]:
            if not supply[tile] or total < needs[discount + 1]:
                continue
            cost = costs[discount + 1]
            if (
                food >= cost[0]
                and wood >= cost[1]
                and stone >= cost[2]
                and cloth >= cost[3]
                and gold >= cost[4]
            ):
                out.append(tile)
        return out

    def _build(self, seat: int, tile_id: int, discount: int) -> None:
        # rules: Caylus, phase 5 — construction: pay, place on the first empty lot, take the PP
        tile = TILES[tile_id]
        cost = self._cost(tile_id, discount)
        have = self._cubes[seat]
        for c in _CUBES:
            have[c] -= cost[c]
        self._supply[tile_id] -= 1
        self._pp[seat] += tile.pp
        if tile.favours:
            self._stack.append((T_FAVOURS, seat, tile.favours))
        for _ in range(tile.cost_any):
            self._stack.append((D_PAY, seat))
        if tile.kind is _PRESTIGE:
            self._stack.append((D_RESIDENCE, seat, tile_id))
        else:
            lot = self._free_lot()
            self._road[lot] = tile_id
            self._owner[lot] = seat
            self._road_changed()

    def _lawyer_targets(self, seat: int, denier_cost: int) -> list[int]:
        # rules: Caylus, phase 5 b — a neutral tile or one of your own craft buildings, not the lawyer
        if self._cubes[seat][CLOTH] < 1 or self._deniers[seat] < denier_cost:
            return []
        targets = []
        for space in range(1, ROAD_LENGTH + 1):
            tile = self._road[space]
            if tile == EMPTY or space in self._transform:
                continue
            kind = TILES[tile].kind
            if kind is _NEUTRAL or (
                kind in _CRAFT_KINDS and self._owner[space] == seat and TILES[tile].key != "lawyer"
            ):
                targets.append(space)
        return targets

    def _make_residence(self, seat: int, space: int) -> None:
        old = self._road[space]
        if TILES[old].kind is not _NEUTRAL:
            self._supply[old] += 1  # your own craft tile goes back and may be built again
        self._road[space] = RESIDENCE
        self._owner[space] = seat
        self._road_changed()
        self._pp[seat] += TILES[RESIDENCE].pp

    # ---- castle -----------------------------------------------------------------------------------
    def _batches(self, seat: int) -> list[int]:
        if self.building_section is None:
            return []
        c = self._cubes[seat]
        if not c[FOOD]:
            return []
        return [A.BATCH + i for i, (x, y) in enumerate(A.BATCHES) if c[x] and c[y]]

    def _give_batch(self, seat: int, x: int, y: int) -> None:
        # rules: Caylus, phase 6 — food + 2 other different cubes: a house on the section being built
        section = self.building_section
        assert section is not None
        c = self._cubes[seat]
        c[FOOD] -= 1
        c[x] -= 1
        c[y] -= 1
        self._houses[section][seat] += 1
        self._given[seat] += 1
        self._pp[seat] += SECTION_PP[section]

    # ---- placement targets ------------------------------------------------------------------------
    def _open_targets(self, seat: int, base: int = 0, first: int = -1) -> list[int]:
        """Place ids (0..34 offsets) where ``seat`` could put a worker, ignoring the cost, plus ``base``
        (after ``first``, if given)."""
        special, worker = self._special, self._worker
        out: list[int] = [] if first < 0 else [first]
        for i in (0, 1, 2, 3):  # gate, trading post, guild, joust
            if special[i] == NOBODY:
                out.append(base + i)
        if self.num_players > 2 and len(self._stables) < 3 and seat not in self._stables:
            out.append(base + _STABLES)
        if self._inn[0] == NOBODY:
            out.append(base + _INN)
        road = base + 5  # the place id of road space 0
        for space in self._takes:
            if worker[space] == NOBODY:
                out.append(road + space)
        if seat not in self._castle:
            out.append(base + 6 + ROAD_LENGTH)
        return out

    def _road_changed(self) -> None:
        """Refresh what is derived from the road: call it after changing ``_road``."""
        road, takes = self._road, []
        for space in range(1, ROAD_LENGTH + 1):
            if road[space] != EMPTY and TAKES_WORKER[road[space]]:
                takes.append(space)
        self._takes = tuple(takes)

    def _put_worker(self, seat: int, target: int) -> None:
        if target < 4:
            self._special[target] = seat
        elif target == _STABLES:
            self._stables.append(seat)
        elif target == _INN:
            self._inn[0] = seat
        elif target == 6 + ROAD_LENGTH:
            self._castle.append(seat)
        else:
            space = target - 5
            self._worker[space] = seat
            owner = self._owner[space]
            if owner != NOBODY and owner != seat:
                self._pp[owner] += 1  # rules: Caylus, phase 2 c — the owner gains 1 PP
                if self._events is not None:
                    self._events.append(("owner_pp", owner, space, 1))

    # ---- legal actions per decision ---------------------------------------------------------------
    def _legal(self, task: tuple[int, ...]) -> list[int]:
        # the decisions in the order of how often they come up (placing a worker is half of them)
        kind, seat = task[0], task[1]
        if kind == D_PLACE:
            money = self._deniers[seat]
            if not self._workers[seat] or not money:
                return [A.PASS]
            if not self._passed or self.placement_cost(seat, False) <= money:  # before any pass: 1 denier
                return self._open_targets(seat, A.PLACE, A.PASS)
            owner, legal = self._owner, [A.PASS]
            for t in self._open_targets(seat):
                if 6 <= t < 6 + ROAD_LENGTH and owner[t - 5] == seat:  # only own buildings: 1 denier
                    legal.append(A.PLACE + t)
            return legal
        if kind in (D_PROVOST, D_GUILD):
            budget = 3 if kind == D_GUILD else self._deniers[seat]  # the guild: up to 3 spaces for free
            return [A.PASS, *_PROVOST_MOVES[self._provost][min(3, budget)]]
        if kind == D_PRODUCE:
            return list(PRODUCE_CHOICES[task[2]])
        if kind == D_BUILD:
            tiles = self._buildable(seat, task[2], task[3])
            return [A.PASS, *sorted({A.BUILD + A.BUILD_INDEX[t] for t in tiles})]
        if kind == D_CASTLE:
            return [A.PASS, *self._batches(seat)]
        if kind == D_MARKET:
            c, legal = self._cubes[seat], [A.PASS]
            for i in _CUBES:
                if c[i]:
                    legal.append(A.CUBE + i)
            return legal
        if kind == D_PEDDLER:
            if self._deniers[seat] < task[3]:
                return [A.PASS]
            return [A.PASS] + [A.CUBE + i for i in NON_GOLD]
        if kind == D_JOUST:
            return [A.PASS, A.YES] if self._deniers[seat] >= 1 and self._cubes[seat][CLOTH] >= 1 else [A.PASS]
        if kind == D_GATE:
            # rules: Caylus, phase 3 a — castle, inn, stables only if the player has no worker there yet
            in_inn, legal = seat in self._inn, [A.PASS]
            for t in self._open_targets(seat):
                if t != _GATE and not (t == _INN and in_inn):
                    legal.append(A.PLACE + t)
            return legal
        if kind == D_INN:
            return [A.PASS, A.YES]
        if kind == D_ROW:
            used, legal = self._rows_used[seat], []
            for r in range(4):
                if not used & (1 << r):
                    legal.append(A.ROW + r)
            return legal
        if kind == D_PAY:
            c, legal = self._cubes[seat], []
            for i in _CUBES:
                if c[i]:
                    legal.append(A.CUBE + i)
            return legal
        if kind == D_COLUMN:
            return [A.COLUMN + col - 1 for col in self._useful_columns(seat, task[2])]
        if kind == D_LAWYER:
            return [A.PASS] + [A.target_space(s) for s in self._lawyer_targets(seat, task[2])]
        if kind == D_TRADE:
            legal = [A.PASS]
            for o in (0, 1):
                if self._can_trade(seat, task[2], o):
                    legal.append(A.OPTION + o)
            return legal
        if kind == D_OWNER:
            return sorted(A.CUBE + cube for cube in TILES[task[2]].owner_bonus)
        if kind == D_RESIDENCE:
            return [A.target_space(s) for s in self._own_residences(seat)]
        if kind == D_TAKE:
            legal = []
            for i in range(5):
                if task[2] & (1 << i):
                    legal.append(A.CUBE + i)
            return legal
        raise AssertionError(f"unknown decision {task}")  # pragma: no cover

    def _can_trade(self, seat: int, effect_index: int, option: int) -> bool:
        effect = TRADE_EFFECTS[effect_index]
        c = self._cubes[seat]
        if effect is _BANK:
            return self._deniers[seat] >= (2, 5)[option]
        if effect is _ALCHEMIST:
            return sum(c) >= (2, 4)[option]
        if effect is _CHURCH:
            return self._deniers[seat] >= (2, 4)[option]
        if effect is _TAILOR:
            return c[CLOTH] >= (2, 3)[option]
        return c[GOLD] >= (1, 2)[option]  # jeweller

    # ---- carrying out a decision ------------------------------------------------------------------
    def _decide(self, task: tuple[int, ...], a: int) -> None:
        # the decisions in the order of how often they come up, as in _legal
        kind, seat = task[0], task[1]
        stack = self._stack
        if kind == D_PLACE:
            if a == A.PASS:
                # rules: Caylus, phase 2 a — the first to pass takes 1 denier
                if not self._passed:
                    self._deniers[seat] += 1
                    if self._events is not None:
                        self._events.append(("first_pass", seat, 1))
                self._passed.append(seat)
                return
            target = a - A.PLACE
            if self._passed:  # before anyone has passed a place costs 1 denier
                own = 6 <= target < 6 + ROAD_LENGTH and self._owner[target - 5] == seat
                self._deniers[seat] -= self.placement_cost(seat, own)
            else:
                self._deniers[seat] -= 1
            self._workers[seat] -= 1
            self._put_worker(seat, target)
        elif kind in (D_PROVOST, D_GUILD):
            if a != A.PASS:
                delta = A.PROVOST_DELTAS[a - A.PROVOST]
                self._provost += delta
                if kind == D_PROVOST:
                    self._deniers[seat] -= abs(delta)  # rules: Caylus, phase 4 — 1 denier a space
        elif kind == D_PRODUCE:
            bundle = PRODUCE_BUNDLES[task[2]][a - A.CUBE]
            if bundle is not None:
                have = self._cubes[seat]
                for i in _CUBES:
                    have[i] += bundle[i]
                if self._events is not None:
                    self._events.append(("produce", seat, task[2], *bundle))
        elif kind == D_BUILD:
            if a != A.PASS:
                self._build(seat, A.BUILDABLE[a - A.BUILD], task[3])
        elif kind == D_CASTLE:
            if a == A.PASS:
                if self._given[seat] == 0 and self.building_section is not None:
                    pp = self._pp[seat]
                    self._pp[seat] = max(0, self._pp[seat] - CASTLE_PENALTY)
                    if self._events is not None:
                        self._events.append(("castle_penalty", seat, pp - self._pp[seat]))
            else:
                x, y = A.BATCHES[a - A.BATCH]
                self._give_batch(seat, x, y)
                stack.append((D_CASTLE, seat))
        elif kind == D_MARKET:
            if a != A.PASS:
                self._cubes[seat][a - A.CUBE] -= 1
                self._deniers[seat] += task[2]
        elif kind == D_PEDDLER:
            if a != A.PASS:
                self._deniers[seat] -= task[3]
                self._cubes[seat][a - A.CUBE] += 1
                if task[2] > 1:
                    stack.append((D_PEDDLER, seat, task[2] - 1, task[3]))
        elif kind == D_JOUST:
            if a == A.YES:
                # rules: Caylus, phase 3 d — 1 denier + 1 cloth for a favour
                self._deniers[seat] -= 1
                self._cubes[seat][CLOTH] -= 1
                stack.append((T_FAVOURS, seat, 1))
        elif kind == D_GATE:
            # rules: Caylus, phase 3 a — move the gate worker for free, or take it back
            if a == A.PASS:
                self._go_home(seat)
            else:
                self._put_worker(seat, a - A.PLACE)
        elif kind == D_INN:
            if a == A.YES:
                self._inn[1] = NOBODY
                self._go_home(seat)
        elif kind == D_ROW:
            self._favour_row(seat, a - A.ROW)
        elif kind == D_PAY:
            self._cubes[seat][a - A.CUBE] -= 1
            if self._events is not None:
                self._events.append(("pay", seat, a - A.CUBE))
        elif kind == D_COLUMN:
            self._favour_column(seat, task[2], a - A.COLUMN + 1)
        elif kind == D_LAWYER:
            if a != A.PASS:
                space = a - A.SPACE + 1
                self._cubes[seat][CLOTH] -= 1
                self._deniers[seat] -= task[2]
                if self._worker[space] != NOBODY:
                    self._transform[space] = seat  # paid now, done once that building has activated
                else:
                    self._make_residence(seat, space)
        elif kind == D_TRADE:
            if a != A.PASS:
                self._trade(seat, TRADE_EFFECTS[task[2]], a - A.OPTION)
        elif kind in (D_OWNER, D_TAKE):
            self._cubes[seat][a - A.CUBE] += 1
            if self._events is not None:
                self._events.append(("owner_bonus" if kind == D_OWNER else "take", seat, a - A.CUBE))
        elif kind == D_RESIDENCE:
            space = a - A.SPACE + 1
            self._road[space] = task[2]  # the prestige building replaces the residence
            self._road_changed()
        else:  # pragma: no cover
            raise AssertionError(f"unknown decision {task}")

    def _trade(self, seat: int, effect: Effect, option: int) -> None:
        c = self._cubes[seat]
        if effect is _BANK:
            self._deniers[seat] -= (2, 5)[option]
            c[GOLD] += option + 1
        elif effect is _ALCHEMIST:
            self._stack.append((T_GAIN, seat, GOLD, option + 1))
            for _ in range((2, 4)[option]):
                self._stack.append((D_PAY, seat))
        elif effect is _CHURCH:
            self._deniers[seat] -= (2, 4)[option]
            self._pp[seat] += (3, 5)[option]
        elif effect is _TAILOR:
            c[CLOTH] -= (2, 3)[option]
            self._pp[seat] += (4, 6)[option]
        else:
            c[GOLD] -= (1, 2)[option]
            self._pp[seat] += (5, 9)[option]

    # ---- labels ------------------------------------------------------------------------------------
    @abstractmethod
    def prompt(self) -> str:
        """The pending decision in words (``state.py``)."""

    def action_label(self, action_id: int) -> str:
        return A.LABELS[action_id]

    # ---- copies and serialisation -----------------------------------------------------------------
    def clone(self) -> Self:
        cls = type(self)
        c = cls.__new__(cls)
        c.num_players, c.seed, c.options = self.num_players, self.seed, self.options
        c._history = self._history.copy()
        c._deniers = self._deniers.copy()
        c._cubes = [x.copy() for x in self._cubes]
        c._pp = self._pp.copy()
        c._workers = self._workers.copy()
        c._favour = [x.copy() for x in self._favour]
        c._rows_used = self._rows_used.copy()
        c._order = self._order.copy()
        c._passed = self._passed.copy()
        c._road = self._road.copy()
        c._takes = self._takes
        c._owner = self._owner.copy()
        c._worker = self._worker.copy()
        c._special = self._special.copy()
        c._stables = self._stables.copy()
        c._inn = self._inn.copy()
        c._castle = self._castle.copy()
        c._given = self._given.copy()
        c._houses = [x.copy() for x in self._houses]
        c._scored = self._scored.copy()
        c._transform = self._transform.copy()
        c._supply = self._supply.copy()
        c._bailiff = self._bailiff
        c._provost = self._provost
        c._turn = self._turn
        c._phase = self._phase
        c._stack = self._stack.copy()
        c._over = self._over
        c._final_bonus = self._final_bonus.copy()
        c._legal_now = self._legal_now
        c._events = None  # the event log is not part of the state
        return c

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "deniers", "cubes", "pp", "workers", "favour", "rows_used", "order", "passed", "road", "owner",
        "worker", "special", "stables", "inn", "castle", "given", "houses", "scored", "supply", "bailiff",
        "provost", "turn", "phase", "over", "final_bonus",
    )  # fmt: skip

    def _state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {name: getattr(self, "_" + name) for name in self._FIELDS}
        d = {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}
        d["cubes"] = [list(x) for x in self._cubes]
        d["favour"] = [list(x) for x in self._favour]
        d["houses"] = [list(x) for x in self._houses]
        d["transform"] = {str(k): v for k, v in sorted(self._transform.items())}
        d["stack"] = [list(t) for t in self._stack]
        return d

    @classmethod
    def _from_state_dict(
        cls, players: int, seed: int, options: dict[str, Any], history: list[int], data: dict[str, Any]
    ) -> Self:
        s = cls.__new__(cls)
        s.num_players, s.seed, s.options, s._history = players, seed, options, history
        for name in cls._FIELDS:
            value = data[name]
            if isinstance(value, list):
                value = [list(x) if isinstance(x, list) else x for x in value]
            setattr(s, "_" + name, value)
        s._transform = {int(k): int(v) for k, v in data["transform"].items()}
        s._stack = [tuple(int(x) for x in t) for t in data["stack"]]
        problem = s.integrity_problem()
        if problem:
            raise ValueError(_("State JSON is inconsistent: {problem}", problem=problem))
        s._road_changed()  # the road is checked now
        s._legal_now = s._legal(s._stack[-1]) if s._stack and not s._over else []
        s._events = None
        if not s._over and len(s._legal_now) < 2:
            raise ValueError(_("State JSON is inconsistent: the pending decision has no real choice"))
        return s

    def integrity_problem(self) -> str | None:
        """None if the state obeys the game's invariants; else what is wrong (in words a person loading a
        broken document reads: translated)."""
        # i18n: the messages below say what is wrong in a Caylus state document (JSON) that fails to load;
        # field names and tasks ([3, 1, 0]) are the document's own
        n = self.num_players
        for name in (
            "_deniers",
            "_cubes",
            "_pp",
            "_workers",
            "_favour",
            "_given",
            "_rows_used",
            "_final_bonus",
        ):
            if len(getattr(self, name)) != n:
                return _("{field} does not have one entry per player", field=name[1:])
        spaces = ROAD_LENGTH + 1
        shapes = (
            (self._road, spaces, "road"),
            (self._owner, spaces, "owner"),
            (self._worker, spaces, "worker"),
            (self._special, 4, "special"),
            (self._inn, 2, "inn"),
            (self._houses, 3, "houses"),
            (self._scored, 3, "scored"),
            (self._supply, len(TILES), "supply"),
        )
        for values, size, name in shapes:
            if len(values) != size:
                return _("{field} does not have {n} entries", field=name, n=size)
        if any(len(c) != 5 for c in self._cubes) or any(len(f) != 4 for f in self._favour):
            return _("cubes or favour markers of the wrong shape")
        if any(len(h) != n for h in self._houses):
            return _("houses do not have one entry per player")
        seats = [*self._owner, *self._worker, *self._special, *self._inn]
        seats += [*self._stables, *self._castle, *self._passed, *self._transform.values()]
        if any(not (x == NOBODY or 0 <= x < n) for x in seats):
            return _("a seat number out of range")
        if any(not (t == EMPTY or 0 <= t < len(TILES)) for t in self._road):
            return _("a tile id out of range")
        if any(not 1 <= space <= ROAD_LENGTH for space in self._transform):
            return _("a lawyer transform off the road")
        problem = self.stack_problem(self._task_arguments())
        if problem:
            return problem
        for task in self._stack:
            if task[0] == T_LEAVE and self._worker[task[1]] == NOBODY:
                return _("a worker is to leave the space {space}, where none stands", space=task[1])
            if task[0] == D_PRODUCE and not TILES[task[2]].produces:
                return _("a production decision on a tile that produces nothing: {task}", task=list(task))
            if task[0] == D_OWNER and not TILES[task[2]].owner_bonus:
                return _("an owner's bonus on a tile that has none: {task}", task=list(task))
            if task[0] == D_RESIDENCE and TILES[task[2]].kind is not Kind.PRESTIGE:
                return _(
                    "a residence to replace by a tile that is no prestige building: {task}", task=list(task)
                )
        if len(set(self._passed)) != len(self._passed) or NOBODY in self._passed:
            return _("a seat twice (or no seat) in the passing order")
        if len(set(self._stables)) != len(self._stables) or NOBODY in self._stables or NOBODY in self._castle:
            return _("a seat twice (or no seat) in the stables, or no seat in the castle")
        if len(self._stables) > 3:
            return _("more than 3 workers in the stables")
        if any(not 0 <= r < 16 for r in self._rows_used) or any(g < 0 for g in self._given):
            return _("favour rows used or batches given out of range")
        if not 0 <= self._phase < len(PHASE_NAMES) or self._turn < 0:
            return _("the phase or the turn out of range")
        if not all(isinstance(x, bool) for x in (*self._scored, self._over)):
            return _("a flag that is not true or false")
        to_place = [k[2] for k in self._stack if k[0] == D_RESIDENCE]
        for t in TILES:
            placed = self._road.count(t.id) + to_place.count(t.id)
            if t.id != RESIDENCE and self._supply[t.id] + placed > max(1, t.copies):
                return _(
                    "more {building} tiles on the road and in the supply than there are", building=_(t.name)
                )
            if self._supply[t.id] and not t.buildable:
                return _("the {building} in the supply, which is not built from it", building=_(t.name))
        if any(d < 0 for d in self._deniers) or any(x < 0 for c in self._cubes for x in c):
            return _("negative deniers or cubes")
        if any(p < 0 for p in self._pp):
            return _("negative prestige")
        if sorted(self._order) != list(range(n)):
            return _("the turn order is not a permutation of the seats")
        if not 1 <= self._provost <= ROAD_LENGTH or not START_SPACE <= self._bailiff <= ROAD_LENGTH:
            return _("provost or bailiff off the road")
        for seat in range(n):
            out = (
                sum(1 for w in self._worker if w == seat)
                + sum(1 for w in self._special if w == seat)
                + self._stables.count(seat)
                + self._inn.count(seat)
                + self._castle.count(seat)
                + sum(1 for t in self._stack if t[0] == D_GATE and t[1] == seat)
            )
            if out + self._workers[seat] != WORKERS_PER_PLAYER:
                return _("seat {seat} does not have exactly {n} workers", seat=seat, n=WORKERS_PER_PLAYER)
        for section in range(3):
            if sum(self._houses[section]) > SECTION_SIZE[section]:
                return _("the {section} holds too many houses", section=_(SECTION_NAMES[section]))
        if any(not 0 <= col <= 5 for f in self._favour for col in f):
            return _("a favour marker is off the table")
        for space in range(1, ROAD_LENGTH + 1):
            if self._worker[space] != NOBODY and self._road[space] == EMPTY:
                return _("a worker stands on the empty space {space}", space=space)
            if self._worker[space] != NOBODY and not TAKES_WORKER[self._road[space]]:
                return _("a worker stands on space {space}, whose building takes no workers", space=space)
            if self._owner[space] != NOBODY and self._road[space] == EMPTY:
                return _("the empty space {space} has an owner", space=space)
        if not self._over and not self._stack:
            return _("the game is not over but nothing is left to do")
        return None

    def document_problem(self) -> str | None:
        """None if the task stack is one a game reaches, beyond what ``integrity_problem`` checks (which the
        tests' set-up positions, whose turn stops early, also pass); else what is wrong. ``from_json`` with
        ``replay=False`` does not check it (those positions load); the fuzz test checks that a document
        with no integrity or document problem plays to its end. The rest of the turn lies at its
        bottom, in order, ending with the next turn, and the phase matches it; no task of the turn itself
        (``T_TURN``) is pending; a worker leaves a space once; the placement decision is for a seat that
        has not passed, the inn's for the seat on its right circle."""
        if self._over:
            return None
        problem = self.round_layer_problem(TURN_TASKS, _ADVANCING, T_PHASE)
        if problem:
            return problem
        if self._stack[0] != (T_NEXT_TURN,):
            return _("the task stack does not end with the next turn, so the game would stop")
        if sum(1 for t in self._stack if t[0] == D_PLACE) > 1:
            return _("two placement decisions pending at once")
        seen: set[tuple[int, ...]] = set()
        for task in self._stack:
            if task[0] == T_TURN:
                return _("a new turn is pending inside the turn")
            if task[0] in (T_LEAVE, D_PLACE, D_INN, D_GATE, D_GUILD, D_JOUST) and task in seen:
                return _("the task {task} is twice on the stack", task=list(task))
            seen.add(task)
            if task[0] == D_PLACE and (task[1] in self._passed or self._phase != 2):
                return _(
                    "a placement decision for a seat that passed, or outside phase 2: {task}", task=list(task)
                )
            if task[0] == D_INN and task[1] != self._inn[1]:
                return _("an inn decision for a seat that is not on the inn's right circle")
        return None

    def _task_arguments(self) -> dict[int, tuple[range, ...]]:
        """The allowed values of each task kind's arguments, for ``integrity_problem``."""
        n = self.num_players
        seat, space, tile, cube = range(n), range(1, ROAD_LENGTH + 1), range(len(TILES)), range(5)
        small = range(1, 10)
        args: dict[int, tuple[range, ...]] = {k: () for k, size in TASK_SIZES.items() if size == 1}
        args.update({k: (seat,) for k, size in TASK_SIZES.items() if k >= DECISION and size == 2})
        args.update(
            {
                T_PHASE: (range(1, len(PHASE_NAMES)),),
                T_PLACEMENT: (seat,),
                T_PROVOST: (range(n + 1),),
                T_ACTIVATE: (range(1, ROAD_LENGTH + 2),),
                T_LEAVE: (space,),
                T_CASTLE: (range(len(self._castle) + 1),),
                T_SCORE: (range(3),),
                T_SCORED: (range(3),),
                T_GAIN: (seat, cube, small),
                T_FAVOURS: (seat, small),
                D_PRODUCE: (seat, tile),
                D_OWNER: (seat, tile),
                D_MARKET: (seat, range(10)),
                D_PEDDLER: (seat, range(1, 3), range(10)),
                D_BUILD: (seat, range(len(_KIND_CODE)), range(-1, 5)),
                D_RESIDENCE: (seat, tile),
                D_LAWYER: (seat, range(2)),
                D_TRADE: (seat, range(len(TRADE_EFFECTS))),
                D_COLUMN: (seat, range(FavourRow.RESOURCES, FavourRow.BUILDING + 1)),
                D_TAKE: (seat, range(1, 32)),
            }
        )
        return args

    def view(self, seat: object) -> dict[str, Any]:
        """Everything on the table. Caylus has no hidden information after setup."""
        self.check_seat(seat)
        road = []
        for space in range(1, ROAD_LENGTH + 1):
            tile = self._road[space]
            road.append(
                {
                    "space": space,
                    "tile": None if tile == EMPTY else TILES[tile].key,
                    "owner": self.owner_at(space),
                    "worker": self.worker_at(space),
                }
            )
        return {
            "game": self.game,
            "viewer": seat,
            "turn": self._turn,
            "phase": self._phase,
            "phase_name": PHASE_NAMES[self._phase],
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "is_terminal": self._over,
            "winners": self.winners(),
            "turn_order": list(self._order),
            "passing_order": list(self._passed),
            "bailiff": self._bailiff,
            "provost": self._provost,
            "road": road,
            "special": {
                SPECIAL_NAMES[b]: self.special_worker(b)
                for b in (Special.GATE, Special.TRADING_POST, Special.GUILD, Special.JOUST, Special.STABLES)
            },
            "inn": {"left": self.inn[0], "right": self.inn[1]},
            "castle_workers": list(self._castle),
            "castle": [
                {
                    "section": SECTION_NAMES[s],
                    "houses": list(self._houses[s]),
                    "size": SECTION_SIZE[s],
                    "scored": self._scored[s],
                }
                for s in range(3)
            ],
            "open_favour_columns": self.open_columns,
            "supply": {TILES[t].key: n for t, n in enumerate(self._supply) if n},
            "pending_transforms": {str(k): v for k, v in sorted(self._transform.items())},
            "pending_payments": sum(1 for t in self._stack if t[0] == D_PAY),
            "players": [
                {
                    "seat": p,
                    "deniers": self._deniers[p],
                    "cubes": dict(zip(CUBE_NAMES, self._cubes[p], strict=True)),
                    "prestige": self._pp[p],
                    "workers_at_home": self._workers[p],
                    "favours": dict(zip(FAVOUR_ROW_NAMES, self._favour[p], strict=True)),
                    "final_bonus": self._final_bonus[p],
                    "favour_rows_used": [
                        name for row, name in enumerate(FAVOUR_ROW_NAMES) if self._rows_used[p] >> row & 1
                    ],
                    "batches_given": self._given[p],
                }
                for p in range(self.num_players)
            ],
        }


_AutoTask = Callable[[CaylusRules, tuple[int, ...]], None]
_AUTO_BY_KIND: Final[dict[int, _AutoTask]] = {
    T_TURN: CaylusRules._t_turn,
    T_PHASE: CaylusRules._t_phase,
    T_INCOME: CaylusRules._t_income,
    T_PLACEMENT: CaylusRules._t_placement,
    T_GATE: CaylusRules._t_gate,
    T_TRADING_POST: CaylusRules._t_trading_post,
    T_GUILD: CaylusRules._t_guild,
    T_JOUST: CaylusRules._t_joust,
    T_STABLES: CaylusRules._t_stables,
    T_INN: CaylusRules._t_inn,
    T_PROVOST: CaylusRules._t_provost,
    T_ACTIVATE: CaylusRules._t_activate,
    T_LEAVE: CaylusRules._t_leave,
    T_BEYOND_PROVOST: CaylusRules._t_beyond_provost,
    T_CASTLE: CaylusRules._t_castle,
    T_BEST_BUILDER: CaylusRules._t_best_builder,
    T_END_TURN: CaylusRules._t_end_turn,
    T_SCORE: CaylusRules._t_score,
    T_SCORED: CaylusRules._t_scored,
    T_NEXT_TURN: CaylusRules._t_next_turn,
    T_GAIN: CaylusRules._t_gain,
    T_FAVOURS: CaylusRules._t_favours,
}
# the automatic tasks indexed by kind (0 up, no gaps): a table rather than a chain of comparisons
AUTO_TASKS: Final[tuple[_AutoTask, ...]] = tuple(_AUTO_BY_KIND[kind] for kind in range(len(_AUTO_BY_KIND)))


__all__ = ["CaylusRules"]
