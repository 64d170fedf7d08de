"""Tournaments: the seat rotation, the statistics, the results file (resume), the command, Ray."""

from __future__ import annotations

import io
import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from masterbuilder.agents import make_agent, register_agent
from masterbuilder.arena.simulate import wilson_interval
from masterbuilder.arena.tournament import (
    ConfigMismatch,
    TournamentConfig,
    play_pairing,
    ranks,
    read_results,
    run_tournament,
    schedule,
    seat_cycle,
    summarize_tournament,
)
from masterbuilder.cli import _tournament_text, app

runner = CliRunner()
BUILDERS3 = TournamentConfig("builders", 2, ("greedy", "heuristic", "random"), seed=5)


CLOCK = ("seconds", "think", "think_max")  # wall-clock fields of a result; the rest is reproduced exactly


def without_seconds(path: Path) -> list[Any]:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for record in lines[1:]:
        for timing in CLOCK:
            record.pop(timing)
    return [lines[0], *sorted(lines[1:], key=lambda r: r["index"])]


# ---- schedule -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("agents", "players"), [(2, 2), (3, 3), (4, 4), (3, 2), (4, 2), (5, 3), (5, 4)])
def test_every_agent_sits_in_every_seat_equally_over_a_cycle(agents: int, players: int) -> None:
    names = tuple(f"a{i}" for i in range(agents))
    cycle = seat_cycle(names, players)
    counts = Counter((seat, name) for seating in cycle for seat, name in enumerate(seating))
    assert set(counts) == {(s, a) for s in range(players) for a in names}
    assert len(set(counts.values())) == 1
    assert all(len(set(seating)) == players for seating in cycle)
    # two cycles of games: balanced again, seeds consecutive, seating repeating
    config = TournamentConfig("builders", players, names, seed=10)
    games = schedule(config, 2 * len(cycle))
    assert [g.seed for g in games] == list(range(10, 10 + 2 * len(cycle)))
    assert [g.seats for g in games] == cycle + cycle


def test_equal_counts_are_cyclic_rotations() -> None:
    assert seat_cycle(("a", "b", "c"), 3) == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    assert seat_cycle(("a", "b", "c"), 2) == [
        ("a", "b"),
        ("b", "a"),
        ("a", "c"),
        ("c", "a"),
        ("b", "c"),
        ("c", "b"),
    ]


def test_config_checks() -> None:
    with pytest.raises(ValueError, match="at least 3 agents"):
        TournamentConfig("caylus", 3, ("heuristic", "random"))
    with pytest.raises(ValueError, match="only once"):
        TournamentConfig("caylus", 2, ("random", "random"))
    with pytest.raises(ValueError, match="two agents"):
        TournamentConfig("caylus", 1, ("random",))


# ---- statistics ---------------------------------------------------------------------------------------
def record(index: int, seats: list[str], scores: list[int], winners: list[int]) -> dict[str, Any]:
    return {
        "index": index,
        "seed": index,
        "seats": seats,
        "scores": scores,
        "winners": winners,
        "actions": 10,
    }


def test_aggregation_on_hand_made_results() -> None:
    config = TournamentConfig("builders", 2, ("a", "b", "c"))
    results = [
        record(3, ["b", "a"], [5, 5], [0, 1]),  # shared
        record(0, ["a", "b"], [10, 4], [0]),
        record(1, ["b", "a"], [3, 8], [1]),
        record(2, ["a", "c"], [2, 9], [1]),
    ]
    summary = summarize_tournament(config, results)
    assert summary.games == 4 and summary.shared_games == 1 and summary.cycle == 6
    assert summary.mean_actions == 10
    a, b, c = summary.agents
    assert (a.agent, a.games, a.wins, a.shared_wins, a.points) == ("a", 4, 2, 1, 2.5)
    assert a.win_rate == 0.5
    assert (a.win_rate_low, a.win_rate_high) == wilson_interval(2, 4)
    assert a.mean_score == pytest.approx((10 + 8 + 2 + 5) / 4)
    assert (b.games, b.wins, b.shared_wins, b.points, b.mean_score) == (3, 0, 1, 0.5, 4.0)
    assert (c.games, c.wins, c.win_rate, c.mean_score) == (1, 1, 1.0, 9.0)
    by_seat = {(s.seat, s.agent): s for s in summary.seats}
    assert by_seat[0, "a"].games == 2 and by_seat[0, "a"].wins == 1
    assert by_seat[1, "a"].games == 2 and by_seat[1, "a"].wins == 1 and by_seat[1, "a"].shared_wins == 1
    assert (0, "c") not in by_seat and by_seat[1, "c"].wins == 1
    # ratings: deterministic whatever the order given; a beat b, so a is rated above b
    again = summarize_tournament(config, list(reversed(results)))
    assert again.ratings == summary.ratings
    ratings = {r.agent: r for r in summary.ratings}
    assert ratings["a"].mu > ratings["b"].mu
    assert ratings["a"].ordinal == pytest.approx(ratings["a"].mu - 3 * ratings["a"].sigma)
    assert [len(h) for h in summary.history.values()] == [4, 4, 4]
    doc = summary.to_json()
    assert json.loads(json.dumps(doc))["agents"][0]["wins"] == 2 and doc["balanced"] is False


