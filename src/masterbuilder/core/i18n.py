"""The language players read: one gettext catalog (``masterbuilder``) for the engines, the terminal, the CLI
and the web table, managed with Babel (:mod:`masterbuilder.catalogs`).

English is the source language: a message's id is its English text, so English needs no catalog and its
output is exactly the source's. Each game's messages carry the game's name as their context (``msgctxt``),
because the rulebooks of two games may name the same thing differently (the Polish Caylus and Caylus 1303
rulebooks, for one); the shell's messages (CLI, terminal, web pages) have no context.

How code says a message::

    _ = Text("caylus")                                   # in a module of games/caylus/
    _("Take 1 {cube}", cube=_(name))                     # translated, then formatted
    _n("{n} denier", "{n} deniers", cost)                # plural forms: {n} is the count
    N_("Farm")                                           # marked for the catalog, translated where shown

The language is a context variable: the CLI sets it once (:func:`set_language`), the web server sets it
per request and per socket (:func:`use_language`), so one process can speak Polish to one player and German
to another.
"""

from __future__ import annotations

import gettext
import io
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Final

DOMAIN: Final = "masterbuilder"
SOURCE: Final = "en"
LANGUAGES: Final = ("en", "pl", "de", "ro")
"""The languages with a complete catalog, the source first."""
LANGUAGE_NAMES: Final = {"en": "English", "pl": "Polski", "de": "Deutsch", "ro": "Română"}
"""Each language in its own words (the language menus)."""
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"

_language: ContextVar[str] = ContextVar("masterbuilder_language", default=SOURCE)
_missing: ContextVar[Callable[[str | None, str], None] | None] = ContextVar(
    "masterbuilder_missing", default=None
)


class UnknownLanguage(ValueError):
    """A language the project has no catalog for."""


def check_language(code: Any) -> str:
    """``code`` as one of :data:`LANGUAGES` ('pl', 'pl_PL', 'pl-PL' and 'PL' are all Polish), else
    :class:`UnknownLanguage` naming the choices."""
    if isinstance(code, str):
        base = code.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
        if base in LANGUAGES:
            return base
    raise UnknownLanguage(f"Unknown language {code!r}: choose one of {', '.join(LANGUAGES)}.")


def language() -> str:
    """The language of the current context."""
    return _language.get()


def set_language(code: str) -> None:
    """Speak ``code`` from now on in this context (the CLI: the whole process)."""
    _language.set(check_language(code))


@contextmanager
def use_language(code: str) -> Iterator[None]:
    """Speak ``code`` inside the ``with`` block only (a web request, a socket message, a board drawing)."""
    token = _language.set(check_language(code))
    try:
        yield
    finally:
        _language.reset(token)


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment's locale asks for (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG``, as gettext reads them), if the project has it; else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):  # LANGUAGE is a list of preferences
            if part in ("C", "POSIX") or part.startswith("C."):
                return SOURCE
            try:
                return check_language(part)
            except UnknownLanguage:
                continue
        return SOURCE  # the first variable set decides, as in gettext
    return SOURCE


