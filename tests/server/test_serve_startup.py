"""`masterbuilder serve`'s start-up checks: each problem is one line and its documented exit code, before any
address is printed, and no traceback unless --log-level debug."""

from __future__ import annotations

import os
import socket
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from masterbuilder.cli import app
from masterbuilder.server import startup
from masterbuilder.server.settings import Settings


def serve(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, ["serve", "--port", "18590", *args])
    return result.exit_code, result.output.splitlines()


def one_line(args: list[str], code: int, *words: str) -> str:
    exit_code, lines = serve(*args)
    assert exit_code == code, lines
    assert len(lines) == 1, lines
    assert lines[0].startswith("Error: ") and "Traceback" not in lines[0], lines
    for word in words:
        assert word in lines[0], lines
    return lines[0]


def test_a_database_url_that_is_not_one() -> None:
    one_line(["--db", "notaurl"], startup.EXIT_DATABASE, "not a database URL", "sqlite:///PATH")


def test_an_unsupported_database_is_named() -> None:
    one_line(["--db", "mysql://user@localhost/club"], startup.EXIT_DATABASE, "mysql", "not supported")


def test_an_unreachable_postgresql() -> None:
    with socket.socket() as closed:  # a port where nothing listens
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    line = one_line(
        ["--db", f"postgresql://club:secret@127.0.0.1:{port}/club"], startup.EXIT_DATABASE, "Cannot use"
    )
    assert "secret" not in line


def test_a_data_directory_that_cannot_be_created(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    db = f"sqlite:///{tmp_path / 'file' / 'sub' / 'games.db'}"
    one_line(["--db", db], startup.EXIT_DATA_DIR, "data directory", "Not a directory")


def test_the_default_data_directory_that_cannot_be_created(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "data").write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    one_line([], startup.EXIT_DATA_DIR, "data directory")


@pytest.fixture
def read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder no file can be created in (root may write anywhere: then the file system says no)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    if os.geteuid() == 0:

        def refuse(*args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(tempfile, "TemporaryFile", refuse)
    yield folder
    folder.chmod(0o700)


def test_a_read_only_data_directory(read_only: Path) -> None:
    one_line(["--db", f"sqlite:///{read_only / 'games.db'}"], startup.EXIT_DATA_DIR, "Permission denied")


def test_a_read_only_database(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    startup.database(f"sqlite:///{path}")  # a database at the newest schema
    read_only = f"sqlite:///file:{path}?mode=ro&uri=true"
    one_line(["--db", read_only], startup.EXIT_DATABASE, "readonly")


def test_a_taken_port_names_another(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'g.db'}"
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", db])
    lines = result.output.splitlines()
    assert result.exit_code == startup.EXIT_PORT and len(lines) == 1, lines
    assert f"--port {port + 1}" in lines[0] and "http://" not in lines[0]


def test_a_bad_public_address() -> None:
    one_line(["--public-url", "play.example.org"], 2, "--public-url")
    one_line(["--public-url", "https://example.org/mb"], 2, "no path")
    one_line(["--public-url", "http://example.org:port"], 2, "--public-url")


def test_debug_shows_the_traceback_too() -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "mysql://u@h/db", "--log-level", "debug"])
    assert result.exit_code == startup.EXIT_DATABASE
    assert "Traceback" in result.output and result.output.rstrip().splitlines()[-1].startswith("Error: ")


def test_the_checks_leave_a_database_at_the_newest_schema_and_writable(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    startup.database(f"sqlite:///{path}")
    with sqlite3.connect(path) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        version = connection.execute("SELECT version_num FROM alembic_version").fetchall()
    assert {"games", "seats", "moves", "alembic_version"} <= tables
    assert len(version) == 1


def test_urls_are_normalised() -> None:
    assert startup.public_url("https://play.example.org/") == "https://play.example.org"
    assert startup.public_url("http://mb.test:18555") == "http://mb.test:18555"
    assert startup.database_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert startup.database_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"


def test_the_public_address_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MASTERBUILDER_PUBLIC_URL", "https://play.example.org")
    assert Settings.from_env().public_url == "https://play.example.org"
    one_line(["--db", "notaurl"], startup.EXIT_DATABASE)  # the variable is read, and checked, by serve too
    monkeypatch.setenv("MASTERBUILDER_PUBLIC_URL", "ftp://x")
    one_line([], 2, "--public-url")


def test_lan_addresses_leave_out_the_loopback() -> None:
    for address in startup.lan_addresses():
        assert not address.startswith("127.") and address != "::1"
