"""Caylus 1303 in Chromium: seat 0 alone in one browser, seats 1 and 2 in another (hotseat). The character
draft and the first delivery are clicked; seat 0's page never receives the others' prestige."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, give_tokens, play_script, shoot, states_of

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

SEED = 1
# rules: Caylus 1303, set-up (each player takes a character), round phases (planning, activation, delivery).
# Found with the heuristic bots; the last move is seat 0's delivery of a bundle.
SCRIPT = [40, 43, 42, 31, 9, 12, 3, 10, 8, 13, 31, 5, 0, 0, 0, 2, 44, 38, 47, 74, 1, 1, 1, 51, 102]


def test_caylus1303_draft_and_delivery(server: Server, new_context: Any, artifacts: Path) -> None:
    human = {"kind": "human"}
    created = create_game(server, "caylus1303", SEED, [human, human, human], join=[0, 1, 2])
    tokens = created["tokens"]
    mine, theirs = new_context(), new_context()
    give_tokens(mine, server, created["id"], {"0": tokens["0"]})
    give_tokens(theirs, server, created["id"], {"1": tokens["1"], "2": tokens["2"]})
    page0 = mine.new_page()
    received = states_of(page0)
    page0.goto(f"{server.url}/play/{created['id']}")
    others = theirs.new_page()
    others.goto(f"{server.url}/play/{created['id']}")
    page0.wait_for_selector("body[data-ready='1']")
    others.wait_for_selector("body[data-ready='1']")

    pages = {0: page0, 1: others, 2: others}
    state = play_script(pages, "caylus1303", SEED, SCRIPT[:3])  # the draft: seats 2, 1, 0 pick
    log = {entry["ply"]: entry for message in received for entry in message["log"]}
    assert [log[ply]["seat"] for ply in range(3)] == [2, 1, 0]  # rules: the last player picks first
    # Seat 0 is to move: the decision in words, the board's places glow.
    assert page0.locator("#mb-decision").inner_text().strip()
    assert page0.locator("#mb-board [data-action]").count() > 0
    assert others.locator("#mb-board [data-action]").count() == 0  # seats 1 and 2 wait
    shoot(page0, artifacts, "caylus1303-table")
    state = play_script(pages, "caylus1303", SEED, SCRIPT, start=3)
    assert state.action_label(0) is not None and state.history == SCRIPT
    assert "deliver" in page0.locator("#mb-log").inner_text()

    # Hidden information: seat 0 sees its own prestige, never the others' (rules: Caylus 1303, prestige is
    # kept face down until the end).
    assert received
    for message in received:
        assert message["seat"] == 0
        players = message["view"]["players"]
        assert isinstance(players[0]["prestige"], int)
        assert players[1]["prestige"] is None and players[2]["prestige"] is None
    hidden = page0.locator('#mb-scoreboard tr[data-seat="1"]').inner_text()
    assert "hidden" in hidden
    assert str(state.scores()[1]) not in page0.locator('#mb-scoreboard tr[data-seat="1"] td.num').inner_text()
