"""A game's chat over the socket: who reads what (shared or apart), length, control characters, HTML kept as
text, the rate limits, stored and sent again on reconnect, spectators; on SQLite and PostgreSQL."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from masterbuilder.server.chat import clean
from tests.server.conftest import create


def hello(ws: WebSocketTestSession, token: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": token, "board": False})
    message: dict[str, Any] = ws.receive_json()
    assert message["type"] == "state", message
    return message


def said(ws: WebSocketTestSession) -> list[dict[str, Any]]:
    message = ws.receive_json()
    assert message["type"] == "chat", message
    messages: list[dict[str, Any]] = message["messages"]
    return messages


def refused(ws: WebSocketTestSession, code: str) -> str:
    message = ws.receive_json()
    assert message["type"] == "error" and message["code"] == code, message
    text: str = message["message"]
    return text


def game(client: TestClient, chat: str = "shared") -> tuple[str, dict[str, str]]:
    made = create(client, game="builders", players=2, join=[0, 1], seed=11, name="Ann", chat=chat)
    return made["id"], made["tokens"]


def test_shared_chat_reaches_everyone_and_comes_back_on_reconnect(client: TestClient) -> None:
    gid, tokens = game(client)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as a,
        client.websocket_connect(f"/ws/games/{gid}") as b,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        hello(a, tokens["0"])
        hello(b, tokens["1"])
        hello(watcher, None)
        a.send_json({"type": "chat", "text": "  <b>hi</b> & good luck  "})
        for ws in (a, b, watcher):
            (entry,) = said(ws)
            assert entry["seat"] == 0 and entry["name"] == "Ann"
            assert entry["text"] == "<b>hi</b> & good luck"  # as typed: the page shows it as text
            assert isinstance(entry["id"], int) and entry["time"].startswith("20")
        watcher.send_json({"type": "chat", "text": "nice move"})
        for ws in (a, b, watcher):
            (entry,) = said(ws)
            assert entry["seat"] is None and entry["name"] is None and entry["text"] == "nice move"
        b.send_json({"type": "ping"})
        assert b.receive_json() == {"type": "pong"}  # nothing else was waiting
    with client.websocket_connect(f"/ws/games/{gid}") as again:
        hello(again, tokens["1"])
        assert [m["text"] for m in said(again)] == ["<b>hi</b> & good luck", "nice move"]
    summary = client.get(f"/api/games/{gid}").json()
    assert summary["ply"] == 0 and summary["status"] == "live"  # not a move: the record is unchanged


def test_apart_chat_keeps_seats_and_spectators_apart(client: TestClient) -> None:
    gid, tokens = game(client, chat="apart")
    with (
        client.websocket_connect(f"/ws/games/{gid}") as a,
        client.websocket_connect(f"/ws/games/{gid}") as b,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
        client.websocket_connect(f"/ws/games/{gid}") as other_watcher,
    ):
        hello(a, tokens["0"])
        hello(b, tokens["1"])
        hello(watcher, None)
        hello(other_watcher, None)
        a.send_json({"type": "chat", "text": "for the players"})
        assert said(a)[0]["text"] == said(b)[0]["text"] == "for the players"
        watcher.send_json({"type": "chat", "text": "for the spectators"})
        assert said(watcher)[0]["text"] == said(other_watcher)[0]["text"] == "for the spectators"
        for ws in (a, b, watcher, other_watcher):  # the next thing each gets: no other chat came
            ws.send_json({"type": "ping"})
            assert ws.receive_json() == {"type": "pong"}
    with (
        client.websocket_connect(f"/ws/games/{gid}") as seat,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        hello(seat, tokens["0"])
        assert [m["text"] for m in said(seat)] == ["for the players"]
        hello(watcher, None)
        assert [m["text"] for m in said(watcher)] == ["for the spectators"]


def test_length_control_characters_and_bad_messages(client: TestClient) -> None:
    gid, tokens = game(client)
    with client.websocket_connect(f"/ws/games/{gid}") as a:
        hello(a, tokens["0"])
        for text in ("", "   ", "\x00\x07\u202e"):
            a.send_json({"type": "chat", "text": text})
            assert "empty" in refused(a, "chat_refused")
        a.send_json({"type": "chat", "text": "x" * 501})
        assert "500" in refused(a, "chat_refused")
        a.send_json({"type": "chat"})
        refused(a, "bad_message")
        a.send_json({"type": "chat", "text": ["not", "text"]})
        refused(a, "bad_message")
        a.send_json({"type": "chat", "text": " " + "y" * 500 + "\t"})
        assert said(a)[0]["text"] == "y" * 500
        a.send_json({"type": "chat", "text": "a\x00b\u202ec\nd\x1b[31m"})
        assert said(a)[0]["text"] == "abc d[31m"
        a.send_json({"type": "nonsense"})
        assert "chat" in refused(a, "bad_message")
    assert clean("zwj \u200d emoji 👩\u200d💻") == "zwj \u200d emoji 👩\u200d💻"  # joiners are text


def test_rate_per_connection_and_per_seat(client: TestClient) -> None:
    gid, tokens = game(client)
    moment = [1000.0]
    client.app.state.chat.clock = lambda: moment[0]  # type: ignore[attr-defined]
    with (
        client.websocket_connect(f"/ws/games/{gid}") as a,
        client.websocket_connect(f"/ws/games/{gid}") as a2,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
    ):
        hello(a, tokens["0"])
        hello(a2, tokens["0"])
        hello(watcher, None)
        sent = 0
        for window in range(6):  # 5 per 10 s per connection: 30 in 55 s
            moment[0] = 1000.0 + 11 * window
            for _ in range(5):
                a.send_json({"type": "chat", "text": f"m{sent}"})
                sent += 1
                for ws in (a, a2, watcher):
                    said(ws)
            a.send_json({"type": "chat", "text": "one too many"})
            assert "too fast" in refused(a, "rate_limited")
        a2.send_json({"type": "chat", "text": "the seat's 31st this minute"})
        refused(a2, "rate_limited")  # the same seat from another socket
        watcher.send_json({"type": "chat", "text": "spectators count apart"})
        for ws in (a, a2, watcher):
            assert said(ws)[0]["text"] == "spectators count apart"
        moment[0] += 61
        a2.send_json({"type": "chat", "text": "a minute later"})
        for ws in (a, a2, watcher):
            assert said(ws)[0]["text"] == "a minute later"
    with client.websocket_connect(f"/ws/games/{gid}") as again:
        hello(again, None)
        history = said(again)
        assert len(history) == 32 and history[-1]["text"] == "a minute later"
