"""Floods against a real server and a bystander who measures them (issue 28), for test_floods.py and
benchmarks/bench_floods.py.

The bystander plays a 2-seat game of The Builders against the ``heuristic`` bot from 127.0.0.1 and times
each of the bot's decisions, as the socket sees it: from the state that gives the bot the turn to the state
after its move (the bot pool's round trip, the move stored and pushed). Each attacker
connects from an address of its own on the loopback network (127.0.0.2 and up), so that the limits per
address see two clients, as they would on the internet:

- ``hints``: eight sockets with one solo player's seat token, asking for hints on that player's turn;
- ``replays``: six clients posting a legal 20,000-move record of The Builders (round_limit 10000, every
  seat ending its turn) to ``/api/pages/records/replay`` again and again;
- ``sockets``: 300 sockets opened and never greeted.

Meanwhile ``/api/health`` is asked every 100 ms.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.server.live import Server

ATTACKS = ("hints", "replays", "sockets")
BYSTANDER = "127.0.0.1"
ATTACKER = {"hints": "127.0.0.2", "replays": "127.0.0.3", "sockets": "127.0.0.4"}


@contextmanager
def serving(
    sources: str, port: int, log: Path, env: dict[str, str] | None = None, files: int | None = None
) -> Iterator[Server]:
    """``masterbuilder serve`` of the package in ``sources`` (a src folder: this tree's or another
    checkout's), one bot process, boards in-process, a fresh SQLite database next to ``log``; ``files``:
    the soft limit of open files it starts with (the common 1,024, say)."""
    database = log.with_suffix(".db")
    environment = dict(os.environ, PYTHONPATH=sources, **(env or {}))
    command = [sys.executable, "-m", "masterbuilder", "serve", "--port", str(port), "--db"]
    command += [f"sqlite:///{database}", "--bot-workers", "1", "--board-workers", "0"]
    with log.open("ab") as out:
        process = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            env=environment,
            preexec_fn=None if files is None else lambda: _soft_files(files),
        )
    served = Server(process, port, log)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start:\n{log.read_text()}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{served.http}/api/health", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        yield served
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


def _soft_files(count: int) -> None:
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(count, hard), hard))


def long_record() -> dict[str, Any]:
    """A legal 20,000-move record of The Builders: 10,000 rounds of every seat ending its turn."""
    from masterbuilder import new_game

    state = new_game("builders", 2, 1, {"round_limit": 10_000})
    end = next(a.id for a in state.legal_actions() if a.label == "end turn")
    return {
        "game": "builders",
        "players": 2,
        "seed": 1,
        "options": {"round_limit": 10_000},
        "actions": [end] * 20_000,
    }


def _client(address: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address), timeout=60)


async def _create(http: httpx.AsyncClient, base: str, seed: int) -> dict[str, Any]:
    body = {
        "game": "builders",
        "players": 2,
        "seed": seed,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        "join": [0],
    }
    answer = await http.post(f"{base}/api/games", json=body)
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def _state(ws: ClientConnection, patience: float = 60) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), patience))
        if message["type"] == "state":
            return message


@dataclass
class Bystander:
    """A game against the heuristic bot; ``replies``: seconds from each move to the bot's reply."""

    served: Server
    seed: int = 5
    patience: float = 60.0  # seconds without an update before the bystander gives up (``stalled``)
    replies: list[float] = field(default_factory=list)
    stalled: bool = False
    _ws: ClientConnection | None = None
    _state: dict[str, Any] | None = None

    async def start(self) -> None:
        async with _client(BYSTANDER) as http:
            made = await _create(http, self.served.http, self.seed)
        self._ws = await connect(self.served.ws(made["id"]), max_size=None)
        await self._ws.send(json.dumps({"type": "hello", "token": made["tokens"]["0"], "board": False}))
        state = await _state(self._ws)
        while state["to_move"] != 0:
            state = await _state(self._ws)
        self._state = state

    async def moves(self, count: int, think: float = 0.1) -> list[float]:
        """Make ``count`` moves, ``think`` seconds apart (ending the turn when it may, so that the bot plays
        often; else the first legal action); the time of each of the bot's
        decisions that follow (from the state that gave it the turn to the state after its move). A new
        game when one ends."""
        assert self._ws is not None and self._state is not None
        times: list[float] = []
        for _ in range(count):
            await asyncio.sleep(think)
            state = self._state
            legal = state["legal"]
            choice = next((a for a in legal if a["label"] == "end turn"), legal[0])["id"]
            turn_given = time.perf_counter()
            try:
                await self._ws.send(json.dumps({"type": "act", "action": choice, "ply": state["ply"]}))
                state = await _state(self._ws, self.patience)
                turn_given = time.perf_counter()
                while state["status"] == "live" and state["to_move"] != 0:
                    state = await _state(self._ws, self.patience)
                    moment = time.perf_counter()
                    times.append(moment - turn_given)
                    turn_given = moment
            except (TimeoutError, ConnectionClosed):
                # nothing for ``patience`` seconds, or the connection died waiting: the reply took at least
                # this long, and the bystander stops here
                times.append(time.perf_counter() - turn_given)
                self.stalled = True
                break
            if state["status"] != "live":
                await self.close()
                self.seed += 1
                await self.start()
            else:
                self._state = state
        self.replies += times
        return times

    async def warm(self) -> None:
        """Play until the bot has moved twice (its worker is started and warm)."""
        while len(self.replies) < 2:
            await self.moves(1, think=0)

    async def close(self) -> None:
        if self._ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._ws.close(), 10)


