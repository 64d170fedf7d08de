"""Reviews on the web table: queued, polled, cancelled, their boards, and what is refused."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.review.test_review import heuristic_record
from tests.server.conftest import make_client


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("reviews") / "reviews.db"
    with make_client(f"sqlite:///{db}") as test_client:  # the test server's limits: its host, no rates
        yield test_client


def wait_until(client: TestClient, review_id: str, statuses: tuple[str, ...]) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        job: dict[str, Any] = client.get(f"/api/reviews/{review_id}").json()
        if job["status"] in statuses:
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.1)


@pytest.mark.slow
def test_an_uploaded_record_is_reviewed_in_the_background(client: TestClient) -> None:
    record = heuristic_record("builders", 2, 11, 8) | {"names": ["Ann", "Bob"]}  # quick to judge
    asked = client.post("/api/reviews", json={"record": record, "budget": 10})
    assert asked.status_code == 202, asked.text
    job = asked.json()
    assert job["status"] in ("queued", "running") and job["names"] == ["Ann", "Bob"]
    again = client.post("/api/reviews", json={"record": record, "budget": 10}).json()
    assert again["id"] == job["id"]  # the same record and budget: the same review
    done = wait_until(client, job["id"], ("done", "failed"))
    assert done["status"] == "done" and done["done"] == done["total"] > 0
    review = done["review"]
    assert len(review["decisions"]) == done["total"]
    assert all(
        d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder") for d in review["decisions"]
    )
    ply = review["decisions"][0]["ply"]
    board = client.get(f"/api/reviews/{job['id']}/boards/{ply}").json()
    assert board["svg"].startswith("<svg") and board["seat"] == review["decisions"][0]["seat"]
    assert client.get(f"/api/reviews/{job['id']}/boards/9999").status_code == 404
    page = client.get(f"/review/{job['id']}")
    assert page.status_code == 200 and "/static/js/review.js" in page.text


@pytest.mark.slow
def test_a_finished_game_is_reviewed_and_a_live_one_is_not(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    live = client.post("/api/games", json={"game": "caylus", "players": 2, "seed": 2, "seats": seats}).json()
    refused = client.post("/api/reviews", json={"game_id": live["id"]})
    assert refused.status_code == 409 and "over" in refused.json()["detail"]
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    game = client.post(
        "/api/games", json={"game": "caylus1303", "players": 2, "seed": 3, "seats": bots}
    ).json()
    deadline = time.monotonic() + 60
    while client.get(f"/api/games/{game['id']}").json()["status"] != "finished":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    asked = client.post("/api/reviews", json={"game_id": game["id"], "budget": 1})
    assert asked.status_code == 202, asked.text
    cancelled = client.delete(f"/api/reviews/{asked.json()['id']}").json()
    assert cancelled["status"] == "cancelled"
    assert wait_until(client, asked.json()["id"], ("cancelled",))["status"] == "cancelled"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({}, 422),
        ({"game_id": "x", "record": {}}, 422),
        ({"record": {"game": "caylus"}}, 422),
        ({"record": {"game": "caylus", "players": 2, "seed": 1, "actions": [99999]}}, 422),
        ({"game_id": "nosuchgame"}, 404),
    ],
)
def test_bad_requests_are_refused(client: TestClient, body: dict[str, Any], status: int) -> None:
    response = client.post("/api/reviews", json=body)
    assert response.status_code == status and response.json()["detail"]


def test_a_budget_over_the_default_is_refused(client: TestClient) -> None:
    record = heuristic_record("caylus", 2, 1, 2)
    response = client.post("/api/reviews", json={"record": record, "budget": 10**9})
    assert response.status_code == 422 and "budget" in response.json()["detail"]


def test_an_unknown_review_is_404(client: TestClient) -> None:
    assert client.get("/api/reviews/nope").status_code == 404
    assert client.delete("/api/reviews/nope").status_code == 404


def test_the_page_is_served(client: TestClient, tmp_path: Path) -> None:
    assert client.get("/static/js/review.js").status_code == 200
    assert client.get("/static/css/review.css").status_code == 200
