"""The PettingZoo AEC adapter: PettingZoo's own API and seed tests, and our contract on top of them."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from masterbuilder import GAMES, IllegalAction, State, load_record, new_game
from masterbuilder.games.builders.state import BuildersState
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.interop.gymnasium import final_rewards
from masterbuilder.interop.observation import encode
from masterbuilder.interop.pettingzoo import EPISODE_BOUNDS, env, raw_env

CASES = [(g, p) for g, info in sorted(GAMES.items()) for p in (info.min_players, info.max_players)]
IDS = [f"{g}-{p}p" for g, p in CASES]

# api_test warns about any dict observation of an environment not in its list of PettingZoo's own classic
# games; these two warnings are about that list, not about us. Any other warning fails the test.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should")


@contextmanager
def only_expected_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in EXPECTED_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        yield


def random_action(e: Any, rng: random.Random) -> int | None:
    """A uniformly random legal action from the observation's mask, or None for a finished agent."""
    observation, _, termination, truncation, _ = e.last()
    if termination or truncation:
        return None
    return rng.choice([int(a) for a in np.flatnonzero(observation["action_mask"])])


def play_out(e: Any, seed: int) -> int:
    """Play a random episode through ``e`` (already reset); the number of live (non-None) steps."""
    rng = random.Random(seed)
    steps = 0
    for _ in e.agent_iter():
        action = random_action(e, rng)
        steps += action is not None
        e.step(action)
    return steps


# ---- PettingZoo's own test suites -----------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test_passes_through_a_whole_game(game: str, players: int) -> None:
    cycles = EPISODE_BOUNDS[game] // players + 1  # enough for api_test's random game to reach the end
    with only_expected_warnings():
        api_test(env(game, players=players), num_cycles=cycles, verbose_progress=False)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test_passes(game: str, players: int) -> None:
    with only_expected_warnings():
        seed_test(lambda: env(game, players=players), num_cycles=60)


@pytest.mark.parametrize("reward", ["margin", "win_loss"])
def test_api_test_passes_unwrapped_and_with_every_option(reward: str) -> None:
    with only_expected_warnings():
        api_test(raw_env("caylus", players=3, reward=reward), num_cycles=40)
        api_test(env("builders", 3, {"tiebreak": "building_points"}, reward, max_cycles=30), num_cycles=200)
        api_test(env("caylus1303", players=2, illegal_action="lose"), num_cycles=40)


# ---- episode length: games end by themselves; max_cycles truncates --------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_random_episodes_end_by_themselves_within_the_documented_bound(game: str, players: int) -> None:
    e = env(game, players=players)
    for seed in range(2):
        e.reset(seed=seed)
        steps = play_out(e, seed)
        assert 0 < steps <= EPISODE_BOUNDS[game]
        assert e.agents == []
        assert e.unwrapped.game_state.is_terminal
        assert len(e.unwrapped.game_state.history) == steps


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_max_cycles_truncates_every_agent_after_cycles_times_players_actions(game: str, players: int) -> None:
    cycles = 3
    e = env(game, players=players, max_cycles=cycles)
    e.reset(seed=11)
    counts = dict.fromkeys(e.possible_agents, 0)
    live_steps = 0
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        counts[agent] += 1
        if truncation:
            assert not termination and reward == 0.0
            assert not observation["action_mask"].any()
            assert "scores" in info
            e.step(None)
        else:
            live_steps += 1
            e.step(random.Random(live_steps).choice(list(np.flatnonzero(observation["action_mask"]))))
    assert live_steps == cycles * players
    assert e.agents == []
    assert not e.unwrapped.game_state.is_terminal
    assert sum(counts.values()) == cycles * players + players  # every agent steps once more, with None


def test_bad_arguments_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        env("chess")
    with pytest.raises(ValueError, match="2 to 4 players"):
        env("builders", players=5)
    with pytest.raises(ValueError, match="no option"):
        env("caylus", options={"colour": "red"})
    with pytest.raises(ValueError, match="reward"):
        env("caylus", reward="score")
    with pytest.raises(ValueError, match="render_mode"):
        env("caylus", render_mode="rgb_array")
    with pytest.raises(ValueError, match="max_cycles"):
        env("caylus", max_cycles=0)
    with pytest.raises(ValueError, match="illegal_action"):
        env("caylus", illegal_action="ignore")


# ---- spaces, observations and masks ---------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_mask_is_the_legal_actions_of_the_agent_to_move_and_empty_for_the_others(
    game: str, players: int
) -> None:
    e = env(game, players=players)
    e.reset(seed=5)
    n = GAMES[game].num_distinct_actions(players)
    assert e.possible_agents == [f"player_{i}" for i in range(players)]
    rng = random.Random(5)
    for step in range(150):
        state: State = e.unwrapped.game_state
        if state.is_terminal:
            break
        agent = e.agent_selection
        assert agent == f"player_{state.current_player}"
        observation, _, _, _, info = e.last()
        assert observation["action_mask"].dtype == np.int8 and observation["action_mask"].shape == (n,)
        assert list(np.flatnonzero(observation["action_mask"])) == state.legal_action_ids()
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        assert e.observation_space(agent).contains(observation)
        if step % 10 == 0:
            for other in e.agents:
                seen = e.observe(other)
                assert e.observation_space(other).contains(seen)
                assert np.array_equal(seen["observation"], encode(state, int(other.split("_")[1])))
                if other != agent:
                    assert not seen["action_mask"].any()
                    assert "action_mask" not in e.infos[other]
        e.step(random_action(e, rng))


