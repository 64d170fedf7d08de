"""Playing any registered game in the terminal: people and bots at one table, hot-seat for several people.

Each move is printed as it is made, followed by what it set off (the game's event summariser, see
:mod:`masterbuilder.ui.events`); people get both again in the recap before their next decision.

Input comes through an ``ask(prompt) -> str`` function so that tests (and other front-ends) can script it;
it raises EOFError at the end of input and KeyboardInterrupt on Ctrl-C, like :func:`input`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from enum import StrEnum

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from masterbuilder.agents.base import Agent
from masterbuilder.core.registry import game_info
from masterbuilder.core.state import State
from masterbuilder.ui.events import log_events, summarise
from masterbuilder.ui.renderers import Renderer, renderer_for, seat_title

HUMAN = "you"
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"help", "h", "?"})
TABLE_WORDS = frozenset({"table", "t"})
EVENT_MARK = "  ↳ "  # before each line of what a move set off, under the move

Ask = Callable[[str], str]


class Ending(StrEnum):
    FINISHED = "finished"
    QUIT = "quit"
    INTERRUPTED = "interrupted"
    END_OF_INPUT = "end of input"
    BOT_ERROR = "bot error"


class Command(StrEnum):
    QUIT = "quit"
    HELP = "help"
    TABLE = "table"


@dataclass(frozen=True)
class Parsed:
    """What one line typed at the move prompt means: exactly one field is set."""

    action: int | None = None
    command: Command | None = None
    error: str | None = None


def console_ask(console: Console) -> Ask:
    def ask(prompt: str) -> str:
        return console.input(prompt)

    return ask


def _label_index(state: State) -> dict[str, int]:
    """Every label of the game, casefolded, to name the reason when someone types an illegal move."""
    count = game_info(state.game).num_distinct_actions(state.num_players, state.options)
    return {state.action_label(a).casefold(): a for a in range(count)}


def parse_move(state: State, legal: Sequence[int], text: str) -> Parsed:
    """Read a move number (1..n, in the order of ``legal``), a label (any case) or a command."""
    n = len(legal)
    word = text.strip()
    folded = word.casefold()
    if not word:
        return Parsed(error=f"Type a move number from 1 to {n}, a move's label, 'help' or 'quit'.")
    if folded in QUIT_WORDS:
        return Parsed(command=Command.QUIT)
    if folded in HELP_WORDS:
        return Parsed(command=Command.HELP)
    if folded in TABLE_WORDS:
        return Parsed(command=Command.TABLE)
    number = word.removeprefix("#")
    if number.lstrip("+-").isdigit():
        k = int(number)
        if 1 <= k <= n:
            return Parsed(action=legal[k - 1])
        return Parsed(error=f"There is no move {k}; choose a number from 1 to {n}.")
    labels = {state.action_label(a): a for a in legal}
    if word in labels:
        return Parsed(action=labels[word])
    for label, a in labels.items():
        if label.casefold() == folded:
            return Parsed(action=a)
    other = _label_index(state).get(folded)
    if other is not None:
        reason = state.illegal_reason(other) or "it is not among the moves listed."
        return Parsed(error=f"'{state.action_label(other)}' is not possible now: {reason}")
    return Parsed(error=f"'{word}' is not a move; type a number from 1 to {n}, a move's label or 'help'.")


class TerminalTable:
    """One game on one console: draws the table, asks people for moves, lets bots move, reports."""

    def __init__(self, state: State, names: Sequence[str], console: Console, ask: Ask | None = None) -> None:
        if len(names) != state.num_players:
            raise ValueError(f"{len(names)} player names for a {state.num_players}-player game.")
        self.state = state
        self.names = list(names)
        self.console = console
        self.ask = ask if ask is not None else console_ask(console)
        self.renderer: Renderer = renderer_for(state.game)
        log_events(state)  # the engine's own record of what each move sets off, if it keeps one
        self._log: list[tuple[int | None, Text]] = []  # (seat, line) of every move announced; None: events
        self._seen: dict[int, int] = {}  # seat -> length of the log when that seat last chose a move

    # ---- output -----------------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        return seat_title(seat, self.names)

    def show_table(self, seat: int | None) -> None:
        self.console.print(self.renderer.table(self.state, seat, self.names))

    def turn_rule(self, seat: int) -> None:
        status = self.renderer.status(self.state)
        title = Text(f"{self.seat(seat)} to play" + (f" · {status}" if status else ""))
        self.console.print(Rule(title, align="left"))

    def move_text(self, seat: int, action: int, prefix: str = "") -> Text:
        """A move in words; call it before the move is applied (descriptions depend on the state)."""
        text = Text(prefix)
        text.append(f"{self.seat(seat)}: ", style="bold")
        text.append(self.state.describe_action(action))
        text.append(f"  [{self.state.action_label(action)}]", style="dim")
        return text

    def announce(self, seat: int, action: int) -> None:
        """Print a move before it is applied, and remember it for the recap people get."""
        text = self.move_text(seat, action)
        self.console.print(text)
        self._log.append((seat, text))

    def event_lines(self, before: State, action: int) -> list[Text]:
        """What ``action``, taken in ``before`` (a copy), set off in the game as it is now: the lines go
        under the move."""
        lines = []
        for event in summarise(before, action, self.state):
            text = Text.assemble((EVENT_MARK, "dim"), event)
            lines.append(text)
        return lines

    def report(self, before: State, action: int) -> None:
        """Print what the move just applied set off, and remember it for the recap."""
        for text in self.event_lines(before, action):
            self.console.print(text)
            self._log.append((None, text))

    def show_recent(self, seat: int) -> None:
        """The moves since ``seat`` last chose and what they set off, which the table has scrolled away;
        its own move appears only above what it set off."""
        entries = self._log[self._seen.get(seat, 0) :]
        self._seen[seat] = len(self._log)
        recent = [
            line
            for k, (who, line) in enumerate(entries)
            if who != seat or (k + 1 < len(entries) and entries[k + 1][0] is None)
        ]
        if recent:
            self.console.print(Text("Since your last move:", style="bold"))
            for line in recent:
                self.console.print(Text("  ").append_text(line))

    def thinking(self, seat: int) -> AbstractContextManager[object]:
        """A spinner naming the seat while its bot chooses (on a terminal only: it leaves no trace)."""
        if not self.console.is_terminal:
            return nullcontext()
        return self.console.status(Text(f"{self.seat(seat)} is thinking…"), spinner="dots")

    def show_moves(self, legal: Sequence[int]) -> None:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold")
        grid.add_column()
        grid.add_column(style="dim")
        for k, a in enumerate(legal, start=1):
            grid.add_row(
                f"{k}.", Text(self.state.describe_action(a)), Text(f"[{self.state.action_label(a)}]")
            )
        self.console.print(grid)

    def show_help(self, legal: Sequence[int]) -> None:
        example = self.state.action_label(legal[-1])
        self.console.print(
            Text(
                f"Type a move's number (1 to {len(legal)}) or its label, the text in brackets, e.g. "
                f"'{example}' (any case).\n'table' (or 't') shows the table again, 'help' (or '?') shows "
                "this, 'quit' (or 'q') saves the game and stops (`masterbuilder play --resume` continues "
                "it); Ctrl-C and end of input save too."
            )
        )
        extra = self.renderer.help()
        if extra:
            self.console.print(Text(extra))

    def show_result(self) -> None:
        state = self.state
        self.console.print(Rule("Game over"))
        self.show_table(None)
        winners = state.winners()
        scores = state.scores()
        table = Table(title="Final scores", title_justify="left")
        table.add_column("Seat", justify="right")
        table.add_column("Player")
        table.add_column("Score", justify="right")
        table.add_column("")
        for seat, score in enumerate(scores):
            table.add_row(str(seat), self.names[seat], str(score), "winner" if seat in winners else "")
        self.console.print(table)
        if len(winners) == 1:
            self.console.print(f"Winner: {self.seat(winners[0])} with {scores[winners[0]]} points.")
        elif winners:
            tied = ", ".join(self.seat(s) for s in winners)
            self.console.print(f"Shared win: {tied} with {scores[winners[0]]} points.")

    # ---- input ------------------------------------------------------------------------------------
    def human_move(self, seat: int) -> int | None:
        """The move a person chooses for ``seat``; None if they quit."""
        state = self.state
        legal = state.legal_action_ids()
        self.show_table(seat)
        self.show_recent(seat)
        self.console.print(Text(f"{self.renderer.decision(state)}:", style="bold"))
        self.show_moves(legal)
        prompt = escape(f"{self.seat(seat)} [1-{len(legal)}, label, help, quit]: ")
        while True:
            parsed = parse_move(state, legal, self.ask(prompt))
            if parsed.action is not None:
                return parsed.action
            if parsed.command is Command.QUIT:
                return None
            if parsed.command is Command.HELP:
                self.show_help(legal)
            elif parsed.command is Command.TABLE:
                self.show_table(seat)
                self.console.print(Text(f"{self.renderer.decision(state)}:", style="bold"))
                self.show_moves(legal)
            else:
                self.console.print(Text(parsed.error or "", style="red"))

    # ---- the game ---------------------------------------------------------------------------------
    def play(self, bots: Mapping[int, Agent]) -> Ending:
        """Play to the end or until people stop. Seats without a bot are people. The state is kept up to
        date move by move, so its record can be saved whatever the ending."""
        state = self.state
        last_seat: int | None = None
        try:
            while (seat := state.current_player) is not None:
                if seat != last_seat:
                    self.turn_rule(seat)
                    last_seat = seat
                bot = bots.get(seat)
                if bot is None:
                    action = self.human_move(seat)
                    if action is None:
                        self.console.print("You quit the game.")
                        return Ending.QUIT
                else:
                    with self.thinking(seat):
                        action = bot.choose(state)
                    reason = state.illegal_reason(action)
                    if reason is not None:
                        self.console.print(
                            f"Bot {bot.name} at seat {seat} chose an illegal move ({action}): {reason}",
                            style="red",
                            markup=False,
                        )
                        return Ending.BOT_ERROR
                before = state.clone()
                self.announce(seat, action)
                state.apply(action)
                self.report(before, action)
        except KeyboardInterrupt:
            self.console.print("\nInterrupted.")
            return Ending.INTERRUPTED
        except EOFError:
            self.console.print("\nEnd of input.")
            return Ending.END_OF_INPUT
        self.show_result()
        return Ending.FINISHED
