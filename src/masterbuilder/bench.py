"""Engine speed on one core, for any registered game: random playouts per second and clones per second,
written as JSON and as a Markdown table, with OpenSpiel's own Python tic-tac-toe as a reference point.

A playout is a fresh seeded game played to the end by picking uniformly among ``legal_action_ids()`` and
applying through the public ``apply``; clones are timed on mid-game states (half-way through random games).
"""

from __future__ import annotations

import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from masterbuilder.compiled import BUILD, build_name
from masterbuilder.core.i18n import SOURCE, decimal, integer, language
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import game_info, new_game
from masterbuilder.core.state import State

_n = _.plural
CLONE_SHARE = 0.2  # of each player count's time, spent timing clone()
YARDSTICK_PLAYERS = (2, 4)  # the ratio is the slower of these counts' actions/s (fewer where a game stops)
YARDSTICK_ROUNDS = 4  # the game and tic-tac-toe are timed in turn, so a busy machine slows both alike
HEURISTIC_MOVES = 12
# A Python with the compiled build installed, so that a pure-Python `bench` measures it too (the compiled
# build measures the pure one itself, from the package's own sources).
OTHER_BUILD_ENV = "MASTERBUILDER_COMPILED_PYTHON"
CLONE_BATCH = 200
MIDGAME_SAMPLES = 8


@dataclass(frozen=True)
class BenchResult:
    players: int
    games: int
    actions: int
    playout_seconds: float
    clones: int
    clone_seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.playout_seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.playout_seconds

    @property
    def mean_actions(self) -> float:
        return self.actions / self.games

    @property
    def clones_per_second(self) -> float:
        return self.clones / self.clone_seconds

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc.update(
            games_per_second=self.games_per_second,
            actions_per_second=self.actions_per_second,
            mean_actions_per_game=self.mean_actions,
            clones_per_second=self.clones_per_second,
        )
        return doc


def random_game(game: str, players: int, seed: int) -> State:
    """A fresh game played to the end with uniform random moves (seeded)."""
    state = new_game(game, players=players, seed=seed)
    choice = random.Random(seed).choice
    while not state.is_terminal:
        state.apply(choice(state.legal_action_ids()))
    return state


