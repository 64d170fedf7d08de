"""``mcts``: Monte Carlo tree search (UCT) for every game, with presets ``mcts:easy``, ``mcts:medium``
(the default, plain ``mcts``) and ``mcts:hard``.

The search:

* **Max-n UCT.** Every node keeps a reward vector (one entry per seat). Selection picks, for the seat to
  move in the simulated state, the child with the best mean reward for that seat plus the UCB1 bonus. With
  two players this is ordinary UCT; with 3 to 5 it is max-n.
* **Determinisation (single-observer information-set MCTS).** Each iteration starts from
  ``state.resample_hidden(own_seat, seed)``: The Builders reshuffles the worker-deck cards the bot cannot
  see. One tree is shared by all determinisations and keyed by action ids (the encodings give an id the
  same meaning in every state); as the legal actions may differ between determinisations, the UCB bonus
  counts how often a child was *available* rather than how often its parent was visited.
* **Rollouts with a cutoff.** From a new leaf the simulation plays ``rollout_depth`` moves with a cheap
  policy (uniform random, or the game's heuristic bot for the first ``heuristic_steps`` of them), then
  evaluates: each seat's reward is ``0.5 + 0.5 * tanh(margin / scale)``, where ``margin`` is its score less
  the best other score. At the end of the game the winner bonus dominates: ``0.7 * win + 0.3 * that``.
* **Guided search** (``guided=True``; the ``medium`` and ``hard`` presets). The moves of a node are not
  every legal action but the game heuristic's ``candidates`` best-looking moves (``candidates(state, k)``
  of the heuristic bot): single actions in Caylus and Caylus 1303, whole-turn plans of the greedy planner
  in The Builders (a plan is one tree move; the bot then plays the rest of it without searching again;
  the plans differ in what the turn takes, starts, hires or buys before they differ in sends only).
  With ``wide_root`` (The Builders' ``hard``) the moves of the real decision come from the heuristic's
  ``root_candidates`` instead: near the end of the game the greedy planner searches much wider there,
  where a turn's exact points decide games; the simulated turns keep the ordinary candidates.
  At the other seats' nodes the tree holds ``reply_candidates`` moves, 1 in the presets: each opponent is
  modelled by its heuristic, so the few simulations a move can afford go to the bot's own choices. New
  leaves are scored by the heuristic playing every seat to the end of the game, or, where the heuristic
  can ``estimate`` a position (The Builders' greedy bot), for ``cutoff_turns`` turns and then by the
  margin of that estimate (before the final round; in it, to the end). With ``own_turn_cutoff`` (The
  Builders with 3 or 4 players) the cutoff waits for the start of the bot's own turn, so every
  simulation is scored at the same point of the round. Each root move meets the
  same cycle of ``determinisations`` deals (its n-th visit uses deal n mod that), so moves are compared on
  equal luck. The budget is ``max_steps`` simulated actions (deterministic, and about proportional to
  time; the heuristic's own search work is charged too where it reports it, ``work_per_step``), at least
  one simulation per root move.
* **Presets.** ``easy``: plain UCT with random rollouts. ``medium``: guided, 3 candidates (2 in The
  Builders), a small share of ``hard``'s steps (a quarter; a thirteenth in The Builders). ``hard``: guided,
  4 candidates (3 in The Builders), sized for at most about 2 s per decision on one core (``PRESETS``, and
  each game's :class:`SearchSettings` in its ``search`` module; docs/strength.md has the measurements).
  ``MCTSAgent(game, ...)`` without a config is the random-rollout search with the game's depth and scale.
* **Budget.** ``iterations`` or ``max_steps`` (counted, so the bot is deterministic for a seed) or
  ``seconds`` (wall clock, not deterministic). The move is the root child with the most visits (ties: the
  better mean). A decision with one legal action is answered at once. The tree is not kept between moves.

Hidden information: the bot never reads another seat's hidden information from the real state. It
searches on determinised copies only. Their ``scores()`` are read at the cutoff and at simulated game ends;
in Caylus 1303 they include the other seats' prestige, which ``view()`` hides. That is legitimate here,
because the simulated game is the bot's own hypothetical, and in Caylus 1303 every hidden PP follows from
public actions that a player with perfect recall has seen (the reason ``resample_hidden`` returns a plain
clone there). So the sum is information the seat could work out itself.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, cast

from masterbuilder.agents.base import Agent, AgentFactory, make_agent, register_agent
from masterbuilder.agents.plan import PlannedMoves, play_move
from masterbuilder.core.i18n import N_
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import game_piece
from masterbuilder.core.state import State


@dataclass(frozen=True)
class MCTSConfig:
    """The knobs of the search."""

    iterations: int | None = 1000  # simulations per decision (deterministic budget)
    seconds: float | None = None  # wall-clock budget per decision; used when iterations is None
    c: float = 0.7  # UCB1 exploration constant (rewards are in [0, 1])
    rollout_depth: int = 30  # moves played after the new leaf before the evaluation
    heuristic_steps: int = 0  # of those, how many the game's heuristic bot plays (the rest: random)
    scale: float = 8.0  # score margin that counts as a clear lead (tanh scale)
    # Guided search: the moves of every tree node are the game heuristic's ``candidates`` best-looking
    # moves for the seat to move (single actions in Caylus and Caylus 1303, whole-turn plans in The
    # Builders), and the heuristic plays every rollout (``rollout_depth`` moves at most).
    guided: bool = False
    candidates: int = 4
    # Moves tried in the tree at the other seats' turns: 1 models each opponent as its heuristic bot (the
    # tree branches on the bot's own moves only); more lets max-n look for their best replies, which
    # spreads a small budget thin. None: ``candidates``.
    reply_candidates: int | None = None
    max_steps: int | None = None  # simulated actions per decision (tree and rollouts), a deterministic cap
    candidate_cost: int = 1  # steps charged for asking the heuristic for its candidates (about its cost)
    determinisations: int = 8  # guided: each root move meets the same cycle of this many deals
    # Work units of the heuristic's own search charged as one step, where it reports its work (``work``:
    # The Builders planner counts 5 units per plan step, more where a seat has over four sites; charged at
    # a third of a step, a plan step's share of an engine step's time when the budgets were set); 0 ignores
    # it.
    work_per_step: int = 0
    rollout_bot: str | None = None  # the bot that plays guided rollouts (None: the heuristic)
    # Progressive bias toward the heuristic's favourite move: ``prior / visits`` is added to its UCB value,
    # so another move must look better by a clear margin, not by the luck of a few deals, to take over.
    prior: float = 0.0
    # Guided rollouts stop after this many turns (changes of the seat to move) and score the position
    # with the heuristic's ``estimate`` where it has one (The Builders); 0 plays them out.
    cutoff_turns: int = 0
    estimate_cost: int = 1  # steps charged per seat for an estimate
    # Guided: the root moves (the bot's own decision in the real game) come from the heuristic's
    # ``root_candidates`` where it has them (The Builders: a much wider plan search near the end of the
    # game), the moves of simulated turns from ``candidates`` as everywhere else.
    wide_root: bool = False
    # In games of at least this many players (0: never), the cutoff waits, after ``cutoff_turns`` turns,
    # for the start of the searching seat's own turn, so that every simulation, however deep its tree
    # part, is scored at the same point of the round (not right after the bot's turn in some, after the
    # replies in others).
    own_turn_cutoff: int = 0


TO_THE_END = 1_000_000  # a rollout depth no game reaches: play the rollout to the end of the game

# Presets, all deterministic (no wall clock): a base, then per-game settings.
# * ``easy``: plain UCT, 150 iterations of random rollouts cut off after 30-40 moves.
# * ``medium`` and ``hard``: the guided search, the heuristic's best 3 / 4 moves at the bot's own nodes
#   and the heuristic's move at the others', heuristic rollouts to the end of the game, with a budget of
#   simulated steps. ``hard``'s budget is sized for at most about 2 s per decision on one core of the
#   development machine (docs/strength.md has the measurements); ``medium`` has a small share of it.
PRESETS: dict[str, MCTSConfig] = {
    "easy": MCTSConfig(iterations=150),
    "medium": MCTSConfig(
        iterations=None, guided=True, candidates=3, reply_candidates=1, rollout_depth=TO_THE_END
    ),
    "hard": MCTSConfig(
        iterations=None, guided=True, candidates=4, reply_candidates=1, rollout_depth=TO_THE_END
    ),
}


@dataclass(frozen=True)
class SearchSettings:
    """A game's settings of the search (its piece ``"search"``): ``base`` for every search of the game (the
    random rollouts' depth, the score scale), ``presets`` on top of a named preset (its step budget)."""

    base: Mapping[str, float | int] = field(default_factory=dict)
    presets: Mapping[str, Mapping[str, float | int]] = field(default_factory=dict)


