"""The Caylus 1303 heuristic bot: legal, deterministic, read-only, blind to hidden PP, quick, and much
stronger than random."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest

from masterbuilder import new_game
from masterbuilder.agents import AGENTS, Agent, agent_spec, agents_for, make_agent
from masterbuilder.agents.random_agent import RandomAgent
from masterbuilder.arena.match import play_game
from masterbuilder.games.caylus.heuristic import CaylusHeuristicAgent
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import START_SPACES, TILES, Char
from masterbuilder.games.caylus1303.heuristic import DEFAULT_WEIGHTS, Caylus1303HeuristicAgent, economy
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
)
from tests.agents.pinned import self_play

GAME = "caylus1303"
EVERY_KIND = {
    D_DRAFT,
    D_EARLY,
    D_PLACE,
    D_EFFECT,
    D_PAY,
    D_BRIDGE,
    D_BAILIFF,
    D_DELIVER,
    D_FAVOUR,
    D_BOARD_CHAR,
    D_MONUMENT,
}
OPTIONS: list[dict[str, Any]] = [{"characters": "random"}, {"characters": "recommended"}]


def kind(state: Caylus1303State) -> int:
    decision = state.pending_decision
    assert decision is not None
    return decision[0]


def random_states(count: int, seed: int) -> list[Caylus1303State]:
    """States reached by random play from fresh games of 2 to 5 players, both character options."""
    rng = random.Random(seed)
    states: list[Caylus1303State] = []
    while len(states) < count:
        players = rng.choice((2, 3, 4, 5))
        state = new_game(GAME, players=players, seed=rng.randrange(10**6), options=rng.choice(OPTIONS))
        assert isinstance(state, Caylus1303State)
        for _ in range(rng.randrange(120 * players)):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
        if not state.is_terminal:
            states.append(state)
    return states


def last_round(seed: int, resources: list[int], residence: bool) -> Caylus1303State:
    """A 2-player game played by the bot (seat 0) and a random bot up to the last round's planning; then
    seat 0 is given ``resources`` and, if ``residence``, a residence."""
    state = new_game(GAME, players=2, seed=seed)
    assert isinstance(state, Caylus1303State)
    bots: list[Agent] = [Caylus1303HeuristicAgent(seed), RandomAgent(seed)]
    while not (state.round == 9 and state.phase == 1):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    if residence:
        space = next(s for s in START_SPACES if state.owner_at(s) is None and not state.workers_at(s))
        assert state._houses[0] > 0
        state._owner[space] = 0
        state._residence[space] = 1
        state._road_changed()
        state._houses[0] -= 1
    state._res[0] = list(resources)
    assert state.integrity_problem() is None
    return state


def play_out(state: Caylus1303State, seed: int, until_phase: int = 6) -> list[tuple[Any, ...]]:
    """Play on (the bot in seat 0, a random bot in seat 1) while the phase is before ``until_phase``; the
    events of the way."""
    state.log_events()
    bots: list[Agent] = [Caylus1303HeuristicAgent(seed), RandomAgent(seed)]
    while (seat := state.current_player) is not None and state.phase < until_phase:
        state.apply(bots[seat].choose(state))
    return state.take_events()


def monument_states() -> list[Caylus1303State]:
    """The bot's last monument decision of the game (for its last residence on the road), after
    :func:`last_round` gave it a residence and the resources for the largest monument."""
    found = []
    for seed in range(3):
        state = last_round(seed, [1, 1, 5, 1, 5], residence=True)
        bots: list[Agent] = [Caylus1303HeuristicAgent(seed), RandomAgent(seed)]
        while (seat := state.current_player) is not None:
            decision = state.pending_decision
            assert decision is not None
            if decision[0] == D_MONUMENT and seat == 0:
                later = [s for s in START_SPACES if s > decision[2] and state.is_residence(s)]
                if not any(state.owner_at(s) == 0 for s in later):
                    found.append(state.clone())
                    break
            state.apply(bots[seat].choose(state))
    return found


STATES = random_states(300, seed=7)
MONUMENT_STATES = monument_states()


def test_registered_for_caylus1303_next_to_the_other_heuristics() -> None:
    assert {"heuristic", "random"} <= set(agents_for(GAME))
    assert isinstance(make_agent("heuristic", GAME, 3), Caylus1303HeuristicAgent)
    assert isinstance(make_agent("heuristic", "caylus", 3), CaylusHeuristicAgent)
    spec = agent_spec("heuristic", GAME)
    assert spec is not None and spec.games == frozenset({GAME})
    assert GAME in AGENTS["heuristic"].description


def test_the_states_cover_every_kind_of_decision() -> None:
    kinds = {kind(s) for s in STATES} | {kind(s) for s in MONUMENT_STATES}
    assert kinds == EVERY_KIND, sorted(EVERY_KIND - kinds)
    assert {s.num_players for s in STATES} == {2, 3, 4, 5}
    assert MONUMENT_STATES


def test_always_chooses_a_legal_action_and_leaves_the_state_alone() -> None:
    agent = Caylus1303HeuristicAgent(seed=0)
    for state in [*STATES, *MONUMENT_STATES]:
        before = state.to_json()
        action = agent.choose(state)
        assert action in state.legal_action_ids(), (state.prompt(), state.view(None))
        assert state.to_json() == before


def test_plays_on_legally_from_random_states() -> None:
    for i, state in enumerate(STATES[:50]):
        game = state.clone()
        agent = Caylus1303HeuristicAgent(seed=i)
        for _ in range(40):
            if game.is_terminal:
                break
            action = agent.choose(game)
            assert game.illegal_reason(action) is None
            game.apply(action)


def test_does_not_read_other_seats_prestige() -> None:
    rng = random.Random(3)
    for state in STATES[::2]:
        seat = state.current_player
        assert seat is not None
        chosen = Caylus1303HeuristicAgent(seed=1).choose(state)
        other = state.clone()
        for p in range(other.num_players):
            if p != seat:
                other._pp[p] = rng.randrange(200)
        assert Caylus1303HeuristicAgent(seed=1).choose(other) == chosen, state.prompt()


def test_refuses_other_games() -> None:
    with pytest.raises(TypeError, match="Caylus 1303"):
        Caylus1303HeuristicAgent().choose(new_game("builders", players=2, seed=1))


@pytest.mark.parametrize(
    "agents", [["heuristic", "random"], ["random", "heuristic", "random"], ["heuristic"] * 4]
)
def test_deterministic_for_a_given_seed(agents: list[str]) -> None:
    first = play_game(GAME, agents, seed=11)
    second = play_game(GAME, agents, seed=11)
    assert first.record == second.record


# Pinned self-play games (tests/agents/pinned.py).
PINNED_GAMES = [
    (2, 1, 132, "c6577d56c5e422cc", [51, 32]),
    (3, 2, 172, "a4915d24e5789087", [50, 26, 27]),
    (4, 3, 239, "5369b2b5c707343b", [30, 45, 50, 50]),
]


@pytest.mark.parametrize(("players", "seed", "moves", "digest", "scores"), PINNED_GAMES)
def test_self_play_games_are_pinned(
    players: int, seed: int, moves: int, digest: str, scores: list[int]
) -> None:
    bots = [Caylus1303HeuristicAgent(seed=seat) for seat in range(players)]
    actions, played, state = self_play(GAME, bots, seed)
    assert (len(actions), played, state.scores()) == (moves, digest, scores)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_games_between_heuristic_bots_end_with_points(players: int) -> None:
    for seed, options in enumerate(OPTIONS):
        result = play_game(GAME, ["heuristic"] * players, seed=seed, options=options)
        assert result.rounds == 9
        assert max(result.scores) >= 25  # the bots deliver and build, not just shuffle workers


def test_beats_random_in_two_players() -> None:
    wins = 0
    decisions = 0
    seconds = 0.0
    for seed in range(20):
        seat = seed % 2  # seats alternate
        state = new_game(GAME, players=2, seed=seed)
        bots: dict[int, Agent] = {seat: Caylus1303HeuristicAgent(seed), 1 - seat: RandomAgent(seed)}
        while (current := state.current_player) is not None:
            started = time.process_time()
            action = bots[current].choose(state)
            if current == seat:
                seconds += time.process_time() - started
                decisions += 1
            state.apply(action)
        wins += state.winners() == [seat]
    assert wins >= 18, f"won only {wins} of 20"
    assert seconds / decisions < 0.01  # well under 10 ms a decision (about 1 ms on a laptop)


def test_builds_the_best_monument_it_can_afford_for_its_last_residence() -> None:
    for state in MONUMENT_STATES:
        action = Caylus1303HeuristicAgent(seed=0).choose(state)
        assert action != A.DECLINE
        # at the end only PP count, and 2 PP for each gold kept
        best = max(state.monuments_affordable(0), key=lambda m: TILES[m].pp - 2 * TILES[m].cost[4])
        assert A.BUILDABLE[action - A.BUILD] == best


def test_goes_to_the_site_and_delivers_every_bundle_in_the_last_round() -> None:
    for seed in range(3):
        state = last_round(seed, [3, 2, 2, 2, 0], residence=False)  # three bundles in hand
        events = play_out(state, seed)
        delivered = [e for e in events if e[0] == "delivered" and e[1] == 0]
        assert len(delivered) >= 3, events


def test_spends_its_workers_in_the_last_round() -> None:
    for seed in range(4):
        state = last_round(seed, [1, 1, 1, 0, 0], residence=False)  # a bundle in hand
        hand = state.workers(0)
        play_out(state, seed, until_phase=2)
        assert 0 in state.site or state.character_holder(Char.DELIVERYMAN) == 0  # it will deliver
        assert state.workers(0) <= max(2, hand - 3)  # kept workers are worth nothing at the end


def test_each_weights_object_has_its_own_economy() -> None:
    """The resource estimates are memoised per Weights object (by its id, the object kept): other weights
    get their own economy, the same object always the same one."""
    other = replace(DEFAULT_WEIGHTS, gold=DEFAULT_WEIGHTS.gold + 1.0)
    assert economy(DEFAULT_WEIGHTS) is economy(DEFAULT_WEIGHTS)
    assert economy(other) is not economy(DEFAULT_WEIGHTS)
    inv = (1, 1, 1, 1, 2)
    assert economy(other).worth(inv, 2, 0) == pytest.approx(economy(DEFAULT_WEIGHTS).worth(inv, 2, 0) + 2.0)
