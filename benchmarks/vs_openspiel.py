"""Our ``mcts:hard`` against OpenSpiel's own search bots on our games, through the OpenSpiel adapter.

Each game is 2-player, seat-alternated (game ``i``: seed ``--seed + i``, our bot in seat ``i % 2``), and
starts from the engine's setup for that seed (the adapter's setup chance node fixed with ``setups=1``).

- The Builders (``deal="reveal"``: each revealed card is a chance node, perfect information) and Caylus:
  ``open_spiel.python.algorithms.mcts.MCTSBot`` with random rollouts.
- Caylus 1303 (imperfect information: hidden prestige): ``ismcts.ISMCTSBot`` with random rollouts.

**Equal wall-clock time per move.** OpenSpiel's bots budget by simulations, so before each of its moves
the OpenSpiel bot gets as many simulations as its measured rate (simulations per second in its previous
search) allows in our bot's mean time per decision so far in that game (``--seconds`` before our first
decision). Decisions with a single legal action are played at once by both.

**Resumable.** Each finished game is appended to a JSON-lines file (``--out``, default
``bench-results/vs_openspiel_<game>.jsonl``, the tournament's format: a header line, then one game per
line). Games already in it are not played again, so an interrupted run, or one spread over several
sittings, goes on where it stopped; the summary covers games ``0 .. --games - 1``.

Usage: python benchmarks/vs_openspiel.py GAME [--games 4] [--workers 2] [--seed 20000] [--seconds 1.0]
       [--uct-c 2.0] [--preset hard] [--out FILE.jsonl] [--json-out FILE]
(default summary: bench-results/vs_openspiel_<game>.json)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import masterbuilder.interop.openspiel  # noqa: F401  (registers the games with OpenSpiel)
from masterbuilder.agents.mcts import make_mcts
from masterbuilder.arena.simulate import wilson_interval
from masterbuilder.arena.tournament import ConfigMismatch, appending, read_records
from masterbuilder.bench import machine_info

GAMES = ("builders", "caylus", "caylus1303")
MIN_SIMULATIONS = 2


def _openspiel_bot(game: pyspiel.Game, name: str, uct_c: float, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if name == "caylus1303":
        return ismcts.ISMCTSBot(
            game,
            evaluator,
            uct_c,
            max_simulations=MIN_SIMULATIONS,
            random_state=rng,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
    return mcts.MCTSBot(game, uct_c, MIN_SIMULATIONS, evaluator, random_state=rng, solve=False)


Job = tuple[int, str, int, int, float, float, str]  # index, game, seed, our seat, seconds, uct_c, preset


def play(job: Job) -> dict[str, Any]:
    """One game: ours in seat ``ours``; returns scores, winners and each side's thinking time."""
    index, name, seed, ours, first_seconds, uct_c, preset = job
    params = f"players=2,setups=1,first_seed={seed}"
    game = pyspiel.load_game(f"masterbuilder_{name}({params})")
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    mine = make_mcts(name, seed, preset)
    theirs = _openspiel_bot(game, name, uct_c, seed + 1)
    think = [0.0, 0.0]
    moves = [0, 0]
    longest = [0.0, 0.0]
    rate = None  # OpenSpiel simulations per second in its last search
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        seat = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.perf_counter()
        if seat == ours:
            action = mine.choose(state.core)
            assert action in legal, (action, legal)
        else:
            budget = think[0] / moves[0] if moves[0] else first_seconds  # side 0: ours
            sims = MIN_SIMULATIONS if rate is None else max(MIN_SIMULATIONS, int(rate * budget))
            theirs.max_simulations = sims  # MCTSBot
            theirs._max_simulations = sims  # ISMCTSBot keeps it here
            searched = time.perf_counter()
            action = theirs.step(state)
            rate = sims / max(time.perf_counter() - searched, 1e-6)
        spent = time.perf_counter() - start
        side = 0 if seat == ours else 1
        think[side] += spent
        moves[side] += 1
        longest[side] = max(longest[side], spent)
        state.apply_action(action)
    core = state.core
    assert core is not None
    scores = core.scores()
    winners = core.winners()
    return {
        "index": index,
        "seed": seed,
        "ours": ours,
        "scores": scores,
        "winners": winners,
        "won": (1 / len(winners)) if ours in winners else 0.0,
        "sole_win": winners == [ours],
        "margin": scores[ours] - scores[1 - ours],
        "seconds_per_move": {
            "ours": think[0] / max(moves[0], 1),
            "openspiel": think[1] / max(moves[1], 1),
        },
        "max_seconds": {"ours": longest[0], "openspiel": longest[1]},
        "decisions": {"ours": moves[0], "openspiel": moves[1]},
    }


