"""The catalogs are complete and right: every message translated in every language, placeholders kept, the
catalogs compile with their languages' plural forms, the .pot is the source's, and random games in each
language show nothing from outside the catalog."""

from __future__ import annotations

import collections
import gettext
import html
import io
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from masterbuilder import GAMES, catalogs, new_game
from masterbuilder.core import i18n
from masterbuilder.core.board import draw_board
from masterbuilder.core.i18n import LANGUAGES, catalog_path, report_missing, use_language
from masterbuilder.ui import renderers
from masterbuilder.ui.events import log_events, summarise

TRANSLATED = [code for code in LANGUAGES if code != "en"]


@pytest.fixture(scope="module")
def template() -> object:
    return catalogs.template()


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(code: str, template: object) -> None:
    problems = catalogs.problems(code, template)
    assert problems == [], f"{len(problems)} problems, first: {problems[:10]}"


def test_the_template_in_the_package_is_the_one_the_source_gives(template: object) -> None:
    from babel.messages.pofile import read_po

    with catalogs.POT.open("rb") as f:
        shipped = read_po(f)
    key = lambda m: (m.context, m.id)  # noqa: E731
    assert sorted(map(key, (m for m in shipped if m.id)), key=str) == sorted(
        map(key, (m for m in template if m.id)),  # type: ignore[attr-defined]
        key=str,
    ), "run `make catalogs` after changing a message"


@pytest.mark.parametrize(("code", "forms"), [("pl", 3), ("de", 2), ("ro", 3)])
def test_the_catalogs_compile_with_their_plural_forms(code: str, forms: int, tmp_path: Path) -> None:
    (mo,) = [p for p in catalogs.compile_all(tmp_path) if p.parent.parent.name == code]
    with mo.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    assert compiled.info()["language"] == code
    assert f"nplurals={forms}" in compiled.info()["plural-forms"]
    # rules: the languages' own: Polish 1 / 2-4 / 5+, Romanian 1 / 2-19 / 20+ ("de")
    counts = {"pl": (1, 2, 5), "de": (1, 2, 2), "ro": (1, 2, 20)}[code]
    assert [compiled.plural(n) for n in counts] == list(range(forms)) + [forms - 1] * (3 - forms)  # type: ignore[attr-defined]
    assert catalog_path(code).exists()


def _terminal(state: object, seat: int | None, names: list[str]) -> str:
    renderer = renderers.renderer_for(state.game)  # type: ignore[attr-defined]
    console = Console(file=io.StringIO(), width=140, color_system=None, record=True)
    console.print(renderer.table(state, seat, names))  # type: ignore[arg-type]
    return console.export_text() + renderer.decision(state) + renderer.status(state)  # type: ignore[arg-type]


def _svg_text(svg: str) -> str:
    svg = re.sub(r"<style.*?</style>", "", svg, flags=re.DOTALL)  # CSS, not shown
    texts = re.findall(r">([^<>]+)<", svg)
    attrs = re.findall(r'(?:aria-label|title|data-tip)="([^"]*)"', svg)
    return html.unescape("\n".join(texts + attrs))


def seen(game: str, players: int, seed: int, steps: int = 300) -> list[str]:
    """What players see of a random game: prompts, every choice for every reader, refusals, events, the
    terminal table and help, the board's text."""
    state = new_game(game, players, seed)
    log_events(state)
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(players)]
    renderer = renderers.renderer_for(game)
    texts: list[str] = [renderer.help()]
    for step in range(steps):
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        if step % 3 == 0:
            for reader in ("actor", None, 0):
                texts += [state.describe_action(a, reader=reader) for a in legal]
            if hasattr(state, "prompt"):
                texts.append(state.prompt())
            texts += [r for a in range(0, 300, 7) if a not in legal and (r := state.illegal_reason(a))]
        if step % 40 == 0:
            texts.append(_terminal(state, state.current_player, names))
            texts.append(_svg_text(draw_board(state, state.current_player)["svg"]))
        action = rng.choice(legal)
        before = state.clone()
        state.apply(action)
        texts += summarise(before, action, state, names=names)
    texts.append(_terminal(state, 0, names))
    texts.append(_svg_text(draw_board(state, 0)["svg"]))
    return texts


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_random_game_finds_every_message_in_the_catalog(game: str, code: str) -> None:
    missing: set[tuple[str | None, str]] = set()
    with use_language(code), report_missing(lambda context, message: missing.add((context, message))):
        texts = seen(game, GAMES[game].max_players, seed=11)
    assert texts
    assert not missing, f"{len(missing)} messages not in the {code} catalog: {sorted(missing, key=str)[:10]}"


