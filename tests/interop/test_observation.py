"""The shared observation encoding (masterbuilder.interop.observation), on every game at 2 and max players."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from masterbuilder import GAMES, State, load_record, new_game
from masterbuilder.games.builders.state import BuildersState
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.interop.observation import (
    ObservationSpec,
    action_mask,
    encode,
    markdown,
    observation_spec,
    observation_string,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "observations.md"
CASES = [
    (name, p) for name in sorted(GAMES) for p in sorted({GAMES[name].min_players, GAMES[name].max_players})
]
IDS = [f"{g}-{p}p" for g, p in CASES]
STEPS = 250


def positions(game: str, players: int, seed: int, steps: int = STEPS, **options: Any) -> Iterator[State]:
    """The states of a seeded random game (the final one included), at most ``steps`` moves."""
    s = new_game(game, players=players, seed=seed, options=options or None)
    rng = random.Random(seed)
    yield s
    for _ in range(steps):
        if s.is_terminal:
            return
        s.apply(rng.choice(s.legal_action_ids()))
        yield s


def finished(game: str, players: int, seed: int) -> State:
    s = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_action_ids()))
    return s


def check_spec(spec: ObservationSpec) -> None:
    assert spec.low.dtype == np.float32 and spec.high.dtype == np.float32
    assert spec.low.shape == spec.high.shape == (spec.size,)
    assert (spec.low <= spec.high).all()
    start = 0
    for b in spec.blocks:
        assert b.start == start and b.size > 0 and b.meaning
        assert (spec.low[b.start : b.stop] == b.low).all() and (spec.high[b.start : b.stop] == b.high).all()
        assert spec.block(b.name) is b
        start = b.stop
    assert start == spec.size
    assert len({b.name for b in spec.blocks}) == len(spec.blocks)


def check_observation(state: State, seat: int, spec: ObservationSpec) -> np.ndarray:
    obs = encode(state, seat)
    assert obs.dtype == np.float32 and obs.shape == (spec.size,)
    assert (obs >= spec.low).all() and (obs <= spec.high).all()
    return obs


# ---- spec --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_spec_is_a_contiguous_list_of_blocks(game: str, players: int) -> None:
    spec = observation_spec(game, players)
    check_spec(spec)
    assert spec.game == game and spec.players == players
    assert observation_spec(game, players, {}) is spec  # cached; defaults filled in


def test_spec_refuses_what_new_game_refuses() -> None:
    with pytest.raises(ValueError, match="Unknown game"):
        observation_spec("chess", 2)
    with pytest.raises(ValueError, match="players"):
        observation_spec("builders", 5)
    with pytest.raises(ValueError, match="no option"):
        observation_spec("caylus", 2, {"colour": "red"})


def test_sizes_grow_with_the_player_count_only() -> None:
    for game, info in GAMES.items():
        sizes = [observation_spec(game, p).size for p in info.player_range]
        assert sizes == sorted(set(sizes))
    assert (
        observation_spec("builders", 2, {"open_worker_deck": True}).size
        == observation_spec("builders", 2).size
    )


def test_a_bad_seat_is_refused() -> None:
    s = new_game("caylus", players=2, seed=1)
    for seat in (-1, 2, None, "0", True):
        with pytest.raises(ValueError, match="no seat"):
            encode(s, seat)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="no seat"):
            observation_string(s, seat)  # type: ignore[arg-type]
    assert (encode(s, np.int64(1)) == encode(s, 1)).all()  # type: ignore[arg-type]


# ---- random games ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_observations_and_masks_through_a_random_game(game: str, players: int) -> None:
    spec = observation_spec(game, players)
    n_actions = GAMES[game].num_distinct_actions(players)
    seen = set()
    for s in positions(game, players, seed=11 * players):
        for seat in range(players):
            obs = check_observation(s, seat, spec)
            seen.add(obs.tobytes())
            text = observation_string(s, seat)
            assert json.loads(text)["viewer"] == seat
        pending = getattr(s, "pending_decision", None)
        if pending is not None:  # the decision's arguments fit their block unclipped
            args = spec.block("decision_args")
            assert all(args.low <= a <= args.high for a in pending[2:4]) and len(pending) <= 4
            assert obs[spec.slice("decision_args")].tolist() == [*pending[2:4], 0, 0][:2]
        mask = action_mask(s)
        assert mask.dtype == np.int8 and mask.shape == (n_actions,)
        assert np.flatnonzero(mask).tolist() == s.legal_action_ids()
    assert len(seen) > 10  # the observation follows the game


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_end_of_a_game(game: str, players: int) -> None:
    s = finished(game, players, seed=5)
    spec = observation_spec(game, players)
    assert not action_mask(s).any()
    for seat in range(players):
        obs = check_observation(s, seat, spec)
        assert obs[spec.slice("is_terminal")][0] == 1
        current = obs[spec.slice("current_player")]
        assert current[players] == 1 and current.sum() == 1  # nobody
        winners = obs[spec.slice("winners")]
        assert sorted(np.flatnonzero(winners).tolist()) == sorted((w - seat) % players for w in s.winners())


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_identical_histories_give_identical_observations(game: str, players: int) -> None:
    a = new_game(game, players=players, seed=3)
    b = new_game(game, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        if a.is_terminal:
            break
        for seat in range(players):
            assert (encode(a, seat) == encode(b, seat)).all()
            assert observation_string(a, seat) == observation_string(b, seat)
        action = rng.choice(a.legal_action_ids())
        a.apply(action)
        b.apply(action)
    replayed = load_record(a.record())
    copy = a.clone()
    for seat in range(players):
        obs = encode(a, seat)
        assert (encode(replayed, seat) == obs).all() and (encode(copy, seat) == obs).all()
        assert (encode(a, seat) == obs).all()  # encoding changes nothing


# ---- seat-relative -----------------------------------------------------------------------------------------

# (block, field of view()["players"][seat]): per-player numbers listed from the observer on
PER_PLAYER = {
    "builders": [("coins", "coins"), ("building_points", "building_points"), ("score", "score")],
    "caylus": [("deniers", "deniers"), ("prestige", "prestige"), ("workers_at_home", "workers_at_home")],
    "caylus1303": [("workers", "workers"), ("camp", "camp"), ("houses", "houses"), ("bundles", "bundles")],
}


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_players_are_listed_from_the_observer_on(game: str, players: int) -> None:
    spec = observation_spec(game, players)
    for i, s in enumerate(positions(game, players, seed=29, steps=150)):
        if i % 10:
            continue
        for seat in range(players):
            obs = encode(s, seat)
            table = s.view(seat)["players"]
            for block, key in PER_PLAYER[game]:
                b = spec.block(block)
                want = [min(max(table[(seat + k) % players][key], b.low), b.high) for k in range(players)]
                assert obs[spec.slice(block)].tolist() == want, block
            current = obs[spec.slice("current_player")]
            cp = s.current_player
            assert np.flatnonzero(current).tolist() == [players if cp is None else (cp - seat) % players]


def test_rotation_of_a_two_player_caylus_game() -> None:
    """Caylus hides nothing: seat 1's observation is seat 0's with the two players swapped."""
    spec = observation_spec("caylus", 2)
    for s in positions("caylus", 2, seed=4, steps=60):
        a, b = encode(s, 0), encode(s, 1)
        for block in ("deniers", "prestige", "workers_at_home", "final_bonus", "winners"):
            assert (a[spec.slice(block)] == b[spec.slice(block)][::-1]).all()
        for block in ("cubes", "favours"):
            x, y = a[spec.slice(block)].reshape(2, -1), b[spec.slice(block)].reshape(2, -1)
            assert (x == y[::-1]).all()
        for block in ("road_owner", "road_worker", "special", "stables", "inn"):
            x, y = a[spec.slice(block)].reshape(-1, 3), b[spec.slice(block)].reshape(-1, 3)
            assert (x[:, :2] == y[:, 1::-1]).all() and (x[:, 2] == y[:, 2]).all()
        for block in ("road_tile", "supply", "bailiff", "provost", "turn", "phase", "decision_kind"):
            assert (a[spec.slice(block)] == b[spec.slice(block)]).all()


# ---- hidden information ------------------------------------------------------------------------------------


def test_caylus1303_other_seats_prestige_never_shows() -> None:
    for players in (2, 5):
        spec = observation_spec("caylus1303", players)
        known = spec.slice("prestige_known")
        for i, s in enumerate(positions("caylus1303", players, seed=17, steps=200)):
            if i % 7 or s.is_terminal:
                continue
            for seat in range(players):
                obs, text = encode(s, seat), observation_string(s, seat)
                assert obs[known].tolist() == [1.0] + [0.0] * (players - 1)
                for other in range(players):
                    c = s.clone()
                    assert isinstance(c, Caylus1303State)
                    c._pp[other] += 7
                    same = other != seat
                    assert (encode(c, seat) == obs).all() == same
                    assert (observation_string(c, seat) == text) == same
        end = finished("caylus1303", players, seed=17)
        for seat in range(players):
            obs = encode(end, seat)
            assert obs[known].tolist() == [1.0] * players
            assert obs[spec.slice("prestige")].tolist() == [
                end.scores()[(seat + k) % players] for k in range(players)
            ]


@pytest.mark.parametrize("open_deck", [False, True])
def test_builders_deck_order_never_shows(open_deck: bool) -> None:
    for players in (2, 4):
        checked = 0
        for i, s in enumerate(positions("builders", players, seed=23, steps=200, open_worker_deck=open_deck)):
            if i % 9:
                continue
            assert isinstance(s, BuildersState)
            c = s.clone()
            assert isinstance(c, BuildersState)
            rng = random.Random(i)
            hidden = c._bdeck[:-1]
            rng.shuffle(hidden)
            c._bdeck[:-1] = hidden
            keep = 1 if open_deck else 0
            hidden = c._wdeck[: len(c._wdeck) - keep]
            rng.shuffle(hidden)
            c._wdeck[: len(c._wdeck) - keep] = hidden
            if c.to_json() == s.to_json():
                continue
            checked += 1
            for seat in range(players):
                assert (encode(c, seat) == encode(s, seat)).all()
                assert observation_string(c, seat) == observation_string(s, seat)
            # the visible top cards do show: swapping one with a hidden card changes the observation
            if len(c._bdeck) > 1:
                c._bdeck[-1], c._bdeck[0] = c._bdeck[0], c._bdeck[-1]
                assert not (encode(c, 0) == encode(s, 0)).all()
                c._bdeck[-1], c._bdeck[0] = c._bdeck[0], c._bdeck[-1]
            if len(c._wdeck) > 1:  # the worker deck's top shows only with open_worker_deck
                c._wdeck[-1], c._wdeck[0] = c._wdeck[0], c._wdeck[-1]
                assert (encode(c, 0) == encode(s, 0)).all() != open_deck
        assert checked > 5


def test_resampled_hidden_information_gives_the_same_observation() -> None:
    for game, players in CASES:
        for i, s in enumerate(positions(game, players, seed=31, steps=150)):
            if i % 15 or s.is_terminal:
                continue
            for seat in range(players):
                other = s.resample_hidden(seat, seed=i)
                assert (encode(other, seat) == encode(s, seat)).all()


# ---- docs --------------------------------------------------------------------------------------------------


def test_docs_observations_md_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown(), (
        "docs/observations.md is out of date; regenerate it with "
        "`.venv/bin/python -m masterbuilder.interop.observation > docs/observations.md`"
    )
