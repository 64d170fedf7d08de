"""The replay page (a server game, and an uploaded record file) and the rules pages, in Chromium."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import pytest

from masterbuilder import new_game
from tests.web.conftest import Server, create_game, shoot, wait_ply

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


def finished_game(server: Server) -> dict[str, Any]:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = create_game(server, "caylus", 5, bots, join=[])
    deadline = time.monotonic() + 60
    while (summary := server.get(f"/api/games/{created['id']}"))["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    result: dict[str, Any] = summary
    return result


def test_replay_of_a_finished_game(server: Server, new_context: Any, artifacts: Path) -> None:
    summary = finished_game(server)
    total = summary["ply"]
    page = new_context().new_page()
    page.goto(f"{server.url}/replay/{summary['id']}")
    page.wait_for_selector("body[data-ready='1']")
    wait_ply(page, total)  # it opens at the end, with the score chart
    assert page.locator("#mb-chart svg polyline").count() == 2
    assert page.locator("#mb-log li[data-ply]").count() == total
    # The players' panels show the position shown: at the end, the final scores and each seat's resources.
    assert page.locator("#mb-scoreboard td.num").all_inner_texts() == [str(s) for s in summary["scores"]]
    assert page.locator("#mb-scoreboard tr[data-seat='0'] .chip").count() == 7
    page.click("#mb-first")
    wait_ply(page, 0)
    page.click("#mb-next")
    wait_ply(page, 1)
    page.locator("#mb-scrub").fill(str(total // 2))  # the range input, dragged
    wait_ply(page, total // 2)
    assert page.locator("#mb-board svg").count() == 1
    assert page.locator("#mb-board [data-action]").count() == 0  # nothing to click in a replay
    page.locator("#mb-log li[data-ply='9'] button.jump").click()  # jump to the position after move 10
    wait_ply(page, 10)
    assert page.locator("#mb-log li.current").get_attribute("data-ply") == "9"
    page.keyboard.press("ArrowRight")
    wait_ply(page, 11)
    shoot(page, artifacts, "replay")


def test_replay_of_an_uploaded_record(server: Server, new_context: Any, tmp_path: Path) -> None:
    state = new_game("caylus1303", players=3, seed=8)
    rng = random.Random(8)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    record = state.record()
    record["names"] = ["Ann", "Bob", "Cid"]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    page = new_context().new_page()
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#mb-file", str(path))
    wait_ply(page, len(record["actions"]))
    assert "Ann" in page.locator("#mb-log").inner_text()
    assert page.locator("#mb-chart svg polyline").count() == 3
    # A file that is not a record says why.
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "caylus"}')
    other = page.context.new_page()
    other.goto(f"{server.url}/replay")
    other.wait_for_selector("body[data-ready='1']")
    other.set_input_files("#mb-file", str(bad))
    other.wait_for_selector("#mb-upload-error:not(.hidden)")
    assert "record" in other.locator("#mb-upload-error").inner_text()


def test_rules_pages(server: Server, new_context: Any, artifacts: Path) -> None:
    page = new_context().new_page()
    for game, title in (("builders", "The Builders"), ("caylus", "Caylus"), ("caylus1303", "Caylus 1303")):
        page.goto(f"{server.url}/rules/{game}")
        page.wait_for_selector("body[data-ready='1']")
        assert title in page.locator("#mb-rules-title").inner_text()
        assert page.locator("#mb-summary strong").count() > 3
        assert page.locator("#mb-notes table tr").count() > 5  # the project's rule decisions
    shoot(page, artifacts, "rules-caylus1303")
