"""The server at people's pace (issue 31): an open loop in which each live game moves every ``pace`` seconds
whatever the server's speed, every seat connected as the table page connects (SVG boards, as changes after the
first, permessage-deflate offered), on the real server (``masterbuilder serve`` in a subprocess).

Each game's moves are due at fixed times (the games' clocks spread over one period); at its time the seat to
move sends a random legal move. Latency is measured from the time the move was due to the mover's update (if
the update of the game's previous move had not come by then, the wait counts too: no coordinated omission).
It reports p50/p99/max, moves per second, bytes per update per connection after the first (the message text,
and deflated as on the wire), the share of the whole boards among the updates, CPU per move of the
server's process (event loop and its threads) and of its worker processes (the board pool) apart, the RSS of
both, and the errors (error messages, closed sockets, moves not answered by the end).

    PYTHONPATH=src python benchmarks/bench_server.py --pace 5 --game caylus --players 4 --games 200,1000
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import time
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from tests.server.live import Server
from websockets.asyncio.client import ClientConnection, connect


@dataclass
class Paced:
    games: int
    pace: float
    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # bytes of each update after the first, per connection
    wire: list[int] = field(default_factory=list)  # the same deflated
    wholes: int = 0  # of those, the updates that carried the whole board
    errors: int = 0
    unopened: int = 0  # games whose sockets did not all open (or say hello) before the start
    moves: int = 0
    counting: bool = False


@dataclass
class Seat:
    ws: ClientConnection
    state: dict[str, Any]
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    wire: Any = field(default_factory=lambda: zlib.compressobj(wbits=-12))


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of one process (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's worker pools)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS"):
            return int(line.split()[1]) / 1024
    return 0.0


def cpu_of(pid: int) -> tuple[float, float]:
    """(the server's process, its children) CPU seconds."""
    workers = 0.0
    for child in children(pid):
        try:
            workers += process_cpu(child)
        except OSError:
            continue
    return process_cpu(pid), workers


async def open_games(server: Server, game: str, players: int, count: int) -> list[tuple[str, dict[str, str]]]:
    async with httpx.AsyncClient(base_url=server.http, timeout=120) as http:
        made: list[tuple[str, dict[str, str]]] = []

        async def make(k: int) -> None:
            body = {"game": game, "players": players, "join": list(range(players)), "seed": k}
            response = await http.post("/api/games", json=body)
            response.raise_for_status()
            data = response.json()
            made.append((data["id"], data["tokens"]))

        for start in range(0, count, 16):
            await asyncio.gather(*(make(k) for k in range(start, min(count, start + 16))))
        return made


async def reader(seat: Seat, run: Paced) -> None:
    try:
        async for text in seat.ws:
            message = json.loads(text)
            if message.get("type") != "state":
                run.errors += run.counting
                continue
            data = text.encode() if isinstance(text, str) else text
            # as permessage-deflate puts it on the wire (context takeover, 12 window bits, as negotiated)
            wire = len(seat.wire.compress(data) + seat.wire.flush(zlib.Z_SYNC_FLUSH)) - 4
            if run.counting:
                run.sizes.append(len(data))
                run.wire.append(wire)
                run.wholes += "svg" in (message.get("board") or {})
            seat.state = message
            seat.arrived.set()
    except Exception:
        run.errors += run.counting


async def open_seats(
    server: Server, gid: str, tokens: dict[str, str], players: int, run: Paced
) -> list[Seat]:
    """Every seat of the game connected as the page connects (its first message: the whole board)."""
    seats: list[Seat] = []
    try:
        for seat in range(players):
            ws = await connect(server.ws(gid), max_size=None, compression="deflate", open_timeout=300)
            await ws.send(json.dumps({"type": "hello", "token": tokens[str(seat)], "changes": True}))
            first = await ws.recv()
            seats.append(Seat(ws, json.loads(first)))
            data = first.encode() if isinstance(first, str) else first
            seats[-1].wire.compress(data)  # the deflate context the updates after it are sent in
            seats[-1].wire.flush(zlib.Z_SYNC_FLUSH)
    except Exception:
        run.unopened += 1
        for s in seats:
            await s.ws.close()
        return []
    return seats


async def play(gid: str, seats: list[Seat], run: Paced, start: float, stop: float) -> None:
    rng = random.Random(gid)
    readers = [asyncio.create_task(reader(s, run)) for s in seats]
    due = start + rng.uniform(0, run.pace)  # the games' clocks spread over one period
    try:
        while due < stop:
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            mover = seats[seats[0].state["to_move"]]
            ply = mover.state["ply"]
            if mover.state["status"] != "live" or not mover.state["legal"]:
                break
            action = rng.choice(mover.state["legal"])["id"]
            mover.arrived.clear()
            await mover.ws.send(json.dumps({"type": "act", "action": action, "ply": ply}))
            while mover.state["ply"] <= ply:
                try:
                    await asyncio.wait_for(mover.arrived.wait(), max(0.01, stop + 10 - time.monotonic()))
                except TimeoutError:
                    run.errors += run.counting  # not answered 10 s after the end
                    return
                mover.arrived.clear()
            if run.counting:
                run.latencies.append(time.monotonic() - due)
                run.moves += 1
            while any(s.state["ply"] <= ply for s in seats):  # every seat's update in, before the next
                if time.monotonic() > stop + 10:
                    run.errors += 1
                    return
                await asyncio.sleep(0.01)
            due += run.pace
    finally:
        for s in seats:
            await s.ws.close()
        for task in readers:
            task.cancel()


async def measure_paced(
    server: Server, game: str, players: int, games: int, pace: float, seconds: float, db: str
) -> dict[str, Any]:
    made = await open_games(server, game, players, games)
    run = Paced(games, pace)
    opened: list[tuple[str, list[Seat]]] = []
    for first in range(0, len(made), 50):  # every socket open before the clocks start
        batch = made[first : first + 50]
        found = await asyncio.gather(
            *(open_seats(server, gid, tokens, players, run) for gid, tokens in batch)
        )
        opened += [(gid, seats) for (gid, _), seats in zip(batch, found, strict=True) if seats]
    warm = pace  # one period of play before counting
    start = time.monotonic() + 1.0
    stop = start + warm + seconds
    tasks = [asyncio.create_task(play(gid, seats, run, start, stop)) for gid, seats in opened]
    await asyncio.sleep(max(0.0, start + warm - time.monotonic()))
    run.counting = True
    pid = server.process.pid
    (loop0, work0), begun = cpu_of(pid), time.monotonic()
    await asyncio.sleep(max(0.0, stop - time.monotonic()))
    (loop1, work1), elapsed = cpu_of(pid), time.monotonic() - begun
    rss = rss_mb(pid)
    workers_rss = sum(rss_mb(c) for c in children(pid))
    run.counting = False
    await asyncio.gather(*tasks, return_exceptions=True)
    lat = sorted(run.latencies)

    def pct(p: float) -> float:
        return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1) if lat else float("nan")

    moves = max(1, run.moves)
    return {
        "db": db,
        "game": game,
        "players": players,
        "games": games,
        "pace_s": pace,
        "seconds": round(elapsed, 1),
        "moves": run.moves,
        "moves_per_s": round(run.moves / elapsed, 1),
        "p50_ms": pct(0.50),
        "p99_ms": pct(0.99),
        "max_ms": round(1000 * lat[-1], 1) if lat else float("nan"),
        "errors": run.errors,
        "games_unopened": run.unopened,
        "update_bytes_median": int(statistics.median(run.sizes)) if run.sizes else 0,
        "update_wire_median": int(statistics.median(run.wire)) if run.wire else 0,
        "whole_boards": round(run.wholes / max(1, len(run.sizes)), 3),
        "loop_ms_per_move": round(1000 * (loop1 - loop0) / moves, 2),
        "workers_ms_per_move": round(1000 * (work1 - work0) / moves, 2),
        "server_cpu": round((loop1 - loop0) / elapsed, 2),
        "workers_cpu": round((work1 - work0) / elapsed, 2),
        "rss_mb": round(rss),
        "workers_rss_mb": round(workers_rss),
        "load": round(os.getloadavg()[0], 1),
    }
