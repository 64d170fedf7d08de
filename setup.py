"""The message catalogs are compiled (.po to .mo) when the package is built; with
``MASTERBUILDER_COMPILE=1`` the core, the three engines and their heuristics are compiled with mypyc too
(``COMPILED``; see docs/speed.md). Everything else is in pyproject.toml."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

# Compiled together: an interpreted class can't subclass a compiled one, so every State subclass, every
# ScoringAgent subclass and the review's search (an MCTSAgent) are here with their bases.
COMPILED = [
    "core/action.py",
    "core/excerpt.py",
    "core/rng.py",
    "core/voice.py",
    "core/state.py",
    "core/task_stack.py",
    "core/registry.py",
    "agents/scoring.py",
    "agents/plan.py",
    "agents/mcts.py",
    "review/search.py",
    *(
        f"games/{game}/{module}.py"
        for game, modules in (
            ("builders", ("data", "actions", "state", "heuristic")),
            ("caylus", ("data", "actions", "tasks", "rules", "state", "heuristic")),
            ("caylus1303", ("data", "actions", "tasks", "rules", "state", "heuristic")),
        )
        for module in modules
    ),
]


def _i18n() -> ModuleType:
    """masterbuilder.core.i18n, loaded from its file: the build has Babel but not the package's
    dependencies, and the module needs only the standard library and Babel."""
    spec = importlib.util.spec_from_file_location("_masterbuilder_i18n", "src/masterbuilder/core/i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildWithCatalogs(build_py):
    """build_py that also writes each language's compiled catalog into the build."""

    def run(self) -> None:
        super().run()
        i18n = _i18n()
        for po in sorted(Path("src/masterbuilder/locale").glob("*/LC_MESSAGES/masterbuilder.po")):
            code = po.parent.parent.name
            target = Path(self.build_lib, "masterbuilder", "locale", code, "LC_MESSAGES", "masterbuilder.mo")
            if self.editable_mode:  # an editable install reads the source folder: compile beside the .po
                target = po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(i18n.compiled(po, code))


# mypyc type-checks what the compiled modules import: the build environment needs mypy and the packages whose
# types they use (pydantic for the state's schema checks, babel for the catalogs, ...), not only mypy
BUILD_REQUIRES = ["mypy>=1.10", "pydantic>=2.8", "babel>=2.14", "typer>=0.12", "rich>=13.7", "openskill>=5"]


def _compiled() -> dict[str, Any]:
    """setup()'s arguments for the mypyc build: its extension modules, and mypy with the packages it reads
    as build requirements (setuptools' build backend passes ``setup_requires`` on to the build frontend)."""
    if os.environ.get("MASTERBUILDER_COMPILE", "") in ("", "0"):
        return {}
    try:
        from mypyc.build import mypycify
    except ImportError:
        if "egg_info" in sys.argv[1:]:  # the frontend asks for the requirements first, then installs mypy
            return {"setup_requires": BUILD_REQUIRES}
        raise SystemExit(
            "MASTERBUILDER_COMPILE=1 needs mypy in the build environment: install it first, or drop "
            "--no-build-isolation so that pip installs it."
        ) from None
    paths = [f"src/masterbuilder/{path}" for path in COMPILED]
    return {"setup_requires": BUILD_REQUIRES, "ext_modules": mypycify(paths, opt_level="3")}


setup(cmdclass={"build_py": BuildWithCatalogs}, **_compiled())
