"""The State protocol every game implements, with the parts that are the same for all games.

A game subclasses :class:`State` and provides the rules through a handful of small methods
(``legal_action_ids``, ``illegal_reason``, ``_apply_legal``, ``action_label``, ...). Everything a caller
uses (``legal_actions``, ``apply`` by Action, id or label, ``record``, JSON) is written once, here.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol

from masterbuilder.core.action import Action
from masterbuilder.core.errors import IllegalAction
from masterbuilder.core.excerpt import excerpt
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.voice import ACTOR, Reader, Voice, voice_for

JSON_FORMAT_VERSION: Final = 1


class _Registered(Protocol):
    """What :meth:`State.from_json` needs of a registered game (a ``GameInfo``)."""

    @property
    def name(self) -> str: ...
    @property
    def state_class(self) -> type[State]: ...
    def check_players(self, players: Any) -> int: ...
    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]: ...
    def piece(self, name: str) -> Any: ...
    @property
    def create(self) -> Callable[[int, int, dict[str, Any]], State]: ...


# Filled by masterbuilder.core.registry.register, so that this module needs nothing from the registry.
_REGISTERED: dict[str, _Registered] = {}


def register_state_class(info: _Registered) -> None:
    _REGISTERED[info.name] = info


def unknown_game(name: Any, known: list[str]) -> ValueError:
    return ValueError(
        _(
            "Unknown game {name}; the known games are: {known}.",
            name=excerpt(name),
            known=", ".join(sorted(known)),
        )
    )


def check_integer(value: Any, what: str) -> int:
    """``value`` if it is an int (not a bool); else a ValueError naming ``what``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} must be an integer, not {excerpt(value)}.")
    return value


def _registered(name: Any) -> _Registered:
    if not isinstance(name, str) or name not in _REGISTERED:
        raise unknown_game(name, list(_REGISTERED))
    return _REGISTERED[name]