FIELD = re.compile(r"(\{[^{}]*\})")
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[A-Za-z][A-Za-z']*[A-Za-z]")  # two letters or more: a lone letter is an abbreviation


def _pseudo(template: str) -> str:
    # the template's own words in brackets, its fields outside them: a field's value shows unless it is
    # itself a translated message
    return "".join(p if FIELD.fullmatch(p) else f"⟦{p}⟧" if p else "" for p in FIELD.split(template))


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return _pseudo(message)

    def pgettext(self, context: str, message: str) -> str:
        return _pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return _pseudo(msgid1 if n == 1 else msgid2)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return _pseudo(msgid1 if n == 1 else msgid2)


def english_left(text: str) -> list[str]:
    while (stripped := WRAPPED.sub(" ", text)) != text:
        text = stripped
    return WORD.findall(text)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_nothing_a_player_sees_escapes_the_catalog(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """In a pseudo-language that brackets every message's own words, no English word is left outside the
    brackets but the action labels (English ids by design) and the seats' names."""
    monkeypatch.setattr(i18n, "translations", lambda code: Pseudo())
    info = GAMES[game]
    probe = new_game(game, info.min_players, 0)
    ids = range(info.num_distinct_actions(info.max_players))
    labels = {w for a in ids for w in WORD.findall(_label(probe, a))}
    allowed = labels | {f"p{i}" for i in range(5)} | {"Caylus"}  # the labels, the seats' names, a name
    found: collections.Counter[str] = collections.Counter()
    example: dict[str, str] = {}
    with use_language("pl"):
        for players in (info.min_players, info.max_players):
            for text in seen(game, players, seed=5):
                for word in english_left(text):
                    if word not in allowed:
                        found[word] += 1
                        example.setdefault(word, text.strip()[:160])
    assert not found, "English outside the catalog: " + "; ".join(
        f"{w!r} in {example[w]!r}" for w, _ in found.most_common(8)
    )


def _label(state: object, action: int) -> str:
    try:
        return state.action_label(action)  # type: ignore[attr-defined,no-any-return]
    except (ValueError, IndexError):
        return ""


def test_no_message_sits_inside_an_f_string() -> None:
    """Babel's extractor does not look inside f-strings (Python 3.11 reads one as a single token): a
    message written there would never reach the catalog."""
    import ast

    found = []
    for path in sorted(catalogs.PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in catalogs.KEYWORDS
                    and inner.args
                    and isinstance(inner.args[0], ast.Constant)
                ):
                    found.append(f"{path.name}:{inner.lineno}")
    assert found == []


def _clear_caches() -> None:
    import sys

    for name, module in list(sys.modules.items()):
        if name.startswith("masterbuilder.") and name != "masterbuilder.core.i18n":
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_one_language_never_shows_through_another(game: str) -> None:
    """Whatever a game caches while drawing is kept per language: Polish drawn after English is the Polish
    drawn afresh, and English after Polish the English drawn afresh."""
    state = new_game(game, 3, 2)
    rng = random.Random(2)
    for _ in range(40):
        state.apply(rng.choice(state.legal_action_ids()))

    def everything(code: str) -> tuple[str, str, list[str]]:
        with use_language(code):
            moves = [state.describe_action(a, reader=None) for a in state.legal_action_ids()]
            return draw_board(state, 0)["svg"], _terminal(state, 0, ["a", "b", "c"]), moves

    fresh = {}
    for code in ("en", "pl"):
        _clear_caches()
        fresh[code] = everything(code)
    assert fresh["pl"] != fresh["en"]
    _clear_caches()
    assert (everything("en"), everything("pl"), everything("en")) == (fresh["en"], fresh["pl"], fresh["en"])


# (players, seed, every how many moves a board is drawn): the games as their board tests first played them
WELL_FORMED = {"builders": (2, 3, 9), "caylus": (3, 5, 12), "caylus1303": (4, 7, 15)}


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_translated_boards_are_well_formed(game: str, code: str) -> None:
    """Every board of a game, in every language, parses: a fitted long text keeps one style attribute."""
    import xml.etree.ElementTree as ET

    players, seed, every = WELL_FORMED[game]
    state = new_game(game, players, seed)
    rng = random.Random(seed)
    step = 0
    while True:
        if step % every == 0 or state.is_terminal:
            with use_language(code):
                for seat in (state.current_player, None):
                    ET.fromstring(str(draw_board(state, seat)["svg"]))
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
        step += 1
