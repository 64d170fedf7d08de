"""The ``masterbuilder`` command: play, replay, simulate, tournament, bench, games."""

from __future__ import annotations

import json
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

import masterbuilder
from masterbuilder.agents import Agent, agent_spec, agents_for, make_agent
from masterbuilder.arena.match import agent_seeds
from masterbuilder.arena.simulate import GameOutcome, Summary, summarize
from masterbuilder.arena.simulate import simulate as run_simulation
from masterbuilder.arena.tournament import (
    BACKENDS,
    ConfigMismatch,
    TournamentConfig,
    TournamentSummary,
    ratings_chart,
    run_tournament,
    summarize_tournament,
)
from masterbuilder.bench import run_bench
from masterbuilder.cli_help import LocalizedCommand, PlainCommand, PlainGroup
from masterbuilder.cli_options import (
    EXIT_DB,
    WEB_EXTRA_MISSING,
    DbOption,
    LangOption,
    fail,
)
from masterbuilder.cli_options import db_tools as _db_tools
from masterbuilder.cli_options import db_url as _db_url
from masterbuilder.core.i18n import (
    N_,
    Text,
    decimal,
)
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import GAMES, GameInfo, game_info, load_record, new_game
from masterbuilder.core.state import State
from masterbuilder.extras import MissingExtra, require
from masterbuilder.invocation import command as shell_command
from masterbuilder.ui import records
from masterbuilder.ui.replay import replay as run_replay
from masterbuilder.ui.terminal import HUMAN, Ending, TerminalTable

app = typer.Typer(
    cls=PlainGroup,
    name="masterbuilder",
    help=N_("Rules engines, bots and tooling for master-builder board games."),
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Help texts are English templates, translated when a help screen is drawn (cli_help); {games}: the games
GAME_HELP = N_("The game: {games} (see `masterbuilder games`).")
_n = _.plural
EXIT_INTERRUPTED = 130


def _game(name: str) -> GameInfo:
    try:
        return game_info(name)
    except ValueError as exc:
        fail(str(exc))


def _options(info: GameInfo, items: list[str] | None) -> dict[str, Any]:
    """``key=value`` items, values read as JSON when they parse (50, true, "x") and as text otherwise."""
    given: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            fail(_("--option needs the form key=value, not {item}.", item=repr(item)))
        try:
            value = json.loads(raw)
        except json.JSONDecodeError:
            value = raw
        given[key.strip()] = value
    try:
        return info.resolve_options(given)
    except ValueError as exc:
        fail(str(exc))


def _names(text: str, flag: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not all(names):
        fail(_("{flag} takes comma-separated names without blanks, not {text}.", flag=flag, text=repr(text)))
    return names


def _check_players(info: GameInfo, count: int) -> int:
    try:
        return info.check_players(count)
    except ValueError as exc:
        fail(str(exc))


def _bot(name: str, game: str, seed: int) -> Agent:
    try:
        return make_agent(name, game, seed)
    except ValueError as exc:
        fail(str(exc))


DEFAULT_BOTS = ("greedy", "heuristic")  # the first of these a game has is its default opponent


def _default_bot(game: str) -> str:
    available = agents_for(game)
    return next((name for name in DEFAULT_BOTS if name in available), "random")


OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help=N_("Game option as key=value (value read as JSON if it parses); repeatable."),
    ),
]


QuietFlag = Annotated[
    bool, typer.Option("--quiet", "-q", metavar="", help=N_("No progress bar (on stderr)."))
]


def games_progress(what: str, disable: bool) -> Progress:
    """A progress bar on stderr for a run of games: games done, time elapsed and time left."""
    return Progress(
        SpinnerColumn(),
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        # i18n: in a progress bar, after the time elapsed ('0:00:12 elapsed, 0:00:30 left')
        TextColumn(_("elapsed,")),
        TimeRemainingColumn(),
        # i18n: in a progress bar, after the time remaining ('0:00:12 elapsed, 0:00:30 left')
        TextColumn(_("left")),
        console=Console(stderr=True),
        disable=disable,
    )


@app.callback(invoke_without_command=True)
def _root(
    version: Annotated[
        bool, typer.Option("--version", metavar="", help=N_("Show the version and exit."))
    ] = False,
) -> None:
    if version:
        typer.echo(f"masterbuilder {masterbuilder.__version__}")
        raise typer.Exit()


# ---- games ---------------------------------------------------------------------------------------------
@app.command(
    cls=PlainCommand,
    help=N_("List the games, their options and the bots that play them."),
)
def games(lang: LangOption = None) -> None:
    console = Console(highlight=False)
    for name, info in sorted(GAMES.items()):
        game_text = Text(name)  # the option docs are the game's messages
        about = _(
            "{title}, {low} to {high} players",
            title=info.local_title,
            low=info.min_players,
            high=info.max_players,
        )
        console.print(f"[bold]{name}[/bold]: {about}")
        if info.options:
            table = Table(title=_("Options (--option key=value)"), title_justify="left")
            table.add_column(_("Option"))
            table.add_column(_("Default"))
            table.add_column(_("Meaning"), overflow="fold")
            for key, opt in info.options.items():
                meaning = game_text(opt.doc)
                if opt.choices is not None:
                    meaning = _(
                        "one of {choices}. {meaning}",
                        choices=", ".join(map(str, opt.choices)),
                        meaning=meaning,
                    )
                elif opt.minimum is not None or opt.maximum is not None:
                    meaning = _(
                        "{low} to {high}. {meaning}", low=opt.minimum, high=opt.maximum, meaning=meaning
                    )
                table.add_row(key, json.dumps(opt.default), meaning)
            console.print(table)
        bots = Table(title=_("Bots (--seats / --agents)"), title_justify="left")
        bots.add_column(_("Bot"))
        bots.add_column(_("Plays like"))
        for bot in agents_for(name):
            bots.add_row(bot, _bot_description(bot, name))
        console.print(bots)


