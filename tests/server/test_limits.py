"""Limits per client and the documented answers to malformed input (issue 28): the Host allow-list, the
forwarded address from trusted proxies only, requests per second (429), body size (413), sockets per
address, per seat and not greeted, hints per decision and per minute, a lone-surrogate token, NUL bytes in
static paths, and the settings' environment variables. The floods are in test_floods.py."""

from __future__ import annotations

import asyncio
import logging
import resource
import time
from typing import Any

import pytest
from starlette.websockets import WebSocketDisconnect

from masterbuilder.server.bots import BotPool
from masterbuilder.server.limits import (
    allowed_host_names,
    client_address,
    host_allowed,
    networks,
    raise_descriptor_limit,
    socket_capacity,
)
from masterbuilder.server.security import origin_allowed
from masterbuilder.server.settings import Settings
from masterbuilder.server.workers import Slots, WorkerPool
from tests.server.conftest import create, make_client
from tests.server.test_socket import hello


def no_traceback(caplog: pytest.LogCaptureFixture) -> None:
    """Nothing a client sent was logged as a server error."""
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info], caplog.text


def test_the_forwarded_address_is_believed_from_trusted_proxies_only() -> None:
    proxies = networks(["127.0.0.1", "10.0.0.0/8"])
    assert client_address("203.0.113.9", "198.51.100.1", proxies) == "203.0.113.9"  # not a proxy: ignored
    assert client_address("127.0.0.1", "198.51.100.1", proxies) == "198.51.100.1"
    # the client may prepend anything; the last hop our proxies did not add is the client
    assert client_address("127.0.0.1", "1.2.3.4, 198.51.100.1, 10.1.2.3", proxies) == "198.51.100.1"
    assert client_address("127.0.0.1", "garbage", proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", "198.51.100.1", []) == "127.0.0.1"  # no trusted proxies: the peer
    with pytest.raises(ValueError, match="not-an-ip"):
        networks(["not-an-ip"])


def test_the_host_allow_list() -> None:
    names = allowed_host_names(
        Settings(public_url="https://Table.Example.org/", allowed_hosts=("games.lan",), listen_host="0.0.0.0")
    )
    assert names == {"table.example.org", "games.lan"}
    for host in ("table.example.org", "games.lan:8000", "127.0.0.1:8000", "[::1]:8000", "localhost", None):
        assert host_allowed(host, names), host
    for host in ("evil.example", "table.example.org.evil.example", "rebind.example:8000"):
        assert not host_allowed(host, names), host
    assert host_allowed("anything.example", frozenset({"*"}))
    assert allowed_host_names(Settings(listen_host="games.lan")) == {"games.lan"}
    # the Origin check follows the allowed names (behind a proxy that passes another Host on)
    assert origin_allowed("http://games.lan:8000", "127.0.0.1:8000", (), names)
    assert not origin_allowed("https://evil.example", "127.0.0.1:8000", (), names)
    assert not origin_allowed("https://evil.example", "127.0.0.1:8000", (), {"*"})
    assert not origin_allowed("http://[bad", "127.0.0.1:8000", (), names)


def test_a_foreign_host_is_refused_for_requests_and_sockets(sqlite_url: str, caplog: Any) -> None:
    # issue 28, case 6: a DNS-rebinding page sends its own name as the Host (and a matching Origin)
    with make_client(sqlite_url, public_url="https://table.example.org") as client:
        gid = create(client)["id"]
        refused = client.get("/api/health", headers={"host": "rebind.example"})
        assert refused.status_code == 400 and "rebind.example" in refused.json()["detail"]
        assert client.get("/api/health", headers={"host": "table.example.org"}).status_code == 200
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(
                f"/ws/games/{gid}", headers={"host": "rebind.example", "origin": "http://rebind.example"}
            ) as ws,
        ):
            ws.receive_json()
        # the public URL's pages (and the allowed hosts') may open the socket even when a proxy passes another
        # Host on
        with client.websocket_connect(
            f"/ws/games/{gid}", headers={"host": "127.0.0.1:8000", "origin": "https://table.example.org"}
        ) as ws:
            assert hello(ws, None)["id"] == gid
    no_traceback(caplog)


def test_requests_per_second_per_address(sqlite_url: str, caplog: Any) -> None:
    with make_client(sqlite_url, requests_per_second=0.5, request_burst=3) as client:
        answers = [client.get("/api/health") for _ in range(4)]
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        assert int(answers[3].headers["retry-after"]) >= 1 and "try again" in answers[3].json()["detail"]
        # a socket's handshake is a request too
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/games/abc") as ws:
            ws.receive_json()
    no_traceback(caplog)


