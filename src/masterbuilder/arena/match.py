"""Playing one game between bots, reproducibly."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from masterbuilder.agents import Agent, make_agent
from masterbuilder.core import SplitMix64, State, new_game


@dataclass(frozen=True)
class GameResult:
    game: str
    seed: int
    agents: tuple[str, ...]  # by seat
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: int | None  # the round the game ended in; None for a game without rounds
    record: dict[str, Any]
    # Each seat's thinking: decisions with a real choice (more than one legal action), the seconds its bot
    # spent on them in all, and the longest one. Wall clock, so not part of the reproducible result.
    decisions: tuple[int, ...] = ()
    think_seconds: tuple[float, ...] = ()
    think_max: tuple[float, ...] = ()


def _round(state: State) -> int | None:
    value = getattr(state, "round", None)
    return value if isinstance(value, int) else None


def agent_seeds(seed: int, players: int) -> list[int]:
    """Each seat's bot seed, derived from the game seed so a match replays exactly."""
    rng = SplitMix64(seed ^ 0x5EED_B075)
    return [rng.next_u64() >> 1 for _ in range(players)]


def play_game(
    game: str,
    agents: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
) -> GameResult:
    """Play ``game`` with one bot per seat (by name) to the end."""
    state = new_game(game, players=len(agents), seed=seed, options=options)
    bots: list[Agent] = [
        make_agent(name, game, s) for name, s in zip(agents, agent_seeds(seed, len(agents)), strict=True)
    ]
    players = len(agents)
    decisions = [0] * players
    think = [0.0] * players
    longest = [0.0] * players
    while True:
        seat = state.current_player
        if seat is None:
            break
        choice = len(state.legal_action_ids()) > 1
        start = time.perf_counter()
        action = bots[seat].choose(state)
        if choice:
            spent = time.perf_counter() - start
            decisions[seat] += 1
            think[seat] += spent
            longest[seat] = max(longest[seat], spent)
        state.apply(action)
    return GameResult(
        game=game,
        seed=seed,
        agents=tuple(agents),
        scores=tuple(state.scores()),
        winners=tuple(state.winners()),
        actions=len(state.history),
        rounds=_round(state),
        record=state.record(),
        decisions=tuple(decisions),
        think_seconds=tuple(think),
        think_max=tuple(longest),
    )
