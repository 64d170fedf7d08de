"""The games as single-agent Gymnasium environments: you play one seat, our bots play the others.

```python
import gymnasium
import masterbuilder.interop.gymnasium  # registers the ids below

env = gymnasium.make("masterbuilder/Caylus-v0", players=3, opponents="heuristic")
obs, info = env.reset(seed=7)
while True:
    legal = info["action_mask"].nonzero()[0]
    obs, reward, terminated, truncated, info = env.step(int(legal[0]))
    if terminated or truncated:
        break
```

Ids: ``masterbuilder/Builders-v0``, ``masterbuilder/Caylus-v0``, ``masterbuilder/Caylus1303-v0`` (the
keyword arguments below, except ``game``, may be passed to ``gymnasium.make``); or construct
:class:`MasterBuilderEnv` directly.

Design (the contract the tests check):

* **Observation**: a ``Box`` holding :func:`masterbuilder.interop.observation.encode` of the agent's seat
  (float32, bounds from ``observation_spec``): only what ``state.view(seat)`` shows, so the other seats'
  hidden information (Caylus 1303 prestige, the Builders deck) never reaches the agent.
* **Action mask**: ``info["action_mask"]`` (int8, one entry per action id; all zeros once the episode is
  over) on every ``reset`` and ``step``, and :meth:`MasterBuilderEnv.action_masks` (bool), the method
  sb3-contrib's ``MaskablePPO`` calls. The observation stays a plain ``Box`` so that any algorithm can use
  it.
* **Actions**: ``Discrete(num_distinct_actions)``, the game's fixed action encoding (docs/api.md).
  ``step`` applies the agent's action, then lets the bots move until it is the agent's turn again or the
  game is over.
* **Illegal actions**: ``illegal_action="lose"`` (default) ends the episode at once with reward -1 (the
  worst reward of both reward modes), ``terminated=True``, the state unchanged and
  ``info["illegal_action"]`` saying why; generic algorithms and ``check_env`` (which steps with unmasked
  samples) need this. ``illegal_action="raise"`` raises :class:`masterbuilder.IllegalAction` instead,
  changing nothing.
* **Rewards**: 0 on every step but the last; at the end, by ``reward`` (see :func:`final_rewards`):
  ``"margin"`` (default) is (own score - best other score) / max(1, largest |score|), clipped to
  [-1, 1]; ``"win_loss"`` is +1 for a sole win, 0 for a shared first place, -1 otherwise.
  ``info["scores"]`` and ``info["winners"]`` give the raw result on the last step.
* **Seeding**: ``reset(seed=s)`` plays the game ``new_game(game, players, seed=s, options)``, with the bots
  seeded as ``masterbuilder.arena.play_game`` seeds them (``agent_seeds(s, players)``); ``reset()``
  without a seed draws the game seed from the generator of the last seeded reset (or from entropy), so a
  sequence of episodes is reproducible from its first seed. ``seat="random"`` draws the agent's seat from
  the same generator on every reset (``info["seat"]`` says which).
* **Length**: games end by themselves, within :data:`EPISODE_BOUNDS` actions (all seats together), so
  nothing truncates; wrap with ``gymnasium.wrappers.TimeLimit`` for a cap of your own.
* **Rendering**: ``"ansi"`` returns the terminal renderer's table of the agent's seat as plain text,
  ``"human"`` prints it after every reset and step.

This module also holds the helpers the PettingZoo adapter shares (rewards, text rendering, seeds), as the
``gymnasium`` extra does not install pettingzoo.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

from masterbuilder.extras import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from numpy.typing import NDArray
except ImportError as exc:
    raise missing_extra(exc, "masterbuilder.interop.gymnasium", "gymnasium") from None

from masterbuilder.agents import Agent, agent_spec, agents_for, make_agent
from masterbuilder.arena.match import agent_seeds
from masterbuilder.core import IllegalAction, State, new_game
from masterbuilder.core.registry import game_info
from masterbuilder.interop import observation as _observation
from masterbuilder.interop.settings import adapted_games, adapter_settings

__all__ = [
    "ENV_IDS",
    "EPISODE_BOUNDS",
    "ILLEGAL_ACTION_MODES",
    "REWARD_MODES",
    "MasterBuilderEnv",
    "final_rewards",
    "render_text",
]

REWARD_MODES = ("margin", "win_loss")
ILLEGAL_ACTION_MODES = ("lose", "raise")
ENV_IDS = {name: adapter_settings(name).gymnasium_id for name in adapted_games()}
# The most actions (all seats together) an episode takes, with a wide margin (each game's ``adapters``
# module says how it was measured): every game ends by itself. The tests play random episodes against it.
EPISODE_BOUNDS = {name: adapter_settings(name).episode_bound for name in adapted_games()}
SEED_BOUND = 2**63  # reset() without a seed draws game seeds from [0, SEED_BOUND)
RENDER_WIDTH = 110


# ---- helpers shared with masterbuilder.interop.pettingzoo -------------------------------------------
def check_choice(what: str, value: Any, choices: Sequence[Any]) -> Any:
    """``value`` if it is one of ``choices``, else a ValueError naming them."""
    if not isinstance(value, str) or value not in choices:
        raise ValueError(f"{what} must be one of {list(choices)}, not {value!r}.")
    return value


def final_rewards(state: State, mode: str) -> list[float]:
    """Each seat's reward for a finished game.

    ``"win_loss"``: +1 for the sole winner, 0 for each seat sharing first place, -1 for everyone else
    (``state.winners()``, so a tiebreak option counts). ``"margin"``: the seat's score minus the best score
    among the other seats, divided by max(1, the largest |score|) and clipped to [-1, 1]: positive only
    for a seat ahead of everyone on points, 0 on a tie on points, and on the same [-1, 1] scale as
    ``"win_loss"``.
    """
    scores = state.scores()
    n = len(scores)
    if mode == "win_loss":
        winners = state.winners()
        if len(winners) == 1:
            return [1.0 if s == winners[0] else -1.0 for s in range(n)]
        return [0.0 if s in winners else -1.0 for s in range(n)]
    if mode != "margin":
        raise ValueError(f"Unknown reward mode {mode!r}; use one of {list(REWARD_MODES)}.")
    scale = float(max(1, *(abs(x) for x in scores)))
    rewards = []
    for s in range(n):
        best_other = max(scores[t] for t in range(n) if t != s)
        rewards.append(min(1.0, max(-1.0, (scores[s] - best_other) / scale)))
    return rewards


def render_text(state: State, seat: int | None, names: Sequence[str], width: int = RENDER_WIDTH) -> str:
    """The terminal renderer's table as seen by ``seat`` (``None``: a spectator), as plain text, followed
    by whose turn it is and the decision they face, or the final scores."""
    from rich.console import Console

    from masterbuilder.ui.renderers import renderer_for, seat_title

    renderer = renderer_for(state.game)
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False, highlight=False)
    console.print(renderer.table(state, seat, names))
    if state.is_terminal:
        scores = state.scores()
        results = ", ".join(f"{seat_title(s, names)} {score}" for s, score in enumerate(scores))
        winners = " and ".join(seat_title(s, names) for s in state.winners())
        console.print(f"Game over. Scores: {results}. Won by {winners}.", soft_wrap=True)
    else:
        to_move = state.current_player
        assert to_move is not None
        status = renderer.status(state)
        header = f"{seat_title(to_move, names)} to play" + (f" ({status})" if status else "")
        console.print(f"{header}: {renderer.decision(state)}", soft_wrap=True)
    return buffer.getvalue()


def action_id_of(action: Any, num_actions: int) -> int:
    """``action`` as a Python int, accepting numpy integers and 0-d integer arrays; IllegalAction for
    anything else or an id outside the action space."""
    if isinstance(action, np.ndarray) and action.shape == () and np.issubdtype(action.dtype, np.integer):
        action = action.item()
    if isinstance(action, np.integer):
        action = int(action)
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalAction(f"An action is an integer action id from 0 to {num_actions - 1}, not {action!r}.")
    if not 0 <= action < num_actions:
        raise IllegalAction(f"Action id {action} is outside the action space (0 to {num_actions - 1}).")
    return action


# ---- the single-agent environment ------------------------------------------------------------------
class MasterBuilderEnv(gymnasium.Env[NDArray[np.float32], np.int64]):
    """One seat of a Master Builder game against bots; see the module docstring for the contract.

    ``opponents``: a bot name for every other seat, or a list of ``players - 1`` names given to the other
    seats in seat order. ``seat``: the agent's seat, or ``"random"`` for a new one on every reset.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str = "builders",
        players: int = 2,
        opponents: str | Sequence[str] = "random",
        seat: int | str = 0,
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
        illegal_action: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        info = game_info(game)
        self.game = info.name
        self.players = info.check_players(players)
        self.game_options = info.resolve_options(options)
        self.reward_mode = check_choice("reward", reward, REWARD_MODES)
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL_ACTION_MODES)
        if render_mode is not None:
            check_choice("render_mode", render_mode, self.metadata["render_modes"])
        self.render_mode = render_mode
        if seat != "random" and (
            not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(players)
        ):
            raise ValueError(f"seat must be 'random' or a seat from 0 to {players - 1}, not {seat!r}.")
        self.seat_choice: int | str = seat
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"{players} players need {players - 1} opponents, not {len(names)}: {names!r}.")
        for name in names:
            if not isinstance(name, str) or agent_spec(name, self.game) is None:
                known = ", ".join(agents_for(self.game))
                raise ValueError(
                    f"Unknown bot {name!r} for {self.game}; the bots for {self.game} are: {known}."
                )
        self.opponents: list[str] = names

        spec = _observation.observation_spec(self.game, self.players, self.game_options)
        self.num_actions = info.num_distinct_actions(self.players, self.game_options)
        self.observation_space = spaces.Box(spec.low, spec.high, dtype=np.float32)
        self.action_space: spaces.Discrete = spaces.Discrete(self.num_actions)

        self.seat = 0 if seat == "random" else int(seat)
        self.game_state: State = new_game(self.game, self.players, 0, self.game_options)  # until reset()
        self.bots: dict[int, Agent] = {}
        self.names: list[str] = []
        self._done = True

    # ---- the Gymnasium API ----------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Start a new game. ``options`` is accepted for the API and ignored: the game options are fixed
        when the environment is made, as they fix the spaces."""
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(SEED_BOUND))
        if self.seat_choice == "random":
            self.seat = int(self.np_random.integers(self.players))
        self.game_state = new_game(self.game, self.players, game_seed, self.game_options)
        bot_seeds = agent_seeds(game_seed, self.players)
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {
            s: make_agent(name, self.game, bot_seeds[s])
            for s, name in zip(others, self.opponents, strict=True)
        }
        by_seat = dict(zip(others, self.opponents, strict=True))
        self.names = [by_seat.get(s, "agent") for s in range(self.players)]  # who sits where, for render()
        self._done = False
        self._play_bots()
        if self.game_state.is_terminal:  # every seat plays, so no game can end before the agent's first turn
            raise RuntimeError("The game ended before the agent's first move.")
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        if self._done:
            raise RuntimeError("The episode is over; call reset() to start a new one.")
        state = self.game_state
        try:
            action_id = action_id_of(action, self.num_actions)
            reason = state.illegal_reason(action_id)
            if reason is not None:
                raise IllegalAction(
                    f"Action id {action_id} ({state.action_label(action_id)!r}) is illegal for seat "
                    f"{self.seat}: {reason} Choose an id whose info['action_mask'] entry is 1."
                )
        except IllegalAction as exc:
            if self.illegal_action == "raise":
                raise
            self._done = True
            info = self._info()
            info["illegal_action"] = str(exc)
            return self._observe(), -1.0, True, False, info
        state.apply(action_id)
        self._play_bots()
        reward = 0.0
        if state.is_terminal:
            self._done = True
            reward = final_rewards(state, self.reward_mode)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.is_terminal, False, self._info()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; make the environment with render_mode='ansi' "
                "(returns the text) or 'human' (prints it)."
            )
            return None
        text = render_text(self.game_state, self.seat, self.names or ["agent"] * self.players)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ---- extras -----------------------------------------------------------------------------------------
    def action_masks(self) -> NDArray[np.bool_]:
        """The legal actions now, as booleans (all False once the episode is over): sb3-contrib's hook."""
        return self._mask().astype(bool)

    # ---- internals --------------------------------------------------------------------------------------
    def _play_bots(self) -> None:
        state = self.game_state
        seat = state.current_player
        while seat is not None and seat != self.seat:
            state.apply(self.bots[seat].choose(state))
            seat = state.current_player

    def _observe(self) -> NDArray[np.float32]:
        return _observation.encode(self.game_state, self.seat)

    def _mask(self) -> NDArray[np.int8]:
        if self._done:
            return np.zeros(self.num_actions, dtype=np.int8)
        return _observation.action_mask(self.game_state)

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self._mask(), "seat": self.seat}
        if self.game_state.is_terminal:
            info["scores"] = self.game_state.scores()
            info["winners"] = self.game_state.winners()
        return info


def _register() -> None:
    for game, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="masterbuilder.interop.gymnasium:MasterBuilderEnv",
                kwargs={"game": game},
            )


_register()
