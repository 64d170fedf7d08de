"""The terminal game in each language, as a person sees it: the table, the log, the menu of moves, help,
a refusal and the end, with no English sentence left; in Polish also captured as a picture
(``test-artifacts/terminal-<game>-pl.png``) through headless Chromium."""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from masterbuilder import new_game
from masterbuilder.agents import make_agent
from masterbuilder.core.i18n import use_language
from masterbuilder.ui.terminal import Ending, TerminalTable

ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
# English sentences the terminal prints in English; none may show in another language
ENGLISH = re.compile(
    r"\b(the|your|you|and|or|to play|Place|Pass|Take|Build|Hire|Send|worker|workers|round|turn|seat)\b"
)


def answers(*lines: str) -> Iterator[str]:
    yield from lines
    raise EOFError


def play(game: str, code: str, lines: tuple[str, ...]) -> tuple[Console, Ending]:
    state = new_game(game, 3, seed=4)
    console = Console(
        file=io.StringIO(), record=True, width=130, force_terminal=True, color_system="truecolor"
    )
    script = answers(*lines)
    bots = {seat: make_agent("heuristic", game, seat) for seat in (1, 2)}
    with use_language(code):
        names = ["you", "heuristic", "heuristic"]
        table = TerminalTable(state, names, console, ask=lambda prompt: next(script))
        ending = table.play(bots)
    return console, ending


@pytest.mark.parametrize("code", ["pl", "de", "ro"])
@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_a_terminal_game_speaks_the_language(game: str, code: str) -> None:
    console, ending = play(game, code, ("help", "no such move", "1", "1", "1", "quit"))
    assert ending is Ending.QUIT
    text = console.export_text()
    # the labels in brackets are English ids by design; the bots' and person's typed names too
    shown = re.sub(r"\[[^\]\n]*\]", " ", text).replace("heuristic", " ").replace("you", " ")
    left = sorted({m.group(0) for m in ENGLISH.finditer(shown)})
    assert left == [], f"English in the {code} terminal: {left}"
    assert len(text.splitlines()) > 60


@pytest.mark.slow
@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_the_polish_terminal_as_a_picture(game: str) -> None:
    if not Path("/usr/bin/chromium").exists():
        if os.environ.get("CI") == "true":
            raise RuntimeError("/usr/bin/chromium is missing: the picture needs Debian's chromium package.")
        pytest.skip("/usr/bin/chromium is missing (apt-get install chromium)")
    from masterbuilder.ui.images import svg_to_png

    console, _ending = play(game, "pl", ("1", "1", "quit"))
    svg = console.export_svg(title=f"masterbuilder play {game} --lang pl")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n", encoding="utf-8")
    out = ARTIFACTS / f"terminal-{game}-pl.png"
    svg_to_png(svg, out, width=1400)
    assert out.stat().st_size > 20_000