def random_playouts(
    game: str, players: int, seconds: float, seed: int = 0, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) of random playouts for about ``seconds`` (at least one game)."""
    games = actions = 0
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = random_game(game, players, seed + games)
        games += 1
        actions += len(state.history)
        elapsed = clock() - start
    return games, actions, elapsed


def midgame_states(game: str, players: int, count: int = MIDGAME_SAMPLES, seed: int = 0) -> list[State]:
    """States half-way through ``count`` random games."""
    states = []
    for i in range(count):
        history = random_game(game, players, seed + i).history
        state = new_game(game, players=players, seed=seed + i)
        for action in history[: len(history) // 2]:
            state.apply(action)
        states.append(state)
    return states


def clone_rate(states: Sequence[State], seconds: float) -> tuple[int, float]:
    """(clones, elapsed seconds) cloning ``states`` in turn for about ``seconds`` (at least one batch)."""
    clones = 0
    start = time.perf_counter()
    elapsed = 0.0
    while clones == 0 or elapsed < seconds:
        for _batch in range(CLONE_BATCH // len(states) + 1):
            for state in states:
                state.clone()
        clones += (CLONE_BATCH // len(states) + 1) * len(states)
        elapsed = time.perf_counter() - start
    return clones, elapsed


def bench_game(
    game: str,
    seconds: float,
    players: Sequence[int] | None = None,
    seed: int = 0,
    on_step: Callable[[str], None] | None = None,
) -> list[BenchResult]:
    """Measure ``game`` for each player count (default: all it allows), ``seconds`` in all."""
    info = game_info(game)
    counts = [info.check_players(p) for p in players] if players else list(info.player_range)
    share = seconds / len(counts)
    results = []
    for count in counts:
        if on_step is not None:
            on_step(_("{count} players: random playouts", count=count))
        games, actions, playout_seconds = random_playouts(game, count, share * (1 - CLONE_SHARE), seed)
        if on_step is not None:
            on_step(_("{count} players: clone()", count=count))
        clones, clone_seconds = clone_rate(midgame_states(game, count, seed=seed), share * CLONE_SHARE)
        results.append(BenchResult(count, games, actions, playout_seconds, clones, clone_seconds))
    return results


def _processor() -> str:
    name = platform.processor()
    if name and name != platform.machine():
        return name
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return name or platform.machine()


def machine_info() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "processor": _processor(),
        "cpu_count": os.cpu_count(),
    }


def mcts_speed(game: str, players: int = 2, moves: int = 3, seed: int = 0) -> list[dict[str, Any]]:
    """Per MCTS preset: seconds per decision (mean and longest), and the simulations (iterations) and
    simulated steps it ran, per decision and per second, over ``moves`` decisions taken from mid-game
    states of random games (one core)."""
    from masterbuilder.agents.mcts import PRESETS, make_mcts

    states = [s for s in midgame_states(game, players, count=moves, seed=seed) if not s.is_terminal]
    rows = []
    for preset in PRESETS:
        agent = make_mcts(game, seed, preset)
        iterations = steps = 0
        longest = elapsed = 0.0
        for state in states:
            start = time.process_time()  # CPU time: one core's worth, however busy the machine
            agent.choose(state)
            spent = time.process_time() - start
            elapsed += spent
            longest = max(longest, spent)
            iterations += agent.last_iterations
            steps += agent.last_steps
        per_move = elapsed / len(states)
        rows.append(
            {
                "preset": preset,
                "iterations": iterations / len(states),  # per decision
                "steps": steps / len(states),  # simulated actions per decision
                "decisions": len(states),
                "seconds_per_move": per_move,
                "max_seconds": longest,
                "iterations_per_second": iterations / elapsed if elapsed > 0 else 0.0,
                "steps_per_second": steps / elapsed if elapsed > 0 else 0.0,
            }
        )
    return rows


def _tic_tac_toe() -> Any:
    """OpenSpiel's Python tic-tac-toe, or None without the ``openspiel`` extra."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe")


def _tic_tac_toe_games(
    game: Any, seconds: float, choice: Callable[[list[int]], int], clock: Callable[[], float]
) -> tuple[int, int, float]:
    """(games, moves, seconds by ``clock``) of random tic-tac-toe playouts for about ``seconds`` (at least
    one game)."""
    moves = games = 0
    start = clock()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            moves += 1
        games += 1
        elapsed = clock() - start
    return games, moves, elapsed


def _tic_tac_toe_moves(game: Any, seconds: float, choice: Callable[[list[int]], int]) -> tuple[int, float]:
    """(moves, CPU seconds) of random tic-tac-toe playouts for about ``seconds`` (at least one game)."""
    _, moves, elapsed = _tic_tac_toe_games(game, seconds, choice, time.process_time)
    return moves, elapsed


def yardstick(game: str, seconds: float, seed: int = 0) -> dict[str, Any] | None:
    """The speed of random playouts as a multiple of OpenSpiel's Python tic-tac-toe played the same way
    (``new_game``, then ``apply(random.choice(legal_action_ids()))`` to the end), timed in turn in this
    process: a ratio holds across machines where absolute speed doesn't. The ratio is the slower of 2 and 4
    players. Timed in CPU seconds of this process: one core's worth, however busy the machine. None without
    the ``openspiel`` extra."""
    reference = _tic_tac_toe()
    if reference is None:
        return None
    info = game_info(game)
    counts = [p for p in YARDSTICK_PLAYERS if p in info.player_range]
    share = seconds / (YARDSTICK_ROUNDS * (len(counts) + 1))
    choice = random.Random(seed).choice
    ttt_moves, ttt_seconds = 0, 0.0
    actions = dict.fromkeys(counts, 0)
    spent = dict.fromkeys(counts, 0.0)
    played = 0
    for _round in range(YARDSTICK_ROUNDS):
        moves, elapsed = _tic_tac_toe_moves(reference, share, choice)
        ttt_moves, ttt_seconds = ttt_moves + moves, ttt_seconds + elapsed
        for count in counts:
            games, done, elapsed = random_playouts(game, count, share, seed + played, time.process_time)
            played += games
            actions[count] += done
            spent[count] += elapsed
    ttt_rate = ttt_moves / ttt_seconds
    rates = {count: actions[count] / spent[count] for count in counts}
    return {
        "build": BUILD,
        "reference": "python_tic_tac_toe (OpenSpiel)",
        "reference_moves_per_second": ttt_rate,
        "actions_per_second": {str(count): rate for count, rate in rates.items()},
        "ratio": min(rates.values()) / ttt_rate,
    }


