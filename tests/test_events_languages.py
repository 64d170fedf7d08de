"""Summarising a move is a pure function of the states: the web table summarises each move once per
language someone reads, so a first (English) reading must leave the second (Polish) one the same events."""

from __future__ import annotations

import random

import pytest

from masterbuilder import new_game
from masterbuilder.core.i18n import use_language
from masterbuilder.ui.events import log_events, summarise

GAMES = [("caylus", 3, 5), ("caylus1303", 3, 7), ("builders", 3, 2)]


@pytest.mark.parametrize(("game", "players", "seed"), GAMES)
def test_english_then_polish_is_polish_alone(game: str, players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(game, players, seed)
    log_events(state)  # as the server's live table does (the engines that keep a log keep it on)
    alone = new_game(game, players, seed)
    moves = with_events = 0
    while not state.is_terminal:
        action = rng.choice(state.legal_action_ids())
        before, before_alone = state.clone(), alone.clone()
        state.apply(action)
        alone.apply(action)
        with use_language("en"):
            english = summarise(before, action, state)
        with use_language("pl"):
            second = summarise(before, action, state)
            polish = summarise(before_alone, action, alone)
        assert second == polish, f"move {moves}: {action}"
        assert len(english) == len(polish)
        moves += 1
        with_events += bool(polish)
    assert moves > 50 and with_events > 10
