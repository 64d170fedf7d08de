"""BuildersState.integrity_problem() and the JSON of a Builders state (docs/state-json.md)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from masterbuilder import State
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.data import BUILDINGS, PRODUCES
from masterbuilder.games.builders.state import EMPTY, BuildersState
from tests.builders.helpers import building, fresh, give_completed, give_site

Edit = Callable[[BuildersState], None]


def _dup_building(s: BuildersState) -> None:
    s._bdeck[0] = s._brow[0]


def _dup_worker(s: BuildersState) -> None:
    s._free[0].append(s._wrow[0])


def _lost_building(s: BuildersState) -> None:
    s._bdeck.pop(0)


def _lost_worker(s: BuildersState) -> None:
    s._free[1].clear()


def _negative_coins(s: BuildersState) -> None:
    s._coins[1] = -3


def _points_mismatch(s: BuildersState) -> None:
    s._points[0] = 4


def _unbuilt_machine_worker(s: BuildersState) -> None:
    s._free[0].append(42)  # the Small Crane works only once built


def _crew_on_a_row_building(s: BuildersState) -> None:
    w = s._wdeck.pop(0)
    s._crew[s._brow[0]] = (w,)


def _pending_not_free(s: BuildersState) -> None:
    s._pending = s._wrow[0]


def _row_too_long(s: BuildersState) -> None:
    s._brow.append(EMPTY)


def _seat_out_of_range(s: BuildersState) -> None:
    s._seat = s.num_players


def _negative_actions(s: BuildersState) -> None:
    s._actions = -1


def _empty_slot_while_the_deck_has_cards(s: BuildersState) -> None:
    s._bdeck.append(s._brow[2])
    s._brow[2] = EMPTY


def _over_in_the_middle_of_a_round(s: BuildersState) -> None:
    s._over = True
    s._seat = (s._first + 1) % s.num_players


def _sent_to_a_building_of_nobody(s: BuildersState) -> None:
    s._sent[s._brow[0]] = 1


@pytest.mark.parametrize(
    "edit",
    [
        _empty_slot_while_the_deck_has_cards,
        _over_in_the_middle_of_a_round,
        _sent_to_a_building_of_nobody,
        _dup_building,
        _dup_worker,
        _lost_building,
        _lost_worker,
        _negative_coins,
        _points_mismatch,
        _unbuilt_machine_worker,
        _crew_on_a_row_building,
        _pending_not_free,
        _row_too_long,
        _seat_out_of_range,
        _negative_actions,
    ],
)
def test_integrity_problems_are_found_and_refused_by_from_json(edit: Edit) -> None:
    s = fresh(3, 8)
    assert s.integrity_problem() is None
    edit(s)
    assert s.integrity_problem() is not None
    with pytest.raises(ValueError, match=r"inconsistent|State JSON field"):
        State.from_json(s.to_json())


def _machine_worker_of_another_seat(s: BuildersState) -> None:
    give_completed(s, 0, building("Small Crane"))
    s._free[0].remove(42)
    s._free[1].append(42)


def _built_machine_worker_back_in_the_deck(s: BuildersState) -> None:
    give_completed(s, 0, building("Small Crane"))
    s._free[0].remove(42)
    s._wdeck.insert(0, 42)


def _site_already_fully_supplied(s: BuildersState) -> None:
    b = s._bdeck.pop(0)
    crew: list[int] = []
    have = [0, 0, 0, 0]
    while any(have[r] < BUILDINGS[b].requires[r] for r in range(4)):
        w = s._wdeck.pop()
        crew.append(w)
        have = [have[r] + PRODUCES[w][r] for r in range(4)]
    s._sites[0].append(b)
    s._crew[b] = tuple(crew)
    s._have[b] = (have[0], have[1], have[2], have[3])


@pytest.mark.parametrize(
    "edit",
    [_machine_worker_of_another_seat, _built_machine_worker_back_in_the_deck, _site_already_fully_supplied],
)
def test_integrity_catches_impossible_placements(edit: Edit) -> None:
    s = fresh(2, 8)
    edit(s)
    assert s.integrity_problem() is not None


def test_state_json_fields() -> None:
    # docs/state-json.md: the "state" object of a Builders game
    s = fresh(2, 0)
    state = json.loads(s.to_json())["state"]
    assert set(state) == {
        "building_deck",
        "building_row",
        "worker_deck",
        "worker_row",
        "coins",
        "points",
        "free",
        "sites",
        "done",
        "crew",
        "seat",
        "actions",
        "sent",
        "pending",
        "first",
        "final_round",
        "over",
        "turns",
    }
    assert state["building_deck"][-1] == s.view(None)["building_deck_top"]  # the top card is the last
    assert state["worker_deck"][-1] == s._wdeck[-1]
    assert state["pending"] == EMPTY and state["crew"] == {} and state["sent"] == {}
    assert state["seat"] == state["first"] == s.current_player
    seat = state["seat"]
    chapel = building("Chapel")
    give_site(s, seat, chapel, crew=[6])
    apprentice = s.free_workers(seat)[0]
    s.apply(A.SEND + apprentice)
    assert json.loads(s.to_json())["state"]["pending"] == apprentice
    s.apply(A.TO + chapel)
    state = json.loads(s.to_json())["state"]
    assert state["crew"] == {str(chapel): [6, apprentice]}
    assert state["sent"] == {str(chapel): 1} and state["actions"] == 2 and state["pending"] == EMPTY
    assert state["sites"][seat] == [chapel] and state["free"][seat] == []
