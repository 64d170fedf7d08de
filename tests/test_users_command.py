"""`masterbuilder users`: list, reset-password, disable and enable the web table's accounts."""

from __future__ import annotations

from pathlib import Path

import pytest
from argon2 import PasswordHasher
from sqlalchemy import Engine, insert
from typer.testing import CliRunner

from masterbuilder.cli import app
from masterbuilder.server import accounts
from masterbuilder.server.db import games, make_engine, seats, sessions, upgrade
from masterbuilder.server.store import now

CHEAP = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
runner = CliRunner()


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "hasher", CHEAP)


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A server's database with two accounts; ann has a seat in one game and a session."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    engine = make_engine(url)
    upgrade(engine)
    ann = accounts.create_user(engine, "Ann", accounts.hash_password("correct horse"), "ann@example.org")
    accounts.create_user(engine, "bob", accounts.hash_password("correct horse"), None)
    add_game(engine, ann.id)
    accounts.new_session(engine, ann.id, 1)
    engine.dispose()
    return url


def add_game(engine: Engine, user_id: int) -> None:
    moment = now()
    with engine.begin() as conn:
        conn.execute(
            insert(games).values(
                id="g1",
                game="builders",
                players=2,
                seed=1,
                options={},
                status="open",
                ply=0,
                version=1,
                created=moment,
                updated=moment,
            )
        )
        conn.execute(
            insert(seats),
            [
                {
                    "game_id": "g1",
                    "seat": 0,
                    "kind": "human",
                    "name": "Ann",
                    "taken": True,
                    "user_id": user_id,
                },
                {
                    "game_id": "g1",
                    "seat": 1,
                    "kind": "human",
                    "name": "seat 1",
                    "taken": False,
                    "user_id": None,
                },
            ],
        )


def signs_in(url: str, name: str, password: str) -> bool:
    engine = make_engine(url)
    try:
        found = accounts.find_user(engine, name)
        return found is not None and not found[0].disabled and accounts.password_ok(found[1], password)
    finally:
        engine.dispose()


def sessions_of(url: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return len(conn.execute(sessions.select()).all())
    finally:
        engine.dispose()


def test_list(db: str) -> None:
    result = runner.invoke(app, ["users", "list", "--db", db, "--lang", "en"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("Ann ") and lines[0].endswith("1 game")
    assert lines[1].startswith("bob ") and lines[1].endswith("0 games")
    assert "argon2" not in result.output and "example.org" not in result.output


def test_reset_password(db: str) -> None:
    result = runner.invoke(app, ["users", "reset-password", "ANN", "--db", db, "--lang", "en"])
    assert result.exit_code == 0, result.output
    password = result.output.strip().rsplit(" ", 1)[-1]
    assert "shown only this once" in result.output and len(password) >= 12
    assert signs_in(db, "ann", password) and not signs_in(db, "ann", "correct horse")
    assert sessions_of(db) == 0
    typed = runner.invoke(
        app, ["users", "reset-password", "ann", "--password-stdin", "--db", db], input="battery staple\n"
    )
    assert typed.exit_code == 0 and "battery staple" not in typed.output
    assert signs_in(db, "ann", "battery staple")
    short = runner.invoke(
        app, ["users", "reset-password", "ann", "--password-stdin", "--db", db], input="x\n"
    )
    assert short.exit_code != 0 and "8 to 256" in short.output
    assert signs_in(db, "ann", "battery staple")


def test_disable_enable(db: str) -> None:
    assert runner.invoke(app, ["users", "disable", "ann", "--db", db]).exit_code == 0
    assert not signs_in(db, "ann", "correct horse") and sessions_of(db) == 0
    assert "disabled" in runner.invoke(app, ["users", "list", "--db", db, "--lang", "en"]).output
    assert runner.invoke(app, ["users", "enable", "ann", "--db", db]).exit_code == 0
    assert signs_in(db, "ann", "correct horse")


def test_problems_are_one_line(db: str, tmp_path: Path) -> None:
    unknown = runner.invoke(app, ["users", "disable", "zed", "--db", db, "--lang", "en"])
    assert unknown.exit_code == 3 and unknown.output.strip() == "Error: There is no account named 'zed'."
    missing = runner.invoke(
        app, ["users", "list", "--db", f"sqlite:///{tmp_path / 'none.db'}", "--lang", "en"]
    )
    assert missing.exit_code == 3 and len(missing.output.strip().splitlines()) == 1
    assert "Traceback" not in missing.output
