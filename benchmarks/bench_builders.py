"""Engine speed of The Builders on one core (the same code as `masterbuilder bench builders`).

Usage: python benchmarks/bench_builders.py [--seconds 5] [--players 2,3,4] [--json-out FILE]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from masterbuilder.bench import run_bench


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget in all (default 5)")
    parser.add_argument("--players", default=None, help="player counts, comma-separated (default: 2,3,4)")
    parser.add_argument("--json-out", type=Path, default=None, help="default: bench-results/builders.json")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    try:
        counts = [int(p) for p in args.players.split(",")] if args.players else None
        run_bench("builders", args.seconds, counts, args.json_out)
    except ValueError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    main()
