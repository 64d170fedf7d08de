"""The message catalogs are compiled (.po to .mo) when the package is built; everything else is in
pyproject.toml."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from setuptools import setup
from setuptools.command.build_py import build_py


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


setup(cmdclass={"build_py": BuildWithCatalogs})