def _played(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
    """The games of ``jobs`` in order, played here (one worker) or in worker processes."""
    if workers == 1:
        yield from map(play, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play, jobs)


def opponent(game: str) -> str:
    return "ISMCTSBot" if game == "caylus1303" else "MCTSBot"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--preset", default="hard", help="our mcts preset (easy, medium, hard)")
    parser.add_argument("--out", type=Path, help="the JSON-lines file of finished games (resumed)")
    parser.add_argument("--json-out", type=Path, help="the summary")
    a = parser.parse_args(argv)
    if a.games < 1 or a.workers < 1:
        parser.error("--games and --workers must be at least 1.")
    header = {
        "game": a.game,
        "players": 2,
        "agents": [f"mcts:{a.preset}", opponent(a.game)],
        "seed": a.seed,
        "options": {"seconds": a.seconds, "uct_c": a.uct_c, "bench": "vs_openspiel"},
    }
    out_lines = a.out or Path("bench-results") / f"vs_openspiel_{a.game}.jsonl"
    try:
        done = {r["index"]: r for r in read_records(out_lines, header)}
    except (ConfigMismatch, ValueError) as exc:
        sys.exit(f"error: {exc}")
    jobs = [
        (i, a.game, a.seed + i, i % 2, a.seconds, a.uct_c, a.preset) for i in range(a.games) if i not in done
    ]
    if done:
        print(f"resuming: {sum(1 for i in done if i < a.games)} of {a.games} games already in {out_lines}")
    started = time.perf_counter()
    with appending(out_lines, header) as write:
        for game in _played(jobs, a.workers):
            write(game)
            done[game["index"]] = game
            print(
                f"game {game['index'] + 1}/{a.games}: seed {game['seed']}, ours in seat {game['ours']}, "
                f"scores {game['scores']}, won {game['won']:g}",
                flush=True,
            )
    games = [done[i] for i in range(a.games)]
    sole = sum(g["sole_win"] for g in games)
    points = sum(g["won"] for g in games)
    low, high = wilson_interval(sole, len(games))
    mean = {k: sum(g["seconds_per_move"][k] for g in games) / len(games) for k in ("ours", "openspiel")}
    summary = {
        "game": a.game,
        "games": len(games),
        "sole_wins": sole,
        "points": points,
        "win_rate": sole / len(games),
        "win_rate_95ci": [low, high],
        "mean_margin": sum(g["margin"] for g in games) / len(games),
        "seconds_per_move": mean,
        "max_seconds": {k: max(g["max_seconds"][k] for g in games) for k in ("ours", "openspiel")},
        "ours": f"mcts:{a.preset}",
        "opponent": opponent(a.game),
        "uct_c": a.uct_c,
        "wall_seconds": time.perf_counter() - started,  # of this sitting only
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": machine_info(),
        "results": games,
    }
    out = a.json_out or Path("bench-results") / f"vs_openspiel_{a.game}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    print(
        f"{a.game}: mcts:{a.preset} won {sole}/{len(games)} "
        f"({sole / len(games):.0%}, 95% CI {low:.0%}–{high:.0%}) "
        f"against OpenSpiel {summary['opponent']}; mean margin {summary['mean_margin']:+.1f}; s/move "
        f"{mean['ours']:.2f} (ours) vs {mean['openspiel']:.2f}. Written to {out}"
    )


if __name__ == "__main__":
    main()
