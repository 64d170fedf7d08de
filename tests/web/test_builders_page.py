"""A whole game of The Builders against two bots, played only by clicking in Chromium (seat 0's moves are
chosen by the greedy bot on a copy of the game kept from the log, then clicked on the board or the panel)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from tests.web.conftest import Server, click_action, shoot, states_of, target, wait_ply

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

SEED = 11


def mirror(game: str, players: int, seed: int, log: dict[int, str]) -> Any:
    state = new_game(game, players=players, seed=seed)
    for ply in range(len(log)):
        state.apply(log[ply])
    return state


def test_a_whole_builders_game_by_clicking(server: Server, new_context: Any, artifacts: Path) -> None:
    page = new_context().new_page()
    received = states_of(page)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    shoot(page, artifacts, "lobby")
    # The create form: seat 0 is me, seats 1 and 2 random bots, a fixed seed.
    page.select_option("#c-game", "builders")
    page.select_option("#c-players", "3")
    page.fill("#my-name", "Ann")
    for seat in (1, 2):
        page.select_option(f'[data-seat-kind="{seat}"]', "bot")
        page.select_option(f'[data-seat-bot="{seat}"]', "random")
    page.fill("#c-seed", str(SEED))
    page.click("#create button[type=submit]")
    page.click("#created-open a")
    page.wait_for_selector("body[data-ready='1']")

    agent = make_agent("greedy:fast", "builders", 1)
    log: dict[int, str] = {}
    moves = 0
    seen = 0
    deadline = time.monotonic() + 120
    while True:
        page.wait_for_timeout(20)
        assert time.monotonic() < deadline, page.locator("#mb-message").inner_text()
        for message in received[seen:]:
            for entry in message["log"]:
                log[entry["ply"]] = entry["label"]
        seen = len(received)
        if not received:
            continue
        last = received[-1]
        if last["status"] == "finished":
            break
        if last["to_move"] != 0 or not last["legal"] or len(log) != last["ply"]:
            continue
        wait_ply(page, last["ply"])
        state = mirror("builders", 3, SEED, log)
        assert state.current_player == 0
        assert sorted(a["id"] for a in last["legal"]) == state.legal_action_ids()
        action = agent.choose(state)
        count = len(received)
        if moves % 7 == 3:  # now and then with the keyboard: the element is focusable, Enter acts
            page.locator(target(action)).first.focus()
            page.keyboard.press("Enter")
        else:
            click_action(page, action)
        moves += 1
        if moves == 12:
            wait_ply(page, last["ply"] + 1)
            shoot(page, artifacts, "builders-table")
        while len(received) == count:
            page.wait_for_timeout(10)
            assert time.monotonic() < deadline, page.locator("#mb-message").inner_text()
        assert moves < 200
    page.wait_for_selector("#mb-result:not(.hidden) .breakdown")
    page.wait_for_selector("#mb-chart svg polyline")
    assert page.locator("#mb-chart svg polyline").count() == 3
    assert page.locator("#mb-breakdown tbody tr").count() == 3
    final = mirror("builders", 3, SEED, log)
    assert final.is_terminal and received[-1]["result"]["scores"] == final.scores()
    assert page.locator("#mb-decision").inner_text() == "The game is over."
    # The log recaps what the others did since my last move.
    assert page.locator("#mb-log li.since, #mb-log li.mine").count() > 0
    shoot(page, artifacts, "builders-end")

    # A rematch: same seats and bots, a new seed, my seat taken for me.
    old = page.url
    page.click("#mb-rematch")
    page.wait_for_url(lambda url: url != old and "/play/" in url)
    page.wait_for_selector("body[data-ready='1']")
    rematch = server.get("/api/games/" + page.url.rsplit("/", 1)[1])
    seats = [(s["kind"], s["bot"]) for s in rematch["seats"]]
    assert seats == [("human", None), ("bot", "random"), ("bot", "random")]
    assert rematch["status"] == "live"
