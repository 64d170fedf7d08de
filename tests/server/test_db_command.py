"""`masterbuilder db`: check, backup (a live SQLite server's database, restored into a new server that lists
the same games) and export (finished games as JSON lines that `replay` and the replay page read)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from masterbuilder import load_record
from masterbuilder.cli import app
from tests.server.conftest import make_client

pytestmark = pytest.mark.slow  # a whole bot game on a server


def wait_finished(client: TestClient, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while True:
        summary: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
        if summary["status"] == "finished":
            return summary
        assert time.monotonic() < deadline, summary
        time.sleep(0.05)


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, Path, dict[str, Any]]]:
    """A server on a SQLite file with a finished bot game and an open game, still running."""
    db = tmp_path_factory.mktemp("db") / "games.db"
    with make_client(f"sqlite:///{db}") as client:
        bots = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
        played = client.post("/api/games", json={"game": "caylus", "players": 2, "seed": 5, "seats": bots})
        summary = wait_finished(client, played.json()["id"])
        client.post("/api/games", json={"game": "builders", "players": 2, "seats": [{"kind": "human"}] * 2})
        yield client, db, summary


def games_of(client: TestClient) -> list[tuple[str, str, int]]:
    listed = client.get("/api/games", params={"per_page": 100}).json()["games"]
    return sorted((g["id"], g["status"], g["ply"]) for g in listed)


def db(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["db", *args])
    return result.exit_code, result.output


def test_check_counts_the_games(live: tuple[TestClient, Path, dict[str, Any]]) -> None:
    _client, path, summary = live
    code, output = db("check", "--db", f"sqlite:///{path}")
    assert code == 0, output
    assert "(the newest)" in output
    assert f"Games: 1 open, 0 live, 1 finished; {summary['ply']} moves" in output


def test_backup_of_a_live_server_restores(
    live: tuple[TestClient, Path, dict[str, Any]], tmp_path: Path
) -> None:
    client, path, _summary = live
    copy = tmp_path / "backup.db"
    code, output = db("backup", str(copy), "--db", f"sqlite:///{path}")
    assert code == 0 and str(copy) in output, output
    with make_client(f"sqlite:///{copy}") as restored:
        assert games_of(restored) == games_of(client)
    code, output = db("backup", str(copy), "--db", f"sqlite:///{path}")  # never over an existing file
    assert code == 3 and output.count("\n") == 1 and "exists already" in output, output


def test_export_records_replay(live: tuple[TestClient, Path, dict[str, Any]], tmp_path: Path) -> None:
    client, path, summary = live
    out = tmp_path / "games.jsonl"
    code, output = db("export", str(out), "--db", f"sqlite:///{path}")
    assert code == 0 and "Wrote 1 finished game" in output, output
    lines = out.read_text().splitlines()
    assert len(lines) == 1
    record = json.loads(lines[0])
    assert record["id"] == summary["id"] and record["names"] == ["random", "random"]
    assert load_record(record).scores() == summary["scores"]
    # the terminal's replay, with the game picked by its id
    result = CliRunner().invoke(app, ["replay", str(out), "--game", summary["id"], "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    # the replay page's upload
    replayed = client.post("/api/pages/records/replay", json=record)
    assert replayed.status_code == 200 and replayed.json()["total"] == summary["ply"]


def test_replay_asks_which_game_of_several(tmp_path: Path) -> None:
    records = tmp_path / "two.jsonl"
    one = {"game": "builders", "players": 2, "seed": 1, "options": {}, "actions": [], "id": "a1"}
    records.write_text(json.dumps(one) + "\n" + json.dumps({**one, "id": "b2"}) + "\n")
    result = CliRunner().invoke(app, ["replay", str(records), "--no-pause"])
    assert result.exit_code == 2 and "holds 2 games" in result.output and "--game" in result.output
    result = CliRunner().invoke(app, ["replay", str(records), "--game", "zz", "--no-pause"])
    assert result.exit_code == 2 and "no game zz" in result.output


def test_postgresql_backup_is_the_pg_dump_line(tmp_path: Path) -> None:
    from masterbuilder.server import dbtools

    line = dbtools.backup("postgresql+psycopg://club:secret@db.example/club", tmp_path / "club.dump")
    assert (
        line == f"pg_dump --format=custom --file {tmp_path / 'club.dump'} postgresql://club@db.example/club"
    )
    spaced = dbtools.backup("postgresql://club@db.example/club?sslmode=require", Path("my club.dump"))
    assert (
        spaced
        == "pg_dump --format=custom --file 'my club.dump' 'postgresql://club@db.example/club?sslmode=require'"
    )


def test_a_missing_database_is_one_line(tmp_path: Path) -> None:
    for command in (["check"], ["export"], ["backup", str(tmp_path / "b.db")]):
        code, output = db(*command, "--db", f"sqlite:///{tmp_path / 'none.db'}")
        assert code == 3 and output.count("\n") == 1 and "no database" in output, output
    code, output = db("check", "--db", "mysql://u@h/db")
    assert code == 3 and "not supported" in output
