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

_ES_ENDINGS = ("s", "sh", "ch", "x", "z", "o")


def seat_name(seat: int, names: Sequence[str] = ()) -> str:
    """``names[seat]`` when it is given and not empty, else 'seat 2'."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else _("seat {n}", n=seat)


def third_person(verb: str) -> str:
    """'Place a worker' -> 'places a worker', 'pass' -> 'passes', 'do not use' -> 'does not use'."""
    word, space, rest = verb.partition(" ")
    word = word[:1].lower() + word[1:]
    if word.endswith(_ES_ENDINGS):
        word += "es"
    elif word.endswith("y") and word[-2:-1] not in ("a", "e", "o", "u"):
        word = word[:-1] + "ies"
    else:
        word += "s"
    return word + space + rest


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
        return _("you") if seat == self.reader else seat_name(seat, self.names)

    def act(self, own: str, other: str, /, **fields: Any) -> str:
        """A move as a whole sentence, in the current language: ``own`` as the actor reads it ('Take 1
        {cube}'), ``other`` for anyone else, with ``{actor}`` the actor's name ('{actor} takes 1 {cube}').
        Both are translated templates (``_("Take 1 {cube}")``); ``fields`` fill them. Whole sentences,
        not a verb conjugated here, because no other language builds its third person like English."""
        if self.own:
            return own.format(**fields)
        return other.format(actor=self.name(self.actor), **fields)

    def say(self, verb: str, rest: str = "") -> str:
        """The move as a sentence: 'Place' + ' a worker' is 'Place a worker' for the actor and 'seat 2
        places a worker' for anyone else. ``verb`` is written as the actor reads it (its case kept)."""
        if self.own:
            return verb + rest
        return f"{self.name(self.actor)} {third_person(verb)}{rest}"

    def tell(self, text: str) -> str:
        """:meth:`say` with the verb the first word of ``text``: 'Take 1 wood', 'seat 2 takes 1 wood'."""
        verb, space, rest = text.partition(" ")
        return self.say(verb, space + rest)

    def verb(self, verb: str) -> str:
        """A verb of the actor after the subject: 'put' for the actor, 'puts' for anyone else."""
        return verb if self.own else third_person(verb)

    def your(self, seat: int | None = None) -> str:
        """The possessive before a noun: 'your' (the reader's), 'their' (the actor's), 'seat 1's'."""
        who = self.actor if seat is None else seat
        if who == self.reader:
            return _("your")
        return _("their") if who == self.actor else _("{name}'s", name=self.name(who))

    def whose(self, owner: int) -> str:
        """The possessive on its own: 'yours', 'their own' (the actor's), 'seat 1's'."""
        if owner == self.reader:
            return _("yours")
        return _("their own") if owner == self.actor else _("{name}'s", name=self.name(owner))

    def you(self) -> str:
        """The actor as the subject of a clause: 'you', or 'they'."""
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
