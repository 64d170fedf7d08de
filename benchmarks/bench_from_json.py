"""How long ``State.from_json`` takes to check a state document (docs/state-json.md, "Validation"), with
and without the replay of its actions, on one core.

For each game it plays a long game (5 players for the Caylus games, 4 for The Builders), by the heuristic bot
and by random legal moves, and The Builders also with the largest round cap, 10,000 rounds, where random
play runs to the cap; and times ``from_json(replay=False)`` (JSON, schema and integrity) and
``from_json()`` (the same plus the replay), the best of ``--repeat`` runs.

Usage: python benchmarks/bench_from_json.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from masterbuilder import State, new_game
from masterbuilder.agents import make_agent

CASES: list[tuple[str, int, dict[str, Any], str]] = [
    ("caylus", 5, {}, "heuristic"),
    ("caylus", 5, {}, "random"),
    ("caylus1303", 5, {}, "heuristic"),
    ("caylus1303", 5, {}, "random"),
    ("builders", 4, {}, "heuristic"),
    ("builders", 4, {}, "random"),
    ("builders", 4, {"round_limit": 10_000}, "random"),
]


def best(repeat: int, text: str, replay: bool) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        State.from_json(text, replay=replay)
        times.append(time.perf_counter() - started)
    return min(times)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement; the best counts")
    args = parser.parse_args(argv)
    State.from_json(new_game("builders").to_json())  # the first call imports pydantic: not timed
    head = ("game", "n", "options", "moves by", "actions", "KB", "no replay", "replay")
    print("{:<11} {:>2} {:<24} {:<10} {:>8} {:>5} {:>10} {:>8}".format(*head))
    for game, players, options, player in CASES:
        state = new_game(game, players, 1, options)
        rng = random.Random(1)
        bots = [make_agent(player, game, seat) for seat in range(players)] if player != "random" else []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state) if bots else rng.choice(state.legal_action_ids()))
        text = state.to_json()
        plain, replayed = best(args.repeat, text, False), best(args.repeat, text, True)
        print(
            f"{game:<11} {players:>2} {options!s:<24} {player:<10} {len(state.history):>8} "
            f"{len(text) / 1000:>5.0f} {plain * 1000:>8.1f}ms {replayed * 1000:>6.0f}ms"
        )


if __name__ == "__main__":
    main()
