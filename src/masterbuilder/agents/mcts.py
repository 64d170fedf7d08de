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
* **Presets.** ``easy`` uses random rollouts in every game; ``medium`` and ``hard`` add iterations, and in
  Caylus 1303 roll out with the heuristic bot instead (see ``PRESETS`` / ``PRESET_TWEAKS``).
  ``MCTSAgent(game, ...)`` without a config is the random-rollout search with the game's depth and scale.
* **Budget.** ``iterations`` (counted, so the bot is deterministic for a seed) or ``seconds`` (wall clock,
  not deterministic). The move is the root child with the most visits. A decision with one legal action
  is answered at once. The tree is not kept between moves.

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
from dataclasses import dataclass, replace

from masterbuilder.agents.base import Agent, AgentFactory, make_agent, register_agent
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


# Presets by iterations, so they are deterministic: a base budget, then per-game settings. ``easy`` plays
# random rollouts everywhere. ``medium`` and ``hard`` in Caylus 1303 roll out with the heuristic bot (random
# rollouts scored at a cutoff lose heavily to it: 0 of 6 games at 300 iterations, against 3 of 6 with 60
# iterations of 25-move heuristic rollouts); elsewhere more random-rollout iterations. ``hard`` is sized
# for about a second or less per decision on the development machine (one core).
PRESETS: dict[str, MCTSConfig] = {
    "easy": MCTSConfig(iterations=150),
    "medium": MCTSConfig(iterations=600),
    "hard": MCTSConfig(iterations=1500),
}
GAME_TWEAKS: dict[str, dict[str, float | int]] = {
    "builders": {"rollout_depth": 40, "scale": 6.0},
    "caylus": {"rollout_depth": 30, "scale": 8.0},
    "caylus1303": {"rollout_depth": 30, "scale": 8.0},
}
PRESET_TWEAKS: dict[tuple[str, str], dict[str, float | int]] = {
    ("builders", "hard"): {"iterations": 4000},  # a Builders iteration is cheap (~0.2 ms)
    ("caylus1303", "medium"): {"iterations": 30, "rollout_depth": 25, "heuristic_steps": 25},
    ("caylus1303", "hard"): {"iterations": 60, "rollout_depth": 25, "heuristic_steps": 25},
}
DEFAULT_PRESET = "medium"


class _Node:
    """Statistics of one action in the shared tree: visits, availability and the summed reward vector."""

    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, _Node] = {}
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
        base = config if config is not None else replace(MCTSConfig(), **GAME_TWEAKS.get(game, {}))  # type: ignore[arg-type]
        if iterations is not None or seconds is not None:
            base = replace(base, iterations=iterations, seconds=seconds)
        if overrides:
            base = replace(base, **overrides)  # type: ignore[arg-type]
        if base.iterations is None and base.seconds is None:
            raise ValueError("MCTSAgent needs a budget: iterations or seconds.")
        if base.iterations is not None and base.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {base.iterations}.")
        self.game = game
        self.seed = seed
        self.config = base
        self._rng = random.Random(seed)
        self._heuristic: Agent | None = None
        if base.heuristic_steps > 0:
            self._heuristic = make_agent("heuristic", game, seed)
        self.last_iterations = 0  # simulations run by the last search (for tests and benchmarks)

    def choose(self, state: State) -> int:
        legal = state.legal_action_ids()
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        seat = state.current_player
        assert seat is not None
        root = _Node(state.num_players)
        cfg = self.config
        rng = self._rng
        done = 0
        if cfg.iterations is not None:
            for _ in range(cfg.iterations):
                self._iterate(root, state.resample_hidden(seat, rng.getrandbits(62)))
            done = cfg.iterations
        else:
            assert cfg.seconds is not None
            deadline = time.perf_counter() + cfg.seconds
            while True:
                self._iterate(root, state.resample_hidden(seat, rng.getrandbits(62)))
                done += 1
                if time.perf_counter() >= deadline:
                    break
        self.last_iterations = done
        best = legal[0]
        best_visits = -1
        for a in legal:
            child = root.children.get(a)
            if child is not None and child.visits > best_visits:
                best, best_visits = a, child.visits
        return best

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
        rewards = self._rollout(s)
        for n in path:
            n.visits += 1
            t = n.totals
            for i, r in enumerate(rewards):
                t[i] += r

    def _rollout(self, s: State) -> list[float]:
        cfg = self.config
        rng = self._rng
        heuristic = self._heuristic
        for step in range(cfg.rollout_depth):
            if s.is_terminal:
                break
            if heuristic is not None and step < cfg.heuristic_steps:
                s._apply_legal(heuristic.choose(s))
            else:
                legal = s.legal_action_ids()
                s._apply_legal(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
        return evaluate(s, cfg.scale)


def evaluate(s: State, scale: float) -> list[float]:
    """Reward per seat in [0, 1]: from the score margin to the best other seat, plus a win at the end.

    Reads ``scores()`` of a simulated (determinised) state; see the module docstring on hidden PP."""
    scores = s.scores()
    n = len(scores)
    rewards = []
    for i in range(n):
        best_other = max(scores[j] for j in range(n) if j != i)
        rewards.append(0.5 + 0.5 * math.tanh((scores[i] - best_other) / scale))
    if s.is_terminal:
        winners = s.winners()
        share = 1.0 / len(winners) if winners else 0.0
        rewards = [0.7 * (share if i in winners else 0.0) + 0.3 * r for i, r in enumerate(rewards)]
    return rewards


def preset_config(game: str, preset: str) -> MCTSConfig:
    """The settings of a preset for ``game``."""
    tweaks = {**GAME_TWEAKS.get(game, {}), **PRESET_TWEAKS.get((game, preset), {})}
    return replace(PRESETS[preset], **tweaks)  # type: ignore[arg-type]


def make_mcts(game: str, seed: int, preset: str = DEFAULT_PRESET) -> MCTSAgent:
    """The ``mcts`` bot with a named preset for ``game``."""
    if preset not in PRESETS:
        raise ValueError(f"Unknown mcts preset {preset!r}; the presets are: {', '.join(PRESETS)}.")
    agent = MCTSAgent(game, seed, config=preset_config(game, preset))
    agent.name = f"mcts:{preset}"
    return agent


def _preset_factory(preset: str) -> AgentFactory:
    def factory(game: str, seed: int) -> MCTSAgent:
        return make_mcts(game, seed, preset)

    return factory


register_agent(
    "mcts",
    "Monte Carlo tree search (max-n UCT, determinised, cutoff rollouts); presets mcts:easy/medium/hard",
    lambda game, seed: make_mcts(game, seed, DEFAULT_PRESET),
    presets={p: _preset_factory(p) for p in PRESETS},
)
