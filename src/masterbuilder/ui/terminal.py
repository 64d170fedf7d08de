"""Playing any registered game in the terminal: people and bots at one table, hot-seat for several people.

Each move is printed as it is made, followed by what it set off (the game's event summariser, see
:mod:`masterbuilder.ui.events`); people get both again in the recap before their next decision. A move
reads in the second person for the person who made it ("Place a worker on the Farm (yours)") and in the
third for everyone else ("seat 2 (heuristic) places a worker on the Farm (their own)"), where "you" is the
person at the table (:meth:`TerminalTable.reader`).

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
from masterbuilder.core.i18n import SOURCE, language
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import game_info
from masterbuilder.core.state import State
from masterbuilder.invocation import command as shell_command
from masterbuilder.ui.events import summarise
from masterbuilder.ui.renderers import PERSON, Renderer, player_name, renderer_for, seat_title

HUMAN = PERSON
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"help", "h", "?"})
TABLE_WORDS = frozenset({"table", "t"})
EVENT_MARK = "  ↳ "  # before each line of what a move set off, under the move

Ask = Callable[[str], str]
_n = _.plural


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
        # i18n: 'help' and 'quit' are the words to type: keep them in English
        return Parsed(error=_("Type a move number from 1 to {n}, a move's label, 'help' or 'quit'.", n=n))
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
        return Parsed(error=_("There is no move {k}; choose a number from 1 to {n}.", k=k, n=n))
    labels = {state.action_label(a): a for a in legal}
    if word in labels:
        return Parsed(action=labels[word])
    for label, a in labels.items():
        if label.casefold() == folded:
            return Parsed(action=a)
    other = _label_index(state).get(folded)
    if other is not None:
        # i18n: why a move typed is refused, after "'LABEL' is not possible now:"
        reason = state.illegal_reason(other) or _("it is not among the moves listed.")
        return Parsed(
            error=_("'{label}' is not possible now: {reason}", label=state.action_label(other), reason=reason)
        )
    # i18n: 'help' is the word to type: keep it in English
    return Parsed(
        error=_(
            "'{word}' is not a move; type a number from 1 to {n}, a move's label or 'help'.", word=word, n=n
        )
    )


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
        self.people: frozenset[int] = frozenset()  # the seats played by people (set by play and replay)
        # (seat, line) of every move announced (None: events), the line worded for each reader (None: the
        # line as printed)
        self._log: list[tuple[int | None, dict[int | None, Text]]] = []
        self._seen: dict[int, int] = {}  # seat -> length of the log when that seat last chose a move

    # ---- output -----------------------------------------------------------------------------------
    def seat(self, seat: int) -> str:
        return seat_title(seat, self.names)

    @property
    def titles(self) -> list[str]:
        """Every seat's name as the screens give it ('seat 1 (random)'), for the game's sentences."""
        return [self.seat(s) for s in range(self.state.num_players)]

    def reader(self, seat: int) -> int | None:
        """Who reads a move of ``seat`` as it is printed: its player if a person made it, else the one
        person at the table; nobody (the third person throughout) with no one or several people."""
        if seat in self.people:
            return seat
        return next(iter(self.people)) if len(self.people) == 1 else None

    def show_table(self, seat: int | None) -> None:
        self.console.print(self.renderer.table(self.state, seat, self.names))

    def turn_rule(self, seat: int) -> None:
        status = self.renderer.status(self.state)
        if status:
            # i18n: a turn header: 'seat 1 (you) to play · round 3'
            title = Text(_("{seat} to play · {status}", seat=self.seat(seat), status=status))
        else:
            title = Text(_("{seat} to play", seat=self.seat(seat)))
        self.console.print(Rule(title, align="left"))

    def move_text(self, seat: int, action: int, prefix: str = "", person: int | None = None) -> Text:
        """A move in words, as :meth:`reader` reads it (or ``person``, the player of that seat); call it
        before the move is applied (descriptions depend on the state). The seat's name comes first."""
        who = self.seat(seat)
        reader = self.reader(seat) if person is None else person
        described = self.state.describe_action(action, reader, self.titles)
        text = Text(prefix)
        if reader == seat or not described.startswith(who):
            text.append(f"{who}: ", style="bold")
            text.append(described)
        else:  # 'seat 2 (random) places a worker ...'
            text.append(who, style="bold")
            text.append(described[len(who) :])
        if language() == SOURCE:  # the label is an English id: a reader of another language has the words
            text.append(f"  [{self.state.action_label(action)}]", style="dim")
        return text

    def announce(self, seat: int, action: int) -> None:
        """Print a move before it is applied, and remember it, worded for each person, for their recap."""
        text = self.move_text(seat, action)
        lines: dict[int | None, Text] = {None: text}
        for person in self.people:
            if person != self.reader(seat):
                lines[person] = self.move_text(seat, action, person=person)
        self.console.print(text)
        self._log.append((seat, lines))

    def event_lines(self, before: State, action: int) -> list[Text]:
        """What ``action``, taken in ``before`` (a copy), set off in the game as it is now: the lines go
        under the move."""
        lines = []
        for event in summarise(before, action, self.state, self.titles):
            text = Text.assemble((EVENT_MARK, "dim"), event)
            lines.append(text)
        return lines

    def report(self, before: State, action: int) -> None:
        """Print what the move just applied set off, and remember it for the recap."""
        for text in self.event_lines(before, action):
            self.console.print(text)
            self._log.append((None, {None: text}))

    def show_recent(self, seat: int) -> None:
        """The moves since ``seat`` last chose and what they set off, which the table has scrolled away;
        its own move appears only above what it set off."""
        entries = self._log[self._seen.get(seat, 0) :]
        self._seen[seat] = len(self._log)
        recent = [
            lines.get(seat, lines[None])
            for k, (who, lines) in enumerate(entries)
            if who != seat or (k + 1 < len(entries) and entries[k + 1][0] is None)
        ]
        if recent:
            self.console.print(Text(_("Since your last move:"), style="bold"))
            for line in recent:
                self.console.print(Text("  ").append_text(line))

    def thinking(self, seat: int) -> AbstractContextManager[object]:
        """A spinner naming the seat while its bot chooses (on a terminal only: it leaves no trace)."""
        if not self.console.is_terminal:
            return nullcontext()
        return self.console.status(Text(_("{seat} is thinking…", seat=self.seat(seat))), spinner="dots")

    def show_moves(self, legal: Sequence[int]) -> None:
        grid = Table.grid(padding=(0, 1))
        grid.add_column(justify="right", style="bold")
        grid.add_column()
        grid.add_column(style="dim")
        for k, a in enumerate(legal, start=1):
            grid.add_row(
                f"{k}.",
                Text(self.state.describe_action(a, names=self.titles)),
                Text(f"[{self.state.action_label(a)}]"),
            )
        self.console.print(grid)

    def show_help(self, legal: Sequence[int]) -> None:
        example = self.state.action_label(legal[-1])
        self.console.print(
            Text(
                # i18n: 'table', 't', 'help', 'quit' and 'q' are the words to type: keep them in English
                _(
                    "Type a move's number (1 to {n}) or its label, the text in brackets, e.g. "
                    "'{example}' (any case).\n'table' (or 't') shows the table again, 'help' (or '?') shows "
                    "this, 'quit' (or 'q') saves the game and stops (`{resume}` continues it); Ctrl-C and "
                    "end of input save too.",
                    n=len(legal),
                    example=example,
                    resume=shell_command("play", "--resume"),
                )
            )
        )
        extra = self.renderer.help()
        if extra:
            self.console.print(Text(extra))

    def show_result(self) -> None:
        state = self.state
        self.console.print(Rule(_("Game over")))
        self.show_table(None)
        winners = state.winners()
        scores = state.scores()
        table = Table(title=_("Final scores"), title_justify="left")
        table.add_column(_("Seat"), justify="right")
        table.add_column(_("Player"))
        table.add_column(_("Score"), justify="right")
        table.add_column("")
        for seat, score in enumerate(scores):
            # i18n: in the final scores' last column, beside the winner's score
            winner = _("winner") if seat in winners else ""
            table.add_row(str(seat), player_name(self.names[seat]), str(score), winner)
        self.console.print(table)
        if len(winners) == 1:
            self.console.print(
                _n(
                    "Winner: {seat} with {n} point.",
                    "Winner: {seat} with {n} points.",
                    scores[winners[0]],
                    seat=self.seat(winners[0]),
                )
            )
        elif winners:
            tied = ", ".join(self.seat(s) for s in winners)
            self.console.print(
                _n(
                    "Shared win: {seats} with {n} point.",
                    "Shared win: {seats} with {n} points.",
                    scores[winners[0]],
                    seats=tied,
                )
            )

    # ---- input ------------------------------------------------------------------------------------
    def human_move(self, seat: int) -> int | None:
        """The move a person chooses for ``seat``; None if they quit."""
        state = self.state
        legal = state.legal_action_ids()
        self.show_table(seat)
        self.show_recent(seat)
        self.console.print(Text(f"{self.renderer.decision(state)}:", style="bold"))
        self.show_moves(legal)
        # i18n: the move prompt; 'help' and 'quit' are the words to type: keep them in English
        prompt = escape(_("{seat} [1-{n}, label, help, quit]: ", seat=self.seat(seat), n=len(legal)))
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
        self.people = frozenset(s for s in range(state.num_players) if s not in bots)
        last: tuple[int, str] | None = None  # the seat and status of the last header
        try:
            while (seat := state.current_player) is not None:
                header = (seat, self.renderer.status(state))
                if header != last:  # a new seat to play, or the same one in a new phase
                    self.turn_rule(seat)
                    last = header
                bot = bots.get(seat)
                if bot is None:
                    action = self.human_move(seat)
                    if action is None:
                        self.console.print(_("You quit the game."))
                        return Ending.QUIT
                else:
                    with self.thinking(seat):
                        action = bot.choose(state)
                    reason = state.illegal_reason(action)
                    if reason is not None:
                        self.console.print(
                            _(
                                "Bot {bot} at seat {seat} chose an illegal move ({action}): {reason}",
                                bot=bot.name,
                                seat=seat,
                                action=action,
                                reason=reason,
                            ),
                            style="red",
                            markup=False,
                        )
                        return Ending.BOT_ERROR
                before = state.clone()
                self.announce(seat, action)
                state.apply(action)
                self.report(before, action)
        except KeyboardInterrupt:
            self.console.print("\n" + _("Interrupted."))
            return Ending.INTERRUPTED
        except EOFError:
            self.console.print("\n" + _("End of input."))
            return Ending.END_OF_INPUT
        self.show_result()
        return Ending.FINISHED