def _bot_description(bot: str, game: str) -> str:
    """What ``bot`` plays like, in the current language: a game's own bot is described in its messages."""
    base, sep, preset = bot.partition(":")
    spec = agent_spec(base, game)
    if spec is None:
        return ""
    about = Text(game)(spec.description) if spec.games == frozenset({game}) else _(spec.description)
    return _("{description} ({preset} preset)", description=about, preset=preset) if sep else about


# ---- play ----------------------------------------------------------------------------------------------
def _seat_names(info: GameInfo, seats: str | None, players: str | None) -> list[str]:
    """The seats of a game to play: ``--seats`` names them; ``--players`` is a count (you and the default
    bot), or, given names, the older spelling of ``--seats``."""
    count: int | None = None
    if players is not None:
        if players.strip().isdigit():
            count = _check_players(info, int(players))
        elif seats is not None:
            fail(_("Give the seats once, with --seats (--players takes the number of players)."))
        else:
            seats = players
    if seats is None:
        bot = _default_bot(info.name)
        return [HUMAN] + [bot] * ((count or 2) - 1)
    names = [HUMAN if n.casefold() == HUMAN else n for n in _names(seats, "--seats")]
    if count is not None and count != len(names):
        fail(
            _n(
                "--players is {count} but --seats names {n} seat; give one name per seat.",
                "--players is {count} but --seats names {n} seats; give one name per seat.",
                len(names),
                count=count,
            )
        )
    return names


@app.command(
    cls=PlainCommand,
    help=N_(
        "Play in the terminal against bots, or hot-seat; every game is saved, and --resume continues it."
    ),
)
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help=N_("The game: {games} (see `masterbuilder games`); not needed with --resume."),
        ),
    ] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            "-s",
            metavar="NAMES",
            # i18n: 'you' is the name to type for a person: keep it in English
            help=N_(
                "Who sits where, in order, comma-separated: 'you' for a person (several = hot-seat) "
                "or a bot name. Default: you against one bot."
            ),
        ),
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="N",
            help=N_(
                "Number of players, as in simulate and tournament: you and the default bot in the other "
                "seats. (Seat names here are read as --seats.)"
            ),
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help=N_("Game seed (default: a random one, shown)."))
    ] = None,
    option: OptionList = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=N_("Where to save the record (default: records/<game>-seed<seed>-<time>.json)."),
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", metavar="", help=N_("Let --save overwrite an existing file."))
    ] = False,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=N_(
                "Continue a saved game (a record from `play`) with its seats and bots, or those given with "
                "--seats; it is saved back to the same file unless --save says otherwise."
            ),
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    if resume is not None:
        state, names = _resumed(resume, game, seats, players, seed, option)
        info, seed, count = game_info(state.game), state.seed, state.num_players
        if save is None:
            save, force = resume, True  # the same game, grown by the moves played now
    elif game is None:
        fail(_("Give the game to play (see `masterbuilder games`), or --resume RECORD.json."))
    else:
        info = _game(game)
        options = _options(info, option)
        names = _seat_names(info, seats, players)
        count = _check_players(info, len(names))
        if seed is None:
            seed = random.SystemRandom().randrange(1_000_000)
        state = new_game(info.name, players=count, seed=seed, options=options)
    problem = records.save_problem(save, force)
    if problem is not None:
        fail(
            _("Cannot save the record there: {problem}", problem=problem)
            if save is not None
            else _(
                "Cannot save the record in {folder}/: {problem} Give --save.",
                folder=records.RECORDS_DIR,
                problem=problem,
            )
        )
    bots = {
        s: _bot(name, info.name, bot_seed)
        for s, (name, bot_seed) in enumerate(zip(names, agent_seeds(seed, count), strict=True))
        if name != HUMAN
    }
    console = Console(highlight=False)
    seated = ", ".join(
        _("seat {seat}: {name}", seat=s, name=_("you") if n == HUMAN else n) for s, n in enumerate(names)
    )
    if resume is not None:
        console.print(
            _(
                "{title} · seed {seed} · resumed after move {move} · {seats}",
                title=info.local_title,
                seed=seed,
                move=len(state.history),
                seats=seated,
            )
        )
    else:
        console.print(_("{title} · seed {seed} · {seats}", title=info.local_title, seed=seed, seats=seated))
    if resume is None and seats is None and players is not None and players.strip().isdigit():
        example = ",".join([HUMAN, _default_bot(info.name), "random", "mcts:easy", "mcts:medium"][:count])
        console.print(
            _("(Choose who sits where with --seats, e.g. --seats {example}.)", example=example), markup=False
        )
    table = TerminalTable(state, names, console)
    ending = table.play(bots)
    try:
        path, problem = records.save_with_fallback(state, save, names)
    except OSError as exc:
        fail(str(exc), code=1)
    if problem is not None:
        console.print(
            _("Could not save to {path} ({problem}).", path=save, problem=problem),
            markup=False,
            soft_wrap=True,
        )
    console.print(_("Record saved to {path}", path=path), markup=False, soft_wrap=True)
    if not state.is_terminal:
        console.print(
            _("Continue it with: {command}", command=shell_command("play", "--resume", str(path))),
            markup=False,
            soft_wrap=True,
        )
    replay_it = _("Replay it with: {command}", command=shell_command("replay", str(path)))
    console.print(replay_it, markup=False, soft_wrap=True)
    if ending is Ending.INTERRUPTED:
        raise typer.Exit(EXIT_INTERRUPTED)
    if ending is Ending.BOT_ERROR:
        raise typer.Exit(1)


