"""The figures of docs/speed.md's pure-Python rows for the source tree on the path, in one process:
``python benchmarks/speed_rows.py [SECONDS]`` prints, per game, the yardstick ratio (``yardstick`` of
``masterbuilder.bench``: random playouts against OpenSpiel's Python tic-tac-toe, the slower of 2 and 4
players) and the heuristic's and ``mcts:medium``'s moves per CPU second (2 players, mid-game positions of
seeded random games: 12 for the heuristic, 3 for ``mcts:medium``), as one JSON line.

To compare two trees, run it with each on ``PYTHONPATH`` in turn, alternating, on the same machine."""

from __future__ import annotations

import json
import sys
import time

from masterbuilder import GAMES
from masterbuilder.agents.mcts import make_mcts
from masterbuilder.bench import heuristic_speed, midgame_states, yardstick


def mcts_medium_rate(game: str, count: int = 3) -> float:
    """``mcts:medium`` decisions per CPU second on ``count`` mid-game positions (2 players)."""
    states = [s for s in midgame_states(game, 2, count=count) if not s.is_terminal]
    searcher = make_mcts(game, 0, "medium")
    start = time.process_time()
    for state in states:
        searcher.choose(state)
    return len(states) / max(time.process_time() - start, 1e-9)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    out: dict[str, dict[str, float]] = {}
    for game in GAMES:
        stick = yardstick(game, seconds)
        out[game] = {
            "ratio": round(stick["ratio"], 2) if stick else float("nan"),
            "heuristic": round(heuristic_speed(game, 2, 12)["moves_per_second"], 1),
            "mcts:medium": round(mcts_medium_rate(game), 2),
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
