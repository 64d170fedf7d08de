"""The figures of docs/speed.md's rows for the masterbuilder importable here (a source tree on ``PYTHONPATH``
or an installed build), in one process: ``python benchmarks/speed_rows.py [SECONDS]`` prints, per game, the
yardstick ratio (random playouts against OpenSpiel's Python tic-tac-toe, the slower of 2 and 4 players, as
``yardstick`` of ``masterbuilder.bench`` measures it) and the heuristic's and ``mcts:medium``'s moves per CPU
second (2 players, mid-game positions of seeded random games: 40 for the heuristic, whose 12 of ``bench``
take a few milliseconds in Caylus, too short to time on a busy machine, and 3 for ``mcts:medium``), with a
digest of the moves they chose, as one JSON line.

It uses only the public API (``new_game``, ``GAMES``, ``make_agent``, ``make_mcts``), so it measures any
tree the same way, older ones included (``masterbuilder.bench`` there may lack the yardstick). To compare
trees or builds, run it with each in turn, alternating (``benchmarks/speed_session.py`` does)."""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from typing import Any

from masterbuilder import GAMES, new_game
from masterbuilder.agents.base import make_agent
from masterbuilder.agents.mcts import make_mcts

ROUNDS = 4  # the game and tic-tac-toe timed in turn, as masterbuilder.bench.yardstick does
PLAYERS = (2, 4)
HEURISTIC_POSITIONS = 40
MCTS_POSITIONS = 3


def _tic_tac_toe() -> Any:
    import pyspiel
    from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)

    return pyspiel.load_game("python_tic_tac_toe")


def _ttt_moves(game: Any, seconds: float, choice: Any) -> tuple[int, float]:
    moves = 0
    start = time.process_time()
    elapsed = 0.0
    while moves == 0 or elapsed < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            moves += 1
        elapsed = time.process_time() - start
    return moves, elapsed


def random_history(game: str, players: int, seed: int) -> list[int]:
    state = new_game(game, players=players, seed=seed)
    choice = random.Random(seed).choice
    while not state.is_terminal:
        state.apply(choice(state.legal_action_ids()))
    return list(state.history)


def _playouts(game: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    games = actions = 0
    start = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        actions += len(random_history(game, players, seed + games))
        games += 1
        elapsed = time.process_time() - start
    return games, actions, elapsed


def yardstick(game: str, seconds: float, seed: int = 0) -> float:
    """The slower of 2 and 4 players' random-playout actions per CPU second, over tic-tac-toe's."""
    reference = _tic_tac_toe()
    counts = [p for p in PLAYERS if p in GAMES[game].player_range]
    share = seconds / (ROUNDS * (len(counts) + 1))
    choice = random.Random(seed).choice
    ttt = [0, 0.0]
    actions = dict.fromkeys(counts, 0)
    spent = dict.fromkeys(counts, 0.0)
    played = 0
    for _round in range(ROUNDS):
        moves, elapsed = _ttt_moves(reference, share, choice)
        ttt[0] += moves
        ttt[1] += elapsed
        for count in counts:
            games, done, elapsed = _playouts(game, count, share, seed + played)
            played += games
            actions[count] += done
            spent[count] += elapsed
    return min(actions[c] / spent[c] for c in counts) / (ttt[0] / ttt[1])


def midgame_states(game: str, players: int, count: int) -> list[Any]:
    states = []
    for seed in range(count):
        history = random_history(game, players, seed)
        state = new_game(game, players=players, seed=seed)
        for action in history[: len(history) // 2]:
            state.apply(action)
        if not state.is_terminal:
            states.append(state)
    return states


def bot_rate(game: str, bot: str, count: int) -> tuple[float, list[int]]:
    """(decisions per CPU second, the moves chosen) of ``bot`` on ``count`` mid-game positions."""
    states = midgame_states(game, 2, count)
    agent = make_mcts(game, 0, "medium") if bot == "mcts:medium" else make_agent(bot, game, 0)
    start = time.process_time()
    moves = [agent.choose(state) for state in states]
    return len(states) / max(time.process_time() - start, 1e-9), moves


def build() -> str:
    try:
        from masterbuilder.compiled import BUILD
    except ImportError:  # a tree from before the compiled build
        return "pure"
    return str(BUILD)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    games = sys.argv[2].split(",") if len(sys.argv) > 2 else list(GAMES)
    out: dict[str, Any] = {"build": build()}
    for game in games:
        heuristic, heuristic_moves = bot_rate(game, "heuristic", HEURISTIC_POSITIONS)
        mcts, mcts_moves = bot_rate(game, "mcts:medium", MCTS_POSITIONS)
        moves = json.dumps([heuristic_moves, mcts_moves]).encode()
        out[game] = {
            "ratio": round(yardstick(game, seconds), 2),
            "heuristic": round(heuristic, 1),
            "mcts:medium": round(mcts, 2),
            "moves": hashlib.sha256(moves).hexdigest()[:12],
        }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