def _resumed(
    path: Path,
    game: str | None,
    seats: str | None,
    players: str | None,
    seed: int | None,
    option: list[str] | None,
) -> tuple[State, list[str]]:
    """The saved game to continue and who sits where: the saved seats, or those given with --seats."""
    if seed is not None or option:
        fail(
            _(
                "--resume continues the saved game with its own seed and options; "
                "leave out --seed and --option."
            )
        )
    try:
        record = records.read_record(path)
        state = load_record(record)
    except TypeError as exc:
        fail(_("{path}: the record has a field of the wrong type ({problem}).", path=path, problem=exc))
    except ValueError as exc:
        fail(_("{path}: {problem}", path=path, problem=exc))
    if game is not None and _game(game).name != state.game:
        fail(_("{path} holds a game of {game}, not {other}.", path=path, game=state.game, other=game))
    if state.is_terminal:
        fail(
            _(
                "The game in {path} is over; step through it with: {command}",
                path=path,
                command=shell_command("replay", str(path)),
            )
        )
    count = state.num_players
    if players is not None and players.strip().isdigit():
        if int(players) != count:
            fail(
                _("{path} is a {count}-player game, not {players}.", path=path, count=count, players=players)
            )
        players = None
    if seats is None and players is None:
        names = records.record_names(record)
        if not all(names):
            fail(
                _n(
                    "{path} does not say who sat where; give --seats (one name per seat, {n} seat).",
                    "{path} does not say who sat where; give --seats (one name per seat, {n} seats).",
                    count,
                    path=path,
                )
            )
    else:
        names = _seat_names(game_info(state.game), seats, players)
        if len(names) != count:
            fail(
                _n(
                    "{path} is a {n}-player game; give {n} seat, not {given}.",
                    "{path} is a {n}-player game; give {n} seats, not {given}.",
                    count,
                    path=path,
                    given=len(names),
                )
            )
    return state, [HUMAN if n.casefold() == HUMAN else n for n in names]


# ---- replay --------------------------------------------------------------------------------------------
@app.command(
    cls=PlainCommand,
    help=N_("Step through a saved game: Enter shows the next move, q quits (pauses only on a terminal)."),
)
def replay(
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            help=N_("A record saved by `masterbuilder play` (JSON), or a `masterbuilder db export` file."),
        ),
    ],
    no_pause: Annotated[
        bool, typer.Option("--no-pause", metavar="", help=N_("Print everything without waiting for Enter."))
    ] = False,
    to: Annotated[
        int | None,
        typer.Option(
            "--to",
            metavar="N",
            help=N_("Jump to the position after move N (with --no-pause: show only that)."),
        ),
    ] = None,
    game_id: Annotated[
        str | None,
        typer.Option(
            "--game",
            metavar="ID",
            help=N_("In a file of several records (masterbuilder db export): the game with this id."),
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    try:
        record = records.read_record(file, game_id)
        console = Console(highlight=False)
        run_replay(record, console, pause=not no_pause and sys.stdin.isatty(), to=to)
    except ValueError as exc:
        fail(str(exc))


# ---- review --------------------------------------------------------------------------------------------
@app.command(
    cls=PlainCommand,
    help=N_(
        "Grade every decision of a saved game with the strong bot's search: each seat's winning chance "
        "before and after the move, the bot's best move, an accuracy per seat and the key moments."
    ),
)
def review(
    file: Annotated[
        Path, typer.Argument(metavar="FILE", help=N_("A record saved by `masterbuilder play` (JSON)."))
    ],
    seat: Annotated[
        int | None, typer.Option("--seat", metavar="N", help=N_("Review this seat only (default: all)."))
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            metavar="STEPS",
            help=N_(
                "Simulated steps per decision (default: mcts:hard's budget for the game,"
                " twice it in The Builders)."
            ),
        ),
    ] = None,
    jobs: Annotated[
        int, typer.Option("--jobs", "-j", metavar="N", help=N_("Decisions searched in parallel."))
    ] = 2,
    omniscient: Annotated[
        bool,
        typer.Option(
            "--omniscient",
            metavar="",
            help=N_("Judge with every hidden card known (default: only what the seat could see)."),
        ),
    ] = False,
    pairs: Annotated[
        int,
        typer.Option(
            "--pairs",
            metavar="N",
            help=N_(
                "Caylus and Caylus 1303: where the move played is not the bot's, value both again over N "
                "paired samples (0: read the loss from the search that chose the bot's move)."
            ),
        ),
    ] = 4,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help=N_("Print one JSON object instead of tables."))
    ] = False,
    quiet: QuietFlag = False,
    lang: LangOption = None,
) -> None:
    from masterbuilder.review import engine
    from masterbuilder.review.text import duration, print_review

    try:
        record = records.read_record(file)
        state = load_record(record)
    except ValueError as exc:
        fail(str(exc))
    if seat is not None and not 0 <= seat < state.num_players:
        fail(_("--seat must be from 0 to {last}, not {seat}.", last=state.num_players - 1, seat=seat))
    if budget is not None and budget < 1:
        fail(_("--budget must be at least 1, not {budget}.", budget=budget))
    if jobs < 1:
        fail(_("--jobs must be at least 1, not {jobs}.", jobs=jobs))
    if pairs < 0:
        fail(_("--pairs must be at least 0, not {pairs}.", pairs=pairs))
    steps = budget if budget is not None else engine.default_budget(state.game)
    found = engine.decisions(state.record(), seat)
    err = Console(stderr=True, highlight=False)
    if not quiet:
        err.print(
            _n(
                "Reviewing {n} decision at {steps} steps: about {time}.",
                "Reviewing {n} decisions at {steps} steps each: about {time}.",
                len(found[0]),
                steps=steps,
                time=duration(engine.estimated_seconds(state.game, len(found[0]), steps, jobs, pairs)),
            )
        )
    progress = games_progress(_("Reviewing"), disable=quiet)
    with progress:
        task = progress.add_task("decisions", total=len(found[0]))
        result = engine.review(
            state.record(),
            seat,
            steps,
            omniscient,
            jobs,
            found=found,
            progress=lambda _judged: progress.advance(task),
            pairs=pairs,
        )
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
    else:
        print_review(Console(highlight=False), result, records.record_names(record))


