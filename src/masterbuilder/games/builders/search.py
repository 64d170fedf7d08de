"""The Builders' settings of the search bot (``mcts``): its rollouts, its score scale and its budgets."""

from masterbuilder.agents.mcts import SearchSettings

# The guided search: the planner's work is charged (a third of a step per plan step, more where a seat has
# over four sites, whose plan steps take longer), and the rollouts stop after three turns (in 2 players: the
# reply, the bot's next turn and the next reply; in 4: the three replies), scored by the greedy bot's
# position estimate. Short rollouts allow many deals per decision, hence a longer cycle. With 3 or 4 players
# the cutoff then waits for the bot's own turn (``own_turn_cutoff``).
GUIDED: dict[str, float | int] = {
    "candidate_cost": 5,
    "work_per_step": 15,  # the planner's work units: 5 per plan step, more on crowded tables
    "cutoff_turns": 3,
    "determinisations": 32,
    "own_turn_cutoff": 3,  # measured in 4 players; two-player play is as before
}

# The step budgets were sized when an engine step with the planner cost about 0.05 ms plus its planner's
# work; they were kept since, so every preset plays the same moves as when it was measured
# (docs/strength.md, "Time per move").
SETTINGS = SearchSettings(
    base={"rollout_depth": 40, "scale": 6.0},
    presets={
        "medium": {"max_steps": 2_000, "candidates": 2, **GUIDED},
        "hard": {"max_steps": 26_000, "candidates": 3, "wide_root": True, **GUIDED},
    },
)
