"""Win statistics over many games: the Wilson interval and the aggregation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from masterbuilder.arena import play_game
from masterbuilder.arena.simulate import Z95, GameOutcome, run_game, simulate, summarize, wilson_interval


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (5, 10, 0.236593, 0.763407),
        (0, 10, 0.0, 0.277533),  # upper bound z²/(n + z²)
        (10, 10, 0.722467, 1.0),  # lower bound n/(n + z²)
        (1, 1, 0.206549, 1.0),
        (81, 263, 0.255289, 0.366210),
        (50, 100, 0.403832, 0.596168),
    ],
)
def test_wilson_known_values(successes: int, trials: int, low: float, high: float) -> None:
    lo, hi = wilson_interval(successes, trials)
    assert lo == pytest.approx(low, abs=1e-6)
    assert hi == pytest.approx(high, abs=1e-6)


def test_wilson_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert wilson_interval(0, 10)[1] == pytest.approx(Z95**2 / (10 + Z95**2))
    for bad in ((-1, 5), (6, 5), (0, -1)):
        with pytest.raises(ValueError):
            wilson_interval(*bad)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_contains_the_rate(case: tuple[int, int]) -> None:
    successes, trials = case
    lo, hi = wilson_interval(successes, trials)
    assert 0.0 <= lo <= successes / trials <= hi <= 1.0


def test_summarize_counts_ties_for_every_tied_seat() -> None:
    outcomes = [
        GameOutcome(seed=0, scores=(10, 5), winners=(0,), actions=100, rounds=10),
        GameOutcome(seed=1, scores=(7, 7), winners=(0, 1), actions=200, rounds=20),
        GameOutcome(seed=2, scores=(3, 9), winners=(1,), actions=300, rounds=30),
        GameOutcome(seed=3, scores=(9, 1), winners=(0,), actions=400, rounds=40),
    ]
    summary = summarize("builders", ["a", "b"], outcomes)
    first, second = summary.seats
    assert (first.wins, first.shared_wins, second.wins, second.shared_wins) == (3, 1, 2, 1)
    assert first.win_rate == 0.75 and second.win_rate == 0.5
    assert (first.win_rate_low, first.win_rate_high) == wilson_interval(3, 4)
    assert first.mean_score == 29 / 4 and second.mean_score == 22 / 4
    assert summary.shared_games == 1
    assert summary.mean_actions == 250 and summary.mean_rounds == 25
    doc = summary.to_json()
    assert doc["agents"] == ["a", "b"] and doc["seats"][1]["wins"] == 2


def test_summarize_without_rounds_or_games() -> None:
    summary = summarize("x", ["a", "b"], [GameOutcome(0, (1, 2), (1,), 5, None)])
    assert summary.mean_rounds is None
    empty = summarize("x", ["a", "b"], [])
    assert empty.games == 0 and empty.seats[0].win_rate == 0.0
    with pytest.raises(ValueError):
        summarize("x", ["a", "b"], [GameOutcome(0, (1, 2, 3), (2,), 5, None)])


def test_run_game_matches_play_game() -> None:
    for seed in (0, 1):
        outcome = run_game("builders", ["random", "random", "random"], seed)
        result = play_game("builders", ["random", "random", "random"], seed)
        assert (outcome.scores, outcome.winners, outcome.actions) == (
            result.scores,
            result.winners,
            result.actions,
        )
        assert outcome.rounds is not None and 1 <= outcome.rounds <= 100


def test_simulate_uses_consecutive_seeds() -> None:
    seen: list[int] = []
    outcomes = simulate("builders", ["random", "random"], 3, seed=10, on_game=lambda o: seen.append(o.seed))
    assert [o.seed for o in outcomes] == seen == [10, 11, 12]
    assert outcomes[1] == run_game("builders", ["random", "random"], 11)