async def health_probes(base: str, stop: asyncio.Event) -> list[float]:
    """``/api/health`` every 100 ms until ``stop``: the seconds each took."""
    times = []
    async with _client(BYSTANDER) as http:
        while not stop.is_set():
            began = time.perf_counter()
            try:
                answer = await http.get(f"{base}/api/health")
                assert answer.status_code == 200, answer.text
            except httpx.HTTPError:  # no answer in 60 s: counted as the time it was waited for
                pass
            times.append(time.perf_counter() - began)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.1)
    return times


@dataclass
class Attack:
    """What the attackers got: answers by kind (HTTP status, error code, "hint", "accepted", ...)."""

    answers: dict[str, int] = field(default_factory=dict)

    def count(self, what: str) -> None:
        self.answers[what] = self.answers.get(what, 0) + 1


async def _hint_socket(served: Server, game_id: str, token: str, attack: Attack, stop: asyncio.Event) -> None:
    try:
        async with connect(served.ws(game_id), local_addr=(ATTACKER["hints"], 0), max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token, "board": False}))
            while not stop.is_set():
                message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                attack.count(message.get("code") or message["type"])
                if message["type"] == "error" and message.get("code") == "too_many_sockets":
                    return
                await ws.send(json.dumps({"type": "hint"}))
    except Exception as exc:  # a refused or closed socket: that is the server defending itself
        attack.count(type(exc).__name__)


async def _replays(served: Server, record: dict[str, Any], attack: Attack, stop: asyncio.Event) -> None:
    body = json.dumps(record).encode()
    async with _client(ATTACKER["replays"]) as http:
        while not stop.is_set():
            try:
                answer = await http.post(
                    f"{served.http}/api/pages/records/replay",
                    content=body,
                    headers={"content-type": "application/json"},
                )
                attack.count(str(answer.status_code))
                if answer.status_code in (429, 503):
                    await asyncio.sleep(0.05)
            except httpx.HTTPError as exc:
                attack.count(type(exc).__name__)


async def _silent_sockets(served: Server, game_id: str, attack: Attack, stop: asyncio.Event) -> None:
    opened = []
    try:
        for _ in range(300):
            try:
                ws = await connect(served.ws(game_id), local_addr=(ATTACKER["sockets"], 0), open_timeout=10)
                opened.append(ws)
                attack.count("accepted")
            except Exception as exc:
                attack.count(type(exc).__name__)
        await stop.wait()
    finally:
        await asyncio.gather(*(ws.close() for ws in opened), return_exceptions=True)


async def under_attack(
    served: Server, kind: str, bystander: Bystander, moves: int, warm: float = 1.0
) -> tuple[list[float], list[float], Attack]:
    """The bystander's reply times and the health probes' times while ``kind`` runs (after ``warm``
    seconds of it), and what the attackers got."""
    stop = asyncio.Event()
    attack = Attack()
    async with _client(ATTACKER["hints"]) as http:
        victim = await _create(http, served.http, 99)
    if kind == "hints":
        tasks = [_hint_socket(served, victim["id"], victim["tokens"]["0"], attack, stop) for _ in range(8)]
    elif kind == "replays":
        record = long_record()
        tasks = [_replays(served, record, attack, stop) for _ in range(6)]
    else:
        tasks = [_silent_sockets(served, victim["id"], attack, stop)]
    running = [asyncio.create_task(t) for t in tasks]
    await asyncio.sleep(warm)
    probes = asyncio.create_task(health_probes(served.http, stop))
    try:
        replies = await bystander.moves(moves)
    finally:
        stop.set()
    health = await probes
    for task in running:
        task.cancel()
    await asyncio.gather(*running, return_exceptions=True)
    return replies, health, attack


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")
