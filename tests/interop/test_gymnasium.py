"""The Gymnasium adapter: Gymnasium's env checker, and our contract on top of it."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env

from masterbuilder import GAMES, IllegalAction, new_game
from masterbuilder.agents import make_agent
from masterbuilder.arena import play_game
from masterbuilder.arena.match import agent_seeds
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.interop.gymnasium import ENV_IDS, EPISODE_BOUNDS, MasterBuilderEnv, final_rewards
from masterbuilder.interop.observation import encode

CASES = [(g, p) for g, info in sorted(GAMES.items()) for p in (info.min_players, info.max_players)]
IDS = [f"{g}-{p}p" for g, p in CASES]


def legal(info: dict[str, Any]) -> list[int]:
    return [int(a) for a in np.flatnonzero(info["action_mask"])]


def play_episode(env: MasterBuilderEnv, seed: int, rng: random.Random) -> tuple[list[bytes], float, int]:
    """A random-legal episode: the observations seen, the last reward and the number of agent steps."""
    obs, info = env.reset(seed=seed)
    seen = [obs.tobytes()]
    steps = 0
    while True:
        obs, reward, terminated, truncated, info = env.step(rng.choice(legal(info)))
        seen.append(obs.tobytes())
        steps += 1
        assert not truncated
        if terminated:
            assert len(env.game_state.history) <= EPISODE_BOUNDS[env.game]
            return seen, float(reward), steps
        assert reward == 0.0


# ---- Gymnasium's checker --------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_check_env_passes_without_a_warning(game: str, players: int) -> None:
    env = gymnasium.make(ENV_IDS[game], players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)  # the raw env, as check_env asks; its spec re-makes it in every render mode


def test_the_three_ids_are_registered_and_make_takes_the_arguments() -> None:
    for game, env_id in ENV_IDS.items():
        env = gymnasium.make(env_id, players=3, opponents=["random", "heuristic"], seat=2, reward="win_loss")
        raw = env.unwrapped
        assert isinstance(raw, MasterBuilderEnv)
        assert (raw.game, raw.players, raw.seat, raw.reward_mode) == (game, 3, 2, "win_loss")
        assert raw.action_space.n == GAMES[game].num_distinct_actions(3)
        obs, info = env.reset(seed=1)
        assert raw.observation_space.contains(obs) and info["seat"] == 2
        env.close()


def test_bad_arguments_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        MasterBuilderEnv("chess")
    with pytest.raises(ValueError, match="2 to 5 players"):
        MasterBuilderEnv("caylus", players=6)
    with pytest.raises(ValueError, match="Unknown bot 'alphazero'"):
        MasterBuilderEnv("caylus", opponents="alphazero")
    with pytest.raises(ValueError, match="3 players need 2 opponents"):
        MasterBuilderEnv("caylus", players=3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be"):
        MasterBuilderEnv("caylus", players=3, seat=3)
    with pytest.raises(ValueError, match="reward"):
        MasterBuilderEnv("caylus", reward="score")
    with pytest.raises(ValueError, match="illegal_action"):
        MasterBuilderEnv("caylus", illegal_action="ignore")
    with pytest.raises(ValueError, match="render_mode"):
        MasterBuilderEnv("caylus", render_mode="rgb_array")


# ---- observations, masks and the bots -------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_agent_always_sees_its_own_seat_with_the_legal_actions_as_the_mask(
    game: str, players: int
) -> None:
    env = MasterBuilderEnv(game, players=players, seat="random")
    rng = random.Random(3)
    for seed in (3, 4):
        obs, info = env.reset(seed=seed)
        seat = info["seat"]
        while True:
            state = env.game_state
            assert state.current_player == seat  # the bots have moved until the agent's turn
            assert legal(info) == state.legal_action_ids()
            assert np.array_equal(env.action_masks(), info["action_mask"].astype(bool))
            assert np.array_equal(obs, encode(state, seat)) and env.observation_space.contains(obs)
            obs, _, terminated, _, info = env.step(rng.choice(legal(info)))
            if terminated:
                break
        assert env.game_state.is_terminal
        assert not info["action_mask"].any() and not env.action_masks().any()
        assert info["scores"] == env.game_state.scores() and info["winners"] == env.game_state.winners()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_bots_are_seeded_as_the_arena_seeds_them(game: str) -> None:
    """Playing the agent's seat as the arena's bot would reproduces ``play_game`` exactly."""
    players, seat, seed = 3, 1, 17
    names = ["random", "heuristic", "random"]
    env = MasterBuilderEnv(game, players, opponents=[names[0], names[2]], seat=seat)
    me = make_agent(names[seat], game, agent_seeds(seed, players)[seat])
    _, info = env.reset(seed=seed)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(me.choose(env.game_state))
    expected = play_game(game, names, seed)
    assert env.game_state.record() == expected.record
    assert info["scores"] == list(expected.scores)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_opponents_by_list_sit_in_the_other_seats_in_seat_order(game: str) -> None:
    env = MasterBuilderEnv(game, players=4, opponents=["heuristic", "random", "heuristic"], seat=1)
    env.reset(seed=2)
    assert env.names == ["heuristic", "agent", "random", "heuristic"]
    assert sorted(env.bots) == [0, 2, 3]


# ---- seeding --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_identical_seeds_give_identical_observation_sequences(game: str, players: int) -> None:
    def episode(seed: int) -> tuple[list[bytes], float, int]:
        env = MasterBuilderEnv(game, players=players, opponents="random", seat="random")
        return play_episode(env, seed, random.Random(0))

    assert episode(5) == episode(5)
    assert episode(5)[0] != episode(6)[0]


def test_a_seeded_reset_plays_the_game_of_that_seed_and_unseeded_resets_follow_from_it() -> None:
    env = MasterBuilderEnv("caylus1303", players=2, seat=1)
    env.reset(seed=40, options={"ignored": True})
    replay = new_game("caylus1303", players=2, seed=40)
    for action in env.game_state.history:  # the bot's opening moves, if it starts
        replay.apply(action)
    assert replay == env.game_state and env.game_state.seed == 40

    def next_games(first: int) -> list[tuple[int, int]]:
        e = MasterBuilderEnv("builders", players=4, seat="random")
        e.reset(seed=first)
        out = []
        for _ in range(4):
            _, info = e.reset()
            out.append((e.game_state.seed, info["seat"]))
        return out

    assert next_games(8) == next_games(8)
    assert next_games(8) != next_games(9)


# ---- hidden information ---------------------------------------------------------------------------------
def test_other_seats_prestige_never_changes_the_observation_in_caylus1303() -> None:
    env = MasterBuilderEnv("caylus1303", players=3, seat=0)
    obs, info = env.reset(seed=12)
    rng = random.Random(12)
    terminated = False
    checks = 0
    while not terminated:
        state = env.game_state
        assert isinstance(state, Caylus1303State)
        original = list(state._pp)
        state._pp[1] += 9
        state._pp[2] += 4
        try:
            assert np.array_equal(env._observe(), obs)
            state._pp[0] += 1  # its own prestige the agent does see
            assert not np.array_equal(env._observe(), obs)
        finally:
            state._pp[:] = original
        checks += 1
        obs, _, terminated, _, info = env.step(rng.choice(legal(info)))
    assert checks > 20


# ---- illegal actions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_illegal_action_loses_at_once_by_default(game: str) -> None:
    env = MasterBuilderEnv(game, players=2)
    obs, info = env.reset(seed=3)
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs2, reward, terminated, truncated, info2 = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert (
        f"Action id {illegal}" in info2["illegal_action"]
        and "is illegal for seat 0" in info2["illegal_action"]
    )
    assert env.game_state.to_json() == before and np.array_equal(obs, obs2)
    assert not info2["action_mask"].any()
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    env.reset(seed=3)  # and the next episode is fine
    _, reward, terminated, _, info3 = env.step(np.int64(np.flatnonzero(info["action_mask"])[0]))
    assert "illegal_action" not in info3


@pytest.mark.parametrize("game", sorted(GAMES))
def test_illegal_action_raise_refuses_and_changes_nothing(game: str) -> None:
    env = MasterBuilderEnv(game, players=2, illegal_action="raise")
    _, info = env.reset(seed=3)
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match=f"Action id {illegal} .* is illegal for seat 0"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="outside the action space"):
        env.step(env.num_actions)
    with pytest.raises(IllegalAction, match="integer action id"):
        env.step("pass")
    assert env.game_state.to_json() == before
    env.step(legal(info)[0])  # the episode goes on


# ---- rewards --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("reward", ["margin", "win_loss"])
def test_the_reward_comes_at_the_end_and_agrees_with_the_result(game: str, players: int, reward: str) -> None:
    env = MasterBuilderEnv(game, players=players, reward=reward, seat=players - 1)
    _, last, _ = play_episode(env, 30 + players, random.Random(players))
    state = env.game_state
    assert last == final_rewards(state, reward)[players - 1]
    assert -1.0 <= last <= 1.0
    seat, scores, winners = players - 1, state.scores(), state.winners()
    if reward == "win_loss":
        assert last == (1.0 if winners == [seat] else 0.0 if seat in winners else -1.0)
    else:
        assert (last > 0) == (scores[seat] > max(s for i, s in enumerate(scores) if i != seat))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_heuristic_opponents_play_and_usually_beat_a_random_agent(game: str) -> None:
    env = MasterBuilderEnv(game, players=2, opponents="heuristic", reward="win_loss")
    rewards = [play_episode(env, seed, random.Random(seed))[1] for seed in range(3)]
    assert sum(rewards) < 0  # the heuristics beat random play nearly always (docs/strength.md)


# ---- rendering ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_render_ansi_returns_the_agents_table_and_human_prints_it(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    env = MasterBuilderEnv(game, players=2, opponents="heuristic", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "agent" in text and "heuristic" in text and "to play" in text
    assert "\x1b[" not in text
    human = MasterBuilderEnv(game, players=2, render_mode="human")
    _, info = human.reset(seed=1)
    assert "to play" in capsys.readouterr().out
    human.step(legal(info)[0])
    assert capsys.readouterr().out
    quiet = MasterBuilderEnv(game, players=2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None
