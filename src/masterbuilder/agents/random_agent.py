"""The uniform random bot: the baseline every other bot is measured against."""

from __future__ import annotations

import random

from masterbuilder.agents.base import register_agent
from masterbuilder.core.i18n import N_
from masterbuilder.core.state import State


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: State) -> int:
        return self._rng.choice(state.legal_action_ids())


register_agent("random", N_("uniform random legal moves"), lambda game, seed: RandomAgent(seed))
