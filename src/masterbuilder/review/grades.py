"""Grades and accuracy from the loss of winning chance, and the map from the bot's value to a winning chance.

A move's **loss** is the winning chance (0 to 1) of the bot's best move less that of the move played, as
the review's search estimates both; a move the bot would have played itself loses nothing. The
thresholds were chosen from measurement (docs/strength.md, "Game review"): ``good`` covers the search's
own noise (the losses it gives the strong bot's own moves when it looks again with another seed), and
the heavier grades sit where the random bot's moves fall and the strong bot's almost never do.

A seat's **accuracy** is lichess's curve (100 for no loss, about 65 for a loss of 10 points) averaged
over its decisions, each on its :func:`effective_loss`: where the search's value of the position
before the move was within ``DECIDED`` (5 points) of 0 or 1, the loss is at least the points of score
margin the move lost in the paired re-evaluation, valued at the search's value per point at an even
score (``MARGIN_SLOPE``, 0.15 / 8: a move 8 points worse counts as a loss of 0.15). Why: most
decisions of a game between unequal players come after it is decided (60–85% against the random
bot), where the value (its margin term ``tanh(margin / 8)``) no longer moves, so the random bot's moves
there lost nothing and its accuracy came out as high as the strong bot's; the margin still moves.
Measured against the plain mean and against weighting or leaving out decided positions
(docs/strength.md, "Do the grades tell players apart?"). The grades stay on the winning chance.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from masterbuilder.core.i18n import N_
from masterbuilder.review.calibration import CALIBRATION, interpolate

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


def move_accuracy(loss: float) -> float:
    """lichess's curve on the loss in percentage points: 100 for a move that loses nothing, about 65 for a
    loss of 10 points, about 13 for 40."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669))


def plain_accuracy(
    losses: Sequence[float], befores: Sequence[float] = (), margins: Sequence[float] = ()
) -> float | None:
    """The mean of the moves' accuracies (every decision counts the same)."""
    if not losses:
        return None
    return sum(move_accuracy(loss) for loss in losses) / len(losses)


def stakes_accuracy(
    losses: Sequence[float], befores: Sequence[float], margins: Sequence[float] = ()
) -> float | None:
    """The moves' accuracies weighted by what was at stake: ``4 p (1 - p)`` of the winning chance ``p``
    before the move (1 at an even game, near 0 in a decided one), at least ``STAKES_FLOOR``."""
    if not losses:
        return None
    weights = [max(STAKES_FLOOR, 4 * p * (1 - p)) for p in befores]
    return sum(w * move_accuracy(x) for w, x in zip(weights, losses, strict=True)) / sum(weights)


def open_accuracy(
    losses: Sequence[float], befores: Sequence[float], margins: Sequence[float] = ()
) -> float | None:
    """The mean of the moves' accuracies over the decisions whose value before the move was more than
    ``DECIDED`` from 0 and 1 (all of them if there were none)."""
    kept = [x for x, p in zip(losses, befores, strict=True) if DECIDED < p < 1 - DECIDED]
    return plain_accuracy(kept or losses)


def effective_loss(loss: float, before: float, margin_loss: float) -> float:
    """The loss of a move; where the search's value before it was within ``DECIDED`` of 0 or 1, at least
    the points of score margin it lost valued at the search's value per point at an even score
    (``MARGIN_SLOPE``): in a decided game the value no longer moves (its margin term is
    ``tanh(margin / 8)``), the margin still does."""
    if DECIDED < before < 1 - DECIDED:
        return loss
    return max(loss, min(1.0, MARGIN_SLOPE * margin_loss))


def margin_accuracy(
    losses: Sequence[float], befores: Sequence[float], margins: Sequence[float]
) -> float | None:
    """The mean of the moves' accuracies on their :func:`effective_loss`."""
    return plain_accuracy([effective_loss(x, p, m) for x, p, m in zip(losses, befores, margins, strict=True)])


def lichess_accuracy(
    losses: Sequence[float], befores: Sequence[float], margins: Sequence[float] = ()
) -> float | None:
    """lichess's game accuracy: the mean of (a) the moves' accuracies weighted by the volatility of the
    winning chance around them (its standard deviation in points over a window of the seat's decisions,
    from 0.5 to 12) and (b) their harmonic mean (one bad move weighs more than many good ones)."""
    if not losses:
        return None
    scores = [move_accuracy(x) for x in losses]
    points = [100 * p for p in befores]
    size = max(2, min(8, len(points) // 10))
    weights = []
    for k in range(len(points)):
        start = max(0, min(k - size // 2, len(points) - size))
        window = points[start : start + size] or points[k : k + 1]
        mean = sum(window) / len(window)
        spread = math.sqrt(sum((x - mean) ** 2 for x in window) / len(window))
        weights.append(max(0.5, min(12.0, spread)))
    weighted = sum(w * s for w, s in zip(weights, scores, strict=True)) / sum(weights)
    harmonic = len(scores) / sum(1 / max(1.0, s) for s in scores)
    return (weighted + harmonic) / 2


STAKES_FLOOR = 0.1
DECIDED = 0.05
# the search's value per point of score margin at an even score: 0.3 * 0.5 * d tanh(m / 8) / dm at m = 0
MARGIN_SLOPE = 0.15 / 8
AccuracyFormula = Callable[[Sequence[float], Sequence[float], Sequence[float]], float | None]
# the accuracy formulas benchmarks/review_separation.py compares; ACCURACY is the one the review uses
ACCURACIES: dict[str, AccuracyFormula] = {
    "mean": plain_accuracy,
    "stakes": stakes_accuracy,
    "open": open_accuracy,
    "margin": margin_accuracy,
    "lichess": lichess_accuracy,
}
ACCURACY = "margin"


def accuracy(
    losses: Sequence[float],
    befores: Sequence[float] | None = None,
    margins: Sequence[float] | None = None,
) -> float | None:
    """A seat's accuracy in percent over its graded moves (their losses, the winning chances before them
    and the points of margin they lost, in game order), by the formula :data:`ACCURACY` names."""
    n = len(losses)
    return ACCURACIES[ACCURACY](
        losses, befores if befores is not None else [0.5] * n, margins if margins is not None else [0.0] * n
    )


def win_chance(game: str, value: float) -> float:
    """The winning chance that the bot's value (mean reward in [0, 1]) of a position stands for: the map
    fitted per game on self-play (``calibration``), ``value`` itself where none was fitted."""
    knots = CALIBRATION.get(game)
    return value if knots is None else interpolate(knots, value)
