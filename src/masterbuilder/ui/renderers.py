"""How each game draws its table in the terminal: the game's piece ``"terminal"`` (its ``terminal`` module).

A game without a renderer of its own still gets a usable (if plain) table from :class:`PlainRenderer`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from rich.console import Console, ConsoleOptions, RenderableType
from rich.measure import Measurement
from rich.pretty import Pretty

from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import game_piece
from masterbuilder.core.state import State


class Renderer(Protocol):
    """Draws one game for people."""

    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        """Everything ``seat`` may see (``None``: a spectator); ``names[s]`` says who sits at seat ``s``."""
        ...

    def decision(self, state: State) -> str:
        """The decision the player to move faces, in words ("Choose the building to send W12 to")."""
        ...

    def status(self, state: State) -> str:
        """A few words on where the game stands ("round 3", "turn 2, placing workers"), for turn headers:
        the terminal prints a new header when the seat to play or this changes; may be empty."""
        ...

    def help(self) -> str:
        """Game-specific hints for the help screen (abbreviations, costs); may be empty."""
        ...


class PlainRenderer:
    """The fallback: the seat's view as pretty-printed data."""

    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        return Pretty(json.loads(json.dumps(state.view(seat))))

    def decision(self, state: State) -> str:
        return _("Choose a move")

    def status(self, state: State) -> str:
        return ""

    def help(self) -> str:
        return ""


PERSON = "you"  # the name of a seat played by a person (terminal.HUMAN)


def seat_title(seat: int, names: Sequence[str]) -> str:
    """'seat 1 (random)': how every screen names a seat ('seat 1' when nobody is named)."""
    if seat < len(names) and names[seat]:
        # i18n: a seat and who sits there (a bot's name such as 'random', or 'you')
        return _("seat {seat} ({name})", seat=seat, name=player_name(names[seat]))
    return _("seat {seat}", seat=seat)


def player_name(name: str) -> str:
    """A seat's name as shown: a bot's name as it is, the person's ('you', as typed for ``--seats``) in
    the current language."""
    # i18n: how a person playing at the terminal is named in 'seat 0 (you)'
    return _("you") if name == PERSON else name


def natural_width(console: Console, options: ConsoleOptions, renderable: RenderableType) -> int:
    """How wide ``renderable`` is drawn when nothing limits it (its widest line)."""
    unlimited = options.update_width(max(options.max_width, 1000))
    return Measurement.get(console, unlimited, renderable).maximum


def widest_fitting(
    console: Console, options: ConsoleOptions, layouts: Sequence[RenderableType]
) -> RenderableType:
    """The first of ``layouts`` (widest first) that fits whole in the width available, so that no column
    is squeezed and no word cut ('Trading po…'); the last (the narrowest) if none does."""
    for layout in layouts[:-1]:
        if natural_width(console, options, layout) <= options.max_width:
            return layout
    return layouts[-1]


def renderer_for(game: str) -> Renderer:
    """The game's terminal renderer (its piece ``"terminal"``), else the plain one."""
    renderer: Renderer | None = game_piece(game, "terminal")
    return renderer if renderer is not None else PlainRenderer()
