"""The web table's move log in every language: random games of Caylus and Caylus 1303 played through the
server's sockets, with a reader in English, Polish, German and Romanian from the first move. Each move is
summarised once per language read, and every language gets the lines the English log has."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import WebSocketTestSession

from masterbuilder import new_game
from masterbuilder.core.i18n import Text, use_language
from tests.server.conftest import create, make_client

READERS = ("en", "pl", "de", "ro")


def fallback_prefix(lang: str) -> str:
    """How Caylus's summariser starts its "Also: …" line (changes no event explains) in ``lang``."""
    with use_language(lang):
        return Text("caylus")("Also: {items}", items="\x00").split("\x00")[0]


def hello(ws: WebSocketTestSession, lang: str, token: str | None) -> None:
    ws.send_json({"type": "hello", "lang": lang, "board": False, **({"token": token} if token else {})})
    assert ws.receive_json()["type"] == "state"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "seed"), [("caylus", 3), ("caylus1303", 4)])
def test_every_language_logs_what_english_does(tmp_path: Path, game: str, seed: int) -> None:
    logs: dict[str, list[dict[str, Any]]] = {lang: [] for lang in READERS}
    with make_client(f"sqlite:///{tmp_path / 'g.db'}") as client:
        made = create(client, game=game, players=2, join=[0, 1], seed=seed)
        state = new_game(game, 2, seed)
        rng = random.Random(seed)
        path = f"/ws/games/{made['id']}"
        with (
            client.websocket_connect(path) as en,
            client.websocket_connect(path) as pl,
            client.websocket_connect(path) as de,
            client.websocket_connect(path) as ro,
        ):
            # seat 0 reads English, seat 1 Polish; German and Romanian watch
            sockets: dict[str, WebSocketTestSession] = {"en": en, "pl": pl, "de": de, "ro": ro}
            tokens = {"en": made["tokens"]["0"], "pl": made["tokens"]["1"]}
            for lang, ws in sockets.items():
                hello(ws, lang, tokens.get(lang))
            while not state.is_terminal:
                seat = state.current_player
                action = rng.choice(state.legal_action_ids())
                (en if seat == 0 else pl).send_json({"type": "act", "action": action, "ply": len(logs["en"])})
                state.apply(action)
                for lang, ws in sockets.items():
                    update = ws.receive_json()
                    assert update["type"] == "state", update
                    logs[lang] += update["log"]
    english = logs["en"]
    assert len(english) > 100 and sum(len(entry["events"]) for entry in english) > 50
    for lang in READERS[1:]:
        log = logs[lang]
        assert [e["ply"] for e in log] == [e["ply"] for e in english]
        counts = [(e["ply"], len(e["events"])) for e in log]
        assert counts == [(e["ply"], len(e["events"])) for e in english], lang
        also = fallback_prefix(lang)
        assert not [line for e in log for line in e["events"] if line.startswith(also)], lang
        assert any(e["events"] != en_entry["events"] for e, en_entry in zip(log, english, strict=True))
