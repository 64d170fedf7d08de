"""The turn-based time banks as pure functions over rows (server/clocks.py): no server, no database."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from masterbuilder.server import clocks
from masterbuilder.server.store import GameRow, SeatRow

T0 = datetime(2026, 1, 1, tzinfo=UTC)
HOUR = timedelta(hours=1)
DAY = timedelta(days=1)


def game(
    clock: dict[str, Any] | None, kinds: tuple[str, ...] = ("human", "human", "human"), to_move: int = 0
) -> GameRow:
    seats = [
        SeatRow(k, kind, "random" if kind == "bot" else None, f"p{k}", None, True)
        for k, kind in enumerate(kinds)
    ]
    row = GameRow(
        id="g",
        game="builders",
        players=len(seats),
        seed=1,
        options={},
        status="live",
        ply=0,
        to_move=to_move,
        version=1,
        scores=None,
        winners=None,
        rematch=None,
        created=T0,
        updated=T0,
        seats=seats,
        clock=clock,
    )
    clocks.apply(row, clocks.start(row, T0))
    return row


def control(bank: float, increment: float = 0, cap: float | None = None) -> dict[str, Any]:
    return {
        "kind": "turn",
        "bank": int(bank),
        "increment": int(increment),
        "cap": None if cap is None else int(cap),
        "bot": "random",
    }


def move(row: GameRow, mover: int, to_move: int | None, moment: datetime) -> None:
    """What Tables.act does to the row: the clock's change, then the seat to move."""
    clocks.apply(row, clocks.after_move(row, mover, to_move, moment))
    row.to_move = to_move
    if to_move is None:
        row.status = "finished"


def test_only_the_seat_to_move_loses_time() -> None:
    row = game(control(3 * 86400, 86400))
    moment = T0 + 5 * HOUR
    assert clocks.time_left(row, 0, moment) == (3 * 86400 - 5 * 3600) * 1000
    assert clocks.time_left(row, 1, moment) == 3 * 86400 * 1000
    assert clocks.running(row) == 0
    assert clocks.next_due(row) == T0 + 3 * DAY


def test_the_increment_is_per_turn_not_per_decision() -> None:
    row = game(control(2 * 86400, 4 * 3600, cap=7 * 86400))
    move(row, 0, 0, T0 + HOUR)  # seat 0 decides again: no increment, its time runs on
    assert row.turn_started == T0
    assert clocks.time_left(row, 0, T0 + 2 * HOUR) == (2 * 86400 - 2 * 3600) * 1000
    move(row, 0, 1, T0 + 3 * HOUR)  # the turn passes: seat 0 gains the increment once
    assert row.seats[0].bank_ms == (2 * 86400 - 3 * 3600 + 4 * 3600) * 1000
    assert row.turn_started == T0 + 3 * HOUR
    assert clocks.running(row) == 1


def test_the_bank_grows_up_to_the_cap_and_a_null_cap_is_the_starting_bank() -> None:
    capped = game(control(86400, 86400, cap=36 * 3600))
    move(capped, 0, 1, T0 + HOUR)
    assert capped.seats[0].bank_ms == 36 * 3600 * 1000
    uncapped = game(control(86400, 86400))
    move(uncapped, 0, 1, T0 + HOUR)
    assert uncapped.seats[0].bank_ms == 86400 * 1000


def test_the_last_move_gains_nothing_and_stops_the_clock() -> None:
    row = game(control(86400, 3600))
    move(row, 0, None, T0 + 2 * HOUR)
    assert row.seats[0].bank_ms == (86400 - 2 * 3600) * 1000
    assert row.turn_started is None and clocks.running(row) is None and clocks.next_due(row) is None


def test_bots_never_run_out_and_pass_the_turn_on() -> None:
    row = game(control(3600, 600), kinds=("bot", "human"))
    assert clocks.running(row) is None and clocks.next_due(row) is None
    assert clocks.time_left(row, 0, T0 + 10 * DAY) == 3600 * 1000
    move(row, 0, 1, T0 + 10 * DAY)
    assert row.seats[0].bank_ms == 3600 * 1000  # no time lost, no increment
    assert clocks.running(row) == 1 and clocks.next_due(row) == T0 + 10 * DAY + HOUR


def test_the_low_threshold_is_a_fifth_of_the_bank_or_twelve_hours() -> None:
    assert clocks.low_threshold_ms(control(3600)) == 720 * 1000
    assert clocks.low_threshold_ms(control(7 * 86400)) == 12 * 3600 * 1000
    row = game(control(10 * 3600))
    assert not clocks.is_low(row, 0, T0 + 7 * HOUR)
    assert clocks.is_low(row, 0, T0 + 8 * HOUR + timedelta(seconds=1))
    assert clocks.low_due(row) == T0 + 8 * HOUR
    assert not clocks.is_low(row, 1, T0 + 9 * HOUR)


def test_a_timed_out_seat_stops_the_clock_and_the_other_people_choose() -> None:
    row = game(control(3600, 7200), kinds=("human", "bot", "human"))
    row.timed_out, row.turn_started = 0, T0 + HOUR
    assert clocks.running(row) is None
    assert clocks.choosers(row) == [2]
    assert clocks.choice_due(row) == T0 + 3 * HOUR  # the increment
    assert clocks.choice_window_ms(control(3600)) == 24 * 3600 * 1000  # no increment: a day
    assert clocks.choice_window_ms(control(3600, 3 * 86400)) == 24 * 3600 * 1000


def test_an_abandoned_games_winners_are_the_best_of_those_not_out_of_time() -> None:
    assert clocks.abandon_winners([50, 10, 20], 0) == [2]
    assert clocks.abandon_winners([5, 20, 20], 0) == [1, 2]
    assert clocks.abandon_winners([5, 20, 20], 1) == [2]


def test_the_clock_part_of_the_state_message() -> None:
    row = game(control(86400, 3600))
    part = clocks.clock_part(row, T0 + HOUR)
    assert part == {
        "kind": "turn",
        "bank": 86400,
        "increment": 3600,
        "cap": None,
        "left": [23 * 3600 * 1000, 86400 * 1000, 86400 * 1000],
        "running": 0,
        "low": [False, False, False],
        "timed_out": None,
        "choosers": [],
        "bot": "random",
    }
    assert clocks.clock_part(game(None), T0) is None


@settings(max_examples=60, deadline=None)
@given(
    bank=st.integers(60, 10 * 86400),
    increment=st.integers(0, 3 * 86400),
    cap=st.one_of(st.none(), st.integers(60, 10 * 86400)),
    turns=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 5 * 86400), st.booleans()), min_size=1, max_size=25
    ),
)
def test_time_left_is_never_negative_and_no_bank_passes_the_cap(
    bank: int, increment: int, cap: int | None, turns: list[tuple[int, int, bool]]
) -> None:
    clock = control(bank, increment, cap)
    row = game(clock)
    moment = T0
    ceiling = max(clocks.cap_ms(clock), clocks.bank_ms(clock))
    for seat_after, seconds, passes in turns:
        moment += timedelta(seconds=seconds)
        for seat in range(3):
            assert clocks.time_left(row, seat, moment) >= 0
        mover = row.to_move
        assert mover is not None
        nxt = seat_after if passes else mover
        move(row, mover, nxt, moment)
        if nxt != mover:
            assert 0 <= (row.seats[mover].bank_ms or 0) <= clocks.cap_ms(clock)
        assert all(0 <= (s.bank_ms or 0) <= ceiling for s in row.seats)
