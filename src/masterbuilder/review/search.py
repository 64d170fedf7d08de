"""The review's search: the strong bot's guided IS-MCTS (``agents/mcts.py``, preset ``hard``) run on a
position of a finished game, with the move that was played added to the bot's own candidates, so that the
played move and the bot's best move are valued by the same search."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import cast

from masterbuilder.agents.base import Agent
from masterbuilder.agents.mcts import Guide, MCTSAgent, _backup, _most_visited, _Node, preset_config
from masterbuilder.agents.plan import play_move
from masterbuilder.core.state import State


@dataclass(frozen=True)
class MoveValues:
    """What the search found at one decision: the bot's value (its mean reward in [0, 1], the search's
    own scale) of the position, of the move played and of its best move, and the best move."""

    position: float
    played: float
    best: float
    best_move: tuple[int, ...]
    played_visits: int
    simulations: int


class _VariedPlayer:
    """The heuristic playing the rollouts, but now and then (``SWERVE``) one of its other best moves. The
    bot's own rollouts replay the heuristic exactly; where the game holds no chance (Caylus), one such
    game decides a move's value outright, so a review would grade moves by the luck of a single line."""

    def __init__(self, guide: Guide, rng: random.Random) -> None:
        self.guide = guide
        self.rng = rng

    def choose(self, state: State) -> int:
        if self.rng.random() < SWERVE:
            moves = self.guide.candidates(state, 2)
            return moves[self.rng.randrange(len(moves))][0]
        return self.guide.choose(state)


SWERVE = 0.1  # the share of rollout moves that are the heuristic's second-best (or best) instead of its best
TOP_UP = 0.5  # the move played gets at least this share of the best move's visits (for a fair comparison)


class ReviewSearch(MCTSAgent):
    """``mcts:hard``'s search with a given step budget per decision; ``omniscient`` searches the real
    deal instead of deals sampled from what the seat to move could see. Where the bot's moves are single
    actions, its rollouts vary (:class:`_VariedPlayer`); where they are turn plans (The Builders), the
    deals and the cut-off estimate already do."""

    def __init__(self, game: str, seed: int, budget: int | None = None, omniscient: bool = False) -> None:
        config = preset_config(game, "hard")
        if budget is not None:
            config = replace(config, max_steps=budget)
        super().__init__(game, seed, config=config)
        self.omniscient = omniscient

    def vary_rollouts(self) -> None:
        assert self._guide is not None
        self._player = cast(Agent, _VariedPlayer(self._guide, self._rng))

    def values(self, state: State, played: tuple[int, ...]) -> MoveValues:
        """Search ``state`` (a decision of the seat to move) over the bot's candidates and ``played``."""
        seat = state.current_player
        assert seat is not None and self._guide is not None
        cfg = self.config
        propose = self._guide.candidates
        if cfg.wide_root:
            propose = getattr(self._guide, "root_candidates", propose)
        moves = list(propose(state, cfg.candidates))
        if played not in moves:
            moves.append(played)
        self._root_moves = moves
        self._seat = seat
        self._deals = [self._rng.getrandbits(62) for _ in range(cfg.determinisations)]
        self._steps = cfg.candidate_cost
        root = _Node(state.num_players)
        work0 = self._work()
        budget = cfg.max_steps or 0
        done = 0
        while done == 0 or self._steps < budget or len(root.children) < len(moves):
            self._simulate(state, seat, root, moves)
            done += 1
            self._steps += 1
            if cfg.work_per_step:
                work = self._work()
                self._steps += (work - work0) // cfg.work_per_step
                work0 = work - (work - work0) % cfg.work_per_step
        best = _most_visited(root, seat)
        assert isinstance(best, tuple)
        best_node = root.children[best]
        played_node = root.children[played]
        while played_node.visits < TOP_UP * best_node.visits:
            self._simulate(state, seat, root, [played])
            done += 1
        return MoveValues(
            position=root.totals[seat] / root.visits,
            played=played_node.totals[seat] / played_node.visits,
            best=best_node.totals[seat] / best_node.visits,
            best_move=best,
            played_visits=played_node.visits,
            simulations=done,
        )

    def compare(self, state: State, moves: Sequence[tuple[int, ...]], pairs: int) -> list[float]:
        """Each move's mean value for the seat to move over the same ``pairs`` samples (common random
        numbers): sample k plays every move in the same deal, then rolls out with the same random
        stream, so the moves' values differ by what the moves change, not by the luck of the rollouts."""
        return self.compare_margins(state, moves, pairs)[0]

    def compare_margins(
        self, state: State, moves: Sequence[tuple[int, ...]], pairs: int
    ) -> tuple[list[float], list[float]]:
        """:meth:`compare`'s values, and each move's mean score margin (the seat's points less the best
        other seat's at the end of the rollouts) over the same samples: unlike the value, whose margin
        term is ``tanh(margin / scale)``, the margin does not saturate in a decided game."""
        seat = state.current_player
        assert seat is not None
        samples = [(self._rng.getrandbits(62), self._rng.getrandbits(62)) for _ in range(pairs)]
        self._seat = seat
        totals = [0.0] * len(moves)
        margins = [0.0] * len(moves)
        for deal, stream in samples:
            for i, move in enumerate(moves):
                s = state.clone() if self.omniscient else state.resample_hidden(seat, deal)
                play_move(s, move)
                self._reseed(stream)
                totals[i] += self._rollout(s)[seat]
                scores = s.scores()
                margins[i] += scores[seat] - max(p for k, p in enumerate(scores) if k != seat)
        return [total / pairs for total in totals], [margin / pairs for margin in margins]

    def _reseed(self, stream: int) -> None:
        """The same random stream for the rollout's swerves, its random moves and the heuristic's own
        tie-breaks (its jitter), so that a paired sample repeats itself but for the move."""
        self._rng.seed(stream)
        for agent in (self._heuristic, self._player):
            rng = getattr(agent, "_rng", None)
            if isinstance(rng, random.Random):
                rng.seed(stream)

    def _simulate(self, state: State, seat: int, root: _Node, moves: list[tuple[int, ...]]) -> None:
        """One simulation, as the bot's guided search runs it (common deals per root move)."""
        child, move = self._select(root, moves, seat)
        deal = self._deals[child.visits % len(self._deals)]
        s = state.clone() if self.omniscient else state.resample_hidden(seat, deal)
        steps = play_move(s, move)
        path = [root, child]
        if child.visits:
            steps += self._descend(child, s, path)
        self._steps += steps
        _backup(path, self._rollout(s))
