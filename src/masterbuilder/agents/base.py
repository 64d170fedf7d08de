"""What every bot is: something that picks a legal action id for the seat to move.

The registry is keyed by name, and one name may be registered once per game: ``heuristic`` is one bot
for The Builders and another for Caylus. ``make_agent(name, game, seed)`` picks the registration for the
game; a registration for every game (``games=None``) is the fallback for games with no bot of their own.

A registration may have named presets: ``name:preset`` (``mcts:hard``) is the same bot with other settings.
``agent_spec``, ``make_agent`` and ``agents_for`` understand the syntax; ``agents_for`` lists every preset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import GAMES, BotInfo, GameInfo
from masterbuilder.core.state import State


class Agent(Protocol):
    """A bot. ``choose`` is called only when ``state.current_player`` is the agent's seat and must return
    one of ``state.legal_action_ids()``. It must not change ``state`` (clone it to look ahead)."""

    name: str

    def choose(self, state: State) -> int: ...


AgentFactory = Callable[[str, int], Agent]  # (game, seed) -> agent


@dataclass(frozen=True)
class AgentSpec:
    """One registration: a bot under ``name`` for ``games``."""

    name: str
    description: str
    games: frozenset[str] | None  # None: every game
    factory: AgentFactory
    presets: Mapping[str, AgentFactory] = field(default_factory=dict)  # "name:preset" -> factory


@dataclass
class AgentEntry:
    """Everything registered under one name, in registration order (at most one per game)."""

    name: str
    specs: list[AgentSpec] = field(default_factory=list)

    def spec_for(self, game: str) -> AgentSpec | None:
        """The registration that plays ``game``: the one naming the game, else one for every game."""
        for spec in self.specs:
            if spec.games is not None and game in spec.games:
                return spec
        for spec in self.specs:
            if spec.games is None:
                return spec
        return None

    @property
    def games(self) -> frozenset[str] | None:
        """The games this name plays; None if one registration plays every game."""
        if any(spec.games is None for spec in self.specs):
            return None
        return frozenset().union(*(spec.games or () for spec in self.specs))

    @property
    def description(self) -> str:
        """The description, or each game's description when the name means several bots."""
        if len(self.specs) == 1:
            return self.specs[0].description
        parts = []
        for spec in self.specs:
            where = "other games" if spec.games is None else ", ".join(sorted(spec.games))
            parts.append(f"{where}: {spec.description}")
        return "; ".join(parts)


AGENTS: dict[str, AgentEntry] = {}


def register_agent(
    name: str,
    description: str,
    factory: AgentFactory,
    games: frozenset[str] | None = None,
    presets: Mapping[str, AgentFactory] | None = None,
) -> None:
    """Register a bot. ValueError if ``name`` is already registered for one of ``games``, or if ``name``
    or a preset contains ``:``. ``presets`` maps preset names to factories, for ``name:preset``."""
    reserved = (PRESET_SEP, COPY_SEP)
    if any(c in name for c in reserved) or any(c in p or not p for p in presets or () for c in reserved):
        raise ValueError(f"Bot and preset names may not contain ':' or '#' or be empty: {name!r}.")
    entry = AGENTS.setdefault(name, AgentEntry(name))
    for spec in entry.specs:
        if spec.games is None or games is None:
            clash = games is None and spec.games is None
        else:
            clash = bool(spec.games & games)
        if clash:
            where = "every game" if games is None else ", ".join(sorted(games & (spec.games or games)))
            raise ValueError(f"Agent {name!r} is already registered for {where}.")
    entry.specs.append(AgentSpec(name, description, games, factory, dict(presets or {})))


def _game_bot(info: GameInfo, where: str) -> AgentFactory:
    def make(game: str, seed: int) -> Agent:
        factory: AgentFactory = info.load(where)
        return factory(game, seed)

    return make


_GAMES_WITH_BOTS: set[str] = set()


def register_game_bots() -> None:
    """Register the bots each registered game offers (``GameInfo.bots``), once per game; their modules are
    imported when a bot is first made."""
    for info in list(GAMES.values()):
        if info.name in _GAMES_WITH_BOTS:
            continue
        _GAMES_WITH_BOTS.add(info.name)
        bot: BotInfo
        for bot in info.bots:
            presets = {p: _game_bot(info, where) for p, where in bot.presets.items()}
            register_agent(
                bot.name, bot.description, _game_bot(info, bot.factory), frozenset({info.name}), presets
            )


PRESET_SEP = ":"
COPY_SEP = "#"  # "heuristic#2": the heuristic bot, as a distinct entrant (a tournament of one bot vs copies)


def agent_spec(name: str, game: str) -> AgentSpec | None:
    """The registration of bot ``name`` for ``game``; None if there is none. For ``name:preset`` a spec
    named so, whose factory makes the preset (None if the bot has no such preset). A copy label
    (``heuristic#2``) is ignored: it tells entrants apart, not bots."""
    register_game_bots()
    name = name.partition(COPY_SEP)[0]
    base, sep, preset = name.partition(PRESET_SEP)
    entry = AGENTS.get(base)
    spec = None if entry is None else entry.spec_for(game)
    if spec is None or not sep:
        return spec
    factory = spec.presets.get(preset)
    if factory is None:
        return None
    return AgentSpec(name, f"{spec.description} ({preset} preset)", spec.games, factory)


def agents_for(game: str) -> list[str]:
    """Names of the bots that can play ``game``, each preset as ``name:preset`` after its bot."""
    register_game_bots()
    names: list[str] = []
    for n in sorted(AGENTS):
        spec = AGENTS[n].spec_for(game)
        if spec is not None:
            names.append(n)
            names.extend(f"{n}{PRESET_SEP}{p}" for p in spec.presets)
    return names


def make_agent(name: str, game: str, seed: int) -> Agent:
    """A fresh bot by name (or ``name:preset``). ValueError naming the bots available for the game, or
    the bot's presets, if unknown."""
    spec = agent_spec(name, game)
    if spec is None:
        base, sep, preset = name.partition(COPY_SEP)[0].partition(PRESET_SEP)
        entry = AGENTS.get(base)
        base_spec = None if entry is None else entry.spec_for(game)
        if sep and base_spec is not None:
            if base_spec.presets:
                known = ", ".join(base_spec.presets)
                raise ValueError(
                    _(
                        "Unknown preset {preset} of bot {bot}; its presets are: {known}.",
                        preset=repr(preset),
                        bot=repr(base),
                        known=known,
                    )
                )
            raise ValueError(
                _("Bot {bot} has no presets (asked for {name}).", bot=repr(base), name=repr(name))
            )
        known = ", ".join(agents_for(game))
        raise ValueError(
            _(
                "Unknown bot {name} for {game}; the bots for {game} are: {known}.",
                name=repr(name),
                game=game,
                known=known,
            )
        )
    return spec.factory(game, seed)
