"""Bytes per update per connection with boards sent as changes (issue 31): for each game, one game of
human seats played with random legal moves over the server's sockets (FastAPI's TestClient, in process),
every seat and a spectator connected as the page connects (``"changes": true``). For every state message
after the first it counts the text's bytes, and the bytes permessage-deflate would put on the wire (a
deflate stream per connection with context takeover, 12 window bits as the server negotiates), and
compares with the same message had it carried the whole board; and the median time to compute one
connection's changes (split and compare, as the server does once per seat and language).

    PYTHONPATH=src python benchmarks/bench_board_changes.py --moves 60
    PYTHONPATH=src python benchmarks/bench_board_changes.py --games caylus --players 4 --moves 100
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
import zlib
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from masterbuilder.server.app import create_app
from masterbuilder.server.board_changes import Drawing, apply_changes, changes
from masterbuilder.server.settings import Settings


class Wire:
    """The compressed size of each message of one connection (permessage-deflate, context takeover)."""

    def __init__(self) -> None:
        self.stream = zlib.compressobj(wbits=-12)

    def size(self, text: str) -> int:
        data = self.stream.compress(text.encode()) + self.stream.flush(zlib.Z_SYNC_FLUSH)
        return len(data) - 4  # the deflate frame drops the sync flush's final 00 00 ff ff


def play(client: TestClient, game: str, players: int, moves: int, seed: int) -> dict[str, list[float]]:
    made = client.post(
        "/api/games", json={"game": game, "players": players, "seed": seed, "join": list(range(players))}
    ).json()
    gid, tokens = made["id"], made["tokens"]
    seats: list[int | None] = [*range(players), None]
    sizes: dict[str, list[float]] = {"text": [], "wire": [], "whole": [], "whole_wire": [], "ms": []}
    rng = random.Random(seed)
    sockets = [client.websocket_connect(f"/ws/games/{gid}") for _ in seats]
    opened = [s.__enter__() for s in sockets]
    try:
        wires = [Wire() for _ in seats]
        whole_wires = [Wire() for _ in seats]
        boards: list[str] = []
        drawings: list[Drawing] = []  # the server's side: the changes' cost, each drawing split once
        seen: list[dict[str, Any]] = []  # the last state message of each connection
        for ws, seat, wire, whole_wire in zip(opened, seats, wires, whole_wires, strict=True):
            token = None if seat is None else tokens[str(seat)]
            ws.send_json({"type": "hello", "token": token, "changes": True})
            text = ws.receive_text()
            wire.size(text)
            whole_wire.size(text)
            seen.append(json.loads(text))
            boards.append(seen[-1]["board"]["svg"])
            drawings.append(Drawing(boards[-1]))
        for _ in range(moves):
            if seen[0]["status"] != "live":
                break
            mover = seen[0]["to_move"]
            action = rng.choice([a["id"] for a in seen[mover]["legal"]])
            opened[mover].send_json({"type": "act", "action": action, "ply": seen[0]["ply"]})
            for i, (sock, wire, whole_wire) in enumerate(zip(opened, wires, whole_wires, strict=True)):
                text = sock.receive_text()
                message = json.loads(text)
                assert message["type"] == "state", message
                sizes["text"].append(len(text.encode()))
                sizes["wire"].append(wire.size(text))
                whole = dict(message)
                if "changes" in message["board"]:
                    boards[i] = apply_changes(boards[i], message["board"]["changes"])
                else:
                    boards[i] = message["board"]["svg"]
                whole["board"] = {"svg": boards[i], "panel": message["board"]["panel"]}
                drawing = Drawing(boards[i])
                begin = time.perf_counter()
                changes(drawings[i], drawing)
                sizes["ms"].append((time.perf_counter() - begin) * 1000)
                drawings[i] = drawing
                whole_text = json.dumps(whole, separators=(",", ":"))
                sizes["whole"].append(len(whole_text.encode()))
                sizes["whole_wire"].append(whole_wire.size(whole_text))
                seen[i] = message
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="caylus,caylus1303,builders")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--moves", type=int, default=60, help="moves per game (fewer if it ends)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("game         updates  median B (text, wire)  whole board B (text, wire)  changes ms  s")
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            db_url=f"sqlite:///{Path(folder) / 'bench.db'}",
            board_workers=0,
            bot_workers=1,
            work_workers=0,
            hint_workers=0,
            rate=10_000.0,
            burst=10_000,
            requests_per_second=10_000.0,
            request_burst=10_000,
            allowed_hosts=("testserver",),
        )
        with TestClient(create_app(settings)) as client:
            for game in args.games.split(","):
                start = time.perf_counter()
                sizes = play(client, game, args.players, args.moves, args.seed)
                took = time.perf_counter() - start
                med = {k: statistics.median(v) for k, v in sizes.items()}
                print(
                    f"{game:12} {len(sizes['text']):7}  {med['text']:8.0f} {med['wire']:8.0f}"
                    f"        {med['whole']:10.0f} {med['whole_wire']:8.0f}  {med['ms']:10.1f}  {took:5.1f}"
                )


if __name__ == "__main__":
    main()
