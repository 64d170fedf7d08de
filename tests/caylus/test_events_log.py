"""The Caylus event log: what the automatic steps did, recorded by the engine when asked to."""

from __future__ import annotations

import random

from masterbuilder import new_game
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import Section
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_CASTLE, D_PLACE
from tests.caylus.helpers import (
    BLACK,
    BLUE,
    GREEN,
    ORANGE,
    RED,
    fresh,
    put_castle,
    put_tile,
    run_phases,
    set_cubes,
    set_houses,
    stopped,
)


def _logged(state: CaylusState) -> CaylusState:
    state.log_events()
    return state


def test_the_log_is_off_by_default_and_records_nothing() -> None:
    s = fresh(3, order=[0, 1, 2])
    assert not s.logs_events and s._events is None
    for _ in range(3):
        s.apply("pass")
    while s.turn == 1:
        s.apply("pass")
    assert s._events is None and s.take_events() == []


def test_income() -> None:
    s = _logged(fresh(5))
    for space in range(9, 12):
        put_tile(s, space, "residence", BLACK)
    run_phases(s, 1, 1)
    assert stopped(s)
    assert s.take_events() == [("income", seat, 2) for seat in range(4)] + [("income", BLACK, 5)]
    assert s.take_events() == []  # taken: the log starts again empty


def test_a_new_turn_then_income_after_everybody_passed() -> None:
    s = _logged(fresh(3, order=[0, 1, 2]))
    s.apply("pass")
    events = s.take_events()
    assert events[0] == ("first_pass", 0, 1)  # the chosen pass's own effect is recorded too
    while s.turn == 1:
        s.apply("pass")
        events += s.take_events()
    assert ("bailiff", 6, 7) in events and ("provost_reset", 6, 7) in events
    turn = events.index(("turn", 2, [0, 1, 2]))
    assert events[turn + 1 : turn + 4] == [("income", 0, 2), ("income", 1, 2), ("income", 2, 2)]


def test_castle_penalty_for_a_forced_and_a_chosen_pass() -> None:
    s = _logged(fresh(4, order=[BLUE, RED, GREEN, ORANGE]))
    for seat in range(4):
        set_cubes(s, seat)
    for seat in (RED, GREEN, ORANGE):
        put_castle(s, seat)
    set_cubes(s, ORANGE, 1, 1, 1)
    s._pp[RED], s._pp[GREEN], s._pp[ORANGE] = 5, 1, 4
    run_phases(s, 6, 6)
    assert s.take_events() == [
        ("forced", RED, A.PASS, D_CASTLE),
        ("castle_penalty", RED, 2),
        ("forced", GREEN, A.PASS, D_CASTLE),
        ("castle_penalty", GREEN, 1),
    ]
    s.apply("pass")  # Orange could give a batch but does not
    assert stopped(s)
    assert s.take_events() == [("castle_penalty", ORANGE, 2)]


def test_section_scoring_and_the_bailiff() -> None:
    s = _logged(fresh(4, order=[BLUE, RED, GREEN, ORANGE], favours="simple"))
    s._bailiff, s._provost = 10, 12
    set_houses(s, Section.DUNGEON, {BLUE: 0, RED: 1, GREEN: 2, ORANGE: 3})
    s._pp = [5, 5, 1, 5]
    run_phases(s, 7, 7)
    events = s.take_events()
    assert events[:3] == [("bailiff", 10, 12), ("provost_reset", 12, 12), ("section_scored", Section.DUNGEON)]
    assert events[3:] == [
        ("scoring", Section.DUNGEON, BLUE, -2, 0),
        ("scoring", Section.DUNGEON, GREEN, 0, 1),
        ("scoring", Section.DUNGEON, ORANGE, 0, 1),
        ("favours", GREEN, 1, 3),
        ("favours", ORANGE, 1, 3),
        ("favour_columns_open", 4),
    ]
    assert s.prestige(BLUE) == 3 and s.prestige(GREEN) == 4 and s.prestige(ORANGE) == 8


def test_end_bonus_and_game_over() -> None:
    s = _logged(fresh(3, order=[0, 1, 2], favours="simple"))
    s._scored = [True, True, False]
    s._bailiff = s._provost = 23
    set_houses(s, Section.TOWERS, {0: 1, 1: 1, 2: 1})
    for seat in range(3):
        set_cubes(s, seat, deniers=0)
    set_cubes(s, RED, 0, 0, 0, 0, 1, deniers=4)
    run_phases(s, 7)
    events = s.take_events()
    assert s.is_terminal
    assert events[-4:] == [("end_bonus", 0, 0), ("end_bonus", 1, 4), ("end_bonus", 2, 0), ("game_over", [1])]


def test_forced_passes_in_placement() -> None:
    s = _logged(fresh(3, order=[0, 1, 2]))
    s._deniers[GREEN] = 0
    s.apply("pass")
    events = s.take_events()
    assert events[:1] == [("first_pass", 0, 1)]
    s.apply("pass")  # Red passes; Green has no denier: a pass without a choice
    assert s.take_events()[:1] == [("forced", GREEN, A.PASS, D_PLACE)]


def test_clone_does_not_share_the_log_and_json_leaves_it_out() -> None:
    s = _logged(fresh(3, order=[0, 1, 2]))
    c = s.clone()
    assert c._events is None and not c.logs_events
    c.apply("pass")
    assert c.take_events() == [] and s.take_events() == []
    s.apply("pass")
    assert s.take_events() == [("first_pass", 0, 1)]
    assert "events" not in s.to_json()
    loaded = CaylusState.from_json(s.to_json(), replay=False)
    assert isinstance(loaded, CaylusState) and not loaded.logs_events


def test_logging_does_not_change_the_game() -> None:
    """The same random game with and without the log ends in the same state."""
    for players in (2, 5):
        plain = new_game("caylus", players=players, seed=players)
        logged = new_game("caylus", players=players, seed=players)
        assert isinstance(logged, CaylusState)
        logged.log_events()
        rng = random.Random(players)
        kinds: set[str] = set()
        while not plain.is_terminal:
            action = rng.choice(plain.legal_action_ids())
            plain.apply(action)
            logged.apply(action)
            kinds |= {event[0] for event in logged.take_events()}
        assert logged.to_json() == plain.to_json()
        assert {"income", "bailiff", "section_scored", "scoring", "end_bonus", "game_over"} <= kinds
