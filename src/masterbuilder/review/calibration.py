"""Fitted maps from the review search's value to a winning chance, per game: ``(a, b, c)`` in
``chance = sigmoid(a + b * logit(value) + c * ln(players - 1))`` (``grades.win_chance``).

None at present: ``benchmarks/review_calibration.py`` fitted such maps on 400 self-play positions per
game and scored them out of sample, and none read the value better than the value itself
(docs/strength.md, "Calibration"). A game gets a map here once one does.
"""

CALIBRATION: dict[str, tuple[float, float, float]] = {}
