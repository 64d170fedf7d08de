"""The games as OpenSpiel (``pyspiel``) Python games.

Importing this module registers three games with OpenSpiel::

    import pyspiel
    import masterbuilder.interop.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game("masterbuilder_caylus(players=3)")
    state = game.new_initial_state()          # a chance node: the setup is drawn first

| OpenSpiel name | game | players | information |
|---|---|---|---|
| ``masterbuilder_builders`` | The Builders: Middle Ages | 2–4 | perfect (``deal="reveal"``) or imperfect |
| ``masterbuilder_caylus`` | Caylus | 2–5 | perfect |
| ``masterbuilder_caylus1303`` | Caylus 1303 | 2–5 | imperfect (other seats' prestige is unseen) |

Parameters (every one optional): ``players`` (default: the game's minimum), every option of the game with
its default from ``GAMES[name].options`` (``tiebreak``, ``round_limit``, ``open_worker_deck``; ``edition``,
``favours``; ``characters``), and:

- ``setups`` (default 1000, 1 … 1,000,000) and ``first_seed`` (default 0): the setup chance node.
- ``utility`` (default ``"win_loss"``): how the end of the game is scored, see below.
- ``deal`` (The Builders only, default ``"reveal"``): how the hidden deck order is modelled, see below.

A bad value raises ``ValueError`` (an unknown parameter is refused by OpenSpiel itself).

**Chance.** All the engine's randomness happens at setup, from a seed (``masterbuilder.new_game``). The
first node of every game is an explicit chance node with ``setups`` equally likely outcomes; outcome ``k``
starts ``new_game(game, players, seed=first_seed + k, options)``. The opening is therefore one of
``setups`` openings, not any opening the rules allow (``setups=1`` fixes one seed, e.g. to replay an arena
game). Caylus and Caylus 1303 show everything the seed decides as soon as the game starts, so they are
deterministic after that node. The Builders keeps two decks face down, and a seed decides their whole
order, so a model of "seed, then a deterministic game" would let a player who knows the ``setups`` seeds
recognise the seed from the opening and know every card to come. With ``deal="reveal"`` (the default)
every card that turns face up after the opening is instead a chance node of its own, uniform over the
cards not yet seen (which is the distribution of a shuffled deck): a worker that fills the row after a
hire, and the new top of the building deck after a start (and the new top of the worker deck with the
option ``open_worker_deck``). Nothing is then hidden from anyone, so the game type is perfect
information with explicit chance, like backgammon: MCTS and other perfect-information algorithms are
sound on it. The player's action and the card it reveals are one step in the rules; here the player's
action comes first and the state is a chance node until the card is drawn (the engine applies both at
once when the card is known, so observations at that chance node still show the table before the
action). With ``deal="setup"`` the seed decides the decks as in the engine: the game is imperfect
information (nobody sees the deck order), ``resample_from_infostate`` reshuffles the unseen cards, and
information-set MCTS can be used; the caveat above about recognising the seed applies.

**Utility.** ``utility="win_loss"``: at the end a sole winner gets +1, tied winners 0, everyone else -1
(``winners()`` of the engine, so the Builders' ``tiebreak`` option counts). Zero-sum with 2 players,
general-sum with more. ``utility="margin"``: each seat gets its score minus the mean score of the other
seats, divided by ``max(1, best score)``: zero-sum for any player count, within [-1, 1] (scores are never
negative), but it ignores tie-breaks. Returns are 0 until the game is over (terminal rewards only).

**Length.** ``max_game_length`` counts player decisions (not chance nodes). The Builders: the game ends
after at most ``round_limit`` rounds (the option must be at least 1 here), and a proof from coins and
actions bounds the decisions by ``13 * round_limit * players + 10 * players + 448``. Caylus and Caylus 1303
end by themselves and have no such cheap bound: each game's ``adapters`` module bounds them by the turn
limit times twice the most decisions measured in a turn, 4 to 5 times the longest games measured.

**Observations.** ``observation_tensor`` / ``observation_string`` are
:func:`masterbuilder.interop.observation.encode` and ``observation_string`` of the seat (built from
``view(seat)`` only). ``information_state_string`` is perfect recall: the history for the
perfect-information games; for Caylus 1303 and ``deal="setup"`` the seat's observation of the opening
followed by every decision since (and, with ``deal="setup"``, each card the decision turned face up), so
the setup seed itself is not part of it. ``information_state_tensor`` is not perfect recall: it is the
observation tensor, which suffices for decisions (the hidden deck order is uniformly random given what is
on the table, and the other games hide nothing beyond the history), except that Caylus 1303 appends every
seat's prestige (observer first), which perfect recall of the public actions determines.

``state.core`` is the engine state (:class:`masterbuilder.core.State`); treat it as read-only. Its
``record()`` replays the game only with ``deal="setup"`` or in the Caylus games (with ``deal="reveal"`` the
drawn cards are OpenSpiel chance outcomes, not the seed's deck order); ``serialize()`` /
``game.deserialize_state()`` reproduce any state exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, cast

from masterbuilder.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as exc:
    raise missing_extra(exc, "masterbuilder.interop.openspiel", "openspiel") from None

from masterbuilder.core.registry import GAMES, GameInfo, new_game
from masterbuilder.core.state import State
from masterbuilder.interop import observation as obs
from masterbuilder.interop.settings import AdapterSettings, Chance, adapted_games, adapter_settings

__all__ = [
    "GAME_NAMES",
    "MAX_SETUPS",
    "MasterBuilderGame",
    "MasterBuilderObserver",
    "MasterBuilderState",
    "load",
]

GAME_NAMES: dict[str, str] = {name: f"masterbuilder_{name}" for name in adapted_games()}

DEFAULT_SETUPS = 1000
MAX_SETUPS = 1_000_000
UTILITIES = ("win_loss", "margin")
DEALS = ("reveal", "setup")

_NO_PENDING = -1
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)

# ---- configuration -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Config:
    """One loaded game's parameters. Shared by its states (copying a state does not copy it)."""

    game: str
    players: int
    options: tuple[tuple[str, Any], ...]
    setups: int
    first_seed: int
    utility: str
    deal: str  # "reveal" | "setup" for games with cards turned face up in play (The Builders); "" else

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self

    @property
    def option_dict(self) -> dict[str, Any]:
        return dict(self.options)

    @property
    def settings(self) -> AdapterSettings:
        return adapter_settings(self.game)

    @property
    def chance(self) -> Chance:
        """The game's cards turned face up as chance nodes (only where ``deal`` is given)."""
        chance = self.settings.chance
        assert chance is not None
        return chance

    @property
    def reveals(self) -> bool:
        """Whether cards turned face up are chance nodes (The Builders with deal="reveal")."""
        return self.deal == "reveal"

    @property
    def hidden(self) -> bool:
        """Whether a seat's observations hide something (imperfect information)."""
        return self.settings.hidden_scores or self.deal == "setup"


