"""The real server in a subprocess: whole games between separate socket clients with a spectator that never
gets hidden information, and kill -9 in the middle of a game."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from masterbuilder import State, load_record, new_game
from masterbuilder.core.board import draw_board
from masterbuilder.server.tables import log_names
from tests.server.live import Seen, Server, create_game, hello, play, running_server, start_server

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("live")
    # one board process: the spectator's boards are drawn there (the other servers draw in-process)
    with running_server(
        f"sqlite:///{folder / 'games.db'}", folder / "server.log", "--board-workers", "1"
    ) as s:
        yield s


def child_pids(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def states_by_ply(record: dict[str, Any]) -> list[State]:
    state = new_game(record["game"], record["players"], record["seed"], record["options"])
    states = [state.clone()]
    for action in record["actions"]:
        state.apply(action)
        states.append(state.clone())
    return states


@pytest.mark.parametrize(("game", "players"), [("builders", 2), ("caylus", 3), ("caylus1303", 4)])
def test_a_whole_game_between_separate_clients(server: Server, game: str, players: int) -> None:
    # random play rarely ends The Builders before its round cap (100): a cap of 20 rounds keeps it short
    options = {"round_limit": 20} if game == "builders" else {}
    made = create_game(
        server, game=game, players=players, options=options, join=list(range(players)), seed=21
    )
    gid, tokens = made["id"], made["tokens"]
    seen = {seat: Seen() for seat in range(players)}
    watcher = Seen()

    async def run() -> None:
        url = server.ws(gid)
        # the spectator takes the SVG board too, as the page does
        spectator = asyncio.create_task(play(url, None, random.Random(0), watcher, board=True))
        await asyncio.sleep(0.2)  # the spectator is in before the first move
        await asyncio.gather(*(play(url, tokens[str(s)], random.Random(s), seen[s]) for s in range(players)))
        await asyncio.wait_for(spectator, 30)

    asyncio.run(run())
    record = httpx.get(f"{server.http}/api/games/{gid}/record").json()
    states = states_by_ply(record)
    final = states[-1]
    assert final.is_terminal and load_record(record) == final
    assert sum(s.moves for s in seen.values()) == len(record["actions"])

    # every seat saw its own view; the spectator only what anyone may see
    for seat, got in [*seen.items(), (None, watcher)]:
        assert got.states[-1]["status"] == "finished" and got.states[-1]["result"]["scores"] == final.scores()
        plies = [m["ply"] for m in got.states]
        assert plies == sorted(plies)
        for message in got.states:
            truth = states[message["ply"]]
            assert message["view"] == truth.view(seat), (seat, message["ply"])
            if message["board"] is not None and message["ply"] % 5 == 0:
                names = log_names([s["name"] for s in message["seats"]])  # as the page's panel names them
                assert seat is None and message["board"] == draw_board(truth, None, names)  # for a spectator
            if seat is None or truth.current_player != seat:
                assert message["legal"] == []
    assert len(watcher.states) > len(record["actions"]) // 2
    live = [m for m in watcher.states if m["status"] != "finished"]
    if game == "builders":
        assert all(m["view"]["worker_deck_top"] is None for m in live)
    if game == "caylus1303":
        assert all(p["prestige"] is None for m in live for p in m["view"]["players"])
        for seat, got in seen.items():
            for m in got.states:
                if m["status"] != "finished":
                    hidden = [p["prestige"] for p in m["view"]["players"] if p["seat"] != seat]
                    assert hidden == [None] * (players - 1)
    # the log, put together from the updates, is every move once
    log: list[dict[str, Any]] = []
    for message in watcher.states:
        log = message["log"] if message["full"] else log + message["log"]
    assert [e["ply"] for e in log] == list(range(len(record["actions"])))


def test_kill_9_loses_no_acknowledged_move(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    first = start_server(db, tmp_path / "server.log")
    try:
        made = create_game(
            first,
            game="caylus1303",
            players=3,
            seed=8,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}],
            join=[0],
        )
        gid, token = made["id"], made["tokens"]["0"]
        before = Seen()
        asyncio.run(play(first.ws(gid), token, random.Random(3), before, stop_after=6))
        acknowledged = [e for m in before.states for e in m["log"]]
        assert len(acknowledged) >= 6

        async def move_and_kill() -> int:
            """Send a move and SIGKILL the server at once: that move may or may not have been stored."""
            async with connect(first.ws(gid)) as ws:
                message = await hello(ws, token)
                while message["to_move"] != 0:
                    message = json.loads(await ws.recv())
                await ws.send(
                    json.dumps({"type": "act", "action": message["legal"][0]["id"], "ply": message["ply"]})
                )
                first.kill()
                return int(message["ply"])

        children = child_pids(first.process.pid)  # its bot workers, after the bots' moves above
        assert children
        sent_at = asyncio.run(move_and_kill())
        deadline = time.monotonic() + 15
        while any(Path(f"/proc/{pid}").exists() for pid in children) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in children if Path(f"/proc/{pid}").exists()], "workers outlived the server"
    finally:
        if first.process.poll() is None:
            first.kill()
    second = start_server(db, tmp_path / "server.log")
    try:
        after = Seen()

        async def reconnect() -> dict[str, Any]:
            async with connect(second.ws(gid)) as ws:
                return await hello(ws, token)

        picture = asyncio.run(reconnect())
        assert picture["full"] is True and picture["ply"] >= sent_at
        stored = {e["ply"]: (e["seat"], e["text"]) for e in picture["log"]}
        for entry in acknowledged:
            assert stored[entry["ply"]] == (entry["seat"], entry["text"])
        # the game goes on: the bots move again, and the game can be played to the end
        asyncio.run(play(second.ws(gid), token, random.Random(4), after))
        assert after.states[-1]["status"] == "finished"
        record = httpx.get(f"{second.http}/api/games/{gid}/record").json()
        assert load_record(record).is_terminal
        bot_moves_after = [e for e in after.states[-1]["log"] if e["seat"] != 0 and e["ply"] > sent_at]
        assert bot_moves_after
    finally:
        second.process.terminate()
        second.process.wait(10)
