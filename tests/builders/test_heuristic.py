"""The greedy bot for The Builders: legal, deterministic, read-only, and much stronger than random."""

from __future__ import annotations

import random

import pytest

from masterbuilder import new_game
from masterbuilder.agents import agents_for, make_agent
from masterbuilder.arena.match import play_game
from masterbuilder.games.builders.actions import SEND
from masterbuilder.games.builders.heuristic import GreedyBuildersAgent
from masterbuilder.games.builders.state import BuildersState
from tests.agents.pinned import self_play


def random_states(count: int, seed: int) -> list[BuildersState]:
    """States reached by random play from fresh games of 2 to 4 players; some wait for a send's building."""
    rng = random.Random(seed)
    states: list[BuildersState] = []
    while len(states) < count:
        state = new_game("builders", players=rng.choice((2, 3, 4)), seed=rng.randrange(10**6))
        assert isinstance(state, BuildersState)
        for _ in range(rng.randrange(400)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if state.is_terminal:
            continue
        sends = [a for a in state.legal_action_ids() if a >= SEND]
        if sends and rng.random() < 0.3:
            state.apply(rng.choice(sends))  # now the building for that worker is to be chosen
        states.append(state)
    return states


STATES = random_states(200, seed=1)


def test_registered_as_greedy_and_heuristic_for_builders() -> None:
    assert {"greedy", "heuristic"} <= set(agents_for("builders"))
    for name in ("greedy", "heuristic"):
        assert isinstance(make_agent(name, "builders", 3), GreedyBuildersAgent)


def test_random_states_include_pending_sends() -> None:
    assert any(s.pending_worker is not None for s in STATES)
    assert {s.num_players for s in STATES} == {2, 3, 4}


def test_always_chooses_a_legal_action_and_leaves_the_state_alone() -> None:
    agent = GreedyBuildersAgent(seed=0)
    for state in STATES:
        before = state.to_json()
        action = agent.choose(state)
        assert action in state.legal_action_ids(), state.view(None)
        assert state.to_json() == before


def test_plays_whole_turns_legally_from_random_states() -> None:
    for state in STATES[:30]:
        game = state.clone()
        agent = GreedyBuildersAgent(seed=1)
        for _ in range(30):
            if game.is_terminal:
                break
            action = agent.choose(game)
            assert game.illegal_reason(action) is None
            game.apply(action)


@pytest.mark.parametrize("agents", [["greedy", "random"], ["greedy", "greedy", "random"], ["greedy"] * 4])
def test_deterministic_for_a_given_seed(agents: list[str]) -> None:
    first = play_game("builders", agents, seed=11)
    second = play_game("builders", agents, seed=11)
    assert first.record == second.record


# The planner's work is pinned too: the search budgets by it.
PINNED_GAMES = [
    (2, 7, 118, "11837454bc85b095", [9, 20], 33940),
    (3, 8, 111, "4edd92be88b9c5e8", [4, 19, 20], 16800),
    (4, 9, 177, "36761f0ca6a6c097", [20, 17, 18, 14], 36315),
]


@pytest.mark.parametrize(("players", "seed", "moves", "digest", "scores", "work"), PINNED_GAMES)
def test_self_play_games_are_pinned(
    players: int, seed: int, moves: int, digest: str, scores: list[int], work: int
) -> None:
    bots = [GreedyBuildersAgent(seat) for seat in range(players)]
    actions, played, state = self_play("builders", bots, seed)
    assert (len(actions), played, state.scores()) == (moves, digest, scores)
    assert sum(bot.work for bot in bots) == work


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_between_greedy_bots_end_by_the_points_trigger(players: int) -> None:
    for seed in range(8):
        result = play_game("builders", ["greedy"] * players, seed=seed)
        state = new_game("builders", players=players, seed=seed)
        for action in result.record["actions"]:
            state.apply(action)
        assert state.is_terminal
        assert isinstance(state, BuildersState)
        assert max(state.building_points(p) for p in range(players)) >= 17


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_beats_random_in_two_player_games() -> None:
    games = 60
    wins = 0
    for seed in range(games):
        seat = seed % 2
        agents = ["random", "random"]
        agents[seat] = "greedy"
        result = play_game("builders", agents, seed=seed)
        wins += result.winners == (seat,)
    assert wins >= 0.85 * games


def test_wins_against_random_opponents_in_bigger_games() -> None:
    for players in (3, 4):
        wins = 0
        for seed in range(12):
            seat = seed % players
            agents = ["random"] * players
            agents[seat] = "greedy"
            wins += play_game("builders", agents, seed=seed).winners == (seat,)
        assert wins >= 10