NO_SETTINGS = SearchSettings()


def search_settings(game: str) -> SearchSettings:
    """The game's search settings; none for a game that offers none."""
    settings: SearchSettings | None = game_piece(game, "search")
    return settings if settings is not None else NO_SETTINGS


DEFAULT_PRESET = "medium"


class Guide(Protocol):
    """What the guided search needs of a game's heuristic bot: its moves, and its best few moves."""

    def choose(self, state: State) -> int: ...

    def candidates(self, state: State, k: int) -> list[tuple[int, ...]]: ...


class _Node:
    """Statistics of one move in the shared tree: visits, availability and the summed reward vector.
    Children are keyed by action id, or in the guided search by the tuple of ids of a move."""

    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * players


class MCTSAgent:
    """Max-n UCT with determinisation, cutoff rollouts and an iteration or time budget."""

    name = "mcts"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        config: MCTSConfig | None = None,
        **overrides: float | int,
    ) -> None:
        # Without a config: random rollouts with the game's depth and scale (presets: ``make_mcts``).
        if config is None:
            config = replace(MCTSConfig(), **search_settings(game).base)  # type: ignore[arg-type]
        base = config
        if iterations is not None or seconds is not None:
            base = replace(base, iterations=iterations, seconds=seconds)
        if overrides:
            base = replace(base, **overrides)  # type: ignore[arg-type]
        if base.iterations is None and base.seconds is None and base.max_steps is None:
            raise ValueError("MCTSAgent needs a budget: iterations, seconds or max_steps.")
        if base.iterations is not None and base.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {base.iterations}.")
        self.game = game
        self.seed = seed
        self.config = base
        self._rng = random.Random(seed)
        self._heuristic: Agent | None = None
        self._guide: Guide | None = None
        self._player: Agent | None = None  # plays the guided rollouts
        if base.heuristic_steps > 0 or base.guided:
            self._heuristic = make_agent("heuristic", game, seed)
            self._player = self._heuristic
        if base.guided and base.rollout_bot is not None:
            self._player = make_agent(base.rollout_bot, game, seed)
        if base.guided:
            if not hasattr(self._heuristic, "candidates"):
                raise ValueError(f"The guided search needs a heuristic bot with candidates for {game}.")
            self._guide = cast(Guide, self._heuristic)
        self.last_iterations = 0  # simulations run by the last search (for tests and benchmarks)
        self.last_steps = 0  # simulated actions of the last search
        self._steps = 0
        # The rest of a chosen multi-action move: the guided search in The Builders picks a whole turn and
        # then plays it out while the game goes as planned.
        self._plan = PlannedMoves()
        self._root_moves: list[tuple[int, ...]] | None = None
        self._seat = 0
        self._deals: list[int] = []

    def _root_width(self, legal: list[int]) -> int:
        """How many moves the root has: its candidates in the guided search, else the legal actions. (A
        method: inside ``choose`` mypy takes ``_root_moves`` for the None set there, and mypyc would
        compile it so.)"""
        return len(legal) if self._root_moves is None else len(self._root_moves)

    def choose(self, state: State) -> int:
        legal = state.legal_action_ids()
        if len(legal) == 1:
            self.last_iterations = 0
            self.last_steps = 0
            return legal[0]
        planned = self._plan.next_action(state)
        if planned is not None:
            self.last_iterations = 0
            self.last_steps = 0
            return planned
        seat = state.current_player
        assert seat is not None
        root = _Node(state.num_players)
        cfg = self.config
        rng = self._rng
        done = 0
        self._steps = 0
        self._root_moves = None
        self._seat = seat
        work0 = self._work()
        deadline = time.perf_counter() + cfg.seconds if cfg.iterations is None and cfg.seconds else None
        while True:
            if cfg.guided:
                self._search_guided(state, seat, root)
            else:
                self._iterate(root, state.resample_hidden(seat, rng.getrandbits(62)))
            done += 1
            self._steps += 1  # a simulation counts at least one step, so a step budget always ends
            if cfg.work_per_step:
                work = self._work()
                self._steps += (work - work0) // cfg.work_per_step
                work0 = work - (work - work0) % cfg.work_per_step
            if cfg.iterations is not None and done >= cfg.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            # The step budget stops the search only once every move at the root has been tried.
            if (
                cfg.max_steps is not None
                and self._steps >= cfg.max_steps
                and len(root.children) >= self._root_width(legal)
            ):
                break
        self.last_iterations = done
        self.last_steps = self._steps
        best = _most_visited(root, seat)
        if isinstance(best, tuple):
            return self._plan.play(state, list(best))
        return cast(int, best) if best is not None else legal[0]

    def _work(self) -> int:
        """The search work reported so far by the heuristic and the rollout bot (see ``work_per_step``)."""
        work = getattr(self._heuristic, "work", 0)
        if self._player is not self._heuristic:
            work += getattr(self._player, "work", 0)
        return int(work)

    def _iterate(self, root: _Node, s: State) -> None:
        cfg = self.config
        rng = self._rng
        c = cfg.c
        node = root
        path = [root]
        while not s.is_terminal:
            legal = s.legal_action_ids()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = _Node(len(root.totals))
                child.avail = 1
                children[a] = child
                s._apply_legal(a)
                path.append(child)
                break
            player = s.current_player
            assert player is not None
            best_a = legal[0]
            best_v = -math.inf
            for a in legal:
                ch = children[a]
                ch.avail += 1
                v = ch.totals[player] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a]
            s._apply_legal(best_a)
            path.append(node)
        _backup(path, self._rollout(s))

    def _search_guided(self, state: State, seat: int, root: _Node) -> None:
        """One simulation of the guided search. The root moves are the heuristic's candidates in the real
        state (they depend only on what the seat sees). Each root move meets the same cycle of deals
        (common random numbers): its n-th visit plays in determinisation n mod ``determinisations``, so
        the moves are compared on equal luck."""
        cfg = self.config
        guide = self._guide
        assert guide is not None
        if self._root_moves is None:
            propose = guide.candidates
            if cfg.wide_root:
                propose = getattr(guide, "root_candidates", propose)
            self._root_moves = propose(state, cfg.candidates)
            self._deals = [self._rng.getrandbits(62) for _ in range(cfg.determinisations)]
            self._steps += cfg.candidate_cost
        child, move = self._select(root, self._root_moves, seat)
        s = state.resample_hidden(seat, self._deals[child.visits % len(self._deals)])
        steps = play_move(s, move)
        path = [root, child]
        node = child
        if child.visits:  # a visited move: carry on down the tree
            steps += self._descend(node, s, path)
        self._steps += steps
        _backup(path, self._rollout(s))

    def _select(
        self, node: _Node, moves: list[tuple[int, ...]], player: int
    ) -> tuple[_Node, tuple[int, ...]]:
        """The first untried move (in the heuristic's order), else the best by UCB for ``player``."""
        children = node.children
        for m in moves:
            if m not in children:
                for other in moves:
                    if other in children:
                        children[other].avail += 1
                child = _Node(len(node.totals))
                child.avail = 1
                children[m] = child
                return child, m
        c = self.config.c
        prior = self.config.prior
        best_m = moves[0]
        best_v = -math.inf
        for m in moves:
            ch = children[m]
            ch.avail += 1
            v = ch.totals[player] / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if prior and m is moves[0]:
                v += prior / ch.visits
            if v > best_v:
                best_m, best_v = m, v
        return children[best_m], best_m

    def _descend(self, node: _Node, s: State, path: list[_Node]) -> int:
        """Down the tree below a root move: UCB over the heuristic's best moves for the seat to move,
        until a move is new. Forced actions are not nodes. Returns the actions applied."""
        cfg = self.config
        guide = self._guide
        assert guide is not None
        steps = 0
        while not s.is_terminal:
            legal = s.legal_action_ids()
            if len(legal) == 1:
                s._apply_legal(legal[0])
                steps += 1
                continue
            player = s.current_player
            assert player is not None
            k = cfg.candidates
            if player != self._seat and cfg.reply_candidates is not None:
                k = cfg.reply_candidates
            moves = guide.candidates(s, k)
            steps += cfg.candidate_cost
            node, move = self._select(node, moves, player)
            steps += play_move(s, move)
            path.append(node)
            if node.visits == 0:  # a new move: the rollout takes over
                break
        return steps

    def _rollout(self, s: State) -> list[float]:
        cfg = self.config
        rng = self._rng
        heuristic = self._player
        heuristic_steps = cfg.rollout_depth if cfg.guided else cfg.heuristic_steps
        forget = getattr(heuristic, "forget", None)
        if forget is not None:
            forget()  # a plan made in another simulation is not for this one's cards
        estimate = getattr(self._guide, "estimate", None) if cfg.cutoff_turns else None
        own_turn = 0 < cfg.own_turn_cutoff <= s.num_players
        turns = 0
        mover = s.current_player
        step = 0
        for step in range(cfg.rollout_depth):
            if s.is_terminal:
                break
            if estimate is not None and s.current_player != mover:
                mover = s.current_player
                turns += 1
                if turns >= cfg.cutoff_turns and (not own_turn or mover == self._seat):
                    worth = estimate(s)
                    if worth is not None:
                        self._steps += step + cfg.estimate_cost * len(worth)
                        return margin_rewards(worth, cfg.scale)
            if heuristic is not None and step < heuristic_steps:
                s._apply_legal(heuristic.choose(s))
            else:
                legal = s.legal_action_ids()
                s._apply_legal(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        self._steps += step
        return evaluate(s, cfg.scale)


def _backup(path: list[_Node], rewards: list[float]) -> None:
    """Add one simulation's reward vector to every node on its path."""
    for n in path:
        n.visits += 1
        t = n.totals
        for i, r in enumerate(rewards):
            t[i] += r


def _most_visited(root: _Node, seat: int) -> Hashable | None:
    """The root move with the most visits; ties go to the better mean reward for ``seat``, then to the
    move tried first."""
    best: Hashable | None = None
    best_key = (-1, -math.inf)
    for move, child in root.children.items():
        key = (child.visits, child.totals[seat] / child.visits if child.visits else -math.inf)
        if key > best_key:
            best, best_key = move, key
    return best


def evaluate(s: State, scale: float) -> list[float]:
    """Reward per seat in [0, 1]: from the score margin to the best other seat, plus a win at the end.

    Reads ``scores()`` of a simulated (determinised) state; see the module docstring on hidden PP."""
    rewards = margin_rewards(s.scores(), scale)
    if s.is_terminal:
        winners = s.winners()
        share = 1.0 / len(winners) if winners else 0.0
        rewards = [0.7 * (share if i in winners else 0.0) + 0.3 * r for i, r in enumerate(rewards)]
    return rewards


def margin_rewards(scores: list[int] | list[float], scale: float) -> list[float]:
    """Reward per seat in [0, 1] from its margin over the best other seat: ``0.5 + 0.5 tanh(margin /
    scale)``."""
    n = len(scores)
    rewards = []
    for i in range(n):
        best_other = max(scores[j] for j in range(n) if j != i)
        rewards.append(0.5 + 0.5 * math.tanh((scores[i] - best_other) / scale))
    return rewards


def preset_config(game: str, preset: str) -> MCTSConfig:
    """The settings of a preset for ``game``."""
    base = PRESETS[preset]
    settings = search_settings(game)
    tweaks = dict(settings.base)
    if base.guided:
        tweaks.pop("rollout_depth", None)  # guided rollouts play to the end
    tweaks.update(settings.presets.get(preset, {}))
    return replace(base, **tweaks)  # type: ignore[arg-type]


def make_mcts(game: str, seed: int, preset: str = DEFAULT_PRESET) -> MCTSAgent:
    """The ``mcts`` bot with a named preset for ``game``."""
    if preset not in PRESETS:
        raise ValueError(
            _(
                "Unknown mcts preset {preset}; the presets are: {known}.",
                preset=repr(preset),
                known=", ".join(PRESETS),
            )
        )
    agent = MCTSAgent(game, seed, config=preset_config(game, preset))
    agent.name = f"mcts:{preset}"
    return agent


def _preset_factory(preset: str) -> AgentFactory:
    def factory(game: str, seed: int) -> MCTSAgent:
        return make_mcts(game, seed, preset)

    return factory


register_agent(
    "mcts",
    N_("Monte Carlo tree search (max-n UCT, determinised, cutoff rollouts); presets mcts:easy/medium/hard"),
    lambda game, seed: make_mcts(game, seed, DEFAULT_PRESET),
    presets={p: _preset_factory(p) for p in PRESETS},
)
