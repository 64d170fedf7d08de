"""Optional dependencies: a one-line message naming the extra to install when one is missing.

The core (rules, bots, terminal play, simulations, tournaments and their ratings) needs only the packages
in ``[project.dependencies]``. The research adapters, the ratings chart and the Ray backend need an extra;
a command checks for it before it starts any work, and an adapter module fails on import with a
:class:`MissingExtra` (a ``ModuleNotFoundError``) whose message is the ``pip install`` line.
"""

from __future__ import annotations

import importlib

# The package to install where it is not named as the module it provides.
PACKAGES = {"pyspiel": "open-spiel", "open_spiel": "open-spiel"}


class MissingExtra(ModuleNotFoundError):
    """An optional dependency is not installed; the message says which extra provides it."""


def install_hint(extra: str) -> str:
    return f"pip install 'masterbuilder[{extra}]'"


def missing_extra(exc: ImportError, needed_by: str, extra: str) -> MissingExtra:
    """The error to raise instead of ``exc`` (a failed import) in code that needs ``extra``."""
    name = (exc.name or "a package").partition(".")[0]
    package = name if name not in PACKAGES else f"{name} (package {PACKAGES[name]})"
    return MissingExtra(
        f"{needed_by} needs {package}, which is not installed: {install_hint(extra)}", name=name
    )


def require(modules: tuple[str, ...], needed_by: str, extra: str) -> None:
    """Import ``modules`` (so a broken install counts as missing too); :class:`MissingExtra` if one fails."""
    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError as exc:
            raise missing_extra(exc, needed_by, extra) from None
