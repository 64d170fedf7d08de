"""Bots. Importing this package registers the generic bots (random, mcts) and each registered game's own
bots (``GameInfo.bots``: its heuristic) in ``AGENTS``."""

from masterbuilder.agents import mcts as _mcts  # noqa: F401
from masterbuilder.agents import random_agent as _random_agent  # noqa: F401
from masterbuilder.agents.base import (
    AGENTS,
    Agent,
    AgentEntry,
    AgentSpec,
    agent_spec,
    agents_for,
    make_agent,
    register_agent,
    register_game_bots,
)

register_game_bots()

__all__ = [
    "AGENTS",
    "Agent",
    "AgentEntry",
    "AgentSpec",
    "agent_spec",
    "agents_for",
    "make_agent",
    "register_agent",
    "register_game_bots",
]
