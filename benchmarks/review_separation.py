"""Do the review's grades tell players apart? Games of ``mcts:hard`` against the random bot and against
the heuristic bot (2 players, the strong seat alternating), each reviewed for both seats; counted: the
games in which the weaker seat's accuracy is the lower one.

Usage: python benchmarks/review_separation.py [--games 6] [--budget 300] [--every 3] [--jobs 2]
    [--pairs 4,0] [--out FILE]

Game i of a matchup uses seed 50000 + i. ``--every k`` reviews every k-th decision of each seat (the
accuracy is a mean over decisions, so a sample estimates it; the review itself judges all). ``--budget``
is the review's steps per decision. ``--pairs`` lists the review's paired re-evaluations to compare
(``masterbuilder.review.engine.PAIRS``; 0: the loss read from the search that chose the best move); each
game is reviewed once per value, and the first decides the summary. Results (accuracies, grade counts,
time) are written as JSON.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.review.engine import PAIRS, decisions, review

GAMES = ("caylus", "caylus1303", "builders")
OPPONENTS = ("random", "heuristic")
DEFAULT_OUT = Path("bench-results/review_separation.json")
SEED0 = 50000


def one_game(task: tuple[str, str, int, int, int, tuple[int, ...]]) -> dict[str, Any]:
    game, opponent, i, budget, every, pairs_list = task
    seed = SEED0 + i
    strong = i % 2
    names = ["mcts:hard", opponent] if strong == 0 else [opponent, "mcts:hard"]
    bots = [make_agent(name, game, seed * 10 + s) for s, name in enumerate(names)]
    state = new_game(game, 2, seed)
    started = time.perf_counter()
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    played = time.perf_counter() - started
    record = state.record()
    found, skipped = decisions(record)
    sample = [d for s in (0, 1) for d in [d for d in found if d.seat == s][::every]]
    sample.sort(key=lambda d: d.ply)
    weak = 1 - strong
    row: dict[str, Any] = {
        "game": game,
        "opponent": opponent,
        "seed": seed,
        "strong_seat": strong,
        "scores": state.scores(),
        "winners": state.winners(),
        "decisions_reviewed": len(sample),
        "seconds_play": played,
        "reviews": {},
    }
    for pairs in pairs_list:
        started = time.perf_counter()
        result = review(record, budget=budget, found=(sample, skipped), pairs=pairs)
        accuracy = result.accuracy()
        strong_acc, weak_acc = accuracy[strong], accuracy[weak]
        row["reviews"][str(pairs)] = {
            "accuracy": {"mcts:hard": strong_acc, opponent: weak_acc},
            "grades": {
                name: dict(Counter(j.grade for j in result.judgements if j.seat == s))
                for s, name in enumerate(names)
            },
            "judgements": [[j.seat, j.grade == "best", *j.values] for j in result.judgements],
            "weaker_lower": weak_acc is not None and strong_acc is not None and weak_acc < strong_acc,
            "seconds_review": time.perf_counter() - started,
        }
    first = row["reviews"][str(pairs_list[0])]
    row["accuracy"], row["weaker_lower"] = first["accuracy"], first["weaker_lower"]
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--budget", type=int, default=300)
    parser.add_argument("--every", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--pairs", default=str(PAIRS), help="comma-separated, e.g. 4,0")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--skip", default="", help="games already measured, as game:opponent:i,...")
    args = parser.parse_args()
    skip = set(args.skip.split(",")) if args.skip else set()
    pairs_list = tuple(int(p) for p in args.pairs.split(","))
    tasks = [  # interleaved, so that a run cut short has games of every matchup
        (game, opponent, i, args.budget, args.every, pairs_list)
        for i in range(args.games)
        for game in args.game or GAMES
        for opponent in OPPONENTS
        if f"{game}:{opponent}:{i}" not in skip
    ]
    started = time.perf_counter()
    rows = []
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for row in pool.map(one_game, tasks):
            rows.append(row)
            with args.out.with_suffix(".jsonl").open("a") as partial:  # kept if the run is cut short
                partial.write(json.dumps(row) + "\n")
            for pairs, done in row["reviews"].items():
                print(
                    f"{row['game']} vs {row['opponent']} seed {row['seed']}, pairs {pairs}: accuracy "
                    + ", ".join(f"{k} {v:.1f}" for k, v in done["accuracy"].items() if v is not None)
                    + f" ({row['seconds_play']:.0f} s play, {done['seconds_review']:.0f} s review)",
                    flush=True,
                )
    summary = {}
    for game in args.game or GAMES:
        for opponent in OPPONENTS:
            mine = [r for r in rows if r["game"] == game and r["opponent"] == opponent]
            for pairs in pairs_list:
                lower = sum(r["reviews"][str(pairs)]["weaker_lower"] for r in mine)
                summary[f"{game} vs {opponent}, pairs {pairs}"] = {"games": len(mine), "weaker_lower": lower}
                print(
                    f"{game} mcts:hard vs {opponent}, pairs {pairs}: weaker seat's accuracy lower in "
                    f"{lower} / {len(mine)}"
                )
    doc = {
        "date": date.today().isoformat(),
        "python": platform.python_version(),
        "budget": args.budget,
        "every": args.every,
        "pairs": list(pairs_list),
        "seconds": time.perf_counter() - started,
        "summary": summary,
        "games": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
