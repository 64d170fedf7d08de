"""The language each player reads: chosen per request and per socket, never for the whole server.

A request's language is, in order: the ``mb_lang`` cookie the page's language menu sets, the browser's
``Accept-Language`` header, the server's default (``Settings.language``, ``MASTERBUILDER_LANG``, ``serve
--lang``). :class:`LanguageMiddleware` runs every HTTP request and socket inside it
(:func:`masterbuilder.core.i18n.use_language`), so anything rendered there speaks it.

The pages' messages (``web/i18n/en.json``: key → English) are in the one gettext catalog with the key as
their context; :func:`page_catalog` builds a language's JSON for the pages from it. A plural message is sent
as its forms by CLDR category (``one``, ``few``, ``many``, ``other``), which the page picks with
``Intl.PluralRules``: each category gets the gettext form of the first whole number of that category.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from http.cookies import SimpleCookie
from typing import Any, Final

from starlette.types import ASGIApp, Receive, Scope, Send

from masterbuilder.core.i18n import (
    LANGUAGE_NAMES,
    SOURCE,
    UnknownLanguage,
    check_language,
    negotiate,
    translations,
    use_language,
)
from masterbuilder.core.voice import seat_name

COOKIE: Final = "mb_lang"
CATEGORIES: Final = ("zero", "one", "two", "few", "many", "other")


def chosen_language(cookie: str | None, accept_language: str | None, default: str = SOURCE) -> str:
    """The player's language: the cookie if it names one of ours, else the best match of the header, else
    ``default`` (when the browser sends no ``Accept-Language``)."""
    if cookie:
        try:
            return check_language(cookie)
        except UnknownLanguage:
            pass
    if accept_language and accept_language.strip():
        return negotiate(accept_language)
    return default


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            text: str = value.decode("latin-1")
            return text
    return None


def scope_language(scope: Scope, default: str = SOURCE) -> str:
    """The language of an ASGI request or socket (its cookie and headers)."""
    cookie = None
    raw = _header(scope, b"cookie")
    if raw:
        jar: SimpleCookie = SimpleCookie()
        try:
            jar.load(raw)
        except Exception:  # a malformed cookie header: as if there were none
            jar = SimpleCookie()
        if COOKIE in jar:
            cookie = jar[COOKIE].value
    return chosen_language(cookie, _header(scope, b"accept-language"), default)


class LanguageMiddleware:
    """Runs each request and socket inside its player's language (``scope["state"]["language"]`` too)."""

    def __init__(self, app: ASGIApp, default: str = SOURCE) -> None:
        self.app = app
        self.default = check_language(default)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        lang = scope_language(scope, self.default)
        scope.setdefault("state", {})["language"] = lang
        with use_language(lang):
            await self.app(scope, receive, send)


def request_language(state: Any) -> str:
    """The language the middleware chose for a request or socket (``request.state`` or ``ws.state``)."""
    lang: str = getattr(state, "language", SOURCE)
    return lang


# ---- the pages' catalog --------------------------------------------------------------------------------
def page_messages() -> dict[str, str | list[str]]:
    """``web/i18n/en.json``: each key the pages use and its English text ([singular, plural] if counted)."""
    from masterbuilder.catalogs import WEB_MESSAGES

    data: dict[str, str | list[str]] = json.loads(WEB_MESSAGES.read_text(encoding="utf-8"))
    return data


def category_examples(lang: str) -> dict[str, int]:
    """The first whole number of each CLDR plural category of ``lang`` that has one (Polish: one 1,
    few 2, many 0, and no whole number is 'other')."""
    from babel import Locale

    rule = Locale.parse(lang).plural_form
    examples: dict[str, int] = {}
    for n in range(0, 1001):
        examples.setdefault(rule(n), n)
    return examples


def plural_forms(lang: str, key: str, singular: str, plural: str) -> dict[str, str]:
    """A plural message's forms by CLDR category. 'other' is always there (the page's fallback): where no
    whole number is 'other' (Polish), it is the language's last gettext form."""
    t = translations(lang)
    examples = category_examples(lang)
    forms = {
        c: t.npgettext(key, singular, plural, n) for c in CATEGORIES if (n := examples.get(c)) is not None
    }
    if "other" not in forms:
        last = max(examples.values(), key=lambda n: _form_index(t, n))
        forms["other"] = t.npgettext(key, singular, plural, last)
    return forms


def _form_index(t: Any, n: int) -> int:
    plural = getattr(t, "plural", None)
    return int(plural(n)) if plural is not None else (0 if n == 1 else 1)


@cache
def page_catalog(lang: str) -> dict[str, Any]:
    """The JSON the pages load for ``lang`` (cached per language): ``{"lang", "languages", "messages"}``,
    where a message is a string, or, if counted, its forms by plural category."""
    lang = check_language(lang)
    t = translations(lang)
    messages: dict[str, str | dict[str, str]] = {}
    for key, english in page_messages().items():
        if isinstance(english, str):
            messages[key] = t.pgettext(key, english)
        else:
            messages[key] = plural_forms(lang, key, english[0], english[1])
    return {"lang": lang, "languages": dict(LANGUAGE_NAMES), "messages": messages}


def unnamed(seat: int) -> str:
    """What the database holds for a seat nobody has named: 'seat 2', in English whatever the language."""
    return f"seat {seat}"


def shown_name(seat: int, name: str) -> str:
    """A seat's name as the reader's language says it: a seat nobody has named (:func:`unnamed`) is shown
    as the reader's 'seat 2' ('gracz 2', 'Spieler 2')."""
    return seat_name(seat) if name == unnamed(seat) else name


def seat_entries(seats: Sequence[Any]) -> list[dict[str, Any]]:
    """The seats of a game as a client reads them, in the current language."""
    return [
        {"seat": s.seat, "kind": s.kind, "bot": s.bot, "name": shown_name(s.seat, s.name), "taken": s.taken}
        for s in seats
    ]
