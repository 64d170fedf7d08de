"""Caylus 1303 — the state and the rules (the texts that explain them are added in ``state.py``).

Like Caylus, a round is driven by an explicit stack of small int tuples (``tasks.py``), so the state stays
plain data: ``clone`` copies a few lists and ``to_json`` writes them out. Automatic tasks run as soon as
they reach the top of the stack; a decision waits for its seat. A decision with a single legal action is
taken automatically. Prestige is hidden: ``view(seat)`` shows a seat its own PP only, until the end.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar, Final, Self

from masterbuilder.core.i18n import Text
from masterbuilder.core.rng import SplitMix64
from masterbuilder.core.task_stack import AutoTask, TaskStackState
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    ANY_RES,
    BRIDGE_SPACE,
    BUNDLE_PP,
    BUNDLES,
    CHARACTERS,
    END_PP_PER,
    HOUSES,
    MONUMENT_TILES,
    PROVOST_MAX,
    PROVOST_MIN,
    PROVOST_START,
    RECOMMENDED,
    RECRUITMENT,
    RES_NAMES,
    ROAD_LENGTH,
    ROUNDS,
    SLOT_ROUNDS,
    START_RES,
    START_SPACES,
    START_TILES,
    START_WORKERS,
    STONE_SPACE,
    STONE_TILES,
    STONEMASON,
    TILES,
    WOOD_SPACE,
    WOOD_TILES,
    WORKERS_TOTAL,
    Char,
    Effect,
    Family,
    Get,
    Pay,
    Res,
    Side,
    is_standard_bundle,
)
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
    DECISION,
    EMPTY,
    GET_GOLD,
    GET_PP,
    GET_WORKERS,
    NOBODY,
    PHASE_NAMES,
    ROUND_TASKS,
    T_ACTIVATE,
    T_BAILIFF,
    T_BEST,
    T_BEYOND,
    T_BOARD_CHAR,
    T_BRIDGE,
    T_DELIVERY,
    T_DRAFT,
    T_EARLY,
    T_END_ROUND,
    T_FLIP,
    T_GET,
    T_LATE,
    T_MONUMENTS,
    T_PHASE,
    T_PLACE_TILE,
    T_PLAN,
    T_RECRUIT,
    T_RETURN,
    T_ROUND,
    T_USE,
    TASK_SIZES,
)

_ = Text("caylus1303")  # the messages of a state document that does not load

# where a character is when no player holds it
BOX, BOARD, POOL = -1, -2, -3
_GET_CODE: Final = {Get.PP: GET_PP, Get.GOLD: GET_GOLD, Get.WORKERS: GET_WORKERS}
_FAMILY: Final = tuple(t.family for t in TILES)
# tiles a worker may stand on: not the Guilds Bridge (it works through the passers' houses), not a monument
_TAKES_WORKER: Final = tuple(t.built.effect not in (Effect.BRIDGE, Effect.NONE) for t in TILES)
_RECRUIT_RES: Final = tuple(any(t.recruit_res) for t in TILES)  # monuments that give resources at recruitment
# the enum members the moves read, as module constants: reading an enum class's attribute costs about
# ten times a module constant's look-up in CPython 3.11 (60 against 6 ns); mypyc reads a Final natively
_ARCHITECT: Final = int(Char.ARCHITECT)
_BAILIFF: Final = int(Char.BAILIFF)
_CHAMBERLAIN: Final = int(Char.CHAMBERLAIN)
_DAY_LABORER: Final = int(Char.DAY_LABORER)
_DELIVERYMAN: Final = int(Char.DELIVERYMAN)
_EARLY_RISER: Final = int(Char.EARLY_RISER)
_FOREMAN: Final = int(Char.FOREMAN)
_GOLDSMITH: Final = int(Char.GOLDSMITH)
_JOURNEYMAN: Final = int(Char.JOURNEYMAN)
_NIGHT_WORKER: Final = int(Char.NIGHT_WORKER)
_STEWARD: Final = int(Char.STEWARD)
_THIEF: Final = int(Char.THIEF)
_RES: Final = (0, 1, 2, 3, 4)  # food, wood, stone, cloth, gold: to loop over without a range object
_R_CLOTH: Final = int(Res.CLOTH)
_R_GOLD: Final = int(Res.GOLD)
_R_WOOD: Final = int(Res.WOOD)
_E_BRIDGE: Final = Effect.BRIDGE
_E_CARPENTER: Final = Effect.CARPENTER
_E_CHOOSE: Final = Effect.CHOOSE
_E_FAIR: Final = Effect.FAIR
_E_FAVOUR: Final = Effect.FAVOUR
_E_GAIN: Final = Effect.GAIN
_E_NONE: Final = Effect.NONE
_E_NOTARY: Final = Effect.NOTARY
_E_SELL_WORKER: Final = Effect.SELL_WORKER
_E_STONEMASON: Final = Effect.STONEMASON
_E_TOLL: Final = Effect.TOLL
_E_TRADE: Final = Effect.TRADE
_PAY_ANY: Final = Pay.ANY
_PAY_RES: Final = Pay.RES
_PAY_WORKERS: Final = Pay.WORKERS
_START_FAMILY: Final = Family.START
_WOOD_FAMILY: Final = Family.WOOD
_PLACE_BASE: Final = A.PLACE - 1  # + road space: the action id of placing a worker there
_STANDARD_BUNDLES: Final = tuple(i for i, b in enumerate(BUNDLES) if is_standard_bundle(b))
_ROUND_BOTTOM_FIRST: Final = tuple(reversed(ROUND_TASKS))
_ROUND_KINDS: Final = frozenset(t[0] for t in ROUND_TASKS)
# round tasks that re-push themselves
_ADVANCING: Final = frozenset({T_PLAN, T_ACTIVATE, T_DELIVERY, T_MONUMENTS})
# a building the Carpenter or Stonemason may build: (tile, action id, its cost in food, wood, stone, cloth
# and gold, the cubes other than gold it takes: its cost in them and in cubes of any kind)
_BuildOption = tuple[int, int, int, int, int, int, int, int]


def _build_cost(tile: int, no_stone: int) -> list[int]:
    cost = list(TILES[tile].cost)
    if no_stone:  # the Stonemason's setup side: the stone part is not paid
        cost[Res.STONE] = max(0, cost[Res.STONE] - 1)
    return cost


def _build_options(tiles: tuple[int, ...], no_stone: int) -> tuple[_BuildOption, ...]:
    out = []
    for t in tiles:
        food, wood, stone, cloth, gold = _build_cost(t, no_stone)
        cubes = food + wood + stone + cloth + TILES[t].cost_any
        out.append((t, A.build(t), food, wood, stone, cloth, gold, cubes))
    return tuple(out)


_WOOD_BUILDS: Final = _build_options(WOOD_TILES, 0)
_STONE_BUILDS: Final = (_build_options(STONE_TILES, 0), _build_options(STONE_TILES, 1))  # [no stone part?]
# [provost][most steps, 0 to 3]: the action ids of the provost's moves that keep it on the road
_PROVOST_MOVES: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        tuple(A.move(d) for d in A.MOVES if abs(d) <= limit and PROVOST_MIN <= provost + d <= PROVOST_MAX)
        for limit in range(4)
    )
    for provost in range(PROVOST_MAX + 1)
)


class Caylus1303Rules(TaskStackState):
    """A game of Caylus 1303 for 2 to 5 players."""

    game = "caylus1303"
    title = "Caylus 1303"
    num_actions = A.NUM_ACTIONS

    # seats
    _res: list[list[int]]  # [seat][resource]
    _pp: list[int]
    _hand: list[int]  # workers in the player's supply
    _camp: list[int]  # the player's workers in the camp
    _houses: list[int]  # houses left to build with (the bridge house is not counted)
    _bundles: list[int]  # bundles delivered this round
    _forgone: list[int]  # workers a player was due but could not take: none of theirs left in the camp
    _final_bonus: list[int]
    # characters
    _chars: list[int]  # [character]: seat, or BOX / BOARD / POOL
    _journeyman_used: int  # this round
    _goldsmith_used: int  # this round
    # board
    _road: list[int]  # [space 0..28]: tile id or EMPTY (index 0 unused)
    _owner: list[int]  # [space]: owner seat or NOBODY
    _residence: list[int]  # [space]: 1 once a claimed start building has turned to its residence side
    _takes: tuple[int, ...]  # road spaces a worker may go to (from _road and _residence: _road_changed)
    _w1: list[int]  # [space]: the first worker on it, or NOBODY
    _w2: list[int]  # [space]: the Journeyman's second worker, or NOBODY
    _site: list[int]  # seats with a worker at the construction site, by lot
    _slots: list[int]  # the three construction-site tiles
    _supply: list[int]  # [tile]: 1 if it can still be built
    _passed: list[int]  # Guilds Bridge order this round
    _first: int
    _provost: int  # the provost stands after this road space: spaces 1..provost activate
    _round: int
    _phase: int

    # ---- setup ------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        # rules: Caylus 1303, "Spielaufbau"
        s = cls.__new__(cls)
        s.num_players, s.seed, s.options, s._history = players, seed, options, []
        rng = SplitMix64(seed)
        start = list(START_TILES)
        rng.shuffle(start)
        wood = list(WOOD_TILES)
        rng.shuffle(wood)
        stone = list(STONE_TILES)
        rng.shuffle(stone)
        s._road = [EMPTY] * (ROAD_LENGTH + 1)
        for space, printed in enumerate(TILES[:BRIDGE_SPACE], start=1):
            s._road[space] = printed.id
        s._slots = [start[0], wood[0], stone[0]]
        for space, tile in zip(START_SPACES, start[1:], strict=True):
            s._road[space] = tile
        # the Stonemason never starts on the road: draw the next tile instead
        road_wood = next(t for t in wood[1:] if t != STONEMASON)
        s._road[WOOD_SPACE] = road_wood
        s._road[STONE_SPACE] = stone[1]
        s._supply = [0] * len(TILES)
        for t in (*wood[1:], *stone[2:], *MONUMENT_TILES):
            if t != road_wood:
                s._supply[t] = 1
        s._owner = [NOBODY] * (ROAD_LENGTH + 1)
        s._residence = [0] * (ROAD_LENGTH + 1)
        s._road_changed()
        s._w1 = [NOBODY] * (ROAD_LENGTH + 1)
        s._w2 = [NOBODY] * (ROAD_LENGTH + 1)
        s._site = []
        s._provost = PROVOST_START
        s._round = 0
        s._phase = 0
        s._res = [list(START_RES) for _ in range(players)]
        s._pp = [0] * players
        s._hand = [START_WORKERS[players]] * players
        s._camp = [WORKERS_TOTAL - START_WORKERS[players]] * players
        s._houses = [HOUSES - 1] * players
        s._bundles = [0] * players
        s._forgone = [0] * players
        s._final_bonus = [0] * players
        s._passed = []
        s._first = rng.below(players)
        s._chars = [BOX] * len(CHARACTERS)
        if options["characters"] == "recommended":
            drawn = list(RECOMMENDED[players])
        else:
            order = list(range(len(CHARACTERS)))
            rng.shuffle(order)
            drawn = order[: players + 3]
        for c in drawn:
            s._chars[c] = POOL
        s._journeyman_used = 0
        s._goldsmith_used = 0
        s._over = False
        s._stack = [(T_DRAFT, 0)]
        s._legal_now = []
        s._events = None
        s._run()
        return s

    # ---- queries ----------------------------------------------------------------------------------
    @property
    def round(self) -> int:
        return self._round

    @property
    def phase(self) -> int:
        """0 setup (the character draft), 1 planning, 2 activation, 3 delivery, 4 administration, 5 over."""
        return self._phase

    @property
    def provost(self) -> int:
        """The provost stands after this road space: spaces 1 to ``provost`` are activated."""
        return self._provost

    @property
    def first_player(self) -> int:
        """Who holds the first-player tile: the round's first player, then, once someone has passed, the first
        passer (who starts the next round)."""
        return self._first

    @property
    def passing_order(self) -> list[int]:
        return list(self._passed)

    def resources(self, seat: int) -> tuple[int, int, int, int, int]:
        r = self._res[seat]
        return (r[0], r[1], r[2], r[3], r[4])

    def prestige(self, seat: int) -> int:
        """The seat's PP (hidden from the other seats in ``view`` until the game ends)."""
        return self._pp[seat]

    def workers(self, seat: int) -> int:
        """Workers in the seat's supply, ready to place."""
        return self._hand[seat]

    def camp(self, seat: int) -> int:
        """The seat's workers in the camp."""
        return self._camp[seat]

    def workers_on_board(self, seat: int) -> int:
        return WORKERS_TOTAL - self._hand[seat] - self._camp[seat]

    def houses_left(self, seat: int) -> int:
        return self._houses[seat]

    def forgone_workers(self, seat: int) -> int:
        """Workers the seat was due but could not take (none of its colour left in the camp)."""
        return self._forgone[seat]

    def bundles_delivered(self, seat: int) -> int:
        """Bundles delivered in the current round."""
        return self._bundles[seat]

    def tile_at(self, space: int) -> int | None:
        t = self._road[space]
        return None if t == EMPTY else t

    def owner_at(self, space: int) -> int | None:
        o = self._owner[space]
        return None if o == NOBODY else o

    def is_residence(self, space: int) -> bool:
        """A start building turned to its residence side (a monument on it is not a residence)."""
        t = self._road[space]
        return bool(self._residence[space]) and t != EMPTY and _FAMILY[t] is Family.START

    def workers_at(self, space: int) -> list[int]:
        return [w for w in (self._w1[space], self._w2[space]) if w != NOBODY]

    @property
    def site(self) -> list[int]:
        """Seats with a worker at the construction site, by lot (left to right)."""
        return list(self._site)

    @property
    def slots(self) -> list[int]:
        """The three construction-site tiles (start, wood, stone), setup side up."""
        return list(self._slots)

    @property
    def open_slots(self) -> int:
        """How many construction-site slots a favour may use this round (rounds 1-3: 1, 4-6: 2, 7-9: 3)."""
        return sum(1 for r in SLOT_ROUNDS if self._round >= r)

    def in_supply(self, tile: int) -> bool:
        return bool(self._supply[tile])

    def character_holder(self, character: int) -> int | None:
        c = self._chars[character]
        return c if c >= 0 else None

    def characters_of(self, seat: int) -> list[int]:
        return [c for c, holder in enumerate(self._chars) if holder == seat]

    @property
    def board_characters(self) -> list[int]:
        return [c for c, holder in enumerate(self._chars) if holder == BOARD]

    @property
    def draft_pool(self) -> list[int]:
        return [c for c, holder in enumerate(self._chars) if holder == POOL]

    @property
    def characters_in_play(self) -> list[int]:
        return [c for c, holder in enumerate(self._chars) if holder != BOX]

    @property
    def journeyman_used(self) -> bool:
        return bool(self._journeyman_used)

    @property
    def goldsmith_used(self) -> bool:
        return bool(self._goldsmith_used)

    def placement_cost(self, seat: int, early: bool = False) -> int:
        """Workers a placement takes from the supply: 1, +1 once someone has passed (not for the Night
        Worker), +1 for the Early Riser's placement."""
        # rules: Caylus 1303, phase 1 c) and "Die Charaktere"
        if early:
            return 2
        if self._passed and self._chars[_NIGHT_WORKER] != seat:
            return 2
        return 1

    def scores(self) -> list[int]:
        return list(self._pp)

    def winners(self) -> list[int]:
        if not self._over:
            return []
        best = max(self._pp)
        return [s for s, pp in enumerate(self._pp) if pp == best]

    @property
    def final_bonus(self) -> list[int]:
        """PP added at the end for gold (zeros before the end)."""
        return list(self._final_bonus)

    # ---- automatic tasks --------------------------------------------------------------------------
    def _auto_tasks(self) -> tuple[AutoTask, ...]:
        return AUTO_TASKS

    def _t_use(self, task: tuple[int, ...]) -> None:
        self._use(task[1], task[2], task[3])

    def _t_return(self, task: tuple[int, ...]) -> None:
        self._return(task[1], task[2])

    def _t_plan(self, task: tuple[int, ...]) -> None:
        n, passed = self.num_players, self._passed
        if len(passed) < n:  # the next seat that has not passed (the passers are distinct seats)
            seat = task[1]
            while seat in passed:
                seat = (seat + 1) % n
            self._stack.append((T_PLAN, (seat + 1) % n))
            self._stack.append((D_PLACE, seat))

    def _t_phase(self, task: tuple[int, ...]) -> None:
        self._phase = task[1]
        if self._events is not None:
            self._events.append(("phase", task[1]))

    def _t_round(self, task: tuple[int, ...]) -> None:
        self._round += 1
        if self._events is not None:
            self._events.append(("round", self._round, self._first))
        for t in reversed(ROUND_TASKS):
            self._stack.append((T_PLAN, self._first) if t[0] == T_PLAN else t)

    def _t_early(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, "Der Frühaufsteher"
        holder = self._chars[_EARLY_RISER]
        if holder >= 0:
            self._stack.append((D_EARLY, holder))

    def _t_bridge(self, task: tuple[int, ...]) -> None:
        i = task[1]
        if i < len(self._passed):
            self._stack.append((T_BRIDGE, i + 1))
            self._stack.append((D_BRIDGE, self._passed[i]))

    def _t_bailiff(self, task: tuple[int, ...]) -> None:
        holder = self._chars[_BAILIFF]
        if holder >= 0:
            self._stack.append((D_BAILIFF, holder))

    def _t_beyond(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 2 h) — workers beyond the provost go to the camp unused
        w1 = self._w1
        for space in range(self._provost + 1, ROAD_LENGTH + 1):
            if w1[space] != NOBODY:  # a second worker stands only beside a first
                for seat in self.workers_at(space):
                    if self._events is not None:
                        self._events.append(("unused", seat, space))
                    self._return(seat, space)

    def _t_delivery(self, task: tuple[int, ...]) -> None:
        i = task[1]
        if i < len(self._site):
            self._stack.append((T_DELIVERY, i + 1))
            self._stack.append((D_DELIVER, self._site[i], 0))
        else:
            self._stack.append((T_LATE,))

    def _t_late(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, "Der Fuhrmann" — delivers after everyone else
        self._stack.append((T_BEST,))
        holder = self._chars[_DELIVERYMAN]
        if holder >= 0:
            self._stack.append((D_DELIVER, holder, 1))

    def _t_flip(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 4 step 1
        for space in START_SPACES:
            if self._owner[space] != NOBODY and not self._residence[space]:
                self._residence[space] = 1
                self._road_changed()
                if self._events is not None:
                    self._events.append(("residence", self._owner[space], space))

    def _t_monuments(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 4 step 2 — from the Guilds Bridge along the road
        residence = self._residence
        for space in range(task[1], START_SPACES[-1] + 1):
            if residence[space] and self.is_residence(space):  # the flag first: most spaces have none
                self._stack.append((T_MONUMENTS, space + 1))
                self._stack.append((D_MONUMENT, self._owner[space], space))
                return

    def _t_board_char(self, task: tuple[int, ...]) -> None:
        if BOARD in self._chars:
            self._stack.append((D_BOARD_CHAR, task[1]))

    def _t_draft(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, "Spielaufbau" — from the last player counter-clockwise; 3 stay on the board
        i = task[1]
        n = self.num_players
        if i < n:
            self._stack.append((T_DRAFT, i + 1))
            self._stack.append((D_DRAFT, (self._first - 1 - i) % n))
            return
        for c, holder in enumerate(self._chars):
            if holder == POOL:
                self._chars[c] = BOARD
        self._stack.append((T_ROUND,))

    def _t_activate(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 2 — one building after another, up to the provost
        # A worker's use that asks for no decision runs here at once, with its return, instead of through
        # tasks pushed and popped before the next decision; where a use asks for one, the stack below it is
        # what the tasks would have left: the worker's return, the Journeyman's worker, the rest of the road.
        space = task[1]
        stack = self._stack
        w1, w2 = self._w1, self._w2
        provost = self._provost  # no use run here moves it (those that do ask for a decision)
        while True:
            # skip spaces without a worker (the bridge always acts: its passers may move the provost)
            while space <= provost and space != BRIDGE_SPACE and w1[space] == NOBODY:
                space += 1
            if space > provost:
                self._t_beyond((T_BEYOND,))
                return
            if space == BRIDGE_SPACE:
                # rules: Caylus 1303, phase 2 e) — in bridge order, then the Bailiff (Gutsverwalter)
                stack.append((T_ACTIVATE, space + 1))
                stack.append((T_BAILIFF,))
                self._t_bridge((T_BRIDGE, 0))
                return
            first, second = w1[space], w2[space]
            tile = self._road[space]
            owner = self._owner[space]
            bonus = TILES[tile].owner_bonus
            if owner != NOBODY and bonus >= 0 and owner != first and owner != second:
                # rules: Caylus 1303, "Steingebäude" — the owner's bonus resource, once, on activation
                self._res[owner][bonus] += 1
                if self._events is not None:
                    self._events.append(("owner_bonus", owner, bonus, space))
            setup = 1 if owner == NOBODY else 0
            depth = len(stack)
            self._use(first, tile, setup)
            if len(stack) > depth:
                if second == NOBODY:
                    stack[depth:depth] = ((T_ACTIVATE, space + 1), (T_RETURN, first, space))
                else:  # the Journeyman's worker acts after the first one
                    stack[depth:depth] = (
                        (T_ACTIVATE, space + 1),
                        (T_RETURN, second, space),
                        (T_USE, second, tile, setup),
                        (T_RETURN, first, space),
                    )
                return
            self._return(first, space)
            if second != NOBODY:
                self._use(second, tile, setup)
                if len(stack) > depth:
                    stack[depth:depth] = ((T_ACTIVATE, space + 1), (T_RETURN, second, space))
                    return
                self._return(second, space)
            space += 1

    def _return(self, seat: int, space: int) -> None:
        if self._w1[space] == seat:
            self._w1[space] = self._w2[space]
            self._w2[space] = NOBODY
        elif self._w2[space] == seat:
            self._w2[space] = NOBODY
        else:  # pragma: no cover - the task is only pushed for a worker on the space
            raise AssertionError(f"no worker of seat {seat} on space {space}")
        self._camp[seat] += 1

    def _use(self, seat: int, tile: int, setup: int) -> None:
        t = TILES[tile]
        side = t.setup if setup else t.built
        effect = side.effect
        if effect is _E_GAIN:
            # taking is never worse than not taking, so production is automatic (docs/rules-notes.md D4)
            r, gain = self._res[seat], side.gain
            for i in _RES:
                r[i] += gain[i]
            got = self._take_workers(seat, side.workers) if side.workers else 0
            self._pp[seat] += side.pp
            if self._events is not None:
                self._events.append(("gain", seat, tile, list(gain), got, side.pp))
        elif effect is _E_FAVOUR:
            self._stack.append((D_FAVOUR, seat))
        elif effect is not _E_NONE and effect is not _E_BRIDGE:
            self._stack.append((D_EFFECT, seat, tile, setup))

    def _take_workers(self, seat: int, n: int) -> int:
        """Take up to ``n`` of the seat's workers from the camp; returns how many it got."""
        got = min(n, self._camp[seat])
        self._camp[seat] -= got
        self._hand[seat] += got
        self._forgone[seat] += n - got
        return got

    def _t_get(self, task: tuple[int, ...]) -> None:
        seat, what, amount = task[1], task[2], task[3]
        if what == GET_PP:
            self._pp[seat] += amount
        elif what == GET_GOLD:
            self._res[seat][_R_GOLD] += amount
        else:
            self._take_workers(seat, amount)

    def _t_best(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 3 — most bundles gets a favour; a tie goes to the earlier lot, and a
        # Deliveryman without a worker there ranks after every lot (docs/rules-notes.md D9)
        ranked = list(self._site)
        holder = self._chars[_DELIVERYMAN]
        if holder >= 0 and holder not in ranked:
            ranked.append(holder)
        best = max((self._bundles[s] for s in ranked), default=0)
        for seat in self._site:
            self._camp[seat] += 1
        self._site = []
        if best > 0:
            winner = next(s for s in ranked if self._bundles[s] == best)
            if self._events is not None:
                self._events.append(("most_bundles", winner, best))
            self._stack.append((D_FAVOUR, winner))

    def _t_recruit(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 4 step 3
        n = self.num_players
        due = [RECRUITMENT[n]] * n
        holder = self._chars[_DAY_LABORER]
        if holder >= 0:
            due[holder] += 1
        gains: dict[int, list[int]] = {}  # seat -> the resources its monuments give, where any do
        owner, road, residence = self._owner, self._road, self._residence
        for space in START_SPACES:
            seat = owner[space]
            if seat == NOBODY:
                continue
            t = road[space]
            if residence[space] and _FAMILY[t] is _START_FAMILY:
                due[seat] += 1
            else:  # a monument (or a claimed start building not yet turned)
                due[seat] += TILES[t].recruit_workers
                if _RECRUIT_RES[t]:
                    goods = gains.setdefault(seat, [0] * 5)
                    for i, x in enumerate(TILES[t].recruit_res):
                        goods[i] += x
        for seat in range(n):
            got = self._take_workers(seat, due[seat])
            gained = gains.get(seat)
            if gained is not None:
                r = self._res[seat]
                for i in _RES:
                    r[i] += gained[i]
            if self._events is not None:
                self._events.append(("recruit", seat, got, due[seat], gained or [0] * 5))

    def _t_end_round(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 4 steps 4 and 5
        self._provost = self.provost_reset_position()
        if self._events is not None:
            self._events.append(("provost", self._provost))
        if self._passed:
            self._first = self._passed[0]
        self._passed = []
        self._bundles = [0] * self.num_players
        self._journeyman_used = 0
        self._goldsmith_used = 0
        if self._round >= ROUNDS:
            self._finish()
        else:
            self._stack.append((T_ROUND,))

    def provost_reset_position(self) -> int:
        """Where administration step 4 puts the provost: just before the last building on the road,
        ignoring the stone building placed at setup while an empty space lies before it."""
        road = self._road
        gap = EMPTY in road[WOOD_SPACE:STONE_SPACE]
        last = ROAD_LENGTH  # from the end back to the last building (space 1's printed tile at the latest)
        while road[last] == EMPTY or (gap and last == STONE_SPACE):
            last -= 1
        return max(PROVOST_MIN, last - 1)

    def _finish(self) -> None:
        # rules: Caylus 1303, "Spielende" — 2 PP per gold (docs/rules-notes.md D2)
        for seat in range(self.num_players):
            bonus = sum(per * n for per, n in zip(END_PP_PER, self._res[seat], strict=True))
            self._final_bonus[seat] = bonus
            self._pp[seat] += bonus
        self._over = True
        self._phase = 5
        self._stack.clear()  # in place: the driver running this task stops on the empty stack
        if self._events is not None:
            self._events.append(("final", list(self._final_bonus), list(self._pp)))

    # ---- costs and building -----------------------------------------------------------------------
    def _affords(self, seat: int, cost: list[int] | tuple[int, ...], any_n: int) -> bool:
        r = self._res[seat]
        spare = 0
        for i in _RES:
            if r[i] < cost[i]:
                return False
            if i != _R_GOLD:
                spare += r[i] - cost[i]
        return spare >= any_n

    def first_empty_space(self) -> int | None:
        for space in range(WOOD_SPACE, ROAD_LENGTH + 1):
            if self._road[space] == EMPTY:
                return space
        return None

    def buildable(self, seat: int, family: Family, no_stone: int = 0) -> list[int]:
        """Wood or stone buildings the seat can build now (supply, cost, a house, an empty space)."""
        options = _WOOD_BUILDS if family is _WOOD_FAMILY else _STONE_BUILDS[no_stone]
        return [A.BUILDABLE[a - A.BUILD] for a in self._build_actions(seat, options)]

    def _build_actions(self, seat: int, options: tuple[_BuildOption, ...]) -> list[int]:
        """The action ids of the ``options`` the seat can build now (supply, cost, a house, a free space)."""
        if self._houses[seat] == 0 or self.first_empty_space() is None:
            return []
        supply = self._supply
        food, wood, stone, cloth, gold = self._res[seat]
        cubes = food + wood + stone + cloth
        return [
            a
            for t, a, c_food, c_wood, c_stone, c_cloth, c_gold, c_cubes in options
            if supply[t]
            and food >= c_food
            and wood >= c_wood
            and stone >= c_stone
            and cloth >= c_cloth
            and gold >= c_gold
            and cubes >= c_cubes
        ]

    def _build(self, seat: int, tile: int, no_stone: int) -> None:
        cost = _build_cost(tile, no_stone)
        r = self._res[seat]
        for i in _RES:
            r[i] -= cost[i]
        self._stack.append((T_PLACE_TILE, seat, tile))
        for _ in range(TILES[tile].cost_any):
            self._stack.append((D_PAY, seat))

    def _t_place_tile(self, task: tuple[int, ...]) -> None:
        # rules: Caylus 1303, phase 2 c) — the first empty space, a house on it, its PP at once
        seat, tile = task[1], task[2]
        space = self.first_empty_space()
        assert space is not None
        self._road[space] = tile
        self._road_changed()
        self._owner[space] = seat
        self._supply[tile] = 0
        self._houses[seat] -= 1
        pp = TILES[tile].pp + (1 if self._chars[_ARCHITECT] == seat else 0)
        self._pp[seat] += pp
        if self._events is not None:
            self._events.append(("built", seat, tile, space, pp))

    def _claimable(self) -> list[int]:
        """Start buildings on the road nobody has claimed yet (the Notary's targets)."""
        return [
            s
            for s in START_SPACES
            if self._owner[s] == NOBODY and _FAMILY[self._road[s]] is _START_FAMILY and not self._residence[s]
        ]

    def monuments_affordable(self, seat: int) -> list[int]:
        return [m for m in MONUMENT_TILES if self._supply[m] and self._affords(seat, TILES[m].cost, 0)]

    def _can_offer(self, seat: int, side: Side, i: int) -> bool:
        if i >= len(side.offers):
            return False
        o = side.offers[i]
        if o.pay is _PAY_RES:
            return self._res[seat][o.resource] >= o.amount
        if o.pay is _PAY_ANY:
            return sum(self._res[seat][r] for r in ANY_RES) >= o.amount
        return self._hand[seat] >= o.amount

    def placement_targets(self, seat: int, cost: int, first: int = -1) -> list[int]:
        """Action ids of the places a worker may go now, at ``cost`` workers (after ``first``, if given)."""
        out: list[int] = [] if first < 0 else [first]
        if self._hand[seat] < cost:
            return out
        w1 = self._w1
        if self._chars[_JOURNEYMAN] == seat and not self._journeyman_used:
            w2 = self._w2
            for space in self._takes:
                occupant = w1[space]
                if occupant == NOBODY or (occupant != seat and w2[space] == NOBODY):
                    out.append(_PLACE_BASE + space)
        else:
            for space in self._takes:
                if w1[space] == NOBODY:
                    out.append(_PLACE_BASE + space)
        if seat not in self._site:
            out.append(A.SITE)
        return out

    def _road_changed(self) -> None:
        """Refresh what is derived from the road: call it after changing ``_road`` or ``_residence``."""
        road, residence, takes = self._road, self._residence, []
        for space in range(1, ROAD_LENGTH + 1):
            if road[space] != EMPTY and _TAKES_WORKER[road[space]] and not residence[space]:
                takes.append(space)
        self._takes = tuple(takes)

    # ---- decisions --------------------------------------------------------------------------------
    def _legal(self, task: tuple[int, ...]) -> list[int]:
        kind, seat = task[0], task[1]
        if kind == D_PLACE:  # before anyone has passed a placement takes 1 worker
            return self.placement_targets(seat, self.placement_cost(seat) if self._passed else 1, A.PASS)
        if kind == D_EFFECT:
            return self._effect_legal(seat, task[2], task[3])
        if kind == D_PAY:
            res, legal = self._res[seat], []
            for r in ANY_RES:
                if res[r] > 0:
                    legal.append(A.PAY + r)
            return legal
        if kind == D_DELIVER:
            return [A.DECLINE, *self.deliverable(seat)]
        if kind == D_BRIDGE:
            return [A.DECLINE, *_PROVOST_MOVES[self._provost][min(3, self._hand[seat])]]
        if kind == D_BAILIFF:
            return [A.DECLINE, *_PROVOST_MOVES[self._provost][1]]
        if kind == D_FAVOUR:
            takes = []
            for c, h in enumerate(self._chars):
                if h >= 0 and h != seat:
                    takes.append(A.CHAR + c)
            return sorted(takes + [A.SLOT + k for k in range(self.open_slots)])
        if kind == D_BOARD_CHAR:
            return [A.DECLINE, *(A.CHAR + c for c, h in enumerate(self._chars) if h == BOARD)]
        if kind == D_MONUMENT:
            return [A.DECLINE, *(A.build(m) for m in self.monuments_affordable(seat))]
        if kind == D_EARLY:
            return self.placement_targets(seat, self.placement_cost(seat, early=True), A.DECLINE)
        if kind == D_DRAFT:
            return [A.CHAR + c for c, h in enumerate(self._chars) if h == POOL]
        raise AssertionError(f"unknown decision {task}")  # pragma: no cover

    def deliverable(self, seat: int) -> list[int]:
        """Bundle action ids the seat can deliver now."""
        r = self._res[seat]
        chamberlain = self._chars[_CHAMBERLAIN] == seat
        candidates = range(len(BUNDLES)) if chamberlain else _STANDARD_BUNDLES
        out = []
        for i in candidates:
            b = BUNDLES[i]
            if r[0] >= b[0] and r[1] >= b[1] and r[2] >= b[2] and r[3] >= b[3] and r[4] >= b[4]:
                out.append(A.BUNDLE + i)
        return out

    def _effect_legal(self, seat: int, tile: int, setup: int) -> list[int]:
        t = TILES[tile]
        side = t.setup if setup else t.built
        effect = side.effect
        r = self._res[seat]
        if effect is _E_TRADE:
            legal = [A.DECLINE]
            for i in (0, 1):
                if self._can_offer(seat, side, i):
                    legal.append(A.OFFER + i)
            return legal
        if effect is _E_CHOOSE:
            return [A.TAKE + x for x in ANY_RES]
        if effect is _E_SELL_WORKER:
            return [A.DECLINE, *(A.TAKE + x for x in ANY_RES)] if self._hand[seat] else [A.DECLINE]
        if effect is _E_FAIR:
            return [A.DECLINE, A.YES] if r[_R_WOOD] else [A.DECLINE]
        if effect is _E_NOTARY:
            if not r[_R_CLOTH] or not self._houses[seat]:
                return [A.DECLINE]
            return [A.DECLINE, *(A.claim(s) for s in self._claimable())]
        if effect is _E_CARPENTER:
            return [A.DECLINE, *self._build_actions(seat, _WOOD_BUILDS)]
        if effect is _E_STONEMASON:
            return [A.DECLINE, *self._build_actions(seat, _STONE_BUILDS[setup])]
        if effect is _E_TOLL:
            return [A.DECLINE, *_PROVOST_MOVES[self._provost][2]]
        raise AssertionError(f"no decision for {effect}")  # pragma: no cover

    def _decide(self, task: tuple[int, ...], a: int) -> None:
        kind, seat = task[0], task[1]
        if kind in (D_PLACE, D_EARLY):
            if a == A.PASS:
                self._pass(seat)
            elif kind == D_PLACE and not self._passed:  # before anyone has passed: 1 worker
                self._place(seat, a, 1)
            elif a != A.DECLINE:
                self._place(seat, a, self.placement_cost(seat, early=kind == D_EARLY))
        elif kind == D_EFFECT:
            self._effect(seat, task[2], task[3], a)
        elif kind == D_PAY:
            self._res[seat][a - A.PAY] -= 1
        elif kind == D_DELIVER:
            if a != A.DECLINE:
                self._deliver(seat, BUNDLES[a - A.BUNDLE])
                self._stack.append((D_DELIVER, seat, task[2]))
        elif kind in (D_BRIDGE, D_BAILIFF):
            if a != A.DECLINE:
                d = A.MOVES[a - A.MOVE]
                self._provost += d
                if kind == D_BRIDGE:  # rules: Caylus 1303, phase 2 e) — 1 worker to the camp per step
                    self._hand[seat] -= abs(d)
                    self._camp[seat] += abs(d)
                if self._events is not None:
                    self._events.append(("provost_moved", seat, d, self._provost))
        elif kind == D_FAVOUR:
            # rules: Caylus 1303, "Gunst"
            if a >= A.SLOT:
                self._stack.append((T_BOARD_CHAR, seat))
                self._stack.append((T_USE, seat, self._slots[a - A.SLOT], 1))
            else:
                self._chars[a - A.CHAR] = seat
        elif kind in (D_BOARD_CHAR, D_DRAFT):
            if a != A.DECLINE:
                self._chars[a - A.CHAR] = seat
        elif kind == D_MONUMENT:
            if a != A.DECLINE:
                self._monument(seat, task[2], A.BUILDABLE[a - A.BUILD])
        else:  # pragma: no cover
            raise AssertionError(f"unknown decision {task}")

    def _pass(self, seat: int) -> None:
        # rules: Caylus 1303, phase 1 c) — a house on the first free bridge space; the first passer takes
        # the first-player tile at once (it starts the next round)
        if not self._passed:
            self._first = seat
        self._passed.append(seat)

    def _place(self, seat: int, a: int, cost: int) -> None:
        # rules: Caylus 1303, phase 1 a) and b); extra workers go to the camp
        self._hand[seat] -= cost
        self._camp[seat] += cost - 1
        if a == A.SITE:
            self._site.append(seat)
            return
        space = a - A.PLACE + 1
        if self._w1[space] == NOBODY:
            self._w1[space] = seat
        else:  # rules: Caylus 1303, "Die Händlerin" — once per round, on another player's worker
            self._w2[space] = seat
            self._journeyman_used = 1
        owner = self._owner[space]
        if owner != NOBODY and owner != seat:
            if self._chars[_THIEF] == seat:  # rules: "Der Dieb" — even against the Steward
                pp = 0
            elif self._chars[_STEWARD] == owner:  # rules: "Der Hofmarschall"
                pp = 2
            else:
                pp = 1
            self._pp[owner] += pp
            if self._events is not None:
                self._events.append(("owner_pp", owner, pp, seat, space))

    def _effect(self, seat: int, tile: int, setup: int, a: int) -> None:
        if a == A.DECLINE:
            return
        t = TILES[tile]
        side = t.setup if setup else t.built
        effect = side.effect
        r = self._res[seat]
        if effect is _E_TRADE:
            offer = side.offers[a - A.OFFER]
            self._stack.append((T_GET, seat, _GET_CODE[offer.get], offer.gets))
            if offer.pay is _PAY_RES:
                r[offer.resource] -= offer.amount
            elif offer.pay is _PAY_WORKERS:
                self._hand[seat] -= offer.amount
                self._camp[seat] += offer.amount
            else:
                for _ in range(offer.amount):
                    self._stack.append((D_PAY, seat))
        elif effect is _E_CHOOSE:
            r[a - A.TAKE] += 1
        elif effect is _E_SELL_WORKER:
            self._hand[seat] -= 1
            self._camp[seat] += 1
            r[a - A.TAKE] += 1
        elif effect is _E_FAIR:
            r[_R_WOOD] -= 1
            self._stack.append((D_FAVOUR, seat))
        elif effect is _E_NOTARY:
            space = a - A.CLAIM + START_SPACES[0]
            r[_R_CLOTH] -= 1
            self._houses[seat] -= 1
            self._owner[space] = seat
            if self._events is not None:
                self._events.append(("claimed", seat, space))
        elif effect is _E_CARPENTER or effect is _E_STONEMASON:
            self._build(seat, A.BUILDABLE[a - A.BUILD], setup if effect is _E_STONEMASON else 0)
        elif effect is _E_TOLL:
            d = A.MOVES[a - A.MOVE]
            self._provost += d
            if self._events is not None:
                self._events.append(("provost_moved", seat, d, self._provost))

    def _deliver(self, seat: int, bundle: tuple[int, int, int, int, int]) -> None:
        # rules: Caylus 1303, phase 3 — 5 PP per bundle; the Foreman +1; the Goldsmith +5 once a round
        r = self._res[seat]
        for i in _RES:
            r[i] -= bundle[i]
        pp = BUNDLE_PP
        if self._chars[_FOREMAN] == seat:
            pp += 1
        if self._chars[_GOLDSMITH] == seat and bundle[_R_GOLD] and not self._goldsmith_used:
            pp += 5
            self._goldsmith_used = 1
        self._pp[seat] += pp
        self._bundles[seat] += 1
        if self._events is not None:
            self._events.append(("delivered", seat, list(bundle), pp))

    def _monument(self, seat: int, space: int, tile: int) -> None:
        # rules: Caylus 1303, phase 4 step 2 — pay, cover the residence, take the PP (Theatre: a favour)
        t = TILES[tile]
        r = self._res[seat]
        for i in _RES:
            r[i] -= t.cost[i]
        self._road[space] = tile
        self._road_changed()
        self._supply[tile] = 0
        pp = t.pp + (1 if self._chars[_ARCHITECT] == seat else 0)
        self._pp[seat] += pp
        if self._events is not None:
            self._events.append(("monument", seat, tile, space, pp))
        if t.favour_on_build:
            self._stack.append((D_FAVOUR, seat))

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
        c._res = [x.copy() for x in self._res]
        c._pp = self._pp.copy()
        c._hand = self._hand.copy()
        c._camp = self._camp.copy()
        c._houses = self._houses.copy()
        c._bundles = self._bundles.copy()
        c._forgone = self._forgone.copy()
        c._final_bonus = self._final_bonus.copy()
        c._chars = self._chars.copy()
        c._journeyman_used = self._journeyman_used
        c._goldsmith_used = self._goldsmith_used
        c._road = self._road.copy()
        c._owner = self._owner.copy()
        c._residence = self._residence.copy()
        c._takes = self._takes
        c._w1 = self._w1.copy()
        c._w2 = self._w2.copy()
        c._site = self._site.copy()
        c._slots = self._slots.copy()
        c._supply = self._supply.copy()
        c._passed = self._passed.copy()
        c._first = self._first
        c._provost = self._provost
        c._round = self._round
        c._phase = self._phase
        c._stack = self._stack.copy()
        c._over = self._over
        c._legal_now = self._legal_now
        c._events = None  # the event log is not part of the state
        return c

    _FIELDS: ClassVar[tuple[str, ...]] = (
        "res", "pp", "hand", "camp", "houses", "bundles", "forgone", "final_bonus", "chars",
        "journeyman_used", "goldsmith_used", "road", "owner", "residence", "w1", "w2", "site", "slots",
        "supply", "passed", "first", "provost", "round", "phase", "over",
    )  # fmt: skip

    def _state_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for name in self._FIELDS:
            v = getattr(self, "_" + name)
            d[name] = [list(x) if isinstance(x, list) else x for x in v] if isinstance(v, list) else v
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
        s._stack = [tuple(int(x) for x in t) for t in data["stack"]]
        problem = s.integrity_problem()
        if problem:
            # i18n: {problem} says what is wrong in a state document (a JSON file) that does not load
            raise ValueError(_("State JSON is inconsistent: {problem}", problem=problem))
        s._road_changed()  # the road is checked now
        s._legal_now = s._legal(s._stack[-1]) if s._stack and not s._over else []
        s._events = None
        if not s._over and len(s._legal_now) < 2:
            raise ValueError(_("State JSON is inconsistent: the pending decision has no real choice"))
        return s

    def integrity_problem(self) -> str | None:
        """None if the state obeys the game's invariants; else what is wrong."""
        n = self.num_players
        for name in ("_res", "_pp", "_hand", "_camp", "_houses", "_bundles", "_forgone", "_final_bonus"):
            if len(getattr(self, name)) != n:
                # i18n: {field} is the name of a field of the state document (JSON), kept as it is
                return _("{field} does not have one entry per player", field=name[1:])
        spaces = ROAD_LENGTH + 1
        for values, size, name in (
            (self._road, spaces, "road"),
            (self._owner, spaces, "owner"),
            (self._residence, spaces, "residence"),
            (self._w1, spaces, "w1"),
            (self._w2, spaces, "w2"),
            (self._slots, 3, "slots"),
            (self._supply, len(TILES), "supply"),
            (self._chars, len(CHARACTERS), "chars"),
        ):
            if len(values) != size:
                # i18n: {field} is the name of a field of the state document (JSON), kept as it is
                return _("{field} does not have {size} entries", field=name, size=size)
        ints = [*self._pp, *self._hand, *self._camp, *self._houses, *self._bundles, *self._forgone]
        ints += [*self._road, *self._owner, *self._w1, *self._w2, *self._site, *self._passed, *self._chars]
        ints += [*self._slots, *self._supply, *self._residence, *self._final_bonus]
        ints += [x for r in self._res for x in r]
        ints += [self._first, self._provost, self._round, self._phase]
        ints += [self._journeyman_used, self._goldsmith_used]
        if not isinstance(self._over, bool) or any(
            not isinstance(x, int) or isinstance(x, bool) for x in ints
        ):
            return _("a field that should hold integers holds something else")
        if any(len(r) != 5 for r in self._res):
            return _("resources of the wrong shape")
        if any(x < 0 for r in self._res for x in r):
            return _("negative resources")
        if any(x < 0 for x in (*self._pp, *self._forgone, *self._bundles, *self._final_bonus)):
            return _("negative prestige, bundles or counts")
        if not 0 <= self._phase < len(PHASE_NAMES) or self._journeyman_used not in (0, 1):
            return _("the phase or a once-per-round flag out of range")
        if self._goldsmith_used not in (0, 1) or any(
            x not in (0, 1) for x in (*self._supply, *self._residence)
        ):
            return _("a flag that is not 0 or 1")
        seats = [*self._owner, *self._w1, *self._w2, *self._site, *self._passed]
        if any(not (x == NOBODY or 0 <= x < n) for x in seats) or not 0 <= self._first < n:
            return _("a seat number out of range")
        for c in self._chars:
            if not (0 <= c < n or c in (BOX, BOARD) or (c == POOL and self._round == 0)):
                return _("a character held by a seat out of range")
        if any(not (t == EMPTY or 0 <= t < len(TILES)) for t in self._road) or any(
            not 0 <= t < len(TILES) for t in self._slots
        ):
            return _("a tile id out of range")
        placed = [t for t in (*self._road, *self._slots) if t != EMPTY]
        if len(set(placed)) != len(placed):
            return _("a tile on two places at once")
        if any(self._supply[t] for t in placed):
            return _("a tile both on the board and in the supply")
        if any(self._supply[t] and _FAMILY[t] in (Family.PRINTED, Family.START) for t in range(len(TILES))):
            return _("a printed or start building in the supply")
        for space in range(1, ROAD_LENGTH + 1):
            t = self._road[space]
            if self._owner[space] != NOBODY and (t == EMPTY or _FAMILY[t] is Family.PRINTED):
                return _("an owner of space {space}, which is empty or printed", space=space)
            if self._residence[space] and (self._owner[space] == NOBODY or _FAMILY[t] is Family.PRINTED):
                return _("a residence without an owner on space {space}", space=space)
            if (
                self._w1[space] != NOBODY
                and t != EMPTY
                and (not _TAKES_WORKER[t] or self.is_residence(space))
            ):
                return _("a worker on space {space}, which takes no workers", space=space)
        if len(set(self._site)) != len(self._site) or len(set(self._passed)) != len(self._passed):
            return _("a seat twice at the construction site or on the bridge")
        if not PROVOST_MIN <= self._provost <= PROVOST_MAX or not 0 <= self._round <= ROUNDS:
            return _("the provost off the road or the round out of range")
        for seat in range(n):
            board = sum(1 for w in (*self._w1, *self._w2) if w == seat) + self._site.count(seat)
            if min(self._hand[seat], self._camp[seat]) < 0 or (
                self._hand[seat] + self._camp[seat] + board != WORKERS_TOTAL
            ):
                return _(
                    "seat {seat} does not have exactly {workers} workers in supply, board and camp",
                    seat=seat,
                    workers=WORKERS_TOTAL,
                )
            owned = sum(1 for o in self._owner if o == seat)
            if self._houses[seat] < 0 or self._houses[seat] + owned + 1 != HOUSES:
                return _("seat {seat} does not have exactly {houses} houses", seat=seat, houses=HOUSES)
        for space in range(1, ROAD_LENGTH + 1):
            if (self._w1[space] != NOBODY or self._w2[space] != NOBODY) and self._road[space] == EMPTY:
                return _("a worker stands on the empty space {space}", space=space)
            if self._w2[space] != NOBODY and self._w1[space] in (NOBODY, self._w2[space]):
                return _("a second worker without another player's first on space {space}", space=space)
        problem = self.stack_problem(self._task_arguments())
        if problem:
            return problem
        for task in self._stack:
            if task[0] == T_RETURN and task[1] not in (self._w1[task[2]], self._w2[task[2]]):
                return _(
                    "a worker of seat {seat} is to leave the space {space}, where it does not stand",
                    seat=task[1],
                    space=task[2],
                )
            if task[0] == T_PLACE_TILE and (self.first_empty_space() is None or not self._houses[task[1]]):
                return _(
                    "a building is to be placed with no empty space or no house left: {task}", task=list(task)
                )
            if task[0] == D_MONUMENT and not (self.is_residence(task[2]) and self._owner[task[2]] == task[1]):
                return _(
                    "a monument decision on a space that is not the seat's residence: {task}", task=list(task)
                )
        if not isinstance(self._over, bool):
            return _("a flag that is not true or false")
        return None

    def document_problem(self) -> str | None:
        """None if the task stack is one a game reaches, beyond what ``integrity_problem`` checks (which the
        tests' set-up positions, whose round stops early, also pass); else what is wrong. ``from_json`` with
        ``replay=False`` does not check it (those positions load); the fuzz test checks that a document
        with no integrity or document problem plays to its end. During the draft its bottom
        is the draft; later the rest of the round lies at its bottom, in order, ending with the end of
        the round, and the phase matches it; no worker is left on the road once the activation is over; no
        new round is pending; a worker returns once; a building
        to place is still in the supply; an effect decision is for a side that asks for one."""
        if self._over:
            return None
        stack = self._stack
        if self._round == 0:
            if stack[0][0] != T_DRAFT or any(t[0] in _ROUND_KINDS or t[0] == T_DRAFT for t in stack[1:]):
                return _("the task stack does not end with the draft, so the game would stop")
        else:
            problem = self.round_layer_problem(_ROUND_BOTTOM_FIRST, _ADVANCING, T_PHASE)
            if problem:
                return problem
            if stack[0] != (T_END_ROUND,):
                return _("the task stack does not end with the end of the round, so the game would stop")
        if sum(1 for t in stack if t[0] == D_PLACE) > 1:
            return _("two placement decisions pending at once")
        if self._phase >= 2 and not any(t[0] in (T_ACTIVATE, T_BEYOND) for t in stack):
            returning = {(t[1], t[2]) for t in stack if t[0] == T_RETURN}
            for space in range(1, ROAD_LENGTH + 1):
                for seat in (self._w1[space], self._w2[space]):
                    if seat != NOBODY and (seat, space) not in returning:
                        return _("a worker still on space {space} after the activation", space=space)
        seen: set[tuple[int, ...]] = set()
        for index, task in enumerate(stack):
            if task[0] == T_ROUND or (task[0] == T_DRAFT and index):
                return _("a new round or a draft pick is pending inside the round")
            if task[0] in (T_RETURN, T_PLACE_TILE, T_USE, D_PLACE) and task in seen:
                return _("the task {task} is twice on the stack", task=list(task))
            seen.add(task)
            if task[0] == D_PLACE and (task[1] in self._passed or self._phase != 1):
                return _(
                    "a placement decision for a seat that passed, or outside planning: {task}",
                    task=list(task),
                )
            if task[0] == T_PLACE_TILE and not self._supply[task[2]]:
                return _("a building to place that is not in the supply: {task}", task=list(task))
            if task[0] == D_EFFECT:
                effect = (TILES[task[2]].setup if task[3] else TILES[task[2]].built).effect
                if effect in (Effect.GAIN, Effect.FAVOUR, Effect.NONE, Effect.BRIDGE):
                    return _(
                        "an effect decision for a building side that asks for none: {task}", task=list(task)
                    )
        return None

    def _task_arguments(self) -> dict[int, tuple[range, ...]]:
        """The allowed values of each task kind's arguments, for ``integrity_problem``."""
        n = self.num_players
        seat, space, tile, flag = range(n), range(1, ROAD_LENGTH + 1), range(len(TILES)), range(2)
        args: dict[int, tuple[range, ...]] = {k: () for k, size in TASK_SIZES.items() if size == 1}
        args.update({k: (seat,) for k, size in TASK_SIZES.items() if k >= DECISION and size == 2})
        args.update(
            {
                T_PHASE: (range(len(PHASE_NAMES)),),
                T_DRAFT: (range(n + 1),),
                T_PLAN: (seat,),
                T_ACTIVATE: (range(1, ROAD_LENGTH + 2),),
                T_USE: (seat, tile, flag),
                T_RETURN: (seat, space),
                T_BRIDGE: (range(n + 1),),
                T_DELIVERY: (range(n + 1),),
                T_MONUMENTS: (range(START_SPACES[0], START_SPACES[-1] + 2),),
                T_GET: (seat, range(3), range(1, 20)),
                T_PLACE_TILE: (seat, tile),
                T_BOARD_CHAR: (seat,),
                D_EFFECT: (seat, tile, flag),
                D_DELIVER: (seat, flag),
                D_MONUMENT: (seat, space),
            }
        )
        return args

    def view(self, seat: object) -> dict[str, Any]:
        """Everything on the table; each player's PP only to that player (all of them once the game is
        over)."""
        self.check_seat(seat)
        road = []
        for space in range(1, ROAD_LENGTH + 1):
            tile = self._road[space]
            road.append(
                {
                    "space": space,
                    "tile": None if tile == EMPTY else TILES[tile].key,
                    "owner": self.owner_at(space),
                    "residence": self.is_residence(space),
                    "workers": self.workers_at(space),
                }
            )
        holder_name = {BOX: "box", BOARD: "board", POOL: "draft"}
        return {
            "game": self.game,
            "viewer": seat,
            "round": self._round,
            "phase": self._phase,
            "phase_name": PHASE_NAMES[self._phase],
            "current_player": self.current_player,
            "prompt": self.prompt(),
            "is_terminal": self._over,
            "winners": self.winners(),
            "first_player": self._first,
            "passing_order": list(self._passed),
            "provost": self._provost,
            "road": road,
            "site": list(self._site),
            "slots": [TILES[t].key for t in self._slots],
            "open_slots": self.open_slots,
            "supply": [TILES[t].key for t in range(len(TILES)) if self._supply[t]],
            "characters": {
                CHARACTERS[c].key: (h if h >= 0 else holder_name[h])
                for c, h in enumerate(self._chars)
                if h != BOX
            },
            "journeyman_used": bool(self._journeyman_used),
            "goldsmith_used": bool(self._goldsmith_used),
            "pending_payments": sum(1 for t in self._stack if t[0] == D_PAY),
            "players": [
                {
                    "seat": p,
                    "resources": dict(zip(RES_NAMES, self._res[p], strict=True)),
                    "prestige": self._pp[p] if (self._over or p == seat) else None,
                    "workers": self._hand[p],
                    "camp": self._camp[p],
                    "houses": self._houses[p],
                    "bundles": self._bundles[p],
                    "characters": [CHARACTERS[c].key for c in self.characters_of(p)],
                    "final_bonus": self._final_bonus[p],
                    "forgone_workers": self._forgone[p],
                }
                for p in range(self.num_players)
            ],
        }


_AutoTask = Callable[[Caylus1303Rules, tuple[int, ...]], None]
_AUTO_BY_KIND: Final[dict[int, _AutoTask]] = {
    T_ACTIVATE: Caylus1303Rules._t_activate,
    T_USE: Caylus1303Rules._t_use,
    T_RETURN: Caylus1303Rules._t_return,
    T_PLAN: Caylus1303Rules._t_plan,
    T_GET: Caylus1303Rules._t_get,
    T_PLACE_TILE: Caylus1303Rules._t_place_tile,
    T_PHASE: Caylus1303Rules._t_phase,
    T_ROUND: Caylus1303Rules._t_round,
    T_DRAFT: Caylus1303Rules._t_draft,
    T_EARLY: Caylus1303Rules._t_early,
    T_BRIDGE: Caylus1303Rules._t_bridge,
    T_BAILIFF: Caylus1303Rules._t_bailiff,
    T_BEYOND: Caylus1303Rules._t_beyond,
    T_DELIVERY: Caylus1303Rules._t_delivery,
    T_LATE: Caylus1303Rules._t_late,
    T_BEST: Caylus1303Rules._t_best,
    T_FLIP: Caylus1303Rules._t_flip,
    T_MONUMENTS: Caylus1303Rules._t_monuments,
    T_RECRUIT: Caylus1303Rules._t_recruit,
    T_END_ROUND: Caylus1303Rules._t_end_round,
    T_BOARD_CHAR: Caylus1303Rules._t_board_char,
}
# the automatic tasks indexed by kind (0 up, no gaps): a table rather than a chain of comparisons
AUTO_TASKS: Final[tuple[_AutoTask, ...]] = tuple(_AUTO_BY_KIND[kind] for kind in range(len(_AUTO_BY_KIND)))


__all__ = ["Caylus1303Rules"]