def negotiate(accept_language: str | None) -> str:
    """The best of :data:`LANGUAGES` for an HTTP ``Accept-Language`` header ('pl-PL,pl;q=0.9,en;q=0.8');
    English when nothing matches or the header is malformed."""
    if not accept_language:
        return SOURCE
    wanted: list[tuple[float, int, str]] = []
    for i, item in enumerate(accept_language.split(",")[:32]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        try:
            wanted.append((-q, i, check_language(tag)))
        except UnknownLanguage:
            continue
    wanted = [w for w in wanted if w[0] < 0]
    return min(wanted)[2] if wanted else SOURCE


# ---- catalogs ----------------------------------------------------------------------------------------


def catalog_path(code: str, suffix: str = ".po") -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code``: the ``.mo`` built at install time, or, in a source checkout whose
    ``.mo`` is missing or older than its ``.po``, the ``.po`` compiled in memory with Babel."""
    code = check_language(code)
    if code == SOURCE:
        return gettext.NullTranslations()
    po, mo = catalog_path(code), catalog_path(code, ".mo")
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    if not po.exists():
        raise FileNotFoundError(f"The {code!r} catalog is missing: {po}")
    return gettext.GNUTranslations(io.BytesIO(compiled(po, code)))


def compiled(po: Path, code: str) -> bytes:
    """The ``.po`` of ``code`` compiled (the bytes of its ``.mo``), with Babel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


@contextmanager
def report_missing(callback: Callable[[str | None, str], None]) -> Iterator[None]:
    """Call ``callback(context, msgid)`` for each message looked up in this context that its language's
    catalog lacks (the tests' check that no English shows through)."""
    token = _missing.set(callback)
    try:
        yield
    finally:
        _missing.reset(token)


def _report_if_missing(t: gettext.NullTranslations, context: str | None, message: str, plural: bool) -> None:
    """Tell :func:`report_missing`'s callback, if one listens, that ``t`` has no ``message``."""
    callback = _missing.get()
    if callback is None:
        return
    catalog: dict[Any, str] = getattr(t, "_catalog", {})
    key = message if context is None else f"{context}\x04{message}"  # how gettext keys a msgctxt
    if ((key, 0) if plural else key) not in catalog:
        callback(context, message)


def _lookup(context: str | None, message: str) -> str:
    code = _language.get()
    if code == SOURCE or not message:
        return message
    t = translations(code)
    _report_if_missing(t, context, message, plural=False)
    return t.gettext(message) if context is None else t.pgettext(context, message)


def _lookup_plural(context: str | None, singular: str, plural: str, n: int) -> str:
    code = _language.get()
    if code == SOURCE:
        return singular if n == 1 else plural
    t = translations(code)
    _report_if_missing(t, context, singular, plural=True)
    if context is None:
        return t.ngettext(singular, plural, n)
    return t.npgettext(context, singular, plural, n)


class Text:
    """The messages of one part of the project: a game's (``context`` is the game's name) or the shell's
    (``None``). Calling it translates a message into the current language and formats its ``{fields}``."""

    __slots__ = ("context",)

    def __init__(self, context: str | None = None) -> None:
        self.context = context

    def __call__(self, message: str, /, **fields: Any) -> str:
        text = _lookup(self.context, message)
        return text.format(**fields) if fields else text

    def plural(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        """The form of ``n`` (Polish and Romanian have three), formatted with ``n`` and ``fields``."""
        return _lookup_plural(self.context, singular, plural, n).format(n=n, **fields)

    def __repr__(self) -> str:
        return f"Text({self.context!r})"


def kinded(context: str | None, kind: str) -> str:
    """The catalog context of the messages of ``kind`` within ``context`` (a game's): 'caylus1303|family'."""
    return kind if context is None else f"{context}|{kind}"


def C_(kind: str, message: str) -> str:
    """Mark ``message`` for the catalog as a message of ``kind`` ('family'), apart from the same English
    message elsewhere (the building family 'wood' is not the resource 'wood' in Polish); it is translated
    where it is shown, by ``Text(kinded(game, kind))``."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalog where it is defined (a name in a data table); it is translated
    where it is shown."""
    return message


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals in the current language's way: '0.3' in English, '0,3' in
    Polish."""
    code = _language.get()
    if code == SOURCE:
        return f"{value:.{digits}f}"
    from babel.numbers import format_decimal

    return format_decimal(
        round(value, digits), format=f"#,##0.{'0' * digits}" if digits else "#,##0", locale=code
    )


def integer(value: int) -> str:
    """A whole number in the current language's way (thousands grouped: '12,345', Polish '12 345')."""
    code = _language.get()
    if code == SOURCE:
        return f"{value:,}"
    from babel.numbers import format_decimal

    return format_decimal(value, locale=code)


def join(items: Sequence[str]) -> str:
    """'a, b and c' in the current language ('a, b i c' in Polish), with English's exact wording kept."""
    code = _language.get()
    if code == SOURCE:
        if len(items) <= 2:
            return " and ".join(items)
        return ", ".join(items[:-1]) + " and " + items[-1]
    from babel.lists import format_list

    return format_list(list(items), locale=code)


shell = Text()
"""The shell's messages: the CLI, the terminal's frame, the web pages."""
