"""The lobby in words, in Chromium, in every language: each game's options and their values are named (no
raw ids such as ``tiebreak`` or ``shared``), the bots' levels say how strong they are, seats are counted
from 1, and the finished list marks the winner."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, shoot

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

LANGUAGES = ("en", "pl", "de", "ro")


def lobby_words(server: Server, new_context: Any, lang: str, artifacts: Path) -> dict[str, Any]:
    """What the lobby's create form and quick start say, in ``lang``, for every game."""
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": lang, "url": server.url}])
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('mb:lang', {json.dumps(lang)})")
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    assert page.evaluate("document.documentElement.lang") == lang
    levels = page.locator(".quick .card").first.locator("label.level")
    words: dict[str, Any] = {"levels": levels.all_inner_texts()}
    for game in page.locator("#c-game option").evaluate_all("options => options.map(o => o.value)"):
        page.select_option("#c-game", game)
        labels = page.locator("[data-option-label]")
        words[game] = {
            "options": {
                label.get_attribute("data-option-label"): label.inner_text() for label in labels.all()
            },
            "values": page.locator("select[data-option] option").evaluate_all(
                "options => options.map(o => [JSON.parse(o.value), o.textContent])"
            ),
        }
        assert "null" not in page.locator("#c-options").inner_text()
    words["seats"] = page.locator("#c-seats strong").all_inner_texts()
    bots = page.locator("[data-seat-bot='1'] option").all_inner_texts()
    assert any(text.startswith("mcts:easy: ") and len(text) > 20 for text in bots), bots
    if lang in ("en", "de"):
        page.select_option("#c-game", "builders")
        page.locator("#create").screenshot(path=str(artifacts / f"lobby-form-{lang}-1280.png"))
        shoot(page, artifacts, f"lobby-{lang}")
        page.set_viewport_size({"width": 375, "height": 800})
        assert page.evaluate("document.documentElement.scrollWidth") <= 375  # nothing wider than a phone
        page.set_viewport_size({"width": 1280, "height": 800})
    return words


def test_options_and_levels_in_words_in_every_language(
    server: Server, new_context: Any, artifacts: Path
) -> None:
    catalog = {g["name"]: g for g in server.get("/api/catalog")["games"]}
    seen = {lang: lobby_words(server, new_context, lang, artifacts) for lang in LANGUAGES}
    for lang, words in seen.items():
        levels = words["levels"]
        assert len(levels) == 3 and all("—" in text for text in levels), (lang, levels)
        for game, info in catalog.items():
            assert set(words[game]["options"]) == set(info["options"])
            for name, label in words[game]["options"].items():
                assert label.strip() and label != name, (lang, game, name)
            for value, text in words[game]["values"]:
                assert text.strip() and text != str(value), (lang, game, value)
        assert words["seats"][0].endswith("1")  # the first seat is seat 1 for people
        if lang != "en":  # translated, not the English words again
            assert levels != seen["en"]["levels"]
            assert words["builders"]["options"] != seen["en"]["builders"]["options"]


def test_the_finished_list_marks_the_winner(server: Server, new_context: Any, artifacts: Path) -> None:
    bot = {"kind": "bot", "bot": "random"}
    game = server.post(
        "/api/games",
        {"game": "builders", "players": 2, "seed": 9, "options": {"round_limit": 1}, "seats": [bot, bot]},
    )
    deadline = time.monotonic() + 30
    while (summary := server.get(f"/api/games/{game['id']}"))["status"] != "finished":
        assert time.monotonic() < deadline, summary
        time.sleep(0.2)
    page = new_context().new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#tabs [data-status=finished]")
    row = page.locator(f'tr[data-game="{game["id"]}"]')
    row.wait_for()
    page.locator("#games").screenshot(path=str(artifacts / "lobby-finished-1280.png"))
    marked = row.locator(".won").all_inner_texts()  # one line per seat, in seat order
    assert len(marked) == len(summary["winners"]) >= 1
    for text, seat in zip(marked, sorted(summary["winners"]), strict=True):
        assert "winner" in text and f"· {summary['scores'][seat]}" in text


def test_a_late_answer_does_not_overwrite_the_tab_clicked_since(server: Server, new_context: Any) -> None:
    """The lobby's first list (open games) answers only after the player has clicked "finished": the finished
    list stays. (CI once saw the open list, loaded first and answered last, replace the finished one.)"""
    human = {"kind": "human"}
    waiting = create_game(server, "builders", 3, [human, human], [])  # an open game, so the lists differ
    page = new_context().new_page()
    held: list[Any] = []

    def hold_the_open_list(route: Any) -> None:
        if "status=open" in route.request.url and not held:
            held.append(route)  # answered below, after the click
        else:
            route.continue_()

    page.route("**/api/games?*", hold_the_open_list)
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.click("#tabs [data-status=finished]")
    page.wait_for_function("document.querySelector('#page-info').textContent.length > 0")
    finished = page.locator("#games").inner_text()
    assert held, "the open list was never requested"
    held[0].continue_()
    page.wait_for_timeout(500)  # the open list's answer arrives, and must be dropped
    assert page.locator(f'tr[data-game="{waiting["id"]}"]').count() == 0
    assert page.locator("#games").inner_text() == finished
