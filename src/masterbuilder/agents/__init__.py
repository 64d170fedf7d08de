"""Bots. Importing this package registers every bot in ``AGENTS``."""

from masterbuilder.agents import random_agent as _random_agent  # noqa: F401
from masterbuilder.agents.base import AGENTS, Agent, AgentSpec, agents_for, make_agent, register_agent

__all__ = ["AGENTS", "Agent", "AgentSpec", "agents_for", "make_agent", "register_agent"]
