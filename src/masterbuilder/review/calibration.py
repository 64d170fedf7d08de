"""Fitted maps from the review search's value (its mean reward, 0 to 1) to a winning chance, per game.

A map is a monotone table of knots ``(value, chance)``, both increasing, read by linear interpolation,
pinned to 0 at a value of 0 and to 1 at a value of 1. The knots come from
``benchmarks/review_calibration.py fit``: positions from self-play of the heuristic bot, each valued by the
review's search at its default budget and set against whether that seat then won; a monotone (isotonic)
fit of the outcome on the value, in blocks of at least ``--min-block`` positions. A game gets a map here
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
# The Builders: 4,000 positions of 1,000 games (seeds 40400-41399), 2026-11-29, in blocks of at least 200
# positions (chosen over 100 and 150 by five ways of splitting the games in folds); out of sample every
# tenth within 3.2 points (the value itself: 4 tenths 5.2-7.1 points off), error 1.5 points against 3.6.
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
        (0.0192, 0.0026),
        (0.0596, 0.0409),
        (0.1048, 0.1013),
        (0.1566, 0.2217),
        (0.2376, 0.2952),
        (0.3445, 0.2991),
        (0.4237, 0.3854),
        (0.5, 0.466),
        (0.637, 0.6021),
        (0.8233, 0.8592),
        (0.9528, 1.0),
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
