"""The language machinery: choosing a language (locale, Accept-Language), one language per context, plural
forms, numbers and lists per language, and the catalogs' loading (compiled or from the .po)."""

from __future__ import annotations

import asyncio
import gettext
import shutil
from pathlib import Path

import pytest

from masterbuilder import catalogs
from masterbuilder.core import i18n
from masterbuilder.core.i18n import (
    LANGUAGES,
    Text,
    UnknownLanguage,
    check_language,
    decimal,
    environment_language,
    integer,
    join,
    language,
    negotiate,
    report_missing,
    use_language,
)


@pytest.mark.parametrize(
    ("code", "expected"),
    [("pl", "pl"), ("pl_PL", "pl"), ("de-AT", "de"), ("RO", "ro"), ("en_GB.UTF-8", "en")],
)
def test_a_language_is_named_by_its_code_or_a_locale(code: str, expected: str) -> None:
    assert check_language(code) == expected


@pytest.mark.parametrize("code", ["fr", "", "xx_YY", None, 3, "polish"])
def test_an_unknown_language_is_refused_naming_the_choices(code: object) -> None:
    with pytest.raises(UnknownLanguage, match="choose one of en, pl, de, ro"):
        check_language(code)


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LC_ALL": "de_DE.UTF-8", "LANG": "pl_PL.UTF-8"}, "de"),
        ({"LANGUAGE": "fr:ro", "LANG": "pl_PL.UTF-8"}, "ro"),
        ({"LANGUAGE": "fr", "LANG": "pl_PL.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "POSIX"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_environment_locale_chooses_like_gettext(environ: dict[str, str], expected: str) -> None:
    assert environment_language(environ) == expected


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("pl-PL,pl;q=0.9,en-US;q=0.8,en;q=0.7", "pl"),
        ("fr-FR, de;q=0.5, ro;q=0.7", "ro"),
        ("en;q=0.1, de", "de"),
        ("fr, it", "en"),
        ("de;q=0", "en"),
        ("pl;q=abc, de;q=0.2", "de"),
        ("", "en"),
        (None, "en"),
        (";;;,,,q=", "en"),
    ],
)
def test_accept_language_picks_the_best_offered_language(header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


class Marked(gettext.NullTranslations):
    """A catalog that says every message in brackets: shows that a message went through it."""

    def gettext(self, message: str) -> str:
        return f"[{message}]"

    def pgettext(self, context: str, message: str) -> str:
        return f"[{context}:{message}]"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{msgid1 if n == 1 else msgid2}]"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"[{context}:{msgid1 if n == 1 else msgid2}]"


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "translations", lambda code: Marked())


def test_english_is_the_source_text_and_needs_no_catalog() -> None:
    _ = Text("caylus")
    assert language() == "en"
    assert _("Take 1 {cube}", cube="wood") == "Take 1 wood"
    assert _.plural("{n} denier", "{n} deniers", 1) == "1 denier"
    assert _.plural("{n} denier", "{n} deniers", 3) == "3 deniers"


def test_a_game_message_is_looked_up_with_the_game_as_context(marked: None) -> None:
    with use_language("pl"):
        assert Text("caylus")("Farm") == "[caylus:Farm]"
        assert Text()("seat {n}", n=2) == "[seat 2]"
        assert Text("builders").plural("{n} coin", "{n} coins", 2) == "[builders:2 coins]"
    assert Text("caylus")("Farm") == "Farm"


def test_the_language_is_per_context_so_two_players_can_read_two_languages(marked: None) -> None:
    _ = Text()

    async def read(code: str) -> str:
        with use_language(code):
            await asyncio.sleep(0.01)  # the other task runs meanwhile, in its own language
            return _("Pass")

    async def both() -> list[str]:
        return list(await asyncio.gather(read("pl"), read("en")))

    assert asyncio.run(both()) == ["[Pass]", "Pass"]
    assert language() == "en"


def test_polish_has_three_plural_forms_from_its_catalog_header() -> None:
    # rules of the language, not of a game: 1 denar, 2 denary, 5 denarów, 22 denary, 12 denarów
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="pl", domain="masterbuilder")
    catalog.add(("{n} denier", "{n} deniers"), ("{n} denar", "{n} denary", "{n} denarów"), context="caylus")
    import io

    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    polish = gettext.GNUTranslations(buffer)
    counts = (1, 2, 5, 12, 22, 25)
    forms = [polish.npgettext("caylus", "{n} denier", "{n} deniers", n).format(n=n) for n in counts]
    assert forms == ["1 denar", "2 denary", "5 denarów", "12 denarów", "22 denary", "25 denarów"]


def test_numbers_and_lists_follow_the_language() -> None:
    assert (decimal(0.25, 1), integer(12345), join(["a", "b", "c"])) == ("0.2", "12,345", "a, b and c")
    assert join(["a", "b"]) == "a and b"
    with use_language("pl"):
        assert (decimal(0.3, 1), integer(12345), join(["a", "b", "c"])) == ("0,3", "12\xa0345", "a, b i c")
    with use_language("de"):
        assert (decimal(1234.5, 1), join(["a", "b", "c"])) == ("1.234,5", "a, b und c")
    with use_language("ro"):
        assert decimal(2.5, 1) == "2,5"


def test_a_missing_translation_is_reported_in_strict_mode() -> None:
    missing: list[tuple[str | None, str]] = []
    with use_language("pl"), report_missing(lambda context, message: missing.append((context, message))):
        assert Text("caylus")("a message no catalog has") == "a message no catalog has"
        Text().plural("{n} thing nobody says", "{n} things nobody says", 2)
    assert missing == [("caylus", "a message no catalog has"), (None, "{n} thing nobody says")]


def test_a_catalog_is_read_from_its_po_when_the_compiled_one_is_missing_or_older(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    i18n.translations.cache_clear()
    try:
        from_po = i18n.translations("pl")
        assert isinstance(from_po, gettext.GNUTranslations)
        catalogs_written = catalogs.compile_all(locale)
        assert {p.parent.parent.name for p in catalogs_written} == set(LANGUAGES) - {"en"}
        i18n.translations.cache_clear()
        from_mo = i18n.translations("pl")
        assert from_mo._catalog == from_po._catalog  # type: ignore[attr-defined]
    finally:
        i18n.translations.cache_clear()
