"""Stepping through a saved record in the terminal: the moves read as the person who played them saw them
(the one seat named "you"), else in the third person."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from masterbuilder.core.i18n import N_
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import load_record, new_game
from masterbuilder.ui.records import record_names
from masterbuilder.ui.terminal import HUMAN, QUIT_WORDS, Ask, TerminalTable, console_ask

# i18n: the replay's prompt: Enter and q are the keys to press: keep them
PAUSE_PROMPT = N_("[Enter] next move, [q] quit: ")
_n = _.plural


def check_record(record: Mapping[str, Any]) -> int:
    """The number of moves in ``record``; ValueError (one line) if it does not replay."""
    try:
        load_record(record)
    except TypeError as exc:
        raise ValueError(_("The record has a field of the wrong type ({problem}).", problem=exc)) from None
    actions: list[int] = record["actions"]
    return len(actions)


def replay(
    record: Mapping[str, Any],
    console: Console,
    *,
    pause: bool,
    to: int | None = None,
    ask: Ask | None = None,
) -> None:
    """Show ``record`` move by move: the table, then each move with what it set off (and the table after
    it when pausing).

    ``to``: start from the position after that many moves. Without pausing, the whole game is printed
    as move lines (between the first and the final table) unless ``to`` is given: then only the position
    after move ``to`` is shown. Raises ValueError if the record does not replay or ``to`` is out of range.
    """
    total = check_record(record)
    if to is not None and not 0 <= to <= total:
        raise ValueError(
            _n(
                "--to must be between 0 and {n} (the record has {n} move), not {to}.",
                "--to must be between 0 and {n} (the record has {n} moves), not {to}.",
                total,
                to=to,
            )
        )
    state = new_game(
        record["game"], players=record["players"], seed=record["seed"], options=record.get("options")
    )
    actions: list[int] = list(record["actions"])
    names = record_names(record)
    table = TerminalTable(state, names, console, ask if ask is not None else console_ask(console))
    you = [seat for seat, name in enumerate(names) if name == HUMAN]
    table.people = frozenset(you) if len(you) == 1 else frozenset()  # the moves read as that person saw them
    start = to or 0
    for action in actions[:start]:
        state.apply(action)
    console.print(
        Rule(
            _n(
                "Replay: {game}, {players} players, seed {seed}, {n} move",
                "Replay: {game}, {players} players, seed {seed}, {n} moves",
                total,
                game=state.game,
                players=state.num_players,
                seed=state.seed,
            )
        )
    )
    if to is not None:
        console.print(_("Position after move {move} of {total}:", move=start, total=total))
    table.show_table(None)
    if to is not None and not pause:
        return
    for index in range(start, total):
        if pause:
            try:
                if table.ask(escape(_(PAUSE_PROMPT))).strip().casefold() in QUIT_WORDS:
                    return
            except (EOFError, KeyboardInterrupt):
                console.print()
                return
        seat = state.current_player
        assert seat is not None  # check_record replayed every move
        # i18n: before a move of a replay: 'Move 3/120 · seat 1 (random): ...'
        prefix = _("Move {number}/{total} · ", number=index + 1, total=total)
        move = table.move_text(seat, actions[index], prefix=prefix)
        before = state.clone()
        state.apply(actions[index])
        if pause and index + 1 < total:
            table.show_table(None)  # above the move, so the move stays next to the prompt
        console.print(move)
        for line in table.event_lines(before, actions[index]):
            console.print(line)
    if state.is_terminal:
        table.show_result()
    else:
        table.show_table(None)
        console.print(_("The record ends after move {total}; the game was not finished.", total=total))
