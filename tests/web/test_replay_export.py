"""The replay page reads a `masterbuilder db export` file (a record a line): it offers the games, and replays
the one chosen."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from masterbuilder import new_game
from tests.web.conftest import Server, shoot, wait_ply

pytestmark = pytest.mark.slow


def record(game: str, seed: int, game_id: str) -> dict[str, Any]:
    state = new_game(game, players=2, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    return {**state.record(), "names": ["Ann", "Bob"], "id": game_id, "finished": "2026-11-27T10:00:00+00:00"}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_export_file_offers_its_games(
    server: Server, new_context: Any, tmp_path: Path, artifacts: Path, lang: str
) -> None:
    games = [record("builders", 2, "g1builders"), record("caylus", 3, "g2caylus")]
    path = tmp_path / "games.jsonl"
    path.write_text("".join(json.dumps(g) + "\n" for g in games))
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.goto(f"{server.url}/replay")
    page.wait_for_selector("body[data-ready='1']")
    page.set_input_files("#mb-file", str(path))
    page.wait_for_selector("#mb-pick:not(.hidden)")
    options = page.locator("#mb-pick option").all_inner_texts()
    assert options[1:] == ["g1builders · builders · 2026-11-27", "g2caylus · caylus · 2026-11-27"]
    assert options[0] == (
        "This file holds several games: choose one"
        if lang == "en"
        else "Diese Datei enthält mehrere Spiele: wähle eines"
    )
    shoot(page, artifacts, f"replay-export-{lang}")
    page.select_option("#mb-pick", "1")
    wait_ply(page, len(games[1]["actions"]))
    assert "Bob" in page.locator("#mb-log").inner_text()
