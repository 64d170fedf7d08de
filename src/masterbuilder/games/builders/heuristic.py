"""``greedy``: a fast heuristic bot for The Builders: Middle Ages.

At the start of its turn the bot plans the whole turn, then plays the plan one action at a time.

Plans are searched depth-first in a fixed order: take coins (only when short of wages), start a
building, hire workers, then send workers, buying an extra action whenever the next send needs one.
Starting and hiring cost no coins, so doing them first loses almost nothing. At each step only the most
promising few options are tried, and actions left over at the end are taken as coins. Every plan is
scored by :meth:`Planner.value`, an estimate in coins of where the turn leaves the bot:

* coins (spare coins beyond a working reserve count half), and building points at ``point`` coins each;
* each site under construction at a share of its worth (coins + points) in proportion to how much of
  its requirements is covered, a smaller share when it will probably not be finished in time;
* the workforce: how much of each resource its workers produce, with diminishing returns, and a share of
  what next turn's best sends (free workers that fit the sites, wages the coins can pay) would gain;
* on the bot's last turn only the final score counts, and a plan that ends the game counts as a win or
  a loss depending on the scores.

The search order is fixed and ties go to the plan found first, so the bot is deterministic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from operator import itemgetter
from typing import Final

from masterbuilder.agents.plan import PlannedMoves
from masterbuilder.core.state import State
from masterbuilder.games.builders.actions import (
    BUY_ACTION,
    END_TURN,
    EXTRA_ACTION_PRICE,
    HIRE,
    SEND,
    START,
    TAKE_COINS,
    TO,
)
from masterbuilder.games.builders.data import (
    COINS,
    MACHINE_WORKER,
    POINTS,
    PRODUCES,
    REQUIRES,
    WAGE,
    Amounts,
)
from masterbuilder.games.builders.state import COINS_PER_POINT, END_TRIGGER_POINTS, BuildersState, missing

NOTHING: Final[Amounts] = (0, 0, 0, 0)
TAKE_ONE, TAKE_THREE, TAKE_SIX = TAKE_COINS, TAKE_COINS + 1, TAKE_COINS + 2


@dataclass(frozen=True)
class Weights:
    """The knobs of the value estimate, in coins."""

    point: float = 4.0  # a building point
    long_game: float = 6.0  # own turns left from which the game counts as far from its end
    progress: float = 0.7  # share of a site's worth credited for the requirements already covered
    late_progress: float = 0.15  # the same for a site that will probably not be finished in time
    machine_unit: float = 1.0  # a machine's worth per resource it will produce for free
    workforce: float = 12.0  # worth of unlimited production of one resource (saturating scale)
    workforce_decay: float = 0.75  # how fast that worth saturates, per unit produced
    readiness: float = 0.5  # share of next turn's best send per site credited for a fitting free worker
    coin_reserve: int = 20  # coins worth their face value; more are worth ``spare_coin`` each
    spare_coin: float = 0.5
    win: float = 1000.0  # ending the game in the lead (or, negated, behind)
    lead_needed: int = 2  # the lead that counts as winning when others still have a turn to play
    # search breadth
    start_options: int = 2
    hire_options: int = 2
    send_options: int = 2  # workers tried per site at each step
    send_branching: int = 4  # sends tried at each step, best first
    search_budget: int = 800  # plan steps searched at most (a guard for crowded tables)
    max_starts: int = 1
    max_hires: int = 2
    max_buys: int = 4
    max_sites: int = 4


DEFAULT_WEIGHTS: Final = Weights()
# Near the end of the game a turn's exact points decide games, and the default search's narrow breadth
# misses plans that score more: in the last turns of 4-player greedy games the search below finds a
# better final score in about a quarter of them (docs/strength.md). About 20 times the plan steps, so a
# search bot asks for it only for its own decision in the real game (``root_candidates``).
ENDGAME_WEIGHTS: Final = Weights(
    start_options=5,
    hire_options=5,
    max_starts=3,
    max_hires=4,
    send_options=5,
    send_branching=12,
    max_buys=10,
    search_budget=30_000,
)
ENDGAME_POINTS: Final = 10  # building points from which a seat's turns count as near the end of the game


def useful(produces: Amounts, needs: Amounts) -> int:
    """How much of ``needs`` a worker producing ``produces`` covers."""
    return (
        min(produces[0], needs[0])
        + min(produces[1], needs[1])
        + min(produces[2], needs[2])
        + min(produces[3], needs[3])
    )


def coins_for_actions(actions: int) -> tuple[int, list[int]]:
    """Coins and the take-coin actions that turn ``actions`` leftover actions into the most coins."""
    ids = [TAKE_SIX] * (actions // 3)
    rest = actions % 3
    if rest:
        ids.append(TAKE_THREE if rest == 2 else TAKE_ONE)
    return 6 * (actions // 3) + (0, 1, 3)[rest], ids


def turn_choice(plan: tuple[int, ...]) -> tuple[int, ...]:
    """What a plan takes, starts, hires and buys, without where it sends the workers (sorted ids)."""
    return tuple(sorted(a for a in plan if a < SEND))


# a plan step of a greedy seat, in the units of ``work`` (see ``search_sends``)
WORK_UNITS_PER_STEP: Final = 5
LEFTOVER_COINS: Final = tuple(coins_for_actions(a)[0] for a in range(64))


class SiteLook:
    """What the planner reads of one site at one stage of its requirements (shared by every plan that
    reaches it): the sends that would cover something, best first, those of them that gain anything, and
    the share of the site's worth already earned."""

    __slots__ = ("options", "progress", "ready")

    def __init__(self, building: int, options: list[tuple[float, int]], progress: float) -> None:
        self.options = options  # (gain, worker), best first
        self.ready: list[tuple[float, int, int]] = []  # (gain, worker, building): the options that gain
        for gain, worker in options:
            if gain <= 0:
                break
            self.ready.append((gain, worker, building))
        self.progress = progress


