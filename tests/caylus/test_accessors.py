"""Public read-only accessors that bots and UIs use instead of the engine's private fields."""

from __future__ import annotations

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.tasks import D_CASTLE, D_MARKET, D_PLACE, T_ACTIVATE
from tests.caylus.helpers import STOP, check, fresh, put_castle, put_tile, put_worker, run, set_cubes


def test_pending_decision_names_the_decision_and_its_seat() -> None:
    s = fresh(players=3, seed=4)
    decision = s.pending_decision
    assert decision is not None
    assert decision[0] == D_PLACE and decision[1] == s.current_player


def test_batches_given_counts_this_turns_houses() -> None:
    # rules: Caylus, phase 6 — each batch places one house
    s = fresh(players=3, seed=1)
    put_castle(s, 0)
    set_cubes(s, 0, food=2, wood=2, stone=2)
    run(s, [STOP, (D_CASTLE, 0)])
    assert s.batches_given(0) == 0
    s.apply(A.BATCH + A.BATCHES.index((1, 2)))
    check(s)
    assert s.batches_given(0) == 1


def test_activating_space_is_the_building_being_used() -> None:
    # rules: Caylus, phase 5 — buildings activate in road order up to the provost
    s = fresh(players=3, seed=2)
    put_tile(s, 9, "w_market", owner=1)
    put_worker(s, 0, 9)
    set_cubes(s, 0, food=1, wood=1)
    s._provost = 9
    run(s, [STOP, (T_ACTIVATE, 9)])
    assert s.pending_decision == (D_MARKET, 0, 6)
    assert s.activating_space == 9
    s.apply(A.PASS)
    assert s.activating_space is None
