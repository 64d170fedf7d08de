"""Caylus's settings of the search bot (``mcts``): its rollouts, its score scale and its budgets."""

from masterbuilder.agents.mcts import SearchSettings

# The step budgets were sized when an engine step with the heuristic choosing cost about 0.5 ms. The
# heuristic has since become faster with the same decisions; the budgets were kept, so every preset plays
# the same moves as when it was measured, in less time (docs/strength.md, "Time per move").
SETTINGS = SearchSettings(
    base={"rollout_depth": 30, "scale": 8.0},
    presets={"medium": {"max_steps": 400}, "hard": {"max_steps": 1_500}},
)
