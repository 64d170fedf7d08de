"""benchmarks/vs_openspiel.py: one real game against OpenSpiel's bot, and resuming from the games file."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vs_openspiel", ROOT / "benchmarks" / "vs_openspiel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_one_game_against_openspiel_mcts() -> None:
    script = load_script()
    game = script.play((3, "builders", 20000, 1, 0.002, 2.0, "easy"))
    assert game["index"] == 3 and game["seed"] == 20000 and game["ours"] == 1
    assert len(game["scores"]) == 2 and game["winners"]
    assert game["won"] == (1 / len(game["winners"]) if 1 in game["winners"] else 0.0)
    assert game["margin"] == game["scores"][1] - game["scores"][0]
    assert game["decisions"]["ours"] > 0 and game["decisions"]["openspiel"] > 0


def test_an_interrupted_run_resumes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = load_script()
    played: list[int] = []

    def fake_play(job: tuple[Any, ...]) -> dict[str, Any]:
        index, _, seed, ours, *_ = job
        played.append(index)
        scores = [10, 20] if ours == 1 else [20, 10]  # ours always wins by 10
        return {
            "index": index,
            "seed": seed,
            "ours": ours,
            "scores": scores,
            "winners": [ours],
            "won": 1.0,
            "sole_win": True,
            "margin": 10,
            "seconds_per_move": {"ours": 0.5, "openspiel": 0.4},
            "max_seconds": {"ours": 1.0, "openspiel": 0.9},
            "decisions": {"ours": 40, "openspiel": 40},
        }

    monkeypatch.setattr(script, "play", fake_play)
    lines, summary = tmp_path / "games.jsonl", tmp_path / "summary.json"
    args = ["caylus", "--workers", "1", "--out", str(lines), "--json-out", str(summary)]
    script.main([*args, "--games", "2"])
    assert played == [0, 1]
    script.main([*args, "--games", "5"])  # a longer run plays only the games not in the file yet
    assert played == [0, 1, 2, 3, 4]
    result = json.loads(summary.read_text())
    assert result["games"] == 5 and result["sole_wins"] == 5 and result["mean_margin"] == 10
    assert [g["seed"] for g in result["results"]] == [20000, 20001, 20002, 20003, 20004]
    assert [g["ours"] for g in result["results"]] == [0, 1, 0, 1, 0]  # seats alternate
    # Another setting is refused, and the file is left as it was.
    before = lines.read_text()
    with pytest.raises(SystemExit, match="different tournament"):
        script.main([*args, "--games", "5", "--seconds", "2.0"])
    assert lines.read_text() == before