def test_a_body_over_the_limit_is_413_before_it_is_parsed(sqlite_url: str, caplog: Any) -> None:
    # issue 28, case 7: the body is not read (let alone parsed) past the limit
    with make_client(sqlite_url, max_body=100_000) as client:
        big = b'{"game": "builders", "players": 2, "x": "' + b"a" * 200_000 + b'"}'
        answer = client.post("/api/games", content=big, headers={"content-type": "application/json"})
        assert answer.status_code == 413 and "100000 bytes" in answer.json()["detail"]

        def chunks() -> Any:  # no Content-Length: counted as it arrives
            for _ in range(30):
                yield b"a" * 10_000

        answer = client.post("/api/pages/records/replay", content=chunks())
        assert answer.status_code == 413
        assert client.post("/api/games", json={"game": "builders", "players": 2}).status_code == 201
    no_traceback(caplog)


def test_static_paths_with_a_nul_byte_are_404(sqlite_url: str, caplog: Any) -> None:
    # issue 28, case 5
    with make_client(sqlite_url) as client:
        for path in (
            "/static/%00",
            "/static/css/%00.css",
            "/static/css/site%00.css",
            "/static/" + "a" * 5000,
        ):
            answer = client.get(path)
            assert answer.status_code == 404, (path, answer.status_code)
            assert answer.json()["detail"].startswith("No such file")
        assert client.get("/static/css/site.css").status_code == 200
    no_traceback(caplog)


def test_a_lone_surrogate_token_is_a_bad_token(sqlite_url: str, caplog: Any) -> None:
    # issue 28, case 4: {"type": "hello", "token": "\udc80"} as the client sends it (JSON escapes)
    with make_client(sqlite_url) as client:
        made = create(client, join=[0, 1], seed=3)
        with client.websocket_connect(f"/ws/games/{made['id']}") as ws:
            ws.send_text('{"type": "hello", "token": "\\udc80"}')
            answer = ws.receive_json()
            assert answer["type"] == "error" and answer["code"] == "bad_token"
            assert hello(ws, made["tokens"]["0"])["seat"] == 0  # the socket is still usable
    no_traceback(caplog)


def test_sockets_per_address_not_greeted_and_per_seat(sqlite_url: str) -> None:
    with make_client(
        sqlite_url, ungreeted_per_address=2, sockets_per_address=3, sockets_per_token=1
    ) as client:
        made = create(client, join=[0, 1], seed=5)
        path = f"/ws/games/{made['id']}"
        with client.websocket_connect(path) as first, client.websocket_connect(path) as second:
            with pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as third:
                third.receive_json()  # a third socket that has not said hello: refused at the handshake
            assert hello(first, made["tokens"]["0"])["seat"] == 0
            with client.websocket_connect(path) as third:  # the first said hello: room for one more
                assert hello(third, None)["seat"] is None
                with pytest.raises(WebSocketDisconnect), client.websocket_connect(path) as fourth:
                    fourth.receive_json()  # three open from this address
            # one seat, one socket: a second socket with seat 0's token is told so and closed
            second.send_json({"type": "hello", "token": made["tokens"]["0"]})
            answer = second.receive_json()
            assert answer["code"] == "too_many_sockets" and "1 sockets" in answer["message"], answer
        with client.websocket_connect(path) as again:  # closed sockets are counted out
            assert hello(again, made["tokens"]["0"])["seat"] == 0


def test_hints_once_per_decision_and_a_few_a_minute(sqlite_url: str) -> None:
    with make_client(sqlite_url, hint_bot="heuristic", hints_per_minute=1) as client:
        made = create(
            client, seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], join=[0], seed=8
        )
        with client.websocket_connect(f"/ws/games/{made['id']}") as ws:
            state = hello(ws, made["tokens"]["0"])
            while state["to_move"] != 0:
                state = ws.receive_json()
            hints = []
            for _ in range(3):  # the same decision: one computation, the same answer each time
                ws.send_json({"type": "hint"})
                hints.append(ws.receive_json())
            assert all(h["type"] == "hint" and h == hints[0] for h in hints), hints
            ws.send_json({"type": "act", "action": hints[0]["action"], "ply": state["ply"]})
            state = ws.receive_json()
            while state["status"] == "live" and state["to_move"] != 0:
                state = ws.receive_json()
            ws.send_json({"type": "hint"})  # a new decision, but this minute's hint is spent
            answer = ws.receive_json()
            assert answer["code"] == "rate_limited" and "1 hints a minute" in answer["message"]


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERBUILDER_PUBLIC_URL", "https://table.example.org")
    monkeypatch.setenv("MASTERBUILDER_ALLOWED_HOSTS", "games.lan, other.lan")
    monkeypatch.setenv("MASTERBUILDER_SOCKETS_PER_ADDRESS", "7")
    monkeypatch.setenv("MASTERBUILDER_REQUESTS_PER_SECOND", "2.5")
    settings = Settings.from_env()
    assert settings.public_url == "https://table.example.org"
    assert settings.allowed_hosts == ("games.lan", "other.lan")
    assert settings.sockets_per_address == 7 and settings.requests_per_second == 2.5
    # an option given another way (serve's command line) wins over the environment
    kept = Settings(public_url="https://cli.example.org").with_env(keep_set=True)
    assert kept.public_url == "https://cli.example.org" and kept.sockets_per_address == 7
    monkeypatch.setenv("MASTERBUILDER_MAX_BODY", "lots")
    with pytest.raises(ValueError, match="MASTERBUILDER_MAX_BODY must be a whole number"):
        Settings().with_env()


