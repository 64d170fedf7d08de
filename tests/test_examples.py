"""The examples run (a short version of each)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_training_example_runs_and_reports_a_win_rate_curve(tmp_path: Path) -> None:
    out = tmp_path / "curve.json"
    args = ["--episodes", "20", "--eval-every", "10", "--eval-games", "4", "--json-out", str(out)]
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "train_builders.py"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("episodes")]
    assert len(lines) == 3 and "untrained" in lines[0]
    curve = json.loads(out.read_text())["curve"]
    assert [episodes for episodes, _ in curve] == [0, 10, 20]
    assert all(0.0 <= rate <= 1.0 for _, rate in curve)
