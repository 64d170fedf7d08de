"""The table behind Caddy with a public address, as deploy/Caddyfile sets it up: `serve --host 0.0.0.0
--public-url http://mb.test:PORT`, Caddy on loopback in front, the browser resolving mb.test to 127.0.0.1.
The creator's invite link starts with the public address; a friend joins through it and both play."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from masterbuilder import new_game
from masterbuilder.ui.images import CHROMIUM_FLAGS
from tests.ports import free_ports
from tests.web.conftest import CHROMIUM, play_script, shoot

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
CADDY = shutil.which("caddy")
if CADDY is None:  # pragma: no cover - .ci/run installs it
    if os.environ.get("CI") == "true":
        raise RuntimeError("caddy is missing: the proxy test needs Debian's caddy package.")
    pytest.skip("caddy is missing (apt-get install caddy)", allow_module_level=True)
SEED = 11


def wait_up(url: str, host: str, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while True:
        try:
            request = urllib.request.Request(url, headers={"Host": host})
            urllib.request.urlopen(request, timeout=1).close()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(log.read_text()) from None
            time.sleep(0.1)


@pytest.fixture
def behind_caddy(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The public address of a table served behind Caddy, and the server's own (both stopped afterwards)."""
    server_port, proxy_port = free_ports(2)
    public = f"http://mb.test:{proxy_port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    server_log = tmp_path / "server.log"
    command = [sys.executable, "-m", "masterbuilder", "serve", "--host", "0.0.0.0"]
    command += ["--port", str(server_port)]
    command += ["--public-url", public, "--db", f"sqlite:///{tmp_path / 'games.db'}", "--lang", "en"]
    command += ["--bot-workers", "1", "--board-workers", "0"]
    server = subprocess.Popen(
        command,
        env=env,
        stdout=server_log.open("w"),
        stderr=subprocess.STDOUT,
    )
    # the shipped Caddyfile, with Caddy kept on loopback and its state in the test's folder
    config = tmp_path / "Caddyfile"
    shipped = ROOT / "deploy" / "Caddyfile"
    config.write_text(f"{{\n\tdefault_bind 127.0.0.1\n\tadmin off\n}}\nimport {shipped}\n")
    caddy_env = {
        **os.environ,
        "MB_SITE": public,
        "MB_UPSTREAMS": f"127.0.0.1:{server_port}",
        "XDG_DATA_HOME": str(tmp_path / "caddy-data"),
        "XDG_CONFIG_HOME": str(tmp_path / "caddy-config"),
    }
    caddy_log = tmp_path / "caddy.log"
    assert CADDY is not None
    caddy = subprocess.Popen(
        [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
        env=caddy_env,
        stdout=caddy_log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        wait_up(f"http://127.0.0.1:{server_port}/api/health", "127.0.0.1", server, server_log)
        wait_up(f"http://127.0.0.1:{proxy_port}/api/health", f"mb.test:{proxy_port}", caddy, caddy_log)
        yield public, f"http://127.0.0.1:{server_port}"
    finally:
        for process in (caddy, server):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
    startup = server_log.read_text()
    assert f"Invite links start with the public address {public}/" in startup
    assert "Traceback" not in startup, startup


def opening(count: int) -> list[int]:
    """The first moves of the game (first legal action each) until both seats have moved."""
    state = new_game("builders", players=2, seed=SEED)
    actions: list[int] = []
    movers: set[int] = set()
    while len(movers) < 2 or len(actions) < count:
        assert state.current_player is not None
        movers.add(state.current_player)
        actions.append(state.legal_action_ids()[0])
        state.apply(actions[-1])
    return actions


def test_a_friend_joins_through_the_public_address(
    behind_caddy: tuple[str, str], browser: Any, artifacts: Path
) -> None:
    public, direct = behind_caddy
    host = public.removeprefix("http://").partition(":")[0]
    args = [*CHROMIUM_FLAGS, f"--host-resolver-rules=MAP {host} 127.0.0.1"]
    args.append(f"--unsafely-treat-insecure-origin-as-secure={public}")  # the clipboard, as over https
    # a Chromium of its own (the name mapping is a launch flag), from the session's Playwright
    resolving = browser.browser_type.launch(executable_path=CHROMIUM, args=args, headless=True)
    try:
        errors: list[str] = []
        contexts = []
        for _ in range(2):
            context = resolving.new_context(viewport={"width": 1280, "height": 800})
            context.set_default_timeout(15_000)
            context.on("weberror", lambda e: errors.append(str(e.error)))
            contexts.append(context)
        contexts[0].grant_permissions(["clipboard-read", "clipboard-write"], origin=public)
        ann = contexts[0].new_page()
        ann.goto(public + "/")
        ann.wait_for_selector("body[data-ready='1']")
        ann.select_option("#c-game", "builders")
        ann.select_option("#c-players", "2")
        ann.fill("#my-name", "Ann")
        ann.select_option('[data-seat-kind="1"]', "human")
        ann.fill("#c-seed", str(SEED))
        ann.click("#create button[type=submit]")
        ann.wait_for_selector("#invites li button")
        ann.click("#invites li button")  # Copy
        link = ann.evaluate("navigator.clipboard.readText()")
        assert link.startswith(public + "/play/") and link.endswith("?seat=1"), link
        ann.click("#created-open a")
        ann.wait_for_selector("body[data-ready='1']")

        bob = contexts[1].new_page()
        bob.goto(link)
        bob.wait_for_selector("#mb-join:not(.hidden)")
        bob.fill("#mb-join-name", "Bob")
        bob.click("#mb-join-button")
        bob.wait_for_selector("#mb-join.hidden", state="attached")
        bob.wait_for_selector("body[data-ready='1']")
        assert bob.url.startswith(public + "/play/")

        moves = opening(4)
        state = play_script({0: ann, 1: bob}, "builders", SEED, moves)
        assert list(state.history) == moves

        # the lobby opened at the server's own address (the operator's) invites to the public one too
        ann.goto(direct + "/")
        ann.wait_for_selector("body[data-ready='1']")
        ann.select_option('[data-seat-kind="1"]', "human")
        ann.click("#create button[type=submit]")
        ann.wait_for_selector("#invites li input")
        assert ann.locator("#invites li input").input_value().startswith(public + "/play/")
        shoot(ann, artifacts, "lobby-public-invite")
        assert not errors, errors
    finally:
        resolving.close()
