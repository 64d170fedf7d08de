"""The record of one seat of interest (a bot under test) over a series of games."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Any

from masterbuilder.arena.simulate import wilson_interval


@dataclass
class Tally:
    """Wins (sole winner), shared wins, scores and the best opponent's scores of one seat per game."""

    games: int = 0
    wins: int = 0
    ties: int = 0
    scores: list[int] = field(default_factory=list)
    best_other_scores: list[int] = field(default_factory=list)

    def add(self, seat: int, scores: list[int], winners: list[int]) -> None:
        self.games += 1
        self.wins += winners == [seat]
        self.ties += seat in winners and len(winners) > 1
        self.scores.append(scores[seat])
        self.best_other_scores.append(max(s for p, s in enumerate(scores) if p != seat))

    def summary(self) -> dict[str, Any]:
        """JSON-ready: counts, win rate with its 95% Wilson interval, mean scores."""
        low, high = wilson_interval(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": self.wins / self.games,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "mean_score": round(statistics.mean(self.scores), 2),
            "mean_best_opponent_score": round(statistics.mean(self.best_other_scores), 2),
        }
