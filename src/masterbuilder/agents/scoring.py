"""What the Caylus and Caylus 1303 heuristic bots share: every legal action of the pending decision gets
a score, the bot plays the best (ties broken by a tiny seeded jitter, so the bot is deterministic for a
seed), and offers the best few to the search bot as its ``candidates``."""

from __future__ import annotations

import random
from typing import Final

from masterbuilder.core.state import State

NEVER: Final = -1e9  # the score of an action the bot should never take


class ScoringAgent:
    """A bot that scores each legal action. Subclasses name their game and implement ``score_actions``."""

    name = "heuristic"
    game_title = ""  # "Caylus": for the message when handed another game
    state_type: type[State]  # the game's State class

    def __init__(self, seed: int, jitter: float) -> None:
        self.seed = seed
        self.jitter = jitter
        self._rng = random.Random(seed)

    def score_actions(self, state: State, legal: list[int]) -> dict[int, float]:
        """Each of ``legal`` (two or more) scored, higher is better; unscored actions count as NEVER."""
        raise NotImplementedError

    def _legal(self, state: State) -> list[int]:
        if not isinstance(state, self.state_type):
            title = self.game_title
            raise TypeError(f"The {title} heuristic bot plays {title}, not {state.game}.")
        return state.legal_action_ids()

    def choose(self, state: State) -> int:
        legal = self._legal(state)
        if len(legal) == 1:
            return legal[0]
        scores = self.score_actions(state, legal)
        jitter = self.jitter
        return max(legal, key=lambda a: scores.get(a, NEVER) + jitter * self._rng.random())

    def candidates(self, state: State, k: int) -> list[tuple[int, ...]]:
        """The ``k`` best-scored legal actions of the pending decision, best first (ties in id order), each
        as a one-action move for the search bot."""
        legal = self._legal(state)
        if len(legal) == 1:
            return [(legal[0],)]
        scores = self.score_actions(state, legal)
        ranked = sorted(legal, key=lambda a: -scores.get(a, NEVER))
        return [(a,) for a in ranked[:k]]
