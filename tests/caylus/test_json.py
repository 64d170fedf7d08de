"""Caylus states through JSON and clone in the rare situations random games seldom reach (a pending lawyer
transform, a worker waiting on the gate, a favour half taken), and malformed state JSON: State.from_json
must raise ValueError (DESIGN.md, core API: "to_json() / State.from_json(s) round-trips exactly";
core/state.py: "Malformed input raises ValueError").
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from masterbuilder import State
from masterbuilder.games.caylus.data import Special
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_COLUMN, D_GATE
from tests.caylus.helpers import (
    BLUE,
    GREEN,
    RED,
    activate,
    fresh,
    put_special,
    put_tile,
    run_phases,
    set_cubes,
)


def _same_future(a: CaylusState, b: CaylusState, seed: int = 3) -> None:
    """Both states go on identically under the same random player, to the end."""
    for state in (a, b):
        rng = random.Random(seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_action_ids()))
    assert a.to_json() == b.to_json()


def _round_trip(s: CaylusState) -> CaylusState:
    loaded = State.from_json(s.to_json(), replay=False)
    assert isinstance(loaded, CaylusState)
    assert loaded == s and loaded.to_json() == s.to_json()
    assert loaded.legal_action_ids() == s.legal_action_ids() and loaded.prompt() == s.prompt()
    return loaded


def _pending_transform() -> CaylusState:
    s = fresh(4)
    put_tile(s, 9, "lawyer", GREEN)
    put_tile(s, 10, "w_farm_food", GREEN)
    set_cubes(s, GREEN, cloth=1, deniers=5)
    set_cubes(s, BLUE)
    activate(s, {9: GREEN, 10: BLUE})
    s.apply("space 10")
    assert s.pending_transforms == {10: GREEN}
    return s


def test_round_trip_with_a_pending_lawyer_transform() -> None:
    # rules: Caylus, phase 5 b): the paid transform waits for the building's activation; it must survive JSON
    s = _pending_transform()
    loaded = _round_trip(s)
    assert loaded.pending_transforms == {10: GREEN}
    copy = s.clone()
    loaded.apply("cloth")
    copy.apply("cloth")
    s.apply("food")
    assert loaded.tile_at(10) == copy.tile_at(10) == s.tile_at(10) != s.tile_at(9)
    assert loaded.to_json() == copy.to_json() != s.to_json()


def test_round_trip_with_a_worker_waiting_on_the_gate() -> None:
    # rules: Caylus, phase 3 a): the gate's worker is neither home nor on a space until it is moved
    s = fresh(4)
    put_special(s, RED, Special.GATE)
    run_phases(s, 3)
    assert s._stack[-1] == (D_GATE, RED)
    loaded = _round_trip(s)
    _same_future(loaded, s.clone())


def test_round_trip_in_the_middle_of_a_favour() -> None:
    # rules: Caylus, royal favours: the row is chosen, the column not yet
    s = fresh(4)
    put_special(s, GREEN, Special.JOUST)
    set_cubes(s, GREEN, food=1, cloth=1, deniers=1)
    s._favour[GREEN][2] = 1
    run_phases(s, 3)
    s.apply("yes")
    s.apply("row resources")
    assert s._stack[-1] == (D_COLUMN, GREEN, 2)
    loaded = _round_trip(s)
    _same_future(loaded, s.clone())


Edit = Callable[[dict[str, Any]], None]


def _set(field: str, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        doc["state"][field] = value

    return edit


def _set_item(field: str, index: int, value: Any) -> Edit:
    def edit(doc: dict[str, Any]) -> None:
        doc["state"][field][index] = value

    return edit


def _corrupt(edit: Edit) -> str:
    s = fresh(3, 1)
    doc = json.loads(s.to_json())
    edit(doc)
    return json.dumps(doc)


GOOD_REJECTIONS: list[tuple[str, Edit]] = [
    ("an empty stack in a game not over", _set("stack", [])),
    ("a stack that is not a list", _set("stack", 5)),
    ("a decision without its seat", _set_item("stack", -1, [100])),
    ("a decision for seat 7 of 3", _set_item("stack", -1, [100, 7])),
    ("a tile id out of range", _set_item("road", 3, 99)),
    ("a road of 5 spaces", _set("road", [0] * 5)),
    ("cubes that are not numbers", _set("cubes", [["a"] * 5] * 3)),
    ("prestige that is not a number", _set("pp", ["a", "b", "c"])),
    ("a turn order that is not a permutation", _set("order", [0, 0, 1])),
    ("a favour marker on column 9", _set_item("favour", 0, [9, 0, 0, 0])),
    ("a transform on a space that is not a number", _set("transform", {"x": 1})),
    ("negative deniers", _set_item("deniers", 0, -1)),
    ("a seventh worker", _set_item("workers", 0, 7)),
]


@pytest.mark.parametrize(("what", "edit"), GOOD_REJECTIONS, ids=[w for w, _ in GOOD_REJECTIONS])
def test_from_json_rejects_an_inconsistent_state(what: str, edit: Edit) -> None:
    with pytest.raises(ValueError):
        State.from_json(_corrupt(edit))


MALFORMED: list[tuple[str, Edit]] = [
    ("an unknown decision kind on the stack", _set_item("stack", -1, [150, 0])),
    ("a worker of seat 9 on a road space", _set_item("worker", 3, 9)),
    ("a worker of seat 9 on the inn", _set("inn", [9, -1])),
    ("a supply list of the wrong length", _set("supply", [])),
]


@pytest.mark.parametrize(
    ("what", "edit"),
    MALFORMED,
    ids=[what for what, _ in MALFORMED],
)
def test_from_json_rejects_malformed_seats_tasks_and_lengths(what: str, edit: Edit) -> None:
    with pytest.raises(ValueError):
        State.from_json(_corrupt(edit))
