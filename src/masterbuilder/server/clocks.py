"""Turn-based time banks (Board Game Arena's style), as pure functions over the stored rows.

A game's ``clock`` (``games.clock``, the lobby's ``TimeControl``) is ``{"kind": "turn", "bank", "increment",
"cap", "bot"}`` in seconds. Each seat starts with ``bank`` seconds (``seats.bank_ms``). Only the seat to move
loses time, counted from ``games.turn_started``: a seat's stored bank is its time left as of that moment while
it is to move, and simply its time left otherwise. The increment is per TURN, not per decision: when the seat
to move changes, the seat that moved gains ``increment`` seconds, up to ``cap`` (null: the starting bank). A
Caylus turn is many decisions; counting each would let a player bank hours by placing workers. Bot seats, and
seats a bot took over, never run out of time: their time does not run, yet their moves pass the turn on.

"Low" time: less than a fifth of the starting bank or 12 hours, whichever is less.

When the seat to move runs out (:func:`next_due`), the game is stopped (``games.timed_out``) and the other
people's seats (:func:`choosers`) choose: a bot plays the seat from then on, or the game ends as abandoned
(:func:`abandon_winners`). Nobody choosing within :func:`choice_window`: the bot takes over.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from masterbuilder.server.store import ClockUpdate as ClockUpdate  # the store writes what this makes
from masterbuilder.server.store import GameRow, SeatRow

LOW_FRACTION = 0.2
LOW_CEILING_MS = 12 * 3600 * 1000
CHOICE_CEILING_MS = 24 * 3600 * 1000


def bank_ms(clock: dict[str, Any]) -> int:
    return int(clock["bank"]) * 1000


def cap_ms(clock: dict[str, Any]) -> int:
    cap = clock.get("cap")
    return bank_ms(clock) if cap is None else int(cap) * 1000


def increment_ms(clock: dict[str, Any]) -> int:
    return int(clock.get("increment") or 0) * 1000


def plays_bot(seat: SeatRow) -> bool:
    """A bot moves for this seat: a bot's seat, or a person's a bot took over when their time ran out."""
    return seat.kind == "bot" or seat.replaced


def running(row: GameRow) -> int | None:
    """The seat whose time is running: the person to move in a live turn-based game nobody has stopped."""
    if row.clock is None or row.status != "live" or row.timed_out is not None or row.to_move is None:
        return None
    if row.turn_started is None or not 0 <= row.to_move < len(row.seats):
        return None
    return None if plays_bot(row.seats[row.to_move]) else row.to_move


def _elapsed_ms(since: datetime, moment: datetime) -> int:
    return max(0, int((moment - since) / timedelta(milliseconds=1)))


def time_left(row: GameRow, seat: int, moment: datetime) -> int:
    """The seat's time left at ``moment``, in ms (never negative); 0 for a game without a clock."""
    if row.clock is None:
        return 0
    stored = row.seats[seat].bank_ms
    left = bank_ms(row.clock) if stored is None else stored
    if running(row) == seat and row.turn_started is not None:
        left -= _elapsed_ms(row.turn_started, moment)
    return max(0, left)


def next_due(row: GameRow) -> datetime | None:
    """When the running seat's time runs out (None: nobody's time runs)."""
    seat = running(row)
    if seat is None or row.turn_started is None:
        return None
    stored = row.seats[seat].bank_ms
    left = bank_ms(row.clock or {}) if stored is None else stored
    return row.turn_started + timedelta(milliseconds=max(0, left))


def low_threshold_ms(clock: dict[str, Any]) -> int:
    return min(int(bank_ms(clock) * LOW_FRACTION), LOW_CEILING_MS)


def is_low(row: GameRow, seat: int, moment: datetime) -> bool:
    if row.clock is None or plays_bot(row.seats[seat]):
        return False
    return time_left(row, seat, moment) < low_threshold_ms(row.clock)


