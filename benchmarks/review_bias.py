"""Which losses does the review charge to good and bad moves? Positions from 2-player self-play of the
heuristic bot; at each, the move of ``mcts:hard``, of the heuristic and of the random bot, each graded as
the review grades it: the loss read from the search that chose the best move (``--pairs 0``), and from a
paired re-evaluation (the move played and the best move valued again by another search, ``--pairs``).

Usage: python benchmarks/review_bias.py GAME [--positions 12] [--pairs 4] [--out FILE]

Game i uses seed 70000 + i; every 9th decision with a choice is a position. Prints per mover the mean
loss, the share of losses of at least 0.16 and 0.08, and the accuracy; writes every loss as JSON.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.agents.base import Agent
from masterbuilder.core.state import State
from masterbuilder.review.engine import PAIRS, _plans_turns, default_budget
from masterbuilder.review.grades import accuracy
from masterbuilder.review.search import ReviewSearch

MOVERS = ("mcts:hard", "heuristic", "random")
SEED0 = 70000
EVERY = 9


def move_of(agent: Agent, state: State, turns: bool) -> tuple[int, ...]:
    """The agent's move: one action, or its whole turn where the review's moves are turns."""
    s = state.clone()
    seat = s.current_player
    out: list[int] = []
    while not s.is_terminal and s.current_player == seat:
        action = agent.choose(s)
        out.append(action)
        s.apply(action)
        if not turns:
            break
    return tuple(out)


def losses(
    game: str, state: State, move: tuple[int, ...], turns: bool, seed: int, pairs: int
) -> dict[str, Any]:
    budget = default_budget(game)
    search = ReviewSearch(game, seed, budget)
    if not turns:
        search.vary_rollouts()
    found = search.values(state, move)
    same = found.best_move == move
    row: dict[str, Any] = {"same": same, "pairs 0": 0.0 if same else max(0.0, found.best - found.played)}
    if same:
        row[f"pairs {pairs}"] = 0.0
    else:
        check = ReviewSearch(game, seed + 1, budget)
        if not turns:
            check.vary_rollouts()
        played, best = check.compare(state, [move, found.best_move], pairs)
        row[f"pairs {pairs}"] = max(0.0, best - played)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--pairs", type=int, default=PAIRS)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    game = args.game
    rows: list[dict[str, Any]] = []
    started = time.perf_counter()
    seed = SEED0
    positions = 0
    while positions < args.positions:
        state = new_game(game, 2, seed)
        bots = [make_agent("heuristic", game, seed * 3 + i) for i in range(2)]
        turns: bool | None = None
        k = 0
        while not state.is_terminal and positions < args.positions:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_action_ids()) > 1:
                if turns is None:
                    turns = _plans_turns(state)
                k += 1
                if k % EVERY == 5:
                    for i, name in enumerate(MOVERS):
                        move = move_of(make_agent(name, game, seed + k + i), state, turns)
                        row = losses(game, state, move, turns, seed * 31 + k, args.pairs)
                        rows.append(row | {"seed": seed, "ply": len(state.history), "mover": name})
                    positions += 1
            state.apply(bots[seat].choose(state))
        seed += 1
    for name in MOVERS:
        mine = [r for r in rows if r["mover"] == name]
        parts = [f"{name}: {len(mine)} moves, {sum(r['same'] for r in mine)} the search's best"]
        for key in ("pairs 0", f"pairs {args.pairs}"):
            found = [r[key] for r in mine]
            heavy, middling = (sum(x >= limit for x in found) / len(found) for limit in (0.16, 0.08))
            parts.append(
                f"{key}: mean {sum(found) / len(found):.3f}, >= 0.16 {heavy:.0%}, "
                f">= 0.08 {middling:.0%}, accuracy {accuracy(found):.1f}"
            )
        print(" | ".join(parts))
    if args.out:
        doc = {"game": game, "pairs": args.pairs, "seconds": time.perf_counter() - started, "rows": rows}
        args.out.write_text(json.dumps(doc, indent=1) + "\n")


if __name__ == "__main__":
    main()
