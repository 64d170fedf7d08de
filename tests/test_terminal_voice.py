"""Whose point of view the terminal tells moves from: a person reads their own moves in the second person
and everyone else's in the third ('seat 2 (heuristic) places a worker on the Farm (yours)'), live, in the
recap (worded for each person at a hot-seat table) and in replays; the event lines name the seats as the
moves do, and a seat acting on into a new phase gets a new header."""

from __future__ import annotations

import io
import itertools
import random
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from masterbuilder import GAMES, new_game
from masterbuilder.agents import make_agent
from masterbuilder.arena import play_game
from masterbuilder.ui import TerminalTable
from masterbuilder.ui.events import log_events, summarise
from masterbuilder.ui.renderers import renderer_for
from masterbuilder.ui.replay import replay


def scripted(lines: list[str]) -> Iterator[str]:
    yield from lines
    raise EOFError


def test_bots_moves_are_in_the_third_person_and_yours_are_yours() -> None:
    buffer = io.StringIO()
    state = new_game("caylus", players=3, seed=3)
    answers = scripted(["pass"] * 3)
    table = TerminalTable(
        state,
        ["you", "heuristic", "heuristic"],
        Console(file=buffer, width=200),
        ask=lambda prompt: next(answers),
    )
    bots = {s: make_agent("heuristic", "caylus", s) for s in (1, 2)}
    table.play(bots)
    out = buffer.getvalue()
    assert "seat 0 (you): Pass (no more workers this turn)  [pass]" in out
    assert "seat 2 (heuristic) places a worker on the Carpenter on space 1 for 1 denier  [road 1]" in out
    assert "seat 2 (heuristic): " not in out and "seat 1 (heuristic): " not in out
    assert "Since your last move:\n  seat 1 (heuristic) " in out


def test_a_hot_seat_recap_is_worded_for_the_person_reading_it() -> None:
    buffer = io.StringIO()
    state = new_game("caylus1303", players=2, seed=3, options={"characters": "recommended"})
    answers = scripted(["1", "1", "1"])
    table = TerminalTable(
        state, ["Ann", "Bob"], Console(file=buffer, width=200), ask=lambda prompt: next(answers)
    )
    table.play({})
    out = buffer.getvalue()
    # seat 1 drafts first: its own line is in the second person, the recap for seat 0 in the third
    own = next(line for line in out.splitlines() if line.startswith("seat 1 (Bob): take the "))
    character = own.split("take the ")[1].split(":")[0]
    assert f"Since your last move:\n  seat 1 (Bob) takes the {character}: " in out


def test_a_replay_reads_as_the_person_who_played_it() -> None:
    record = play_game("caylus1303", ["heuristic", "heuristic"], 2).record
    for names, own, other in (
        (["you", "heuristic"], "seat 0 (you): ", "seat 1 (heuristic) "),
        (["heuristic", "random"], None, "seat 0 (heuristic) "),
    ):
        buffer = io.StringIO()
        replay({**record, "names": names}, Console(file=buffer, width=200), pause=False)
        moves = [
            line.split(" · ", 1)[1] for line in buffer.getvalue().splitlines() if line.startswith("Move ")
        ]
        if own is not None:
            assert any(m.startswith(own) for m in moves)
        assert any(m.startswith(other) for m in moves)
        assert not any(m.startswith(other.strip() + ":") for m in moves)


# ---- one name for a seat everywhere, and a header for every new phase ----------------------------------
@pytest.mark.parametrize("game", sorted(GAMES))
def test_summarisers_name_the_seats_as_given(game: str) -> None:
    """Event lines name a seat as the move lines do: 'seat 2' by default, ``names[2]`` when given; never
    the short 's2'."""
    names = [f"Player{s}" for s in range(3)]
    state = new_game(game, players=3, seed=5)
    log_events(state)
    rng = random.Random(5)
    named = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_action_ids())
        before = state.clone()
        state.apply(action)
        plain = summarise(before, action, state.clone())  # a copy keeps no log: the move is replayed
        lines = summarise(before, action, state, names)
        assert not [line for line in plain + lines if re.search(r"\bs\d\b", line)]
        assert [re.sub(r"\bseat (\d)", r"Player\1", line) for line in plain] == lines
        named += sum("Player" in line for line in lines)
    assert named > 10


def test_a_header_for_each_new_seat_or_phase() -> None:
    """The same seat acting on in a new phase (Caylus: the last to move the provost is the first to
    activate a building) gets a new header, so every move sits under the phase it belongs to."""
    buffer = io.StringIO()
    state = new_game("caylus", players=3, seed=3)
    table = TerminalTable(state, ["heuristic"] * 3, Console(file=buffer, width=200))
    table.play({s: make_agent("heuristic", "caylus", s) for s in range(3)})
    headers = [line.split(" ─")[0] for line in buffer.getvalue().splitlines() if " to play · " in line]
    replayed = new_game("caylus", players=3, seed=3)
    expected: list[str] = []
    renderer = renderer_for("caylus")
    for action in state.history:
        seat = replayed.current_player
        assert seat is not None
        header = f"seat {seat} (heuristic) to play · {renderer.status(replayed)}"
        if not expected or expected[-1] != header:
            expected.append(header)
        replayed.apply(action)
    assert headers == expected
    seats = [header.split(" to play")[0] for header in headers]
    assert any(a == b for a, b in itertools.pairwise(seats))  # the same seat, a new header
