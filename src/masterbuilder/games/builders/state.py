"""The Builders: Middle Ages — state and rules (rules: the Polish rulebook of The Builders: Middle Ages).

The state is a handful of flat lists indexed by seat or by card id, so that ``clone`` is a few list copies
and a random playout runs at well over 100,000 actions per second.
"""

from __future__ import annotations

from typing import Any, Final, Self

from masterbuilder.core.excerpt import excerpt
from masterbuilder.core.i18n import Text
from masterbuilder.core.rng import SplitMix64
from masterbuilder.core.state import State, check_integer
from masterbuilder.core.voice import Voice
from masterbuilder.games.builders.actions import (
    ACTIONS_PER_TURN,
    BUY_ACTION,
    COINS_FOR_ACTIONS,
    END_TURN,
    EXTRA_ACTION_PRICE,
    HIRE,
    LABELS,
    NUM_ACTIONS,
    SEND,
    START,
    TAKE_COINS,
    TO,
    describe,
)
from masterbuilder.games.builders.data import (
    APPRENTICES,
    COINS,
    MACHINE_WORKER,
    NUM_BUILDING_CARDS,
    NUM_WORKER_CARDS,
    POINTS,
    PRODUCES,
    REQUIRES,
    WAGE,
    WORKERS,
    Amounts,
    amounts_text,
    building_name,
    worker_name,
)

STARTING_COINS: Final = 10
ROW_SIZE: Final = 5
END_TRIGGER_POINTS: Final = 17
COINS_PER_POINT: Final = 10
NOTHING: Final[Amounts] = (0, 0, 0, 0)
EMPTY: Final = -1  # an empty slot in a face-up row, or no pending worker
# the take-coins ids by actions left (at most 3)
_TAKE_COINS_IDS: Final = tuple([TAKE_COINS + i for i in range(n)] for n in range(4))


_ = Text("builders")
_n = _.plural


def missing(requires: Amounts, have: Amounts) -> Amounts:
    """What a building still needs, resource by resource."""
    return (
        max(0, requires[0] - have[0]),
        max(0, requires[1] - have[1]),
        max(0, requires[2] - have[2]),
        max(0, requires[3] - have[3]),
    )


