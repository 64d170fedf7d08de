"""Game review (``masterbuilder review``): which decisions are judged, the grades, the accuracy, the key
moments, a deliberate bad move, determinism and the command's output and refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.agents.mcts import preset_config
from masterbuilder.cli import app
from masterbuilder.core.registry import load_record
from masterbuilder.review.calibration import CALIBRATION, interpolate
from masterbuilder.review.engine import Decision, Judgement, Review, decisions, default_budget, judge, review
from masterbuilder.review.grades import (
    ACCURACIES,
    accuracy,
    effective_loss,
    grade,
    lichess_accuracy,
    margin_accuracy,
    plain_accuracy,
    stakes_accuracy,
    win_chance,
)
from masterbuilder.review.search import ReviewSearch

runner = CliRunner()


def heuristic_record(game: str, players: int, seed: int, plies: int) -> dict[str, Any]:
    """The first ``plies`` actions of a game of the heuristic bot."""
    state = new_game(game, players, seed)
    bots = [make_agent("heuristic", game, seed + i) for i in range(players)]
    while not state.is_terminal and len(state.history) < plies:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state.record()


def test_caylus_decisions_are_single_actions_and_forced_ones_are_skipped() -> None:
    record = heuristic_record("caylus", 2, 1, 40)
    found, skipped = decisions(record)
    state = new_game("caylus", 2, 1)
    forced = 0
    for action in record["actions"]:
        forced += len(state.legal_action_ids()) == 1
        state.apply(action)
    assert all(len(d.played) == 1 for d in found)
    assert skipped == forced
    assert len(found) + skipped == len(record["actions"])
    assert [d.played[0] for d in found] == [record["actions"][d.ply] for d in found]


def test_builders_decisions_are_whole_turns_of_one_seat() -> None:
    record = heuristic_record("builders", 2, 2, 30)
    found, skipped = decisions(record)
    assert any(len(d.played) > 1 for d in found)
    covered = sum(len(d.played) for d in found)
    assert covered <= len(record["actions"])
    state = new_game("builders", 2, 2)
    for ply, action in enumerate(record["actions"]):
        owner = [d for d in found if d.ply <= ply < d.ply + len(d.played)]
        if owner:
            assert owner[0].seat == state.current_player
        state.apply(action)
    assert skipped >= 0


def test_one_seat_only() -> None:
    record = heuristic_record("caylus", 3, 4, 30)
    everyone, _ = decisions(record)
    seat_one, _ = decisions(record, seat=1)
    assert seat_one == [d for d in everyone if d.seat == 1]


def test_grades_by_loss() -> None:
    assert grade(0.5, is_best=True) == "best"
    assert grade(0.0, is_best=False) == "good"
    assert grade(0.05, is_best=False) == "inaccuracy"
    assert grade(0.1, is_best=False) == "mistake"
    assert grade(0.3, is_best=False) == "blunder"


def test_accuracy_falls_with_the_losses() -> None:
    assert accuracy([]) is None
    assert accuracy([0.0, 0.0]) == pytest.approx(100.0, abs=0.01)
    perfect, some, many = (accuracy(x) for x in ([0.0] * 4, [0.0, 0.1] * 2, [0.3] * 4))
    assert perfect is not None and some is not None and many is not None
    assert perfect > some > many >= 0


def test_every_accuracy_formula_is_100_for_no_loss_and_falls_with_the_losses() -> None:
    chances = [0.5, 0.4, 0.3, 0.2]
    for formula in ACCURACIES.values():
        assert formula([], [], []) is None
        assert formula([0.0] * 4, chances, [0.0] * 4) == pytest.approx(100.0, abs=0.01)
        some, many = formula([0.0, 0.1] * 2, chances, [0.0] * 4), formula([0.3] * 4, chances, [0.0] * 4)
        assert some is not None and many is not None and 100 > some > many >= 0


def test_stakes_weigh_a_loss_in_an_open_game_more_than_in_a_decided_one() -> None:
    # a seat that lost 0.2 while the game was even, then nothing in a lost game, against one that lost
    # 0.2 in a lost game and nothing while it was even
    open_loss = stakes_accuracy([0.2, 0.0, 0.0, 0.0], [0.5, 0.02, 0.02, 0.02])
    decided_loss = stakes_accuracy([0.0, 0.0, 0.0, 0.2], [0.5, 0.5, 0.5, 0.02])
    plain = plain_accuracy([0.2, 0.0, 0.0, 0.0])
    assert open_loss is not None and decided_loss is not None and plain is not None
    assert open_loss < plain < decided_loss


def test_a_decided_position_charges_the_margin_lost_and_an_open_one_the_chance() -> None:
    assert effective_loss(0.1, 0.5, 40.0) == 0.1
    assert effective_loss(0.0, 0.01, 8.0) == pytest.approx(0.15)
    assert effective_loss(0.0, 0.99, 0.0) == 0.0 and effective_loss(0.3, 0.99, 1.0) == 0.3
    random_like = margin_accuracy([0.0] * 4, [0.01] * 4, [10.0] * 4)
    assert random_like is not None and random_like < 50  # a 10-point loss each time: about 42


def test_a_review_charges_a_seat_the_margin_its_moves_lost_in_a_lost_game() -> None:
    # seat 1's game is lost (a chance of 1% before each move), where its moves lose no chance but points
    lost = [
        Judgement(p, 1, [1], "", [2], "", 0.01, 0.0, 0.0, 0.0, "good", (0.01, 0.0, 0.0), margin_loss=10.0)
        for p in range(4)
    ]
    even = [Judgement(p, 0, [1], "", [1], "", 0.5, 0.5, 0.5, 0.0, "best", (0.5, 0.5, 0.5)) for p in range(4)]
    result = Review("caylus", 2, 0, 10, False, judgements=even + lost)
    accuracy_ = result.accuracy()
    assert accuracy_[0] == pytest.approx(100.0, abs=0.01)
    assert accuracy_[1] is not None and accuracy_[1] < 50


def test_lichess_accuracy_weighs_one_bad_move_by_its_harmonic_mean() -> None:
    steady = [0.5] * 10
    one_blunder = lichess_accuracy([0.0] * 9 + [0.5], steady)
    assert one_blunder is not None and one_blunder < (plain_accuracy([0.0] * 9 + [0.5]) or 0)


def test_win_chance_is_monotone_and_bounded() -> None:
    for game in ("caylus", "caylus1303", "builders"):
        chances = [win_chance(game, v / 20) for v in range(21)]
        assert all(0 <= c <= 1 for c in chances)
        assert chances == sorted(chances)
    assert win_chance("no such game", 0.3) == 0.3


def test_a_calibration_map_is_read_between_its_knots_and_pinned_at_the_ends() -> None:
    knots = ((0.2, 0.1), (0.5, 0.6), (0.8, 0.9))
    assert interpolate(knots, 0.0) == 0.0 and interpolate(knots, 1.0) == 1.0
    assert interpolate(knots, 0.35) == pytest.approx(0.35)  # halfway from 0.1 to 0.6
    assert interpolate(knots, 0.1) == pytest.approx(0.05)  # from (0, 0) to the first knot
    assert interpolate(knots, 0.9) == pytest.approx(0.95)  # from the last knot to (1, 1)
    assert interpolate(knots, -3) == 0.0 and interpolate(knots, 7) == 1.0
    for game, fitted in CALIBRATION.items():  # the maps in use are monotone tables inside [0, 1]
        assert [x for x, _ in fitted] == sorted(x for x, _ in fitted), game
        assert [y for _, y in fitted] == sorted(y for _, y in fitted), game
        assert all(0 <= x <= 1 and 0 <= y <= 1 for x, y in fitted), game


def test_the_default_budget_is_the_strong_bots_and_twice_it_for_whole_turns() -> None:
    hard = {game: preset_config(game, "hard").max_steps for game in ("caylus", "caylus1303", "builders")}
    assert default_budget("caylus") == hard["caylus"]
    assert default_budget("caylus1303") == hard["caylus1303"]
    assert default_budget("builders") == 2 * (hard["builders"] or 0)


def judgement(ply: int, loss: float, grade_: str) -> Judgement:
    return Judgement(ply, ply % 2, [1], "", [2], "", 0.5, 0.5 - loss, 0.5, loss, grade_, (0.5, 0.5, 0.5))


def test_key_moments_are_three_to_five_largest_losses_in_game_order() -> None:
    result = Review("caylus", 2, 0, 10, False)
    result.judgements = [
        judgement(p, loss, g)
        for p, loss, g in [
            (0, 0.01, "good"),
            (1, 0.3, "blunder"),
            (2, 0.0, "best"),
            (3, 0.05, "inaccuracy"),
            (4, 0.2, "blunder"),
            (5, 0.02, "good"),
            (6, 0.12, "mistake"),
            (7, 0.11, "mistake"),
        ]
    ]
    assert [j.ply for j in result.key_moments()] == [1, 4, 6, 7]
    result.judgements = result.judgements[:4]
    assert [j.ply for j in result.key_moments()] == [0, 1, 3]


@pytest.mark.slow
def test_passing_with_workers_and_money_left_is_a_mistake_or_a_blunder() -> None:
    # rules: Caylus, phase 2 (placing workers): passing ends the seat's placements for the turn
    state = new_game("caylus", 2, 3)
    bots = [make_agent("heuristic", "caylus", i) for i in range(2)]
    while len(state.history) < 40:
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    seat = state.current_player
    assert seat is not None
    labels = {a.label: a.id for a in state.legal_actions()}
    view = state.view(seat)
    mine = view["players"][seat]
    assert mine["workers_at_home"] >= 2 and mine["deniers"] >= 2
    record = state.record()
    record["actions"].append(labels["pass"])
    judged = judge(record, Decision(40, seat, (labels["pass"],)), budget=150, omniscient=False)
    assert judged.grade in ("mistake", "blunder")
    assert judged.loss >= 0.08
    assert judged.best != [labels["pass"]]


@pytest.mark.slow
def test_a_review_is_the_same_every_time_and_in_parallel() -> None:
    record = heuristic_record("caylus1303", 2, 5, 4)
    once = review(record, budget=20)
    again = review(record, budget=20, jobs=2)
    assert once.to_json() == again.to_json()
    assert len(once.judgements) == len(decisions(record)[0])


def write(tmp_path: Path, record: dict[str, Any]) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.slow
def test_the_command_prints_json_for_one_seat(tmp_path: Path) -> None:
    path = write(tmp_path, heuristic_record("builders", 2, 6, 12))
    result = runner.invoke(app, ["review", str(path), "--seat", "0", "--budget", "200", "--json", "-q"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["game"] == "builders" and doc["budget"] == 200
    assert doc["decisions"] and all(d["seat"] == 0 for d in doc["decisions"])
    for d in doc["decisions"]:
        assert 0 <= d["before"] <= 1 and 0 <= d["after"] <= 1 and 0 <= d["after_best"] <= 1
        assert d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert d["played_text"] and d["best_text"]
    assert set(doc["accuracy"]) == {"0", "1"} and doc["accuracy"]["1"] is None


def test_the_command_says_how_long_before_it_starts_and_shows_a_table(tmp_path: Path) -> None:
    path = write(tmp_path, heuristic_record("caylus1303", 2, 7, 3))
    result = runner.invoke(app, ["review", str(path), "--budget", "5", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "Reviewing" in result.stderr and "about" in result.stderr
    assert "Accuracy" in result.stdout and "seat 0" in result.stdout


@pytest.mark.slow
def test_the_command_passes_pairs_to_the_review(tmp_path: Path) -> None:
    record = heuristic_record("caylus1303", 2, 13, 4)
    path = write(tmp_path, record)
    args = ["review", str(path), "--seat", "1", "--budget", "20", "--jobs", "1", "--json", "-q"]
    for pairs in (0, 2):
        result = runner.invoke(app, [*args, "--pairs", str(pairs)])
        assert result.exit_code == 0, result.output
        doc = json.loads(result.stdout)
        expected = review(load_record(record).record(), seat=1, budget=20, pairs=pairs).to_json()
        assert doc["decisions"], "seat 1 has no decision in the record"
        assert doc["pairs"] == pairs and doc["decisions"] == json.loads(json.dumps(expected["decisions"]))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "5"], "--seat must be from 0 to 1"),
        (["--budget", "0"], "--budget must be at least 1"),
        (["--jobs", "0"], "--jobs must be at least 1"),
        (["--pairs", "-1"], "--pairs must be at least 0"),
    ],
)
def test_the_command_refuses_bad_options(tmp_path: Path, args: list[str], message: str) -> None:
    path = write(tmp_path, heuristic_record("caylus", 2, 1, 2))
    result = runner.invoke(app, ["review", str(path), *args])
    assert result.exit_code == 2
    assert message in result.stderr and "Traceback" not in result.output


def test_the_command_refuses_a_bad_record(tmp_path: Path) -> None:
    missing = runner.invoke(app, ["review", str(tmp_path / "none.json")])
    assert missing.exit_code == 2 and "No such file" in missing.stderr
    bad = write(tmp_path, {"game": "caylus", "players": 2, "seed": 1, "actions": [99999]})
    refused = runner.invoke(app, ["review", str(bad)])
    assert refused.exit_code == 2 and len(refused.stderr.strip().splitlines()) == 1


def test_omniscient_review_searches_the_real_deal() -> None:
    # rules: The Builders: Middle Ages, setup: the worker and building decks are shuffled face down
    record = heuristic_record("builders", 2, 9, 20)
    decision = decisions(record)[0][-1]
    fair = judge(record, decision, budget=300, omniscient=False)
    seen = judge(record, decision, budget=300, omniscient=True)
    for judged in (fair, seen):
        assert judged.ply == decision.ply and judged.played == list(decision.played)
        expected = 0.0 if judged.grade == "best" else max(0.0, judged.after_best - judged.after)
        assert judged.loss == pytest.approx(expected, abs=2e-4)
        assert all(0 <= c <= 1 for c in (judged.before, judged.after, judged.after_best))
    again = judge(record, decision, budget=300, omniscient=True)
    assert again == seen


def test_another_opinion_searches_the_same_decision_with_other_seeds() -> None:
    # rules: The Builders: Middle Ages, setup: the worker and building decks are shuffled face down
    record = heuristic_record("builders", 2, 9, 20)
    decision = decisions(record)[0][-1]
    first = judge(record, decision, budget=300, omniscient=False)
    assert judge(record, decision, budget=300, omniscient=False, salt=0) == first
    others = [judge(record, decision, budget=300, omniscient=False, salt=k) for k in (1, 2)]
    for other in others:
        assert other.ply == first.ply and other.played == first.played
        assert all(0 <= c <= 1 for c in (other.before, other.after, other.after_best))
    assert any(other.values != first.values for other in others)  # the deals sampled are not the same
    assert judge(record, decision, budget=300, omniscient=False, salt=1) == others[0]


def test_paired_values_share_their_luck() -> None:
    # rules: Caylus 1303, phase 2 (placing workers): a move's paired samples differ only by the move
    record = heuristic_record("caylus1303", 2, 12, 6)
    state = load_record(record)
    moves = [(a,) for a in state.legal_action_ids()[:2]]
    search = ReviewSearch("caylus1303", 5, budget=10)
    search.vary_rollouts()
    same = search.compare(state, [moves[0], moves[0]], pairs=2)
    assert same[0] == same[1] and 0 <= same[0] <= 1
    values, margins = ReviewSearch("caylus1303", 5, budget=10).compare_margins(state, [moves[0]] * 2, 2)
    assert values[0] == values[1] and margins[0] == margins[1]
    again = ReviewSearch("caylus1303", 5, budget=10)
    again.vary_rollouts()
    assert again.compare(state, [moves[0], moves[0]], pairs=2) == same


@pytest.mark.slow
def test_a_paired_reevaluation_grades_by_its_own_values() -> None:
    record = heuristic_record("caylus1303", 2, 13, 8)
    decision = decisions(record)[0][-1]
    judged = judge(record, decision, budget=20, omniscient=False, pairs=2)
    assert judged == judge(record, decision, budget=20, omniscient=False, pairs=2)
    assert judged.margin_loss >= 0 and (judged.grade != "best" or judged.margin_loss == 0)
    if judged.grade != "best":
        assert judged.values[1:] == (judged.after, judged.after_best)  # no calibration map: value = chance
        assert judged.loss == pytest.approx(max(0.0, judged.after_best - judged.after), abs=2e-4)
