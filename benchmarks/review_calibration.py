"""Calibration of the game review's winning chances (``masterbuilder review``).

Usage:
  python benchmarks/review_calibration.py collect [--games 60] [--first 0] [--per-game 6] [--jobs 2]
      [--game GAME] [--out FILE]
  python benchmarks/review_calibration.py fit [--out FILE] [--also FILE ...] [--min-block 100]
      [--compare-blocks 100,150,200]

``collect`` plays self-play games of the heuristic bot (game i, from ``--first``: seed 40000 + i, 2, 3
or 4 players as i % 3), takes ``--per-game`` decisions with a real choice spread over each game, values
each with the review's search at its default budget (``ReviewSearch.values``: the bot's value of the
position, of the move played and of its best move) and stores the value with whether that seat then won
the game (a tie for first counts as a share), in JSON. ``fit`` takes the positions of ``--out`` and of
every ``--also`` file (other ``collect`` runs: more games) and fits, per game, two maps from the value to
a winning chance: a logistic one (``chance = sigmoid(a + b logit(value) + c ln(players - 1))``, maximum
likelihood) and a monotone table (isotonic, in blocks of at least ``--min-block`` positions: the kind
``masterbuilder.review.calibration`` holds). It scores the value itself and both maps out of sample (two
folds by game seed: each position's chance comes from the map fitted on the other fold's games), groups
the chances in tenths against how often the seat won, and prints the calibration error, the Brier score
and the table for docs/strength.md, and the monotone maps fitted on every position. ``--compare-blocks``
also scores the monotone map for each smallest block size given over several ways of splitting the games
in folds (``SPLITS``), to choose ``--min-block``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

from masterbuilder import load_record, new_game
from masterbuilder.agents import make_agent
from masterbuilder.review.calibration import Knots, interpolate
from masterbuilder.review.engine import default_budget
from masterbuilder.review.search import ReviewSearch

GAMES = ("caylus", "caylus1303", "builders")
DEFAULT_OUT = Path("bench-results/review_calibration.json")
SEED0 = 40000
MIN_BLOCK = 100  # the monotone map's smallest block of positions


def self_play(game: str, seed: int, players: int) -> dict[str, Any]:
    state = new_game(game, players, seed)
    bots = [make_agent("heuristic", game, seed * 10 + i) for i in range(players)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state.record() | {"winners": state.winners()}


def positions(record: dict[str, Any], per_game: int) -> list[int]:
    """``per_game`` plies with a real choice, evenly spread over the game."""
    state = new_game(record["game"], record["players"], record["seed"])
    free = []
    for ply, action in enumerate(record["actions"]):
        if len(state.legal_action_ids()) > 1:
            free.append(ply)
        state.apply(action)
    step = len(free) / per_game
    return [free[int(step * (k + 0.5))] for k in range(per_game)]


def value_position(task: tuple[dict[str, Any], int, int]) -> dict[str, Any]:
    record, ply, budget = task
    prefix = dict(record, actions=record["actions"][:ply])
    state = load_record({k: prefix[k] for k in ("game", "players", "seed", "options", "actions")})
    seat = state.current_player
    assert seat is not None
    search = ReviewSearch(state.game, record["seed"] * 7919 + ply, budget)
    played = (record["actions"][ply],)
    guide = search._guide
    assert guide is not None
    turns = any(len(m) > 1 for m in guide.candidates(state, 2))
    if turns:  # a whole turn: the seat's actions until another seat is to move
        s = state.clone()
        moves = []
        for a in record["actions"][ply:]:
            if s.current_player != seat:
                break
            s.apply(a)
            moves.append(a)
        played = tuple(moves)
    else:
        search.vary_rollouts()
    found = search.values(state, played)
    winners = record["winners"]
    return {
        "game": record["game"],
        "seed": record["seed"],
        "players": record["players"],
        "ply": ply,
        "seat": seat,
        "position": found.position,
        "played": found.played,
        "best": found.best,
        "won": (1.0 / len(winners)) if seat in winners else 0.0,
    }


def collect(args: argparse.Namespace) -> None:
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    for game in args.game or GAMES:
        t0 = time.perf_counter()
        first = args.first
        indices = range(first, first + args.games)
        budget = default_budget(game)
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            seeds, players = [SEED0 + i for i in indices], [2 + i % 3 for i in indices]
            records = list(pool.map(self_play, [game] * len(indices), seeds, players, chunksize=8))
            for r in records:
                r["options"] = r.get("options") or {}
            tasks = [(r, ply, budget) for r in records for ply in positions(r, args.per_game)]
            found = list(pool.map(value_position, tasks, chunksize=4))
        rows += found
        print(f"{game}: {len(found)} positions in {time.perf_counter() - t0:.0f} s", flush=True)
    doc = {
        "date": date.today().isoformat(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games": args.games,
        "first": args.first,
        "per_game": args.per_game,
        "budgets": {g: default_budget(g) for g in args.game or GAMES},
        "seconds": time.perf_counter() - started,
        "positions": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    print(f"wrote {args.out}")


def features(rows: list[dict[str, Any]]) -> np.ndarray:
    v = np.clip(np.array([r["position"] for r in rows]), 1e-4, 1 - 1e-4)
    n = np.array([r["players"] for r in rows], dtype=float)
    return np.column_stack([np.ones(len(rows)), np.log(v / (1 - v)), np.log(n - 1)])


def fit_map(rows: list[dict[str, Any]]) -> np.ndarray:
    """Maximum-likelihood logistic regression (Newton's method, a small ridge for stability)."""
    x = features(rows)
    y = np.array([r["won"] for r in rows])
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + 1e-3 * w
        hess = (x.T * (p * (1 - p))) @ x + 1e-3 * np.eye(x.shape[1])
        w -= np.linalg.solve(hess, grad)
    return w


def table(chances: np.ndarray, won: np.ndarray) -> tuple[list[dict[str, Any]], float, float]:
    """Tenths: positions, mean chance, win rate; the calibration error (mean absolute gap over the tenths,
    weighted by positions) and the Brier score."""
    tenths = []
    gaps = 0.0
    for k in range(10):
        inside = (chances >= k / 10) & ((chances < (k + 1) / 10) if k < 9 else (chances <= 1))
        count = int(inside.sum())
        if not count:
            continue
        mean = float(chances[inside].mean())
        rate = float(won[inside].mean())
        gaps += count * abs(mean - rate)
        tenths.append({"tenth": k, "positions": count, "chance": mean, "won": rate})
    return tenths, gaps / len(chances), float(((chances - won) ** 2).mean())


def monotone_knots(values: np.ndarray, won: np.ndarray, min_block: int = MIN_BLOCK) -> Knots:
    """The isotonic fit of ``won`` on ``values`` (pool adjacent violators), its blocks merged with a
    neighbour until each holds at least ``min_block`` positions: a knot per block at its mean value and
    win rate (both increasing)."""
    order = np.argsort(values, kind="stable")
    blocks: list[list[float]] = []  # [sum of values, sum of outcomes, count]
    for v, y in zip(values[order], won[order], strict=True):
        blocks.append([float(v), float(y), 1.0])
        while len(blocks) > 1 and blocks[-2][1] / blocks[-2][2] >= blocks[-1][1] / blocks[-1][2]:
            last = blocks.pop()
            blocks[-1] = [a + b for a, b in zip(blocks[-1], last, strict=True)]
    while len(blocks) > 1 and min(b[2] for b in blocks) < min_block:
        i = min(range(len(blocks)), key=lambda k: blocks[k][2])
        j = i - 1 if i == len(blocks) - 1 or (i > 0 and blocks[i - 1][2] < blocks[i + 1][2]) else i + 1
        lo, hi = sorted((i, j))
        blocks[lo : hi + 1] = [[a + b for a, b in zip(blocks[lo], blocks[hi], strict=True)]]
    return tuple((round(b[0] / b[2], 4), round(b[1] / b[2], 4)) for b in blocks)


def logistic(rows: list[dict[str, Any]], w: np.ndarray) -> np.ndarray:
    return np.asarray(1 / (1 + np.exp(-features(rows) @ w)))


SPLITS: dict[str, Any] = {  # ways of putting a game (by its seed) in a fold
    "seed % 2": lambda seed: seed % 2,
    "seed // 7 % 2": lambda seed: seed // 7 % 2,
    "seed % 4": lambda seed: seed % 4,
    "seed % 5": lambda seed: seed % 5,
    "halves": None,  # the first half of the seeds against the second
}


def monotone_out_of_sample(raw: np.ndarray, won: np.ndarray, folds: np.ndarray, block: int) -> np.ndarray:
    """Each position's chance read from the monotone map fitted on the other folds' positions."""
    chances = np.zeros(len(raw))
    for f in sorted(set(folds.tolist())):
        train, test = folds != f, folds == f
        knots = monotone_knots(raw[train], won[train], block)
        chances[test] = [interpolate(knots, v) for v in raw[test]]
    return chances


def compare_blocks(rows: list[dict[str, Any]], blocks: list[int]) -> None:
    """For each smallest block size, the monotone map scored out of sample over every way in ``SPLITS``:
    the error and the largest gap of a tenth with at least 30 positions (a size is chosen where the goal
    holds over most splits, not over the one ``fit`` reports)."""
    won = np.array([r["won"] for r in rows])
    raw = np.array([r["position"] for r in rows])
    seeds = np.array([r["seed"] for r in rows])
    middle = float(np.median(seeds))
    for block in blocks:
        for name, split in SPLITS.items():
            folds = (
                (seeds > middle).astype(int) if split is None else np.array([split(int(x)) for x in seeds])
            )
            t, e, _ = table(monotone_out_of_sample(raw, won, folds, block), won)
            gaps = [abs(row["chance"] - row["won"]) for row in t if row["positions"] >= 30]
            off = sum(g > 0.05 for g in gaps)
            print(
                f"  blocks of {block}, folds by {name}: error {100 * e:.1f} points, largest gap "
                f"{100 * max(gaps):.1f}, {off} tenths off"
            )


def fit(args: argparse.Namespace) -> None:
    rows_all = [row for path in (args.out, *args.also) for row in json.loads(path.read_text())["positions"]]
    report: dict[str, Any] = {}
    for game in GAMES:
        rows = [r for r in rows_all if r["game"] == game]
        if not rows:
            continue
        won = np.array([r["won"] for r in rows])
        raw = np.array([r["position"] for r in rows])
        folds = np.array([r["seed"] % 2 for r in rows])
        readings = {
            "raw value": raw,
            "logistic map": np.zeros(len(rows)),
            "monotone map": monotone_out_of_sample(raw, won, folds, args.min_block),
        }
        for f in (0, 1):  # each position read by the map fitted on the other fold's games
            train, test = folds != f, folds == f
            w = fit_map([r for r, t in zip(rows, train, strict=True) if t])
            readings["logistic map"][test] = logistic([r for r, t in zip(rows, test, strict=True) if t], w)
        report[game] = {
            "positions": len(rows),
            "games": len({r["seed"] for r in rows}),
            "logistic": [round(float(c), 4) for c in fit_map(rows)],
            "knots": monotone_knots(raw, won, args.min_block),
        }
        print(f"\n{game}: {len(rows)} positions of {report[game]['games']} games")
        if args.compare_blocks:
            compare_blocks(rows, [int(b) for b in args.compare_blocks.split(",")])
        for name, chances in readings.items():
            t, e, b = table(chances, won)
            report[game][name] = {"error": e, "brier": b, "tenths": t}
            off = sum(row["positions"] >= 30 and abs(row["chance"] - row["won"]) > 0.05 for row in t)
            print(f"  {name}: calibration error {100 * e:.1f} points, Brier {b:.4f}, {off} tenths off")
            for row in t:
                flag = (
                    "" if row["positions"] < 30 or abs(row["chance"] - row["won"]) <= 0.05 else "  > 5 points"
                )
                low = row["tenth"] / 10
                print(
                    f"    {low:.1f}-{low + 0.1:.1f}: {row['positions']:4d} positions,"
                    f" chance {100 * row['chance']:5.1f}%, won {100 * row['won']:5.1f}%{flag}"
                )
    out = args.out.with_name(args.out.stem + "_fit.json")
    out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"\nwrote {out}")
    print("monotone maps fitted on every position (masterbuilder.review.calibration.CALIBRATION):")
    for game, r in report.items():
        print(f'    "{game}": {r["knots"]},')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("collect", "fit"))
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first game's index (seed 40000 + index)")
    parser.add_argument("--per-game", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--also", type=Path, action="append", default=[], help="fit: more positions")
    parser.add_argument("--min-block", type=int, default=MIN_BLOCK, help="fit: the monotone map's blocks")
    parser.add_argument(
        "--compare-blocks", default="", help="fit: block sizes to score over SPLITS (100,150,200)"
    )
    args = parser.parse_args()
    if args.stage == "collect":
        collect(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()