def test_spaces_are_the_shared_encoding_and_the_action_encoding() -> None:
    e = raw_env("caylus1303", players=4)
    space = e.observation_space("player_2")
    assert space is e.observation_space("player_2")
    assert space["observation"].dtype == np.float32 and space["action_mask"].dtype == np.int8
    assert e.action_space("player_0").n == GAMES["caylus1303"].num_distinct_actions(4)
    assert str(e) == "masterbuilder_caylus1303_v0"


def test_observations_are_fresh_arrays_the_caller_may_change() -> None:
    e = env("caylus", players=2)
    e.reset(seed=1)
    first = e.observe(e.agent_selection)
    first["action_mask"][:] = 0
    first["observation"][:] = -5
    again = e.observe(e.agent_selection)
    assert again["action_mask"].any() and (again["observation"] >= 0).all()


# ---- seeding --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_identical_seeds_give_identical_observation_sequences(game: str, players: int) -> None:
    def sequence(seed: int) -> list[tuple[str, bytes, bytes]]:
        e = env(game, players=players)
        e.reset(seed=seed)
        rng = random.Random(0)
        seen = []
        for agent in e.agent_iter(120):
            observation, *_ = e.last()
            seen.append((agent, observation["observation"].tobytes(), observation["action_mask"].tobytes()))
            e.step(random_action(e, rng))
        return seen

    assert sequence(21) == sequence(21)
    assert sequence(21) != sequence(22)


def test_a_seeded_reset_plays_the_game_of_that_seed_and_unseeded_resets_follow_from_it() -> None:
    e = env("builders", players=3)
    e.reset(seed=77, options={"ignored": True})
    assert e.unwrapped.game_state == new_game("builders", players=3, seed=77)
    play_out(e, 1)
    record = e.unwrapped.game_state.record()
    assert record["seed"] == 77 and load_record(record) == e.unwrapped.game_state

    def next_seeds(first: int) -> list[int]:
        f = env("caylus", players=2)
        f.reset(seed=first)
        seeds = []
        for _ in range(3):
            f.reset()
            seeds.append(f.unwrapped.game_state.seed)
        return seeds

    assert next_seeds(3) == next_seeds(3)
    assert next_seeds(3) != next_seeds(4)
    assert len(set(next_seeds(3))) == 3


# ---- hidden information ---------------------------------------------------------------------------------
def test_another_seats_prestige_never_changes_an_observation_in_caylus1303() -> None:
    e = env("caylus1303", players=3)
    e.reset(seed=9)
    rng = random.Random(9)
    checked = 0
    for _ in e.agent_iter(400):
        state = e.unwrapped.game_state
        if state.is_terminal:
            break
        assert isinstance(state, Caylus1303State)
        before = {a: e.observe(a)["observation"] for a in e.possible_agents}
        original = list(state._pp)
        state._pp[1] += 13  # seat 1's prestige: private to seat 1 until the end
        try:
            after = {a: e.observe(a)["observation"] for a in e.possible_agents}
        finally:
            state._pp[:] = original
        assert np.array_equal(before["player_0"], after["player_0"])
        assert np.array_equal(before["player_2"], after["player_2"])
        assert not np.array_equal(before["player_1"], after["player_1"])  # its own prestige it sees
        checked += 1
        e.step(random_action(e, rng))
    assert checked > 50


def test_the_order_of_the_builders_decks_never_changes_an_observation() -> None:
    e = env("builders", players=2)
    e.reset(seed=4)
    rng = random.Random(4)
    for step in range(200):
        state = e.unwrapped.game_state
        assert isinstance(state, BuildersState)
        if step % 20 == 0:
            before = {a: e.observe(a)["observation"] for a in e.possible_agents}
            e.unwrapped.game_state = state.resample_hidden(0, seed=step + 1)
            assert e.unwrapped.game_state != state or len(state._bdeck) < 3  # the hidden cards moved
            after = {a: e.observe(a)["observation"] for a in e.possible_agents}
            e.unwrapped.game_state = state
            for agent in e.possible_agents:
                assert np.array_equal(before[agent], after[agent])
        e.step(random_action(e, rng))


