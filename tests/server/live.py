"""A real server (``masterbuilder serve`` in a subprocess) and real WebSocket clients, for the tests that
need more than the TestClient: kill -9, several processes, whole games between separate clients."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

import masterbuilder

SOURCES = str(Path(masterbuilder.__file__).resolve().parents[1])
CLIENT_LIMITS = {
    "MASTERBUILDER_SOCKETS_PER_ADDRESS": "100000",
    "MASTERBUILDER_UNGREETED_PER_ADDRESS": "100000",
    "MASTERBUILDER_REQUESTS_PER_SECOND": "100000",
    "MASTERBUILDER_REQUEST_BURST": "100000",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, game_id: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/games/{game_id}"

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)


def start_server(db_url: str, log: Path, *args: str, port: int | None = None) -> Server:
    port = port or free_port()
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join(p for p in (SOURCES, os.environ.get("PYTHONPATH")) if p)
    )
    # every client of these tests and of bench_server.py is on 127.0.0.1: the limits per address are for
    # the internet (test_floods.py tests them)
    for name, value in CLIENT_LIMITS.items():
        env.setdefault(name, value)
    command = [
        sys.executable,
        "-c",
        "from masterbuilder.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--db",
        db_url,
        "--bot-workers",
        "1",
        "--rate",
        "100000",
        *(args if "--board-workers" in args else ("--board-workers", "0", *args)),
    ]
    out = log.open("ab")
    process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    server = Server(process, port, log)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server stopped at start-up:\n{log.read_text()}")
        try:
            if httpx.get(f"{server.http}/api/health", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    server.kill()
    raise RuntimeError(f"the server did not start in 60 s:\n{log.read_text()}")


@contextmanager
def running_server(db_url: str, log: Path, *args: str) -> Iterator[Server]:
    server = start_server(db_url, log, *args)
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.process.terminate()
            try:
                server.process.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


def create_game(server: Server, **body: Any) -> dict[str, Any]:
    response = httpx.post(f"{server.http}/api/games", json=body, timeout=10)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


async def hello(ws: ClientConnection, token: str | None, board: bool = False) -> dict[str, Any]:
    await ws.send(json.dumps({"type": "hello", "token": token, "board": board}))
    message: dict[str, Any] = json.loads(await ws.recv())
    assert message["type"] == "state", message
    return message


@dataclass
class Seen:
    """What one client received."""

    states: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    moves: int = 0


async def play(
    url: str,
    token: str | None,
    rng: random.Random,
    seen: Seen,
    stop_after: int | None = None,
    board: bool = False,
    headers: Mapping[str, str] | None = None,
) -> None:
    """A client that makes a random legal move whenever it is to move (a spectator if ``token`` is None and
    no account's cookie is in ``headers``), until the game is over (or it has made ``stop_after`` moves)."""
    async with connect(url, max_size=None, additional_headers=headers) as ws:
        message = await hello(ws, token, board)
        sent_for = -1
        while True:
            if message["type"] == "state":
                seen.states.append(message)
                if message["status"] == "finished" or (stop_after is not None and seen.moves >= stop_after):
                    return
                me = message["seat"]
                if (
                    me is not None
                    and message["to_move"] == me
                    and message["ply"] != sent_for
                    and message["legal"]
                ):
                    sent_for = message["ply"]
                    choice = rng.choice(message["legal"])["id"]
                    await ws.send(json.dumps({"type": "act", "action": choice, "ply": message["ply"]}))
                    seen.moves += 1
            else:
                seen.errors.append(message)
                if message.get("code") == "stale" and seen.states:
                    sent_for = -1  # the move was not applied: decide again on the newest table
                    message = seen.states.pop()
                    continue
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
