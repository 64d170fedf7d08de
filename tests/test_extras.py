"""Without an optional dependency, a command stops before any work with a one-line pip hint, and an adapter
fails on import with the same hint (each run in a subprocess with the package's import blocked)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def run(blocked: tuple[str, ...], code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter where importing any of ``blocked`` fails as if not installed."""
    block = f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run(
        [sys.executable, "-c", block + code], capture_output=True, text=True, cwd=cwd, env=env, timeout=120
    )


def cli(blocked: tuple[str, ...], args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    code = f"sys.argv = ['masterbuilder', *{args!r}]\nfrom masterbuilder.cli import main\nmain()\n"
    return run(blocked, code, cwd)


@pytest.mark.parametrize(
    ("module", "extra"),
    [
        ("openspiel", "openspiel"),
        ("pettingzoo", "pettingzoo"),
        ("gymnasium", "gymnasium"),
        ("observation", "interop"),
    ],
)
def test_an_adapter_without_numpy_names_its_extra(module: str, extra: str, tmp_path: Path) -> None:
    done = run(("numpy",), f"import masterbuilder.interop.{module}", tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == (
        f"masterbuilder.extras.MissingExtra: masterbuilder.interop.{module} needs numpy, which is not "
        f"installed: pip install 'masterbuilder[{extra}]'"
    )


def test_the_missing_extra_is_a_module_not_found_error(tmp_path: Path) -> None:
    code = (
        "try:\n    import masterbuilder.interop.openspiel\n"
        "except ModuleNotFoundError as exc:\n    print(exc.name, '|', exc)\n"
    )
    done = run(("pyspiel",), code, tmp_path)
    assert done.stdout.strip() == (
        "pyspiel | masterbuilder.interop.openspiel needs pyspiel (package open-spiel), which is not "
        "installed: pip install 'masterbuilder[openspiel]'"
    )


@pytest.mark.parametrize(
    ("blocked", "extra_args", "message"),
    [
        (("matplotlib",), ["--chart", "r.png"], "--chart needs matplotlib"),
        (("ray",), ["--backend", "ray"], "--backend ray needs ray"),
    ],
)
def test_tournament_checks_its_extras_before_playing(
    blocked: tuple[str, ...], extra_args: list[str], message: str, tmp_path: Path
) -> None:
    args = ["tournament", "builders", "--agents", "greedy,random", "--games", "2", "--out", "r.jsonl"]
    done = cli(blocked, [*args, *extra_args], tmp_path)
    assert done.returncode == 2
    assert done.stderr == f"Error: {message}, which is not installed: pip install 'masterbuilder[arena]'\n"
    assert not (tmp_path / "r.jsonl").exists()  # not a game was played


def test_tournament_ratings_need_no_extra(tmp_path: Path) -> None:
    blocked = ("matplotlib", "ray", "numpy", "pyspiel", "gymnasium", "pettingzoo")
    args = ["tournament", "builders", "--players", "2", "--agents", "greedy,random", "--games", "2"]
    done = cli(blocked, [*args, "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["games"] == 2 and {r["agent"] for r in doc["ratings"]} == {"greedy", "random"}
    text = cli(blocked, args, tmp_path)  # resumed: already complete, the tables with the ratings
    assert text.returncode == 0, text.stderr
    assert "OpenSkill ratings" in text.stdout and "Traceback" not in text.stderr