# ---- simulate ------------------------------------------------------------------------------------------
def fitted_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]], width: int) -> Table:
    """A table boxed as usual if it fits ``width`` columns (80 when the output is piped), else in a compact
    layout (no box, one space between columns) that fits agent names and intervals whole; an agent name too
    long even for that wraps instead of being cut."""
    cells = [list(row) for row in rows]

    def build(compact: bool) -> Table:
        if compact:
            table = Table(
                title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, padding=(0, 0)
            )
        else:
            table = Table(title=title, title_justify="left")
        for column in columns:
            table.add_column(column, justify="left" if column == _("Agent") else "right", overflow="fold")
        for row in cells:
            table.add_row(*row)
        return table

    wide = build(compact=False)
    natural = Console(width=10 * width).measure(wide).maximum  # a console as wide as the table wants
    return wide if natural <= width else build(compact=True)


def _percent(rate: float) -> str:
    """A rate as a percentage with one decimal ('37.5%')."""
    return _("{percent}%", percent=decimal(100 * rate, 1))


def _interval(low: float, high: float) -> str:
    return f"{_percent(low)}–{_percent(high)}"


def _summary_text(console: Console, summary: Summary, seconds: float) -> None:
    columns = (_("Seat"), _("Agent"), _("Wins"), _("Shared"), _("Win rate"), _("95% CI"), _("Mean score"))
    rows = [
        (
            str(s.seat),
            s.agent,
            str(s.wins),
            str(s.shared_wins),
            _percent(s.win_rate),
            _interval(s.win_rate_low, s.win_rate_high),
            decimal(s.mean_score, 2),
        )
        for s in summary.seats
    ]
    title = _n(
        "{title}: {n} game", "{title}: {n} games", summary.games, title=GAMES[summary.game].local_title
    )
    console.print(fitted_table(title, columns, rows, console.width))
    if summary.shared_games:
        console.print(
            _n(
                "{n} game ended in a tie for first: every tied seat counts a win "
                "(shown again under Shared), so wins add up to more than the games.",
                "{n} games ended in a tie for first: every tied seat counts a win "
                "(shown again under Shared), so wins add up to more than the games.",
                summary.shared_games,
            )
        )
    if summary.mean_rounds is not None:
        console.print(
            _(
                "Mean game length: {actions} actions, {rounds} rounds",
                actions=decimal(summary.mean_actions, 1),
                rounds=decimal(summary.mean_rounds, 1),
            )
        )
    else:
        console.print(_("Mean game length: {actions} actions", actions=decimal(summary.mean_actions, 1)))
    console.print(
        _n(
            "{n} game in {seconds} s ({rate} games/s)",
            "{n} games in {seconds} s ({rate} games/s)",
            summary.games,
            seconds=decimal(seconds, 2),
            rate=decimal(summary.games / seconds, 1),
        )
    )