class Node:
    """The bot's own side of the table part-way through a planned turn."""

    __slots__ = (
        "actions",
        "buys",
        "coins",
        "crews",
        "free",
        "have",
        "hired",
        "last_send",
        "looks",
        "plan",
        "points",
        "sent",
        "sites",
        "staff",
        "started",
        "workforce",
    )

    def __init__(self) -> None:
        self.coins = 0
        self.actions = 0
        self.buys = 0
        self.points = 0  # gained this turn
        self.free: tuple[int, ...] = ()
        self.staff: tuple[int, ...] = ()  # every worker the bot owns, free or on a site
        self.sites: tuple[int, ...] = ()
        self.have: tuple[Amounts, ...] = ()  # by site index
        self.sent: tuple[int, ...] = ()  # workers sent this turn, by site index
        self.crews: tuple[tuple[int, ...], ...] = ()  # by site index
        self.looks: tuple[SiteLook, ...] = ()  # by site index (see ``Planner.prepare``)
        self.workforce = 0.0  # ``Planner.workforce_worth(staff)``
        self.started: tuple[int, ...] = ()  # indices into the start options already used
        self.hired: tuple[int, ...] = ()  # indices into the hire options already used
        self.last_send = -1  # sends are tried in increasing (site, worker) order until a site completes
        self.plan: tuple[int, ...] = ()

    def copy(self) -> Node:
        n = Node.__new__(Node)
        n.coins, n.actions, n.buys, n.points = self.coins, self.actions, self.buys, self.points
        n.free, n.staff, n.sites, n.have = self.free, self.staff, self.sites, self.have
        n.sent, n.crews, n.started, n.hired = self.sent, self.crews, self.started, self.hired
        n.last_send, n.plan = self.last_send, self.plan
        n.looks, n.workforce = self.looks, self.workforce
        return n


