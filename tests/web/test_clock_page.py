"""Turn-based clocks in the browser: the lobby creates a game with a time control; the table counts the seat
to move down; when its time runs out (a test clock moved ahead) another player gets the choice and ends the
game as abandoned."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.live import Server, create_game, start_server
from tests.web.conftest import shoot

pytestmark = pytest.mark.slow  # a real server and a browser

CLOCK = {"kind": "turn", "bank": 3 * 86400, "increment": 86400, "cap": 7 * 86400, "bot": "random"}
PORT = int(os.environ.get("MASTERBUILDER_TEST_PORT", "0")) or None  # see tests/server/test_clock_restart.py


@pytest.fixture
def timed_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Server, Path]]:
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    monkeypatch.setenv("MASTERBUILDER_CLOCK_OFFSET_FILE", str(offset))
    monkeypatch.setenv("MASTERBUILDER_CLOCK_CHECK", "0.2")
    server = start_server(f"sqlite:///{tmp_path / 'clock.db'}", tmp_path / "serve.log", port=PORT)
    try:
        yield server, offset
    finally:
        server.kill()


def test_the_lobby_creates_a_turn_based_game(
    timed_server: tuple[Server, Path], new_context: Callable[[], Any]
) -> None:
    server, _ = timed_server
    page = new_context().new_page()
    page.goto(server.http + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#c-time-more").is_hidden()
    page.select_option("#c-time", "fast")
    assert page.locator("#c-time-more").is_visible()
    page.select_option("#c-time-bot", "random")
    page.click("#create button[type=submit]")
    link = page.locator("#created-open a")
    link.wait_for()
    game_id = (link.get_attribute("href") or "").rsplit("/", 1)[-1]
    clock = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()["clock"]
    assert (clock["bank"], clock["increment"], clock["cap"], clock["bot"]) == (
        86400,
        4 * 3600,
        2 * 86400,
        "random",
    )


def test_the_table_counts_down_and_offers_the_choice(
    timed_server: tuple[Server, Path], new_context: Callable[[], Any], artifacts: Path
) -> None:
    server, offset = timed_server
    made = create_game(server, game="builders", players=3, join=[0, 1, 2], seed=4, clock=CLOCK)
    game_id, tokens = made["id"], made["tokens"]
    first = made["game"]["to_move"]
    other = (first + 1) % 3
    context = new_context()
    page = context.new_page()
    page.goto(server.http + "/static/i18n/en.json")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mb:tokens:{game_id}", json.dumps({str(other): tokens[str(other)]})],
    )
    offset.write_text(str(3 * 86400 - 3 * 3600))  # three hours left: low
    page.goto(f"{server.http}/play/{game_id}")
    page.wait_for_selector("body[data-ready='1']")
    running = page.locator("#mb-clock li.running")
    assert running.count() == 1 and "low" in (running.get_attribute("class") or "")
    first_text = running.locator(".clock-left").inner_text()
    assert re.fullmatch(r"2 h \d+ min", first_text), first_text
    assert page.locator("[data-timeout]").count() == 0

    offset.write_text(str(3 * 86400 + 60))
    page.wait_for_selector('[data-timeout="abandon"]', timeout=15_000)
    assert "time ran out" in page.locator("#mb-decision").inner_text()
    shoot(page, artifacts, "clock-choice")
    page.click('[data-timeout="abandon"]')
    page.wait_for_selector("#mb-result:not(.hidden)")
    assert "abandoned" in page.locator("#mb-clock").inner_text()
    done = httpx.get(f"{server.http}/api/games/{game_id}", timeout=10).json()
    assert done["status"] == "finished" and done["ended"] == "abandoned" and first not in done["winners"]