@app.command(
    cls=PlainCommand,
    help=N_(
        "Play many games between bots and report each seat's wins, win rate (95% Wilson interval) and score."
    ),
)
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            "-a",
            metavar="BOTS",
            help=N_("Bots in seat order, comma-separated (default: random in every seat)."),
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", metavar="N", help=N_("Number of players (default: number of agents).")
        ),
    ] = None,
    games_count: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help=N_("Number of games."))
    ] = 100,
    seed: Annotated[int, typer.Option(metavar="N", help=N_("Game i uses seed + i."))] = 0,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help=N_("Print one JSON object instead of tables."))
    ] = False,
    quiet: QuietFlag = False,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    info = _game(game)
    options = _options(info, option)
    if agents is None:
        if players is None:
            fail(_("Give --agents (bots in seat order), --players, or both."))
        names = ["random"] * _check_players(info, players)
    else:
        names = _names(agents, "--agents")
        if players is not None and players != len(names):
            fail(
                _n(
                    "--players is {count} but --agents names {n} bot; give one bot per seat.",
                    "--players is {count} but --agents names {n} bots; give one bot per seat.",
                    len(names),
                    count=players,
                )
            )
    count = _check_players(info, len(names))
    for name in dict.fromkeys(names):
        _bot(name, game, 0)
    if games_count < 1:
        fail(_("--games must be at least 1, not {count}.", count=games_count))

    progress = games_progress(_("Simulating"), disable=as_json or quiet)
    start = time.perf_counter()
    with progress:
        task = progress.add_task("games", total=games_count)

        def advance(_: GameOutcome) -> None:
            progress.advance(task)

        outcomes = run_simulation(game, names, games_count, seed, options, on_game=advance)
    seconds = max(time.perf_counter() - start, 1e-9)
    summary = summarize(game, names, outcomes)
    if as_json:
        doc = summary.to_json()
        doc.update(
            players=count,
            seed=seed,
            options=options,
            seconds=seconds,
            games_per_second=summary.games / seconds,
        )
        typer.echo(json.dumps(doc, indent=2))
    else:
        _summary_text(Console(highlight=False), summary, seconds)


# ---- tournament ----------------------------------------------------------------------------------------
def _tournament_text(
    console: Console, summary: TournamentSummary, by_seat: bool, seconds: float, resumed: int = 0
) -> None:
    """The tables and notes; ``resumed``: how many of the games were already in the results file."""
    config = summary.config
    title = _n(
        "{title}, {players} players: {n} game",
        "{title}, {players} players: {n} games",
        summary.games,
        title=GAMES[config.game].local_title,
        players=config.players,
    )
    columns: tuple[str, ...] = (_("Agent"), _("Games"), _("Wins"), _("Shared"), _("Win rate"), _("95% CI"))
    # i18n: table columns: the mean seconds per move and the longest
    columns += (_("Mean score"), _("s/move"), _("Max s"))
    rows: list[tuple[str, ...]] = [
        (
            s.agent,
            str(s.games),
            str(s.wins),
            str(s.shared_wins),
            _percent(s.win_rate),
            _interval(s.win_rate_low, s.win_rate_high),
            decimal(s.mean_score, 2),
            "–" if s.seconds_per_move is None else decimal(s.seconds_per_move, 3),
            "–" if s.max_seconds_per_move is None else decimal(s.max_seconds_per_move, 2),
        )
        for s in summary.agents
    ]
    console.print(fitted_table(title, columns, rows, console.width))
    rows = [(r.agent, decimal(r.mu, 2), decimal(r.sigma, 2), decimal(r.ordinal, 2)) for r in summary.ratings]
    columns = (_("Agent"), "μ", "σ", _("Ordinal (μ − 3σ)"))
    console.print(fitted_table(_("OpenSkill ratings (Plackett-Luce)"), columns, rows, console.width))
    if by_seat:
        columns = (_("Seat"), _("Agent"), _("Games"), _("Wins"), _("Shared"), _("Win rate"), _("95% CI"))
        columns += (_("Score"),)
        rows = [
            (
                str(s.seat),
                s.agent,
                str(s.games),
                str(s.wins),
                str(s.shared_wins),
                _percent(s.win_rate),
                _interval(s.win_rate_low, s.win_rate_high),
                decimal(s.mean_score, 2),
            )
            for s in summary.seats
        ]
        console.print(fitted_table(_("By seat (Score: mean score)"), columns, rows, console.width))
    console.print(
        _("Wins are sole wins; a game won jointly counts under Shared for each tied agent instead.")
    )
    console.print(_("s/move: mean seconds per decision with a real choice (wall clock); Max s: the longest."))
    if summary.games % summary.cycle:
        console.print(
            _n(
                "Note: the seat rotation repeats every {cycle} games; {n} game is not a multiple, so seats "
                "are not exactly balanced.",
                "Note: the seat rotation repeats every {cycle} games; {n} games is not a multiple, so seats "
                "are not exactly balanced.",
                summary.games,
                cycle=summary.cycle,
            )
        )
    played = summary.games - resumed
    actions = decimal(summary.mean_actions, 1)
    if not played:
        console.print(_("Mean game length: {actions} actions.", actions=actions))
        console.print(
            _n(
                "Already complete: all {n} game was in the results file, so none was played "
                "(a larger --games extends it).",
                "Already complete: all {n} games were in the results file, so none was played "
                "(a larger --games extends it).",
                summary.games,
            )
        )
    elif resumed:
        console.print(_("Mean game length: {actions} actions.", actions=actions))
        console.print(
            _n(
                "Resumed: {n} game played in {seconds} s, after {before} in the results file.",
                "Resumed: {n} games played in {seconds} s, after {before} in the results file.",
                played,
                seconds=decimal(seconds, 2),
                before=resumed,
            )
        )
    else:
        console.print(
            _(
                "Mean game length: {actions} actions; played in {seconds} s",
                actions=actions,
                seconds=decimal(seconds, 2),
            )
        )