class BuildersState(State):
    """A game of The Builders: Middle Ages for 2 to 4 players."""

    game = "builders"

    # Fields (all plain lists / ints so that clone() and JSON are trivial):
    _bdeck: list[int]  # building deck, top card last
    _brow: list[int]  # the 5 face-up buildings, EMPTY where the deck could not refill
    _wdeck: list[int]  # worker deck, top card last
    _wrow: list[int]  # the 5 face-up workers
    _coins: list[int]
    _points: list[int]  # points of completed buildings and machines
    _free: list[list[int]]  # each seat's free workers (worker ids, machines included)
    _sites: list[list[int]]  # each seat's buildings under construction
    _done: list[list[int]]  # each seat's completed buildings and machines
    _crew: list[tuple[int, ...]]  # by building id: workers on it
    _have: list[Amounts]  # by building id: resources its workers produce
    _seat: int
    _actions: int  # actions left this turn
    _sent: dict[int, int]  # building id -> workers sent there this turn
    _pending: int  # worker chosen to be sent, waiting for its building; EMPTY if none
    _first: int
    _final_round: bool
    _over: bool
    _turns: int  # turns completed
    # the legal list last asked for, until the next action, so that ``resolve`` takes an id of it at once
    # (not state: never copied, never serialised; asking again recomputes it)
    _legal: list[int] | None

    # ---- setup ------------------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict[str, Any]) -> Self:
        # rules: Builders, "Przygotowanie" (setup)
        self = cls.__new__(cls)
        self.num_players, self.seed, self.options, self._history = players, seed, options, []
        rng = SplitMix64(seed)
        self._bdeck = list(range(NUM_BUILDING_CARDS))
        rng.shuffle(self._bdeck)
        self._brow = [self._bdeck.pop() for _ in range(ROW_SIZE)]
        apprentices = list(APPRENTICES)
        rng.shuffle(apprentices)
        self._free = [[apprentices.pop()] for _ in range(players)]
        self._wdeck = [w for w in range(NUM_WORKER_CARDS) if w not in APPRENTICES] + apprentices
        rng.shuffle(self._wdeck)
        self._wrow = [self._wdeck.pop() for _ in range(ROW_SIZE)]
        self._coins = [STARTING_COINS] * players
        self._points = [0] * players
        self._sites = [[] for _ in range(players)]
        self._done = [[] for _ in range(players)]
        self._crew = [()] * NUM_BUILDING_CARDS
        self._have = [NOTHING] * NUM_BUILDING_CARDS
        self._first = rng.below(players)
        self._seat = self._first
        self._actions = ACTIONS_PER_TURN
        self._sent = {}
        self._pending = EMPTY
        self._final_round = False
        self._over = False
        self._turns = 0
        self._legal = None
        return self

    # ---- queries ----------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self._over else self._seat

    @property
    def is_terminal(self) -> bool:
        return self._over

    @property
    def round(self) -> int:
        """The round being played, counted from 1 (the last round played, once the game is over)."""
        return (self._turns - self._over) // self.num_players + 1

    @property
    def actions_left(self) -> int:
        return self._actions

    @property
    def pending_worker(self) -> int | None:
        return None if self._pending == EMPTY else self._pending

    @property
    def first_player(self) -> int:
        return self._first

    @property
    def final_round(self) -> bool:
        return self._final_round

    def coins(self, seat: int) -> int:
        return self._coins[seat]

    def building_points(self, seat: int) -> int:
        return self._points[seat]

    def free_workers(self, seat: int) -> list[int]:
        return list(self._free[seat])

    def sites(self, seat: int) -> list[int]:
        return list(self._sites[seat])

    def completed(self, seat: int) -> list[int]:
        return list(self._done[seat])

    def crew(self, building: int) -> tuple[int, ...]:
        return self._crew[building]

    def have(self, building: int) -> Amounts:
        return self._have[building]

    def building_row(self) -> list[int]:
        return [b for b in self._brow if b != EMPTY]

    def worker_row(self) -> list[int]:
        return [w for w in self._wrow if w != EMPTY]

    def sent_this_turn(self, building: int) -> int:
        return self._sent.get(building, 0)

    def send_cost(self, building: int) -> int:
        """Actions the next worker sent to ``building`` this turn costs: 1, then 2, then 3..."""
        return self._sent.get(building, 0) + 1

    def scores(self) -> list[int]:
        # rules: Builders, end of the game — building and machine points plus 1 point per 10 coins
        return [p + c // COINS_PER_POINT for p, c in zip(self._points, self._coins, strict=True)]

    def winners(self) -> list[int]:
        if not self._over:
            return []
        scores = self.scores()
        best = max(scores)
        tied = [seat for seat, s in enumerate(scores) if s == best]
        if len(tied) > 1 and self.options["tiebreak"] == "building_points":
            most = max(self._points[seat] for seat in tied)
            tied = [seat for seat in tied if self._points[seat] == most]
        return tied

    # ---- legality ---------------------------------------------------------------------------------
    def legal_action_ids(self) -> list[int]:
        legal = self._legal = self._legal_ids()
        return legal.copy()

    def _legal_ids(self) -> list[int]:
        if self._over:
            return []
        seat = self._seat
        actions = self._actions
        sent = self._sent
        sites = self._sites[seat]
        if self._pending != EMPTY:
            return sorted(TO + b for b in sites if sent.get(b, 0) < actions)
        coins = self._coins[seat]
        head = [END_TURN, BUY_ACTION] if coins >= EXTRA_ACTION_PRICE else [END_TURN]
        if not actions:
            return head
        out = [START + b for b in self._brow if b != EMPTY]
        out += [HIRE + w for w in self._wrow if w != EMPTY]
        if sites and (not sent or any(sent.get(b, 0) < actions for b in sites)):
            out += [SEND + w for w in self._free[seat] if WAGE[w] <= coins]
        out.sort()
        return head + _TAKE_COINS_IDS[actions if actions < 3 else 3] + out

    def resolve(self, action: object) -> int:
        # the common case first: an exact int id that is legal (a bool, an Action or a label takes the
        # long way, as does an illegal id, to be refused there)
        if type(action) is int:
            legal = self._legal
            if legal is not None:
                if action in legal:
                    return action
            elif self.illegal_reason(action) is None:
                return action
        return super().resolve(action)

    def illegal_reason(self, action_id: object) -> str | None:
        if self._over:
            return _("The game is over; no more actions can be taken.")
        if not isinstance(action_id, int) or isinstance(action_id, bool) or not 0 <= action_id < NUM_ACTIONS:
            return _(
                "There is no action with id {id} in The Builders (ids are 0 to {last}).",
                id=excerpt(action_id),
                last=NUM_ACTIONS - 1,
            )
        seat = self._seat
        actions = self._actions
        coins = self._coins[seat]
        sites = self._sites[seat]
        if self._pending != EMPTY:
            if action_id < TO:
                # i18n: {worker} is a worker card's name ('Apprentice S1 W1') or a built machine's
                return _(
                    "First choose the building to send your {worker} to.", worker=worker_name(self._pending)
                )
            building = action_id - TO
            if building not in sites:
                return _(
                    "The {building} is not one of your buildings under construction.",
                    building=building_name(building),
                )
            cost = self.send_cost(building)
            if cost > actions:
                return _n(
                    "Another worker sent to the {building} this turn costs {n} action; you have {left} left.",
                    "Another worker sent to the {building} this turn costs {n} actions; "
                    "you have {left} left.",
                    cost,
                    building=building_name(building),
                    left=actions,
                )
            return None
        if action_id >= TO:
            return _("Choose a worker to send before choosing the building.")
        if action_id == END_TURN:
            return None
        if action_id == BUY_ACTION:
            if coins < EXTRA_ACTION_PRICE:
                return _n(
                    "An extra action costs {n} coin; you have {coins}.",
                    "An extra action costs {n} coins; you have {coins}.",
                    EXTRA_ACTION_PRICE,
                    coins=coins,
                )
            return None
        if action_id < START:
            spent = action_id - TAKE_COINS + 1
            if spent > actions:
                # i18n: {coins} and {actions} are counted phrases, e.g. 'Taking 3 coins needs 2 actions'
                return _(
                    "Taking {coins} needs {actions}; you have {left}.",
                    coins=_n("{n} coin", "{n} coins", COINS_FOR_ACTIONS[spent]),
                    actions=_n("{n} action", "{n} actions", spent),
                    left=actions,
                )
            return None
        if action_id < HIRE:
            building = action_id - START
            if building not in self._brow:
                return _(
                    "The {building} is not in the face-up row of buildings.", building=building_name(building)
                )
            return None if actions else self._no_actions()
        if action_id < SEND:
            worker = action_id - HIRE
            if worker not in self._wrow:
                return _("Worker {code} is not in the face-up row of workers.", code=WORKERS[worker].code)
            return None if actions else self._no_actions()
        worker = action_id - SEND
        card = WORKERS[worker]
        if worker not in self._free[seat]:
            # i18n: {worker} is a worker card's code ('W12') or a built machine's name
            return _(
                "{worker} is not one of your free workers.",
                worker=worker_name(worker) if card.is_machine else card.code,
            )
        if card.wage > coins:
            return _n(
                "{code}'s wage is {n} coin; you have {coins}.",
                "{code}'s wage is {n} coins; you have {coins}.",
                card.wage,
                code=card.code,
                coins=coins,
            )
        if not sites:
            return _("You have no building under construction to send a worker to.")
        if all(self._sent.get(b, 0) >= actions for b in sites):
            if not actions:
                return self._no_actions()
            return _("You have too few actions left to send another worker.")
        return None

    @staticmethod
    def _no_actions() -> str:
        return _n(
            "You have no actions left; buy an extra action for {n} coin first.",
            "You have no actions left; buy an extra action for {n} coins first.",
            EXTRA_ACTION_PRICE,
        )

    # ---- effects ----------------------------------------------------------------------------------
    def _apply_legal(self, action_id: int) -> None:
        self._legal = None
        seat = self._seat
        if action_id >= TO:
            self._send(seat, self._pending, action_id - TO)
            self._pending = EMPTY
        elif action_id >= SEND:
            self._pending = action_id - SEND
            return
        elif action_id >= HIRE:
            # rules: Builders, "Najęcie Robotnika" — take a face-up worker, refill the row at once
            worker = action_id - HIRE
            row = self._wrow
            row[row.index(worker)] = self._wdeck.pop() if self._wdeck else EMPTY
            self._free[seat].append(worker)
            self._actions -= 1
        elif action_id >= START:
            # rules: Builders, "Rozpoczęcie budowy" — take a face-up building, refill the row at once
            building = action_id - START
            row = self._brow
            row[row.index(building)] = self._bdeck.pop() if self._bdeck else EMPTY
            self._sites[seat].append(building)
            self._actions -= 1
        elif action_id >= TAKE_COINS:
            # rules: Builders, "Wzięcie Monet" — 1, 2 or 3 actions for 1, 3 or 6 coins
            spent = action_id - TAKE_COINS + 1
            self._actions -= spent
            self._coins[seat] += COINS_FOR_ACTIONS[spent]
        elif action_id == BUY_ACTION:
            self._coins[seat] -= EXTRA_ACTION_PRICE
            self._actions += 1
        else:
            self._end_turn()
            return
        if self._actions == 0 and self._coins[seat] < EXTRA_ACTION_PRICE:
            self._end_turn()  # nothing is left to decide this turn

    def _send(self, seat: int, worker: int, building: int) -> None:
        # rules: Builders, "Wysłanie Robotnika do pracy" — pay the wage; 1, then 2, then 3... actions
        cost = self._sent.get(building, 0) + 1
        self._sent[building] = cost
        self._actions -= cost
        self._coins[seat] -= WAGE[worker]
        self._free[seat].remove(worker)
        self._crew[building] += (worker,)
        h = self._have[building]
        p = PRODUCES[worker]
        have = (h[0] + p[0], h[1] + p[1], h[2] + p[2], h[3] + p[3])
        self._have[building] = have
        r = REQUIRES[building]
        if have[0] >= r[0] and have[1] >= r[1] and have[2] >= r[2] and have[3] >= r[3]:
            self._complete(seat, building)

    def _complete(self, seat: int, building: int) -> None:
        # rules: Builders, "Ukończenie Budynku" and "Maszyny"
        self._coins[seat] += COINS[building]
        self._points[seat] += POINTS[building]
        self._free[seat].extend(self._crew[building])
        self._crew[building] = ()
        self._have[building] = NOTHING
        self._sites[seat].remove(building)
        self._done[seat].append(building)
        machine = MACHINE_WORKER[building]
        if machine != EMPTY:
            self._free[seat].append(machine)

    def _end_turn(self) -> None:
        # rules: Builders, end of the game — 17 points at the end of a turn; the round is finished
        seat = self._seat
        if self._points[seat] >= END_TRIGGER_POINTS:
            self._final_round = True
        self._turns += 1
        following = (seat + 1) % self.num_players
        if following == self._first:
            limit = self.options["round_limit"]
            if self._final_round or (limit and self._turns >= limit * self.num_players):
                self._over = True
            elif not limit and self.dead_position():
                self._over = True  # no cap, and no seat can reach 17 points any more (docs/rules-notes.md)
        self._seat = following
        self._actions = ACTIONS_PER_TURN
        self._sent = {}
        self._pending = EMPTY

    def reachable_points(self, seat: int) -> int:
        """An upper bound of the building points ``seat`` can still reach: its points plus those of every
        building it could complete if nobody else took a card, with its free workers, every worker still
        to hire, and the crews and machines of what it completes. Workers on an unfinished site stay there
        until it is completed, and what other seats hold never comes back, so nothing reachable is missed."""
        produce = [0, 0, 0, 0]
        for w in (*self._free[seat], *self._wrow, *self._wdeck):
            if w != EMPTY:
                p = PRODUCES[w]
                produce = [produce[0] + p[0], produce[1] + p[1], produce[2] + p[2], produce[3] + p[3]]
        open_cards = [b for b in (*self._sites[seat], *self._brow, *self._bdeck) if b != EMPTY]
        points = self._points[seat]
        progress = True
        while progress and open_cards:
            progress = False
            for b in list(open_cards):
                h, r = self._have[b], REQUIRES[b]
                if all(h[i] + produce[i] >= r[i] for i in range(4)):
                    open_cards.remove(b)
                    points += POINTS[b]
                    freed = [*self._crew[b], MACHINE_WORKER[b]]
                    for w in freed:
                        if w != EMPTY:
                            produce = [produce[i] + PRODUCES[w][i] for i in range(4)]
                    progress = True
        return points

    def dead_position(self) -> bool:
        """True if the game cannot end by points any more: no seat can reach 17 building points, now or
        ever (``reachable_points``). With ``round_limit = 0`` the game ends at the end of such a round."""
        if self._final_round:
            return False
        return all(self.reachable_points(p) < END_TRIGGER_POINTS for p in range(self.num_players))

    # ---- text -------------------------------------------------------------------------------------
    def action_label(self, action_id: int) -> str:
        return LABELS[action_id]

    def _describe(self, action_id: int, voice: Voice) -> str:
        """'Hire W21, ...' for the seat to act, 'seat 2 hires W21, ...' for the others; a worker's
        building follows its send as '... to the Cowshed' (the others: 'seat 2 sends the worker to ...')."""
        if action_id >= TO and self._pending != EMPTY:
            building = action_id - TO
            cost = self.send_cost(building)
            after = self._have[building]
            p = PRODUCES[self._pending]
            after = (after[0] + p[0], after[1] + p[1], after[2] + p[2], after[3] + p[3])
            still = missing(REQUIRES[building], after)
            actions = _n("{n} action", "{n} actions", cost)
            name = building_name(building)
            if still == NOTHING:
                return voice.act(
                    # i18n: the second half of sending a worker; {actions} is its cost, e.g. '2 actions'
                    _("... to the {building} ({actions}; completes it)"),
                    # i18n: {actions} is the cost of sending the worker, e.g. '2 actions'
                    _("{actor} sends the worker to the {building} ({actions}; completes it)"),
                    building=name,
                    actions=actions,
                )
            return voice.act(
                # i18n: the second half of sending a worker; {actions} is its cost, e.g. '2 actions';
                # {needs} what the building lacks afterwards, e.g. 'S1 K2'
                _("... to the {building} ({actions}; then still needs {needs})"),
                # i18n: {actions} is the cost of sending the worker, e.g. '2 actions'; {needs} what the
                # building lacks afterwards, e.g. 'S1 K2'
                _("{actor} sends the worker to the {building} ({actions}; then still needs {needs})"),
                building=name,
                actions=actions,
                needs=amounts_text(still),
            )
        return describe(action_id, voice)

    # ---- copies and serialisation -----------------------------------------------------------------
    def resample_hidden(self, seat: object, seed: object) -> BuildersState:
        """A copy with the unseen cards reshuffled: the building deck below its visible top card, and the
        worker deck (below its top card when ``open_worker_deck`` shows it). Everything else is public."""
        self.check_seat(seat, spectator=False)
        seed = check_integer(seed, "The seed")
        c = self.clone()
        rng = SplitMix64(seed)
        hidden = c._bdeck[:-1]
        rng.shuffle(hidden)
        c._bdeck[:-1] = hidden
        keep = 1 if self.options["open_worker_deck"] else 0
        hidden = c._wdeck[: len(c._wdeck) - keep]
        rng.shuffle(hidden)
        c._wdeck[: len(c._wdeck) - keep] = hidden
        return c

    def clone(self) -> BuildersState:
        c = BuildersState.__new__(BuildersState)
        c.num_players, c.seed, c.options = self.num_players, self.seed, self.options
        c._history = self._history.copy()
        c._bdeck = self._bdeck.copy()
        c._brow = self._brow.copy()
        c._wdeck = self._wdeck.copy()
        c._wrow = self._wrow.copy()
        c._coins = self._coins.copy()
        c._points = self._points.copy()
        c._free = [x.copy() for x in self._free]
        c._sites = [x.copy() for x in self._sites]
        c._done = [x.copy() for x in self._done]
        c._crew = self._crew.copy()
        c._have = self._have.copy()
        c._seat = self._seat
        c._actions = self._actions
        c._sent = self._sent.copy()
        c._pending = self._pending
        c._first = self._first
        c._final_round = self._final_round
        c._over = self._over
        c._turns = self._turns
        c._legal = None
        return c

    def view(self, seat: object) -> dict[str, Any]:
        """What ``seat`` sees. Every card on the table is public; the decks' order is not, except the top
        building card (the deck lies construction side up) and, with ``open_worker_deck``, the top worker."""
        self.check_seat(seat)
        scores = self.scores()
        table = []
        for p in range(self.num_players):
            table.append(
                {
                    "seat": p,
                    "coins": self._coins[p],
                    "building_points": self._points[p],
                    "score": scores[p],
                    "free_workers": list(self._free[p]),
                    "sites": [
                        {
                            "building": b,
                            "workers": list(self._crew[b]),
                            "have": list(self._have[b]),
                            "missing": list(missing(REQUIRES[b], self._have[b])),
                            "sent_this_turn": self._sent.get(b, 0) if p == self._seat else 0,
                        }
                        for b in self._sites[p]
                    ],
                    "completed": list(self._done[p]),
                }
            )
        return {
            "game": self.game,
            "viewer": seat,
            "round": self.round,
            "first_player": self._first,
            "current_player": self.current_player,
            "actions_left": self._actions,
            "pending_worker": self.pending_worker,
            "final_round": self._final_round,
            "is_terminal": self._over,
            "winners": self.winners(),
            "building_row": self.building_row(),
            "building_deck_size": len(self._bdeck),
            "building_deck_top": self._bdeck[-1] if self._bdeck else None,
            "worker_row": self.worker_row(),
            "worker_deck_size": len(self._wdeck),
            "worker_deck_top": self._wdeck[-1] if self._wdeck and self.options["open_worker_deck"] else None,
            "players": table,
        }

    def _state_dict(self) -> dict[str, Any]:
        return {
            "building_deck": list(self._bdeck),
            "building_row": list(self._brow),
            "worker_deck": list(self._wdeck),
            "worker_row": list(self._wrow),
            "coins": list(self._coins),
            "points": list(self._points),
            "free": [list(x) for x in self._free],
            "sites": [list(x) for x in self._sites],
            "done": [list(x) for x in self._done],
            "crew": {str(b): list(self._crew[b]) for b in range(NUM_BUILDING_CARDS) if self._crew[b]},
            "seat": self._seat,
            "actions": self._actions,
            "sent": {str(b): n for b, n in sorted(self._sent.items())},
            "pending": self._pending,
            "first": self._first,
            "final_round": self._final_round,
            "over": self._over,
            "turns": self._turns,
        }

    @classmethod
    def _from_state_dict(
        cls, players: int, seed: int, options: dict[str, Any], history: list[int], data: dict[str, Any]
    ) -> Self:
        s = cls.__new__(cls)
        s.num_players, s.seed, s.options, s._history = players, seed, options, history
        s._bdeck = [int(x) for x in data["building_deck"]]
        s._brow = [int(x) for x in data["building_row"]]
        s._wdeck = [int(x) for x in data["worker_deck"]]
        s._wrow = [int(x) for x in data["worker_row"]]
        s._coins = [int(x) for x in data["coins"]]
        s._points = [int(x) for x in data["points"]]
        s._free = [[int(x) for x in xs] for xs in data["free"]]
        s._sites = [[int(x) for x in xs] for xs in data["sites"]]
        s._done = [[int(x) for x in xs] for xs in data["done"]]
        s._crew = [()] * NUM_BUILDING_CARDS
        s._have = [NOTHING] * NUM_BUILDING_CARDS
        for key, workers in data["crew"].items():
            building = int(key)
            s._crew[building] = tuple(int(w) for w in workers)
            total = [0, 0, 0, 0]
            for w in s._crew[building]:
                for r in range(4):
                    total[r] += PRODUCES[w][r]
            s._have[building] = (total[0], total[1], total[2], total[3])
        s._seat = int(data["seat"])
        s._actions = int(data["actions"])
        s._sent = {int(b): int(n) for b, n in data["sent"].items()}
        s._pending = int(data["pending"])
        s._first = int(data["first"])
        s._final_round = bool(data["final_round"])
        s._over = bool(data["over"])
        s._turns = int(data["turns"])
        s._legal = None
        problem = s.integrity_problem()
        if problem:
            # i18n: {problem} says what is wrong, e.g. 'negative coins'
            raise ValueError(_("State JSON is inconsistent: {problem}", problem=problem))
        return s

    def integrity_problem(self) -> str | None:
        """None if every card is in exactly one place and every count is sane; else what is wrong."""
        n = self.num_players
        for name in ("_coins", "_points", "_free", "_sites", "_done"):
            if len(getattr(self, name)) != n:
                # i18n: {field} is a field of the state document (coins, points, free, sites, done)
                return _("{field} does not have one entry per player", field=name[1:])
        if len(self._brow) != ROW_SIZE or len(self._wrow) != ROW_SIZE:
            return _("a face-up row does not have 5 slots")
        if any(c < 0 for c in self._coins):
            return _("negative coins")
        if not (0 <= self._seat < n and 0 <= self._first < n) or self._actions < 0:
            return _("seat, first player or actions out of range")
        buildings = self._bdeck + [b for b in self._brow if b != EMPTY]
        for p in range(n):
            buildings += self._sites[p] + self._done[p]
        if sorted(buildings) != list(range(NUM_BUILDING_CARDS)):
            return _("the building cards are not each in exactly one place")
        built_machines = [
            MACHINE_WORKER[b] for p in range(n) for b in self._done[p] if MACHINE_WORKER[b] != EMPTY
        ]
        workers = self._wdeck + [w for w in self._wrow if w != EMPTY]
        for p in range(n):
            workers += self._free[p]
            for b in self._sites[p]:
                workers += self._crew[b]
        if self._pending != EMPTY and self._pending not in self._free[self._seat]:
            return _("the pending worker is not a free worker of the current seat")
        if sorted(workers) != sorted(list(range(NUM_WORKER_CARDS)) + built_machines):
            return _("the worker cards are not each in exactly one place")
        for p in range(n):
            mine = set(self._free[p])
            for b in self._sites[p]:
                mine.update(self._crew[b])
            for b in self._done[p]:
                if MACHINE_WORKER[b] != EMPTY and MACHINE_WORKER[b] not in mine:
                    return _(
                        "seat {seat}'s built machine {machine} is not among its workers",
                        seat=p,
                        machine=building_name(b),
                    )
            for b in self._sites[p]:
                if not self._crew[b]:
                    continue
                if not any(h < r for h, r in zip(self._have[b], REQUIRES[b], strict=True)):
                    return _(
                        "the {building} under construction already has all it needs",
                        building=building_name(b),
                    )
        on_sites = {b for p in range(n) for b in self._sites[p]}
        for b in range(NUM_BUILDING_CARDS):
            if self._crew[b] and b not in on_sites:
                # i18n: {id} is a building card's number in the state document
                return _("workers stand on building {id}, which is not under construction", id=b)
        for row, deck in ((self._brow, self._bdeck), (self._wrow, self._wdeck)):
            if EMPTY in row and deck:
                return _("a face-up row has an empty slot while its deck still has cards")
        if self._over and self._seat != self._first:
            return _("the game ended in the middle of a round")
        mine_now = set(self._sites[self._seat]) | set(self._done[self._seat])
        if any(b not in mine_now or count < 1 for b, count in self._sent.items()):
            return _("workers were sent this turn to a building the current seat does not own")
        expected = [sum(POINTS[b] for b in self._done[p]) for p in range(n)]
        if expected != self._points:
            return _("building points do not match the completed buildings")
        if self._seat != (self._first + self._turns) % n:
            return _("the seat to play does not follow from the first player and the turns played")
        limit = self.options["round_limit"]
        if limit and (self._turns > limit * n or (self._turns == limit * n and not self._over)):
            return _n(
                "more turns played than the round limit ({n} round) allows",
                "more turns played than the round limit ({n} rounds) allows",
                limit,
            )
        if self._final_round and max(self._points) < END_TRIGGER_POINTS:
            return _n(
                "the final round without anyone reaching {n} building point",
                "the final round without anyone reaching {n} building points",
                END_TRIGGER_POINTS,
            )
        if self._pending != EMPTY:
            if WAGE[self._pending] > self._coins[self._seat]:
                return _("the pending worker's wage is more than the seat's coins")
            if all(self._sent.get(b, 0) >= self._actions for b in self._sites[self._seat]):
                return _("the pending worker has no building it can still be sent to")
        return None
