"""resample_hidden: a copy with what a seat cannot see drawn again (for IS-MCTS and OpenSpiel)."""

from __future__ import annotations

import random

import pytest

from masterbuilder import new_game
from masterbuilder.games.builders.state import BuildersState


def _midgame(seed: int, players: int = 3, moves: int = 60, **options: object) -> BuildersState:
    s = new_game("builders", players=players, seed=seed, options=dict(options))
    assert isinstance(s, BuildersState)
    rng = random.Random(seed)
    for _ in range(moves):
        s.apply(rng.choice(s.legal_action_ids()))
    return s


@pytest.mark.parametrize("open_deck", [False, True])
def test_resampling_keeps_everything_every_seat_sees(open_deck: bool) -> None:
    # rules: The Builders — the decks are face down; only the top building card is visible
    s = _midgame(4, open_worker_deck=open_deck)
    for seat in range(s.num_players):
        r = s.resample_hidden(seat, seed=seat + 10)
        assert r.integrity_problem() is None
        assert all(r.view(p) == s.view(p) for p in range(s.num_players))
        assert r.legal_action_ids() == s.legal_action_ids()
        assert sorted(r._bdeck) == sorted(s._bdeck) and sorted(r._wdeck) == sorted(s._wdeck)
        assert r._bdeck[-1] == s._bdeck[-1]
        if open_deck:
            assert r._wdeck[-1] == s._wdeck[-1]


def test_resampling_draws_a_new_order_and_is_seeded() -> None:
    s = _midgame(5, moves=20)
    a, b, c = (s.resample_hidden(0, seed) for seed in (1, 1, 2))
    assert a == b
    assert (a._bdeck, a._wdeck) != (c._bdeck, c._wdeck)
    assert (a._bdeck, a._wdeck) != (s._bdeck, s._wdeck)


def test_a_resampled_state_plays_on_and_leaves_the_original_alone() -> None:
    s = _midgame(6)
    before = s.to_json()
    r = s.resample_hidden(1, seed=3)
    rng = random.Random(0)
    while not r.is_terminal:
        r.apply(rng.choice(r.legal_action_ids()))
    assert s.to_json() == before


@pytest.mark.parametrize("game", ["caylus", "caylus1303"])
def test_games_without_unknowable_information_resample_to_a_copy(game: str) -> None:
    # Caylus is open after setup; in Caylus 1303 the hidden PP follow from the public actions
    s = new_game(game, players=3, seed=2)
    r = s.resample_hidden(0, seed=9)
    assert r == s and r is not s
    with pytest.raises(ValueError):
        s.resample_hidden(3, seed=0)
