"""Do the review's grades tell players apart? Games of ``mcts:hard`` against the random bot and against
the heuristic bot (2 players, the strong seat alternating), each reviewed for both seats; counted: the
games in which the weaker seat's accuracy is the lower one.

Usage:
  python benchmarks/review_separation.py run [--games 20] [--budget caylus:300,caylus1303:300]
      [--every caylus:3,caylus1303:3,builders:1] [--pairs 4] [--turn-pairs 0] [--game GAME]
      [--opponent OPPONENT] [--first I] [--out FILE]
  python benchmarks/review_separation.py report [--remap GAME] [--out FILE]
  python benchmarks/review_separation.py rejudge [--min-loss 0.05] [--seeds 3] [--game GAME]
      [--opponent OPPONENT] [--out FILE]

Game i of a matchup uses seed 50000 + i. The games are played once and their records kept in
``FILE_records.jsonl``; a later run reviews the kept records again (with another budget, sample or
review code) instead of playing them anew, which is most of a game's cost (``mcts:hard`` at its full
budget). ``--every k`` reviews every k-th decision of each seat (the accuracy is a mean over decisions,
so a sample estimates it; the review itself judges all); ``--budget`` is the review's steps per decision
(a game not named gets the review's default budget); both take ``N`` or ``game:N,...``. ``--pairs``:
the review's paired re-evaluations (``masterbuilder.review.engine.PAIRS``); ``--turn-pairs``: those of
The Builders' turn plans (``TURN_PAIRS``, 0 by default). Every reviewed game is one
line of ``FILE.jsonl`` (its judgements with the chances before and after, so that accuracy formulas can
be compared without searching again); a run skips the games already there for the same settings, so it
resumes where a cut-short run stopped. One process: the machine is shared (``--first I`` starts at game I,
so that two runs with their own ``--out`` can share the games between cores). ``report`` counts, per game
and matchup, the games where the weaker seat's accuracy is the lower, under each accuracy formula of
``masterbuilder.review.grades``; ``--remap GAME`` first reads that game's stored chances through its
calibration map (for games reviewed before the game had one). ``rejudge`` judges again, with searches
of other seeds, every decision charged at least ``--min-loss`` in the games the review's accuracy
missed, and counts the losses the other searches find too (the judge's settled opinion) and those they
do not (its noise).
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.review import engine
from masterbuilder.review.engine import PAIRS, decisions, default_budget, review
from masterbuilder.review.grades import ACCURACIES, ACCURACY, win_chance

GAMES = ("caylus", "caylus1303", "builders")
OPPONENTS = ("random", "heuristic")
DEFAULT_OUT = Path("bench-results/review_separation.json")
SEED0 = 50000
DECIDED = 0.05


def per_game(text: str, default: dict[str, int]) -> dict[str, int]:
    """``N`` (every game) or ``game:N,...`` (the games named; the others keep ``default``)."""
    if ":" not in text:
        return dict.fromkeys(GAMES, int(text))
    out = dict(default)
    for part in text.split(","):
        game, value = part.split(":")
        out[game] = int(value)
    return out


def records_file(out: Path) -> Path:
    return out.with_name(out.stem + "_records.jsonl")


def load_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def play(game: str, opponent: str, i: int) -> dict[str, Any]:
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
    return {
        "game": game,
        "opponent": opponent,
        "i": i,
        "strong_seat": strong,
        "scores": state.scores(),
        "winners": state.winners(),
        "seconds_play": time.perf_counter() - started,
        "record": state.record(),
    }


def review_game(played: dict[str, Any], budget: int, every: int, pairs: int) -> dict[str, Any]:
    record = played["record"]
    found, skipped = decisions(record)
    sample = sorted(
        (d for s in (0, 1) for d in [d for d in found if d.seat == s][::every]), key=lambda d: d.ply
    )
    started = time.perf_counter()
    result = review(record, budget=budget, found=(sample, skipped), pairs=pairs)
    return {
        **{k: played[k] for k in ("game", "opponent", "i", "strong_seat", "scores", "winners")},
        "budget": budget,
        "every": every,
        "pairs": pairs,
        "decisions": len(found),
        "seconds_review": time.perf_counter() - started,
        # ply, seat, grade, chance before, after the move played, after the best move, loss, margin loss,
        # the search's value before (what "decided" is read from)
        "judgements": [
            [j.ply, j.seat, j.grade, j.before, j.after, j.after_best, j.loss, j.margin_loss, j.values[0]]
            for j in result.judgements
        ],
    }


def turn_pairs(game: str, args: argparse.Namespace) -> int:
    return int(args.turn_pairs) if game == "builders" else 0


def run(args: argparse.Namespace) -> None:
    engine.TURN_PAIRS = args.turn_pairs
    budgets = per_game(args.budget, {g: default_budget(g) for g in GAMES})
    every = per_game(args.every, dict.fromkeys(GAMES, 1))
    kept = {(r["game"], r["opponent"], r["i"]): r for r in load_lines(records_file(args.out))}
    done = {
        (r["game"], r["opponent"], r["i"])
        for r in load_lines(args.out.with_suffix(".jsonl"))
        if (r["budget"], r["every"], r["pairs"], r.get("turn_pairs", 0))
        == (budgets[r["game"]], every[r["game"]], args.pairs, turn_pairs(r["game"], args))
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for i in range(args.first, args.games):  # interleaved, so that a run cut short has games of every matchup
        for game in args.game or GAMES:
            for opponent in args.opponent or OPPONENTS:
                key = (game, opponent, i)
                if key in done:
                    continue
                if key not in kept:
                    kept[key] = play(game, opponent, i)
                    with records_file(args.out).open("a") as f:
                        f.write(json.dumps(kept[key]) + "\n")
                row = review_game(kept[key], budgets[game], every[game], args.pairs)
                row["turn_pairs"] = turn_pairs(game, args)
                with args.out.with_suffix(".jsonl").open("a") as f:
                    f.write(json.dumps(row) + "\n")
                shown = ", ".join(f"{name} {a:.1f}" for name, a in seat_accuracies(row, "mean").items())
                print(
                    f"{game} vs {opponent} #{i}: {shown} ({kept[key]['seconds_play']:.0f} s play, "
                    f"{row['seconds_review']:.0f} s review of {len(row['judgements'])} decisions)",
                    flush=True,
                )


def value_before(judgement: list[Any]) -> float:
    """The search's value before the move (stored since the calibration maps; before them it was the
    chance before the move, the same number)."""
    return float(judgement[8] if len(judgement) > 8 else judgement[3])


def seat_accuracies(row: dict[str, Any], formula: str) -> dict[str, float]:
    """``{"mcts:hard": accuracy, opponent: accuracy}`` of a reviewed game, by one accuracy formula."""
    strong = row["strong_seat"]
    out = {}
    for seat, name in ((strong, "mcts:hard"), (1 - strong, row["opponent"])):
        mine = [j for j in row["judgements"] if j[1] == seat]
        margins = [j[7] if len(j) > 7 else 0.0 for j in mine]
        value = ACCURACIES[formula]([j[6] for j in mine], [value_before(j) for j in mine], margins)
        out[name] = value if value is not None else float("nan")
    return out


def remapped(row: dict[str, Any]) -> dict[str, Any]:
    """A game reviewed before its game had a calibration map, its chances read through the map now in
    ``masterbuilder.review.calibration`` (the stored chances were the search's values then); the grades
    stay as they were, only the losses and so the accuracies change."""
    game = row["game"]
    judgements = []
    for j in row["judgements"]:
        before, after, best = (win_chance(game, v) for v in j[3:6])
        loss = 0.0 if j[2] == "best" else max(0.0, best - after)
        judgements.append([*j[:3], before, after, best, loss, *j[7:8], j[8] if len(j) > 8 else j[3]])
    return row | {"judgements": judgements}


def report(args: argparse.Namespace) -> None:
    rows = [
        remapped(r) if r["game"] in (args.remap or ()) else r
        for r in load_lines(args.out.with_suffix(".jsonl"))
    ]
    settings = Counter((r["game"], r["budget"], r["every"], r["pairs"], r.get("turn_pairs", 0)) for r in rows)
    print("settings (game, budget, every, pairs, turn pairs: games):", dict(settings))
    summary: dict[str, Any] = {}
    for formula in ACCURACIES:
        print(f"\naccuracy: {formula}")
        for game in GAMES:
            for opponent in OPPONENTS:
                mine = [r for r in rows if r["game"] == game and r["opponent"] == opponent]
                if not mine:
                    continue
                acc = [seat_accuracies(r, formula) for r in mine]
                lower = sum(a[opponent] < a["mcts:hard"] for a in acc)
                ties = sum(a[opponent] == a["mcts:hard"] for a in acc)
                strong_mean = sum(a["mcts:hard"] for a in acc) / len(acc)
                weak_mean = sum(a[opponent] for a in acc) / len(acc)
                per_game = sum(len(r["judgements"]) for r in mine) / len(mine)
                wins = sum(r["strong_seat"] in r["winners"] for r in mine)
                summary.setdefault(formula, {})[f"{game} vs {opponent}"] = {
                    "games": len(mine),
                    "weaker_lower": lower,
                    "ties": ties,
                    "mean_accuracy": [strong_mean, weak_mean],
                    "misses_weaker_won": sum(
                        1 - r["strong_seat"] in r["winners"]
                        for r, a in zip(mine, acc, strict=True)
                        if a[opponent] >= a["mcts:hard"]
                    ),
                    "misses": [
                        r["i"] for r, a in zip(mine, acc, strict=True) if a[opponent] >= a["mcts:hard"]
                    ],
                }
                print(
                    f"  {game} vs {opponent}: weaker lower in {lower} / {len(mine)} (ties {ties}); mean "
                    f"accuracy {strong_mean:.1f} / {weak_mean:.1f}; {per_game:.0f} decisions a game; "
                    f"mcts:hard won {wins}; misses {summary[formula][f'{game} vs {opponent}']['misses']} "
                    f"(the weaker seat won {summary[formula][f'{game} vs {opponent}']['misses_weaker_won']})"
                )
    print(f"\ndecided positions (the chance before the move at most {DECIDED} from 0 or 1):")
    for game in GAMES:
        for opponent in OPPONENTS:
            mine = [r for r in rows if r["game"] == game and r["opponent"] == opponent]
            for name in ("mcts:hard", opponent):
                found = [
                    j
                    for r in mine
                    for j in r["judgements"]
                    if j[1] == (r["strong_seat"] if name == "mcts:hard" else 1 - r["strong_seat"])
                ]
                if not found:
                    continue
                decided = [j[6] for j in found if min(value_before(j), 1 - value_before(j)) <= DECIDED]
                open_ = [j[6] for j in found if min(value_before(j), 1 - value_before(j)) > DECIDED]
                row = {
                    "decisions": len(found),
                    "decided_share": len(decided) / len(found),
                    "mean_loss_decided": sum(decided) / len(decided) if decided else None,
                    "mean_loss_open": sum(open_) / len(open_) if open_ else None,
                    "mean_margin_loss_decided": (
                        sum(
                            j[7]
                            for j in found
                            if min(value_before(j), 1 - value_before(j)) <= DECIDED and len(j) > 7
                        )
                        / len(decided)
                        if decided
                        else None
                    ),
                }
                summary.setdefault("decided", {})[f"{game} vs {opponent}: {name}"] = row
                shown = {k: round(v, 3) if v is not None else None for k, v in row.items()}
                print(f"  {game} vs {opponent}, {name}: {shown}")
    print("\n| matchup | games | " + " | ".join(ACCURACIES) + f" | mean accuracy ({ACCURACY}) |")
    print("|---" * (len(ACCURACIES) + 3) + "|")
    for game in GAMES:
        for opponent in OPPONENTS:
            key = f"{game} vs {opponent}"
            if key not in summary[ACCURACY]:
                continue
            cells = [f"{summary[f][key]['weaker_lower']} / {summary[f][key]['games']}" for f in ACCURACIES]
            strong_mean, weak_mean = summary[ACCURACY][key]["mean_accuracy"]
            games = summary[ACCURACY][key]["games"]
            print(f"| {key} | {games} | " + " | ".join(cells) + f" | {strong_mean:.1f} / {weak_mean:.1f} |")
    out = args.out.with_name(args.out.stem + "_report.json")
    out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"\nwrote {out}")


def rejudge(args: argparse.Namespace) -> None:
    """Every decision charged at least ``--min-loss`` in the games the review's accuracy missed, judged
    again by ``--seeds`` searches of other seeds at the stored settings: a loss the other searches find
    too is the judge's settled opinion (the move was worse), one they do not is the search's noise."""
    rows = load_lines(args.out.with_suffix(".jsonl"))
    records = {(r["game"], r["opponent"], r["i"]): r["record"] for r in load_lines(records_file(args.out))}
    found: dict[str, list[tuple[float, float]]] = {"mcts:hard": [], "other": []}
    for row in rows:
        if row["game"] not in (args.game or GAMES) or row["opponent"] not in (args.opponent or OPPONENTS):
            continue
        acc = seat_accuracies(row, ACCURACY)
        if acc[row["opponent"]] < acc["mcts:hard"]:
            continue
        record = records[(row["game"], row["opponent"], row["i"])]
        by_ply = {d.ply: d for d in decisions(record)[0]}
        for j in row["judgements"]:
            if j[6] < args.min_loss:
                continue
            again = [
                engine.judge(record, by_ply[j[0]], row["budget"], False, row["pairs"], salt=k).loss
                for k in range(1, args.seeds + 1)
            ]
            who = "mcts:hard" if j[1] == row["strong_seat"] else "other"
            found[who].append((j[6], sum(again) / len(again)))
            print(f"{row['game']} #{row['i']} ply {j[0]} ({who}): loss {j[6]:.3f}, again {again}", flush=True)
    for who, pairs in found.items():
        if pairs:
            held = sum(mean >= args.min_loss for _, mean in pairs)
            noise = sum(mean < args.min_loss / 2 for _, mean in pairs)
            print(
                f"{who}: {len(pairs)} decisions; mean loss {sum(a for a, _ in pairs) / len(pairs):.3f}, "
                f"again {sum(b for _, b in pairs) / len(pairs):.3f}; the loss held (mean of the others at "
                f"least {args.min_loss}) in {held}, fell under half of it in {noise}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stage", choices=("run", "report", "rejudge"))
    parser.add_argument("--games", type=int, default=20, help="run: games up to this number (not included)")
    parser.add_argument(
        "--first", type=int, default=0, help="run: the first game's number (--games is the end)"
    )
    parser.add_argument("--budget", default="caylus:300,caylus1303:300")
    parser.add_argument("--every", default="caylus:3,caylus1303:3,builders:1")
    parser.add_argument("--pairs", type=int, default=PAIRS)
    parser.add_argument("--turn-pairs", type=int, default=0, help="engine.TURN_PAIRS (The Builders)")
    parser.add_argument("--game", action="append", choices=GAMES)
    parser.add_argument("--opponent", action="append", choices=OPPONENTS)
    parser.add_argument(
        "--remap",
        action="append",
        choices=GAMES,
        help="report: read this game's stored chances through its map",
    )
    parser.add_argument("--min-loss", type=float, default=0.05, help="rejudge: the losses to judge again")
    parser.add_argument("--seeds", type=int, default=3, help="rejudge: other searches per decision")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    if args.stage == "run":
        run(args)
    elif args.stage == "rejudge":
        rejudge(args)
    else:
        report(args)


if __name__ == "__main__":
    main()