def low_due(row: GameRow) -> datetime | None:
    """When the running seat's time becomes low (None: nobody's time runs)."""
    due = next_due(row)
    if due is None or row.clock is None:
        return None
    return due - timedelta(milliseconds=low_threshold_ms(row.clock))


def start(row: GameRow, moment: datetime) -> ClockUpdate | None:
    """The game starts at ``moment``: every seat gets the starting bank, the first seat's time runs."""
    if row.clock is None:
        return None
    return ClockUpdate(moment, {s.seat: bank_ms(row.clock) for s in row.seats})


def after_move(row: GameRow, mover: int, to_move: int | None, moment: datetime) -> ClockUpdate | None:
    """A move by ``mover`` at ``moment`` leaves ``to_move`` to decide (None: the game is over). None when
    nothing changes (no clock, or the same seat decides again: its time runs on from the same start)."""
    if row.clock is None or (to_move == mover and to_move is not None):
        return None
    left = time_left(row, mover, moment)
    if to_move is not None and not plays_bot(row.seats[mover]):
        left = min(cap_ms(row.clock), left + increment_ms(row.clock))
    return ClockUpdate(None if to_move is None else moment, {mover: left})


def apply(row: GameRow, update: ClockUpdate | None) -> None:
    """Write ``update`` into the row in memory (what the store wrote in the same transaction)."""
    if update is None:
        return
    row.turn_started = update.turn_started
    for seat, left in update.banks.items():
        row.seats[seat].bank_ms = left


def choosers(row: GameRow) -> list[int]:
    """The seats that may choose what happens to the timed-out seat: every other person's seat."""
    if row.timed_out is None:
        return []
    return [s.seat for s in row.seats if s.seat != row.timed_out and not plays_bot(s)]


def choice_window_ms(clock: dict[str, Any]) -> int:
    """How long the others have to choose before the bot takes over: the increment, or 24 hours when there
    is none or it is longer."""
    increment = increment_ms(clock)
    return CHOICE_CEILING_MS if increment == 0 else min(increment, CHOICE_CEILING_MS)


def choice_due(row: GameRow) -> datetime | None:
    """When the bot takes over the timed-out seat unless someone chose first (the timeout's moment is kept
    in ``turn_started``)."""
    if row.clock is None or row.timed_out is None or row.turn_started is None or row.status != "live":
        return None
    return row.turn_started + timedelta(milliseconds=choice_window_ms(row.clock))


def abandon_winners(scores: list[int], timed_out: int) -> list[int]:
    """An abandoned game's winners: the seats with the best current score among those whose time did not
    run out (the timed-out seat cannot win, whatever its score)."""
    others = [s for s in range(len(scores)) if s != timed_out]
    if not others:
        return []
    best = max(scores[s] for s in others)
    return [s for s in others if scores[s] == best]


def clock_part(row: GameRow, moment: datetime) -> dict[str, Any] | None:
    """The ``"clock"`` of the state message and of the game's summary (null for a real-time game)."""
    if row.clock is None:
        return None
    seats = range(len(row.seats))
    return {
        "kind": row.clock.get("kind", "turn"),
        "bank": int(row.clock["bank"]),
        "increment": int(row.clock.get("increment") or 0),
        "cap": row.clock.get("cap"),
        "left": [time_left(row, s, moment) for s in seats],
        "running": running(row),
        "low": [is_low(row, s, moment) for s in seats],
        "timed_out": row.timed_out,
        "choosers": choosers(row) if row.status == "live" else [],
        "bot": row.clock.get("bot"),
    }


def offset_clock(path: str, base: Callable[[], datetime]) -> Callable[[], datetime]:
    """FOR TESTS: ``base`` plus the number of seconds in the file at ``path`` (read at each call; a missing
    or unreadable file counts as 0), so that a test can move a running server's time days ahead."""

    def clock() -> datetime:
        try:
            with open(path, encoding="utf-8") as file:
                seconds = float(file.read().strip() or 0)
        except (OSError, ValueError):
            seconds = 0.0
        return base() + timedelta(seconds=seconds)

    return clock
