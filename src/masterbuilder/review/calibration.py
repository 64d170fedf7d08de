"""Fitted maps from the review search's value (its mean reward, 0 to 1) to a winning chance, per game.

A map is a monotone table of knots ``(value, chance)``, both increasing, read by linear interpolation,
pinned to 0 at a value of 0 and to 1 at a value of 1. The knots come from
``benchmarks/review_calibration.py fit``: positions from self-play of the heuristic bot, each valued by the
review's search at its default budget and set against whether that seat then won; a monotone (isotonic)
fit of the outcome on the value, in blocks of at least ``MIN_BLOCK`` positions. A game gets a map here
only where the map, scored out of sample (fitted on half the games, measured on the other half), reads
the value better than the value itself (docs/strength.md, "Calibration").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence

Knots = tuple[tuple[float, float], ...]

CALIBRATION: dict[str, Knots] = {}


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
