"""docs/speed.md's rows for several trees or builds, measured in one session, alternating:
``python benchmarks/speed_session.py [--rounds N] [--seconds S] LABEL=PYTHON[:SRC] ...`` runs
``benchmarks/speed_rows.py`` once per target per round, in turn (PYTHON is the interpreter; SRC, where given,
the ``src`` folder put on ``PYTHONPATH``, else the interpreter's installed package, run from a folder without
one), prints each run's JSON line, then per target and game the range of each figure over the rounds and
whether every run chose the same bot moves as the first target's."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROWS = Path(__file__).with_name("speed_rows.py")
FIGURES = ("ratio", "heuristic", "mcts:medium")


def run(python: str, src: str, seconds: float, games: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if src:
        env["PYTHONPATH"] = src
    with tempfile.TemporaryDirectory(prefix="speed-session-") as cwd:
        command = [python, str(ROWS), str(seconds), games]
        done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"{python} {src}: {done.stderr.strip().splitlines()[-1:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("targets", nargs="+", metavar="LABEL=PYTHON[:SRC]")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--games", default="builders,caylus,caylus1303")
    args = parser.parse_args()
    targets = []
    for target in args.targets:
        label, _, spec = target.partition("=")
        python, _, src = spec.partition(":")
        targets.append((label, python, src))
    runs: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in targets}
    for round_ in range(args.rounds):
        for label, python, src in targets:
            load = os.getloadavg()[0]
            result = run(python, src, args.seconds, args.games)
            runs[label].append(result)
            line = {"round": round_, "target": label, "load": round(load, 1), **result}
            print(json.dumps(line), flush=True)
    reference = runs[targets[0][0]][0]
    for label, results in runs.items():
        for game in args.games.split(","):
            spans = []
            for figure in FIGURES:
                values = [r[game][figure] for r in results]
                spans.append(f"{figure} {min(values)}-{max(values)}")
            same = all(r[game]["moves"] == reference[game]["moves"] for r in results)
            print(f"{label} ({results[0]['build']}) {game}: {', '.join(spans)}; same moves: {same}")


if __name__ == "__main__":
    main()
