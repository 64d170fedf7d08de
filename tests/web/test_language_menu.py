"""The language menu in Chromium: a choice that is remembered (localStorage and the mb_lang cookie, so
that the server writes in it too), ``<html lang>`` set, and a game page in Polish.

The screenshot of the Polish game page shows Polish once the translators have filled the catalog; until then
its words are English (the catalog falls back to the source), but the page, its socket and its board are
already asked for in Polish."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, shoot, states_of

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it


def test_the_language_menu_is_remembered(server: Server, new_context: Any) -> None:
    context = new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    menu = page.locator("#mb-lang")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert [o.strip() for o in menu.locator("option").all_inner_texts()] == [
        "English",
        "Polski",
        "Deutsch",
        "Română",
    ]
    with page.expect_navigation():
        menu.select_option(label="Polski")
    page.wait_for_selector("body[data-ready='1']")
    page.reload()
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert page.locator("#mb-lang").input_value() == "pl"
    assert page.evaluate("localStorage.getItem('mb:lang')") == "pl"
    assert {c["name"]: c["value"] for c in context.cookies()}.get("mb_lang") == "pl"
    # Another page of the site: the server itself writes <html lang="pl"> from the cookie.
    response = page.goto(server.url + "/replay")
    assert response is not None and '<html lang="pl">' in response.text()
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#mb-lang").input_value() == "pl"


def test_accept_language_picks_the_language_until_the_player_chooses(server: Server, browser: Any) -> None:
    context = browser.new_context(locale="de-DE", viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.locator("#mb-lang").input_value() == "de"
        with page.expect_navigation():
            page.locator("#mb-lang").select_option("en")
        page.wait_for_selector("body[data-ready='1']")
        assert page.evaluate("document.documentElement.lang") == "en"
    finally:
        context.close()


def test_a_game_page_in_polish(server: Server, new_context: Any, artifacts: Path) -> None:
    bot = {"kind": "bot", "bot": "heuristic"}
    made = create_game(server, "caylus", 7, [{"kind": "human", "name": "Ania"}, bot], [0])
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": "pl", "url": server.url}])
    page = context.new_page()
    page.add_init_script("localStorage.setItem('mb:lang', 'pl')")
    received = states_of(page)
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append(str(payload))))
    page.goto(server.url + "/static/css/site.css")  # the site's origin, to give the page its seat token
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"mb:tokens:{made['id']}", '{"0": "' + made["tokens"]["0"] + '"}'],
    )
    page.goto(server.url + f"/play/{made['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#mb-board svg")
    assert page.evaluate("document.documentElement.lang") == "pl"
    assert received and received[0]["type"] == "state"
    assert any('"hello"' in frame and '"lang":"pl"' in frame for frame in sent), sent
    shoot(page, artifacts, "caylus-table-pl")
