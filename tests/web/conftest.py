"""The web table in a real browser: the server (uvicorn in a subprocess, SQLite in a temporary folder) and
Debian's Chromium driven by Playwright. Playwright never downloads a browser: the system one is launched.

Screenshots go to ``test-artifacts/`` (git-ignored by a ``.gitignore`` written there)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from masterbuilder.ui.images import CHROMIUM_FLAGS

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SERVER = """
import sys
from masterbuilder.server import Settings, serve
settings = Settings(db_url=sys.argv[1], bot_workers=1, bot_timeout=20, hint_bot="heuristic")
serve(settings, port=int(sys.argv[2]), log_level="warning")
"""

playwright_sync = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():  # pragma: no cover - .ci/run installs it
    if os.environ.get("CI") == "true":
        raise RuntimeError(f"{CHROMIUM} is missing: the browser tests need Debian's chromium package.")
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    def __init__(self, url: str) -> None:
        self.url = url

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())


@contextmanager
def web_server(url: str, folder: Path) -> Iterator[Server]:
    """``SERVER`` on the database ``url`` (its log in ``folder``), until the block ends."""
    port = free_port()
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parents[2] / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    log = (folder / "server.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, url, str(port)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/health", timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError((folder / "server.log").read_text()) from None
            time.sleep(0.1)
    try:
        yield Server(base)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("web")
    with web_server(f"sqlite:///{folder / 'web.db'}", folder) as running:
        yield running


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with playwright_sync.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    return ARTIFACTS


@pytest.fixture
def new_context(browser: Any) -> Iterator[Callable[[], Any]]:
    """Fresh browser contexts (each its own localStorage, so its own seats); page errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make() -> Any:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.set_default_timeout(10_000)
        context.on("weberror", lambda e: errors.append(str(e.error)))
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


def shoot(page: Any, artifacts: Path, name: str) -> None:
    """Screenshots at 1280×800 and at 375×800 (a phone), then the page back at 1280×800."""
    page.set_viewport_size({"width": 1280, "height": 800})
    page.screenshot(path=str(artifacts / f"{name}-1280.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(150)
    page.screenshot(path=str(artifacts / f"{name}-375.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


def give_tokens(context: Any, server: Server, game_id: str, tokens: dict[str, str]) -> None:
    """Put seat tokens where the page keeps them (as the lobby does after creating or joining)."""
    page = context.new_page()
    page.goto(server.url + "/static/i18n/en.json")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)", [f"mb:tokens:{game_id}", json.dumps(tokens)]
    )
    page.close()


def states_of(page: Any) -> list[dict[str, Any]]:
    """Record every state message the page receives over its sockets (in a list that fills as it comes)."""
    received: list[dict[str, Any]] = []

    def on_socket(ws: Any) -> None:
        def frame(payload: Any) -> None:
            if isinstance(payload, str):
                data = json.loads(payload)
                if data.get("type") == "state":
                    received.append(data)

        ws.on("framereceived", frame)

    page.on("websocket", on_socket)
    return received


def target(action: int) -> str:
    """The selector of the board element or the panel button of ``action``."""
    return f'#mb-board [data-action="{action}"], #mb-panel button[data-action="{action}"]'


def click_action(page: Any, action: int) -> None:
    """Click the board element or panel button of ``action`` (it must be there and glowing)."""
    page.locator(target(action)).first.click()


def wait_ply(page: Any, ply: int) -> None:
    page.wait_for_selector(f'body[data-ply="{ply}"]')


def sign_up(page: Any, base_url: str, name: str) -> None:
    """Open an account on the account page (the page signs in at once and goes on to "your games")."""
    page.goto(base_url + "/account")
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#u-name", name)
    page.fill("#u-password", "correct horse battery")
    with page.expect_navigation(url="**/me"):
        page.click("#mb-signup button[type=submit]")
    page.wait_for_selector("body[data-ready='1']")


def create_game(server: Server, game: str, seed: int, seats: list[dict[str, Any]], join: list[int]) -> Any:
    return server.post(
        "/api/games", {"game": game, "players": len(seats), "seed": seed, "seats": seats, "join": join}
    )


def play_script(pages: dict[int, Any], game: str, seed: int, actions: list[int], start: int = 0) -> Any:
    """Click ``actions[start:]`` one by one (the game is at move ``start``), each in the page of the seat to
    move (pages by seat), and return the game as the engine plays it (a copy kept alongside, to know whose
    move each one is)."""
    from masterbuilder import new_game

    state = new_game(game, players=len(pages), seed=seed)
    for action in actions[:start]:
        state.apply(action)
    for ply, action in enumerate(actions[start:], start=start):
        seat = state.current_player
        assert seat is not None
        page = pages[seat]
        wait_ply(page, ply)
        page.wait_for_selector(
            f'#mb-board [data-action="{action}"], #mb-panel button[data-action="{action}"]'
        )
        click_action(page, action)
        state.apply(action)
    for page in {id(p): p for p in pages.values()}.values():
        wait_ply(page, len(actions))
    return state
