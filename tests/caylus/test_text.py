"""What the engine tells a player about a pending choice (describe_action and prompt)."""

from __future__ import annotations

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.tasks import D_CASTLE, D_ROW, T_FAVOURS
from tests.caylus.helpers import STOP, check, fresh, put_castle, run, set_cubes


def test_stopping_in_the_castle_without_a_batch_warns_of_the_penalty() -> None:
    # rules: Caylus, phase 6 — a castle worker whose owner gives no batch loses 2 PP
    s = fresh(players=3, seed=1)
    put_castle(s, 0)
    set_cubes(s, 0, food=1, wood=1, stone=1)
    run(s, [STOP, (D_CASTLE, 0)])
    assert s.legal_action_ids() == [A.PASS, A.BATCH + A.BATCHES.index((1, 2))]
    assert "you lose 2 PP" in s.describe_action(A.PASS)
    s.apply(A.BATCH + A.BATCHES.index((1, 2)))
    check(s)
    assert "lose" not in s.describe_action(A.PASS)  # a batch was given: stopping costs nothing


def test_a_favour_row_says_where_the_marker_goes_and_what_it_pays() -> None:
    # rules: Caylus, royal favours — advance one column (if open), then take its effect
    s = fresh(players=3, seed=2)
    run(s, [STOP, (T_FAVOURS, 0, 1)])
    assert s._stack[-1][0] == D_ROW
    assert s.describe_action(A.ROW + 0) == "Royal favour, prestige row: advance to column 1, take 1 PP"
    assert s.describe_action(A.ROW + 1) == "Royal favour, deniers row: advance to column 1, take 3 deniers"
    s._favour[0][0] = 2  # column 2 reached; columns 3-4 are still closed
    assert s.describe_action(A.ROW + 0) == "Royal favour, prestige row: stay on column 2, take 2 PP"
