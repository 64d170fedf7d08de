"""A Builders move as each seat reads it: the seat that makes it in the second person ('Hire W21, ...'),
everyone else in the third ('Ann hires W21, ...'); a worker's building follows its send."""

from __future__ import annotations

import random

from masterbuilder import new_game
from masterbuilder.games.builders.actions import BUY_ACTION, END_TURN, LABELS, TO

NAMES = ("Ann", "Bob", "Cy")


def test_turn_moves_in_the_third_person() -> None:
    s = new_game("builders", players=3, seed=7)
    actor = s.current_player
    assert actor is not None
    other = (actor + 1) % 3
    name = NAMES[actor]
    assert s.describe_action(END_TURN) == "End the turn"
    assert s.describe_action(END_TURN, reader=other, names=NAMES) == f"{name} ends the turn"
    assert s.describe_action(BUY_ACTION, reader=None) == f"seat {actor} buys an extra action for 5 coins"
    hire = next(a for a in s.legal_action_ids() if LABELS[a].startswith("hire "))
    assert s.describe_action(hire).startswith("Hire W")
    assert s.describe_action(hire, reader=other, names=NAMES).startswith(f"{name} hires W")


def test_the_building_a_worker_is_sent_to() -> None:
    s = new_game("builders", players=2, seed=3)
    rng = random.Random(3)
    while not any(a >= TO for a in s.legal_action_ids()):
        s.apply(rng.choice(s.legal_action_ids()))
    actor = s.current_player
    assert actor is not None
    to = next(a for a in s.legal_action_ids() if a >= TO)
    own = s.describe_action(to)
    assert own.startswith("... to the ")
    assert s.describe_action(to, reader=1 - actor) == f"seat {actor} sends the worker{own[3:]}"
