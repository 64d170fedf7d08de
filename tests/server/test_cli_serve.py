"""`masterbuilder serve`: a thin command; without the web extra it says how to install it."""

from __future__ import annotations

import sys

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
