"""Which build is running: the pure-Python package (the default and the reference) or the one compiled
with mypyc (``MASTERBUILDER_COMPILE=1 pip install .``; docs/speed.md). Both play identical games."""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

import masterbuilder.core.state as _state
from masterbuilder.core.i18n import shell as _

# core.state is compiled in the compiled build (with every engine, since the engines subclass its State)
COMPILED: bool = _state.__file__ is not None and _state.__file__.endswith(tuple(EXTENSION_SUFFIXES))
BUILD = "compiled" if COMPILED else "pure"


def build_name(build: str = BUILD) -> str:
    """A build (``"pure"`` or ``"compiled"``; default: the running one) in words, in the current language."""
    if build == "compiled":
        # i18n: which build of the package runs (masterbuilder bench, python -m masterbuilder.compiled)
        return _("compiled with mypyc")
    return _("pure Python")


if __name__ == "__main__":
    print(_("Build: {build}", build=build_name()))
