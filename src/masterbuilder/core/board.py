"""Boards for the web table: each game draws its own as SVG; this module is the contract and the glue.

A game offers a board drawing as the piece ``"board"`` of its :class:`~masterbuilder.core.registry.GameInfo`:
a function ``draw(view, actions, seat, names) -> str`` that returns one ``<svg>`` element. It reads only
``view`` (what ``seat`` may see: ``state.view(seat)``), ``actions`` (the legal actions of the seat to move,
with their labels and descriptions; empty when ``seat`` is not to move) and ``names`` (the players' names as
the page's panel shows them, seat by seat; empty: the board names seats by number), so it cannot show what
the seat may not see.

The drawing follows these conventions, which the page relies on:

- The root is ``<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 W H" class="board board-GAME">`` with no
  fixed width or height (the page scales it), well-formed XML, every text escaped (:func:`esc`).
- An element a legal action belongs to (a road space, a tile, a card, a worker, a castle section, a favour
  cell) carries ``data-action="ID"`` and ``class="act"`` (plus any classes of its own), and a ``<title>``
  whose text is the action's description. Each legal action id is on at most one element. Actions that no
  board element can show (a choice of cubes, how far to move the provost, "pass") get no element: the page
  lists them as buttons (:func:`panel_actions`).
- Pieces that move (workers, houses, the provost, the bailiff, cards) and the places they sit on carry ``id``
  attributes that stay the same from one update to the next, so the page can animate what moved.
- Rule text for a tile, card or character is the ``<title>`` child of its element (the page shows it on hover
  and tap).
- Every text has its font size in a ``font-size`` attribute or style (or a class of the board's own style),
  and a text fitted into a box (:func:`fit_text`) is never drawn below :data:`LEGIBLE` px at 1:1, squeezed
  or not: the page's smallest zoom keeps it legible.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from masterbuilder.core import i18n
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import game_piece
from masterbuilder.core.state import State


@dataclass(frozen=True)
class BoardAction:
    """A legal action as a board sees it."""

    id: int
    label: str
    description: str


Draw = Callable[[Mapping[str, Any], Sequence[BoardAction], "int | None", Sequence[str]], str]

_ACTION_ATTR = re.compile(r'data-action="(\d+)"')


K = TypeVar("K")
V = TypeVar("V")


def fragment_speech() -> object | None:
    """What a drawn fragment's words depend on besides its arguments, for a drawing that keeps fragments:
    the language and the catalog read (a test may stand another in); None: draw it anew (while missing
    messages are being reported)."""
    if i18n._missing.get() is not None:
        return None
    code = i18n.language()
    return code if code == i18n.SOURCE else (code, i18n.translations(code))


def keep_fragment(store: dict[K, V], key: K, fragment: V, limit: int) -> None:
    """Keep a drawn fragment for the next drawings; a full store is emptied first, so that a long-running
    server keeps the fragments of the games it draws now, not of the first ones it drew (a limit of 0 keeps
    none)."""
    if len(store) >= limit:
        store.clear()
        if limit <= 0:
            return
    store[key] = fragment


def esc(text: object) -> str:
    """Text made safe for SVG element content and attribute values."""
    # as xml.sax.saxutils.escape(text, {'"': "&quot;"}) does it, in C: this runs for every text drawn
    return str(text).replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;").replace('"', "&quot;")


def board_actions(state: State, seat: int | None, names: Sequence[str] = ()) -> list[BoardAction]:
    """The legal actions ``seat`` may take now (none if it is not ``seat``'s turn), described with the
    other seats named by ``names`` (if given)."""
    if seat is None or state.current_player != seat:
        return []
    return [
        BoardAction(a, state.action_label(a), state.describe_action(a, names=names))
        for a in state.legal_action_ids()
    ]


def clickable_ids(svg: str) -> set[int]:
    """The action ids that a drawing puts on board elements."""
    return {int(m) for m in _ACTION_ATTR.findall(svg)}


def panel_actions(svg: str, actions: Sequence[BoardAction]) -> list[BoardAction]:
    """The legal actions that have no element on the board: the page shows these as buttons."""
    on_board = clickable_ids(svg)
    return [a for a in actions if a.id not in on_board]


def draw_svg(
    game: str,
    view: Mapping[str, Any],
    actions: Sequence[BoardAction],
    seat: int | None,
    names: Sequence[str] = (),
) -> str:
    """The game's drawing of ``view`` with ``actions`` on it, the seats named by ``names`` (if any); empty
    for a game that offers none."""
    draw: Draw | None = game_piece(game, "board")
    return draw(view, actions, seat, names) if draw is not None else ""


def board_message(svg: str, actions: Sequence[BoardAction]) -> dict[str, Any]:
    """``{"svg": ..., "panel": [actions]}``, each panel action as ``{"id", "label", "description"}``."""
    return {
        "svg": svg,
        "panel": [
            {"id": a.id, "label": a.label, "description": a.description} for a in panel_actions(svg, actions)
        ],
    }


def draw_board(state: State, seat: int | None, names: Sequence[str] = ()) -> dict[str, Any]:
    """What the page needs to show ``seat``'s board (:func:`board_message`), the seats named by ``names``
    (if any). A game that offers no drawing gets an empty ``svg`` and every legal action in the panel."""
    actions = board_actions(state, seat, names)
    return board_message(draw_svg(state.game, state.view(seat), actions, seat, names), actions)


def player_name(seat: int, names: Sequence[str], numbered: Callable[[int], str]) -> str:
    """How a board names ``seat``: its name in ``names`` (as the page's panel shows it), else the board's own
    ``numbered(seat)`` ('Seat 2')."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else numbered(seat)


def viewer_name(name: str) -> str:
    """The viewer's own name, marked as the page's panel marks it: 'Ania (you)'."""
    # i18n: the viewer's own name on the board, as the page's panel marks it: 'Ania (you)'
    return _("{name} (you)", name=name)


# Advance widths (1/1000 em) of Arial and its metric twin Liberation Sans, which the font stack asks for, so
# that text can be wrapped, shrunk and followed by cubes where it really ends.
_ASCII = "".join(chr(c) for c in range(32, 127))
_REGULAR = (
    "278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 "
    "278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 667 778 722 "
    "667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 556 222 222 500 "
    "222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584"
)
_BOLD = (
    "278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 556 556 "
    "333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 667 778 722 667 "
    "611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 611 611 278 278 556 278 889 "
    "611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584"
)
_WIDTHS = (
    dict(zip(_ASCII, (int(w) for w in _REGULAR.split()), strict=True)),
    dict(zip(_ASCII, (int(w) for w in _BOLD.split()), strict=True)),
)
_OTHER = {"…": 1000, "·": 278, "–": 556, "—": 1000, "→": 1000, "★": 800, "▶": 800}


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is drawn at ``size`` in the boards' font, to wrap, shrink or squeeze it where it
    really ends; an accented letter ('ł', 'ș', 'ä') is as wide as its base letter."""
    table = _WIDTHS[bold]
    total = 0
    for ch in text:
        width = table.get(ch) or _OTHER.get(ch)
        if width is None:
            base = unicodedata.normalize("NFD", ch)[:1]
            width = table.get(base, 600) if base != ch else 600
        total += width
    return total * size / 1000


LEGIBLE = 10.0  # the smallest font size (px at 1:1, squeeze included) of a text a player reads


@dataclass(frozen=True)
class Fit:
    """How a text is drawn in its box: its font ``size``, and ``length`` (the SVG ``textLength``) when it
    is squeezed into the box; ``natural`` is its width at ``size`` unsqueezed; ``fits``: whether it stays
    inside the box (a text squeezed no further than legible may not)."""

    size: float
    length: float | None
    natural: float
    fits: bool = True

    @property
    def effective(self) -> float:
        """The font size as the eye reads it: ``size``, narrowed by the squeeze."""
        return self.size if self.length is None else self.size * min(1.0, self.length / self.natural)


def fit_text(
    text: str,
    size: float,
    room: float,
    *,
    bold: bool = False,
    least: float | None = None,
    legible: float = LEGIBLE,
    wider: float = 1.0,
) -> Fit:
    """``text`` fitted into ``room``: at ``size`` when it fits; else in a smaller font, down to ``least``
    (default ``size``: no smaller); else at ``least`` squeezed into ``room``, but never narrower than a font
    of ``legible`` px (such a text runs past its box, which the boards' tests catch). ``wider`` scales
    :func:`text_width` for a font wider than Arial."""
    natural = text_width(text, size, bold) * wider
    if natural <= room:
        return Fit(size, None, natural)
    smallest = min(size, size if least is None else least)
    # width grows with the size: the largest size that fits, to a tenth of a pixel, rounded down
    shrunk = max(smallest, math.floor(size * room / natural * 10) / 10)
    natural = text_width(text, shrunk, bold) * wider
    if natural <= room + 0.05:
        return Fit(shrunk, None, natural)
    # the squeezed width rounded up to a tenth: as written, it stays at least as wide as legible
    length = math.ceil(max(room, natural * min(1.0, legible / shrunk)) * 10) / 10
    return Fit(shrunk, length, natural, length <= room + 0.1)


def fits_legibly(
    text: str, room: float, *, bold: bool = False, legible: float = LEGIBLE, wider: float = 1.0
) -> bool:
    """Whether :func:`fit_text` can fit ``text`` into ``room`` (squeezing it no narrower than ``legible``
    px), to choose another layout (two lines) before drawing it."""
    return text_width(text, legible, bold) * wider <= room + 0.1


def shortened(
    text: str, room: float, *, bold: bool = False, legible: float = LEGIBLE, wider: float = 1.0
) -> str:
    """``text``, or as much of it as fits ``room`` at ``legible`` px followed by '…' (a player's long name:
    the tooltip has it whole)."""
    if text_width(text, legible, bold) * wider <= room:
        return text
    cut = len(text)
    while cut > 1 and text_width(text[:cut].rstrip() + "…", legible, bold) * wider > room:
        cut -= 1
    return text[:cut].rstrip() + "…"


def halves(text: str, size: float, bold: bool = False) -> tuple[str, str] | None:
    """``text`` split at a space into two lines as even as can be (None: one word), for a text that does not
    fit its box legibly on one line."""
    words = text.split(" ")
    if len(words) < 2:
        return None
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return min(splits, key=lambda t: max(text_width(t[0], size, bold), text_width(t[1], size, bold)))
