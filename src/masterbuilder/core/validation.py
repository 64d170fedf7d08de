"""Reading a state document from outside (an upload, a database, a file): :meth:`State.from_json`.

Every document goes through four gates, each refusing with a ``ValueError`` that names the field and what
is wrong (any echoed input cut to a short excerpt):

1. **JSON** — at most :data:`MAX_DOCUMENT_CHARS` characters, nested at most a few levels (pydantic-core's
   parser stops at depth 200), standard JSON only: no ``NaN`` / ``Infinity`` (and ``1e400``, which parses
   as infinity, is no integer).
2. **Schema** — the envelope (:class:`Envelope`: format, game, players, seed, options, actions) and then
   the game's own model of ``state`` (its ``schema`` piece, ``games/<game>/schema.py``): strict types (no
   ``"10"`` or ``10.0`` for an integer, no ``1`` for ``true``), ranges, lengths and which card or tile ids
   may appear where. Pydantic (v2, strict mode) does the checking.
3. **Integrity** — the game's ``integrity_problem()``: the state is consistent (every card in exactly one
   place, points matching buildings, the task stack's tasks and arguments valid).
4. **Replay** (unless ``replay=False``) — the ``actions`` replay from the seed to exactly this state; the
   state returned is the replayed one. ``replay=False`` is for documents the caller's own code wrote
   (set-up positions): it is no check against crafted input.

This module is imported on the first ``from_json`` only, so that ``import masterbuilder`` and ``new_game``
do not load pydantic.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic_core import from_json as parse_json

from masterbuilder.core.excerpt import excerpt
from masterbuilder.core.i18n import integer
from masterbuilder.core.i18n import shell as _

_n = _.plural

MAX_DOCUMENT_CHARS = 16_000_000  # a 4-player Builders game of 10,000 rounds is under 1 MB
MAX_ACTIONS = 1_000_000
MAX_ACTION_ID = 1 << 20  # far above any game's number of distinct actions
SEED_MIN, SEED_MAX = -(1 << 63), (1 << 64) - 1
MAX_NAME = 40


class Envelope(BaseModel):
    """The part of a state document that is the same for every game (docs/state-json.md)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    format: int
    game: Annotated[str, Field(max_length=MAX_NAME)]
    players: Annotated[int, Field(ge=1, le=64)]
    seed: Annotated[int, Field(ge=SEED_MIN, le=SEED_MAX)]
    options: Annotated[
        dict[
            Annotated[str, Field(max_length=MAX_NAME)],
            bool | int | Annotated[str, Field(max_length=MAX_NAME)],
        ],
        Field(max_length=32),
    ]
    actions: Annotated[list[Annotated[int, Field(ge=0, lt=MAX_ACTION_ID)]], Field(max_length=MAX_ACTIONS)]
    state: dict[str, Any]


class _Game(Protocol):
    """What reading a document needs of a registered game (a ``GameInfo``)."""

    @property
    def name(self) -> str: ...
    def check_players(self, players: Any) -> int: ...
    def resolve_options(self, options: Any) -> dict[str, Any]: ...
    def piece(self, name: str) -> Any: ...
    @property
    def state_class(self) -> Any: ...  # a State subclass (this module imports nothing of core.state)
    @property
    def create(self) -> Any: ...  # (players, seed, options) -> a new State


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + excerpt(part, 30, quote=False)
    # i18n: where a problem is in a state document with no field to name
    return out or _("the document")


def schema_error(exc: ValidationError, prefix: tuple[str, ...] = ()) -> ValueError:
    """The first problem pydantic found, as a sentence naming the field."""
    errors = exc.errors(include_url=False, include_context=False)
    first = errors[0]
    where = _path(prefix + tuple(first["loc"]))
    # i18n: the problem as the JSON validator words it (in English)
    problem = first["msg"]
    if first["type"] not in ("missing", "extra_forbidden"):
        problem = _("{problem} (got {value})", problem=problem, value=excerpt(first["input"]))
    if len(errors) > 1:
        return ValueError(
            _n(
                "State JSON field {field}: {problem}; {n} more problem.",
                "State JSON field {field}: {problem}; {n} more problems.",
                len(errors) - 1,
                field=where,
                problem=problem,
            )
        )
    return ValueError(_("State JSON field {field}: {problem}.", field=where, problem=problem))


