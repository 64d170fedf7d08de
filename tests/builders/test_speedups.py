"""The Builders' speed-ups change nothing: ``resolve``'s quick acceptance from the legal list last asked for,
and the planner's readiness bound (a plan that cannot beat the best so far is not given its readiness)."""

from __future__ import annotations

import random

import pytest

from masterbuilder.core.errors import IllegalAction
from masterbuilder.games.builders.actions import HIRE, START
from masterbuilder.games.builders.heuristic import DEFAULT_WEIGHTS, ENDGAME_WEIGHTS, Planner, Weights
from masterbuilder.games.builders.state import BuildersState
from tests.builders.helpers import fresh


def played(players: int, seed: int, moves: int) -> BuildersState:
    state = fresh(players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def test_an_id_legal_before_an_action_is_refused_after_it_once_illegal() -> None:
    # rules: Builders, "Rozpoczęcie budowy" — a started building leaves the face-up row
    state = fresh(2, seed=3)
    start = next(a for a in state.legal_action_ids() if START <= a < HIRE)
    state.apply(start)  # taken at once from the list just asked for
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not in the face-up row"):
        state.apply(start)  # no list asked for since the action
    assert start not in state.legal_action_ids()
    with pytest.raises(IllegalAction, match="not in the face-up row"):
        state.apply(start)  # not in the list just asked for
    assert state.to_json() == before


def test_a_changed_legal_list_is_not_handed_out() -> None:
    state = played(3, seed=5, moves=40)
    asked = state.legal_action_ids()
    kept = list(asked)
    asked.clear()  # the caller's copy: the state's own list is not touched
    assert state.legal_action_ids() == kept


@pytest.mark.parametrize("weights", [DEFAULT_WEIGHTS, ENDGAME_WEIGHTS], ids=["default", "endgame"])
def test_the_readiness_bound_changes_no_plan(weights: Weights) -> None:
    # A planner that keeps more than its best plan values every plan in full: the bound is off there.
    checked = 0
    for seed in range(12):
        state = played(2 + seed % 3, seed, moves=30 + 11 * seed)
        if state.is_terminal:
            continue
        bounded = Planner(state, weights)
        full = Planner(state, weights)
        full.keep = 2
        assert bounded.plan() == full.plan()
        assert bounded.best_value == full.best_value
        assert bounded.work == full.work
        checked += 1
    assert checked >= 8
