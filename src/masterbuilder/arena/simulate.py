"""Many games between the same bots, and the statistics of their results (pure functions, reusable by a
tournament runner)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from masterbuilder.arena.match import play_game

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion; (0, 1) when there are no trials."""
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"Need 0 <= successes <= trials, got {successes} of {trials}.")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # the bounds are exactly 0 and 1 at the extremes; rounding would leave them a hair inside
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True)
class GameOutcome:
    """What the statistics need from one finished game."""

    seed: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    rounds: int | None  # None for a game that has no rounds


def run_game(
    game: str, agents: Sequence[str], seed: int, options: Mapping[str, Any] | None = None
) -> GameOutcome:
    """One game between bots (:func:`masterbuilder.arena.play_game`), kept as a compact outcome."""
    result = play_game(game, agents, seed, options)
    return GameOutcome(
        seed=seed, scores=result.scores, winners=result.winners, actions=result.actions, rounds=result.rounds
    )


def simulate(
    game: str,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> list[GameOutcome]:
    """``games`` games; game ``i`` uses seed ``seed + i`` and the bots sit in the order given."""
    outcomes = []
    for i in range(games):
        outcome = run_game(game, agents, seed + i, options)
        outcomes.append(outcome)
        if on_game is not None:
            on_game(outcome)
    return outcomes


@dataclass(frozen=True)
class SeatStats:
    seat: int
    agent: str
    wins: int  # games the seat won, alone or tied
    shared_wins: int  # of those, the ones tied with another seat
    win_rate: float
    win_rate_low: float  # 95% Wilson interval
    win_rate_high: float
    mean_score: float


@dataclass(frozen=True)
class Summary:
    game: str
    agents: tuple[str, ...]
    games: int
    seats: tuple[SeatStats, ...]
    shared_games: int  # games won by more than one seat
    mean_actions: float
    mean_rounds: float | None

    def to_json(self) -> dict[str, Any]:
        doc = asdict(self)
        doc["agents"] = list(self.agents)
        doc["seats"] = [asdict(s) for s in self.seats]
        return doc


def summarize(game: str, agents: Sequence[str], outcomes: Iterable[GameOutcome]) -> Summary:
    """Per-seat wins (ties count for every tied seat), Wilson intervals and means over ``outcomes``."""
    players = len(agents)
    wins = [0] * players
    shared = [0] * players
    score_sums = [0] * players
    games = shared_games = actions = rounds = 0
    rounded = 0
    for outcome in outcomes:
        if len(outcome.scores) != players:
            raise ValueError(f"A {len(outcome.scores)}-player outcome among {players}-player games.")
        games += 1
        actions += outcome.actions
        if outcome.rounds is not None:
            rounds += outcome.rounds
            rounded += 1
        tie = len(outcome.winners) > 1
        shared_games += tie
        for seat in outcome.winners:
            wins[seat] += 1
            shared[seat] += tie
        for seat, score in enumerate(outcome.scores):
            score_sums[seat] += score
    seats = []
    for seat in range(players):
        low, high = wilson_interval(wins[seat], games)
        seats.append(
            SeatStats(
                seat=seat,
                agent=agents[seat],
                wins=wins[seat],
                shared_wins=shared[seat],
                win_rate=wins[seat] / games if games else 0.0,
                win_rate_low=low,
                win_rate_high=high,
                mean_score=score_sums[seat] / games if games else 0.0,
            )
        )
    return Summary(
        game=game,
        agents=tuple(agents),
        games=games,
        seats=tuple(seats),
        shared_games=shared_games,
        mean_actions=actions / games if games else 0.0,
        mean_rounds=rounds / rounded if rounded else None,
    )