def _pure_sources(into: Path) -> Path:
    """A copy of the running package without its compiled modules: the pure-Python build."""
    import masterbuilder

    package = Path(masterbuilder.__file__).parent
    target = into / "masterbuilder"
    shutil.copytree(package, target, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    return into


def other_build_yardstick(game: str, seconds: float, seed: int = 0) -> dict[str, Any] | None:
    """:func:`yardstick` for the other build, in a child process, where both are at hand: the pure one
    beside the compiled one (from the package's sources), the compiled one where ``OTHER_BUILD_ENV`` names
    a Python that has it. None where the other build isn't there, or it could not be measured."""
    code = (
        "import json, sys\n"
        "from masterbuilder.bench import yardstick\n"
        f"print(json.dumps(yardstick({game!r}, {seconds!r}, {seed!r})))\n"
    )
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="masterbuilder-bench-") as tmp:
        if BUILD == "compiled":
            python, env["PYTHONPATH"] = sys.executable, str(_pure_sources(Path(tmp)))
        else:
            python = env.get(OTHER_BUILD_ENV, "")
            if not python:
                return None
            env.pop("PYTHONPATH", None)
        try:
            done = subprocess.run(
                [python, "-c", code],
                env=env,
                cwd=tmp,
                capture_output=True,
                text=True,
                timeout=seconds * 4 + 60,
            )
        except (OSError, subprocess.TimeoutExpired):
            return None
    if done.returncode != 0:
        return None
    try:
        result = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None
    return result if isinstance(result, dict) and result.get("build") != BUILD else None


def heuristic_speed(
    game: str, players: int = 2, moves: int = HEURISTIC_MOVES, seed: int = 0
) -> dict[str, Any]:
    """The game's heuristic bot: decisions per CPU second (one core), over ``moves`` mid-game positions."""
    from masterbuilder.agents.base import make_agent

    states = [s for s in midgame_states(game, players, count=moves, seed=seed) if not s.is_terminal]
    agent = make_agent("heuristic", game, seed)
    start = time.process_time()
    for state in states:
        agent.choose(state)
    elapsed = max(time.process_time() - start, 1e-9)
    return {"bot": "heuristic", "decisions": len(states), "moves_per_second": len(states) / elapsed}


def openspiel_reference(seconds: float, seed: int = 0) -> dict[str, Any] | None:
    """For scale: random playouts of OpenSpiel's own Python tic-tac-toe (``python_tic_tac_toe``, the Python
    game path our OpenSpiel adapter also takes), in moves/s; None without the ``openspiel`` extra."""
    game = _tic_tac_toe()
    if game is None:
        return None
    games, moves, elapsed = _tic_tac_toe_games(game, seconds, random.Random(seed).choice, time.perf_counter)
    return {
        "game": "python_tic_tac_toe (OpenSpiel)",
        "games": games,
        "moves": moves,
        "seconds": elapsed,
        "moves_per_second": moves / elapsed,
    }


