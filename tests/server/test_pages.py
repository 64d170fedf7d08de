"""The pages' routes without a browser: HTML, static files, the message catalog, the rules data, replays of
records and of server games, and the score timeline (finished games only)."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masterbuilder import new_game
from masterbuilder.server import Settings, create_app
from masterbuilder.server.pages import WEB_ROOT, catalog, split_rules_notes

DOCS_NOTES = Path(__file__).resolve().parents[2] / "docs" / "rules-notes.md"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pages") / "pages.db"
    url = f"sqlite:///{db}"
    settings = Settings(db_url=url, bot_workers=1, allowed_hosts=("testserver",), work_workers=0)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def finished_record(game: str, seed: int) -> dict[str, Any]:
    state = new_game(game, players=2, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    record = state.record()
    record["names"] = ["Ann", "Bob"]
    return record


@pytest.mark.parametrize("path", ["/", "/play/abc", "/replay", "/replay/abc", "/rules/caylus"])
def test_pages_are_html(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/' in response.text


def test_static_files_and_what_is_not_served(client: TestClient) -> None:
    js = client.get("/static/js/table.js")
    assert js.status_code == 200 and js.headers["content-type"].startswith("text/javascript")
    assert client.get("/static/css/site.css").headers["content-type"].startswith("text/css")
    for bad in (
        "/static/../server/pages.py",
        "/static/%2e%2e/server/pages.py",
        "/static/js/nothing.js",
        "/static/js",
    ):
        response = client.get(bad)
        assert response.status_code == 404, bad
        assert "detail" in response.json()
    assert client.get("/rules/chess").status_code == 404


def test_every_page_string_is_in_the_catalog() -> None:
    """t("key"), data-i18n="key" and the dynamic families the pages use all have an English text."""
    messages = catalog("en")
    used: set[str] = set()
    for path in WEB_ROOT.rglob("*"):
        if path.suffix in (".js", ".html"):
            text = path.read_text(encoding="utf-8")
            used |= set(re.findall(r'\btn?\("([a-z0-9_.]+)"', text))
            used |= set(re.findall(r'data-i18n(?:-[a-z]+)?="([a-z0-9_.]+)"', text))
            used |= set(re.findall(r'\["((?:score|res)\.[a-z_]+)"', text))
    assert used and not used - messages.keys(), sorted(used - messages.keys())
    for family in (
        "status.open",
        "status.live",
        "status.finished",
        "level.easy",
        "level.hard",
        "lobby.none_live",
    ):
        assert family in messages
    for value in messages.values():  # a text, or a counted message's forms by plural category
        forms = value.values() if isinstance(value, dict) else [value]
        assert all(isinstance(form, str) for form in forms)
    assert all(isinstance(messages[key], dict) for key in ("lobby.play_against", "chart.moves"))


@pytest.mark.parametrize("game", ["builders", "caylus", "caylus1303"])
def test_rules_data(client: TestClient, game: str) -> None:
    data = client.get(f"/api/pages/rules/{game}").json()
    assert data["game"] == game
    assert "<strong>" in data["summary_html"] and "End of the game" in data["summary_html"]
    assert "<table>" in data["notes_html"]  # the rule decisions are a table per game
    assert "<script" not in data["notes_html"] + data["summary_html"]
    assert client.get(f"/api/pages/rules/{game}?lang=../x").status_code == 422


@pytest.mark.parametrize("lang", ["pl", "de", "ro"])
@pytest.mark.parametrize("game", ["builders", "caylus", "caylus1303"])
def test_the_rules_page_in_each_language(client: TestClient, game: str, lang: str) -> None:
    data = client.get(f"/api/pages/rules/{game}?lang={lang}").json()
    english = client.get(f"/api/pages/rules/{game}?lang=en").json()
    assert data["summary_html"] != english["summary_html"] and data["notes_html"] != english["notes_html"]
    assert "<table>" in data["notes_html"] and "<script" not in data["notes_html"] + data["summary_html"]


@pytest.mark.parametrize("lang", ["pl", "de", "ro"])
@pytest.mark.parametrize("game", ["builders", "caylus", "caylus1303"])
def test_translated_rule_decisions_have_every_decision_of_the_english(game: str, lang: str) -> None:
    """A decision added to docs/rules-notes.md must reach the translations: the same row ids (C1, D3, ...)
    and the same code spans in each language."""
    english = (WEB_ROOT / "rules" / "notes" / f"{game}.md").read_text(encoding="utf-8")
    translated = (WEB_ROOT / "rules" / lang / f"{game}-notes.md").read_text(encoding="utf-8")
    rows = re.compile(r"^\| ([A-Z]\d+[a-z]?) \|", re.MULTILINE)
    assert rows.findall(translated) == rows.findall(english)
    code = re.compile(r"`[^`]+`")
    assert sorted(code.findall(translated)) == sorted(code.findall(english))


def test_rule_decisions_shipped_match_the_docs() -> None:
    """web/rules/notes/ is a copy of docs/rules-notes.md's sections (the package has no docs/). To refresh,
    run ``masterbuilder.server.pages.write_rules_notes()`` from the repository's root."""
    if not DOCS_NOTES.exists():
        pytest.skip("no docs/ next to the tests (an installed package)")
    sections = split_rules_notes(DOCS_NOTES.read_text(encoding="utf-8"))
    assert set(sections) == {"builders", "caylus", "caylus1303"}
    for game, text in sections.items():
        assert (WEB_ROOT / "rules" / "notes" / f"{game}.md").read_text(encoding="utf-8") == text, game


