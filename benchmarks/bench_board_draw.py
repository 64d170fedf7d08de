"""CPU per seat and move of a board (issue 31): for each game, a few seeded games of random legal moves,
and at each position every seat's board drawn (``draw_svg``), then its changes from the seat's board before
as the board worker computes them (``changes_from``: the previous drawing kept split where the worker drew
it, so only the new one is split, against it) and, for comparison, with both drawings split again alone
and nothing kept. CPU time (``time.process_time``), medians in ms; the machine's other load does not count,
but its caches do.

    PYTHONPATH=src python benchmarks/bench_board_draw.py
    PYTHONPATH=src python benchmarks/bench_board_draw.py --games caylus --seeds 3 --moves 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from masterbuilder import new_game
from masterbuilder.core.board import BoardAction, board_actions, draw_svg
from masterbuilder.server import board_changes
from masterbuilder.server.board_changes import Drawing, changes
from masterbuilder.server.boards import changes_from


def measure(game: str, players: int, seeds: int, moves: int) -> dict[str, float]:
    draw: list[float] = []
    kept: list[float] = []
    again: list[float] = []
    for seed in range(seeds):
        state = new_game(game, players, seed)
        rng = random.Random(seed)
        before: dict[int, str] = {}
        for _ in range(moves):
            if state.is_terminal:
                break
            for seat in range(players):
                actions: list[BoardAction] = board_actions(state, seat)
                view = state.view(seat)
                start = time.process_time()
                svg = draw_svg(game, view, actions, seat)
                draw.append(time.process_time() - start)
                if seat in before:
                    start = time.process_time()
                    changes_from([before[seat]], svg)
                    kept.append(time.process_time() - start)
                    # without what the worker kept: its split drawings, and the heads' and tails' nodes
                    runs = dict(board_changes._ITEMS)
                    board_changes._ITEMS.clear()
                    start = time.process_time()
                    old, new = Drawing(before[seat]), Drawing(svg)
                    new.tree()  # alone, not against the old one
                    changes(old, new)
                    again.append(time.process_time() - start)
                    board_changes._ITEMS.update(runs)
                else:
                    changes_from([], svg)
                before[seat] = svg
            state.apply(rng.choice(state.legal_action_ids()))
    return {
        "draw": 1000 * statistics.median(draw),
        "changes (kept)": 1000 * statistics.median(kept),
        "changes (split again)": 1000 * statistics.median(again),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["caylus", "caylus1303", "builders"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    for game in args.games:
        found = measure(game, args.players, args.seeds, args.moves)
        print(game, "  ".join(f"{k}: {v:.2f} ms" for k, v in found.items()), flush=True)


if __name__ == "__main__":
    main()