@app.command(
    cls=PlainCommand,
    help=N_(
        "Bots against each other with seats rotated; win rates (95% Wilson intervals), scores and ratings."
    ),
)
def tournament(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    agents: Annotated[
        str,
        typer.Option(
            "--agents", "-a", metavar="BOTS", help=N_("The bots, comma-separated, each named once.")
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-p", metavar="N", help=N_("Players per game (default: number of agents).")
        ),
    ] = None,
    games_count: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help=N_("Number of games."))
    ] = 100,
    workers: Annotated[
        int, typer.Option("--workers", "-w", metavar="N", help=N_("Games played in parallel."))
    ] = 1,
    seed: Annotated[int, typer.Option(metavar="N", help=N_("Game i uses seed + i."))] = 0,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=N_(
                "Results file, one JSON line per game; rerunning resumes it "
                "(default: results/<game>-<players>p-<agents>-seed<seed>.jsonl)."
            ),
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option(metavar="process|ray", help=N_("Where games run: process or ray."))
    ] = "process",
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address", metavar="ADDRESS", help=N_("Ray cluster to join (default: a local instance).")
        ),
    ] = None,
    chart: Annotated[
        Path | None, typer.Option(metavar="FILE", help=N_("Write a PNG of the ratings over the games."))
    ] = None,
    by_seat: Annotated[
        bool, typer.Option("--by-seat", metavar="", help=N_("Also show the results by seat."))
    ] = False,
    as_json: Annotated[
        bool, typer.Option("--json", metavar="", help=N_("Print one JSON object instead of tables."))
    ] = False,
    quiet: QuietFlag = False,
    option: OptionList = None,
    lang: LangOption = None,
) -> None:
    info = _game(game)
    options = _options(info, option)
    names = _names(agents, "--agents")
    count = _check_players(info, players if players is not None else len(names))
    for name in dict.fromkeys(names):
        _bot(name, game, 0)
    if games_count < 1:
        fail(_("--games must be at least 1, not {count}.", count=games_count))
    if workers < 1:
        fail(_("--workers must be at least 1, not {count}.", count=workers))
    if backend not in BACKENDS:
        fail(
            _(
                "--backend must be one of {choices}, not {value}.",
                choices=", ".join(BACKENDS),
                value=repr(backend),
            )
        )
    if ray_address is not None and backend != "ray":
        fail(_("--ray-address needs --backend ray."))
    try:  # before any game is played
        if backend == "ray":
            require(("ray",), "--backend ray", "arena")
        if chart is not None:
            require(("matplotlib",), "--chart", "arena")
    except MissingExtra as exc:
        fail(str(exc))
    try:
        config = TournamentConfig(game, count, tuple(names), seed, options)
    except ValueError as exc:
        fail(str(exc))
    if out is None:
        tag = "_".join(n.replace(":", "-").replace("/", "-") for n in names)
        out = Path("results") / f"{game}-{count}p-{tag}-seed{seed}.jsonl"

    progress = games_progress(_("Tournament"), disable=as_json or quiet)
    start = time.perf_counter()
    before = [0]  # games already in the results file

    def resumed(done: int) -> None:
        before[0] = done
        progress.reset(task, completed=done)  # the time left is then estimated from new games only

    with progress:
        task = progress.add_task("games", total=games_count)
        try:
            results = run_tournament(
                config,
                games_count,
                out,
                workers=workers,
                backend=backend,
                ray_address=ray_address,
                on_game=lambda _: progress.advance(task),
                on_resume=resumed,
            )
        except KeyboardInterrupt:
            progress.stop()
            typer.echo(
                _("Interrupted; the finished games are in {path}; rerun to resume.", path=out), err=True
            )
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except ConfigMismatch as exc:
            fail(str(exc))
        except (OSError, ValueError) as exc:
            fail(_("Could not run the tournament: {problem}", problem=exc), code=1)
    seconds = max(time.perf_counter() - start, 1e-9)
    summary = summarize_tournament(config, results)
    if chart is not None:
        try:
            ratings_chart(summary, chart)
        except OSError as exc:
            fail(_("Could not write the chart: {problem}", problem=exc), code=1)
    if as_json:
        doc = summary.to_json()
        doc.update(results=str(out), seconds=seconds, chart=None if chart is None else str(chart))
        doc.update(played=summary.games - before[0])
        typer.echo(json.dumps(doc, indent=2))
    else:
        console = Console(highlight=False)
        _tournament_text(console, summary, by_seat, seconds, before[0])
        console.print(_("Results: {path}", path=out), markup=False, soft_wrap=True)
        if chart is not None:
            console.print(_("Chart: {path}", path=chart), markup=False, soft_wrap=True)


# ---- bench ---------------------------------------------------------------------------------------------
@app.command(
    cls=PlainCommand,
    help=N_("Measure the engine on one core: random playouts, clone() and the MCTS presets' time per move."),
)
def bench(
    game: Annotated[str, typer.Argument(metavar="GAME", help=GAME_HELP)],
    seconds: Annotated[
        float, typer.Option(metavar="SECONDS", help=N_("Time budget in all, shared by the player counts."))
    ] = 5.0,
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="COUNTS",
            help=N_("Player counts, comma-separated (default: every count allowed)."),
        ),
    ] = None,
    json_out: Annotated[
        Path | None,
        typer.Option(
            "--json-out",
            metavar="FILE",
            help=N_("Where to write the JSON (default: bench-results/<game>.json)."),
        ),
    ] = None,
    mcts_moves: Annotated[
        int,
        typer.Option(
            "--mcts-moves", metavar="N", help=N_("Decisions timed per MCTS preset (0: skip the MCTS timing).")
        ),
    ] = 3,
    lang: LangOption = None,
) -> None:
    info = _game(game)
    if not seconds > 0:
        fail(_("--seconds must be positive, not {value}.", value=seconds))
    if mcts_moves < 0:
        fail(_("--mcts-moves must be 0 or more, not {value}.", value=mcts_moves))
    counts: list[int] | None = None
    if players is not None:
        counts = []
        for text in _names(players, "--players"):
            if not text.isdigit():
                fail(_("--players takes player counts such as 2,3,4, not {value}.", value=repr(players)))
            counts.append(_check_players(info, int(text)))
    try:
        run_bench(game, seconds, counts, json_out, Console(highlight=False), mcts_moves=mcts_moves)
    except OSError as exc:
        fail(_("Could not write the results: {problem}", problem=exc), code=1)


