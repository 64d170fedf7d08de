"""The live table over the WebSocket (TestClient), on SQLite and PostgreSQL."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from masterbuilder import new_game
from tests.server.conftest import create, make_client


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token})
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "state", message
    return message


def two_humans(client: TestClient, game: str = "builders") -> tuple[str, dict[str, str]]:
    made = create(client, game=game, players=2, join=[0, 1], seed=11)
    return made["id"], made["tokens"]


def test_state_messages_and_a_move(client: TestClient) -> None:
    gid, tokens = two_humans(client)
    state = new_game("builders", 2, 11)
    mover = state.current_player
    assert mover is not None
    other = 1 - mover
    with (
        client.websocket_connect(f"/ws/games/{gid}") as a,
        client.websocket_connect(f"/ws/games/{gid}") as b,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        first = hello(a, tokens[str(mover)])
        assert first["seat"] == mover and first["to_move"] == mover and first["ply"] == 0
        assert first["status"] == "live" and first["full"] is True and first["log"] == []
        assert first["view"] == state.view(mover)
        assert [m["id"] for m in first["legal"]] == state.legal_action_ids()
        assert {"label", "description"} <= set(first["legal"][0])
        assert set(first["board"]) == {"svg", "panel"}
        assert first["can_undo"] is False and first["hint_allowed"] is False and first["result"] is None
        second = hello(b, tokens[str(other)])
        assert second["seat"] == other and second["legal"] == []
        watching = hello(spectator, None)
        assert watching["seat"] is None and watching["view"] == state.view(None) and watching["legal"] == []

        action = state.legal_action_ids()[0]
        names = [seat["name"] for seat in first["seats"]]
        text = state.describe_action(action, reader=None, names=names)
        a.send_json({"type": "act", "action": action, "ply": 0})
        state.apply(action)
        for ws, seat in ((a, mover), (b, other), (spectator, None)):
            update = ws.receive_json()
            assert update["type"] == "state" and update["ply"] == 1 and update["full"] is False
            assert update["view"] == state.view(seat)
            assert len(update["log"]) == 1
            entry = update["log"][0]
            assert entry["ply"] == 0 and entry["seat"] == mover and entry["text"] == text
            assert isinstance(entry["events"], list)
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["ply"] == 1


def test_every_bad_message_is_refused_and_changes_nothing(client: TestClient) -> None:
    gid, tokens = two_humans(client)
    state = new_game("builders", 2, 11)
    mover = state.current_player
    assert mover is not None
    other = 1 - mover
    legal = state.legal_action_ids()
    illegal = next(a for a in range(181) if a not in legal)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as a,
        client.websocket_connect(f"/ws/games/{gid}") as b,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        hello(a, tokens[str(mover)])
        hello(b, tokens[str(other)])
        hello(spectator, None)

        def refused(ws: WebSocketTestSession, message: Any, code: str, raw: bool = False) -> str:
            if raw:
                ws.send_text(message)
            else:
                ws.send_json(message)
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == code, (message, answer)
            assert isinstance(answer["message"], str) and answer["message"]
            return str(answer["message"])

        refused(a, "{oops", "bad_json", raw=True)
        refused(a, "[1, 2]", "bad_message", raw=True)
        refused(a, {"type": "dance"}, "bad_message")
        refused(a, {"type": "act", "action": 1}, "bad_message")
        refused(a, {"type": "act", "action": "1", "ply": 0}, "bad_message")
        refused(a, {"type": "act", "action": 10_000, "ply": 0}, "unknown_action")
        reason = refused(a, {"type": "act", "action": illegal, "ply": 0}, "illegal")
        assert reason == state.illegal_reason(illegal)
        refused(b, {"type": "act", "action": legal[0], "ply": 0}, "not_your_turn")
        refused(a, {"type": "act", "action": legal[0], "ply": 3}, "stale")
        refused(spectator, {"type": "act", "action": legal[0], "ply": 0}, "not_seated")
        refused(a, {"type": "undo"}, "undo_refused")  # another person is at the table
        refused(a, {"type": "hello", "token": None}, "bad_message")
        refused(a, json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large", raw=True)
        a.send_json({"type": "ping"})
        assert a.receive_json() == {"type": "pong"}

        # a double click: the same move twice at the same ply is applied once
        a.send_json({"type": "act", "action": legal[0], "ply": 0})
        a.send_json({"type": "act", "action": legal[0], "ply": 0})
        assert a.receive_json()["ply"] == 1
        assert a.receive_json()["code"] in ("stale", "not_your_turn", "illegal")
    assert client.get(f"/api/games/{gid}").json()["ply"] == 1


def test_bad_token_unknown_game_and_reconnect(client: TestClient) -> None:
    gid, tokens = two_humans(client)
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-token"})
        assert ws.receive_json()["code"] == "bad_token"
        ws.send_json({"type": "act", "action": 0, "ply": 0})
        assert ws.receive_json()["code"] == "bad_message"  # still waiting for a hello
        state = hello(ws, tokens["0"])
        assert state["seat"] == 0
    with client.websocket_connect("/ws/games/nosuchgame") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["code"] == "not_found"
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()
    # the header works instead of the hello's token; a reconnecting client gets the whole log
    mover = new_game("builders", 2, 11).current_player
    with client.websocket_connect(
        f"/ws/games/{gid}", headers={"Authorization": f"Bearer {tokens[str(mover)]}"}
    ) as ws:
        first = hello(ws, None)
        assert first["seat"] == mover
        ws.send_json({"type": "act", "action": first["legal"][0]["id"], "ply": 0})
        assert ws.receive_json()["ply"] == 1
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        again = hello(ws, tokens[str(mover)])
        assert again["full"] is True and len(again["log"]) == 1 and again["ply"] == 1


def test_origin_check(sqlite_url: str) -> None:
    with make_client(sqlite_url, allowed_origins=("https://friends.example",)) as client:
        gid, _ = two_humans(client)
        with client.websocket_connect(f"/ws/games/{gid}", headers={"origin": "http://testserver"}) as ws:
            hello(ws, None)
        with client.websocket_connect(
            f"/ws/games/{gid}", headers={"origin": "https://friends.example"}
        ) as ws:
            hello(ws, None)
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(f"/ws/games/{gid}", headers={"origin": "https://evil.example"}) as ws,
        ):
            ws.receive_json()


def test_rate_limit(sqlite_url: str) -> None:
    with make_client(sqlite_url, rate=1.0, burst=3) as client:
        gid, tokens = two_humans(client)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            hello(ws, tokens["0"])
            answers = []
            for _ in range(6):
                ws.send_json({"type": "ping"})
                answers.append(ws.receive_json())
            assert answers[0] == {"type": "pong"}
            assert any(a.get("code") == "rate_limited" for a in answers)


def test_hotseat_two_tokens_in_one_client(client: TestClient) -> None:
    gid, tokens = two_humans(client, game="caylus")
    state = new_game("caylus", 2, 11)
    sockets = {}
    with (
        client.websocket_connect(f"/ws/games/{gid}") as s0,
        client.websocket_connect(f"/ws/games/{gid}") as s1,
    ):
        sockets = {0: s0, 1: s1}
        for k, ws in sockets.items():
            hello(ws, tokens[str(k)])
        for _ in range(6):
            seat = state.current_player
            assert seat is not None
            action = state.legal_action_ids()[-1]
            sockets[seat].send_json({"type": "act", "action": action, "ply": len(state.history)})
            state.apply(action)
            for s, ws in sockets.items():
                update = ws.receive_json()
                assert update["ply"] == len(state.history) and update["view"] == state.view(s)


def test_a_token_acts_only_for_its_own_seat_of_its_own_game(client: TestClient) -> None:
    first, first_tokens = two_humans(client)
    second, _ = two_humans(client)
    with client.websocket_connect(f"/ws/games/{second}") as ws:
        ws.send_json({"type": "hello", "token": first_tokens["0"]})
        assert ws.receive_json()["code"] == "bad_token"
    mover = new_game("builders", 2, 11).current_player
    assert mover is not None
    with client.websocket_connect(f"/ws/games/{first}") as ws:
        state = hello(ws, first_tokens[str(1 - mover)])  # the other seat's token
        assert state["seat"] == 1 - mover and state["legal"] == []
        ws.send_json({"type": "act", "action": new_game("builders", 2, 11).legal_action_ids()[0], "ply": 0})
        assert ws.receive_json()["code"] == "not_your_turn"
    assert client.get(f"/api/games/{first}").json()["ply"] == 0


def test_watching_an_open_game_start(client: TestClient) -> None:
    made = create(client, game="caylus", players=2, join=[0], seed=3)
    gid = made["id"]
    with client.websocket_connect(f"/ws/games/{gid}") as ws:
        first = hello(ws, None)
        assert first["status"] == "open" and first["to_move"] is None and first["decision"] is None
        assert [s["taken"] for s in first["seats"]] == [True, False]
        client.post(f"/api/games/{gid}/seats/1/join", json={"name": "Bob"})
        started = ws.receive_json()
        assert started["status"] == "live" and started["seats"][1]["name"] == "Bob"
        assert started["to_move"] == new_game("caylus", 2, 3).current_player and started["decision"]
