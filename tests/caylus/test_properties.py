"""Property tests over random games of Caylus (2-5 players, both editions, both favour modes).

A game is drawn as (players, seed, options, choices): each choice index picks one of the legal actions
(``legal[choice % len(legal)]``), so hypothesis can shrink a failing game to a short one; games are then
finished by a seeded random player. The hypothesis profile ("dev", or "ci" under CI=true) sets the number of
examples (tests/conftest.py).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from masterbuilder import GAMES, load_record
from masterbuilder.arena import play_game
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import ROAD_LENGTH, SECTION_MARK, START_SPACE, Section
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_PLACE
from tests.caylus.helpers import check, fresh, put_tile, refused, start_placement
from tests.contract import (
    check_clone_independent,
    check_refused,
    check_round_trip,
    finish,
    follow,
    illegal_inputs,
)

NUM_ACTIONS = GAMES["caylus"].num_distinct_actions(2)
# The bailiff moves at least one space a turn from space 6, and the towers are scored when it reaches 24.
MAX_TURNS = SECTION_MARK[Section.TOWERS] - START_SPACE
MAX_DECISIONS_PER_TURN = 400  # far above what a turn needs (random games use about 20 a turn)


@dataclass(frozen=True)
class Game:
    players: int
    seed: int
    options: dict[str, Any]
    choices: list[int]
    finisher: int  # seed of the random player that finishes the game

    def start(self) -> CaylusState:
        return fresh(
            self.players, self.seed, edition=self.options["edition"], favours=self.options["favours"]
        )


options_st = st.fixed_dictionaries(
    {"edition": st.sampled_from([1, 2]), "favours": st.sampled_from(["table", "simple"])}
)
games = st.builds(
    Game,
    players=st.integers(2, 5),
    seed=st.integers(0, 2**40),
    options=options_st,
    choices=st.lists(st.integers(0, 1000), max_size=150),
    finisher=st.integers(0, 2**32),
)


def check_action_space(state: CaylusState) -> None:
    """legal_action_ids() agrees with illegal_reason() for every id; labels unique; seats right."""
    legal = state.legal_action_ids()
    assert legal == sorted(set(legal))
    assert legal == [a for a in range(NUM_ACTIONS) if state.illegal_reason(a) is None]
    actions = state.legal_actions()
    assert [a.id for a in actions] == legal
    assert len({a.label for a in actions}) == len(actions)
    assert all(a.seat == state.current_player for a in actions)
    assert (legal == []) == state.is_terminal
    # a pending decision always offers a real choice (single choices are taken by the engine)
    assert state.is_terminal or len(legal) >= 2
    for a in legal:
        assert state.describe_action(a)


def check_invariants(state: CaylusState) -> None:
    check(state)
    n = state.num_players
    assert all(state.deniers(p) >= 0 for p in range(n))
    assert all(c >= 0 for p in range(n) for c in state.cubes(p))
    assert all(state.prestige(p) >= 0 for p in range(n))
    assert 1 <= state.provost <= ROAD_LENGTH
    assert START_SPACE <= state.bailiff <= ROAD_LENGTH
    assert all(0 <= col <= 5 for p in range(n) for col in state.favour_columns(p))
    assert all(max(state.favour_columns(p)) <= state.open_columns for p in range(n))
    assert all(0 <= state.workers_at_home(p) <= 6 for p in range(n))
    assert sum(state.section_filled(s) for s in Section) <= 30


@given(games)
def test_invariants_and_action_space_after_every_action(game: Game) -> None:
    # Invariants and the whole action space (all 119 ids) after every action of a whole game.
    s = game.start()
    rng = random.Random(game.finisher)
    check_action_space(s)
    bailiff = s.bailiff
    first_seen = {s.turn: (s.bailiff, s.provost, s.phase)}  # bailiff, provost, phase when a turn starts
    steps = 0
    while not s.is_terminal:
        legal = s.legal_action_ids()
        c = game.choices[steps] if steps < len(game.choices) else rng.randrange(1000)
        s.apply(legal[c % len(legal)])
        steps += 1
        check_invariants(s)
        check_action_space(s)
        assert s.bailiff >= bailiff  # the bailiff only moves forward
        bailiff = s.bailiff
        if s.turn not in first_seen and not s.is_terminal:
            first_seen[s.turn] = (s.bailiff, s.provost, s.phase)
    turns = sorted(first_seen)
    assert turns == list(range(1, len(turns) + 1))
    for turn in turns[1:]:
        before, now = first_seen[turn - 1][0], first_seen[turn][0]
        assert now - before in (1, 2)  # the bailiff moves 1 or 2 spaces a turn
        assert first_seen[turn][1] == now and first_seen[turn][2] == 2  # the provost put on it; placing
    if game.options["favours"] == "simple":
        assert all(s.favour_columns(p) == (0, 0, 0, 0) for p in range(game.players))


@given(games)
def test_every_game_ends_within_a_bound(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    bound = MAX_TURNS * MAX_DECISIONS_PER_TURN
    steps = finish(s, game.finisher, bound)
    assert s.is_terminal, f"not over after {steps} random moves"
    assert s.turn <= MAX_TURNS
    assert s.section_scored(Section.TOWERS)
    assert s.current_player is None and s.legal_actions() == [] and s.legal_action_ids() == []
    scores = s.scores()
    assert scores == [s.prestige(p) for p in range(game.players)]
    assert all(b >= 0 for b in s.final_bonus)
    for p in range(game.players):
        c = s.cubes(p)
        assert s.final_bonus[p] == 3 * c[4] + sum(c[:4]) // 3 + s.deniers(p) // 4
    winners = s.winners()
    assert winners == [p for p in range(game.players) if scores[p] == max(scores)]


@given(games)
def test_records_and_json_round_trip_mid_game_and_at_the_end(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    for _ in range(2):  # mid-game, then at the end
        loaded = check_round_trip(s, game.finisher, 60)
        assert isinstance(loaded, CaylusState) and loaded.prompt() == s.prompt()
        finish(s, game.finisher)


@given(games)
def test_clone_is_independent(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    check_clone_independent(s, game.finisher)


@given(games)
def test_illegal_actions_raise_and_change_nothing(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    for _ in range(2):  # a reachable state, then the end of the game
        check_refused(s, illegal_inputs(s, ["PASS"]))
        seat = s.current_player
        if seat is not None and s._stack[-1][0] == D_PLACE:
            for target in s._open_targets(seat):
                space = target - 5
                own = 6 <= target < 6 + ROAD_LENGTH and s.owner_at(space) == seat
                if s.placement_cost(seat, own) > s.deniers(seat) and s.workers_at_home(seat):
                    assert A.PLACE + target not in s.legal_action_ids()
                    reason = s.illegal_reason(A.PLACE + target)
                    assert reason is not None and "costs" in reason
        finish(s, game.finisher)


def test_an_unaffordable_placement_raises_and_changes_nothing() -> None:
    # rules: Caylus, phase 2 b): the price is the lowest free number of the passing scale
    s = fresh(4, order=[0, 1, 2, 3])
    put_tile(s, 9, "w_sawmill", 2)
    s._deniers[2] = 2
    start_placement(s, 0)
    s.apply("pass")
    s.apply("pass")
    assert s.current_player == 2 and s.placement_cost(2, False) == 3
    assert "costs 3 deniers; you have 2" in refused(s, A.place_road(7))
    assert "costs 3 deniers" in refused(s, A.PLACE_CASTLE)
    assert s.legal_action_ids() == [A.PASS, A.place_road(9)]  # only its own building (1 denier)


def test_views_are_public_json_and_the_same_for_every_seat() -> None:
    # rules: Caylus, setup: "Denary i kostki surowców należące da graczy powinny być widoczne dla innych
    # graczy przez całą grę." (no hidden information)
    s = fresh(4, 11)
    finish(s, 5, 120)
    views = [s.view(seat) for seat in [None, 0, 1, 2, 3]]
    assert all({**v, "viewer": None} == {**views[0], "viewer": None} for v in views)
    json.dumps(views)
    assert views[0]["bailiff"] == s.bailiff and views[0]["provost"] == s.provost


@given(st.integers(2, 5), st.integers(0, 2**32))
def test_random_bot_games_replay_from_their_record(players: int, seed: int) -> None:
    result = play_game("caylus", ["random"] * players, seed)
    assert len(result.scores) == players and result.winners
    state = load_record(result.record)
    assert state.is_terminal
    assert tuple(state.scores()) == result.scores and tuple(state.winners()) == result.winners
    assert len(state.history) == result.actions
    assert play_game("caylus", ["random"] * players, seed).record == result.record