# ---- serve ---------------------------------------------------------------------------------------------


@app.command(
    cls=LocalizedCommand,
    help=N_(
        "Serve the web table: a lobby, seats and invite links, live play over WebSocket, bots on the server."
    ),
)
def serve(
    host: Annotated[str, typer.Option(help=N_("The address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=N_("The port to listen on."))] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            envvar="MASTERBUILDER_DB",
            show_envvar=False,
            help=N_(
                "Database URL: sqlite:///PATH or postgresql+psycopg://USER:PASSWORD@HOST/DB "
                "(default: a SQLite file in the user's data directory)."
            ),
        ),
    ] = None,
    public_url: Annotated[
        str | None,
        typer.Option(
            "--public-url",
            envvar="MASTERBUILDER_PUBLIC_URL",
            show_envvar=False,
            help=N_(
                "The address friends use, e.g. https://play.example.org (behind a proxy): invite links "
                "start with it. Also MASTERBUILDER_PUBLIC_URL."
            ),
        ),
    ] = None,
    allow_origin: Annotated[
        list[str] | None,
        typer.Option("--allow-origin", help=N_("Another origin whose pages may open the table's sockets.")),
    ] = None,
    bot_workers: Annotated[
        int | None, typer.Option(help=N_("Bot processes (default: one per core)."))
    ] = None,
    bot_timeout: Annotated[float, typer.Option(help=N_("Seconds a bot may think per move."))] = 10.0,
    board_workers: Annotated[
        int | None,
        typer.Option(
            help=N_("Processes drawing the SVG boards (default: one per core; 0: in the server's).")
        ),
    ] = None,
    rate: Annotated[
        float,
        typer.Option(help=N_("Socket messages a second one connection may send (bursts of three times).")),
    ] = 10.0,
    log_level: Annotated[
        str,
        typer.Option(
            help=N_(
                "uvicorn's log level: critical, error, warning, info, debug (debug: start-up tracebacks too)."
            )
        ),
    ] = "info",
    lang: LangOption = None,
) -> None:
    try:
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn  # noqa: F401

        from masterbuilder import server
    except ImportError:
        typer.echo(_(WEB_EXTRA_MISSING), err=True)
        raise typer.Exit(1) from None
    if not 0 < port < 65536:
        fail(_("--port must be from 1 to 65535, not {value}.", value=port))
    if bot_timeout <= 0:
        fail(_("--bot-timeout must be positive, not {value}.", value=bot_timeout))
    if board_workers is not None and board_workers < 0:
        fail(_("--board-workers must be 0 or more, not {value}.", value=board_workers))
    if rate <= 0:
        fail(_("--rate must be positive, not {value}.", value=rate))
    if lang is not None:  # the web table's language for browsers that send no Accept-Language
        os.environ["MASTERBUILDER_LANG"] = lang
    settings = server.Settings(
        db_url=db or "",
        allowed_origins=tuple(allow_origin or ()),
        public_url=public_url or None,
        bot_workers=bot_workers,
        bot_timeout=bot_timeout,
        board_workers=board_workers,
        rate=rate,
        burst=max(1, int(rate * 3)),
    )
    if log_level not in ("critical", "error", "warning", "info", "debug", "trace"):
        fail(
            _(
                "--log-level must be critical, error, warning, info or debug, not {value}.",
                value=repr(log_level),
            )
        )
    from masterbuilder.server.startup import StartupError

    try:
        server.serve(settings, host=host, port=port, log_level=log_level)
    except StartupError as exc:
        if log_level in ("debug", "trace"):
            import traceback

            traceback.print_exc()
        fail(str(exc), exc.code)
    except KeyboardInterrupt:  # before the server ran (its own Ctrl-C ends serve() normally)
        raise typer.Exit(EXIT_INTERRUPTED) from None


# ---- db ------------------------------------------------------------------------------------------------
db_app = typer.Typer(
    cls=PlainGroup,
    help=N_("The web table's database, for its operator: check it, back it up, export the finished games."),
    no_args_is_help=True,
)
app.add_typer(db_app, name="db")


@db_app.command(
    "check", cls=PlainCommand, help=N_("The schema version, the games by status, the moves and the size.")
)
def db_check(db: DbOption = None, lang: LangOption = None) -> None:
    dbtools = _db_tools()
    try:
        report = dbtools.check(_db_url(db))
    except dbtools.DbError as exc:
        fail(str(exc), EXIT_DB)
    typer.echo(_("Database: {url}", url=report.url))
    if report.schema == report.newest:
        typer.echo(_("Schema: {version} (the newest)", version=report.schema))
    else:
        typer.echo(
            _(
                "Schema: {version}; this version brings {newest} (`serve` upgrades it at start)",
                version=report.schema,
                newest=report.newest,
            )
        )
    counts = {status: report.games.get(status, 0) for status in ("open", "live", "finished")}
    typer.echo(
        _(
            "Games: {open} open, {live} live, {finished} finished; {moves} moves",
            moves=report.moves,
            **counts,
        )
    )
    if report.size is not None:
        typer.echo(_("Size: {megabytes} MB", megabytes=decimal(report.size / 1e6, 1)))


@db_app.command(
    "backup",
    cls=PlainCommand,
    help=N_(
        "Copy the database to FILE while the server runs (SQLite); for PostgreSQL, print the pg_dump "
        "command that does it."
    ),
)
def db_backup(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("The new file to write."))],
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    dbtools = _db_tools()
    try:
        command = dbtools.backup(_db_url(db), file)
    except dbtools.DbError as exc:
        fail(str(exc), EXIT_DB)
    if command is not None:
        typer.echo(_("PostgreSQL is backed up by its own tool; run:"))
        typer.echo(command)
    else:
        typer.echo(_("Wrote {path}: restore it by serving it (--db sqlite:///{path}).", path=file))


