"""The web table in the player's language: the pages' catalog route, choosing the language (cookie,
Accept-Language, the server's default), the socket's words and boards drawn in the connection's language.

The real translations are not written yet, so the tests that need translated text put a marking catalog in
place of every language's: it wraps each message in ⟦ ⟧, so what went through the catalog shows.
"""

from __future__ import annotations

import asyncio
import gettext
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from masterbuilder import new_game
from masterbuilder.catalogs import WEB_MESSAGES
from masterbuilder.core import i18n
from masterbuilder.server import boards, languages, pages, tables
from masterbuilder.server.languages import chosen_language, page_catalog
from tests.marking import marking_translations
from tests.server.conftest import create, make_client


@pytest.fixture
def marked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every language but English speaks the marking catalog (the page catalog's cache emptied around)."""
    page_catalog.cache_clear()
    monkeypatch.setattr(i18n, "translations", marking_translations)
    monkeypatch.setattr(languages, "translations", marking_translations)
    yield
    page_catalog.cache_clear()


@pytest.fixture
def sqlite_client(tmp_path: Path) -> Iterator[TestClient]:
    with make_client(f"sqlite:///{tmp_path / 'games.db'}") as c:
        yield c


# ---- the pages' catalog --------------------------------------------------------------------------------
def test_the_catalog_route_has_every_key_and_english_unchanged(sqlite_client: TestClient) -> None:
    english: dict[str, str | list[str]] = json.loads(WEB_MESSAGES.read_text(encoding="utf-8"))
    data = sqlite_client.get("/i18n/en.json").json()
    assert data["lang"] == "en"
    assert data["languages"] == i18n.LANGUAGE_NAMES
    assert data["messages"].keys() == english.keys()
    for key, text in english.items():
        if isinstance(text, str):
            assert data["messages"][key] == text
        else:  # English: 'one' is the singular, 'other' the plural
            assert data["messages"][key] == {"one": text[0], "other": text[1]}
    assert "lobby.play_against" in data["messages"] and isinstance(
        data["messages"]["lobby.play_against"], dict
    )
    for code in i18n.LANGUAGES:
        assert sqlite_client.get(f"/i18n/{code}.json").json()["messages"].keys() == english.keys()


def test_plural_messages_come_by_cldr_category() -> None:
    polish = page_catalog("pl")["messages"]["lobby.play_against"]
    assert {"one", "few", "many", "other"} <= set(polish)
    romanian = page_catalog("ro")["messages"]["lobby.play_against"]
    assert {"one", "few", "other"} <= set(romanian)
    assert set(page_catalog("de")["messages"]["lobby.play_against"]) == {"one", "other"}


def test_each_category_gets_the_gettext_form_of_its_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Polish's three gettext forms (1; 2-4, 22-24...; 0, 5-21...) map onto one, few and many."""
    assert languages.category_examples("pl") == {"many": 0, "one": 1, "few": 2}

    class Forms(gettext.NullTranslations):
        def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
            return ["form 0", "form 1", "form 2"][self.plural(n)]

        def plural(self, n: int) -> int:
            if n == 1:
                return 0
            return 1 if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else 2

    monkeypatch.setattr(languages, "translations", lambda code: Forms())
    forms = languages.plural_forms("pl", "k", "{n} bot", "{n} bots")
    assert forms == {"one": "form 0", "few": "form 1", "many": "form 2", "other": "form 2"}


def test_the_catalog_is_translated_with_the_key_as_context(marked: None) -> None:
    messages = page_catalog("pl")["messages"]
    assert messages["lobby.title"] == "⟦Master Builder: play Caylus, Caylus 1303 and The Builders⟧"
    assert messages["lobby.play_against"]["few"] == "⟦Play {game} against {n} bots⟧"
    assert messages["lobby.play_against"]["one"] == "⟦Play {game} against {n} bot⟧"


def test_an_unknown_language_is_a_404_that_names_the_languages(sqlite_client: TestClient) -> None:
    for bad in ("xx", "PL", "pl-PL", "english"):
        response = sqlite_client.get(f"/i18n/{bad}.json")
        assert response.status_code == 404, bad
        detail = response.json()["detail"]
        assert "no language" in detail and "en, pl, de, ro" in detail


# ---- choosing the language ---------------------------------------------------------------------------
def test_the_cookie_then_accept_language_then_the_default() -> None:
    assert chosen_language("de", "pl-PL,pl;q=0.9", "en") == "de"
    assert chosen_language(None, "pl-PL,pl;q=0.9,en;q=0.8", "en") == "pl"
    assert chosen_language("klingon", "ro", "en") == "ro"
    assert chosen_language(None, None, "ro") == "ro"
    assert chosen_language(None, "", "de") == "de"
    assert chosen_language(None, "fr, ja", "de") == "en"  # a browser that asks, for what we lack


def test_pages_say_the_players_language(tmp_path: Path) -> None:
    with make_client(f"sqlite:///{tmp_path / 'g.db'}", language="ro") as client:
        assert '<html lang="ro">' in client.get("/", headers={"accept-language": ""}).text
        assert '<html lang="pl">' in client.get("/", headers={"accept-language": "pl-PL,pl;q=0.9"}).text
        client.cookies.set("mb_lang", "de")
        assert '<html lang="de">' in client.get("/rules/caylus", headers={"accept-language": "pl"}).text
        client.cookies.set("mb_lang", "nonsense")
        assert '<html lang="en">' in client.get("/replay", headers={"accept-language": "en-GB"}).text


def test_a_bad_default_language_is_refused_at_once(tmp_path: Path) -> None:
    with pytest.raises(i18n.UnknownLanguage):
        make_client(f"sqlite:///{tmp_path / 'g.db'}", language="xx")


def test_rest_errors_in_the_players_language(sqlite_client: TestClient, marked: None) -> None:
    response = sqlite_client.get("/api/games/nope", headers={"accept-language": "pl"})
    assert response.status_code == 404
    assert response.json()["detail"] == "⟦There is no game 'nope'.⟧"
    english = sqlite_client.get("/api/games/nope", headers={"accept-language": "en"}).json()["detail"]
    assert english == "There is no game 'nope'."
    body = {"game": "builders", "players": 2, "seats": [{"kind": "human", "name": "   "}, {"kind": "bot"}]}
    refused = sqlite_client.post("/api/games", json=body, headers={"accept-language": "pl"})
    assert refused.status_code == 422
    assert "⟦a name must have at least one visible character⟧" in refused.json()["detail"]


def test_the_rules_summary_in_the_players_language_else_english(
    sqlite_client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    root = tmp_path / "web"
    for folder in ("en", "notes"):
        shutil.copytree(pages.WEB_ROOT / "rules" / folder, root / "rules" / folder)
    (root / "rules" / "pl").mkdir()
    (root / "rules" / "pl" / "caylus.md").write_text("**Zasady** w skrócie.\n", encoding="utf-8")
    monkeypatch.setattr(pages, "WEB_ROOT", root)
    pages.rules_html.cache_clear()
    try:
        english = sqlite_client.get("/api/pages/rules/caylus?lang=en").json()["summary_html"]
        sqlite_client.cookies.set("mb_lang", "pl")
        assert sqlite_client.get("/api/pages/rules/caylus").json()["summary_html"] == (
            "<p><strong>Zasady</strong> w skrócie.</p>\n"
        )
        assert sqlite_client.get("/api/pages/rules/builders").json()["summary_html"] != english
        assert "End of the game" in sqlite_client.get("/api/pages/rules/builders").json()["summary_html"]
        assert sqlite_client.get("/api/pages/rules/caylus?lang=de").json()["summary_html"] == english
        assert sqlite_client.get("/api/pages/rules/caylus?lang=xx").status_code == 422
    finally:
        pages.rules_html.cache_clear()


# ---- the socket -----------------------------------------------------------------------------------------
def spy_languages(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    """Record the language each part of the state message was rendered in."""
    seen: dict[str, list[str]] = {"words": [], "seat": [], "board": []}
    real_renderer_for, real_seat_part = vars(tables)["renderer_for"], tables.seat_part
    real_draw_board = vars(boards)["draw_board"]

    def renderer_for(game: str) -> Any:
        seen["words"].append(i18n.language())
        return real_renderer_for(game)

    def seat_part(*args: Any) -> dict[str, Any]:
        seen["seat"].append(i18n.language())
        return real_seat_part(*args)

    def draw_board(*args: Any) -> Any:
        seen["board"].append(i18n.language())
        return real_draw_board(*args)

    monkeypatch.setattr(tables, "renderer_for", renderer_for)
    monkeypatch.setattr(tables, "seat_part", seat_part)
    monkeypatch.setattr(boards, "draw_board", draw_board)
    return seen


def test_a_socket_in_polish_gets_its_view_rendered_in_polish(
    sqlite_client: TestClient, marked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(sqlite_client, game="builders", players=2, join=[0, 1], seed=11)
    gid, tokens = made["id"], made["tokens"]
    mover = new_game("builders", 2, 11).current_player
    assert mover is not None
    seen = spy_languages(monkeypatch)
    with (
        sqlite_client.websocket_connect(f"/ws/games/{gid}") as polish,
        sqlite_client.websocket_connect(f"/ws/games/{gid}") as english,
    ):
        polish.send_json({"type": "hello", "token": tokens[str(1 - mover)], "lang": "pl"})
        first = polish.receive_json()
        assert first["type"] == "state"
        assert seen == {"words": ["pl"], "seat": ["pl"], "board": ["pl"]}
        english.send_json({"type": "hello", "token": tokens[str(mover)]})
        assert english.receive_json()["type"] == "state"
        assert seen["words"][-1] == "en" and seen["board"][-1] == "en"

        polish.send_json({"type": "act", "action": 0, "ply": 0})  # not its turn: refused in Polish
        refusal = polish.receive_json()
        assert refusal["type"] == "error" and refusal["code"] == "not_your_turn"
        assert refusal["message"].startswith("⟦It is ") and refusal["message"].endswith("not yours.⟧")

        for seen_list in seen.values():
            seen_list.clear()
        action = new_game("builders", 2, 11).legal_action_ids()[0]
        english.send_json({"type": "act", "action": action, "ply": 0})
        update_en, update_pl = english.receive_json(), polish.receive_json()
        assert update_en["ply"] == update_pl["ply"] == 1
        assert sorted(seen["words"]) == ["en", "pl"] and sorted(seen["board"]) == ["en", "pl"]
        assert update_en["log"][0]["text"] == new_game("builders", 2, 11).describe_action(
            action, reader=None, names=[s["name"] for s in update_en["seats"]]
        )


def test_an_unknown_language_in_hello_is_refused(sqlite_client: TestClient) -> None:
    gid = create(sqlite_client, game="builders", players=2, join=[0, 1], seed=3)["id"]
    with sqlite_client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello", "lang": "xx"})
        refusal = ws.receive_json()
        assert refusal["code"] == "bad_message" and "en, pl, de, ro" in refusal["message"]
        ws.send_json({"type": "hello", "lang": "de"})
        assert ws.receive_json()["type"] == "state"


def test_the_socket_follows_the_cookie_without_a_lang(
    sqlite_client: TestClient, marked: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = create(sqlite_client, game="caylus", players=2, join=[0, 1], seed=5)["id"]
    seen = spy_languages(monkeypatch)
    sqlite_client.cookies.set("mb_lang", "ro")
    with sqlite_client.websocket_connect(f"/ws/games/{gid}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["type"] == "state"
    assert seen["words"] == ["ro"] and seen["board"] == ["ro"]


def test_the_board_worker_draws_in_the_messages_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker gets the language with the drawing: a worker's context is not the server's (a thread
    pool stands in for the processes here: run_in_executor carries no context either)."""
    drawn: list[tuple[str, str, list[str]]] = []

    def draw_svg(game: str, view: Any, actions: Any, seat: int | None, names: Any = ()) -> str:
        drawn.append((game, i18n.language(), list(names)))
        return "<svg/>"

    monkeypatch.setattr(boards, "draw_svg", draw_svg)
    pool = boards.BoardPool(1)
    threads = ThreadPoolExecutor(1)
    monkeypatch.setattr(pool, "_executor", lambda: threads)
    state = new_game("caylus", 2, 5)
    try:
        message = asyncio.run(pool.draw(state, state.current_player, "pl", lambda: ["Ania", i18n.language()]))
        english = asyncio.run(pool.draw(state, None))
    finally:
        threads.shutdown()
    assert drawn == [("caylus", "pl", ["Ania", "pl"]), ("caylus", "en", [])]  # the names asked in Polish
    assert message["svg"] == english["svg"] == "<svg/>"


def test_the_replay_pages_log_is_in_the_requests_language(
    sqlite_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(sqlite_client, game="builders", players=2, join=[0, 1], seed=11)
    state = new_game("builders", 2, 11)
    mover = state.current_player
    with sqlite_client.websocket_connect(f"/ws/games/{made['id']}") as ws:
        ws.send_json({"type": "hello", "token": made["tokens"][str(mover)], "board": False})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "action": state.legal_action_ids()[0], "ply": 0})
        assert ws.receive_json()["ply"] == 1
    real_entry, languages_seen = vars(tables)["_entry"], []

    def entry(*args: Any) -> Any:
        languages_seen.append(i18n.language())
        return real_entry(*args)

    monkeypatch.setattr(tables, "_entry", entry)
    english = sqlite_client.get(f"/api/pages/games/{made['id']}/replay").json()["log"]
    assert languages_seen == []  # the English log is kept
    sqlite_client.cookies.set("mb_lang", "de")
    german = sqlite_client.get(f"/api/pages/games/{made['id']}/replay").json()["log"]
    assert languages_seen == ["de"] and len(german) == len(english) == 1
    sqlite_client.get(f"/api/pages/games/{made['id']}/replay")
    assert languages_seen == ["de"]  # made once per language


def test_the_game_catalog_describes_options_and_bots_in_the_players_language(
    sqlite_client: TestClient, marked: None
) -> None:
    def caylus(headers: dict[str, str]) -> dict[str, Any]:
        games = sqlite_client.get("/api/catalog", headers=headers).json()["games"]
        found: dict[str, Any] = next(g for g in games if g["name"] == "caylus")
        return found

    english, polish = caylus({"accept-language": "en"}), caylus({"accept-language": "pl"})
    assert english["options"].keys() == polish["options"].keys()
    for name, option in polish["options"].items():
        if english["options"][name]["doc"]:
            assert option["doc"] == f"⟦{english['options'][name]['doc']}⟧"
    assert [b["description"] for b in polish["bots"]] == [
        f"⟦{b['description']}⟧" if b["description"] else "" for b in english["bots"]
    ]
    assert polish["title"] == f"⟦{english['title']}⟧"  # the edition's title in the player's language
    assert [b["name"] for b in polish["bots"]] == [b["name"] for b in english["bots"]]


def test_a_seat_nobody_named_is_named_in_the_readers_language() -> None:
    from masterbuilder.core.i18n import use_language
    from masterbuilder.server.languages import shown_name
    from masterbuilder.server.pages import seat_names

    seats = [{"seat": 0, "name": "Ania"}, {"seat": 1, "name": "seat 1"}, {"seat": 2, "bot": "random"}]
    summary = {"seats": seats}
    assert seat_names(summary, 3) == ["Ania", "seat 1", "random"]
    with use_language("pl"):
        assert seat_names(summary, 3) == ["Ania", "gracz 1", "random"]
        assert shown_name(2, "seat 1") == "seat 1"  # a person may call themself that
    with use_language("de"):
        assert shown_name(1, "seat 1") == "Spieler 1"
