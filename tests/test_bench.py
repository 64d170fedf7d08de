"""The engine benchmark: `masterbuilder bench`, benchmarks/bench_builders.py and masterbuilder.bench."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from masterbuilder.bench import bench_game, clone_rate, midgame_states, random_playouts
from masterbuilder.cli import app

ROOT = Path(__file__).resolve().parent.parent


def check_document(doc: dict[str, Any], players: list[int]) -> None:
    assert doc["game"] == "builders"
    assert doc["timestamp"]
    assert {"platform", "python", "processor", "cpu_count"} <= set(doc["machine"])
    assert [r["players"] for r in doc["results"]] == players
    for r in doc["results"]:
        assert r["games"] >= 1 and r["actions"] > 0
        for key in ("games_per_second", "actions_per_second", "clones_per_second", "mean_actions_per_game"):
            assert r[key] > 0


def test_bench_command_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "sub" / "bench.json"
    args = [
        "bench",
        "builders",
        "--seconds",
        "0.05",
        "--players",
        "2,4",
        "--mcts-moves",
        "0",
        "--json-out",
        str(out),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Actions/s" in result.output and "Clones/s" in result.output
    check_document(json.loads(out.read_text()), [2, 4])


def test_bench_command_default_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["bench", "builders", "--seconds", "0.03", "--mcts-moves", "0"])
    assert result.exit_code == 0, result.output
    check_document(json.loads((tmp_path / "bench-results" / "builders.json").read_text()), [2, 3, 4])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "Unknown game"),
        (["builders", "--seconds", "0"], "--seconds must be positive"),
        (["builders", "--players", "5"], "2 to 4 players"),
        (["builders", "--players", "two"], "player counts"),
        (["builders", "--mcts-moves", "-1"], "--mcts-moves must be 0 or more"),
    ],
)
def test_bench_bad_arguments(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["bench", *args])
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_benchmark_script(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("bench_builders", ROOT / "benchmarks" / "bench_builders.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "b.json"
    module.main(["--seconds", "0.02", "--players", "3", "--json-out", str(out)])
    check_document(json.loads(out.read_text()), [3])


def test_measurements_are_positive_even_with_no_time() -> None:
    games, actions, seconds = random_playouts("builders", 2, 0.0)
    assert games == 1 and actions > 0 and seconds > 0
    states = midgame_states("builders", 3, count=2)
    assert all(not s.is_terminal and s.history for s in states)
    clones, seconds = clone_rate(states, 0.0)
    assert clones > 0 and seconds > 0
    (result,) = bench_game("builders", 0.0, [2])
    assert result.games_per_second > 0 and result.clones_per_second > 0


def test_bench_writes_a_markdown_table_and_the_openspiel_reference(tmp_path: Path) -> None:
    out = tmp_path / "caylus1303.json"
    args = [
        "bench",
        "caylus1303",
        "--seconds",
        "0.05",
        "--players",
        "2",
        "--mcts-moves",
        "1",
        "--json-out",
        str(out),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    ref = doc["reference"]  # the `interop` extra is installed by `make test`
    assert ref["game"].startswith("python_tic_tac_toe") and ref["moves_per_second"] > 0
    table = out.with_suffix(".md").read_text()
    assert table.startswith("# Caylus 1303: engine speed on one core")
    assert "| players | games | games/s | actions/s | actions/game | clones/s |" in table
    assert table.count("\n| 2 | ") == 1 and "moves/s" in table
    assert [m["preset"] for m in doc["mcts"]] == ["easy", "medium", "hard"]
    assert all(m["decisions"] == 1 and m["seconds_per_move"] > 0 for m in doc["mcts"])
    assert all(m["max_seconds"] >= m["seconds_per_move"] and m["iterations"] >= 1 for m in doc["mcts"])
    easy, medium, hard = doc["mcts"]
    assert easy["iterations"] == 150  # counted, not timed
    assert 0 < medium["steps"] < hard["steps"]  # the guided presets' step budgets
    assert (
        "| MCTS preset | iterations per move | steps per move | s per move | longest | iterations/s "
        "| steps/s |" in table
    )
    assert all(m["steps_per_second"] > 0 for m in doc["mcts"])
    # on screen, what the search counts: simulated steps per move and per second
    assert "Simulations/move" in result.output and "Steps/move" in result.output
    for m in doc["mcts"]:
        row = next(line for line in result.output.splitlines() if f"mcts:{m['preset']} " in line)
        assert f"{m['steps']:,.0f}" in row and f"{m['seconds_per_move']:.3f}" in row
