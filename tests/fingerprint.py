"""A fingerprint of behaviour: seeded games of every game and player count, played by the random bot, the
game's heuristic and mcts:easy, hashed (histories, scores and ``to_json``). Two builds (pure Python and the
mypyc-compiled one), or the code before and after an optimisation, must give the same fingerprint.

``python -m tests.fingerprint [GAMES_PER_CELL]`` prints the fingerprint as JSON (one digest per game,
player count and bot); run it from the repository root with the build to check on the path.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from masterbuilder import GAMES, new_game
from masterbuilder.agents.base import make_agent

BOTS = ("random", "heuristic", "mcts:easy")
MCTS_DECISIONS = 4  # per seat and game: mcts:easy's moves are slow; the rest of the game is random


def play(game: str, players: int, bot: str, seed: int) -> dict[str, Any]:
    """One seeded game, every seat played by ``bot`` (mcts:easy for its first few decisions, then by
    seeded random moves): its history, scores and final ``to_json``."""
    state = new_game(game, players=players, seed=seed)
    agents = [make_agent(bot, game, seed * 10 + seat) for seat in range(players)]
    rng = random.Random(seed)
    searched = [0] * players
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if bot == "mcts:easy" and searched[seat] >= MCTS_DECISIONS:
            action = rng.choice(state.legal_action_ids())
        else:
            searched[seat] += 1
            action = agents[seat].choose(state)
        state.apply(action)
    return {"history": state.history, "scores": state.scores(), "json": state.to_json()}


def fingerprint(games_per_cell: int = 2) -> dict[str, str]:
    """``game/players/bot`` -> a SHA-256 of that cell's seeded games."""
    out = {}
    for game, info in GAMES.items():
        for players in info.player_range:
            for bot in BOTS:
                digest = hashlib.sha256()
                for seed in range(games_per_cell):
                    doc = play(game, players, bot, seed)
                    digest.update(json.dumps(doc, sort_keys=True).encode())
                out[f"{game}/{players}/{bot}"] = digest.hexdigest()
    return out


def review_fingerprint(plies: int = 5, budget: int = 10) -> dict[str, Any]:
    """The review (``masterbuilder.review``) of the first ``plies`` actions of a seeded 3-player game of
    the heuristic bot, per game, at a small step budget: its JSON. Both builds must give the same."""
    from masterbuilder.review.engine import review  # here: the fingerprint also runs on trees without it

    out = {}
    for game in GAMES:
        state = new_game(game, players=3, seed=11)
        bots = [make_agent("heuristic", game, 110 + seat) for seat in range(3)]
        while not state.is_terminal and len(state.history) < plies:
            seat = state.current_player
            assert seat is not None
            state.apply(bots[seat].choose(state))
        out[game] = review(state.record(), budget=budget).to_json()
    return out


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    print(json.dumps(fingerprint(count), indent=1, sort_keys=True))
