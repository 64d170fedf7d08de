"""Caylus in Chromium, hotseat (the three seats in one browser): the first turn of seed 1, clicked move by
move, with a placement on the gate, the gate's move, a provost bribe and a royal favour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, give_tokens, play_script, shoot

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

SEED = 1
# rules: Caylus, phase 2 (placing workers), phase 3 (the gate), phase 4 (the provost), phase 6 (the castle,
# a favour for the best builder). Found with the heuristic bots, seat 0 sent to the gate first.
SCRIPT = [2, 13, 15, 3, 9, 11, 10, 8, 0, 36, 0, 12, 41, 0, 0, 43, 44, 43, 50, 56, 104, 110]


def test_caylus_first_turn_in_hotseat(server: Server, new_context: Any, artifacts: Path) -> None:
    human = {"kind": "human"}
    created = create_game(server, "caylus", SEED, [human, human, human], join=[0, 1, 2])
    context = new_context()
    give_tokens(context, server, created["id"], created["tokens"])
    page = context.new_page()
    page.goto(f"{server.url}/play/{created['id']}")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#mb-seats-switch button").count() == 3  # hotseat: one button per seat held
    labels = []
    from masterbuilder import new_game

    mirror = new_game("caylus", players=3, seed=SEED)
    for action in SCRIPT:
        labels.append(mirror.action_label(action))
        mirror.apply(action)
    assert "gate" in labels and "provost +2" in labels and "row prestige" in labels
    assert labels[11] == "road 5"  # the gate's worker moved to space 5
    state = play_script({0: page, 1: page, 2: page}, "caylus", SEED, SCRIPT[:12])
    assert "provost" in page.locator("#mb-decision").inner_text()
    # Pieces that moved slid from where they were (workers left their homes for the road).
    assert int(page.locator("#mb-board").get_attribute("data-slid") or 0) > 0
    shoot(page, artifacts, "caylus-table")
    state = play_script({0: page, 1: page, 2: page}, "caylus", SEED, SCRIPT, start=12)
    assert state.history == SCRIPT
    # The favour shows in the log, and the board is the one after it.
    assert "favour" in page.locator("#mb-log").inner_text().lower()
    assert page.locator("#mb-board svg").count() == 1

    # A tap on a tile shows its rule text (a mouse also gets it on hover, from the same <title>).
    find = """() => [...document.querySelectorAll("#mb-board svg title")].find(
        (t) => !t.parentElement.closest("[data-action]") && t.parentElement.id.startsWith("road-"))"""
    page.evaluate(f"() => ({find})().parentElement.scrollIntoView({{block: 'center'}})")
    page.wait_for_timeout(300)  # the scroll is over (scrolling hides a tooltip)
    box = page.evaluate(
        f"""() => {{
            const title = ({find})();
            const r = title.parentElement.getBoundingClientRect();
            return {{x: r.left + r.width / 2, y: r.top + r.height / 2, text: title.textContent}};
        }}"""
    )
    page.mouse.click(box["x"], box["y"])
    tooltip = page.locator(".tooltip")
    tooltip.wait_for()
    assert tooltip.inner_text().strip() == box["text"].strip()
    page.keyboard.press("Escape")
    tooltip.wait_for(state="detached")
