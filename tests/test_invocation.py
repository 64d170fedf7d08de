"""The commands the terminal prints ("Continue it with: …") work as printed where the game was started."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from masterbuilder.invocation import program

CWD = Path("/home/ann/masterbuilder")


def nowhere(name: str) -> str | None:
    return None


def test_on_the_path_it_is_the_bare_name() -> None:
    found = str(CWD / ".venv/bin/masterbuilder")
    assert program("masterbuilder", "/usr/bin/python3", CWD, lambda name: found) == "masterbuilder"
    assert program(found, "/usr/bin/python3", CWD, lambda name: found) == "masterbuilder"


def test_a_script_off_the_path_is_named_by_its_path() -> None:
    # make play runs .venv/bin/masterbuilder from the checkout
    assert program(".venv/bin/masterbuilder", "", CWD, nowhere) == ".venv/bin/masterbuilder"
    other = "/usr/local/bin/masterbuilder"  # a different one on PATH: not the one that ran
    assert program(".venv/bin/masterbuilder", "", CWD, lambda name: other) == ".venv/bin/masterbuilder"
    assert program("/opt/mb venv/bin/masterbuilder", "", CWD, nowhere) == "'/opt/mb venv/bin/masterbuilder'"


def test_a_module_run_names_its_interpreter() -> None:
    main = "/home/ann/masterbuilder/src/masterbuilder/__main__.py"
    assert program(main, str(CWD / ".venv/bin/python"), CWD, nowhere) == ".venv/bin/python -m masterbuilder"
    assert program(main, "/usr/bin/python3", CWD, nowhere) == "/usr/bin/python3 -m masterbuilder"
    assert program("python", "/usr/bin/python3", CWD, nowhere) == "masterbuilder"  # called from Python


@pytest.mark.slow
@pytest.mark.parametrize("how", ["module", "script"])
def test_the_printed_continue_command_runs_as_printed(tmp_path: Path, how: str) -> None:
    """Started off the PATH, quit, then the printed command typed into a shell resumes the game."""
    script = Path(sys.executable).parent / "masterbuilder"
    if how == "script" and not script.exists():
        pytest.skip("no masterbuilder script beside this interpreter")
    start = [sys.executable, "-m", "masterbuilder"] if how == "module" else [str(script)]
    env = {**os.environ, "PATH": "/usr/bin:/bin", "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "200"}
    args = ["play", "builders", "-s", "you,random", "--seed", "7", "--save", "g.json"]
    first = subprocess.run(
        [*start, *args], input="q\n", capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert first.returncode == 0, first.stderr
    found = re.search(r"Continue it with: (.+)", first.stdout)
    assert found is not None, first.stdout
    printed = found.group(1).strip()
    assert printed.endswith(" play --resume g.json") and not printed.startswith("masterbuilder ")
    again = subprocess.run(
        printed, shell=True, input="q\n", capture_output=True, text=True, cwd=tmp_path, env=env, timeout=60
    )
    assert again.returncode == 0, again.stderr
    assert "resumed after move" in again.stdout and f"Continue it with: {printed}" in again.stdout
