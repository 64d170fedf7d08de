"""The Caylus heuristic bot: legal, deterministic, read-only, quick, and much stronger than random."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from masterbuilder import State, new_game
from masterbuilder.agents import AGENTS, Agent, agent_spec, agents_for, make_agent, register_agent
from masterbuilder.agents.random_agent import RandomAgent
from masterbuilder.arena.match import play_game
from masterbuilder.games.builders.heuristic import GreedyBuildersAgent
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import Section
from masterbuilder.games.caylus.heuristic import (
    DEFAULT_WEIGHTS,
    CaylusHeuristicAgent,
    Reckoner,
    weights_number,
)
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_CASTLE, D_PLACE
from tests.agents.pinned import self_play

OPTIONS: list[dict[str, Any]] = [
    {"edition": edition, "favours": favours} for edition in (1, 2) for favours in ("table", "simple")
]


def random_states(count: int, seed: int) -> list[CaylusState]:
    """States reached by random play from fresh games of 2 to 5 players, every edition and favour mode."""
    rng = random.Random(seed)
    states: list[CaylusState] = []
    while len(states) < count:
        players = rng.choice((2, 3, 4, 5))
        state = new_game("caylus", players=players, seed=rng.randrange(10**6), options=rng.choice(OPTIONS))
        assert isinstance(state, CaylusState)
        for _ in range(rng.randrange(60 * players)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if not state.is_terminal:
            states.append(state)
    return states


STATES = random_states(400, seed=7)


def test_registered_for_caylus_next_to_the_builders_bot_of_the_same_name() -> None:
    assert {"heuristic", "random"} <= set(agents_for("caylus"))
    assert isinstance(make_agent("heuristic", "caylus", 3), CaylusHeuristicAgent)
    assert isinstance(make_agent("heuristic", "builders", 3), GreedyBuildersAgent)
    assert isinstance(make_agent("random", "caylus", 3), RandomAgent)
    spec = agent_spec("heuristic", "caylus")
    assert spec is not None and spec.games == frozenset({"caylus"})
    assert "caylus" in AGENTS["heuristic"].description and "builders" in AGENTS["heuristic"].description
    with pytest.raises(ValueError, match="greedy"):
        make_agent("greedy", "caylus", 0)


def test_a_name_can_be_registered_once_per_game() -> None:
    before = len(AGENTS["heuristic"].specs)
    with pytest.raises(ValueError, match="already registered for caylus"):
        register_agent("heuristic", "again", lambda game, seed: RandomAgent(seed), frozenset({"caylus"}))
    with pytest.raises(ValueError, match="every game"):
        register_agent("random", "again", lambda game, seed: RandomAgent(seed))
    assert len(AGENTS["heuristic"].specs) == before  # the failed registrations left nothing behind


def test_random_states_cover_every_kind_of_decision() -> None:
    kinds = {state._stack[-1][0] for state in STATES}
    assert len(kinds) >= 12, sorted(kinds)
    assert {s.num_players for s in STATES} == {2, 3, 4, 5}


def test_always_chooses_a_legal_action_and_leaves_the_state_alone() -> None:
    agent = CaylusHeuristicAgent(seed=0)
    for state in STATES:
        before = state.to_json()
        action = agent.choose(state)
        assert action in state.legal_action_ids(), (state.prompt(), state.view(None))
        assert state.to_json() == before


def test_plays_on_legally_from_random_states() -> None:
    for i, state in enumerate(STATES[:80]):
        game = state.clone()
        agent = CaylusHeuristicAgent(seed=i)
        for _ in range(60):
            if game.is_terminal:
                break
            action = agent.choose(game)
            assert game.illegal_reason(action) is None
            game.apply(action)


def test_refuses_other_games() -> None:
    with pytest.raises(TypeError, match="Caylus"):
        CaylusHeuristicAgent().choose(new_game("builders", players=2, seed=1))


@pytest.mark.parametrize(
    "agents", [["heuristic", "random"], ["random", "heuristic", "random"], ["heuristic"] * 4]
)
def test_deterministic_for_a_given_seed(agents: list[str]) -> None:
    first = play_game("caylus", agents, seed=11)
    second = play_game("caylus", agents, seed=11)
    assert first.record == second.record


# Pinned self-play games (tests/agents/pinned.py); the heuristic plays every rollout of the search to the
# end of the game.
PINNED_GAMES = [
    (2, 1, 319, "418432a183d3742b", [159, 134]),
    (3, 2, 275, "22d4927844b8b30a", [64, 81, 68]),
    (5, 3, 333, "d196d99bcecc46f5", [56, 50, 60, 61, 47]),
]


@pytest.mark.parametrize(("players", "seed", "moves", "digest", "scores"), PINNED_GAMES)
def test_self_play_games_are_pinned(
    players: int, seed: int, moves: int, digest: str, scores: list[int]
) -> None:
    bots = [CaylusHeuristicAgent(seat) for seat in range(players)]
    actions, played, state = self_play("caylus", bots, seed)
    assert (len(actions), played, state.scores()) == (moves, digest, scores)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_games_between_heuristic_bots_end(players: int) -> None:
    for seed, options in enumerate(OPTIONS[: 4 if players == 2 else 1]):
        result = play_game("caylus", ["heuristic"] * players, seed=seed, options=options)
        assert result.rounds is not None and result.rounds <= 30
        assert max(result.scores) >= 40  # the bots build and score, not just shuffle deniers


def test_beats_random_in_two_players() -> None:
    wins = 0
    penalties = Counter[int]()
    started = time.process_time()
    decisions = 0
    for seed in range(40):
        seat = seed % 2  # seats alternate
        state = new_game("caylus", players=2, seed=seed)
        assert isinstance(state, CaylusState)
        bots: dict[int, Agent] = {seat: CaylusHeuristicAgent(seed), 1 - seat: RandomAgent(seed)}
        gave = -1  # the turn the bot last gave a batch
        while (current := state.current_player) is not None:
            action = bots[current].choose(state)
            if current == seat:
                decisions += 1
                if state._stack[-1][0] == D_CASTLE:
                    if action != A.PASS:
                        gave = state.turn
                    elif gave != state.turn:
                        penalties[seed] += 1
            state.apply(action)
        wins += state.winners() == [seat]
    assert wins >= 34, f"won only {wins} of 40"
    assert sum(penalties.values()) <= 2, penalties  # a castle worker without a batch is rare
    assert (time.process_time() - started) / decisions < 0.02  # well under 20 ms a decision


def first_turn(cubes: list[int]) -> tuple[list[int], CaylusState]:
    """Turn 1 of a 2-player game with the bot's cubes set to ``cubes`` and an opponent that always
    passes: the places the bot took, and the state once the turn is over."""
    state = new_game("caylus", players=2, seed=5)
    doc = json.loads(state.to_json())
    doc["state"]["cubes"][0] = cubes
    state = State.from_json(json.dumps(doc), replay=False)
    assert isinstance(state, CaylusState)
    agent = CaylusHeuristicAgent(seed=0)
    places = []
    while state.turn == 1:
        if state.current_player == 0:
            action = agent.choose(state)
            if state._stack[-1][0] == D_PLACE:
                places.append(action)
        else:
            action = A.PASS if A.PASS in state.legal_action_ids() else state.legal_action_ids()[0]
        state.apply(action)
    return places, state


def test_goes_to_the_castle_with_a_batch_in_hand() -> None:
    places, state = first_turn([1, 0, 1, 1, 0])  # food, stone, cloth: nothing to build with them
    assert A.PLACE_CASTLE in places
    assert state.houses(Section.DUNGEON, 0) >= 1


@pytest.mark.parametrize("cubes", [[0, 0, 0, 0, 0], [2, 1, 0, 0, 0], [3, 0, 0, 0, 3], [0, 2, 2, 2, 0]])
def test_no_castle_worker_without_a_batch_in_reach(cubes: list[int]) -> None:
    places, state = first_turn(cubes)
    if A.PLACE_CASTLE in places:  # only if its own production made the batch
        assert state.houses(Section.DUNGEON, 0) >= 1


def test_the_worth_tables_keep_weights_apart() -> None:
    """The cube values are memoised per Weights object (by a number, not the dataclass's hash): other
    weights never read the default weights' values, and the same object always finds its own table."""
    state = random_states(1, 5)[0]
    seat = state.current_player
    assert seat is not None
    rich = replace(DEFAULT_WEIGHTS, spare_cube=(2.0, 2.0, 2.0, 2.0), gold=9.0)
    inv = (2, 1, 1, 0, 1)
    plain = Reckoner(state, seat, DEFAULT_WEIGHTS).worth(inv)
    assert Reckoner(state, seat, rich).worth(inv) > plain
    assert Reckoner(state, seat, DEFAULT_WEIGHTS).worth(inv) == plain
    assert weights_number(DEFAULT_WEIGHTS) == weights_number(DEFAULT_WEIGHTS) != weights_number(rich)