def parse(text: Any) -> Any:
    """The JSON value of ``text``; ValueError for anything but a bounded, standard JSON text."""
    if isinstance(text, bytearray | memoryview):
        text = bytes(text)
    if not isinstance(text, str | bytes):
        raise ValueError(
            _("A state JSON document must be text (str or bytes), not {type}.", type=type(text).__name__)
        )
    if len(text) > MAX_DOCUMENT_CHARS:
        raise ValueError(
            _("A state JSON document is at most {n} characters long.", n=integer(MAX_DOCUMENT_CHARS))
        )
    try:
        return parse_json(text, allow_inf_nan=False, cache_strings=False)
    except (ValueError, TypeError) as exc:  # TypeError: a str that is no Unicode text (a lone surrogate)
        raise ValueError(
            _("Not valid JSON: {problem}.", problem=excerpt(str(exc), 120, quote=False))
        ) from None


def state_from_json(text: Any, lookup: Any, replay: bool, version: int) -> Any:
    """:meth:`State.from_json` (a State): ``lookup(name)`` is the registered game (ValueError if unknown),
    ``version`` the document format it reads."""
    doc = parse(text)
    if not isinstance(doc, dict):
        raise ValueError(_("A state JSON document must be an object, not {value}.", value=excerpt(doc)))
    if "format" in doc and (doc["format"] != version or isinstance(doc["format"], bool)):
        raise ValueError(
            _(
                "Unsupported state format {value}; expected {version}.",
                value=excerpt(doc["format"]),
                version=version,
            )
        )
    try:
        env = Envelope.model_validate(doc)
    except ValidationError as exc:
        raise schema_error(exc) from None
    info: _Game = lookup(env.game)
    players = info.check_players(env.players)
    options = info.resolve_options(env.options)
    model = info.piece("schema")
    if model is None:
        raise ValueError(_("The game {game} has no schema for its state documents.", game=repr(info.name)))
    try:
        model.model_validate(env.state)
    except ValidationError as exc:
        raise schema_error(exc, ("state",)) from None
    history = list(env.actions)
    try:
        loaded = info.state_class._from_state_dict(players, env.seed, options, history, env.state)
    except ValueError:
        raise
    except (KeyError, TypeError, IndexError, AttributeError) as exc:  # pragma: no cover - the schema's job
        raise ValueError(f"State JSON is inconsistent: {excerpt(repr(exc), 120, quote=False)}") from None
    if not replay:
        return loaded
    return _replayed(info, loaded, env.state)


def _replayed(info: _Game, loaded: Any, data: dict[str, Any]) -> Any:
    """The state the document's actions lead to from its seed, which must be the document's state."""
    state = info.create(loaded.num_players, loaded.seed, loaded.options)
    for index, action in enumerate(loaded.history):
        reason = state.illegal_reason(action)
        if reason is not None:
            raise ValueError(
                _(
                    "State JSON field actions[{index}]: action id {id} is illegal after the moves before "
                    "it ({reason}); the actions do not replay from the seed.",
                    index=index,
                    id=action,
                    reason=reason,
                )
            )
        state.apply(action)
    mine = json.loads(state.to_json())["state"]  # the document's shapes: lists, string keys
    if mine != data:
        field = next((k for k in sorted(set(mine) | set(data)) if mine.get(k) != data.get(k)), "state")
        raise ValueError(
            _n(
                "State JSON field state.{field} is not what the document's {n} action gives when replayed "
                "from seed {seed} (it gives {mine}, the document has {theirs}); pass replay=False to load a "
                "position set up by code.",
                "State JSON field state.{field} is not what the document's {n} actions give when replayed "
                "from seed {seed} (they give {mine}, the document has {theirs}); pass replay=False to load a "
                "position set up by code.",
                len(loaded.history),
                field=field,
                seed=loaded.seed,
                mine=excerpt(mine.get(field)),
                theirs=excerpt(data.get(field)),
            )
        )
    return state
