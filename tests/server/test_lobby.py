"""The lobby's REST endpoints, on SQLite and PostgreSQL."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import create


def test_health_and_catalog(client: TestClient) -> None:
    assert client.get("/api/health").json() == {"status": "ok", "games_live": 0}
    catalog = client.get("/api/catalog").json()["games"]
    names = {g["name"]: g for g in catalog}
    assert set(names) == {"builders", "caylus", "caylus1303"}
    assert names["caylus"]["min_players"] == 2 and names["caylus"]["max_players"] == 5
    assert "favours" in names["caylus"]["options"]
    assert "mcts:hard" in {b["name"] for b in names["caylus1303"]["bots"]}
    assert client.get("/docs").status_code == 200
    assert "/api/games/{game_id}/seats/{seat}/join" in client.get("/openapi.json").json()["paths"]


def test_create_join_start_list(client: TestClient) -> None:
    made = create(
        client,
        game="caylus",
        players=3,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
        join=[0],
        name="Ann",
    )
    gid = made["id"]
    assert set(made["tokens"]) == {"0"} and len(made["tokens"]["0"]) >= 32
    assert made["invites"] == {"1": f"/play/{gid}?seat=1"}
    summary = made["game"]
    assert summary["status"] == "open" and summary["seats"][0]["name"] == "Ann"
    assert summary["seats"][2] == {"seat": 2, "kind": "bot", "bot": "random", "name": "random", "taken": True}
    assert client.get("/api/games", params={"status": "open"}).json()["total"] == 1
    assert client.get(f"/api/games/{gid}/record").status_code == 409

    taken = client.post(f"/api/games/{gid}/seats/0/join", json={"name": "Eve"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    joined = client.post(f"/api/games/{gid}/seats/1/join", json={"name": "  Bob  "})
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1 and joined.json()["invites"] == {}
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["status"] == "live" and summary["seats"][1]["name"] == "Bob"
    assert summary["to_move"] in (0, 1, 2)
    assert client.get("/api/games", params={"status": "live"}).json()["total"] == 1
    assert client.get("/api/games", params={"status": "open"}).json()["total"] == 0
    late = client.post(f"/api/games/{gid}/seats/1/join", json={"name": "Zed"})
    assert late.status_code == 409


def test_leave_before_start_only(client: TestClient) -> None:
    made = create(client, players=2, join=[0])
    gid, token = made["id"], made["tokens"]["0"]
    assert client.post(f"/api/games/{gid}/seats/0/leave").status_code == 401
    wrong = client.post(f"/api/games/{gid}/seats/0/leave", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401
    left = client.post(f"/api/games/{gid}/seats/0/leave", headers={"Authorization": f"Bearer {token}"})
    assert left.status_code == 200 and left.json() == {"seat": 0}
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["seats"][0]["taken"] is False
    again = client.post(f"/api/games/{gid}/seats/0/leave", headers={"Authorization": f"Bearer {token}"})
    assert again.status_code == 401  # the token died with the seat
    a = client.post(f"/api/games/{gid}/seats/0/join", json={"name": "A"}).json()["token"]
    client.post(f"/api/games/{gid}/seats/1/join", json={"name": "B"})
    late = client.post(f"/api/games/{gid}/seats/0/leave", headers={"Authorization": f"Bearer {a}"})
    assert late.status_code == 409


def test_pagination(client: TestClient) -> None:
    ids = [create(client, players=2)["id"] for _ in range(5)]
    first = client.get("/api/games", params={"per_page": 2}).json()
    assert first["total"] == 5 and len(first["games"]) == 2 and first["page"] == 1
    pages = [client.get("/api/games", params={"per_page": 2, "page": p}).json()["games"] for p in (1, 2, 3)]
    seen = [g["id"] for page in pages for g in page]
    assert sorted(seen) == sorted(ids)
    assert client.get("/api/games", params={"page": 9}).json()["games"] == []


def test_bad_requests_say_what_is_wrong(client: TestClient) -> None:
    cases = [
        ({"game": "chess", "players": 2}, "Unknown game 'chess'"),
        ({"game": "caylus", "players": 9}, "players"),
        ({"game": "caylus", "players": 6}, "2 to 5 players"),
        ({"game": "caylus", "players": 2, "options": {"favours": "none"}}, "favours"),
        ({"game": "caylus", "players": 2, "options": {"colour": 1}}, "no option 'colour'"),
        (
            {
                "game": "caylus",
                "players": 2,
                "seats": [{"kind": "bot", "bot": "alphazero"}, {"kind": "human"}],
            },
            "unknown bot",
        ),
        ({"game": "caylus", "players": 2, "seats": [{"kind": "bot"}, {"kind": "human"}]}, "needs 'bot'"),
        ({"game": "caylus", "players": 2, "seats": [{"kind": "human"}]}, "1 seats given"),
        ({"game": "caylus", "players": 2, "join": [5]}, "Seat 5 cannot be joined"),
        ({"game": "caylus", "players": 2, "join": [0, 0]}, "twice"),
        ({"game": "caylus", "players": 2, "name": "   "}, "visible"),
        ({"game": "caylus", "players": 2, "surprise": 1}, "surprise"),
    ]
    for body, words in cases:
        response = client.post("/api/games", json=body)
        assert response.status_code == 422, (body, response.text)
        detail = response.json()["detail"]
        assert isinstance(detail, str) and words in detail, (body, detail)
    assert (
        client.post(
            "/api/games", content=b"{not json", headers={"content-type": "application/json"}
        ).status_code
        == 422
    )
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/nosuchgame").json()["detail"] == "There is no game 'nosuchgame'."
    assert client.get("/api/games", params={"status": "paused"}).status_code == 422
    assert client.post("/api/games/nosuchgame/seats/0/join", json={"name": "x"}).status_code == 404
    made = create(client, players=2)
    assert client.post(f"/api/games/{made['id']}/seats/7/join", json={"name": "x"}).status_code == 404


def test_tokens_are_stored_hashed(client: TestClient) -> None:
    made = create(client, players=2, join=[0, 1])
    tables = client.app.state.tables  # type: ignore[attr-defined]
    row = tables.store.load_game(made["id"])
    for seat in row.seats:
        token = made["tokens"][str(seat.seat)]
        assert seat.token_hash is not None and token not in seat.token_hash and len(seat.token_hash) == 64
