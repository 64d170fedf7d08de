"""The `masterbuilder` command with Caylus: play (scripted input), replay, simulate, bench, the renderer."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from masterbuilder import load_record, new_game
from masterbuilder.agents import agents_for
from masterbuilder.arena import play_game
from masterbuilder.cli import app
from masterbuilder.games.caylus import CaylusState
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.terminal import decision_text, favour_decision
from masterbuilder.ui import renderer_for

runner = CliRunner()
WIDE = {"COLUMNS": "110"}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def random_states(players: int, seed: int, every: int = 1) -> list[CaylusState]:
    """Clones of a random game's positions (every ``every``-th and the last)."""
    state = new_game("caylus", players=players, seed=seed)
    assert isinstance(state, CaylusState)
    rng = random.Random(seed)
    states = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            states.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
        step += 1
    states.append(state)
    return states


# ---- play ---------------------------------------------------------------------------------------------
def test_play_caylus_scripted_input_then_quit(tmp_path: Path) -> None:
    save = tmp_path / "caylus.json"
    # seed 3: seat 2 (random) places first, then seat 0 (you) chooses among the placements
    script = "road 3\n99\nbuild mason\nhelp\nt\nCASTLE\nq\n"
    args = ["play", "caylus", "--players", "you,random,random", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, input=script, env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Caylus · turn 1 · phase 2/7: placing workers · seat 0 (you) to decide" in out
    for part in (
        "Trading post",
        "Inn left/right",
        "Bridge: passed",
        "Worker gets",
        "Gold Mine",
        "Dungeon ⚑12",
    ):
        assert part in out
    assert "Tiles left to build" in out and "Cathedral 5S+3G→25" in out
    assert "Place a worker or pass (others' buildings cost 1):" in out
    assert "seat 0 (you): Place a worker on the Sawmill on space 3 for 1 denier  [road 3]" in out
    assert "There is no move 99" in out
    assert "'build mason' is not possible now:" in out
    assert "A turn: 1 income" in out  # the Caylus part of the help
    assert "seat 0 (you): Place a worker on the castle" in out
    assert "You quit the game." in out and f"Record saved to {save}" in out
    assert "Traceback" not in out
    record = read_json(save)
    assert record["game"] == "caylus" and record["names"] == ["you", "random", "random"]
    mine = record["actions"].index(A.place_road(3))
    assert A.PLACE_CASTLE in record["actions"][mine:]  # the bots' moves come in between
    state = load_record(record)
    assert isinstance(state, CaylusState) and state.worker_at(3) == 0 and state.castle_workers == [0]

    replayed = runner.invoke(app, ["replay", str(save), "--no-pause"], env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    assert "seat 0 (you): Place a worker on the castle" in replayed.output
    assert "the game was not finished" in replayed.output


def test_play_caylus_default_opponent() -> None:
    result = runner.invoke(app, ["play", "caylus", "--seed", "1", "--save", "d.json"], input="q\n")
    assert result.exit_code == 0, result.output
    bot = "heuristic" if "heuristic" in agents_for("caylus") else "random"
    assert read_json(Path("d.json"))["names"] == ["you", bot]


def test_play_caylus_all_bots_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "caylus", "--players", "random,random", "--seed", "11", "--save", str(save)]
    result = runner.invoke(app, args, env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    state = load_record(read_json(save))
    assert isinstance(state, CaylusState) and state.is_terminal
    assert state.history == play_game("caylus", ["random", "random"], 11).record["actions"]
    assert f"Caylus · game over after turn {state.turn}" in out
    assert "End" in out and "bonus" in out and "PP include the end bonus" in out
    assert "Final scores" in out and "WINNER" in out
    assert ("Winner:" in out) == (len(state.winners()) == 1)
    for seat in range(2):
        assert f"+{state.final_bonus[seat]}" in out


@pytest.mark.parametrize("players", [3, 4, 5])
def test_play_caylus_renders_every_player_count(players: int) -> None:
    names = ",".join(["you"] + ["random"] * (players - 1))
    result = runner.invoke(
        app,
        ["play", "caylus", "-p", names, "--seed", str(players), "--save", "r.json"],
        input="q\n",
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for seat in range(players):
        assert f"s{seat} " in out
    assert ("Stables" in out) and (f"s{players - 1}" in out)
    start = out.index("Caylus · turn")
    table = out[start : out.index("\nSince your last move:", start)]
    assert len(table.splitlines()) <= 45
    assert max(len(line) for line in table.splitlines()) <= 110


# ---- replay -------------------------------------------------------------------------------------------
def test_replay_a_caylus_game(tmp_path: Path) -> None:
    record = play_game("caylus", ["random", "random", "random"], 4).record
    record["names"] = ["random"] * 3
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    total = len(record["actions"])
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Replay: caylus, 3 players, seed 4, {total} moves" in out
    assert f"Move 1/{total} · seat" in out and f"Move {total}/{total} · seat" in out
    assert "Final scores" in out and "game over after turn" in out
    middle = runner.invoke(app, ["replay", str(path), "--to", str(total // 2)])
    assert middle.exit_code == 0, middle.output
    assert f"Position after move {total // 2} of {total}" in middle.output
    assert "Caylus · turn" in middle.output


# ---- simulate and bench -------------------------------------------------------------------------------
def test_simulate_caylus_text() -> None:
    result = runner.invoke(app, ["simulate", "caylus", "--agents", "random,random,random", "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "Caylus: 4 games" in result.stdout
    assert "Mean game length:" in result.stdout and "rounds" in result.stdout


def test_simulate_caylus_json() -> None:
    args = ["simulate", "caylus", "--players", "4", "--games", "4", "--seed", "2", "--json"]
    result = runner.invoke(app, [*args, "-o", "favours=simple", "-o", "edition=2"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 4 and doc["players"] == 4
    assert doc["options"] == {"edition": 2, "favours": "simple"}
    assert sum(s["wins"] for s in doc["seats"]) >= 4
    assert 9 <= doc["mean_rounds"] <= 19  # the bailiff walks from space 6 to 24, 1 or 2 spaces a turn
    assert doc["mean_actions"] > 50


def test_bench_caylus(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = runner.invoke(
        app, ["bench", "caylus", "--seconds", "0.4", "-p", "3", "--mcts-moves", "0", "--json-out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "Caylus: random playouts" in result.output
    (row,) = read_json(out)["results"]
    assert row["players"] == 3 and row["games"] >= 1
    assert 50 < row["mean_actions_per_game"] < 1000
    assert row["actions_per_second"] > 0 and row["clones_per_second"] > 0


# ---- the renderer -------------------------------------------------------------------------------------
@pytest.mark.parametrize("width", [110, 80, 60])
def test_caylus_renderer_draws_every_kind_of_position(width: int) -> None:
    renderer = renderer_for("caylus")
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, highlight=False)
    seen_favour_table = False
    for players in (2, 5):
        for state in random_states(players, seed=players, every=29):
            names = ["you", "a", "b", "c", "d"][:players]
            console.print(renderer.table(state, state.current_player, names))
            assert renderer.status(state)
            decision = renderer.decision(state)
            assert decision and not decision.startswith("Seat") and decision[-1] not in ".?"
            seen_favour_table |= favour_decision(state)
    text = buffer.getvalue()
    assert max(len(line) for line in text.splitlines()) <= width
    assert "game over after turn" in text and "scored" in text and "being built" in text
    assert ("Royal favours" in text) == seen_favour_table
    assert renderer.help()


def test_caylus_decision_and_favour_table() -> None:
    state = new_game("caylus", players=3, seed=3)
    assert isinstance(state, CaylusState)
    assert state.prompt().startswith("Seat ")
    assert decision_text(state) == "Place a worker or pass (others' buildings cost 1)"
    # play on until a royal favour's row is asked for: the favour table replaces the tile supply
    rng = random.Random(0)
    while not favour_decision(state):
        assert not state.is_terminal
        state.apply(rng.choice(state.legal_action_ids()))
    buffer = io.StringIO()
    Console(file=buffer, width=110).print(renderer_for("caylus").table(state, None, ["a", "b", "c"]))
    text = buffer.getvalue()
    assert "Royal favours" in text and "1 wood or stone" in text and "Tiles left to build" not in text
    assert "▶ Choose" in text  # a spectator sees the decision in the header
