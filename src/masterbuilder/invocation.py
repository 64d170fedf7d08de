"""How to run the ``masterbuilder`` command again, as the person who started it can type it: the commands
the terminal prints (continue a game, replay it) must work where the game was started. ``make play`` runs
``.venv/bin/masterbuilder``, which is not on the shell's PATH, so a bare ``masterbuilder`` would not be
found there."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

NAME = "masterbuilder"


def _typed(path: Path, cwd: Path) -> str:
    """``path`` as typed in ``cwd``: relative when it lies below it (with a slash, so the shell does not
    search PATH for it), else absolute."""
    absolute = path if path.is_absolute() else cwd / path
    try:
        relative = absolute.relative_to(cwd)
    except ValueError:
        return shlex.quote(str(absolute))
    text = str(relative)
    return shlex.quote(text if os.sep in text else os.path.join(os.curdir, text))


def program(
    argv0: str | None = None,
    executable: str | None = None,
    cwd: Path | None = None,
    which: Callable[[str], str | None] = shutil.which,
) -> str:
    """The words that start this program again from ``cwd`` (defaults: this process's ``sys.argv[0]``,
    interpreter and working directory): ``masterbuilder`` when that is what the shell finds on PATH,
    else the script's path (``.venv/bin/masterbuilder``), or ``python -m masterbuilder`` with this
    interpreter's path when run as a module. Anything else (the command called from Python, as tests do)
    gets plain ``masterbuilder``."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    cwd = Path.cwd() if cwd is None else cwd
    script = Path(argv0)
    if script.name == "__main__.py" and script.parent.name == NAME:
        return f"{_typed(Path(executable), cwd)} -m {NAME}" if executable else f"python -m {NAME}"
    if script.name != NAME or os.sep not in argv0:  # not this program, or found on PATH by that name
        return NAME
    found = which(NAME)
    if found is not None and Path(found).resolve() == (cwd / script).resolve():
        return NAME
    return _typed(script, cwd)


def command(*words: str) -> str:
    """A command line of this program with ``words`` (each quoted for the shell)."""
    return " ".join([program(), *(shlex.quote(w) for w in words)])
