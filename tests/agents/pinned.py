"""Pinned self-play games: each heuristic bot is the search bot's hot path and gets optimised, and an
optimisation must not change a single decision (the search budgets by counted steps, so the same
decisions make the same games). A test plays a game and compares it with a digest recorded before."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from masterbuilder import new_game
from masterbuilder.agents.base import Agent
from masterbuilder.core.state import State


def self_play(game: str, bots: Sequence[Agent], seed: int) -> tuple[list[int], str, State]:
    """Play ``game`` with ``bots[seat]`` in each seat from ``seed``: the actions, the first 16 hex digits
    of the SHA-256 of their ``repr``, and the final state."""
    state = new_game(game, players=len(bots), seed=seed)
    actions: list[int] = []
    while (current := state.current_player) is not None:
        action = bots[current].choose(state)
        actions.append(action)
        state.apply(action)
    return actions, hashlib.sha256(repr(actions).encode()).hexdigest()[:16], state
