"""Grades and accuracy from the loss of winning chance, and the map from the bot's value to a winning chance.

A move's **loss** is the winning chance (0 to 1) of the bot's best move less that of the move played, as
the review's search estimates both; a move the bot would have played itself loses nothing. The
thresholds were chosen from measurement (docs/strength.md, "Game review"): ``good`` covers the search's
own noise (the losses it gives the strong bot's own moves when it looks again with another seed), and
the heavier grades sit where the random bot's moves fall and the strong bot's almost never do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from masterbuilder.core.i18n import N_
from masterbuilder.review.calibration import CALIBRATION

# (grade, the loss below which a move gets it), lightest first; anything heavier is a blunder
GRADES: tuple[tuple[str, float], ...] = (
    ("best", 0.0),
    ("good", 0.04),
    ("inaccuracy", 0.08),
    ("mistake", 0.16),
)
BLUNDER = "blunder"
GRADE_NAMES = {
    "best": N_("best"),
    "good": N_("good"),
    "inaccuracy": N_("inaccuracy"),
    "mistake": N_("mistake"),
    "blunder": N_("blunder"),
}
KEY_MOMENTS = (3, 5)  # at least, at most


def grade(loss: float, is_best: bool) -> str:
    """The grade of a move that lost ``loss`` of winning chance (``is_best``: the bot's own choice)."""
    if is_best:
        return "best"
    for name, limit in GRADES[1:]:
        if loss < limit:
            return name
    return BLUNDER


def accuracy(losses: Sequence[float]) -> float | None:
    """Accuracy in percent over a seat's graded moves: lichess's curve on the loss in percentage points
    (100 for moves that lose nothing, about 65 for a loss of 10 points, about 13 for 40), averaged."""
    if not losses:
        return None
    scores = [max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669)) for loss in losses]
    return sum(scores) / len(scores)


def win_chance(game: str, players: int, value: float) -> float:
    """The winning chance that the bot's value (mean reward in [0, 1]) of a position stands for: a
    logistic map fitted per game on self-play (``calibration``), ``value`` itself where none was fitted."""
    fit = CALIBRATION.get(game)
    if fit is None:
        return value
    v = min(max(value, 1e-4), 1 - 1e-4)
    a, b, c = fit
    z = a + b * math.log(v / (1 - v)) + c * math.log(players - 1)
    return 1 / (1 + math.exp(-z))
