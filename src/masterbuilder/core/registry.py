"""The registry of games: what exists, its options, and how to start or rebuild one."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from masterbuilder.core.excerpt import excerpt
from masterbuilder.core.i18n import Text
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.state import State, check_integer, register_state_class, unknown_game

SEED_RANGE: Final = range(-(1 << 63), 1 << 64)  # seeds are 64-bit: a signed or an unsigned 64-bit integer

# The pieces a game may offer, by the names the generic layers ask for (each optional):
PIECES: Final = {
    "terminal": "its table in the terminal: a masterbuilder.ui.renderers.Renderer",
    "events": "what a move set off, in words: a masterbuilder.ui.events.Summariser",
    "board": "its board for the web table: a masterbuilder.core.board.Draw",
    "observation": "its blocks of the research encoding: a masterbuilder.interop.observation.Encoding",
    "search": "its settings of the search bot: a masterbuilder.agents.mcts.SearchSettings",
    "adapters": "its settings of the research adapters: a masterbuilder.interop.settings.AdapterSettings",
    "schema": "the schema of the 'state' field of its state documents: a pydantic model, for from_json",
    "panel": "its player panels on the web table: a masterbuilder.core.panel.Panel",
}


@dataclass(frozen=True)
class BotInfo:
    """A bot a game offers (its heuristic), imported on first use."""

    name: str
    description: str
    factory: str  # "module:attribute" in the game's package: a function (game, seed) -> Agent
    presets: Mapping[str, str] = field(default_factory=dict)  # preset name -> "module:attribute"


@dataclass(frozen=True)
class Option:
    """One game option: its default, the values it accepts, and what it means."""

    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    doc: str = ""

    def check(self, name: str, value: object) -> Any:
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(self.default):
                raise ValueError(
                    _(
                        "Option {name} must be one of {choices}, not {value}.",
                        name=repr(name),
                        choices=list(self.choices),
                        value=excerpt(value),
                    )
                )
            return value
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(
                    _("Option {name} must be an integer, not {value}.", name=repr(name), value=excerpt(value))
                )
            if self.minimum is not None and value < self.minimum:
                raise ValueError(
                    _(
                        "Option {name} must be at least {minimum}, not {value}.",
                        name=repr(name),
                        minimum=self.minimum,
                        value=value,
                    )
                )
            if self.maximum is not None and value > self.maximum:
                raise ValueError(
                    _(
                        "Option {name} must be at most {maximum}, not {value}.",
                        name=repr(name),
                        maximum=self.maximum,
                        value=value,
                    )
                )
            return value
        if type(value) is not type(self.default):
            raise ValueError(
                _(
                    "Option {name} must be a {type}, not {value}.",
                    name=repr(name),
                    type=type(self.default).__name__,
                    value=excerpt(value),
                )
            )
        return value


@dataclass(frozen=True)
class GameInfo:
    """What the project knows about one game before any state exists."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Option]
    state_class: type[State]
    create: Callable[[int, int, dict[str, Any]], State]
    distinct_actions: Callable[[int, dict[str, Any]], int]
    extra: Mapping[str, Any] = field(default_factory=dict)
    # What else the game offers (see PIECES), imported on first use so that registering a game stays cheap
    # and pulls in neither Rich nor numpy: piece name -> "module:attribute" inside the game's package
    # (``package``), e.g. "board": "board:draw". ``bots``: the game's own bots (its heuristic).
    package: str = ""
    pieces: Mapping[str, str] = field(default_factory=dict)
    bots: tuple[BotInfo, ...] = ()

    def __post_init__(self) -> None:
        unknown = sorted(set(self.pieces) - set(PIECES))
        if unknown:
            known = ", ".join(sorted(PIECES))
            raise ValueError(f"{self.title} offers an unknown piece {unknown[0]!r} (known: {known}).")

    def piece(self, name: str) -> Any:
        """The game's piece ``name`` (its board drawing, terminal renderer, ...), or None if it has none."""
        where = self.pieces.get(name)
        return None if where is None else self.load(where)

    def load(self, where: str) -> Any:
        """The object at ``"module:attribute"`` inside the game's package."""
        module, _sep, attribute = where.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), attribute)

    @property
    def local_title(self) -> str:
        """The title in the current language: the name of the game's edition in that language, where it
        has one (The Builders: Middle Ages is «Budowniczowie: Średniowiecze» in Polish)."""
        return Text(self.name)(self.title)

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: object) -> int:
        if not isinstance(players, int) or isinstance(players, bool) or players not in self.player_range:
            raise ValueError(
                _(
                    "{game} is for {low} to {high} players, not {value}.",
                    game=self.title,
                    low=self.min_players,
                    high=self.max_players,
                    value=excerpt(players),
                )
            )
        return players

    def resolve_options(self, options: object) -> dict[str, Any]:
        """Options with defaults filled in; ValueError for an unknown option or a bad value."""
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(
                _("Options must be a mapping of option names to values, not {value}.", value=excerpt(options))
            )
        given = dict(options or {})
        for key in given:
            if not isinstance(key, str):
                raise ValueError(_("Option names are strings, not {value}.", value=excerpt(key)))
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            if self.options:
                raise ValueError(
                    _(
                        "{game} has no option {name} (its options: {known}).",
                        game=self.title,
                        name=excerpt(unknown[0]),
                        known=", ".join(sorted(self.options)),
                    )
                )
            raise ValueError(
                _(
                    "{game} has no option {name} (its options: none).",
                    game=self.title,
                    name=excerpt(unknown[0]),
                )
            )
        return {name: opt.check(name, given.get(name, opt.default)) for name, opt in self.options.items()}

    def num_distinct_actions(self, players: object, options: object = None) -> int:
        """Size of the fixed action encoding for this player count and options."""
        return self.distinct_actions(self.check_players(players), self.resolve_options(options))


