"""Issue 30's whole story in a browser, on SQLite and on PostgreSQL: two accounts in two browser contexts play
a turn-based, rated game of The Builders over simulated days (the server's test clock moved ahead); each sees
it in "your games"; one lets their time run out; the other has the bot take that seat; the game ends; both
ratings change and the finished game stays listed for both."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from masterbuilder import new_game
from tests.server.conftest import fresh_pg_database
from tests.server.live import Seen, Server, play, start_server
from tests.web.conftest import click_action, shoot, sign_up, states_of

pytestmark = pytest.mark.slow  # a real server, two browsers, a whole game

DAY = 86400
CLOCK = {"kind": "turn", "bank": DAY, "increment": 4 * 3600, "cap": 2 * DAY, "bot": "random"}  # "fast"
SEED = 5


@pytest.fixture(params=["sqlite", "postgresql"])
def timed_server(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Server, Path]]:
    """A `masterbuilder serve` whose clock is the real one plus the seconds in a file the test writes."""
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    monkeypatch.setenv("MASTERBUILDER_CLOCK_OFFSET_FILE", str(offset))
    monkeypatch.setenv("MASTERBUILDER_CLOCK_CHECK", "0.2")
    urls: Iterator[str] = (
        iter([f"sqlite:///{tmp_path / 'days.db'}"]) if request.param == "sqlite" else fresh_pg_database()
    )
    for url in urls:
        server = start_server(url, tmp_path / "serve.log")
        try:
            yield server, offset
        finally:
            server.kill()


def fetch(page: Any, method: str, path: str, body: Any = None) -> Any:
    """A request from the page (its cookie, its origin), as the pages' own scripts make them."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const r = await fetch(path, {method, headers: {"Content-Type": "application/json"},
                                         body: body === null ? undefined : JSON.stringify(body)});
            return {status: r.status, body: await r.json()};
        }""",
        [method, path, body],
    )


def your_games(page: Any, server: Server) -> dict[str, list[str]]:
    """The "your games" page as the account sees it: the games in each list."""
    page.goto(server.http + "/me")
    page.wait_for_selector("body[data-ready='1']")
    return {
        name: [row.get_attribute("data-game") for row in page.locator(f"#mb-{name} tr[data-game]").all()]
        for name in ("waiting", "open", "live", "finished")
    }


def test_two_accounts_over_days_a_timeout_a_bot_and_ratings(
    timed_server: tuple[Server, Path], new_context: Callable[[], Any], artifacts: Path
) -> None:
    server, offset = timed_server
    suffix = secrets.token_hex(2)
    names = [f"ann{suffix}", f"bob{suffix}"]
    pages = [new_context().new_page(), new_context().new_page()]
    for page, name in zip(pages, names, strict=True):
        sign_up(page, server.http, name)

    # Ann creates the game in the lobby: turn-based ("fast": a day, 4 hours more each turn, up to two days),
    # rated, the other seat kept for Bob by user name
    lobby = pages[0]
    lobby.goto(server.http + "/")
    lobby.wait_for_selector("body[data-ready='1']")
    lobby.select_option("#c-game", "builders")
    lobby.select_option("#c-players", "2")
    lobby.select_option('[data-seat-kind="1"]', "human")
    lobby.fill('[data-seat-invite="1"]', names[1])
    lobby.select_option("#c-time", "fast")
    lobby.select_option("#c-time-bot", "random")
    lobby.fill("#c-seed", str(SEED))
    lobby.check("#c-rated")
    lobby.select_option("#c-chat", "apart")
    shoot(lobby, artifacts, "days-lobby")
    lobby.click("#create button[type=submit]")
    link = lobby.locator("#created-open a")
    link.wait_for()
    game_id = (link.get_attribute("href") or "").rsplit("/", 1)[-1]
    created = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()
    assert created["clock"]["bank"] == CLOCK["bank"] and created["seats"][1]["name"] == names[1], created
    assert created["rated"] is True and created["chat"] == "apart", created
    assert game_id in your_games(pages[1], server)["open"]  # open for Bob
    assert fetch(pages[1], "POST", f"/api/games/{game_id}/seats/1/join", {"name": "Bob"})["status"] == 200

    state = new_game("builders", 2, SEED)
    # two days of play: the seat to move moves after some hours, through its board
    for hours in (5, 10, 9, 8):
        mover = state.current_player
        assert mover is not None
        lists = your_games(pages[mover], server)
        assert game_id in lists["waiting"], lists  # "your move", with the time left
        assert game_id in your_games(pages[1 - mover], server)["live"]
        offset.write_text(str(int(offset.read_text()) + hours * 3600))
        page = pages[mover]
        page.goto(f"{server.http}/play/{game_id}")
        page.wait_for_selector(f"body[data-ply='{len(state.history)}']")
        assert page.locator("#mb-clock li.running").count() == 1
        while state.current_player == mover:  # a turn may take several decisions
            action = state.legal_action_ids()[0]
            page.wait_for_selector(
                f'#mb-board [data-action="{action}"], #mb-panel button[data-action="{action}"]'
            )
            click_action(page, action)
            state.apply(action)
            page.wait_for_selector(f"body[data-ply='{len(state.history)}']")

    # the seat to move lets its time run out; the other sees the choice and has the bot take that seat
    sleeper = state.current_player
    assert sleeper is not None
    chooser = pages[1 - sleeper]
    seen = states_of(chooser)
    chooser.goto(f"{server.http}/play/{game_id}")
    chooser.wait_for_selector(f"body[data-ply='{len(state.history)}']")
    offset.write_text(str(int(offset.read_text()) + 3 * DAY))
    chooser.wait_for_selector('[data-timeout="bot"]', timeout=20_000)
    shoot(chooser, artifacts, "days-timeout-choice")
    chooser.click('[data-timeout="bot"]')
    chooser.wait_for_function(
        "ply => Number(document.body.dataset.ply) > ply", arg=len(state.history), timeout=20_000
    )
    assert any(s.get("clock") and s["clock"]["timed_out"] == sleeper for s in seen)

    # the chooser plays on against the bot to the end (from a script with the account's cookie: the page's
    # clicks were tested above, and a whole game of them would take minutes)
    assert fetch(chooser, "GET", "/api/account/me")["body"]["user"]["name"] == names[1 - sleeper]
    summary = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()
    assert summary["status"] == "live" and summary["clock"]["timed_out"] is None
    chooser.goto("about:blank")  # no table open: drawing each move for it took three quarters of the time
    finish_by_socket(chooser, server, game_id)

    done = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()
    assert done["status"] == "finished" and done.get("ended") is None
    changes = rated(server, game_id)  # rated by a listener just after the last move
    assert changes["counted"] is True and len(changes["seats"]) == 2, changes
    for seat in changes["seats"]:  # the timed-out seat counts as its account's
        assert seat["kind"] == "account" and seat["before"]["rating"] != seat["after"]["rating"], changes
    for name in names:
        profile = httpx.get(f"{server.http}/api/players/{name}", timeout=10).json()
        builders = next(r for r in profile["ratings"] if r["game"] == "builders")
        assert builders["games"] == 1, profile
        assert builders["rating"] != 0, profile  # moved from a new player's (mu - 3 sigma = 0)
    for page in pages:
        assert game_id in your_games(page, server)["finished"]
    shoot(pages[sleeper], artifacts, "days-finished")


def rated(server: Server, game_id: str) -> dict[str, Any]:
    """The game's rating changes once it has been rated (or what it says after 20 s)."""
    deadline = time.monotonic() + 20
    while True:
        changes: dict[str, Any] = httpx.get(f"{server.http}/api/games/{game_id}/ratings", timeout=10).json()
        if changes["counted"] or time.monotonic() > deadline:
            return changes
        time.sleep(0.1)


def finish_by_socket(page: Any, server: Server, game_id: str) -> None:
    """Play the page's account's seat to the end from a script with the account's cookie (random legal moves),
    while the bot plays the other seat."""
    cookie = next(c for c in page.context.cookies() if c["name"] == "mb_session")
    headers = {"Cookie": f"mb_session={cookie['value']}", "Origin": server.http}
    seen = Seen()
    game = play(server.ws(game_id), None, random.Random(SEED), seen, headers=headers)
    with ThreadPoolExecutor(1) as thread:  # Playwright's sync API holds this thread's event loop
        thread.submit(asyncio.run, game).result()
    assert seen.states[0]["seat"] is not None and seen.states[-1]["status"] == "finished", seen.states[0]
    assert not [e for e in seen.errors if e.get("code") not in ("stale", "not_your_turn")], seen.errors
