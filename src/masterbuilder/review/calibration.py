"""The fitted map from the review search's value to a winning chance, per game: ``(a, b, c)`` in
``chance = sigmoid(a + b * logit(value) + c * ln(players - 1))``. Written by
``benchmarks/review_calibration.py --fit`` from self-play positions (docs/strength.md, "Game review")."""

CALIBRATION: dict[str, tuple[float, float, float]] = {}
