"""Finished reviews stored in the database: asked again after a restart they come back without being
computed again; a game's reviews are listed for its page; a server with reviews turned off says so."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from masterbuilder.server import Settings
from masterbuilder.server.reviews import ReviewQueue
from tests.review.test_review import heuristic_record
from tests.review.test_review_server import wait_until
from tests.server.conftest import create, make_client

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def queue(client: TestClient) -> ReviewQueue:
    found: ReviewQueue = client.app.state.reviews  # type: ignore[attr-defined]
    return found


@pytest.mark.slow  # reviews computed in worker processes (The Builders: its decisions are quick to judge)
def test_a_finished_review_outlives_a_restart(db_url: str) -> None:
    record = heuristic_record("builders", 2, 11, 8) | {"names": ["Ann", "Bob"]}
    with make_client(db_url) as client:
        game = create(client, game="caylus", seats=HUMANS)
        done = wait_until(
            client,
            client.post("/api/reviews", json={"record": record, "budget": 3}).json()["id"],
            ("done", "failed"),
        )
        assert done["status"] == "done", done
        # a review of a game of the server, stored with the game's id
        mine = client.portal.call(queue(client).submit, record, ["Ann", "Bob"], 2, game["id"])  # type: ignore[union-attr]
        of_game = wait_until(client, mine.id, ("done", "failed"))
        assert of_game["status"] == "done"
    # after a restart, with reviews turned off: what is stored comes back, nothing is computed
    with make_client(db_url, review_workers=0) as client:
        again = client.get(f"/api/reviews/{done['id']}").json()
        assert again["status"] == "done" and again["review"] == done["review"]
        assert again["names"] == ["Ann", "Bob"] and again["done"] == again["total"] == done["total"]
        asked = client.post("/api/reviews", json={"record": record, "budget": 3})
        assert asked.status_code == 202 and asked.json()["review"] == done["review"]
        ply = done["review"]["decisions"][0]["ply"]
        assert client.get(f"/api/reviews/{done['id']}/boards/{ply}").json()["svg"].startswith("<svg")
        listed = client.get("/api/reviews", params={"game_id": game["id"]}).json()
        assert [r["id"] for r in listed["reviews"]] == [mine.id]
        client.cookies.set("mb_lang", "de")  # a review describes the moves in one language
        assert client.get("/api/reviews", params={"game_id": game["id"]}).json()["reviews"] == []
        client.cookies.clear()
        assert queue(client).jobs[done["id"]].status == "done" and not queue(client).waiting


def test_reviews_turned_off_are_refused_with_a_sentence(sqlite_url: str) -> None:
    with make_client(sqlite_url, review_workers=0) as client:
        refused = client.post("/api/reviews", json={"record": heuristic_record("caylus", 2, 1, 2)})
        assert refused.status_code == 503
        assert refused.json()["detail"] == "Game reviews are turned off on this server."
        state = client.get("/api/reviews").json()
        assert state == {"enabled": False, "message": refused.json()["detail"], "reviews": []}
        client.cookies.set("mb_lang", "de")
        german = client.post("/api/reviews", json={"record": heuristic_record("caylus", 2, 1, 2)})
        assert german.status_code == 503 and german.json()["detail"] != refused.json()["detail"]


def test_an_unknown_game_has_no_reviews(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        listed = client.get("/api/reviews", params={"game_id": "nosuchgame"}).json()
        assert listed == {"enabled": True, "message": None, "reviews": []}
        assert client.get("/api/reviews/" + "x" * 300).status_code == 404


def test_the_queue_length_is_a_setting(sqlite_url: str) -> None:
    with make_client(sqlite_url, review_queue=0) as client:
        refused = client.post("/api/reviews", json={"record": heuristic_record("caylus", 2, 1, 2)})
        assert refused.status_code == 503 and "waiting" in refused.json()["detail"]


@pytest.mark.parametrize(
    ("env", "field", "value"),
    [
        ("MASTERBUILDER_REVIEW_WORKERS", "review_workers", 2),
        ("MASTERBUILDER_REVIEW_QUEUE", "review_queue", 5),
    ],
)
def test_the_review_settings_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, env: str, field: str, value: int
) -> None:
    assert (Settings().review_workers, Settings().review_queue) == (1, 20)
    monkeypatch.setenv(env, str(value))
    assert getattr(Settings.from_env(), field) == value
    monkeypatch.setenv(env, "many")
    with pytest.raises(ValueError, match=env):
        Settings.from_env()


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_reviews_run_as_many_at_once_as_there_are_workers(sqlite_url: str, workers: int) -> None:
    records: list[dict[str, Any]] = [heuristic_record("builders", 2, seed, 8) for seed in (21, 22)]
    with make_client(sqlite_url, review_workers=workers) as client:
        jobs = [client.post("/api/reviews", json={"record": r, "budget": 2}).json() for r in records]
        assert jobs[1]["ahead"] == 2 - workers  # one worker: the first review runs before the second
        assert all(wait_until(client, job["id"], ("done", "failed"))["status"] == "done" for job in jobs)