@pytest.mark.parametrize("game", ["builders", "caylus", "caylus1303"])
def test_uploaded_record_replay_frames_and_timeline(client: TestClient, game: str) -> None:
    record = finished_record(game, 3)
    total = len(record["actions"])
    data = client.post("/api/pages/records/replay", json=record).json()
    assert data["total"] == total and data["finished"] and data["names"] == ["Ann", "Bob"]
    assert [entry["ply"] for entry in data["log"]] == list(range(total))
    assert all(entry["text"] and entry["name"] in ("Ann", "Bob") for entry in data["log"])
    final = new_game(game, players=2, seed=3)
    for action in record["actions"]:
        final.apply(action)
    assert len(data["scores"]) == total + 1 and data["scores"][-1] == final.scores()
    for ply in (0, total // 2, total):
        frame = client.post(f"/api/pages/records/frames/{ply}", json=record).json()
        assert frame["ply"] == ply and frame["total"] == total
        assert frame["board"]["svg"].startswith("<svg") and frame["board"]["panel"] == []
        assert 'data-action="' not in frame["board"]["svg"]  # a replay shows no moves to take
    assert client.post(f"/api/pages/records/frames/{total + 1}", json=record).status_code == 404


def test_bad_records_are_refused_with_a_reason(client: TestClient) -> None:
    record = finished_record("caylus", 4)
    cases: list[Any] = [
        [1, 2],
        {"game": "caylus"},
        {**record, "actions": ["x"]},
        {**record, "actions": [*record["actions"], 0]},
        {**record, "game": "chess"},
    ]
    for bad in cases:
        response = client.post("/api/pages/records/replay", json=bad)
        assert response.status_code == 422, bad
        detail = response.json()["detail"]
        assert isinstance(detail, str) and detail[0].isupper(), detail  # a sentence for people


def wait_for(client: TestClient, game_id: str, status: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        summary: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == status:
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)


def test_server_game_replay_and_timeline(client: TestClient) -> None:
    bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
    created = client.post(
        "/api/games", json={"game": "caylus", "players": 2, "seed": 5, "seats": bots}
    ).json()
    summary = wait_for(client, created["id"], "finished")
    base = f"/api/pages/games/{created['id']}"
    data = client.get(f"{base}/replay").json()
    assert data["finished"] and data["total"] == summary["ply"] == len(data["log"])
    timeline = client.get(f"{base}/timeline").json()
    assert timeline["scores"][-1] == summary["scores"] and len(timeline["scores"]) == summary["ply"] + 1
    frame = client.get(f"{base}/frames/{summary['ply']}").json()
    assert frame["to_move"] is None and frame["board"]["svg"].startswith("<svg")
    assert client.get("/api/pages/games/nosuchgame/replay").status_code == 404


def test_a_live_game_shows_no_scores_and_only_spectator_frames(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = client.post(
        "/api/games", json={"game": "caylus1303", "players": 2, "seed": 2, "seats": seats, "join": [0, 1]}
    ).json()
    state = new_game("caylus1303", players=2, seed=2)
    with client.websocket_connect(f"/ws/games/{created['id']}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": created["tokens"]["0"]}))
        ws.receive_json()
        with client.websocket_connect(f"/ws/games/{created['id']}") as ws1:
            ws1.send_text(json.dumps({"type": "hello", "token": created["tokens"]["1"]}))
            ws1.receive_json()
            for _ in range(12):
                seat = state.current_player
                action = state.legal_action_ids()[-1]
                (ws if seat == 0 else ws1).send_text(
                    json.dumps({"type": "act", "action": action, "ply": len(state.history)})
                )
                state.apply(action)
                ws.receive_json()
                ws1.receive_json()
    base = f"/api/pages/games/{created['id']}"
    assert client.get(f"{base}/timeline").status_code == 409
    data = client.get(f"{base}/replay").json()
    assert not data["finished"] and data["total"] == 12 and "scores" not in data
    frame = client.get(f"{base}/frames/12").json()
    assert frame["view"] == state.view(None)
    assert all(p["prestige"] is None for p in frame["view"]["players"])  # rules: Caylus 1303, hidden prestige
