"""The bots' moves and speed on seeded mid-game positions, for checking that a speed-up of the heuristics or
the search changes no move: ``python benchmarks/bot_moves.py [GAME ...] [--mcts N] [--heuristic N]`` prints,
per game, the moves `heuristic` and `mcts:medium` choose from mid-game positions of seeded random games
(2 players) and their moves per CPU second. Run it before and after a change and compare the moves.
``--profile`` prints a cProfile of the same work instead (the 25 costliest functions by own time)."""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from masterbuilder import GAMES
from masterbuilder.agents.base import make_agent
from masterbuilder.agents.mcts import make_mcts
from masterbuilder.bench import midgame_states


def run(game: str, heuristic: int, mcts: int) -> dict[str, object]:
    """Moves and moves per CPU second of ``heuristic`` on ``heuristic`` positions and of ``mcts:medium`` on
    ``mcts`` positions."""
    out: dict[str, object] = {}
    states = [s for s in midgame_states(game, 2, count=heuristic) if not s.is_terminal]
    agent = make_agent("heuristic", game, 0)
    start = time.process_time()
    out["heuristic"] = [agent.choose(s) for s in states]
    out["heuristic/s"] = round(len(states) / max(time.process_time() - start, 1e-9), 1)
    states = [s for s in midgame_states(game, 2, count=mcts) if not s.is_terminal]
    searcher = make_mcts(game, 0, "medium")
    start = time.process_time()
    out["mcts:medium"] = [searcher.choose(s) for s in states]
    out["mcts:medium/s"] = round(len(states) / max(time.process_time() - start, 1e-9), 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--heuristic", type=int, default=12)
    parser.add_argument("--mcts", type=int, default=3)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    for game in args.games:
        if args.profile:
            profile = cProfile.Profile()
            profile.runcall(run, game, args.heuristic, args.mcts)
            print(f"== {game}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        else:
            print(game, run(game, args.heuristic, args.mcts))


if __name__ == "__main__":
    main()
