"""A Caylus move as each seat reads it: the seat that makes it in the second person ('Place a worker on the
Farm (yours)'), everyone else in the third ('Bob places a worker on the Farm (their own)')."""

from __future__ import annotations

import pytest

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.tasks import D_CASTLE, T_FAVOURS
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    STOP,
    fresh,
    put_castle,
    put_tile,
    run,
    set_cubes,
    start_placement,
)

NAMES = ("Ann", "Bob", "Cy", "Dee")


def test_a_placement_names_the_owner_from_the_readers_point_of_view() -> None:
    # rules: Caylus, phase 2 — a worker on another player's building gives its owner 1 PP
    s = fresh(4, order=[BLUE, RED, GREEN, ORANGE])
    put_tile(s, 9, "w_sawmill", RED)
    put_tile(s, 10, "w_quarry", GREEN)
    start_placement(s, BLUE)
    s.apply("pass")  # Red (seat 1) to place
    own, greens = A.place_road(9), A.place_road(10)
    assert s.describe_action(own) == "Place a worker on the Sawmill (wood) on space 9 (yours) for 1 denier"
    assert s.describe_action(own, reader=RED, names=NAMES) == s.describe_action(own)
    assert s.describe_action(own, reader=BLUE, names=NAMES) == (
        "Bob places a worker on the Sawmill (wood) on space 9 (their own) for 1 denier"
    )
    assert s.describe_action(greens, reader=GREEN, names=NAMES) == (
        "Bob places a worker on the Quarry (wood) on space 10 (yours) for 2 deniers"
    )
    assert s.describe_action(greens, reader=BLUE, names=NAMES) == (
        "Bob places a worker on the Quarry (wood) on space 10 (Cy's) for 2 deniers"
    )
    assert s.describe_action(greens, reader=None) == (
        "seat 1 places a worker on the Quarry (wood) on space 10 (seat 2's) for 2 deniers"
    )
    assert s.describe_action(greens, names=NAMES) == (
        "Place a worker on the Quarry (wood) on space 10 (Cy's) for 2 deniers"
    )


def test_stopping_in_the_castle_without_a_batch_warns_the_others_too() -> None:
    # rules: Caylus, phase 6 — a castle worker whose owner gives no batch loses 2 PP
    s = fresh(players=3, seed=1)
    put_castle(s, 0)
    set_cubes(s, 0, food=1, wood=1, stone=1)
    run(s, [STOP, (D_CASTLE, 0)])
    assert s.describe_action(A.PASS) == "Stop giving batches (no batch given: you lose 2 PP)"
    assert (
        s.describe_action(A.PASS, reader=1) == "seat 0 stops giving batches (no batch given: they lose 2 PP)"
    )
    batch = A.BATCH + A.BATCHES.index((1, 2))
    assert s.describe_action(batch, reader=2, names=NAMES) == "Ann gives food + wood + stone"


def test_a_royal_favour_in_the_third_person() -> None:
    s = fresh(players=3, seed=2)
    run(s, [STOP, (T_FAVOURS, 0, 1)])
    assert s.describe_action(A.ROW + 0) == "Royal favour, prestige row: advance to column 1, take 1 PP"
    assert s.describe_action(A.ROW + 0, reader=1) == (
        "seat 0 takes a royal favour on the prestige row: advances to column 1, takes 1 PP"
    )
    assert s.describe_action(A.ROW + 2, reader=None, names=NAMES) == (
        "Ann takes a royal favour on the resources row: advances to column 1, then uses it"
    )  # a range of one column is not "one of columns 1-1"
    assert s.describe_action(A.ROW + 2) == "Royal favour, resources row: advance to column 1, then use it"


def test_reader_must_be_a_seat() -> None:
    s = fresh(players=3, seed=2)
    with pytest.raises(ValueError, match="no seat 3"):
        s.describe_action(s.legal_action_ids()[0], reader=3)
