"""`masterbuilder serve`: a thin command; without the web extra it says how to install it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from masterbuilder.cli import app


def test_serve_without_the_extra_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fastapi", None)  # import fastapi now raises ImportError
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 1
    assert result.output.strip() == "The web table needs its extra: pip install 'masterbuilder[web]'"


def test_serve_checks_its_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2 and "--port" in result.output
    assert "database URL" in CliRunner().invoke(app, ["serve", "--help"]).output.replace(
        "Database URL", "database URL"
    )


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from masterbuilder.server import Settings

    monkeypatch.setenv("MASTERBUILDER_DB", "sqlite:///x.db")
    monkeypatch.setenv("MASTERBUILDER_ORIGINS", "https://a.example,https://b.example")
    monkeypatch.setenv("MASTERBUILDER_BOT_WORKERS", "3")
    monkeypatch.setenv("MASTERBUILDER_BOARD_WORKERS", "0")
    monkeypatch.setenv("MASTERBUILDER_BOT_TIMEOUT", "2.5")
    settings = Settings.from_env()
    assert settings.url() == "sqlite:///x.db"
    assert settings.allowed_origins == ("https://a.example", "https://b.example")
    assert (settings.bot_workers, settings.board_workers, settings.bot_timeout) == (3, 0, 2.5)


def test_the_default_database_is_in_the_user_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from masterbuilder.server.settings import default_db_url

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_db_url()
    assert url == f"sqlite:///{tmp_path / 'masterbuilder' / 'masterbuilder.db'}"
    assert (tmp_path / "masterbuilder").is_dir()