def bench_document(
    game: str,
    seconds: float,
    results: Sequence[BenchResult],
    reference: dict[str, Any] | None = None,
    mcts: Sequence[dict[str, Any]] = (),
    ratios: Sequence[dict[str, Any]] = (),
    bots: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    return {
        "game": game,
        "build": BUILD,
        "timestamp": datetime.now(UTC).isoformat(timespec="seconds"),
        "seconds": seconds,
        "machine": machine_info(),
        "results": [r.to_json() for r in results],
        "mcts": list(mcts),
        "reference": reference,
        "ratios": list(ratios),
        "bots": list(bots),
    }


def bot_rates(heuristic: dict[str, Any] | None, mcts: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Moves per second on one core of the heuristic and of mcts:medium (from its preset timing)."""
    rows = [heuristic] if heuristic is not None else []
    for m in mcts:
        if m["preset"] == "medium" and m["seconds_per_move"] > 0:
            rows.append(
                {
                    "bot": "mcts:medium",
                    "decisions": m["decisions"],
                    "moves_per_second": 1 / m["seconds_per_move"],
                }
            )
    return rows


def markdown(doc: dict[str, Any]) -> str:
    """The document as a Markdown table, with the machine and the OpenSpiel reference point."""
    m = doc["machine"]
    lines = [
        f"# {game_info(doc['game']).title}: engine speed on one core",
        "",
        f"{doc['timestamp']} · {m['processor']} · {m['cpu_count']} CPUs · {m['implementation']} {m['python']}"
        f" · {m['platform']} · build: {doc.get('build', 'pure')}",
        "",
        "| players | games | games/s | actions/s | actions/game | clones/s |",
        "|---|---|---|---|---|---|",
    ]
    for r in doc["results"]:
        cells = [
            str(r["players"]),
            f"{r['games']:,}",
            f"{r['games_per_second']:,.1f}",
            f"{r['actions_per_second']:,.0f}",
            f"{r['mean_actions_per_game']:,.0f}",
            f"{r['clones_per_second']:,.0f}",
        ]
        lines.append("| " + " | ".join(cells) + " |")
    if doc.get("mcts"):
        lines += [
            "",
            "| MCTS preset | iterations per move | steps per move | s per move | longest | iterations/s "
            "| steps/s |",
            "|---|---|---|---|---|---|---|",
        ]
        for m in doc["mcts"]:
            cells = [m["preset"], f"{m['iterations']:,.0f}", f"{m.get('steps', 0):,.0f}"]
            cells += [f"{m['seconds_per_move']:.3f}", f"{m.get('max_seconds', 0):.3f}"]
            cells += [f"{m['iterations_per_second']:,.0f}", f"{m.get('steps_per_second', 0):,.0f}"]
            lines.append("| " + " | ".join(cells) + " |")
    for r in doc.get("ratios", []):
        rates = ", ".join(f"{p} players {rate:,.0f} actions/s" for p, rate in r["actions_per_second"].items())
        lines += [
            "",
            f"Against OpenSpiel's python_tic_tac_toe ({r['reference_moves_per_second']:,.0f} moves/s), "
            f"{r['build']} build: **{r['ratio']:.1f}×** ({rates}; the ratio takes the slower).",
        ]
    if doc.get("bots"):
        lines.append("")
        lines += [f"{b['bot']}: {b['moves_per_second']:,.2f} moves/s on one core." for b in doc["bots"]]
    ref = doc.get("reference")
    lines.append("")
    if ref:
        lines.append(f"Reference: {ref['game']}, random playouts: {ref['moves_per_second']:,.0f} moves/s.")
    else:
        lines.append("Reference: OpenSpiel is not installed (the `openspiel` extra), so no reference point.")
    return "\n".join(lines) + "\n"


def _number(value: float, digits: int = 0) -> str:
    """``value`` with thousands grouped and ``digits`` decimals, in the current language's way."""
    return f"{value:,.{digits}f}" if language() == SOURCE else decimal(value, digits)


def results_table(game: str, results: Sequence[BenchResult]) -> Table:
    table = Table(
        title=_("{game}: random playouts and clone() on one core", game=game_info(game).local_title)
    )
    table.add_column(_("Players"), justify="right")
    table.add_column(_("Games"), justify="right")
    table.add_column(_("Games/s"), justify="right")
    table.add_column(_("Actions/s"), justify="right")
    table.add_column(_("Actions/game"), justify="right")
    table.add_column(_("Clones/s"), justify="right")
    for r in results:
        table.add_row(
            str(r.players),
            integer(r.games),
            _number(r.games_per_second, 1),
            _number(r.actions_per_second),
            _number(r.mean_actions),
            _number(r.clones_per_second),
        )
    return table


def mcts_table(mcts: Sequence[dict[str, Any]]) -> Table:
    """The MCTS presets' timings: what the search counts is simulated steps (actions played inside the
    search), since a guided preset runs few simulations, each of many steps."""
    decisions = mcts[0]["decisions"] if mcts else 0
    table = Table(
        title=_n(
            "MCTS presets: {n} decision from mid-game positions, one core",
            "MCTS presets: {n} decisions from mid-game positions, one core",
            decisions,
        )
    )
    table.add_column(_("Preset"), justify="left")
    for column in (_("s/move"), _("Longest"), _("Simulations/move"), _("Steps/move"), _("Steps/s")):
        table.add_column(column, justify="right")
    for m in mcts:
        table.add_row(
            f"mcts:{m['preset']}",
            decimal(m["seconds_per_move"], 3),
            decimal(m["max_seconds"], 3),
            _number(m["iterations"]),
            _number(m["steps"]),
            _number(m["steps_per_second"]),
        )
    return table


def default_output(game: str) -> Path:
    return Path("bench-results") / f"{game}.json"


def run_bench(
    game: str,
    seconds: float,
    players: Sequence[int] | None = None,
    json_out: Path | None = None,
    console: Console | None = None,
    mcts_moves: int = 3,
) -> dict[str, Any]:
    """Measure, print the table and write the JSON document (returned too); what ``bench`` commands run.
    ``mcts_moves`` decisions per MCTS preset are timed too (0: none)."""
    out = console if console is not None else Console()
    with out.status(_("Measuring...")) as status:
        results = bench_game(
            game, seconds, players, on_step=lambda text: status.update(_("Measuring: {what}", what=text))
        )
        mcts: list[dict[str, Any]] = []
        if mcts_moves > 0:
            status.update(_("Measuring: MCTS presets, seconds per move"))
            mcts = mcts_speed(game, moves=mcts_moves)
        status.update(_("Measuring: OpenSpiel's Python tic-tac-toe, for scale"))
        reference = openspiel_reference(min(1.0, max(0.05, seconds / 10)))
        ratios = [yardstick(game, seconds), other_build_yardstick(game, seconds)]
        status.update(_("Measuring: the heuristic bot's moves"))
        heuristic = heuristic_speed(game)
    bots = bot_rates(heuristic, mcts)
    doc = bench_document(game, seconds, results, reference, mcts, [r for r in ratios if r], bots)
    out.print(_("Build: {build}", build=build_name()), markup=False)
    out.print(results_table(game, results))
    if mcts:
        out.print(mcts_table(mcts))
        out.print(_("Steps: actions simulated by the search (a simulation plays many steps)."))
    machine = doc["machine"]
    out.print(
        _(
            "{processor} · {cpus} CPUs · {implementation} {python} · {platform}",
            processor=machine["processor"],
            cpus=machine["cpu_count"],
            implementation=machine["implementation"],
            python=machine["python"],
            platform=machine["platform"],
        ),
        markup=False,
    )
    for ratio in doc["ratios"]:
        out.print(
            _(
                "Random playouts against OpenSpiel's Python tic-tac-toe, timed in turn: {ratio}× ({build}; "
                "the slower of 2 and 4 players)",
                ratio=_number(ratio["ratio"], 1),
                build=build_name(ratio["build"]),
            ),
            markup=False,
        )
    for bot in bots:
        out.print(
            _(
                "{bot}: {rate} moves per second on one core",
                bot=bot["bot"],
                rate=_number(bot["moves_per_second"], 2),
            ),
            markup=False,
        )
    path = json_out if json_out is not None else default_output(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    table = path.with_suffix(".md")
    table.write_text(markdown(doc), encoding="utf-8")
    if reference:
        out.print(
            _(
                "For scale: {game} random playouts, {rate} moves/s",
                game=reference["game"],
                rate=_number(reference["moves_per_second"]),
            )
        )
    out.print(_("Wrote {path} and {table}", path=path, table=table), markup=False)
    return doc
