"""Whose point of view a move is told from: the seat that makes it ("Place a worker on the Farm (yours)") or
someone else ("seat 2 places a worker on the Farm (their own)"), and how seats are named.

:meth:`masterbuilder.core.state.State.describe_action` takes a ``reader`` and seat ``names`` and hands the
game a :class:`Voice` built from them; the game words the move through it. The same names serve the event
lines (:mod:`masterbuilder.ui.events`), so that a seat is called the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from masterbuilder.core.i18n import shell as _

ACTOR: Final = "actor"
"""The default reader of a move's description: the seat making it (the wording of a menu of moves)."""

Reader = int | None | Literal["actor"]
"""Who reads a description: a seat, ``None`` for a spectator (nobody is 'you'), or :data:`ACTOR`."""


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """``names[seat]`` when it is given and not empty, else 'seat 2'."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else _("seat {n}", n=seat)


@dataclass(frozen=True)
class Voice:
    """How to word a move of ``actor`` for ``reader`` (``None``: a spectator), naming seats by ``names``."""

    actor: int
    reader: int | None
    names: tuple[str, ...] = ()

    @property
    def own(self) -> bool:
        """The reader makes the move: the second person, as in a menu of moves ('Place a worker')."""
        return self.reader == self.actor

    def name(self, seat: int) -> str:
        """'you' for the reader, else the seat's name."""
        # i18n: the reader of a move, where a seat's name would stand ('you', as in 'you take 1 wood')
        return _("you") if seat == self.reader else seat_name(seat, self.names)

    def act(self, own: str, other: str, /, **fields: Any) -> str:
        """A move as a whole sentence, in the current language: ``own`` as the actor reads it ('Take 1
        {cube}'), ``other`` for anyone else, with ``{actor}`` the actor's name ('{actor} takes 1 {cube}').
        Both are translated templates (``_("Take 1 {cube}")``); ``fields`` fill them. Whole sentences,
        not a verb conjugated here, because no other language builds its third person like English."""
        if self.own:
            return own.format(**fields)
        return other.format(actor=self.name(self.actor), **fields)

    def your(self, seat: int | None = None) -> str:
        """The possessive before a noun: 'your' (the reader's), 'their' (the actor's), 'seat 1's'."""
        who = self.actor if seat is None else seat
        if who == self.reader:
            # i18n: a possessive before a noun: 'your residence'
            return _("your")
        # i18n: 'their' is the actor's own (a possessive before a noun); '{name}'s' another seat's
        return _("their") if who == self.actor else _("{name}'s", name=self.name(who))

    def whose(self, owner: int) -> str:
        """The possessive on its own: 'yours', 'their own' (the actor's), 'seat 1's'."""
        if owner == self.reader:
            # i18n: a possessive standing alone, after a building: 'the Farm (yours)'
            return _("yours")
        # i18n: standing alone after a building: 'the Farm (their own)', the actor's own building
        return _("their own") if owner == self.actor else _("{name}'s", name=self.name(owner))

    def you(self) -> str:
        """The actor as the subject of a clause: 'you', or 'they'."""
        # i18n: the actor as the subject of a clause: 'you lose 2 PP' / 'they lose 2 PP'
        return _("you") if self.own else _("they")


def voice_for(actor: int | None, reader: Reader, names: Sequence[str], players: int) -> Voice:
    """The voice for a move of ``actor``; ValueError for a reader that is not a seat of the game. After
    the end (``actor`` is ``None``) nobody acts: the actor is -1 ('seat -1' is never named, as games
    describe no move then)."""
    if isinstance(reader, int) and not isinstance(reader, bool):
        if not 0 <= reader < players:
            raise ValueError(f"There is no seat {reader} in a {players}-player game.")
    elif reader is not None and reader != ACTOR:
        raise ValueError(f"reader must be a seat, None (a spectator) or {ACTOR!r}, not {reader!r}.")
    who = -1 if actor is None else actor
    return Voice(who, who if reader == ACTOR else reader, tuple(names))
