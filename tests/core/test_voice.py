"""describe_action's reader and names on every game: the default is the wording of the seat to act, a
spectator reads every move in the third person, and the wording helpers."""

from __future__ import annotations

import random
import re

import pytest

from masterbuilder import GAMES, new_game
from masterbuilder.core.voice import ACTOR, Voice, seat_name

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def test_seat_names_and_possessives() -> None:
    assert seat_name(2) == "seat 2" and seat_name(1, NAMES) == "Bob" and seat_name(1, ["Ann", ""]) == "seat 1"
    v = Voice(actor=1, reader=0, names=NAMES)
    assert not v.own and v.act("Take 1 {cube}", "{actor} takes 1 {cube}", cube="wood") == "Bob takes 1 wood"
    assert (v.your(), v.your(0), v.your(2)) == ("their", "your", "Cy's")
    assert (v.whose(1), v.whose(0), v.whose(2), v.you()) == ("their own", "yours", "Cy's", "they")
    mine = Voice(actor=1, reader=1)
    assert mine.own and mine.act("Take 1 {cube}", "{actor} takes 1 {cube}", cube="wood") == "Take 1 wood"
    assert mine.whose(1) == "yours"
    assert mine.whose(0) == "seat 0's"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_tells_each_reader(game: str) -> None:
    state = new_game(game, players=3, seed=4)
    rng = random.Random(4)
    steps = 0
    while not state.is_terminal and steps < 300:
        actor = state.current_player
        assert actor is not None
        if steps % 7 == 0:
            for a in state.legal_action_ids():
                own = state.describe_action(a)
                assert own == state.describe_action(a, reader=actor) == state.describe_action(a, ACTOR, ())
                for reader in (None, (actor + 1) % 3):
                    text = state.describe_action(a, reader=reader, names=NAMES)
                    assert text.startswith(NAMES[actor] + " "), text
                    if reader is None:
                        assert not re.search(r"\byou(rs?)?\b", text, re.IGNORECASE), text
        state.apply(rng.choice(state.legal_action_ids()))
        steps += 1


def test_reader_is_checked() -> None:
    state = new_game("builders", players=2, seed=1)
    for bad in (2, -1, "you", True):
        with pytest.raises(ValueError):
            state.describe_action(0, reader=bad)  # type: ignore[arg-type]
