"""Instructions per action of seeded random play, counted by valgrind: a measure that does not move with the
load, for comparing source trees on a shared machine where CPU-time runs differ by several percent.

``python benchmarks/speed_instructions.py [--game GAME] [--games N] SRC ...`` prints, per source tree (a
``src`` folder put on ``PYTHONPATH``), the instructions (valgrind's "I refs") per action of ``new_game`` then
``apply(random.choice(legal_action_ids()))`` to the end, at 2 and 4 players, seeds 2 to N-1: a run of N
games per player count less a run of 2 (the start-up and the first games' one-off work), divided by the
difference in actions. Hash seeds are fixed, so a tree gives the same count each run. It counts
instructions, not time: a cache miss or a slow instruction counts as one, so check a change with
alternating CPU-time runs too (``speed_session.py``); it needs ``valgrind`` on the path and takes about ten
seconds a tree.

``--bots`` counts the bots' work instead: the instructions of ``benchmarks/bot_moves.py GAME --heuristic 40
--mcts 3`` (40 ``heuristic`` and 3 ``mcts:medium`` decisions on seeded mid-game positions) less those of the
same script with no decision (the start-up and the imports; the seeded random games that reach the positions
stay in), in millions; about half a minute a tree.

A tree may also be given as ``PYTHON:SRC`` (that interpreter with ``SRC`` on ``PYTHONPATH``) or ``PYTHON:``
(that interpreter's installed package, e.g. the compiled build's ``.venv-compiled/bin/python:``)."""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

BOT_MOVES = Path(__file__).resolve().with_name("bot_moves.py")

PLAY = """
import random, sys
from masterbuilder import new_game
game, games, actions = sys.argv[1], int(sys.argv[2]), 0
for players in (2, 4):
    for seed in range(games):
        state = new_game(game, players=players, seed=seed)
        choice = random.Random(seed).choice
        while not state.is_terminal:
            state.apply(choice(state.legal_action_ids()))
            actions += 1
print(actions)
"""


def _target(tree: str) -> tuple[str, str]:
    """(interpreter, source folder or "") of a ``SRC``, ``PYTHON:SRC`` or ``PYTHON:`` argument."""
    if ":" in tree:
        python, src = tree.split(":", 1)
        return python, os.path.abspath(src) if src else ""
    return sys.executable, os.path.abspath(tree)


def _run(tree: str, game: str, games: int, valgrind: bool, bots: bool = False) -> int:
    """The instruction count of the run (``valgrind``), else the number of actions it played; with ``bots``,
    of bot_moves.py with ``games`` heuristic decisions (and 3 of mcts:medium where ``games`` is not 0)."""
    python, src = _target(tree)
    env = dict(os.environ, PYTHONHASHSEED="0")
    env.pop("PYTHONPATH", None)
    if src:
        env["PYTHONPATH"] = src
    command = [python, "-c", PLAY, game, str(games)]
    if bots:
        searches = "3" if games else "0"
        command = [python, str(BOT_MOVES), game, "--heuristic", str(games), "--mcts", searches]
    if valgrind:
        command = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            *command,
        ]
    # from a folder without a ``src`` of its own, so that ``PYTHON:`` runs the installed package
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False, cwd="/")
    if done.returncode != 0:
        raise SystemExit(f"{tree}: {(done.stderr.strip().splitlines() or ['failed'])[-1]}")
    if not valgrind:
        return int(done.stdout.split()[-1])
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"{tree}: valgrind printed no instruction count")
    return int(found.group(1).replace(",", ""))


def per_action(src: str, game: str, games: int) -> tuple[int, int]:
    """(instructions per action, actions counted) of seeded random play with the tree ``src``."""
    actions = _run(src, game, games, False) - _run(src, game, 2, False)
    instructions = _run(src, game, games, True) - _run(src, game, 2, True)
    return instructions // max(actions, 1), actions


def bot_instructions(src: str, game: str) -> int:
    """Instructions of 40 heuristic and 3 mcts:medium decisions (bot_moves.py) with the tree ``src``."""
    return _run(src, game, 40, True, bots=True) - _run(src, game, 0, True, bots=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("trees", nargs="+", metavar="SRC")
    parser.add_argument("--game", default="caylus1303")
    parser.add_argument("--games", type=int, default=20, help="games per player count (at least 3)")
    parser.add_argument("--bots", action="store_true", help="count bot_moves.py's decisions instead")
    args = parser.parse_args()
    if args.bots:
        for src in args.trees:
            millions = bot_instructions(src, args.game) / 1e6
            print(f"{src} {args.game}: {millions:,.1f}M instructions for the bots' decisions", flush=True)
        return
    if args.games < 3:
        raise SystemExit("--games must be at least 3 (the first 2 are the baseline)")
    for src in args.trees:
        count, actions = per_action(src, args.game, args.games)
        print(f"{src} {args.game}: {count} instructions per action ({actions} actions)", flush=True)


if __name__ == "__main__":
    main()