def test_ranks_put_winners_first_then_scores() -> None:
    assert ranks([5, 9, 7], [1]) == [3, 1, 2]
    assert ranks([5, 5, 2], [0, 1]) == [1, 1, 2]
    assert ranks([5, 5, 4], [1]) == [2, 1, 3]  # a tie-break decided the winner


# ---- running and resuming -----------------------------------------------------------------------------
def test_results_match_play_pairing_and_resume_after_interruption(tmp_path: Path) -> None:
    full = tmp_path / "full.jsonl"
    results = run_tournament(BUILDERS3, 8, full)
    assert [r["index"] for r in results] == list(range(8))
    replayed = play_pairing("builders", BUILDERS3.options, schedule(BUILDERS3, 8)[3])
    assert {k: v for k, v in results[3].items() if k not in CLOCK} == {
        k: v for k, v in replayed.items() if k not in CLOCK
    }
    assert replayed["decisions"][0] > 0 and len(replayed["think"]) == len(replayed["think_max"]) == 2
    assert all(
        0 <= longest <= total for longest, total in zip(replayed["think_max"], replayed["think"], strict=True)
    )

    part = tmp_path / "part.jsonl"
    run_tournament(BUILDERS3, 3, part)
    with part.open("a", encoding="utf-8") as fh:
        fh.write('{"index": 3, "se')  # killed mid-write
    seen: list[int] = []
    resumed: list[int] = []
    again = run_tournament(
        BUILDERS3, 8, part, workers=2, on_game=lambda r: seen.append(r["index"]), on_resume=resumed.append
    )
    assert resumed == [3] and sorted(seen) == list(range(3, 8))
    assert without_seconds(part) == without_seconds(full)
    assert [{k: v for k, v in r.items() if k not in CLOCK} for r in again] == without_seconds(full)[1:]
    # nothing left to do: the file is unchanged
    before = part.read_text(encoding="utf-8")
    assert len(run_tournament(BUILDERS3, 8, part, on_game=lambda r: pytest.fail("replayed"))) == 8
    assert part.read_text(encoding="utf-8") == before
    assert len(run_tournament(BUILDERS3, 5, part)) == 5


def test_a_different_tournament_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    run_tournament(BUILDERS3, 2, out)
    other = TournamentConfig("builders", 2, ("greedy", "heuristic", "random"), seed=6)
    with pytest.raises(ConfigMismatch, match="different tournament"):
        run_tournament(other, 2, out)
    junk = tmp_path / "junk.jsonl"
    junk.write_text("hello\n", encoding="utf-8")
    with pytest.raises(ConfigMismatch, match="not a tournament results file"):
        read_results(junk, BUILDERS3)


# ---- the command --------------------------------------------------------------------------------------
def test_cli_end_to_end_with_two_workers_and_chart(tmp_path: Path) -> None:
    out, chart = tmp_path / "res.jsonl", tmp_path / "ratings.png"
    args = ["tournament", "caylus", "--players", "2", "--agents", "heuristic,random", "--games", "4"]
    args += ["--workers", "2", "--seed", "3", "--out", str(out)]
    result = runner.invoke(app, [*args, "--chart", str(chart), "--by-seat"])
    assert result.exit_code == 0, result.output
    assert (
        "heuristic" in result.output
        and "By seat" in result.output
        and "Ordinal" in result.output
        and "Traceback" not in result.output
    )
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5 and json.loads(lines[0])["tournament"]["seed"] == 3
    # rerun: resumes (nothing to play), JSON summary
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["games"] == 4 and doc["balanced"] is True
    assert {a["agent"]: a["games"] for a in doc["agents"]} == {"heuristic": 4, "random": 4}
    assert sum(a["points"] for a in doc["agents"]) == pytest.approx(4)
    assert len(out.read_text(encoding="utf-8").splitlines()) == 5


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--agents", "heuristic,nobot"], "Unknown bot"),
        (["--agents", "heuristic,random", "--games", "0"], "--games"),
        (["--agents", "heuristic,random", "--workers", "0"], "--workers"),
        (["--agents", "heuristic,random", "--backend", "spark"], "--backend"),
        (["--agents", "heuristic,random", "--players", "3"], "at least 3 agents"),
        (["--agents", "heuristic,heuristic"], "only once"),
        (["--agents", "heuristic,random", "--seed", "1"], "different tournament"),
    ],
)
def test_cli_bad_arguments(tmp_path: Path, extra: list[str], message: str) -> None:
    out = tmp_path / "r.jsonl"
    out.write_text(
        json.dumps({"tournament": BUILDERS3.header() | {"game": "caylus"}}) + "\n", encoding="utf-8"
    )
    result = runner.invoke(app, ["tournament", "caylus", "--out", str(out), "--games", "1", *extra])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