# ---- illegal actions ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_an_illegal_action_raises_naming_the_agent_and_changes_nothing(game: str) -> None:
    e = env(game, players=2)
    e.reset(seed=2)
    agent = e.agent_selection
    observation, *_ = e.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = e.unwrapped.game_state.to_json()
    with pytest.raises(IllegalAction, match=f"{agent} .*cannot take action {illegal}"):
        e.step(illegal)
    for bad in ("pass", None, 10_000):  # AssertOutOfBoundsWrapper catches what is not in the action space
        with pytest.raises(AssertionError, match="not in action space"):
            e.step(bad)
    raw = e.unwrapped  # raw_env explains those too
    with pytest.raises(IllegalAction, match="integer action id from 0"):
        raw.step("pass")
    with pytest.raises(IllegalAction, match="None is only for finished agents"):
        raw.step(None)
    with pytest.raises(IllegalAction, match="outside the action space"):
        raw.step(10_000)
    assert e.unwrapped.game_state.to_json() == before and e.agent_selection == agent
    e.step(np.int64(np.flatnonzero(observation["action_mask"])[0]))  # numpy integers are actions too
    assert len(e.unwrapped.game_state.history) == 1


def test_illegal_action_lose_ends_the_game_with_the_offender_losing() -> None:
    e = env("caylus", players=3, illegal_action="lose")
    e.reset(seed=6)
    rng = random.Random(6)
    for _ in range(10):
        e.step(random_action(e, rng))
    offender = e.agent_selection
    observation, *_ = e.last()
    e.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))  # PettingZoo logs a warning
    assert all(e.terminations.values())
    final = {}
    for agent in e.agent_iter():
        _, reward, termination, truncation, _ = e.last()
        assert termination or truncation
        final[agent] = reward
        e.step(None)
    assert final == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}


# ---- rewards --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("reward", ["margin", "win_loss"])
def test_rewards_come_at_the_end_and_agree_with_the_result(game: str, players: int, reward: str) -> None:
    e = env(game, players=players, reward=reward)
    e.reset(seed=players)
    rng = random.Random(players)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        _, r, termination, truncation, info = e.last()
        assert not truncation
        if termination:
            final[agent] = r
            assert info["winners"] == e.unwrapped.game_state.winners()
            e.step(None)
            continue
        assert r == 0.0
        e.step(random_action(e, rng))
    state = e.unwrapped.game_state
    rewards = [final[f"player_{s}"] for s in range(players)]
    assert rewards == final_rewards(state, reward)
    scores, winners = state.scores(), state.winners()
    assert all(-1.0 <= r <= 1.0 for r in rewards)
    for seat, r in enumerate(rewards):
        if seat not in winners:
            assert r < 0 or (reward == "margin" and scores[seat] == max(scores))  # lost on a tiebreak
    if reward == "win_loss":
        assert all(rewards[w] == (1.0 if len(winners) == 1 else 0.0) for w in winners)
    else:
        best = max(scores)
        assert all((r > 0) == (scores[s] == best and scores.count(best) == 1) for s, r in enumerate(rewards))
    if players == 2:
        assert sum(rewards) == 0.0


class FakeResult:
    """Just enough of a finished State for final_rewards."""

    def __init__(self, scores: list[int], winners: list[int]) -> None:
        self._scores, self._winners = scores, winners

    def scores(self) -> list[int]:
        return self._scores

    def winners(self) -> list[int]:
        return self._winners


@pytest.mark.parametrize(
    ("scores", "winners", "win_loss", "margin"),
    [
        ([50, 40, 30], [0], [1.0, -1.0, -1.0], [0.2, -0.2, -0.4]),
        ([50, 50, 30], [0, 1], [0.0, 0.0, -1.0], [0.0, 0.0, -0.4]),
        ([50, 50], [1], [-1.0, 1.0], [0.0, 0.0]),  # a tiebreak decides the win, not the points
        ([0, 0], [0, 1], [0.0, 0.0], [0.0, 0.0]),
        ([-4, 2], [1], [-1.0, 1.0], [-1.0, 1.0]),  # clipped to [-1, 1]
    ],
)
def test_final_rewards_by_mode(
    scores: list[int], winners: list[int], win_loss: list[float], margin: list[float]
) -> None:
    result = cast(State, FakeResult(scores, winners))
    assert final_rewards(result, "win_loss") == win_loss
    assert final_rewards(result, "margin") == pytest.approx(margin)
    with pytest.raises(ValueError, match="reward mode"):
        final_rewards(result, "score")


# ---- rendering ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_render_ansi_returns_the_spectators_table_and_human_prints_it(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    e = env(game, players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "player_" in text and "to play" in text
    assert "\x1b[" not in text  # plain text, no terminal colour codes
    play_out(e, 1)
    assert "Game over" in e.render()
    h = env(game, players=2, render_mode="human")
    h.reset(seed=1)
    assert h.render() is None
    assert "to play" in capsys.readouterr().out
    quiet = env(game, players=2)
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render mode"):
        assert quiet.render() is None
    quiet.close()


def test_the_wrappers_keep_the_raw_environment_reachable() -> None:
    e = env("caylus", players=2)
    assert isinstance(e.unwrapped, raw_env)
    with pytest.raises(AttributeError, match="before reset"):
        _ = e.agents
    e.reset(seed=0)
    assert e.unwrapped.game_state.current_player == int(e.agent_selection.split("_")[1])
