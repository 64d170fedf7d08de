"""The message catalogs are compiled (.po to .mo) when the package is built; everything else is in
pyproject.toml."""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    """build_py that also writes each language's compiled catalog into the build."""

    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in sorted(Path("src/masterbuilder/locale").glob("*/LC_MESSAGES/masterbuilder.po")):
            code = po.parent.parent.name
            target = (
                Path(self.build_lib) / "masterbuilder" / "locale" / code / "LC_MESSAGES" / "masterbuilder.mo"
            )
            if self.editable_mode:  # an editable install reads the source folder: compile beside the .po
                target = po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as f:
                catalog = read_po(f, locale=code, domain="masterbuilder")
            with target.open("wb") as f:
                write_mo(f, catalog)


setup(cmdclass={"build_py": BuildWithCatalogs})
