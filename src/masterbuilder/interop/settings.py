"""What the research adapters need to know of a game beyond the core API: its piece ``"adapters"``.

Each game's ``adapters`` module holds one :class:`AdapterSettings`; the OpenSpiel, PettingZoo and Gymnasium
adapters read it through the game's ``GameInfo`` and import no game module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from masterbuilder.core.registry import game_piece, games_offering
from masterbuilder.core.state import State


class Chance(Protocol):
    """Cards a game turns face up during play, as OpenSpiel chance nodes (its ``deal="reveal"``).

    A *kind* names the deck a revealed card comes from (0: the action reveals nothing that could be more
    than one card)."""

    max_outcomes: int  # the most cards a reveal can choose from

    def reveal_kind(self, state: State, action: int) -> int:
        """Which deck ``action`` would turn a card of face up, if more than one card could be it; else 0."""
        ...

    def reveal_deck(self, state: State, kind: int) -> tuple[list[int], int, int]:
        """The deck (the engine's own list, changed in place), how many of its cards from the bottom are
        unseen, and the index the revealed card must be at for the engine to draw it there."""
        ...

    def apply_logged(self, state: State, action: int) -> str:
        """Apply ``action``; its entry in a perfect-recall log: the id and the card it turned face up."""
        ...

    def reveal_label(self, action: int, card: int) -> str:
        """The chance outcome ``card`` revealed by ``action``, in words ("reveal Tavern")."""
        ...


@dataclass(frozen=True)
class AdapterSettings:
    """A game's settings of the research adapters."""

    gymnasium_id: str  # "masterbuilder/Caylus-v0"
    # The most actions (all seats together) an episode takes, with a wide margin (Gymnasium, PettingZoo).
    episode_bound: int
    # OpenSpiel's max_game_length: the most player decisions for (players, options).
    max_game_length: Callable[[int, Mapping[str, Any]], int]
    # Whether the other seats' scores are hidden during play (Caylus 1303's prestige): OpenSpiel then calls
    # the game imperfect information, and its perfect-recall tensor appends every seat's score.
    hidden_scores: bool = False
    # Cards turned face up during play, as explicit chance nodes (The Builders), else None.
    chance: Chance | None = None
    # Options the OpenSpiel game refuses, with the reason (The Builders' round_limit = 0: unbounded).
    check_options: Callable[[Mapping[str, Any]], None] | None = None


def adapter_settings(game: str) -> AdapterSettings:
    """The game's adapter settings; ValueError if it offers none."""
    settings: AdapterSettings | None = game_piece(game, "adapters")
    if settings is None:
        raise ValueError(f"{game!r} offers no settings for the research adapters.")
    return settings


def adapted_games() -> list[str]:
    """The games that offer adapter settings, in registration order."""
    return games_offering("adapters")
