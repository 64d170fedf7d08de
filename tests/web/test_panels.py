"""The player panels' descriptions (each game's ``panel`` piece), checked against real views without a
browser: every item names a number (or a list to count) in every seat's view of every player, every label
is a page message, and a score the view hides is None (the page then says "hidden")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from masterbuilder import GAMES, new_game
from masterbuilder.core.registry import game_piece
from masterbuilder.server.pages import catalog, panels


def value_at(player: dict[str, Any], path: str) -> Any:
    value: Any = player
    for key in path.split("."):
        value = value[key]
    return value


def test_every_game_serves_a_panel() -> None:
    served = panels()  # what GET /api/pages/panels answers (the browser tests fetch it)
    assert set(served) == set(GAMES)
    for name, panel in served.items():
        assert panel == game_piece(name, "panel").as_json()
        assert panel["items"] and all(
            set(item) == {"path", "label", "colour", "count"} for item in panel["items"]
        )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_panel_items_are_in_every_view(game: str) -> None:
    panel = game_piece(game, "panel")
    messages = {lang: catalog(lang) for lang in ("en", "pl", "de", "ro")}
    for item in panel.items:
        assert all(item.label in m for m in messages.values()), item.label
    state = new_game(game, players=3, seed=4)
    rng = random.Random(4)
    for _ in range(40):  # the start and a few random moves in
        for seat in (0, 1, 2, None):
            players = state.view(seat)["players"]
            assert len(players) == 3
            for player in players:
                assert panel.score in player
                for item in panel.items:
                    value = value_at(player, item.path)
                    assert isinstance(value, list) if item.count else type(value) is int, (item.path, value)
        state.apply(rng.choice(state.legal_action_ids()))


def test_a_hidden_score_is_none() -> None:
    # rules: Caylus 1303, prestige points are kept face down until the end of the game
    state = new_game("caylus1303", players=3, seed=4)
    panel = game_piece("caylus1303", "panel")
    players = state.view(0)["players"]
    assert isinstance(players[0][panel.score], int) and players[1][panel.score] is None
