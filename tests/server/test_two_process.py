"""Two server processes on one PostgreSQL database: clients on both play one game; updates cross between
the processes by LISTEN/NOTIFY, and the game's row lock lets only one of two simultaneous moves through."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from masterbuilder import load_record, new_game
from tests.server.conftest import make_client
from tests.server.live import Seen, Server, create_game, hello, play, running_server
from tests.server.test_socket import hello as socket_hello

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


def test_one_game_on_two_processes(pg_db: str, tmp_path: Path) -> None:
    """Clients of one game on both processes: its chat and its moves cross between them; of one move sent
    through both at once, one is applied."""
    with (
        running_server(pg_db, tmp_path / "a.log") as a,
        running_server(pg_db, tmp_path / "b.log") as b,
    ):
        made = create_game(a, game="caylus1303", players=3, join=[0, 1, 2], seed=5)
        gid, tokens = made["id"], made["tokens"]
        assert httpx.get(f"{b.http}/api/games/{gid}").json()["status"] == "live"
        first = new_game("caylus1303", 3, 5).current_player
        assert first is not None

        async def race() -> list[dict[str, object]]:
            """The seat to move sends the same move through both processes at once: one is applied."""
            async with connect(a.ws(gid)) as on_a, connect(b.ws(gid)) as on_b:
                start = await hello(on_a, tokens[str(first)])
                await hello(on_b, tokens[str(first)])
                move = json.dumps({"type": "act", "action": start["legal"][0]["id"], "ply": 0})
                await asyncio.gather(on_a.send(move), on_b.send(move))
                answers: list[dict[str, object]] = []

                async def listen(ws: ClientConnection) -> None:
                    while True:
                        answers.append(json.loads(await ws.recv()))

                listeners = [asyncio.create_task(listen(ws)) for ws in (on_a, on_b)]
                for _ in range(200):  # each socket gets the move; the second move is refused
                    states = [m for m in answers if m["type"] == "state" and m["ply"] == 1]
                    if len(states) == 2 and len(answers) >= 3:
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.3)  # nothing more arrives
                for task in listeners:
                    task.cancel()
                return answers

        answers = asyncio.run(race())
        errors = [m for m in answers if m["type"] == "error"]
        assert [m["code"] for m in errors] in (["stale"], ["not_your_turn"], ["illegal"]), answers
        assert httpx.get(f"{a.http}/api/games/{gid}").json()["ply"] == 1

        seen = {seat: Seen() for seat in range(3)}
        watchers = {"a": Seen(), "b": Seen()}

        async def game() -> None:
            spectators = [
                asyncio.create_task(play(a.ws(gid), None, random.Random(0), watchers["a"])),
                asyncio.create_task(play(b.ws(gid), None, random.Random(0), watchers["b"])),
            ]
            servers = [a, b, a]  # seats 0 and 2 on one process, seat 1 on the other
            await asyncio.gather(
                *(play(servers[s].ws(gid), tokens[str(s)], random.Random(s), seen[s]) for s in range(3))
            )
            await asyncio.wait_for(asyncio.gather(*spectators), 30)

        asyncio.run(game())
        record = httpx.get(f"{b.http}/api/games/{gid}/record").json()
        final = load_record(record)
        assert final.is_terminal
        assert len(record["actions"]) == 1 + sum(s.moves for s in seen.values()) - sum(
            1 for s in seen.values() for e in s.errors if e["code"] in ("stale", "not_your_turn")
        )
        for seat, got in seen.items():
            assert got.states[-1]["result"]["scores"] == final.scores()
            assert got.states[-1]["view"] == final.view(seat)
        for got in watchers.values():
            assert got.states[-1]["status"] == "finished" and got.states[-1]["view"] == final.view(None)
        assert httpx.get(f"{a.http}/api/games/{gid}").json() == httpx.get(f"{b.http}/api/games/{gid}").json()
        chat_across(a, b, gid, tokens)  # the chat crosses between the processes too (after the game: the
        # players above take any message that is not a state for an error)


def test_a_process_takes_over_the_bot_of_a_process_that_stopped(pg_db: str) -> None:
    """Process A stores a person's move but never runs the bot that follows (as if it died); process B,
    which saw the move come, lets the bot move once the bot's time is well past."""
    seed = next(s for s in range(50) if new_game("caylus", 2, s).current_player == 0)
    with make_client(pg_db, bot_timeout=0.5) as a, make_client(pg_db, bot_timeout=0.5) as b:
        a.app.state.tables.bots_enabled = False  # type: ignore[attr-defined]
        b.app.state.tables.takeover_grace = 0.0  # type: ignore[attr-defined]
        made = a.post(
            "/api/games",
            json={
                "game": "caylus",
                "players": 2,
                "seed": seed,
                "join": [0],
                "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}],
            },
        ).json()
        gid, token = made["id"], made["tokens"]["0"]
        with a.websocket_connect(f"/ws/games/{gid}") as on_a, b.websocket_connect(f"/ws/games/{gid}") as on_b:
            message = socket_hello(on_a, token)
            socket_hello(on_b, None)
            while message["to_move"] == 0:
                on_a.send_json({"type": "act", "action": message["legal"][0]["id"], "ply": message["ply"]})
                message = on_a.receive_json()
            bot_turn = message["ply"]
            update = on_b.receive_json()
            while update["ply"] <= bot_turn:  # B's clients see A's moves, then B's bot move
                update = on_b.receive_json()
            assert update["log"][-1]["seat"] == 1


def chat_across(a: Server, b: Server, gid: str, tokens: dict[str, str]) -> None:
    """A message written through process A reaches a player and a spectator connected to process B, once."""

    async def chat() -> list[list[dict[str, object]]]:
        async with (
            connect(a.ws(gid)) as writer,
            connect(b.ws(gid)) as reader,
            connect(b.ws(gid)) as spectator,
        ):
            await hello(writer, tokens["0"])
            await hello(reader, tokens["1"])
            await hello(spectator, None)
            await writer.send(json.dumps({"type": "chat", "text": "hello from A"}))
            got = []
            for ws in (reader, spectator):
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert message["type"] == "chat", message
                got.append(message["messages"])
                with contextlib.suppress(TimeoutError):  # and it comes only once
                    again = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                    raise AssertionError(f"a second message came: {again}")
            return got

    for messages in asyncio.run(chat()):
        assert [(m["seat"], m["text"]) for m in messages] == [(0, "hello from A")]