@db_app.command(
    "export",
    cls=PlainCommand,
    help=N_(
        "The finished games as records, one JSON object a line, which `masterbuilder replay --game ID` "
        "and the replay page read."
    ),
)
def db_export(
    out: Annotated[
        Path | None,
        typer.Argument(metavar="[FILE]", help=N_("The file to write (default: the standard output).")),
    ] = None,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    dbtools = _db_tools()
    url = _db_url(db)
    try:
        if out is None:
            count = dbtools.export(url, sys.stdout)
        else:
            if out.exists():
                fail(_("{path} exists already: give a new file name.", path=out), EXIT_DB)
            try:
                with out.open("x", encoding="utf-8") as stream:
                    count = dbtools.export(url, stream)
            except OSError as exc:
                fail(_("Cannot write {path}: {problem}", path=out, problem=exc.strerror or exc), EXIT_DB)
    except dbtools.DbError as exc:
        if out is not None:
            out.unlink(missing_ok=True)
        fail(str(exc), EXIT_DB)
    if out is not None:
        typer.echo(
            _n("Wrote {n} finished game to {path}.", "Wrote {n} finished games to {path}.", count, path=out)
        )


@app.command(
    cls=PlainCommand,
    help=N_("Draw a game's board as the web table shows it, to an SVG or PNG file (for docs and replays)."),
)
def board(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help=N_("The game: {games} (see `masterbuilder games`); not needed with --record."),
        ),
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", metavar="N", help=N_("Players."))] = None,
    seed: Annotated[int, typer.Option(metavar="N", help=N_("Game seed."))] = 0,
    moves: Annotated[int, typer.Option(metavar="N", help=N_("Decisions played before the picture."))] = 0,
    bots: Annotated[
        str, typer.Option(metavar="BOTS", help=N_("The bots that play those moves, comma-separated, cycled."))
    ] = "heuristic",
    option: OptionList = None,
    record: Annotated[
        Path | None, typer.Option(metavar="FILE", help=N_("Draw a position of this saved game instead."))
    ] = None,
    ply: Annotated[
        int | None,
        typer.Option(metavar="N", help=N_("With --record: the position after N moves (default: the end).")),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(metavar="N", help=N_("Whose view (default: the seat to move; at the end everyone's).")),
    ] = None,
    out: Annotated[Path, typer.Option("--out", metavar="FILE", help=N_("The image: .svg or .png."))] = Path(
        "board.svg"
    ),
    lang: LangOption = None,
) -> None:
    from masterbuilder.ui import images

    try:
        if record is not None:
            try:
                saved = json.loads(record.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                fail(_("Cannot read the record {path}: {problem}", path=record, problem=exc))
            state = images.replay_position(saved, ply)
        else:
            if game is None:
                fail(_("Name a game (masterbuilder board caylus) or give --record FILE."))
            info = _game(game)
            count = _check_players(info, players if players is not None else info.min_players)
            names = _names(bots, "--bots")
            for name in names:
                _bot(name, info.name, 0)
            state = images.position(info.name, count, seed, moves, names, _options(info, option))
        viewer = seat if seat is not None else state.current_player
        if viewer is not None and not 0 <= viewer < state.num_players:
            fail(_("There is no seat {seat} in a {count}-player game.", seat=viewer, count=state.num_players))
        images.write_board(images.board_svg(state, viewer), out)
    except ValueError as exc:
        fail(str(exc))
    if viewer is None:
        typer.echo(
            _(
                "Wrote {path} ({game}, move {move}, seen by a spectator).",
                path=out,
                game=state.game,
                move=len(state.history),
            )
        )
    else:
        typer.echo(
            _(
                "Wrote {path} ({game}, move {move}, seen by seat {seat}).",
                path=out,
                game=state.game,
                move=len(state.history),
                seat=viewer,
            )
        )


# ---- users (the web table's accounts: masterbuilder/cli_users.py, which uses the db options above) -------
from masterbuilder.cli_users import users_app  # noqa: E402

app.add_typer(users_app, name="users")


def main() -> None:
    app()
