"""The core API contract (DESIGN.md), checked on every registered game and player count.

A game registered in ``GAMES`` is held to these promises without writing anything: random games end,
replay from their record, round-trip through JSON, clone independently, keep legal_action_ids() and
illegal_reason() in agreement, and refuse illegal input without changing.
"""

from __future__ import annotations

import random

import pytest

from masterbuilder import GAMES, new_game
from tests.contract import (
    check_clone_independent,
    check_refused,
    check_round_trip,
    finish,
    illegal_inputs,
)

CASES = [(name, players) for name, info in sorted(GAMES.items()) for players in info.player_range]


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g}-{p}p" for g, p in CASES])
def test_the_api_contract_holds_through_a_random_game(game: str, players: int) -> None:
    info = GAMES[game]
    n = info.num_distinct_actions(players)
    s = new_game(game, players=players, seed=players * 7919)
    rng = random.Random(players)
    moves = 0
    while not s.is_terminal:
        legal = s.legal_action_ids()
        assert legal == sorted(legal) and len(set(legal)) == len(legal)
        assert all(0 <= a < n for a in legal)
        labels = [a.label for a in s.legal_actions()]
        assert len(set(labels)) == len(labels)
        if moves % 25 == 0:  # the expensive checks at a sample of positions
            assert {a for a in range(n) if s.illegal_reason(a) is None} == set(legal)
            check_round_trip(s, moves, 20)
            check_clone_independent(s.clone(), moves, 20)  # it plays on both copies
            check_refused(s, illegal_inputs(s, []))
        s.apply(rng.choice(legal))
        moves += 1
        assert moves < 100_000, "the game did not end"
    assert s.current_player is None and s.legal_action_ids() == []
    winners = s.winners()
    assert winners and all(s.scores()[w] == max(s.scores()) for w in winners)
    check_round_trip(s, 0, 0)
    check_refused(s, illegal_inputs(s, []))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_refuses_bad_setups(game: str) -> None:
    info = GAMES[game]
    for players in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(ValueError):
            new_game(game, players=players)
    with pytest.raises(ValueError):
        new_game(game, players=info.min_players, options={"no such option": 1})


@pytest.mark.parametrize("game", sorted(GAMES))
def test_finish_reaches_the_end_from_a_fresh_game(game: str) -> None:
    s = new_game(game, players=GAMES[game].min_players, seed=1)
    finish(s, 1)
    assert s.is_terminal
