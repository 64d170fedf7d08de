"""What every bot is: something that picks a legal action id for the seat to move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from masterbuilder.core.state import State


class Agent(Protocol):
    """A bot. ``choose`` is called only when ``state.current_player`` is the agent's seat and must return
    one of ``state.legal_action_ids()``. It must not change ``state`` (clone it to look ahead)."""

    name: str

    def choose(self, state: State) -> int: ...


AgentFactory = Callable[[str, int], Agent]  # (game, seed) -> agent


@dataclass(frozen=True)
class AgentSpec:
    name: str
    description: str
    games: frozenset[str] | None  # None: every game
    factory: AgentFactory


AGENTS: dict[str, AgentSpec] = {}


def register_agent(
    name: str, description: str, factory: AgentFactory, games: frozenset[str] | None = None
) -> None:
    if name in AGENTS:
        raise ValueError(f"Agent {name!r} is already registered.")
    AGENTS[name] = AgentSpec(name, description, games, factory)


def agents_for(game: str) -> list[str]:
    """Names of the bots that can play ``game``."""
    return sorted(n for n, spec in AGENTS.items() if spec.games is None or game in spec.games)


def make_agent(name: str, game: str, seed: int) -> Agent:
    """A fresh bot by name. ValueError naming the bots available for the game if unknown."""
    spec = AGENTS.get(name)
    if spec is None or (spec.games is not None and game not in spec.games):
        known = ", ".join(agents_for(game))
        raise ValueError(f"Unknown bot {name!r} for {game}; the bots for {game} are: {known}.")
    return spec.factory(game, seed)