def test_a_bad_limit_stops_serve_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from masterbuilder.server import serve
    from masterbuilder.server.startup import EXIT_USAGE, StartupError

    monkeypatch.setenv("MASTERBUILDER_TRUSTED_PROXIES", "my-proxy")
    with pytest.raises(StartupError, match="Not an address or network: 'my-proxy'") as refused:
        serve(Settings(), port=18499)
    assert refused.value.code == EXIT_USAGE


def test_wrong_hellos_do_not_stretch_the_hello_timeout(sqlite_url: str) -> None:
    with make_client(sqlite_url, hello_timeout=1.0) as client:
        gid = create(client)["id"]
        began = time.monotonic()
        with client.websocket_connect(f"/ws/games/{gid}") as ws, pytest.raises(WebSocketDisconnect):
            for _ in range(20):
                ws.send_json({"type": "ping"})
                assert ws.receive_json()["code"] == "bad_message"
                time.sleep(0.3)
        assert time.monotonic() - began < 4


def test_descriptor_headroom() -> None:
    before, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    soft, _ = raise_descriptor_limit()
    assert soft >= before and (soft == hard or hard == resource.RLIM_INFINITY or soft >= 1_048_576)
    assert socket_capacity(soft) == max(16, soft - 128)


def test_a_games_own_replays_go_before_the_pages_replays() -> None:
    async def check() -> list[str]:
        slots = Slots(1)
        await slots.acquire()
        order: list[str] = []

        async def task(name: str, urgent: bool) -> None:
            await slots.acquire(urgent)
            order.append(name)
            slots.release()

        waiting = [asyncio.create_task(task(n, n == "undo")) for n in ("upload 1", "upload 2", "undo")]
        gone = asyncio.create_task(task("gone", False))
        await asyncio.sleep(0)
        gone.cancel()  # a client that went away while waiting takes no process
        await asyncio.sleep(0)
        assert slots.waiting == 3
        slots.release()
        await asyncio.gather(*waiting)
        assert slots.free == 1 and slots.waiting == 0
        return order

    assert asyncio.run(check()) == ["undo", "upload 1", "upload 2"]


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


@pytest.mark.slow
def test_a_time_limit_counts_the_work_not_the_wait() -> None:
    # issue 28, case 1: a task waiting behind another is not timed out by its wait
    async def check() -> None:
        pool = WorkerPool(1)
        try:
            await pool.warm_up()
            busy = await pool.submit(_sleep, 1.0)
            assert await pool.run(_sleep, 0.01, timeout=0.8) == 0.01  # waited ~1 s, worked 0.01 s
            assert await busy == 1.0
            with pytest.raises(TimeoutError):
                await pool.run(_sleep, 1.0, timeout=0.2)
        finally:
            pool.close()

    asyncio.run(check())


@pytest.mark.slow
def test_the_fallback_does_not_wait_for_the_overrunning_bot() -> None:
    # issue 28, case 1: a bot that overran its limit keeps its process; the fallback has its own
    from masterbuilder import new_game

    state = new_game("caylus", 3, 5)
    legal = state.legal_action_ids()

    async def check() -> None:
        fallback = WorkerPool(1)
        pool = BotPool(workers=1, timeout=5.0, fallback=fallback)
        try:
            await asyncio.gather(pool.warm_up(), fallback.warm_up())
            decision = await pool.choose(state.record(), "mcts:hard", 1, legal, timeout=0.05)
            assert decision.bot == "heuristic" and decision.action in legal
            assert pool._free is not None and pool._free.free == 0  # mcts:hard is still thinking
        finally:
            pool.close()
            fallback.close()

    asyncio.run(check())
