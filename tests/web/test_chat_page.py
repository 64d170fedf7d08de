"""The table's chat panel and in-page notifications in Chromium: a seat writes, a spectator reads it as text
(HTML stays text), the tab's title says whose turn it is, the sound switch is remembered; English and German,
at 1280×800 and 375×800."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from masterbuilder import new_game
from tests.web.conftest import Server, create_game, give_tokens, shoot

pytestmark = pytest.mark.slow  # a real server and browser


def open_table(context: Any, server: Server, game_id: str, lang: str = "en") -> Any:
    page = context.new_page()
    page.goto(server.url + "/static/i18n/en.json")
    page.evaluate("lang => localStorage.setItem('mb:lang', lang)", lang)
    page.goto(f"{server.url}/play/{game_id}")
    page.wait_for_selector("body[data-ready='1']")
    return page


def test_chat_panel_and_turn_title(server: Server, new_context: Any, artifacts: Path) -> None:
    mover = new_game("builders", 2, 11).current_player
    assert mover is not None
    humans = [{"kind": "human"}, {"kind": "human"}]
    created = create_game(server, "builders", 11, humans, join=[0, 1])
    gid = created["id"]
    player = new_context()
    give_tokens(player, server, gid, {str(mover): created["tokens"][str(mover)]})
    mine = open_table(player, server, gid)
    watcher = open_table(new_context(), server, gid, lang="de")

    # the seat to move: the tab's title says so
    assert mine.title().startswith("● Your turn — ")
    assert not watcher.title().startswith("●")

    mine.fill("#mb-chat input", "  <b>bold</b> & good luck  ")
    mine.press("#mb-chat input", "Enter")
    for page in (mine, watcher):
        page.wait_for_selector("#mb-chat .chat-list li.seated")
        assert page.locator("#mb-chat .chat-list .text").first.text_content() == "<b>bold</b> & good luck"
        assert page.locator("#mb-chat .chat-list b").count() == 0  # shown as text, never as HTML
    assert mine.input_value("#mb-chat input") == ""
    watcher.fill("#mb-chat input", "Viel Glück")
    watcher.click("#mb-chat button[type=submit]")
    mine.wait_for_selector("#mb-chat .chat-list li.watcher")
    assert mine.locator("#mb-chat li.watcher .who").text_content() == "spectator"
    assert watcher.locator("#mb-chat summary").text_content().strip().startswith("Chat")
    assert watcher.locator("#mb-chat li.watcher .who").text_content() == "Zuschauer"

    # a refusal of the server is said in the panel: too long for the field is cut by it, so too fast
    for k in range(6):
        mine.fill("#mb-chat input", f"m{k}")
        mine.press("#mb-chat input", "Enter")
        mine.wait_for_timeout(60)
    mine.wait_for_selector("#mb-chat .chat-error:not(.hidden)")
    assert "too fast" in (mine.locator("#mb-chat .chat-error").text_content() or "")

    # the sound switch is remembered in this browser
    assert mine.get_attribute("#mb-sound", "aria-pressed") == "true"
    mine.click("#mb-sound")
    assert mine.get_attribute("#mb-sound", "aria-pressed") == "false"
    assert mine.evaluate("localStorage.getItem('mb:mute')") == "1"

    # what is news for a seat between two state messages
    found = mine.evaluate(
        """async () => {
          const { news } = await import('/static/js/notify.js');
          const live = (to_move, low) => ({ status: 'live', to_move, clock: { low } });
          return [
            news(null, live(0, [false, false]), 0),
            news(live(1, [false, false]), live(0, [false, false]), 0),
            news(live(0, [false, false]), live(0, [true, false]), 0),
            news({ status: 'open', to_move: null }, live(0, [false, false]), 1),
            news(live(0, [false, false]), { status: 'finished', to_move: null }, null),
          ];
        }"""
    )
    assert found == [[], ["turn"], ["low"], ["started"], ["finished"]]

    # the panel beside the board at 1280, below the decision (never over it) at 375
    for page, name in ((mine, "chat-en"), (watcher, "chat-de")):
        shoot(page, artifacts, name)
        page.set_viewport_size({"width": 375, "height": 800})
        page.locator("#mb-chat input").scroll_into_view_if_needed()
        hit = page.evaluate(
            """() => { const r = document.querySelector('#mb-chat input').getBoundingClientRect();
                       const e = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                       return e && e.closest('#mb-chat') !== null; }"""
        )
        assert hit
        turn = page.locator("#mb-turn").bounding_box()
        chat = page.locator("#mb-chat").bounding_box()
        assert turn["y"] + turn["height"] <= chat["y"] + 1 or chat["y"] + chat["height"] <= turn["y"] + 1
        page.set_viewport_size({"width": 1280, "height": 800})
