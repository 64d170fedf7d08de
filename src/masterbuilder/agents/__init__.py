"""Bots. Importing this package registers every bot in ``AGENTS``."""

from masterbuilder.agents import builders_greedy as _builders_greedy  # noqa: F401
from masterbuilder.agents import caylus1303_heuristic as _caylus1303_heuristic  # noqa: F401
from masterbuilder.agents import caylus_heuristic as _caylus_heuristic  # noqa: F401
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
)

__all__ = [
    "AGENTS",
    "Agent",
    "AgentEntry",
    "AgentSpec",
    "agent_spec",
    "agents_for",
    "make_agent",
    "register_agent",
]
