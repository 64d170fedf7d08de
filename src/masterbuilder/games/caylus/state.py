"""The Caylus state: the rules (``rules.py``) with their explanations in words (``text.py``)."""

from __future__ import annotations

from masterbuilder.games.caylus import text
from masterbuilder.games.caylus.rules import CaylusRules


class CaylusState(CaylusRules):
    """A game of Caylus for 2 to 5 players."""

    def prompt(self) -> str:
        """The pending decision in words."""
        return text.prompt(self)

    def _why_not(self, task: tuple[int, ...], action_id: int) -> str:
        return text.why_not(self, task, action_id)

    def describe_action(self, action_id: int) -> str:
        return text.describe(self, action_id)


__all__ = ["CaylusState"]
