"""The table page's tools in Chromium: a refused move shows the server's reason (a stale move from a second
tab), the hint highlights the suggested move, undo takes a move back, an invite link lets a friend join."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, click_action, create_game, give_tokens, shoot, wait_ply

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


def open_table(context: Any, server: Server, game_id: str) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/play/{game_id}")
    page.wait_for_selector("body[data-ready='1']")
    return page


def frozen_after_first_state(page: Any) -> None:
    """The page's socket lets through the first state message and every error, then no more states: a tab
    that missed the updates (a slow network, a laptop waking up)."""

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        states = 0

        def from_server(message: Any) -> None:
            nonlocal states
            data = json.loads(message)
            if data.get("type") == "state":
                states += 1
                if states > 1:
                    return
            ws.send(message)

        server.on_message(from_server)
        ws.on_message(lambda message: server.send(message))

    page.route_web_socket("**/ws/games/**", route)


def test_refused_move_hint_and_undo(server: Server, new_context: Any, artifacts: Path) -> None:
    bots = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create_game(server, "builders", 11, bots, join=[0])
    context = new_context()
    give_tokens(context, server, created["id"], created["tokens"])
    first = open_table(context, server, created["id"])
    first.wait_for_selector("#mb-board [data-action]")  # my turn
    ply = int(first.evaluate("document.body.dataset.ply"))
    second = context.new_page()
    frozen_after_first_state(second)
    second.goto(f"{server.url}/play/{created['id']}")
    second.wait_for_selector("#mb-board [data-action]")

    # The hint: the strong bot's move is highlighted and said in words.
    first.click("#mb-hint")
    first.wait_for_selector(".hinted", timeout=30_000)  # mcts:hard: 1.2 s alone, over 10 s under load
    assert "suggests" in first.locator("#mb-message").inner_text()

    # A move in the first tab, then a stale one from the second: refused, with the server's reason.
    action = int(first.locator("#mb-board [data-action]").first.get_attribute("data-action"))
    click_action(first, action)
    wait_ply(first, ply + 1)
    other = int(second.locator("#mb-board [data-action]").last.get_attribute("data-action"))
    click_action(second, other)
    second.wait_for_selector("#mb-message.error")
    reason = second.locator("#mb-message").inner_text()
    assert "not applied" in reason or "turn" in reason, reason
    shoot(second, artifacts, "refused-move")
    # ... and the tab catches up by itself, the reason still shown.
    wait_ply(second, int(first.evaluate("document.body.dataset.ply")))
    assert second.locator("#mb-message").inner_text() == reason

    # Undo takes my move back (every other seat is a bot).
    first.wait_for_selector("#mb-undo:not(.hidden)")
    first.click("#mb-undo")
    wait_ply(first, ply)
    assert first.locator("#mb-board [data-action]").count() > 0


def test_invite_link_lets_a_friend_join(server: Server, new_context: Any) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
    created = create_game(server, "caylus", 2, seats, join=[0])
    assert set(created["invites"]) == {"1"}
    host = new_context().new_page()
    give_tokens(host.context, server, created["id"], created["tokens"])
    host.goto(f"{server.url}/play/{created['id']}")
    host.wait_for_selector("#mb-invites li input")  # the creator's table offers the invite: seat 1 is open
    assert host.locator("#mb-invites input").input_value().endswith(created["invites"]["1"])
    friend = new_context().new_page()
    friend.goto(server.url + created["invites"]["1"])
    friend.wait_for_selector("#mb-join:not(.hidden)")
    friend.fill("#mb-join-name", "Bob")
    friend.click("#mb-join-button")
    friend.wait_for_selector("#mb-join.hidden", state="attached")
    friend.wait_for_selector("body[data-ready='1']")
    assert friend.url.endswith(f"/play/{created['id']}")  # the seat is in this browser now, not in the URL
    summary = server.get(f"/api/games/{created['id']}")
    assert summary["status"] == "live" and summary["seats"][1]["name"] == "Bob"
    assert "Bob" in friend.locator("#mb-scoreboard").inner_text()
    host.wait_for_selector("#mb-invites.hidden", state="attached")  # the game has started for Ann too


def test_the_table_reconnects_by_itself(server: Server, new_context: Any) -> None:
    """The first socket is cut after its first update: the page says so, connects again and carries on."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = create_game(server, "caylus", 6, seats, join=[0])
    context = new_context()
    give_tokens(context, server, created["id"], created["tokens"])
    page = context.new_page()
    sockets = 0

    def route(ws: Any) -> None:
        nonlocal sockets
        sockets += 1
        server_side = ws.connect_to_server()
        first = sockets == 1

        def from_server(message: Any) -> None:
            ws.send(message)
            if first:
                ws.close(code=1012, reason="restarting")

        server_side.on_message(from_server)
        ws.on_message(lambda message: server_side.send(message))

    page.route_web_socket("**/ws/games/**", route)
    page.goto(f"{server.url}/play/{created['id']}")
    page.wait_for_selector("#mb-banner:not(.hidden)")
    assert "reconnecting" in page.locator("#mb-banner").inner_text().lower()
    page.wait_for_selector("#mb-banner.hidden", state="attached")
    page.wait_for_selector("#mb-board [data-action]")  # connected again, and it is my move
    assert sockets == 2


def test_keyboard_only(server: Server, new_context: Any) -> None:
    """Tab reaches the glowing elements, Enter acts, and the focus stays on the board for the next move."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create_game(server, "builders", 11, seats, join=[0])
    context = new_context()
    give_tokens(context, server, created["id"], created["tokens"])
    page = open_table(context, server, created["id"])
    page.wait_for_selector("#mb-board [data-action]")
    ply = int(page.evaluate("document.body.dataset.ply"))
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('#mb-board [data-action]')"):
            break
    else:
        raise AssertionError("Tab never reached a move on the board")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label and page.evaluate("document.activeElement.getAttribute('role')") == "button"
    page.keyboard.press("Enter")
    wait_ply(page, ply + 1)
    page.wait_for_function("document.activeElement.matches('#mb-board [data-action], #mb-panel button')")


def test_an_unknown_token_is_forgotten_and_the_page_watches(server: Server, new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = create_game(server, "caylus", 7, seats, join=[0])
    context = new_context()
    give_tokens(context, server, created["id"], {"0": "not-a-token-of-this-game"})
    page = open_table(context, server, created["id"])
    page.wait_for_selector("#mb-message.error")
    page.wait_for_selector("#mb-board svg")
    assert page.locator("#mb-board [data-action]").count() == 0  # watching, no moves
    assert page.evaluate(f"localStorage.getItem('mb:tokens:{created['id']}')") == "{}"
