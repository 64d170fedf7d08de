"""A bystander's bot replies while another client floods the server (issue 28): the table of docs/web.md.

Starts ``masterbuilder serve`` from a source tree (``--src``: this tree by default; give another checkout's
``src`` to measure it, e.g. main before the limits), then for each attack (hints, replays, sockets; see
tests/server/floods.py) times the bystander's bot decisions alone and during the attack, and
``/api/health`` during it. Prints a Markdown table and writes the numbers as JSON.

    PYTHONPATH=src python benchmarks/bench_floods.py --moves 20 --out after.json
    PYTHONPATH=src python benchmarks/bench_floods.py --src ../main/src --moves 20 --out before.json
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.floods import ATTACKS, Bystander, median, serving, under_attack
from tests.server.live import SOURCES


async def measure(served: Any, kind: str, moves: int, patience: float) -> dict[str, Any]:
    bystander = Bystander(served, patience=patience)
    await bystander.start()
    try:
        await bystander.warm()
        alone = await bystander.moves(moves)
        loaded, health, attack = await under_attack(served, kind, bystander, moves, warm=2.0)
    finally:
        await bystander.close()
    return {
        "attack": kind,
        "alone_ms": round(1000 * median(alone), 1),
        "loaded_ms": round(1000 * median(loaded), 1),
        "loaded_max_ms": round(1000 * max(loaded), 1) if loaded else None,
        "health_ms": round(1000 * median(health), 1),
        "health_max_ms": round(1000 * max(health), 1) if health else None,
        "decisions": [len(alone), len(loaded)],
        "stalled": bystander.stalled,  # no update for ``patience`` seconds: the last reply is at least that
        "attackers_got": attack.answers,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", default=SOURCES, help="the src folder of the server to measure")
    parser.add_argument("--port", type=int, default=18400)
    parser.add_argument("--moves", type=int, default=20, help="the bystander's moves alone and under attack")
    parser.add_argument("--attacks", default=",".join(ATTACKS))
    parser.add_argument("--patience", type=float, default=60.0, help="seconds without an update: stalled")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for k, kind in enumerate(args.attacks.split(",")):
            log = Path(folder) / f"{kind}.log"
            with serving(str(Path(args.src).resolve()), args.port + k, log) as served:
                row = asyncio.run(measure(served, kind, args.moves, args.patience))
            row["tracebacks"] = log.read_text().count("Traceback")
            rows.append(row)
            print(json.dumps(row), flush=True)
    print("\n| attack | bot reply alone, ms | during, ms (median / max) | /api/health, ms (median / max) |")
    print("|---|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['attack']} | {r['alone_ms']} | {r['loaded_ms']} / {r['loaded_max_ms']}"
            f"{' (stalled)' if r['stalled'] else ''} | "
            f"{r['health_ms']} / {r['health_max_ms']} |"
        )
    if args.out is not None:
        args.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
