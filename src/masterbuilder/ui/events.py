"""What happened: short lines on what a move set off, for people watching the table.

Many things happen between two decisions without anybody choosing them (Caylus: income, the trading post,
the bailiff, the castle scorings; The Builders: a completed building paying out). Each game offers a
summariser (its piece ``"events"``, in its ``events`` module) that says, in a few lines, what one applied
action set off beyond what the action itself says: from the events the engine records when asked (Caylus:
the summariser replays the move on a copy of the state before it, with the engine's log on), else by
comparing the table before and after (The Builders). A summariser changes neither state, so one move can be
put into words once per language. The terminal prints these lines under the move, in the recap people
get, and in replays, naming the seats as its move lines do. A game without a summariser gets no lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from masterbuilder.core.i18n import join
from masterbuilder.core.registry import game_piece
from masterbuilder.core.state import State


class Summariser(Protocol):
    def __call__(self, before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
        """The events of ``action`` taken in ``before`` (a copy kept for this), giving ``after``.

        One line per kind of event, in the order they happened; the action's own, announced effects
        (paying for a placement, taking coins) are left out. ``names[s]`` names seat ``s`` as the moves do
        (``describe_action``'s names; 'seat 2' when not given)."""
        ...


def log_events(state: State) -> None:
    """Have ``state`` record what its automatic steps do, if its game keeps such a log (for tools that read
    the events themselves: the summarisers replay the move instead, so they need not). Called again, it
    drops what was recorded so far."""
    switch = getattr(state, "log_events", None)
    if callable(switch):
        switch()


def _nothing(before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
    return []


def summariser_for(game: str) -> Summariser:
    """The game's summariser (its piece ``"events"``); one that says nothing for a game without one."""
    summariser: Summariser | None = game_piece(game, "events")
    return summariser if summariser is not None else _nothing


def summarise(before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
    """The events of one move, by the game's summariser (none for a game without one), naming seat ``s``
    ``names[s]`` ('seat 2' when not given)."""
    return summariser_for(after.game)(before, action, after, names)


# ---- wording shared by the games' summarisers ------------------------------------------------------------
def signed(n: int) -> str:
    """'+3', '−2' (a real minus sign), '0'."""
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def amount(n: int, unit: str) -> str:
    """'+3 deniers', '+1 denier', '−2 PP', '+1 food' (units ending in 's' lose it for one)."""
    word = unit[:-1] if abs(n) == 1 and unit.endswith("s") else unit
    return f"{signed(n)} {word}"


def and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c' (in the current language)."""
    if len(items) <= 1:
        return "".join(items)
    return join(items)