# ---- Ray ----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_backend_matches_process_backend(tmp_path: Path, local_ray: None) -> None:
    config = TournamentConfig("caylus", 2, ("heuristic", "random"), seed=2)
    on_ray, on_processes = tmp_path / "ray.jsonl", tmp_path / "proc.jsonl"
    run_tournament(config, 6, on_ray, workers=2, backend="ray")
    run_tournament(config, 6, on_processes, workers=2, backend="process")
    assert without_seconds(on_ray) == without_seconds(on_processes)


def test_copies_of_one_bot_are_distinct_entrants(tmp_path: Path) -> None:
    """``heuristic#1`` is the heuristic bot as an entrant of its own: one bot against copies of another."""
    config = TournamentConfig("builders", 3, ("greedy", "random#1", "random#2"), seed=2)
    results = run_tournament(config, 3, tmp_path / "copies.jsonl")
    summary = summarize_tournament(config, results)
    assert [s.agent for s in summary.agents] == ["greedy", "random#1", "random#2"]
    assert all(s.games == 3 for s in summary.agents)
    assert summary.agents[0].wins == 3  # the greedy bot beats random play every time
    assert {r.agent for r in summary.ratings} == set(config.agents)
    bot = make_agent("random#2", "builders", 0)
    assert bot.name == "random"
    with pytest.raises(ValueError, match="may not contain"):
        register_agent("odd#name", "never registered", lambda game, seed: make_agent("random", game, seed))


def test_standings_time_the_decisions(tmp_path: Path) -> None:
    results = run_tournament(BUILDERS3, 3, tmp_path / "timed.jsonl")
    summary = summarize_tournament(BUILDERS3, results)
    for standing in summary.agents:
        assert standing.seconds_per_move is not None and standing.max_seconds_per_move is not None
        assert 0 <= standing.seconds_per_move <= standing.max_seconds_per_move
    # Results written before the timing fields existed still summarise, without timings.
    old = [{k: v for k, v in r.items() if k not in ("decisions", "think", "think_max")} for r in results]
    assert all(s.seconds_per_move is None for s in summarize_tournament(BUILDERS3, old).agents)


def test_cli_progress_bar_counts_games_and_time_left_unless_quiet(tmp_path: Path) -> None:
    args = ["tournament", "builders", "-a", "random,greedy", "-n", "2", "--out", str(tmp_path / "r.jsonl")]
    shown = runner.invoke(app, args)
    assert shown.exit_code == 0, shown.output
    assert "Tournament" in shown.stderr and "2/2" in shown.stderr and "elapsed," in shown.stderr
    assert "left" in shown.stderr
    (tmp_path / "r.jsonl").unlink()
    quiet = runner.invoke(app, [*args, "--quiet"])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stderr == "" and "OpenSkill ratings" in quiet.stdout


@pytest.mark.parametrize("width", [80, 120])
def test_the_tables_fit_the_width_with_names_and_intervals_whole(width: int) -> None:
    agents = ("mcts:hard", "heuristic#1", "heuristic#2", "heuristic#3")
    config = TournamentConfig("builders", 4, agents)
    cycle = seat_cycle(agents, 4)
    results = [record(i, list(cycle[i % 4]), [20, 100 + i, 7, 3], [i % 4]) for i in range(8)]
    summary = summarize_tournament(config, results)
    out = io.StringIO()
    _tournament_text(Console(file=out, width=width), summary, by_seat=True, seconds=1.0)
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= width
    assert "…" not in text
    lines = {agent: [line for line in text.splitlines() if agent in line] for agent in agents}
    assert all(len(found) == 1 + 1 + 4 for found in lines.values())  # standings, rating, 4 seats
    for s in summary.agents:
        interval = f"{s.win_rate_low:.1%}–{s.win_rate_high:.1%}"
        assert interval in lines[s.agent][0] and f"{s.mean_score:.2f}" in lines[s.agent][0]
    assert text.splitlines()[1].startswith("┏") is (width == 120)  # boxed when it fits, compact when not


def test_cli_rerun_of_a_finished_tournament_says_it_was_complete(tmp_path: Path) -> None:
    args = ["tournament", "builders", "-a", "random,greedy", "-q", "--out", str(tmp_path / "r.jsonl")]
    first = runner.invoke(app, [*args, "-n", "2"])
    assert "played in" in first.stdout and "Already complete" not in first.stdout
    again = runner.invoke(app, [*args, "-n", "2"])
    assert again.exit_code == 0, again.output
    assert "Already complete: all 2 games were in the results file, so none was played" in again.stdout
    assert "played in" not in again.stdout
    more = runner.invoke(app, [*args, "-n", "3"])
    assert "Resumed: 1 game played in" in more.stdout and "after 2 in the results file." in more.stdout
    doc = json.loads(runner.invoke(app, [*args, "-n", "3", "--json"]).stdout)
    assert doc["games"] == 3 and doc["played"] == 0
