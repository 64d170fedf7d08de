"""The lobby in Chromium: the two-click start against bots, the lists of games, watching a live game."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server, create_game

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


def test_play_caylus_against_two_bots_in_two_clicks(server: Server, new_context: Any) -> None:
    page = new_context().new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    button = page.locator("[data-quick=caylus]")
    assert button.inner_text() == "Play Caylus against 2 bots"
    page.locator(".quick .card", has=button).locator("input[value=easy]").check()  # click 1: the level
    button.click()  # click 2
    page.wait_for_url("**/play/*")
    page.wait_for_selector("body[data-ready='1']")
    game_id = page.url.rsplit("/", 1)[1]
    summary = server.get(f"/api/games/{game_id}")
    assert summary["status"] == "live" and summary["game"] == "caylus"
    assert [(s["kind"], s["bot"]) for s in summary["seats"]] == [
        ("human", None),
        ("bot", "mcts:easy"),
        ("bot", "mcts:easy"),
    ]
    tokens = page.evaluate(f"JSON.parse(localStorage.getItem('mb:tokens:{game_id}'))")
    assert list(tokens) == ["0"]
    assert "(you)" in page.locator("#mb-scoreboard").inner_text()
    page.wait_for_selector("#mb-board svg")


def test_lists_and_watching_a_live_game(server: Server, new_context: Any) -> None:
    bot = {"kind": "bot", "bot": "random"}
    seats = [{"kind": "human", "name": "Ann"}, bot, bot]
    live = create_game(server, "builders", 4, seats, join=[0])
    waiting = create_game(server, "caylus1303", 4, [{"kind": "human"}, {"kind": "human"}], join=[0])
    page = new_context().new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector(f'tr[data-game="{waiting["id"]}"]')  # "Open" is the first list
    # seat 1 (the API's numbering) is open; people count seats from 1
    assert page.locator(f'tr[data-game="{waiting["id"]}"] a', has_text="Join as seat 2").count() == 1
    page.click("#tabs [data-status=live]")
    row = page.locator(f'tr[data-game="{live["id"]}"]')
    row.wait_for()
    assert "Ann" in row.inner_text()
    row.locator("a", has_text="Watch").click()
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#mb-board svg")
    assert page.locator("#mb-board [data-action]").count() == 0  # a spectator has no moves
    assert "(you)" not in page.locator("#mb-scoreboard").inner_text()
    assert page.locator("#mb-decision").inner_text().startswith("Waiting for")
