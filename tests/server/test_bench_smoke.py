"""A tiny run of benchmarks/bench_server.py (2 games for 1 s): the benchmark itself stays out of the tests."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_server_smoke(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    command = [
        sys.executable,
        str(ROOT / "benchmarks" / "bench_server.py"),
        "--games",
        "2",
        "--seconds",
        "1",
        "--warm",
        "0.5",
    ]
    subprocess.run([*command, "--json-out", str(out)], check=True, timeout=120, capture_output=True, cwd=ROOT)
    (result,) = json.loads(out.read_text())
    assert result["games"] == 2 and result["db"] == "sqlite"
    assert result["moves"] > 0 and result["p50_ms"] <= result["p99_ms"] and result["rss_mb"] > 0
    assert result["errors"] == 0
