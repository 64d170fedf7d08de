"""Turn-based clocks survive kill -9: a real `masterbuilder serve` on a test clock
(MASTERBUILDER_CLOCK_OFFSET_FILE) is killed mid-game; restarted, the banks and the turn are as before, and a
timeout that fell due while it was down is applied at start."""

from __future__ import annotations

import asyncio
import json
import os
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import connect

from tests.server.live import Server, create_game, hello, start_server

CLOCK = {"kind": "turn", "bank": 3600, "increment": 600, "cap": 7200, "bot": "random"}
# a fixed port for the servers (MASTERBUILDER_TEST_PORT) when the machine's ports are shared out; else any
PORT = int(os.environ.get("MASTERBUILDER_TEST_PORT", "0")) or None


def summary(server: Server, gid: str) -> dict[str, Any]:
    answer = httpx.get(f"{server.http}/api/games/{gid}", timeout=10)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


async def move(server: Server, gid: str, token: str) -> dict[str, Any]:
    async with connect(server.ws(gid)) as ws:
        state = await hello(ws, token)
        await ws.send(json.dumps({"type": "act", "action": state["legal"][0]["id"], "ply": state["ply"]}))
        answer: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), 30))
        assert answer["type"] == "state", answer
        return answer


@pytest.mark.slow
def test_kill_9_keeps_the_clocks_and_a_timeout_due_meanwhile_is_applied_at_start(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    offset = tmp_path / "clock-offset"
    offset.write_text("0")
    monkeypatch.setenv("MASTERBUILDER_CLOCK_OFFSET_FILE", str(offset))
    monkeypatch.setenv("MASTERBUILDER_CLOCK_CHECK", "0.2")
    log = tmp_path / "serve.log"
    server = start_server(db_url, log, port=PORT)
    try:
        made = create_game(server, game="builders", players=2, join=[0, 1], seed=7, clock=CLOCK)
        gid, tokens = made["id"], made["tokens"]
        for k in range(3):  # three turns, each 20 minutes of test time
            offset.write_text(str(1200 * (k + 1)))
            to_move = summary(server, gid)["to_move"]
            asyncio.run(move(server, gid, tokens[str(to_move)]))
        before = summary(server, gid)
        assert before["ply"] == 3 and before["clock"]["running"] == before["to_move"]
        server.kill()

        server = start_server(db_url, log, port=PORT)
        after = summary(server, gid)
        running = before["to_move"]
        assert (after["ply"], after["to_move"], after["status"]) == (3, running, "live")
        assert after["clock"]["running"] == running
        waiting = 1 - running
        assert after["clock"]["left"][waiting] == before["clock"]["left"][waiting]
        # the running seat lost only the real seconds the restart took
        lost = before["clock"]["left"][running] - after["clock"]["left"][running]
        assert 0 <= lost < 60_000, (before["clock"], after["clock"])
        server.kill()

        # while the server is down, the running seat's time runs out
        offset.write_text(str(3600 + 4 * 3600))
        server = start_server(db_url, log, port=PORT)
        deadline = time.monotonic() + 10
        stopped = summary(server, gid)
        while stopped["clock"]["timed_out"] is None and time.monotonic() < deadline:
            time.sleep(0.1)
            stopped = summary(server, gid)
        assert stopped["clock"]["timed_out"] == running, stopped
        assert stopped["clock"]["left"][running] == 0 and stopped["clock"]["choosers"] == [waiting]
        server.kill()

        # the timed-out state is stored too: the other player still chooses after another restart
        server = start_server(db_url, log, port=PORT)
        assert summary(server, gid)["clock"]["timed_out"] == running
        answer = httpx.post(
            f"{server.http}/api/games/{gid}/timeout",
            json={"choice": "abandon"},
            headers={"Authorization": f"Bearer {tokens[str(waiting)]}"},
            timeout=10,
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["ended"] == "abandoned" and answer.json()["winners"] == [waiting]
    finally:
        if server.process.poll() is None:
            server.kill()
