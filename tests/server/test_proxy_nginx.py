"""The table behind nginx, the shipped site (deploy/nginx-masterbuilder.conf) moved to loopback: the lobby and
a table's socket work through it, and the browser's Host reaches the server (the Origin check passes for the
public address, and refuses another site)."""

from __future__ import annotations

import asyncio
import json
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
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from tests.ports import free_ports

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
if NGINX is None:
    pytest.skip("nginx is not installed (apt-get install nginx)", allow_module_level=True)


def site(proxy_port: int, server_port: int) -> str:
    """The shipped site, listening on loopback only, in front of the test's server."""
    text = (ROOT / "deploy" / "nginx-masterbuilder.conf").read_text()
    text = text.replace("listen 80;", f"listen 127.0.0.1:{proxy_port};").replace("listen [::]:80;", "")
    text = text.replace("server_name play.example.org;", "server_name mb.test;")
    return text.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{server_port};")


@pytest.fixture
def behind_nginx(tmp_path: Path) -> Iterator[tuple[int, str]]:
    server_port, proxy_port = free_ports(2)
    public = f"http://mb.test:{proxy_port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", "")}
    command = [
        sys.executable,
        "-m",
        "masterbuilder",
        "serve",
        "--port",
        str(server_port),
        "--public-url",
        public,
    ]
    command += ["--db", f"sqlite:///{tmp_path / 'games.db'}", "--bot-workers", "1", "--board-workers", "0"]
    log = tmp_path / "server.log"
    server = subprocess.Popen(command, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)
    (tmp_path / "site.conf").write_text(site(proxy_port, server_port))
    temp = "".join(f"{kind}_temp_path {tmp_path / kind};" for kind in ("client_body", "proxy", "fastcgi"))
    temp += "".join(f"{kind}_temp_path {tmp_path / kind};" for kind in ("uwsgi", "scgi"))
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path / 'nginx.pid'};\nerror_log {tmp_path / 'nginx-error.log'};\nevents {{}}\n"
        f"http {{ access_log off; {temp} include {tmp_path / 'site.conf'}; }}\n"
    )
    assert NGINX is not None
    nginx = subprocess.run([NGINX, "-c", str(tmp_path / "nginx.conf")], capture_output=True, text=True)
    assert nginx.returncode == 0, nginx.stderr
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{server_port}/api/health", timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        yield proxy_port, public
    finally:
        subprocess.run([NGINX, "-c", str(tmp_path / "nginx.conf"), "-s", "stop"], capture_output=True)
        server.terminate()
        server.wait(10)


def call(port: int, host: str, path: str, body: dict[str, Any] | None = None) -> Any:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", "Host": host},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


async def play(port: int, public: str, game_id: str, token: str, action: int) -> list[int]:
    """Say hello through the proxy, make one move, and return the plies of the states received."""
    url = public.replace("http://", "ws://") + f"/ws/games/{game_id}"
    async with connect(url, host="127.0.0.1", port=port, origin=public) as ws:  # type: ignore[arg-type]
        await ws.send(json.dumps({"type": "hello", "token": token}))
        plies = []
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if message.get("type") != "state":
                continue
            plies.append(message["ply"])
            if message["ply"] == 0 and len(plies) == 1:
                await ws.send(json.dumps({"type": "act", "action": action, "ply": 0}))
            if message["ply"] == 1:
                return plies


async def refused(port: int, public: str, game_id: str) -> int:
    url = public.replace("http://", "ws://") + f"/ws/games/{game_id}"
    try:
        async with connect(url, host="127.0.0.1", port=port, origin="http://evil.example"):  # type: ignore[arg-type]
            return 101
    except InvalidStatus as exc:
        return exc.response.status_code


def test_the_table_through_the_nginx_site(behind_nginx: tuple[int, str]) -> None:
    from masterbuilder import new_game

    port, public = behind_nginx
    host = public.removeprefix("http://")
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Ann"}]  # seed 1: seat 1 starts
    created = call(
        port, host, "/api/games", {"game": "caylus", "players": 2, "seed": 1, "seats": seats, "join": [1]}
    )
    assert created["public_url"] == public
    state = new_game("caylus", players=2, seed=1)
    assert state.current_player == 1
    plies = asyncio.run(
        play(port, public, created["id"], created["tokens"]["1"], state.legal_action_ids()[0])
    )
    assert plies[0] == 0 and plies[-1] == 1
    assert asyncio.run(refused(port, public, created["id"])) == 403
