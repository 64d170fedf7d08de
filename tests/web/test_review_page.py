"""The review page: a review waited for, then its chart, accuracies, key moments (boards with the move
played and the bot's move marked) and graded log; the Review button of a finished game's replay."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.review.test_review import heuristic_record
from tests.web.conftest import Server, shoot
from tests.web.test_replay_rules_pages import finished_game

pytestmark = pytest.mark.slow  # a real server and browser


def test_a_review_shows_its_chart_moments_and_graded_log(
    server: Server, new_context: Any, artifacts: Path
) -> None:
    record = heuristic_record("builders", 2, 8, 16) | {"names": ["Ann", "Bob"]}  # quick to judge
    job = server.post("/api/reviews", {"record": record, "budget": 10})
    page = new_context().new_page()
    page.goto(f"{server.url}/review/{job['id']}")
    page.wait_for_selector("body[data-ready='1']", timeout=120_000)
    done = server.get(f"/api/reviews/{job['id']}")
    decisions = done["review"]["decisions"]
    assert page.locator("#mb-review-log li[data-ply]").count() == len(decisions)
    for d in decisions:
        item = page.locator(f"#mb-review-log li[data-ply='{d['ply']}']")
        assert item.get_attribute("class") == f"grade-{d['grade']}"
    assert page.locator("#mb-chances svg polyline").count() == 2
    assert page.locator("#mb-accuracy tbody tr").count() == 2
    moments = done["review"]["key_moments"]
    assert page.locator("#mb-moments .moment svg").count() == len(moments) >= 1
    assert page.locator("#mb-moments .mark-played").count() >= 1
    shoot(page, artifacts, "review")


def test_the_replay_of_a_finished_game_offers_a_review(server: Server, new_context: Any) -> None:
    summary = finished_game(server)
    page = new_context().new_page()
    page.goto(f"{server.url}/replay/{summary['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#mb-review")
    page.wait_for_url("**/review/*")
    review_id = page.url.rsplit("/", 1)[1]
    page.wait_for_selector("body[data-status]")
    page.click("#mb-cancel")  # a full review at the default budget is not for a test's time
    deadline = time.monotonic() + 30
    while server.get(f"/api/reviews/{review_id}")["status"] != "cancelled":
        assert time.monotonic() < deadline
        time.sleep(0.1)
