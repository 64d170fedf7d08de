"""Property tests over random games of The Builders (2-4 players).

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
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.data import WAGE
from masterbuilder.games.builders.state import BuildersState
from tests.builders.helpers import check, fresh
from tests.contract import (
    check_clone_independent,
    check_refused,
    check_round_trip,
    finish,
    follow,
    illegal_inputs,
)

NUM_ACTIONS = GAMES["builders"].num_distinct_actions(2)
MAX_DECISIONS_PER_TURN = 200  # far above what any reachable turn needs (random games peak near 25)


@dataclass(frozen=True)
class Game:
    players: int
    seed: int
    options: dict[str, Any]
    choices: list[int]
    finisher: int  # seed of the random player that finishes the game

    def start(self) -> BuildersState:
        return fresh(self.players, self.seed, self.options)


options_st = st.fixed_dictionaries(
    {
        "round_limit": st.sampled_from([100, 100, 1, 3, 12]),
        "tiebreak": st.sampled_from(["shared", "building_points"]),
        "open_worker_deck": st.booleans(),
    }
)
games = st.builds(
    Game,
    players=st.integers(2, 4),
    seed=st.integers(0, 2**40),
    options=options_st,
    choices=st.lists(st.integers(0, 1000), max_size=150),
    finisher=st.integers(0, 2**32),
)


def check_action_space(state: BuildersState) -> None:
    """legal_action_ids() agrees with illegal_reason() for every id; ids in range; labels unique."""
    legal = state.legal_action_ids()
    assert legal == sorted(set(legal))
    size = GAMES["builders"].num_distinct_actions(state.num_players, state.options)
    assert all(0 <= a < size for a in legal)
    assert legal == [a for a in range(size) if state.illegal_reason(a) is None]
    actions = state.legal_actions()
    assert [a.id for a in actions] == legal
    assert len({a.label for a in actions}) == len(actions)
    assert all(a.seat == state.current_player for a in actions)
    assert (legal == []) == state.is_terminal


def check_invariants(state: BuildersState) -> None:
    check(state)  # every worker card and every building card in exactly one place
    assert all(state.coins(p) >= 0 for p in range(state.num_players))
    assert state.actions_left >= 0


@given(games)
def test_invariants_and_action_space_after_every_action(game: Game) -> None:
    s = game.start()
    rng = random.Random(game.finisher)
    check_action_space(s)
    for step in range(len(game.choices) + 150):
        legal = s.legal_action_ids()
        if not legal:
            break
        c = game.choices[step] if step < len(game.choices) else rng.randrange(1000)
        s.apply(legal[c % len(legal)])
        check_invariants(s)
        check_action_space(s)


@given(games)
def test_every_game_ends_within_a_bound(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    limit = game.options["round_limit"]
    bound = limit * game.players * MAX_DECISIONS_PER_TURN
    rng = random.Random(game.finisher)
    for _ in range(bound):
        if s.is_terminal:
            break
        s.apply(rng.choice(s.legal_action_ids()))
        check_invariants(s)
    assert s.is_terminal, f"not over after {bound} random moves"
    # the end: everyone had the same number of turns; the trigger or the round limit; the score rule
    assert s.current_player is None and s.legal_actions() == [] and s.legal_action_ids() == []
    assert s._turns % game.players == 0
    rounds = s._turns // game.players
    assert s.round == rounds  # once over, the last round played
    assert rounds <= limit
    assert max(s.building_points(p) for p in range(game.players)) >= 17 or rounds == limit
    scores = s.scores()
    assert scores == [s.building_points(p) + s.coins(p) // 10 for p in range(game.players)]
    winners = s.winners()
    assert winners and all(scores[w] == max(scores) for w in winners)
    if game.options["tiebreak"] == "shared":
        assert winners == [p for p in range(game.players) if scores[p] == max(scores)]


@given(games)
def test_records_and_json_round_trip_mid_game_and_at_the_end(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    for _ in range(2):  # mid-game, then at the end
        loaded = check_round_trip(s, game.finisher, 60)
        assert isinstance(loaded, BuildersState)
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
        check_refused(s, illegal_inputs(s, ["END TURN"]))
        seat = s.current_player
        if seat is not None and s.pending_worker is None:
            for w in s.free_workers(seat):
                if WAGE[w] > s.coins(seat):  # an unaffordable wage
                    assert A.SEND + w not in s.legal_action_ids()
                    reason = s.illegal_reason(A.SEND + w)
                    assert reason is not None and "wage" in reason
        finish(s, game.finisher)


def view_texts(state: BuildersState) -> list[str]:
    seats: list[int | None] = [None, *range(state.num_players)]
    return [json.dumps(state.view(seat), sort_keys=True) for seat in seats]


@given(games, st.randoms(use_true_random=False))
def test_views_never_reveal_the_deck_order(game: Game, rnd: random.Random) -> None:
    s = game.start()
    follow(s, game.choices)
    other = s.clone()
    below_top = other._bdeck[:-1]
    rnd.shuffle(below_top)
    other._bdeck[:-1] = below_top
    if game.options["open_worker_deck"]:
        below_top = other._wdeck[:-1]
        rnd.shuffle(below_top)
        other._wdeck[:-1] = below_top
    else:
        rnd.shuffle(other._wdeck)
    check(other)
    assert view_texts(other) == view_texts(s)
    # the hidden part really differs in most examples; views may not tell the two states apart
    if other._bdeck != s._bdeck or other._wdeck != s._wdeck:
        assert other.to_json() != s.to_json()
    # everything on the table is public: views differ only in "viewer"
    views = [s.view(seat) for seat in [None, *range(s.num_players)]]
    assert all({**v, "viewer": None} == {**views[0], "viewer": None} for v in views)
    for view in (s.view(None), s.view(0)):
        assert "building_deck" not in view and "worker_deck" not in view and "seed" not in view
        assert view["building_deck_top"] == (s._bdeck[-1] if s._bdeck else None)


@given(st.integers(2, 4), st.integers(0, 2**32))
def test_random_bot_games_replay_from_their_record(players: int, seed: int) -> None:
    result = play_game("builders", ["random"] * players, seed)
    assert len(result.scores) == players and result.winners
    state = load_record(result.record)
    assert state.is_terminal
    assert tuple(state.scores()) == result.scores and tuple(state.winners()) == result.winners
    assert len(state.history) == result.actions
    assert play_game("builders", ["random"] * players, seed).record == result.record
