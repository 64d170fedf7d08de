"""Keeping the message catalog: extract the messages from the source, merge them into each language's
``.po``, compile the ``.mo`` files, and check that every language is complete.

    python -m masterbuilder.catalogs extract   # src/masterbuilder/locale/masterbuilder.pot
    python -m masterbuilder.catalogs update    # new messages into each .po (untranslated), old ones out
    python -m masterbuilder.catalogs compile   # each .po to its .mo (also done at install: setup.py)
    python -m masterbuilder.catalogs check     # every message translated, placeholders kept; exit 1 if not
    python -m masterbuilder.catalogs stats     # messages and translations per language

The messages are found with Babel's extractors:

- Python: ``_("...")`` and ``N_("...")``, and ``_n("singular", "plural", n)`` for plural forms; a module in
  ``games/<game>/`` says its game's messages, whose context (``msgctxt``) is the game's name.
- The web pages: ``web/i18n/en.json`` maps each key the pages use (``data-i18n="lobby.title"``,
  ``t("lobby.title")``) to its English text (a list of two for a singular and a plural); the key is the
  message's context, so the pages keep their keys and share the one catalog.

Babel is needed here (``pip install babel``; it is a dependency of the project).
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from masterbuilder.core.i18n import (
    DOMAIN,
    LANGUAGE_NAMES,
    LANGUAGES,
    LOCALE_DIR,
    SOURCE,
    catalog_path,
    compiled,
    kinded,
)

PACKAGE = Path(__file__).resolve().parent
POT = LOCALE_DIR / f"{DOMAIN}.pot"
WEB_MESSAGES = PACKAGE / "web" / "i18n" / "en.json"
KEYWORDS: dict[str, Any] = {"_": None, "N_": None, "_n": (1, 2), "C_": ((1, "c"), 2)}
COMMENT_TAGS = ("i18n:",)
SKIP = {"catalogs.py"}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(?:[!:][^{}]*)?\}|%[sdr]")

Message = tuple[str | tuple[str, ...], str | None, str, int, list[str]]
"""(msgid or (singular, plural), context, file, line, translator comments)"""


def _context_of(path: Path) -> str | None:
    parts = path.relative_to(PACKAGE).parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" else None


def python_messages() -> Iterator[Message]:
    from babel.messages.extract import extract_from_file

    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name in SKIP or "locale" in path.parts:
            continue
        context = _context_of(path)
        relative = str(path.relative_to(PACKAGE.parent))
        for line, message, comments, kind in extract_from_file(
            "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        ):
            # C_(kind, message): a message of its own beside the same English one (core.i18n.C_)
            within = context if kind is None else kinded(context, kind)
            yield message, within, relative, line, list(comments)


def web_messages() -> Iterator[Message]:
    data: dict[str, str | list[str]] = json.loads(WEB_MESSAGES.read_text(encoding="utf-8"))
    relative = str(WEB_MESSAGES.relative_to(PACKAGE.parent))
    for line, (key, text) in enumerate(data.items(), start=2):
        message: str | tuple[str, ...] = text if isinstance(text, str) else (text[0], text[1])
        yield message, key, relative, line, []


def template() -> Any:
    """The catalog template: every message of the source, with where it is said."""
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        project="Master Builder",
        version="1",
        copyright_holder="Master Builder contributors",
        msgid_bugs_address="",
        charset="utf-8",
        fuzzy=False,
    )
    for message, context, path, line, comments in (*python_messages(), *web_messages()):
        if not message or (isinstance(message, tuple) and not message[0]):
            continue
        catalog.add(message, None, [(path, line)], auto_comments=comments, context=context)
    return catalog


def _write(catalog: Any, path: Path) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, omit_header=False, ignore_obsolete=True, include_previous=False)


def _read(path: Path, code: str) -> Any:
    from babel.messages.pofile import read_po

    with path.open("rb") as f:
        return read_po(f, locale=code, domain=DOMAIN)


def extract() -> Any:
    catalog = template()
    _write(catalog, POT)
    return catalog


def update() -> Any:
    """The source's messages into each language's ``.po``; returns the template."""
    from babel.messages.catalog import Catalog

    pot = extract()
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        po = catalog_path(code)
        catalog = _read(po, code) if po.exists() else Catalog(locale=code, domain=DOMAIN, fuzzy=False)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        catalog.project, catalog.version = pot.project, pot.version
        catalog.copyright_holder = pot.copyright_holder
        catalog.header_comment = (
            f"# {LANGUAGE_NAMES[code]} messages of Master Builder.\n"
            "# Game terms follow the glossary docs/i18n/" + code + ".md (the rulebooks' own names).\n"
        )
        _write(catalog, po)
    return pot


def compile_all(target: Path | None = None) -> list[Path]:
    """Each language's ``.po`` compiled to its ``.mo`` (under ``target``, a build's copy of the
    locale folder, or beside the ``.po``)."""
    written = []
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        mo = (target / code / "LC_MESSAGES" / f"{DOMAIN}.mo") if target else catalog_path(code, ".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(compiled(catalog_path(code), code))
        written.append(mo)
    return written


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def _forms(entry: Any) -> tuple[str, ...] | None:
    """A catalog entry's translation, one form or its plural forms; None if it has none (or a fuzzy one)."""
    if entry is None or not entry.string or entry.fuzzy:
        return None
    return entry.string if isinstance(entry.string, tuple) else (entry.string,)


def problems(code: str, pot: Any = None) -> list[str]:
    """What is wrong with ``code``'s catalog against the source (``pot``, the template, extracted when not
    given): missing or fuzzy translations, and translations whose placeholders differ from the message's."""
    pot = template() if pot is None else pot
    po = catalog_path(code)
    if not po.exists():
        return [f"{code}: no catalog at {po}"]
    catalog = _read(po, code)
    found = []
    for message in pot:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        where = f"{code}: [{message.context or ''}] {ids[0]!r}"
        forms = _forms(catalog.get(message.id, context=message.context))
        if forms is None:
            found.append(f"{where}: not translated")
            continue
        if not all(forms):
            found.append(f"{where}: a plural form is missing")
            continue
        wanted = placeholders(ids[-1])
        for form in forms:
            have = placeholders(form)
            # a singular form may spell out its count ("one denier") and drop {n}
            if have != wanted and [p for p in wanted if p != "{n}"] != [p for p in have if p != "{n}"]:
                found.append(f"{where}: placeholders {have} differ from {wanted}")
                break
    return found


def stats(pot: Any = None) -> dict[str, tuple[int, int]]:
    """(translated, all) messages per language, against ``pot`` (extracted when not given)."""
    pot = template() if pot is None else pot
    total = sum(1 for m in pot if m.id)
    out = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        po = catalog_path(code)
        done = 0
        if po.exists():
            catalog = _read(po, code)
            done = sum(
                1
                for m in pot
                if m.id and (forms := _forms(catalog.get(m.id, context=m.context))) is not None and all(forms)
            )
        out[code] = (done, total)
    return out


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else ""
    if command == "extract":
        print(f"{sum(1 for m in extract() if m.id)} messages in {POT}")
    elif command == "update":
        for code, (done, total) in stats(update()).items():
            print(f"{code}: {done}/{total} translated")
    elif command == "compile":
        for mo in compile_all():
            print(mo)
    elif command == "stats":
        for code, (done, total) in stats().items():
            print(f"{code}: {done}/{total} translated")
    elif command == "check":
        pot = template()
        found = [p for code in LANGUAGES if code != SOURCE for p in problems(code, pot)]
        for line in found:
            print(line)
        print(f"{len(found)} problems")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
