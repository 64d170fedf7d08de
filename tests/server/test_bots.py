"""Bots on the server: the pool and its fallback, bot replies over the socket, undo, hints, rematch."""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from masterbuilder import new_game
from masterbuilder.server import Settings
from masterbuilder.server.bots import BotPool
from tests.server.conftest import create, make_client
from tests.server.test_socket import hello


def test_pool_falls_back_to_the_heuristic(caplog: pytest.LogCaptureFixture) -> None:
    state = new_game("caylus", 3, 5)
    rng = random.Random(0)
    for _ in range(12):
        state.apply(rng.choice(state.legal_action_ids()))
    legal = state.legal_action_ids()

    async def run() -> None:
        pool = BotPool(workers=1, timeout=20.0)
        try:
            fine = await pool.choose(state.record(), "random", 1, legal)
            assert fine.bot == "random" and fine.note is None and fine.action in legal
            with caplog.at_level(logging.WARNING, "masterbuilder.server.bots"):
                crashed = await pool.choose(state.record(), "no-such-bot", 1, legal)
                assert crashed.bot == "heuristic" and crashed.action in legal
                assert crashed.note is not None and "no-such-bot" in crashed.note
                slow = await pool.choose(state.record(), "mcts:hard", 1, legal, timeout=0.01)
                assert slow.bot == "heuristic" and slow.note is not None and "time limit" in slow.note
            assert sum("heuristic bot moved instead" in r.getMessage() for r in caplog.records) == 2
        finally:
            pool.close()

    asyncio.run(run())


def test_hint_uses_the_strong_bot_by_default() -> None:
    assert Settings().hint_bot == "mcts:hard"


def play_until_my_turn(ws: WebSocketTestSession, seat: int) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        assert message["type"] == "state", message
        if message["to_move"] == seat or message["status"] == "finished":
            message_: dict[str, Any] = message
            return message_


def test_against_bots_with_undo_hint_and_rematch(db_url: str) -> None:
    with make_client(db_url, hint_bot="heuristic") as client:
        made = create(
            client,
            game="builders",
            players=3,
            seed=4,
            seats=[{"kind": "bot", "bot": "random"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            join=[1],
            name="Ann",
        )
        gid, token = made["id"], made["tokens"]["1"]
        rng = random.Random(2)
        with client.websocket_connect(f"/ws/games/{gid}") as ws:
            message = hello(ws, token)
            if message["to_move"] != 1:
                message = play_until_my_turn(ws, 1)
            assert message["hint_allowed"] is True and message["can_undo"] is False
            ws.send_json({"type": "hint"})
            hint = ws.receive_json()
            assert hint["type"] == "hint" and hint["ply"] == message["ply"]
            assert hint["action"] in {a["id"] for a in message["legal"]}
            assert hint["label"] and hint["description"]

            # two decisions of mine, with the bots' replies in between
            before_second: dict[str, Any] = {}
            for turn in range(2):
                start_ply = message["ply"]
                if turn == 1:
                    before_second = message
                while True:
                    choice = rng.choice(message["legal"])["id"]
                    ws.send_json({"type": "act", "action": choice, "ply": message["ply"]})
                    message = ws.receive_json()
                    assert message["type"] == "state", message
                    if message["to_move"] != 1:
                        break
                assert message["ply"] > start_ply
                message = play_until_my_turn(ws, 1)
            assert message["can_undo"] is True
            ply_now = message["ply"]
            ws.send_json({"type": "undo"})
            undone = ws.receive_json()
            assert undone["type"] == "state" and undone["full"] is True
            assert undone["ply"] == before_second["ply"] and undone["view"] == before_second["view"]
            assert undone["to_move"] == 1 and undone["legal"] == before_second["legal"]
            assert len(undone["log"]) == undone["ply"]

            audit = client.portal.call(client.app.state.tables.undone, gid)  # type: ignore[union-attr, attr-defined]
            assert [m["ply"] for m in audit] == list(range(undone["ply"], ply_now))
            assert all(m["undone_by"] == 1 for m in audit)

            # play the game out: random moves for me, the bots answer
            message = undone
            while message["status"] != "finished":
                if message["to_move"] == 1:
                    choice = rng.choice(message["legal"])["id"]
                    ws.send_json({"type": "act", "action": choice, "ply": message["ply"]})
                message = ws.receive_json()
                assert message["type"] == "state", message
            assert message["result"]["winners"]
            assert message["can_undo"] is False and message["legal"] == []
        record = client.get(f"/api/games/{gid}/record").json()
        state = new_game("builders", 3, 4)
        for action in record["actions"]:
            state.apply(action)
        assert state.is_terminal and record == state.record()
        summary = client.get(f"/api/games/{gid}").json()
        assert summary["status"] == "finished" and summary["scores"] == state.scores()

        again = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {token}"})
        assert again.status_code == 201, again.text
        rematch = again.json()
        assert rematch["game"]["status"] == "live" and set(rematch["tokens"]) == {"1"}
        assert [s["bot"] for s in rematch["game"]["seats"]] == ["random", None, "heuristic"]
        assert client.get(f"/api/games/{gid}").json()["rematch"] == rematch["id"]
        nobody = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": "Bearer x"})
        assert nobody.status_code == 401


def test_rematch_between_people_and_the_second_asker_joins(sqlite_url: str) -> None:
    with make_client(sqlite_url) as client:
        made = create(client, game="caylus1303", players=2, join=[0, 1], seed=3)
        gid, tokens = made["id"], made["tokens"]
        early = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {tokens['0']}"})
        assert early.status_code == 409
        state = new_game("caylus1303", 2, 3)
        rng = random.Random(1)
        sockets: dict[int, WebSocketTestSession] = {}
        with (
            client.websocket_connect(f"/ws/games/{gid}") as s0,
            client.websocket_connect(f"/ws/games/{gid}") as s1,
        ):
            sockets = {0: s0, 1: s1}
            for k, ws in sockets.items():
                hello(ws, tokens[str(k)])
            while not state.is_terminal:
                seat = state.current_player
                assert seat is not None
                action = rng.choice(state.legal_action_ids())
                sockets[seat].send_json({"type": "act", "action": action, "ply": len(state.history)})
                state.apply(action)
                for ws in sockets.values():
                    assert ws.receive_json()["ply"] == len(state.history)
        first = client.post(
            f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {tokens['1']}"}
        ).json()
        assert first["game"]["status"] == "open" and set(first["tokens"]) == {"1"}
        assert first["invites"] == {"0": f"/play/{first['id']}?seat=0"}
        second = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {tokens['0']}"})
        assert second.status_code == 201 and second.json()["id"] == first["id"]
        assert client.get(f"/api/games/{first['id']}").json()["status"] == "live"