class State(ABC):
    """A game in progress: who is to act, what they may do, and the result of doing it."""

    game: ClassVar[str]
    num_players: int
    seed: int
    options: dict[str, Any]
    _history: list[int]

    # ---- rules, provided by each game -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """Seat whose decision it is; None once the game is over."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def legal_action_ids(self) -> list[int]:
        """Ids of the legal actions, in a fixed order; empty only when the game is over."""

    @abstractmethod
    def illegal_reason(self, action_id: object) -> str | None:
        """None if ``action_id`` is legal now, else a sentence saying why not (for any object: public entry
        points take ``object`` and check it themselves, so that the compiled build refuses bad input the same
        way as the pure-Python one, never with a TypeError)."""

    @abstractmethod
    def _apply_legal(self, action_id: int) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def action_label(self, action_id: int) -> str:
        """Short text naming the action, unique among the legal actions of any state."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Current score of each seat (final once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats tied for first once the game is over; empty before."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def view(self, seat: object) -> dict[str, Any]:
        """Everything ``seat`` may see and nothing more, JSON-ready; ``None`` is a spectator."""

    @abstractmethod
    def _state_dict(self) -> dict[str, Any]:
        """The game-specific part of :meth:`to_json`."""

    @classmethod
    @abstractmethod
    def _from_state_dict(
        cls, players: int, seed: int, options: dict[str, Any], history: list[int], data: dict[str, Any]
    ) -> State:
        """Rebuild a state from :meth:`_state_dict` output."""

    def resample_hidden(self, seat: object, seed: object) -> State:
        """A copy in which everything ``seat`` cannot see is drawn again (seeded), consistent with all it
        has seen: for search that must not peek (information-set MCTS, OpenSpiel's
        ``resample_from_infostate``). The copy's ``history`` is the original's; it is a hypothetical
        position, not a replay of it. Games with nothing hidden from ``seat`` return a clone."""
        self.check_seat(seat, spectator=False)
        check_integer(seed, "The seed")
        return self.clone()

    def check_seat(self, seat: Any, spectator: bool = True) -> None:
        """ValueError unless ``seat`` is a seat of this game (or None, a spectator, if ``spectator``):
        the argument check of ``view`` and ``resample_hidden``."""
        if seat is None and spectator:
            return
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.num_players:
            raise ValueError(f"There is no seat {excerpt(seat)} in a {self.num_players}-player game.")

    def describe_action(self, action_id: int, reader: Reader = ACTOR, names: Sequence[str] = ()) -> str:
        """A longer sentence for people, for the move of the seat to act, as ``reader`` reads it.

        ``reader``: the seat making the move (:data:`ACTOR`, the default) reads it in the second person
        ('Place a worker on the Farm (yours)'); another seat, or ``None`` (a spectator), in the third
        ('seat 2 places a worker on the Farm (their own)'), where 'you' is the reader. ``names[s]`` names
        seat ``s`` ('seat 2' when not given). Once the game is over, the label."""
        wording = voice_for(self.current_player, reader, names, self.num_players)
        if self.current_player is None and not wording.own:
            return self.action_label(action_id)
        return self._describe(action_id, wording)

    def _describe(self, action_id: int, voice: Voice) -> str:
        """The description of a legal or illegal action of the seat to act; games override it where the
        label is terse."""
        label = self.action_label(action_id)
        return label if voice.own else f"{voice.name(voice.actor)}: {label}"

    # ---- the shared API ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        seat = self.current_player
        if seat is None:
            return []
        label = self.action_label
        return [Action(a, label(a), seat) for a in self.legal_action_ids()]

    def resolve(self, action: object) -> int:
        """The action id meant by an Action, an id or a label; IllegalAction if it is not legal now."""
        seat = self.current_player
        if seat is None:
            raise IllegalAction(_("The game is over; no more actions can be taken."))
        if isinstance(action, Action):
            # the fields as objects: a hand-made Action may hold anything, and the compiled build would
            # refuse a typed field that isn't its type with a TypeError
            fields: tuple[object, ...] = tuple(action)
            given_id, given_label, given_seat = fields
            if not isinstance(given_id, int) or isinstance(given_id, bool):
                raise IllegalAction(_("{value} is not an action id.", value=excerpt(given_id)))
            if not isinstance(given_seat, int) or isinstance(given_seat, bool) or given_seat != seat:
                raise IllegalAction(
                    _("It is seat {seat}'s turn, not seat {other}'s.", seat=seat, other=excerpt(given_seat))
                )
            reason = self.illegal_reason(given_id)
            if reason is not None:
                raise IllegalAction(reason)
            if given_label != self.action_label(given_id):
                raise IllegalAction(
                    _("Action id {id} is not labelled {label}.", id=given_id, label=excerpt(given_label))
                )
            return given_id
        elif isinstance(action, bool):
            raise IllegalAction(_("{value} is not an action.", value=repr(action)))
        elif isinstance(action, int):
            action_id = action
        elif isinstance(action, str):
            text = action.strip()
            for a in self.legal_action_ids():
                if self.action_label(a) == text:
                    return a
            raise IllegalAction(_("No legal action is labelled {label}.", label=excerpt(text)))
        else:
            raise IllegalAction(
                _("{value} is not an action, an action id or a label.", value=excerpt(action))
            )
        reason = self.illegal_reason(action_id)
        if reason is not None:
            raise IllegalAction(reason)
        return action_id

    def apply(self, action: object) -> None:
        """Take an action. Raises IllegalAction, changing nothing, if it is not legal."""
        action_id = self.resolve(action)
        self._apply_legal(action_id)
        self._history.append(action_id)

    @property
    def history(self) -> list[int]:
        """Ids of the actions taken so far (a copy)."""
        return list(self._history)

    def record(self) -> dict[str, Any]:
        """A replay: rebuilding with :func:`masterbuilder.load_record` gives the same state."""
        return {
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self._history),
        }

    def to_json(self) -> str:
        """The full state (hidden information included) as JSON text; see docs/state-json.md."""
        doc = {
            "format": JSON_FORMAT_VERSION,
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self._history),
            "state": self._state_dict(),
        }
        return json.dumps(doc, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def from_json(text: object, *, replay: object = True) -> State:
        """Rebuild any game's state from :meth:`to_json` output, checking it as untrusted input: the
        schema, the game's integrity rules and (unless ``replay=False``) that its ``actions`` replay from
        the seed to exactly this state. Anything else raises ValueError naming the field; see
        docs/state-json.md. ``replay=False`` is for positions set up by code, which no actions lead to."""
        from masterbuilder.core.validation import state_from_json

        return state_from_json(text, _registered, bool(replay), JSON_FORMAT_VERSION)  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} game={self.game} players={self.num_players} seed={self.seed} "
            f"actions={len(self._history)} to_move={self.current_player}>"
        )
