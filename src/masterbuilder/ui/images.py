"""Board images for the docs and for replays: a game's SVG board (its piece ``"board"``) at a position,
written as an SVG file, or as a PNG through headless Chromium (Playwright with the system's browser)."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from masterbuilder.agents import make_agent
from masterbuilder.core.board import draw_board
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import load_record, new_game
from masterbuilder.core.state import State

_n = _.plural
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
# Playwright starts it headless; without the background services, a closed network refuses its connections.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def position(
    game: str,
    players: int,
    seed: int,
    moves: int,
    bots: Sequence[str],
    options: dict[str, Any] | None = None,
) -> State:
    """The position after ``moves`` decisions of a game played by ``bots`` (one per seat, cycled)."""
    state = new_game(game, players, seed, options)
    agents = [make_agent(bots[s % len(bots)], game, seed + s) for s in range(players)]
    while len(state.history) < moves and (seat := state.current_player) is not None:
        state.apply(agents[seat].choose(state))
    return state


def replay_position(record: dict[str, Any], ply: int | None) -> State:
    """The position of a record after ``ply`` moves (all of them when None)."""
    actions = list(record.get("actions", []))
    if ply is not None:
        if not 0 <= ply <= len(actions):
            raise ValueError(
                _n(
                    "The record has {n} move; --ply must be from 0 to {n}.",
                    "The record has {n} moves; --ply must be from 0 to {n}.",
                    len(actions),
                )
            )
        record = {**record, "actions": actions[:ply]}
    return load_record(record)


def board_svg(state: State, seat: int | None) -> str:
    """The board as ``seat`` sees it (the seat to move when None and the game is on; else a spectator)."""
    svg: str = draw_board(state, seat)["svg"]
    if not svg:
        raise ValueError(_("{game} has no board drawing.", game=state.game))
    return svg


def chromium() -> str:
    """The system's Chromium; ValueError saying what to install if there is none."""
    for path in CHROMIUM_PATHS:
        if Path(path).exists():
            return path
    raise ValueError(
        _("A PNG needs Chromium: install the system package (apt-get install chromium), or write .svg.")
    )


def svg_to_png(svg: str, out: Path, width: int = 1200) -> None:
    """Render ``svg`` to a PNG ``width`` pixels wide in headless Chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise ValueError(
            _("A PNG needs Playwright: pip install 'masterbuilder[dev]' (or write .svg).")
        ) from None
    executable = chromium()
    page_html = (
        "<!doctype html><html><body style='margin:0;background:#fff'>"
        f"<div style='width:{width}px'>{svg}</div></body></html>"
    )
    with tempfile.TemporaryDirectory() as tmp:
        html = Path(tmp) / "board.html"
        html.write_text(page_html.replace("<svg ", f"<svg width='{width}' ", 1), encoding="utf-8")
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
            page = browser.new_page(viewport={"width": width, "height": 800})
            page.goto(html.as_uri())
            page.locator("svg").first.screenshot(path=str(out))
            browser.close()


def write_board(svg: str, out: Path) -> None:
    """Write the board to ``out``: SVG, or PNG by the file's suffix."""
    suffix = out.suffix.lower()
    if suffix == ".svg":
        out.write_text(svg + "\n", encoding="utf-8")
    elif suffix == ".png":
        svg_to_png(svg, out)
    else:
        raise ValueError(_("The image file must end in .svg or .png, not {name}.", name=repr(out.name)))
