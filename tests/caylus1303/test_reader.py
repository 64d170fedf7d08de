"""A Caylus 1303 move as each seat reads it: the seat that makes it in the second person ('pass: put your
house on the Guilds Bridge'), everyone else in the third ('Ann passes: puts their house on the Guilds
Bridge')."""

from __future__ import annotations

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import Char
from masterbuilder.games.caylus1303.tasks import D_FAVOUR
from tests.caylus1303.helpers import BLUE, GREEN, RED, fresh, planning, put, run

NAMES = ("Ann", "Bob", "Cy")


def test_placements_and_passing_from_each_point_of_view() -> None:
    # rules: Caylus 1303, phase 1 — place a worker on a building (its owner gets 1 PP) or pass
    s = fresh(3, first=BLUE)
    put(s, 15, "wood_farm", GREEN)
    put(s, 16, "wood_quarry", BLUE)
    planning(s)
    green, own = A.place(15), A.place(16)
    assert s.describe_action(A.PASS) == "pass: put your house on the Guilds Bridge"
    assert (
        s.describe_action(A.PASS, reader=RED, names=NAMES)
        == "Ann passes: puts their house on the Guilds Bridge"
    )
    assert s.describe_action(green) == "place a worker on seat 2's Farm (wood) on space 15"
    assert (
        s.describe_action(green, reader=GREEN, names=NAMES)
        == "Ann places a worker on your Farm (wood) on space 15"
    )
    assert (
        s.describe_action(green, reader=RED, names=NAMES)
        == "Ann places a worker on Cy's Farm (wood) on space 15"
    )
    assert s.describe_action(own) == "place a worker on the Quarry (wood) on space 16"
    assert s.describe_action(own, reader=None) == "seat 0 places a worker on their Quarry (wood) on space 16"
    assert s.describe_action(A.SITE, reader=None) == "seat 0 places a worker at the construction site (lot 1)"


def test_a_character_taken_from_the_reader() -> None:
    # rules: Caylus 1303, a favour — take a character from another player
    s = fresh(3, chars={RED: [Char.THIEF]}, first=BLUE)
    run(s, (D_FAVOUR, BLUE))
    thief = A.CHAR + Char.THIEF
    assert thief in s.legal_action_ids()
    assert s.describe_action(thief).startswith("take the Thief from seat 1: ")
    assert s.describe_action(thief, reader=RED).startswith("seat 0 takes the Thief from you: ")
    assert s.describe_action(thief, reader=GREEN, names=NAMES).startswith("Ann takes the Thief from Bob: ")