GAMES: Final[dict[str, GameInfo]] = {}


def register(info: GameInfo) -> None:
    if info.name in GAMES:
        raise ValueError(f"Game {info.name!r} is already registered.")
    GAMES[info.name] = info
    register_state_class(info)


def game_piece(game: str, name: str) -> Any:
    """The piece ``name`` of the registered game ``game`` (see PIECES); None for an unknown game or a game
    without that piece."""
    info = GAMES.get(game)
    return None if info is None else info.piece(name)


def games_offering(name: str) -> list[str]:
    """The registered games that offer the piece ``name``, in registration order."""
    return [game for game, info in GAMES.items() if name in info.pieces]


def game_info(name: object) -> GameInfo:
    if not isinstance(name, str) or name not in GAMES:
        raise unknown_game(name, list(GAMES))
    return GAMES[name]


def new_game(game: object, players: object = 2, seed: object = 0, options: object = None) -> State:
    """Start a game. ValueError for an unknown game, a player count or an option out of range (the
    arguments are typed ``object`` and checked here, so that the compiled build refuses the same way)."""
    info = game_info(game)
    count = info.check_players(players)
    number = check_integer(seed, "The seed")
    if number not in SEED_RANGE:
        raise ValueError(
            _("The seed must be a 64-bit integer (-2**63 to 2**64 - 1), not {value}.", value=excerpt(seed))
        )
    return info.create(count, number, info.resolve_options(options))


def load_record(record: object) -> State:
    """Rebuild a game by replaying a record made by :meth:`State.record`.

    ValueError (IllegalAction for a bad move, naming its position) if the record does not replay.
    """
    if not isinstance(record, Mapping):
        raise ValueError(_("A record must be a JSON object."))
    try:
        game, players, seed = record["game"], record["players"], record["seed"]
        options, actions = record.get("options", {}), record["actions"]
    except KeyError as exc:
        raise ValueError(_("The record has no {field} field.", field=repr(exc.args[0]))) from exc
    if not isinstance(actions, list):
        raise ValueError(_("The record's 'actions' must be a list of action ids."))
    state = new_game(game, players=players, seed=seed, options=options)
    for index, action in enumerate(actions):
        if not isinstance(action, int) or isinstance(action, bool):
            raise ValueError(
                _(
                    "Move {number} of the record is {value}, not an action id.",
                    number=index + 1,
                    value=excerpt(action),
                )
            )
        reason = state.illegal_reason(action)
        if reason is not None:
            from masterbuilder.core.errors import IllegalAction

            raise IllegalAction(
                _(
                    "Move {number} of the record (action id {id}) is illegal: {reason}",
                    number=index + 1,
                    id=excerpt(action),
                    reason=reason,
                )
            )
        state.apply(action)
    return state
