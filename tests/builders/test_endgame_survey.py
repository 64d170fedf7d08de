"""benchmarks/endgame_builders.py: the survey of what the wider endgame search finds in greedy games."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_script() -> ModuleType:
    path = ROOT / "benchmarks" / "endgame_builders.py"
    spec = importlib.util.spec_from_file_location("endgame_builders", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_survey_counts_last_turns_where_the_wider_search_scores_more() -> None:
    """Three 4-player greedy games: every game has last turns, and in one of them the wider search scores
    more than the ordinary one, in none less."""
    result = load_script().survey(games=3, players=4, seed=0)
    assert result["last_turns"] >= 3
    assert 1 <= result["last_turns_scoring_more"] <= result["last_turns"]
    assert result["last_turns_scoring_less"] == 0
    assert result["points_gained"] >= result["last_turns_scoring_more"]
    assert 0 <= result["winning_ends_found_only_by_the_wider_search"] <= result["turns_near_the_end"]
