"""`masterbuilder serve` stops quietly: Ctrl-C (SIGINT to the whole process group, workers too) in
the middle of a bot's move, or SIGTERM, prints one line and no traceback and keeps every stored move."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.ports import free_ports

pytestmark = pytest.mark.slow
SRC = str(Path(__file__).resolve().parents[2] / "src")
STOPPED = "Master Builder's table stopped; every move it acknowledged is stored."


def start(db: Path, port: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("MASTERBUILDER_PUBLIC_URL", None)
    command = [sys.executable, "-m", "masterbuilder", "serve", "--host", "0.0.0.0", "--port", str(port)]
    command += ["--db", f"sqlite:///{db}"]
    command += ["--bot-workers", "1", "--board-workers", "0", "--bot-timeout", "30", "--lang", "en"]
    # a session of its own: its process group is what a terminal's Ctrl-C reaches
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1).close()
            return process
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(process.communicate()[0]) from None
            time.sleep(0.1)


def call(port: int, path: str, body: dict[str, Any] | None = None) -> Any:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def stop(process: subprocess.Popen[str], how: signal.Signals, group: bool) -> str:
    if group:
        os.killpg(process.pid, how)
    else:
        process.send_signal(how)
    output, _ = process.communicate(timeout=60)
    assert process.returncode == 0, output
    assert "Traceback" not in output and "KeyboardInterrupt" not in output, output
    assert output.rstrip().splitlines()[-1] == STOPPED, output
    return output


def test_ctrl_c_during_a_bot_move_then_sigterm(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    (port,) = free_ports(1)
    process = start(db, port)
    bots = [{"kind": "bot", "bot": "mcts:hard"}, {"kind": "bot", "bot": "mcts:hard"}]
    game_id = call(port, "/api/games", {"game": "caylus", "players": 2, "seed": 3, "seats": bots})["id"]
    time.sleep(1.0)  # the first bot is thinking (a hard MCTS move takes seconds)
    ply = call(port, f"/api/games/{game_id}")["ply"]
    output = stop(process, signal.SIGINT, group=True)
    # listening everywhere, without a public address: the start-up lines say where friends can connect
    assert "Friends on your network can use http://" in output or "no network address" in output, output

    process = start(db, port)  # every stored move is there, and the bots go on
    assert call(port, f"/api/games/{game_id}")["ply"] >= ply
    stop(process, signal.SIGTERM, group=False)
