"""How long a game review takes, against what ``masterbuilder review`` announces before it starts.

Usage: python benchmarks/review_time.py [--game caylus] [--players 3] [--seed 60000] [--jobs 2] [--pairs 4]
    [--out FILE]

Plays one game of the heuristic bot (seed ``--seed``), reviews every decision at the default budget on
``--jobs`` processes (as the command does), and writes the announced and the measured seconds, the
seconds per budget step (``SECONDS_PER_STEP`` in ``masterbuilder.review.engine`` comes from such runs)
and the grades, as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections import Counter
from datetime import date
from pathlib import Path

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.review.engine import PAIRS, decisions, default_budget, estimated_seconds, review

DEFAULT_OUT = Path("bench-results/review_time.json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="caylus")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=60000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--pairs", type=int, default=PAIRS, help="the paired re-evaluations (engine.PAIRS)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    state = new_game(args.game, args.players, args.seed)
    bots = [make_agent("heuristic", args.game, args.seed + i) for i in range(args.players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    record = state.record()
    budget = default_budget(args.game)
    found = decisions(record)
    announced = estimated_seconds(args.game, len(found[0]), budget, args.jobs, args.pairs)
    started = time.perf_counter()
    result = review(record, budget=budget, jobs=args.jobs, found=found, pairs=args.pairs)
    seconds = time.perf_counter() - started
    doc = {
        "date": date.today().isoformat(),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "game": args.game,
        "players": args.players,
        "seed": args.seed,
        "jobs": args.jobs,
        "budget": budget,
        "pairs": args.pairs,
        "actions": len(record["actions"]),
        "decisions": len(found[0]),
        "announced_seconds": round(announced, 1),
        "seconds": round(seconds, 1),
        "seconds_per_step": seconds * args.jobs / max(1, len(found[0]) * budget),
        "grades": dict(Counter(j.grade for j in result.judgements)),
        "accuracy": result.accuracy(),
    }
    print(json.dumps(doc, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
