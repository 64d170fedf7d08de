"""Player panels for the web table: what the page shows per seat, beside the board, as data per game.

A game offers its panel as the piece ``"panel"`` of its :class:`~masterbuilder.core.registry.GameInfo`: a
:class:`Panel` naming where a player's score and resources are in ``view(seat)["players"][i]``. The page
reads the view it already receives, so a panel can show only what that seat may see (a score the view hides
is ``None``: the page says "hidden"). Labels are keys of the pages' message catalog (``web/i18n/en.json``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Item:
    """One value in a player's panel.

    ``path``: the field of the view's player, dotted for a nested one (``"cubes.food"``); ``label``: the
    page key of its name; ``colour``: a swatch drawn before the number (cubes), or None; ``count``: the field
    is a list and the panel shows its length."""

    path: str
    label: str
    colour: str | None = None
    count: bool = False

    def as_json(self) -> dict[str, Any]:
        return {"path": self.path, "label": self.label, "colour": self.colour, "count": self.count}


@dataclass(frozen=True)
class Panel:
    """A game's player panel: the field of the score and the items shown, in order."""

    score: str
    items: tuple[Item, ...]

    def as_json(self) -> dict[str, Any]:
        return {"score": self.score, "items": [item.as_json() for item in self.items]}
