"""Benchmark of the web table's server: the real server (``masterbuilder serve`` in a subprocess) and N
concurrent games of real WebSocket clients over loopback, making random legal moves with no think time.

Reports moves per second, the p50 / p99 latency from sending a move to receiving its update on the same
socket, and the server's memory (resident set at the end and its peak). ``--bots`` measures instead how
many bot moves per second the server's process pool sustains (mcts:medium, heuristic).

    PYTHONPATH=src python benchmarks/bench_server.py --games 50,200,500 --seconds 20
    PYTHONPATH=src python benchmarks/bench_server.py --db postgresql+psycopg://USER@HOST/DB --games 50,200,500
    PYTHONPATH=src python benchmarks/bench_server.py --bots --seconds 20
    PYTHONPATH=src python benchmarks/bench_server.py --pace 5 --game caylus --players 4 --games 200,1000

``--pace T`` is the open loop at people's pace instead (benchmarks/bench_pace.py): each game moves every T
seconds whatever the server's speed, every seat connected as the page connects (boards as changes).

Games are 2-player games of The Builders (long enough that none ends during a run); every client asks for
no SVG board unless --board is given. The clients run in this process, on the same machine as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.live import Server, start_server

from bench_pace import measure_paced


@dataclass
class Run:
    games: int
    db: str
    seconds: float
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    finished: int = 0

    def result(self, server: Server) -> dict[str, Any]:
        lat = sorted(self.latencies)

        def pct(p: float) -> float:
            return round(1000 * lat[min(len(lat) - 1, int(p * len(lat)))], 1) if lat else float("nan")

        status = Path(f"/proc/{server.process.pid}/status").read_text()
        memory = {
            line.split(":")[0]: int(line.split()[1]) // 1024
            for line in status.splitlines()
            if line.startswith(("VmRSS", "VmHWM"))
        }
        return {
            "db": self.db,
            "games": self.games,
            "seconds": self.seconds,
            "moves": self.moves,
            "moves_per_s": round(self.moves / self.seconds, 1),
            "p50_ms": pct(0.50),
            "p99_ms": pct(0.99),
            "max_ms": round(1000 * lat[-1], 1) if lat else float("nan"),
            "errors": self.errors,
            "games_finished": self.finished,
            "rss_mb": memory.get("VmRSS"),
            "peak_rss_mb": memory.get("VmHWM"),
        }


async def client(url: str, token: str, seed: int, run: Run, stop: float, board: bool, think: float) -> None:
    rng = random.Random(seed)
    async with connect(url, max_size=None, compression=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "board": board}))
        message = json.loads(await ws.recv())
        sent_at: float | None = None
        sent_ply = -1
        while time.monotonic() < stop:
            if message.get("type") == "state":
                if sent_at is not None and message["ply"] > sent_ply:
                    run.latencies.append(time.monotonic() - sent_at)
                    run.moves += 1
                    sent_at = None
                if message["status"] == "finished":
                    run.finished += 1
                    return
                if message["to_move"] == message["seat"] and message["legal"] and sent_at is None:
                    if think > 0:  # a person's pause: exponential, ``think`` seconds on average
                        await asyncio.sleep(rng.expovariate(1 / think))
                    choice = rng.choice(message["legal"])["id"]
                    sent_ply = message["ply"]
                    sent_at = time.monotonic()
                    await ws.send(json.dumps({"type": "act", "action": choice, "ply": sent_ply}))
            else:
                run.errors += 1
                sent_at = None
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.01, stop - time.monotonic())))
            except TimeoutError:
                return


async def open_games(server: Server, count: int) -> list[tuple[str, dict[str, str]]]:
    async with httpx.AsyncClient(base_url=server.http, timeout=60) as http:
        made = []
        for k in range(count):
            body = {"game": "builders", "players": 2, "join": [0, 1], "seed": k}
            response = await http.post("/api/games", json=body)
            response.raise_for_status()
            data = response.json()
            made.append((data["id"], data["tokens"]))
        return made


async def measure(
    server: Server, games: int, seconds: float, db: str, board: bool, think: float = 0.0, warm: float = 2.0
) -> dict[str, Any]:
    made = await open_games(server, games)
    run = Run(games, db, seconds)
    stop = time.monotonic() + warm + seconds
    tasks = [
        asyncio.create_task(
            client(server.ws(gid), tokens[str(seat)], hash((gid, seat)), run, stop, board, think)
        )
        for gid, tokens in made
        for seat in (0, 1)
    ]
    await asyncio.sleep(warm)  # every socket open and the first moves made before counting
    run.moves, run.latencies, run.errors = 0, [], 0
    server_cpu, client_cpu, start = cpu_seconds(server.process.pid), time.process_time(), time.monotonic()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - start
    result = run.result(server)
    # the share of one core each side used: on a shared machine, who was waiting for the CPU
    result["server_cpu"] = round((cpu_seconds(server.process.pid) - server_cpu) / elapsed, 2)
    result["client_cpu"] = round((time.process_time() - client_cpu) / elapsed, 2)
    return result


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds a process has used (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def fresh_database(db: str, folder: Path) -> str:
    if db == "sqlite":
        return f"sqlite:///{folder / 'bench.db'}"
    base = make_url(db)
    name = f"mbbench_{os.getpid()}_{int(time.time())}"
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def bench_tables(
    db: str, counts: list[int], seconds: float, board: bool, think: float = 0.0, warm: float = 2.0
) -> list[dict[str, Any]]:
    results = []
    for count in counts:
        with tempfile.TemporaryDirectory() as folder:
            url = fresh_database(db, Path(folder))
            workers = str(os.cpu_count() or 1)  # the server's default board pool (the test helper's is 0)
            server = start_server(
                url, Path(folder) / "server.log", "--log-level", "warning", "--board-workers", workers
            )
            try:
                kind = "sqlite" if db == "sqlite" else "postgresql"
                result = asyncio.run(measure(server, count, seconds, kind, board, think, warm))
            finally:
                server.process.terminate()
                server.process.wait(20)
            result["board"] = board
            result["think_s"] = think
            print(json.dumps(result), flush=True)
            results.append(result)
    return results


def bench_paced(
    db: str, counts: list[int], game: str, players: int, pace: float, seconds: float, port: int | None
) -> list[dict[str, Any]]:
    results = []
    for k, count in enumerate(counts):
        with tempfile.TemporaryDirectory() as folder:
            url = fresh_database(db, Path(folder))
            workers = str(os.cpu_count() or 1)  # the server's default board pool
            server = start_server(
                url,
                Path(folder) / "server.log",
                "--log-level",
                "warning",
                "--board-workers",
                workers,
                port=None if port is None else port + k,  # the last run's server may still be closing
            )
            try:
                kind = "sqlite" if db == "sqlite" else "postgresql"
                result = asyncio.run(measure_paced(server, game, players, count, pace, seconds, kind))
                print(json.dumps(result), flush=True)
                results.append(result)
            finally:
                server.process.terminate()
                try:
                    server.process.wait(60)
                except subprocess.TimeoutExpired:
                    server.kill()
    return results


def bench_bots(seconds: float, workers: int | None) -> list[dict[str, Any]]:
    """Bot moves per second of the server's pool, every worker busy: positions from random games."""
    from masterbuilder import new_game
    from masterbuilder.server.bots import BotPool

    async def run(bot: str, game: str) -> dict[str, Any]:
        pool = BotPool(workers)
        await pool.warm_up()
        rng = random.Random(1)
        positions = []
        for k in range(64):
            state = new_game(game, 3, k)
            for _ in range(rng.randrange(10, 80)):
                if state.is_terminal:
                    break
                state.apply(rng.choice(state.legal_action_ids()))
            if not state.is_terminal:
                positions.append(state)
        done = 0
        stop = time.monotonic() + seconds

        async def worker(k: int) -> None:
            nonlocal done
            while time.monotonic() < stop:
                state = positions[(k + done) % len(positions)]
                decision = await pool.choose(state.record(), bot, k, state.legal_action_ids(), timeout=60)
                assert decision.note is None, decision.note
                done += 1

        start = time.monotonic()
        await asyncio.gather(*(worker(k) for k in range(pool.workers * 2)))
        elapsed = time.monotonic() - start
        pool.close()
        return {
            "bot": bot,
            "game": game,
            "workers": pool.workers,
            "moves": done,
            "moves_per_s": round(done / elapsed, 2),
        }

    results = []
    for bot in ("heuristic", "mcts:medium"):
        for game in ("builders", "caylus", "caylus1303"):
            result = asyncio.run(run(bot, game))
            print(json.dumps(result), flush=True)
            results.append(result)
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--db",
        default="sqlite",
        help="sqlite (a fresh file) or a PostgreSQL URL (a fresh database is made on it)",
    )
    parser.add_argument("--games", default="50,200,500", help="live games, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured seconds per run")
    parser.add_argument(
        "--board", action="store_true", help="clients ask for the SVG board, as the page does"
    )
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean seconds a client waits before each move"
    )
    parser.add_argument("--warm", type=float, default=2.0, help="seconds of play before measuring")
    parser.add_argument("--bots", action="store_true", help="measure the bot pool instead")
    parser.add_argument("--workers", type=int, default=None, help="bot processes (default: one per core)")
    parser.add_argument("--pace", type=float, default=None, help="seconds between a game's moves: open loop")
    parser.add_argument("--game", default="builders", help="with --pace: caylus, caylus1303 or builders")
    parser.add_argument("--players", type=int, default=4, help="with --pace: seats per game, all connected")
    parser.add_argument("--port", type=int, default=None, help="the server's port (default: a free one)")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args()
    if args.bots:
        results = bench_bots(args.seconds, args.workers)
    elif args.pace is not None:
        counts = [int(n) for n in args.games.split(",") if n]
        results = bench_paced(args.db, counts, args.game, args.players, args.pace, args.seconds, args.port)
    else:
        counts = [int(n) for n in args.games.split(",") if n]
        results = bench_tables(args.db, counts, args.seconds, args.board, args.think, args.warm)
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