class Planner:
    """Finds the best-looking plan for the rest of the current player's turn."""

    def __init__(self, state: BuildersState, weights: Weights, seat: int | None = None) -> None:
        self.w = weights
        if seat is None:
            seat = state.current_player
        assert seat is not None
        self.state = state
        self.seat = seat
        self.points_before = state.building_points(seat)
        others = [s for p, s in enumerate(state.scores()) if p != seat]
        self.best_other = max(others)
        last_in_round = (seat + 1) % state.num_players == state.first_player
        self.others_still_play = not last_in_round
        self.last_turn = state.final_round
        self.turns_left = self.estimate_turns_left(state)
        self.future = min(1.0, self.turns_left / self.w.long_game)
        self.best_value = -math.inf
        self.budget = self.w.search_budget
        self.work = 0  # search work in units of WORK_UNITS_PER_STEP per plan step (see ``search_sends``)
        self._unit: dict[int, float] = {}
        self._workforce: dict[tuple[int, ...], float] = {}
        self._progress: dict[tuple[int, Amounts], float] = {}
        self._send_options: dict[tuple[int, Amounts], list[tuple[float, int]]] = {}
        self._looks: dict[tuple[int, Amounts], SiteLook] = {}
        self.start_options: list[int] = []  # face-up buildings worth trying to start
        self.hire_options: list[int] = []  # face-up workers worth trying to hire
        self.workers: tuple[int, ...] = ()  # every worker the bot may have during the turn
        self.best_plan: tuple[int, ...] = (END_TURN,)
        self.keep = 1  # how many of the best plans ``top_plans`` returns (1: only ``best_plan`` is kept)
        self._found: dict[tuple[int, ...], tuple[float, int, tuple[int, ...]]] = {}

    @staticmethod
    def estimate_turns_left(state: BuildersState) -> float:
        """Own turns the game will probably last after this one."""
        if state.final_round:
            return 0.0
        leader = max(state.building_points(p) for p in range(state.num_players))
        return max(0.5, (END_TRIGGER_POINTS - leader) / 1.5)

    # ---- worth of things (memoised: the same sites and workers recur in many plans) ----------------
    def site_worth(self, building: int) -> float:
        """Coins the finished building is worth: its coins, its points, and a machine's free labour."""
        worth = COINS[building] + self.w.point * POINTS[building]
        machine = MACHINE_WORKER[building]
        if machine >= 0:
            worth += self.w.machine_unit * sum(PRODUCES[machine]) * self.future
        return worth

    def unit_worth(self, building: int) -> float:
        """Worth of covering one unit of the building's requirements."""
        unit = self._unit.get(building)
        if unit is None:
            unit = self._unit[building] = (
                self.w.progress * self.site_worth(building) / sum(REQUIRES[building])
            )
        return unit

    def workforce_worth(self, staff: tuple[int, ...]) -> float:
        """Worth of the workers: production of each resource with diminishing returns; machines work free."""
        worth = self._workforce.get(staff)
        if worth is None:
            totals = [0, 0, 0, 0]
            machines = 0
            for worker in staff:
                p = PRODUCES[worker]
                totals[0] += p[0]
                totals[1] += p[1]
                totals[2] += p[2]
                totals[3] += p[3]
                if WAGE[worker] == 0:
                    machines += sum(p)
            decay = self.w.workforce_decay
            production = sum(1.0 - decay**t for t in totals) * self.w.workforce
            worth = self._workforce[staff] = (production + self.w.machine_unit * machines) * self.future
        return worth

    def site_progress_worth(self, building: int, have: Amounts) -> float:
        """The share of a site's worth already earned by the requirements its workers cover."""
        key = (building, have)
        worth = self._progress.get(key)
        if worth is None:
            requires = REQUIRES[building]
            still = sum(missing(requires, have))
            share = self.w.progress
            if math.ceil(still / 3.5) / 2.0 > self.turns_left:  # about two sends a turn
                share = self.w.late_progress
            worth = self._progress[key] = share * self.site_worth(building) * (1 - still / sum(requires))
        return worth

    def send_options(self, building: int, have: Amounts) -> list[tuple[float, int]]:
        """(gain, worker) for each worker the bot may have that would cover something on the site, best
        first; the gain counts the rest of the site's worth when the worker completes it.

        Callers skip the workers that are not free at their point of the plan."""
        key = (building, have)
        options = self._send_options.get(key)
        if options is None:
            still = missing(REQUIRES[building], have)
            needed = sum(still)
            unit = self.unit_worth(building)
            completion = (1.0 - self.w.progress) * self.site_worth(building)
            options = []
            s0, s1, s2, s3 = still
            for worker in self.workers:
                p0, p1, p2, p3 = PRODUCES[worker]  # covers: useful(PRODUCES[worker], still), inlined
                covers = (
                    (p0 if p0 < s0 else s0)
                    + (p1 if p1 < s1 else s1)
                    + (p2 if p2 < s2 else s2)
                    + (p3 if p3 < s3 else s3)
                )
                if covers:
                    gain = unit * covers - WAGE[worker] + (completion if covers == needed else 0.0)
                    options.append((gain, worker))
            options.sort(key=lambda o: -o[0])
            self._send_options[key] = options
        return options

    def coin_worth(self, coins: int) -> float:
        """Coins are worth their face value up to a working reserve, less beyond it."""
        reserve = self.w.coin_reserve
        return coins if coins <= reserve else reserve + self.w.spare_coin * (coins - reserve)

    def readiness(self, node: Node, coins: int) -> float:
        """A share of what next turn's best sends would gain: the best pairs of site and free worker,
        each site and worker used once, at most three, as long as the coins left pay the wages."""
        free = set(node.free)
        sends = [send for look in node.looks for send in look.ready if send[1] in free]
        if not sends:
            return 0.0
        sends.sort(reverse=True)
        ready = 0.0
        busy_workers: list[int] = []
        served_sites: list[int] = []
        for gain, worker, building in sends:
            if worker in busy_workers or building in served_sites or WAGE[worker] > coins:
                continue
            busy_workers.append(worker)
            served_sites.append(building)
            coins -= WAGE[worker]
            ready += gain
            if len(served_sites) == 3:
                break
        return self.w.readiness * ready * self.future

    def value(self, node: Node, above: float = -math.inf) -> float:
        """Estimated worth, in coins, of ending the turn at ``node`` (leftover actions taken as coins).

        With ``above``, a plan that cannot be worth more than ``above`` may be valued at -inf instead:
        its readiness is only worked out when the most it can add would lift the plan above ``above``."""
        coins = node.coins + LEFTOVER_COINS[node.actions]
        points = self.points_before + node.points
        if self.last_turn:
            return 1000.0 * (points + coins // COINS_PER_POINT) + coins
        worth = self.coin_worth(coins) + self.w.point * node.points + node.workforce
        for look in node.looks:
            worth += look.progress
        ending = 0.0
        if points >= END_TRIGGER_POINTS:
            score = points + coins // COINS_PER_POINT
            margin = self.w.lead_needed if self.others_still_play else 0
            ending = self.w.win if score > self.best_other + margin else -self.w.win
        if above > -math.inf and worth + ending + self.most_readiness(node) < above - 1e-6:
            return -math.inf
        worth += self.readiness(node, coins)
        return worth + ending

    def most_readiness(self, node: Node) -> float:
        """At least :meth:`readiness`: the best gains of the three best sites, whoever is free."""
        tops = sorted([look.ready[0][0] for look in node.looks if look.ready], reverse=True)
        return max(0.0, self.w.readiness) * sum(tops[:3]) * self.future

    # ---- the search -------------------------------------------------------------------------------
    def position_worth(self) -> float:
        """The seat's whole position in coins: its points at ``point`` coins each, plus :meth:`value` of
        its side of the table with no actions left (a position between turns). For a search that stops
        its simulated games early; not meaningful in the final round, where only the score counts."""
        node = self.root()
        node.actions = 0
        machines = [MACHINE_WORKER[b] for b in node.sites if MACHINE_WORKER[b] >= 0]
        self.workers = (*node.staff, *machines)
        self.prepare(node)
        return self.w.point * self.points_before + self.value(node)

    def root(self) -> Node:
        """The bot's side of the table as it is now."""
        s, seat = self.state, self.seat
        node = Node()
        node.coins = s.coins(seat)
        node.actions = s.actions_left
        node.free = tuple(s.free_workers(seat))
        sites = s.sites(seat)
        node.sites = tuple(sites)
        node.have = tuple(s.have(b) for b in sites)
        node.sent = tuple(s.sent_this_turn(b) for b in sites)
        node.crews = tuple(s.crew(b) for b in sites)
        node.staff = node.free + tuple(w for crew in node.crews for w in crew)
        return node

    def look(self, building: int, have: Amounts) -> SiteLook:
        """The site's :class:`SiteLook` (memoised; ``workers`` must be set)."""
        key = (building, have)
        look = self._looks.get(key)
        if look is None:
            look = self._looks[key] = SiteLook(
                building, self.send_options(building, have), self.site_progress_worth(building, have)
            )
        return look

    def prepare(self, node: Node) -> None:
        """Fill in the node's memoised worths once ``workers`` is known."""
        node.looks = tuple(self.look(b, h) for b, h in zip(node.sites, node.have, strict=True))
        node.workforce = self.workforce_worth(node.staff)

    @property
    def searched(self) -> int:
        """Plan steps searched so far."""
        return self.w.search_budget - self.budget

    def top_plans(self, k: int) -> list[tuple[int, ...]]:
        """``k`` of the best plans found, as action ids ending with END_TURN: the best plan, then the best
        plan of each other choice of coins, starts, hires and bought actions, best first, then the next
        best plans. Plans with the same actions in another order count once (the first found, as the
        search order prefers it).

        Plans that differ only in where the workers go are near-copies, and a search learns little from
        telling them apart; plans that start, hire or take differently are the turn's real choices."""
        self.keep = k
        best = tuple(self.plan())
        if k <= 1:
            return [best]
        found = sorted(self._found.values(), key=lambda f: (-f[0], f[1]))
        ranked = [plan for _, _, plan in found]
        chosen: list[tuple[int, ...]] = []
        choices: set[tuple[int, ...]] = set()
        for plan in ranked:
            choice = turn_choice(plan)
            if choice not in choices:
                choices.add(choice)
                chosen.append(plan)
                if len(chosen) == k:
                    return chosen
        return chosen + [plan for plan in ranked if plan not in chosen][: k - len(chosen)]

    def plan(self) -> list[int]:
        """The action ids of the best plan found, ending with END_TURN."""
        node = self.root()
        pending = self.state.pending_worker
        if pending is not None:
            machines = [MACHINE_WORKER[b] for b in node.sites if MACHINE_WORKER[b] >= 0]
            self.workers = (*node.staff, *machines)
            self.prepare(node)
            # The worker is chosen already: only its building is left to decide.
            node.free = (*(w for w in node.free if w != pending), pending)
            for i in range(len(node.sites)):
                if node.sent[i] < node.actions:
                    child = self.send(node, i, pending)
                    child.plan = child.plan[1:]  # the SEND itself was already played
                    self.search_sends(child)
            return list(self.best_plan)
        self.start_options = self.choose_start_options(node)
        self.hire_options = self.choose_hire_options(node)
        machines = [MACHINE_WORKER[b] for b in (*node.sites, *self.start_options) if MACHINE_WORKER[b] >= 0]
        self.workers = (*node.staff, *self.hire_options, *machines)
        self.prepare(node)
        self.search_take(node)
        return list(self.best_plan)

    def consider(self, node: Node) -> None:
        """Score a complete plan: ``node`` then leftover actions as coins, then end the turn."""
        worth = self.value(node, self.best_value if self.keep == 1 else -math.inf)
        if self.keep > 1:
            _, takes = coins_for_actions(node.actions)
            plan = (*node.plan, *takes, END_TURN)
            key = tuple(sorted(plan))
            found = self._found.get(key)
            if found is None or worth > found[0]:
                self._found[key] = (worth, len(self._found) if found is None else found[1], plan)
        if worth > self.best_value:
            _, takes = coins_for_actions(node.actions)
            self.best_value = worth
            self.best_plan = (*node.plan, *takes, END_TURN)

    def search_take(self, node: Node) -> None:
        """Coins first, but only as many as wages may need."""
        self.search_starts(node)
        if node.coins >= 10:
            return
        for spent, action in ((1, TAKE_ONE), (2, TAKE_THREE), (3, TAKE_SIX)):
            if spent <= node.actions and spent < node.actions + (node.coins >= EXTRA_ACTION_PRICE):
                child = node.copy()
                child.actions -= spent
                child.coins += (0, 1, 3, 6)[spent]
                child.plan += (action,)
                self.search_starts(child)

    def search_starts(self, node: Node) -> None:
        """Plans that start none or one more of the start options."""
        self.search_hires(node)
        if len(node.started) >= self.w.max_starts or len(node.sites) >= self.w.max_sites:
            return
        after = node.started[-1] if node.started else -1
        for k, building in enumerate(self.start_options):
            if k > after and node.actions > 0:
                child = node.copy()
                child.actions -= 1
                child.sites += (building,)
                child.have += (NOTHING,)
                child.sent += (0,)
                child.crews += ((),)
                child.looks += (self.look(building, NOTHING),)
                child.started += (k,)
                child.plan += (START + building,)
                self.search_starts(child)

    def search_hires(self, node: Node) -> None:
        """Plans that hire none or more of the hire options."""
        self.search_sends(node)
        if len(node.hired) >= self.w.max_hires:
            return
        after = node.hired[-1] if node.hired else -1
        for k, worker in enumerate(self.hire_options):
            if k > after and node.actions > 0:
                child = node.copy()
                child.actions -= 1
                child.free += (worker,)
                child.staff += (worker,)
                child.workforce = self.workforce_worth(child.staff)
                child.hired += (k,)
                child.plan += (HIRE + worker,)
                self.search_hires(child)

    def search_sends(self, node: Node) -> None:
        """Try the most promising sends from ``node`` (buying an action when a site needs one)."""
        self.consider(node)
        if self.budget <= 0:
            return
        self.budget -= 1
        # A step's time grows with the sites it values and the workers it tries on them: a greedy seat's
        # steps (at most four sites and, in 200 measured games, 48 site-worker pairs) are one step's work; a
        # seat the greedy bot does not play can have more of both, and its steps count one unit per site
        # plus one, or a tenth of a unit per site-worker pair, whichever is more.
        sites = len(node.sites)
        self.work += max(WORK_UNITS_PER_STEP, 1 + sites, -(-sites * len(self.workers) // 10))
        sends: list[tuple[float, int, int]] = []  # (gain, site index, worker)
        last_send, coins, actions = node.last_send, node.coins, node.actions
        usable = {worker for worker in node.free if WAGE[worker] <= coins}
        # whether a site that needs an action more than is left makes buying one worth trying
        may_buy = node.buys < self.w.max_buys and coins >= EXTRA_ACTION_PRICE
        short_of_actions = False
        per_site = self.w.send_options
        looks, sent = node.looks, node.sent
        # the sends up to (site, worker) = divmod(last_send, 64) were tried already: skip those sites
        for i in range(max(0, last_send >> 6), len(looks)):
            no_action_left = sent[i] >= actions
            if no_action_left and (short_of_actions or not may_buy):
                continue  # nothing more to learn from this site
            tried = 0
            tried_up_to = last_send - i * 64  # this site's workers up to this one were tried already
            for gain, worker in looks[i].options:
                if worker <= tried_up_to or worker not in usable:
                    continue
                if no_action_left:
                    short_of_actions = True
                    break
                sends.append((gain, i, worker))
                tried += 1
                if tried == per_site:
                    break
        sends.sort(key=itemgetter(0), reverse=True)  # stable: equal gains keep their order
        for _, i, worker in sends[: self.w.send_branching]:
            self.search_sends(self.send(node, i, worker))
        if short_of_actions:
            child = node.copy()
            child.coins -= EXTRA_ACTION_PRICE
            child.actions += 1
            child.buys += 1
            child.plan += (BUY_ACTION,)
            self.search_sends(child)

    def send(self, node: Node, i: int, worker: int) -> Node:
        """``node`` after sending ``worker`` to site ``i``, completing the building if it is covered."""
        child = node.copy()
        building = node.sites[i]
        child.actions -= node.sent[i] + 1
        child.coins -= WAGE[worker]
        child.plan += (SEND + worker, TO + building)
        free = list(node.free)
        free.remove(worker)
        h, p, r = node.have[i], PRODUCES[worker], REQUIRES[building]
        have = (h[0] + p[0], h[1] + p[1], h[2] + p[2], h[3] + p[3])
        if have[0] >= r[0] and have[1] >= r[1] and have[2] >= r[2] and have[3] >= r[3]:
            child.coins += COINS[building]
            child.points += POINTS[building]
            free.extend(node.crews[i])
            free.append(worker)
            machine = MACHINE_WORKER[building]
            if machine >= 0:
                free.append(machine)
                child.staff += (machine,)
                child.workforce = self.workforce_worth(child.staff)
            child.sites = node.sites[:i] + node.sites[i + 1 :]
            child.have = node.have[:i] + node.have[i + 1 :]
            child.sent = node.sent[:i] + node.sent[i + 1 :]
            child.crews = node.crews[:i] + node.crews[i + 1 :]
            child.looks = node.looks[:i] + node.looks[i + 1 :]
            child.last_send = -1
        else:
            child.have = (*node.have[:i], have, *node.have[i + 1 :])
            child.sent = (*node.sent[:i], node.sent[i] + 1, *node.sent[i + 1 :])
            child.crews = (*node.crews[:i], (*node.crews[i], worker), *node.crews[i + 1 :])
            child.looks = (*node.looks[:i], self.look(building, have), *node.looks[i + 1 :])
            child.last_send = i * 64 + worker
        child.free = tuple(free)
        return child

    # ---- which cards are worth trying -------------------------------------------------------------
    def choose_start_options(self, node: Node) -> list[int]:
        """The face-up buildings whose first send would gain the most, and the best of those that one
        free worker completes at once."""
        workers = node.free + tuple(self.state.worker_row())
        scored: list[tuple[float, int]] = []
        quick: list[tuple[float, int]] = []
        for building in self.state.building_row():
            unit = self.unit_worth(building)
            requires = REQUIRES[building]
            completion = (1.0 - self.w.progress) * self.site_worth(building)
            best = -math.inf
            for worker in workers:
                covers = useful(PRODUCES[worker], requires)
                completes = covers == sum(requires)
                gain = unit * covers - WAGE[worker] + (completion if completes else 0.0)
                best = max(best, gain)
                if completes and worker in node.free:
                    quick.append((-gain, building))
            scored.append((-best, building))
        scored.sort()
        options = [b for _, b in scored[: self.w.start_options]]
        quick.sort()
        for _, building in quick:
            if building not in options:
                options.append(building)
                break
        return options

    def choose_hire_options(self, node: Node) -> list[int]:
        """The face-up workers that add most to the workforce and fit the sites best."""
        base = self.workforce_worth(node.staff)
        targets = list(zip(node.sites, node.have, strict=True))
        targets += [(b, NOTHING) for b in self.start_options]
        scored: list[tuple[float, int]] = []
        for worker in self.state.worker_row():
            gain = self.workforce_worth((*node.staff, worker)) - base
            fit = max(
                (
                    self.unit_worth(b) * useful(PRODUCES[worker], missing(REQUIRES[b], have)) - WAGE[worker]
                    for b, have in targets
                ),
                default=0.0,
            )
            scored.append((-(gain + max(fit, 0.0)), worker))
        scored.sort()
        return [w for _, w in scored[: self.w.hire_options]]


class GreedyBuildersAgent:
    """Plans each turn with a small search over its own actions and plays the plan."""

    name = "greedy"

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.seed = seed  # the bot is deterministic; the seed is accepted for the agent factory
        self.weights = weights
        # Search work so far, WORK_UNITS_PER_STEP per plan step (more on crowded tables): a search bot reads
        # it to budget its rollouts.
        self.work = 0
        self._plan = PlannedMoves()  # the rest of this turn's plan

    def forget(self) -> None:
        """Drop the rest of the current plan. A search calls this before each simulated game: copies of a
        state with reshuffled decks share a history but not the cards to come."""
        self._plan.forget()

    def choose(self, state: State) -> int:
        if not isinstance(state, BuildersState):
            raise TypeError(f"The greedy bot plays The Builders, not {state.game}.")
        action = self._plan.next_action(state)
        if action is None:
            planner = Planner(state, self.weights)
            action = self._plan.play(state, planner.plan())
            self.work += planner.work
        return action

    def estimate(self, state: State) -> list[float] | None:
        """Each seat's position worth in building points (:meth:`Planner.position_worth` over ``point``),
        for a search that cuts its simulated games short; None in the final round and at the end, where
        the score itself is the measure."""
        if not isinstance(state, BuildersState):
            raise TypeError(f"The greedy bot plays The Builders, not {state.game}.")
        if state.final_round or state.is_terminal:
            return None
        point = self.weights.point
        return [
            Planner(state, self.weights, seat).position_worth() / point for seat in range(state.num_players)
        ]

    def candidates(self, state: State, k: int) -> list[tuple[int, ...]]:
        """The ``k`` best-looking plans for the rest of the current player's turn, best first (for the
        search bot: each is one move of its tree)."""
        if not isinstance(state, BuildersState):
            raise TypeError(f"The greedy bot plays The Builders, not {state.game}.")
        return self._top_plans(state, k, self.weights)

    def root_candidates(self, state: State, k: int) -> list[tuple[int, ...]]:
        """The candidates for a search bot's own decision in the real game: in the final round, or once
        the seat has ``ENDGAME_POINTS``, the best plans of a much wider search (``ENDGAME_WEIGHTS``), else
        :meth:`candidates`. (A search asks for the moves of its simulated turns with ``candidates``: those
        are many, and the opponents' must stay the greedy bot's own.)"""
        if not isinstance(state, BuildersState):
            raise TypeError(f"The greedy bot plays The Builders, not {state.game}.")
        seat = state.current_player
        assert seat is not None
        near_the_end = state.final_round or state.building_points(seat) >= ENDGAME_POINTS
        return self._top_plans(state, k, ENDGAME_WEIGHTS if near_the_end else self.weights)

    def _top_plans(self, state: BuildersState, k: int, weights: Weights) -> list[tuple[int, ...]]:
        planner = Planner(state, weights)
        plans = planner.top_plans(k)
        self.work += planner.work
        return plans


def make(game: str, seed: int) -> GreedyBuildersAgent:
    return GreedyBuildersAgent(seed)


FAST_WEIGHTS: Final = Weights(search_budget=100)  # a quarter of the planning work, about as strong


def make_fast(game: str, seed: int) -> GreedyBuildersAgent:
    agent = GreedyBuildersAgent(seed, FAST_WEIGHTS)
    agent.name = "greedy:fast"
    return agent
