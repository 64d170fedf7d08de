"""``masterbuilder board``: a game's board at a position, as the web table draws it, written as SVG or PNG."""

from __future__ import annotations

import json
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from typer.testing import CliRunner

from masterbuilder import new_game
from masterbuilder.cli import app

runner = CliRunner()


def test_a_played_position_is_written_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "caylus.svg"
    result = runner.invoke(
        app, ["board", "caylus", "-p", "3", "--seed", "7", "--moves", "40", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "move 40" in result.output
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg") and "board-caylus" in root.get("class", "")


def test_a_record_is_drawn_at_a_chosen_ply(tmp_path: Path) -> None:
    state = new_game("builders", 2, 3)
    for _ in range(12):
        state.apply(state.legal_action_ids()[0])
    record = tmp_path / "game.json"
    record.write_text(json.dumps(state.record()), encoding="utf-8")
    out = tmp_path / "b.svg"
    result = runner.invoke(
        app, ["board", "--record", str(record), "--ply", "5", "--seat", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "move 5" in result.output and "seat 1" in result.output
    ET.fromstring(out.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["board", "chess"], "Unknown game 'chess'"),
        (["board", "caylus", "--out", "x.gif"], "must end in .svg or .png"),
        (["board", "caylus", "--seat", "7"], "There is no seat 7"),
        (["board", "caylus", "--bots", "nobody"], "Unknown bot 'nobody'"),
        (["board"], "Name a game"),
    ],
)
def test_bad_requests_say_what_is_wrong(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, args + (["--out", str(tmp_path / "x.svg")] if "--out" not in args else []))
    assert result.exit_code != 0
    assert message in result.output
    assert not (tmp_path / "x.svg").exists()


def test_a_bad_ply_is_refused(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(new_game("caylus", 2, 1).record()), encoding="utf-8")
    result = runner.invoke(
        app, ["board", "--record", str(record), "--ply", "3", "--out", str(tmp_path / "x.svg")]
    )
    assert result.exit_code != 0 and "--ply must be from 0 to 0" in result.output


def test_a_png_is_rendered_by_chromium(tmp_path: Path) -> None:
    if shutil.which("chromium") is None and not os.environ.get("CI"):
        pytest.skip("Chromium is not installed here (CI installs it)")
    out = tmp_path / "c1303.png"
    result = runner.invoke(app, ["board", "caylus1303", "--moves", "30", "--out", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
