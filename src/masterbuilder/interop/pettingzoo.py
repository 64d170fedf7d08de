"""The games as PettingZoo AEC (turn-based, multi-agent) environments.

```python
from masterbuilder.interop.pettingzoo import env

e = env("caylus", players=3)
e.reset(seed=7)
for agent in e.agent_iter():
    observation, reward, termination, truncation, info = e.last()
    action = None if termination or truncation else int(observation["action_mask"].nonzero()[0][0])
    e.step(action)
```

Design (the contract the tests check):

* **Agents** ``"player_0"`` … ``"player_{n-1}"``: agent ``player_i`` is seat ``i``. ``agent_selection`` is
  always the seat the game asks (turns are not round-robin: a Builders turn is several decisions).
* **Observation** of every agent: ``Dict(observation=Box(low, high, float32), action_mask=Box(0, 1, (A,),
  int8))``. ``observation`` is :func:`masterbuilder.interop.observation.encode` of the agent's seat (only
  what ``state.view(seat)`` shows: the other seats' hidden information never reaches it);
  ``action_mask`` is the legal action ids for the agent to move and all zeros for every other agent and
  once the episode is over. The mask of the agent to move is also in ``infos[agent]["action_mask"]``.
* **Actions**: ``Discrete(A)`` with ``A = GAMES[game].num_distinct_actions(players, options)``, the
  game's fixed action encoding (docs/api.md). Numpy integers are accepted.
* **Illegal actions**: ``env(..., illegal_action="raise")`` (default; ``raw_env`` always) raises
  :class:`masterbuilder.IllegalAction` naming the agent, the action and the reason, and changes nothing.
  ``illegal_action="lose"`` follows the PettingZoo classic convention instead
  (``TerminateIllegalWrapper``): the game stops, the offender gets -1 and the others 0.
* **Rewards** are 0 until the game ends; at the end every agent gets its reward at once (see
  :func:`masterbuilder.interop.gymnasium.final_rewards`): ``"margin"`` (default) is (own score - best other
  score) / max(1, largest |score|), clipped to [-1, 1]; ``"win_loss"`` is +1 for a sole win, 0 for a
  shared first place, -1 otherwise. The final ``infos`` hold ``scores`` and ``winners``.
* **Seeding**: ``reset(seed=s)`` plays exactly ``new_game(game, players, seed=s, options)`` (so the same
  seed gives the same game, and ``e.unwrapped.game_state.record()`` replays with ``load_record``);
  ``reset()`` draws the game seed from the generator of the last seeded reset (or from entropy). Reset
  ``options`` are accepted for the API and ignored: the game options are fixed by ``env(..., options=)``
  because they fix the spaces.
* **Length**: every game ends by itself, within :data:`EPISODE_BOUNDS` actions (all agents together; see
  its comment in ``masterbuilder.interop.gymnasium``), so by default nothing truncates.
  ``max_cycles=k`` truncates every agent (reward 0, ``truncations`` True) once ``k * players`` actions
  have been taken: a "cycle" is one action per agent on average, the unit ``api_test`` and
  ``seed_test`` count in.
* **Rendering**: ``"ansi"`` returns, ``"human"`` prints, the terminal renderer's table as a spectator
  sees it (public information only), then whose turn it is and the decision they face.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from masterbuilder.extras import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium import spaces
    from gymnasium.utils import seeding
    from numpy.typing import NDArray
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]
except ImportError as exc:
    raise missing_extra(exc, "masterbuilder.interop.pettingzoo", "pettingzoo") from None

from masterbuilder.core import IllegalAction, State, new_game
from masterbuilder.core.registry import game_info
from masterbuilder.interop import observation as _observation
from masterbuilder.interop.gymnasium import (
    EPISODE_BOUNDS,
    REWARD_MODES,
    SEED_BOUND,
    action_id_of,
    check_choice,
    final_rewards,
    render_text,
)

__all__ = ["EPISODE_BOUNDS", "ILLEGAL_ACTION_MODES", "env", "raw_env"]

ILLEGAL_ACTION_MODES = ("raise", "lose")


def env(
    game: str,
    players: int = 2,
    options: Mapping[str, Any] | None = None,
    reward: str = "margin",
    render_mode: str | None = None,
    max_cycles: int | None = None,
    illegal_action: str = "raise",
) -> Any:
    """The AEC environment of ``game`` with PettingZoo's standard wrappers (order enforcing, action bounds
    and, for ``illegal_action="lose"``, terminate-on-illegal)."""
    check_choice("illegal_action", illegal_action, ILLEGAL_ACTION_MODES)
    wrapped: Any = raw_env(game, players, options, reward, render_mode, max_cycles)
    if illegal_action == "lose":
        wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]
    """A Master Builder game as an unwrapped AEC environment; see the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human"],
        "name": "masterbuilder_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: str,
        players: int = 2,
        options: Mapping[str, Any] | None = None,
        reward: str = "margin",
        render_mode: str | None = None,
        max_cycles: int | None = None,
    ) -> None:
        super().__init__()
        info = game_info(game)
        self.game = info.name
        self.players = info.check_players(players)
        self.game_options = info.resolve_options(options)
        self.reward_mode = check_choice("reward", reward, REWARD_MODES)
        if render_mode is not None:
            check_choice("render_mode", render_mode, self.metadata["render_modes"])
        self.render_mode = render_mode
        if max_cycles is not None and (
            not isinstance(max_cycles, int) or isinstance(max_cycles, bool) or max_cycles < 1
        ):
            raise ValueError(f"max_cycles must be None or a positive integer, not {max_cycles!r}.")
        self.max_cycles = max_cycles
        self.max_steps = None if max_cycles is None else max_cycles * self.players
        self.metadata = {**type(self).metadata, "name": f"masterbuilder_{self.game}_v0"}

        self.possible_agents: list[str] = [f"player_{i}" for i in range(self.players)]
        self.agent_seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        spec = _observation.observation_spec(self.game, self.players, self.game_options)
        self.num_actions = info.num_distinct_actions(self.players, self.game_options)
        self.observation_spaces: dict[str, spaces.Dict] = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(spec.low, spec.high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Discrete] = {
            agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents
        }
        self._np_random: np.random.Generator | None = None
        self.game_state: State = new_game(self.game, self.players, 0, self.game_options)  # until reset()
        self._mask: NDArray[np.int8] = np.zeros(self.num_actions, dtype=np.int8)
        self._steps = 0

    # ---- spaces -----------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    # ---- the AEC API ------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random()
            game_seed = int(self._np_random.integers(SEED_BOUND))
        self.game_state = new_game(self.game, self.players, game_seed, self.game_options)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._next_turn()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, NDArray[Any]]:
        seat = self.agent_seat[agent]
        live = (
            agent == self.agent_selection
            and not self.game_state.is_terminal
            and not self.truncations.get(agent, True)
        )
        return {
            "observation": _observation.encode(self.game_state, seat),
            "action_mask": self._mask.copy() if live else np.zeros(self.num_actions, dtype=np.int8),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        action_id = self._legal_id(agent, action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(action_id)
        self._steps += 1
        if state.is_terminal:
            for a, r in zip(self.possible_agents, final_rewards(state, self.reward_mode), strict=True):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
            self._final_infos()
        elif self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
            self._final_infos()
        else:
            self.infos[agent] = {}
            self._next_turn()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() was called without a render mode; make the environment with render_mode='ansi' "
                "(returns the text) or 'human' (prints it)."
            )
            return None
        text = render_text(self.game_state, None, self.possible_agents)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # ---- internals --------------------------------------------------------------------------------------
    def _next_turn(self) -> None:
        """Select the seat the game asks, with its legal-action mask in its info."""
        seat = self.game_state.current_player
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        self._mask = _observation.action_mask(self.game_state)
        self.infos[self.agent_selection] = {"action_mask": self._mask.copy()}

    def _final_infos(self) -> None:
        state = self.game_state
        self._mask = np.zeros(self.num_actions, dtype=np.int8)
        for a in self.agents:
            self.infos[a] = {"scores": state.scores(), "winners": state.winners()}

    def _legal_id(self, agent: str, action: Any) -> int:
        seat = self.agent_seat[agent]
        if action is None:
            raise IllegalAction(f"{agent} (seat {seat}) is to move; None is only for finished agents.")
        try:
            action_id = action_id_of(action, self.num_actions)
        except IllegalAction as exc:
            raise IllegalAction(f"{agent} (seat {seat}): {exc}") from None
        if not self._mask[action_id]:
            state = self.game_state
            reason = state.illegal_reason(action_id) or "it is not among the legal actions."
            raise IllegalAction(
                f"{agent} (seat {seat}) cannot take action {action_id} ({state.action_label(action_id)!r}) "
                f"now: {reason} Choose an id whose observation['action_mask'] entry is 1."
            )
        return action_id