def _adapter_parameters(name: str) -> dict[str, Any]:
    """The parameters of the OpenSpiel game for ``name`` with their defaults."""
    info = GAMES[name]
    params: dict[str, Any] = {
        "players": info.min_players,
        "setups": DEFAULT_SETUPS,
        "first_seed": 0,
        "utility": UTILITIES[0],
    }
    if adapter_settings(name).chance is not None:
        params["deal"] = DEALS[0]
    for option, spec in info.options.items():
        if option in params:
            raise RuntimeError(f"Option {option!r} of {name!r} clashes with an OpenSpiel adapter parameter.")
        params[option] = spec.default
    return params


def _int_param(params: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = params[key]
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"Parameter {key!r} must be an integer from {low} to {high}, not {value!r}.")
    return value


def _choice_param(params: Mapping[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = params[key]
    if value not in choices:
        raise ValueError(f"Parameter {key!r} must be one of {list(choices)}, not {value!r}.")
    return cast(str, value)


def _config(name: str, params: Mapping[str, Any] | None) -> _Config:
    info = GAMES[name]
    merged = _adapter_parameters(name)
    given = dict(params or {})
    unknown = sorted(set(given) - set(merged))
    if unknown:
        raise ValueError(
            f"{GAME_NAMES[name]} has no parameter {unknown[0]!r} (its parameters: {sorted(merged)})."
        )
    merged.update(given)
    players = info.check_players(merged["players"])
    options = info.resolve_options({k: merged[k] for k in info.options})
    check_options = adapter_settings(name).check_options
    if check_options is not None:
        check_options(options)
    return _Config(
        game=name,
        players=players,
        options=tuple(sorted(options.items())),
        setups=_int_param(merged, "setups", 1, MAX_SETUPS),
        first_seed=_int_param(merged, "first_seed", 0, 2**31 - 1),
        utility=_choice_param(merged, "utility", UTILITIES),
        deal=_choice_param(merged, "deal", DEALS) if "deal" in merged else "",
    )


def _max_game_length(cfg: _Config) -> int:
    return cfg.settings.max_game_length(cfg.players, cfg.option_dict)


def _game_type(name: str, cfg: _Config | None) -> pyspiel.GameType:
    """The GameType of ``name``: registered with the defaults, and per loaded game (``cfg``), since the
    information (The Builders' ``deal``) and the utility (player count) depend on the parameters."""
    info = GAMES[name]
    defaults = _adapter_parameters(name)
    if cfg is None:
        cfg = _config(name, {})
    hidden = cfg.hidden
    zero_sum = cfg.utility == "margin" or cfg.players == 2
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"Master Builder: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if hidden
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.ZERO_SUM if zero_sum else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )


def _game_info(cfg: _Config) -> pyspiel.GameInfo:
    zero_sum = cfg.utility == "margin" or cfg.players == 2
    return pyspiel.GameInfo(
        num_distinct_actions=GAMES[cfg.game].num_distinct_actions(cfg.players, cfg.option_dict),
        max_chance_outcomes=max(cfg.setups, cfg.chance.max_outcomes) if cfg.reveals else cfg.setups,
        num_players=cfg.players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0 if zero_sum else None,
        max_game_length=_max_game_length(cfg),
    )


@lru_cache(maxsize=64)
def _setup_outcomes(setups: int) -> list[tuple[int, float]]:
    p = 1.0 / setups
    return [(k, p) for k in range(setups)]


@lru_cache(maxsize=4096)
def _opening_observation(cfg: _Config, seed: int, seat: int) -> str:
    """What ``seat`` saw of the opening: the same for every world consistent with its information."""
    return obs.observation_string(new_game(cfg.game, cfg.players, seed, cfg.option_dict), seat)


# ---- state -------------------------------------------------------------------------------------------------


class _Box:
    """The mutable part of a state, in one attribute so that OpenSpiel's clone (a deepcopy of the Python
    attributes) is a cheap engine ``clone()``, and its serialisation (a pickle) uses the exact state JSON."""

    __slots__ = ("core", "log", "pending")

    def __init__(self) -> None:
        self.core: State | None = None  # None until the setup chance node
        self.pending = _NO_PENDING  # a Builders hire/start waiting for the card it reveals (deal="reveal")
        self.log: list[str] = []  # deal="setup": each decision and the card it turned face up

    def copy(self) -> _Box:
        c = _Box.__new__(_Box)
        c.core = None if self.core is None else self.core.clone()
        c.pending = self.pending
        c.log = self.log.copy()
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> _Box:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        return {
            "core": None if self.core is None else self.core.to_json(),
            "pending": self.pending,
            "log": list(self.log),
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.core = None if data["core"] is None else State.from_json(data["core"], replay=False)
        self.pending = int(data["pending"])
        self.log = [str(x) for x in data["log"]]


class MasterBuilderState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state wrapping an engine state (``core``), with the setup (and, with ``deal="reveal"``,
    each card turned face up) as chance nodes."""

    def __init__(self, game: MasterBuilderGame) -> None:
        super().__init__(game)
        self._cfg: _Config = game.config
        self._box = _Box()

    # ---- access ------------------------------------------------------------------------------------------
    @property
    def core(self) -> State | None:
        """The engine state (None before the setup chance node). Read it, do not change it."""
        return self._box.core

    @property
    def pending_action(self) -> int | None:
        """The Builders' hire / start whose revealed card the current chance node draws, else None."""
        pending = self._box.pending
        return None if pending == _NO_PENDING else pending

    # ---- the pyspiel.State API ---------------------------------------------------------------------------
    def current_player(self) -> int:
        box = self._box
        core = box.core
        if core is None or box.pending != _NO_PENDING:
            return _CHANCE
        seat = core.current_player
        return _TERMINAL if seat is None else seat

    def is_terminal(self) -> bool:
        core = self._box.core
        return core is not None and core.is_terminal

    def _legal_actions(self, player: int) -> list[int]:
        core = self._box.core
        assert core is not None and player == core.current_player
        return core.legal_action_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        box = self._box
        if box.core is None:
            return _setup_outcomes(self._cfg.setups)
        if box.pending == _NO_PENDING:
            raise ValueError("chance_outcomes() called at a decision node.")
        chance = self._cfg.chance
        deck, unseen, _ = chance.reveal_deck(box.core, chance.reveal_kind(box.core, box.pending))
        cards = sorted(deck[:unseen])
        p = 1.0 / len(cards)
        return [(card, p) for card in cards]

    def _apply_action(self, action: int) -> None:
        action = int(action)
        box = self._box
        cfg = self._cfg
        core = box.core
        if core is None:
            if not 0 <= action < cfg.setups:
                raise ValueError(f"Setup outcome {action} is not in 0..{cfg.setups - 1}.")
            box.core = new_game(cfg.game, cfg.players, cfg.first_seed + action, cfg.option_dict)
            return
        if box.pending != _NO_PENDING:
            self._apply_reveal(core, action)
            return
        if cfg.reveals and cfg.chance.reveal_kind(core, action):
            reason = core.illegal_reason(action)
            if reason is not None:
                raise ValueError(f"Illegal action {action}: {reason}")
            box.pending = action  # the card it reveals is drawn by the chance node that follows
            return
        if cfg.deal == "setup":
            box.log.append(cfg.chance.apply_logged(core, action))
            return
        core.apply(action)

    def _apply_reveal(self, core: State, card: int) -> None:
        box = self._box
        action = box.pending
        chance = self._cfg.chance
        deck, unseen, target = chance.reveal_deck(core, chance.reveal_kind(core, action))
        try:
            where = deck.index(card, 0, unseen)
        except ValueError:
            raise ValueError(f"Card {card} is not an unseen card of that deck.") from None
        deck[where], deck[target] = deck[target], deck[where]
        box.pending = _NO_PENDING
        core.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        core = self._box.core
        if player == _CHANCE:
            if core is None:
                return f"setup seed {self._cfg.first_seed + action}"
            return self._cfg.chance.reveal_label(self._box.pending, action)
        if core is None:
            return str(action)
        return core.action_label(action)

    def returns(self) -> list[float]:
        core = self._box.core
        n = self._cfg.players
        if core is None or not core.is_terminal:
            return [0.0] * n
        if self._cfg.utility == "win_loss":
            winners = core.winners()
            win = 1.0 if len(winners) == 1 else 0.0
            return [win if seat in winners else -1.0 for seat in range(n)]
        scores = core.scores()
        total = sum(scores)
        scale = max(1, *scores)
        return [max(-1.0, min(1.0, (s - (total - s) / (n - 1)) / scale)) for s in scores]

    def __str__(self) -> str:
        box = self._box
        if box.core is None:
            return f"{self._cfg.game}: setup not drawn yet"
        text = box.core.to_json()
        if box.pending != _NO_PENDING:
            text += f"\npending: {box.pending} ({box.core.action_label(box.pending)}), its card not drawn yet"
        return text

    # ---- imperfect information ---------------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> MasterBuilderState:
        """A copy in which what ``player_id`` cannot know is drawn again, consistent with everything it has
        seen (``State.resample_hidden``): The Builders' unseen deck order with ``deal="setup"``; a plain
        copy otherwise (nothing else is unknowable). ``probability_sampler()`` gives a number in [0, 1) that
        seeds the draw. Python callers only: OpenSpiel's C++ algorithms cannot call it on a Python game."""
        if not 0 <= player_id < self._cfg.players:
            raise ValueError(f"There is no player {player_id} in a {self._cfg.players}-player game.")
        copy = cast(MasterBuilderState, self.clone())
        core = self._box.core
        if core is not None and self._box.pending == _NO_PENDING:
            seed = int(float(probability_sampler()) * 2.0**53)
            copy._box.core = core.resample_hidden(player_id, seed)
        return copy

    def information_state_key(self, player: int) -> str:
        """The perfect-recall information state of ``player`` as text (``information_state_string``)."""
        cfg = self._cfg
        core = self._box.core
        if core is None:
            return f"seat {player}: setup not drawn yet"
        if not cfg.hidden:
            return ",".join(str(a) for a in self.history())
        decisions = " ".join(self._box.log) if cfg.deal == "setup" else " ".join(map(str, self.history()[1:]))
        return f"seat {player}\n{_opening_observation(cfg, core.seed, player)}\n{decisions}"


# ---- observer ----------------------------------------------------------------------------------------------


class MasterBuilderObserver:
    """OpenSpiel's Python observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Default (``perfect_recall=False``): :func:`masterbuilder.interop.observation.encode` and
    ``observation_string`` of the seat. Information state (``perfect_recall=True``): the same tensor (plus
    every seat's prestige in Caylus 1303), and :meth:`MasterBuilderState.information_state_key` as text.
    """

    def __init__(self, cfg: _Config, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"Observation parameters are not supported; got {dict(params)}.")
        self._cfg = cfg
        self._perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None:
            if not iig_obs_type.public_info:
                raise ValueError("Only observations that include the public information are supported.")
            if (
                cfg.settings.hidden_scores
                and iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            ):
                raise ValueError(
                    f"{GAMES[cfg.game].title} observations include the observer's own score: use "
                    "private_info=SINGLE_PLAYER."
                )
        self._spec = obs.observation_spec(cfg.game, cfg.players, cfg.option_dict)
        self._prestige = self._perfect_recall and cfg.settings.hidden_scores
        size = self._spec.size + (cfg.players if self._prestige else 0)
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {"observation": self.tensor[: self._spec.size]}
        if self._prestige:
            self.dict["prestige"] = self.tensor[self._spec.size :]

    def set_from(self, state: MasterBuilderState, player: int) -> None:
        core = state.core
        if core is None:
            self.tensor.fill(0.0)
            return
        self.tensor[: self._spec.size] = obs.encode(core, player)
        if self._prestige:
            scores = core.scores()
            n = self._cfg.players
            self.tensor[self._spec.size :] = [min(scores[(player + i) % n], obs.PP_CAP) for i in range(n)]

    def string_from(self, state: MasterBuilderState, player: int) -> str:
        if self._perfect_recall:
            return state.information_state_key(player)
        core = state.core
        if core is None:
            return json.dumps({"game": self._cfg.game, "viewer": player, "setup": "not drawn yet"})
        return obs.observation_string(core, player)


# ---- game --------------------------------------------------------------------------------------------------


class MasterBuilderGame(pyspiel.Game):  # type: ignore[misc]
    """One of the games as an OpenSpiel game; see the module documentation for the parameters."""

    NAME: ClassVar[str] = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        cfg = _config(self.NAME, params)
        self.config = cfg
        full = dict(_adapter_parameters(self.NAME))
        full.update({"players": cfg.players, "setups": cfg.setups, "first_seed": cfg.first_seed})
        full.update({"utility": cfg.utility, **cfg.option_dict})
        if cfg.deal:
            full["deal"] = cfg.deal
        super().__init__(_game_type(self.NAME, cfg), _game_info(cfg), full)

    @property
    def info(self) -> GameInfo:
        return GAMES[self.NAME]

    def new_initial_state(self) -> MasterBuilderState:
        return MasterBuilderState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> MasterBuilderObserver:
        return MasterBuilderObserver(self.config, iig_obs_type, params)


def _game_class(name: str) -> type[MasterBuilderGame]:
    """The OpenSpiel game class of ``name`` (``CaylusGame``...): a MasterBuilderGame with its NAME."""
    title = "".join(part.capitalize() for part in name.split("_"))
    return type(f"{title}Game", (MasterBuilderGame,), {"NAME": name, "__module__": __name__})


_CLASSES: dict[str, type[MasterBuilderGame]] = {name: _game_class(name) for name in GAME_NAMES}


def load(game: str, **params: Any) -> MasterBuilderGame:
    """``pyspiel.load_game(GAME_NAMES[game], params)`` for one of our games (ValueError for a bad name)."""
    if game not in GAME_NAMES:
        raise ValueError(f"Unknown game {game!r}; the known games are: {', '.join(sorted(GAME_NAMES))}.")
    return cast(MasterBuilderGame, pyspiel.load_game(GAME_NAMES[game], params))


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name, cls in _CLASSES.items():
        if GAME_NAMES[name] not in registered:
            pyspiel.register_game(_game_type(name, None), cls)


_register()
