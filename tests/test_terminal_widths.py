"""Every game's terminal table fits whole at every width from 80 to 200 columns: each part takes a layout
that fits, so no word is cut short with '…' ('Trading po…', 'Inn left/rig…')."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from masterbuilder import GAMES, new_game
from masterbuilder.core.state import State
from masterbuilder.ui.renderers import renderer_for

WIDTHS = range(80, 201, 4)


def positions(game: str, players: int, seed: int, at: tuple[int, ...]) -> list[State]:
    """A random game after ``at`` moves (or at its end, if it is shorter), and at its end."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    kept = []
    moves = 0
    while not state.is_terminal:
        if moves in at:
            kept.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
        moves += 1
    return [*kept, state]


def drawn(state: State, width: int) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, record=True)
    names = ["you", *["mcts:medium"] * (state.num_players - 1)]  # bot names are up to 11 characters
    console.print(renderer_for(state.game).table(state, state.current_player, names))
    return console.export_text()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nothing_is_cut_at_any_width(game: str) -> None:
    info = GAMES[game]
    few = positions(game, info.min_players, seed=1, at=(60,))[:1]
    most = positions(game, info.max_players, seed=1, at=(250,))  # the longest names and rows, the result
    for state in few + most:
        for width in WIDTHS:
            text = drawn(state, width)
            cut = [line.rstrip() for line in text.splitlines() if "…" in line]
            assert not cut, f"{game}, {state.num_players} players, width {width}: {cut}"
