"""Caylus 1303 states through to_json/from_json (and clone) in the middle of a phase, in the rare moments
random games seldom reach, and malformed or inconsistent state JSON, which State.from_json must refuse with
ValueError (core/state.py: "Malformed input raises ValueError"; docs/state-json.md: "describes an
inconsistent state (a card in two places or in none, ...) raises ValueError").
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from masterbuilder import State, new_game
from masterbuilder.games.caylus1303.data import TILES, Char
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
)
from tests.caylus1303.helpers import (
    BLUE,
    GREEN,
    RED,
    activation,
    administration,
    check,
    delivery,
    fresh,
    give,
    pending,
    planning,
    put,
    residence,
    site_worker,
    slot,
    tile,
    worker,
)


def round_trip(s: Caylus1303State) -> Caylus1303State:
    text = s.to_json()
    loaded = State.from_json(text, replay=False)
    assert isinstance(loaded, Caylus1303State)
    assert loaded == s and loaded.to_json() == text
    assert loaded.legal_action_ids() == s.legal_action_ids()
    assert pending(loaded) == pending(s)
    assert loaded.prompt() == s.prompt()
    for seat in [None, *range(s.num_players)]:
        assert loaded.view(seat) == s.view(seat)
    return loaded


def same_future(a: Caylus1303State, b: Caylus1303State, seed: int = 3) -> None:
    """Both states go on identically under the same random player until their tasks run out."""
    for state in (a, b):
        rng = random.Random(seed)
        while state.legal_action_ids():
            state.apply(rng.choice(state.legal_action_ids()))
    assert a.to_json() == b.to_json()


def check_mid_phase(s: Caylus1303State) -> None:
    """JSON round-trips here, the copy goes on like the original, and a clone is independent of both."""
    check(s)
    before = s.to_json()
    loaded = round_trip(s)
    clone = s.clone()
    same_future(loaded, clone)
    assert s.to_json() == before  # playing the clone left the original alone
    same_future(s, round_trip(s), seed=4)


# ---- round trips in the middle of a phase -------------------------------------------------------------


def test_during_the_draft() -> None:
    # rules: Caylus 1303, "Spielaufbau": the draft pool (players + 3) exists only before round 1
    s = new_game("caylus1303", players=4, seed=9)
    assert isinstance(s, Caylus1303State)
    assert (pending(s) or (-1,))[0] == D_DRAFT
    assert len(s.draft_pool) == 7 and s.round == 0
    loaded = round_trip(s)
    assert isinstance(loaded, Caylus1303State) and loaded.draft_pool == s.draft_pool
    s.apply(s.legal_action_ids()[0])
    check_mid_phase(s)


def test_waiting_for_the_early_riser() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Frühaufsteher
    s = fresh(3, chars={RED: [Char.EARLY_RISER]}, first=GREEN)
    planning(s)
    assert pending(s) == (D_EARLY, RED)
    check_mid_phase(s)


def test_with_the_journeymans_second_worker_on_a_building() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Die Händlerin: two workers on one building
    s = fresh(2, chars={RED: [Char.JOURNEYMAN]}, first=BLUE)
    planning(s)
    s.apply("place 6")
    s.apply("place 6")
    assert s.workers_at(6) == [BLUE, RED] and s.journeyman_used
    assert pending(s) == (D_PLACE, BLUE)
    loaded = round_trip(s)
    assert loaded.workers_at(6) == [BLUE, RED] and loaded.journeyman_used
    check_mid_phase(s)


def test_after_a_pass_with_the_extra_worker_due() -> None:
    # rules: Caylus 1303, phase 1 c): the passing order and the extra worker
    s = fresh(3, chars={GREEN: [Char.NIGHT_WORKER]}, first=BLUE)
    planning(s)
    s.apply("pass")
    s.apply("place 3")
    loaded = round_trip(s)
    assert loaded.passing_order == [BLUE] and loaded.placement_cost(GREEN) == 1
    assert loaded.placement_cost(RED) == 2
    check_mid_phase(s)


def test_paying_the_any_resource_part_of_a_building() -> None:
    # rules: Caylus 1303, "c) Zimmermann": the cost symbol "any resource"; the tile is placed after payment
    s = fresh(2)
    s._supply = [0] * len(TILES)
    s._supply[tile("tailor")] = 1
    worker(s, 3, BLUE)
    give(s, BLUE, wood=1, stone=1, cloth=1)
    activation(s)
    s.apply("build tailor")
    assert pending(s) == (D_PAY, BLUE)
    assert s.tile_at(15) is None  # not placed yet
    check_mid_phase(s)


def test_on_the_bridge_and_with_a_pending_effect() -> None:
    # rules: Caylus 1303, phase 2 e) Gildenbrücke, then the buildings after it
    s = fresh(3)
    s._passed = [GREEN, RED, BLUE]
    put(s, 7, "start_market_1")
    worker(s, 7, BLUE)
    activation(s)
    assert pending(s) == (D_BRIDGE, GREEN)
    s.apply("provost +1")
    check_mid_phase(s)
    s2 = fresh(3)
    put(s2, 7, "start_market_1")
    worker(s2, 7, BLUE)
    activation(s2)
    assert pending(s2) == (D_EFFECT, BLUE, tile("start_market_1"), 1)
    check_mid_phase(s2)


def test_after_a_slot_favour_waiting_for_the_board_character() -> None:
    # rules: Caylus 1303, "Gunst": the optional board character after a construction-site tile
    s = fresh(2, chars={RED: [Char.THIEF]}, board=[Char.FOREMAN, Char.GOLDSMITH])
    slot(s, 0, "start_quarry")
    worker(s, 1, BLUE)
    give(s, BLUE, wood=1)
    activation(s)
    s.apply("yes")
    s.apply("slot 1")
    assert pending(s) == (D_BOARD_CHAR, BLUE)
    check_mid_phase(s)


def test_when_the_deliveryman_delivers_last() -> None:
    # rules: Caylus 1303, "Die Charaktere" — Der Fuhrmann
    s = fresh(2, chars={RED: [Char.DELIVERYMAN], BLUE: [Char.GOLDSMITH]})
    site_worker(s, BLUE)
    give(s, BLUE, food=1, wood=1, gold=1)
    give(s, RED, food=2, wood=2, stone=2)
    delivery(s)
    s.apply("bundle food+wood+gold")
    assert s.goldsmith_used and s.bundles_delivered(BLUE) == 1
    assert pending(s) == (D_DELIVER, RED, 1)
    loaded = round_trip(s)
    assert loaded.goldsmith_used and loaded.site == [BLUE]
    check_mid_phase(s)


def test_while_replacing_residences_with_monuments() -> None:
    # rules: Caylus 1303, phase 4 2): residence by residence along the road
    s = fresh(2)
    residence(s, 6, BLUE)
    residence(s, 9, RED)
    give(s, BLUE, wood=1, gold=2, stone=1)
    give(s, RED, wood=1, gold=1)
    administration(s)
    assert pending(s) == (D_MONUMENT, BLUE, 6)
    check_mid_phase(s)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_at_the_end_of_a_game(players: int) -> None:
    s = new_game("caylus1303", players=players, seed=players)
    rng = random.Random(players)
    while not s.is_terminal:
        s.apply(rng.choice(s.legal_action_ids()))
    loaded = State.from_json(s.to_json(), replay=False)
    assert loaded == s and loaded.is_terminal and loaded.winners() == s.winners()
    assert loaded.scores() == s.scores() and loaded.view(0) == s.view(0)


def test_the_event_log_is_not_part_of_the_state() -> None:
    s = fresh(2, chars={RED: [Char.EARLY_RISER]})
    planning(s)
    plain = s.to_json()
    s.log_events()
    assert s.to_json() == plain
    s.apply("place 6")
    assert not State.from_json(s.to_json(), replay=False).logs_events  # type: ignore[attr-defined]


# ---- malformed and inconsistent JSON ---------------------------------------------------------------------


Edit = Callable[[dict[str, Any]], None]


def mid_game() -> Caylus1303State:
    """A 3-player game in round 1 with workers on the road and at the site."""
    s = new_game("caylus1303", players=3, seed=5)
    assert isinstance(s, Caylus1303State)
    rng = random.Random(2)
    while s.round == 0 or s.phase != 1 or sum(s.workers_on_board(p) for p in range(3)) < 4:
        s.apply(rng.choice(s.legal_action_ids()))
    return s


def corrupt(edit: Edit) -> str:
    doc = json.loads(mid_game().to_json())
    edit(doc["state"])
    return json.dumps(doc)


def setter(field: str, value: Any) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        state[field] = value

    return edit


def item(field: str, index: int, value: Any) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        state[field][index] = value

    return edit


def _res(seat: int, index: int, value: Any) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        state["res"][seat][index] = value

    return edit


def _one_more_camp_worker(state: dict[str, Any]) -> None:
    state["camp"][0] += 1  # 16 workers of colour 0


def _sixteen_in_supply(state: dict[str, Any]) -> None:
    state["hand"][1] = 16
    state["camp"][1] = 0


def _res_of_four(state: dict[str, Any]) -> None:
    state["res"][0] = state["res"][0][:4]


def _drop(field: str) -> Edit:
    def edit(state: dict[str, Any]) -> None:
        del state[field]

    return edit


def _tile_twice(state: dict[str, Any]) -> None:
    state["road"][20] = state["road"][6]  # the same start tile on two road spaces


def _slot_tile_on_road(state: dict[str, Any]) -> None:
    state["road"][20] = state["slots"][0]


def _built_and_in_supply(state: dict[str, Any]) -> None:
    state["supply"][state["road"][14]] = 1  # the wood building on the road is still in the supply


def _worker_on_bridge(state: dict[str, Any]) -> None:
    seat = 0
    state["w1"][5] = seat
    state["hand"][seat] -= 1


def _owner_of_empty_space(state: dict[str, Any]) -> None:
    seat = 0
    state["owner"][25] = seat
    state["houses"][seat] -= 1


def _wrong_task_size(state: dict[str, Any]) -> None:
    state["stack"][-1] = [*state["stack"][-1], 0]


MALFORMED: dict[str, Edit] = {
    # wrong shapes and types
    "res not a list": setter("res", 5),
    "res of 4": _res_of_four,
    "res as text": setter("res", "abc"),
    "pp per seat": item("pp", 0, [1]),
    "pp missing a seat": setter("pp", [0, 0]),
    "road too short": setter("road", [-1] * 28),
    "two slots": setter("slots", [5, 14]),
    "eleven characters": setter("chars", [-1] * 11),
    "a float": _res(0, 1, 1.5),
    "a bool for a number": _res(0, 1, True),
    "over as a number": setter("over", 1),
    "a missing field": _drop("road"),
    "a stack of text": setter("stack", "x"),
    "an unknown task": setter("stack", [[999]]),
    "a task of the wrong size": _wrong_task_size,
    "an empty stack mid-game": setter("stack", []),
    # impossible values
    "negative resources": _res(1, 0, -1),
    "negative prestige": item("pp", 2, -3),
    "16 workers in supply and camp": _one_more_camp_worker,
    "16 workers in the supply": _sixteen_in_supply,
    "a tile id past the table": item("road", 20, len(TILES)),
    "a slot tile id past the table": item("slots", 2, 99),
    "a negative tile id": item("slots", 0, -2),
    "a seat out of range": item("owner", 7, 3),
    "a character held by seat 3 of 3": item("chars", 0, 3),
    "the provost off the road": setter("provost", 40),
    "the provost behind the bridge": setter("provost", 4),
    "round 10": setter("round", 10),
    "eleven houses": item("houses", 0, 10),
    "two site workers of one seat": setter("site", [0, 0]),
    "first player out of range": setter("first", 3),
}

INCONSISTENT: dict[str, Edit] = {
    "phase out of range": setter("phase", 9),  # view() then fails with an IndexError
    "a tile on two road spaces": _tile_twice,
    "a construction-site tile also on the road": _slot_tile_on_road,
    "a road building still in the supply": _built_and_in_supply,
    "a worker on the Guilds Bridge": _worker_on_bridge,
    "an owner of an empty space": _owner_of_empty_space,
    "negative bundles": item("bundles", 0, -1),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_malformed_state_json_is_refused(name: str) -> None:
    text = corrupt(MALFORMED[name])
    with pytest.raises(ValueError):
        State.from_json(text)


@pytest.mark.parametrize("name", sorted(INCONSISTENT))
def test_inconsistent_state_json_is_refused(name: str) -> None:
    # docs/state-json.md: "describes an inconsistent state (a card in two places or in none, ...) raises
    # ValueError"; the phase is 0-5 (docs/state-json.md, Caylus 1303 table)
    text = corrupt(INCONSISTENT[name])
    with pytest.raises(ValueError):
        State.from_json(text)


def test_the_unchanged_document_loads() -> None:
    s = mid_game()
    assert State.from_json(corrupt(lambda state: None)) == s


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{",
        '{"format": 1}',
        json.dumps({"format": 2, "game": "caylus1303"}),
    ],
)
def test_not_a_state_document(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_json(text)


def test_a_pending_decision_without_a_real_choice_is_refused() -> None:
    # docs/rules-notes.md D17: a decision with a single legal action is never left waiting
    doc = json.loads(mid_game().to_json())
    seat = doc["state"]["stack"][-1][1]
    doc["state"]["stack"][-1] = [D_PLACE, seat]
    doc["state"]["hand"][seat] = 0
    doc["state"]["camp"][seat] += json.loads(mid_game().to_json())["state"]["hand"][seat]
    with pytest.raises(ValueError):
        State.from_json(json.dumps(doc))
