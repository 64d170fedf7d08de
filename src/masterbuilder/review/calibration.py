"""Fitted maps from the review search's value (its mean reward, 0 to 1) to a winning chance, per game.

A map is a monotone table of knots ``(value, chance)``, both increasing, read by linear interpolation,
pinned to 0 at a value of 0 and to 1 at a value of 1. The knots come from
``benchmarks/review_calibration.py fit``: positions from self-play of the heuristic bot, each valued by the
review's search at its default budget and set against whether that seat then won; a monotone (isotonic)
fit of the outcome on the value, in blocks of at least ``MIN_BLOCK`` positions. A game gets a map here
only where the value itself misses the goal (every tenth of the estimates within 5 points of how often
the seat won) and the map, scored out of sample (fitted on half the games, measured on the other half),
does better than the value: a smaller calibration error, a lower Brier score and fewer tenths off
(docs/strength.md, "Calibration").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

Knots = tuple[tuple[float, float], ...]

# Caylus: 2,000 positions of 500 games (seeds 40000-40499), 2026-11-28; out of sample the map put every
# tenth within 5 points of how often the seat won (the value itself missed by 5.2-6.6 in three tenths).
# Caylus 1303 has none: its value itself met that over 4,000 positions.
# The Builders: 1,600 positions of 400 games (seeds 40000-40399), 2026-11-28; out of sample the map left
# 2 tenths 5.8-6.2 points off (the value itself 4 tenths, 5.2-11.6), error 2.5 points against 3.9.
CALIBRATION: dict[str, Knots] = {
    "caylus": (
        (0.0014, 0.0),
        (0.0079, 0.0097),
        (0.0219, 0.0701),
        (0.0894, 0.0907),
        (0.1953, 0.2228),
        (0.364, 0.4082),
        (0.55, 0.582),
        (0.7162, 0.7047),
        (0.8572, 0.8273),
        (0.9732, 0.9761),
    ),
    "builders": (
        (0.0152, 0.0),
        (0.0501, 0.0268),
        (0.1056, 0.0944),
        (0.201, 0.2625),
        (0.322, 0.3011),
        (0.4131, 0.3729),
        (0.5038, 0.4673),
        (0.5979, 0.6396),
        (0.733, 0.7581),
        (0.9141, 1.0),
    ),
}


def interpolate(knots: Sequence[tuple[float, float]], value: float) -> float:
    """The chance that ``value`` stands for on the map ``knots`` (linear between knots; 0 and 1 at the
    ends of the scale)."""
    points = [(0.0, 0.0), *knots, (1.0, 1.0)]
    v = min(max(value, 0.0), 1.0)
    i = bisect_right([x for x, _ in points], v)
    if i >= len(points):
        return 1.0
    (x0, y0), (x1, y1) = points[i - 1], points[i]
    if x1 <= x0:
        return y1
    return y0 + (y1 - y0) * (v - x0) / (x1 - x0)
