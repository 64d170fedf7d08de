"""A tiny run of benchmarks/bench_server.py's open loop at people's pace (2 games of 2 seats, a move every
0.5 s, 2 s measured): the benchmark itself stays out of the tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow  # a real server and its board workers
def test_bench_server_paced_smoke(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    command = [sys.executable, str(ROOT / "benchmarks" / "bench_server.py"), "--pace", "0.5"]
    options = ["--game", "caylus", "--players", "2", "--games", "2", "--seconds", "2"]
    subprocess.run(
        [*command, *options, "--json-out", str(out)], check=True, timeout=180, capture_output=True, cwd=ROOT
    )
    (result,) = json.loads(out.read_text())
    assert result["game"] == "caylus" and result["games"] == 2 and result["errors"] == 0
    assert result["moves"] > 0 and result["p50_ms"] <= result["p99_ms"]
    assert 0 < result["update_bytes_median"] < 40_000  # changes, not whole boards of some 80 KB
    assert result["workers_ms_per_move"] > 0 and result["rss_mb"] > 0
