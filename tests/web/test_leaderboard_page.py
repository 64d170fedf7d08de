"""The leaderboard and a player's profile in Chromium: a tab per game, accounts and bots ranked, the profile's
ratings and finished games; in English and German, at 1280×800 and 375×800."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from masterbuilder.server.db import make_engine, upgrade
from masterbuilder.server.ratings import Ratings
from masterbuilder.server.store import Store
from tests.server.test_ratings import add_user, finished
from tests.web.conftest import Server, shoot, web_server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def rated_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server on a database holding three accounts' and a bot's rated Builders games."""
    folder = tmp_path_factory.mktemp("ratings")
    url = f"sqlite:///{folder / 'web.db'}"
    engine = make_engine(url)
    upgrade(engine)
    store = Store(engine)
    ann, bob, cy = (add_user(engine, n, f"{n.lower()}@example.org") for n in ("Ann", "Bob", "Cy"))
    for k in range(3):
        finished(store, f"ab{k}", [ann, bob], [52, 31], [0], names=["Ann", "Bob"])
        finished(store, f"bc{k}", [bob, "mcts:easy"], [40, 44], [1], names=["Bob", "mcts:easy"])
    finished(store, "cy0", [cy, ann, "mcts:easy"], [60, 60, 20], [0, 1], names=["Cy", "Ann", "mcts:easy"])
    finished(
        store,
        "ab9",
        [bob, ann],
        [70, 50],
        [0],
        ended="abandoned",
        replaced=(1,),
        timed_out=1,
        names=["Bob", "Ann"],
    )
    Ratings(store).rate_pending()
    engine.dispose()
    with web_server(url, folder) as server:
        yield server


@pytest.mark.parametrize("lang", ["en", "de"])
def test_leaderboard_and_profile(
    rated_server: Server, new_context: Callable[[], Any], artifacts: Path, lang: str
) -> None:
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": lang, "url": rated_server.url}])
    page = context.new_page()
    page.goto(rated_server.url + "/leaderboard?game=builders")
    page.wait_for_selector("body[data-ready='1']")
    rows = page.locator("#board tbody tr")
    names = [rows.nth(k).get_attribute("data-player") for k in range(rows.count())]
    assert sorted(names) == ["Ann", "Bob", "Cy", "mcts:easy"]
    assert page.locator("#tabs [aria-selected='true']").get_attribute("data-game") == "builders"
    assert "@" not in page.content()
    heading = page.locator("h1").inner_text()
    assert heading == {"en": "Leaderboard", "de": "Rangliste"}[lang]
    shoot(page, artifacts, f"leaderboard-{lang}")

    page.locator("#tabs [data-game='caylus']").click()
    page.wait_for_selector("#board p.muted")
    assert "game=caylus" in page.url

    page.goto(rated_server.url + "/leaderboard?game=builders")
    page.wait_for_selector("#board tbody tr")
    page.locator("#board a", has_text="Ann").click()
    page.wait_for_selector("body[data-ready='1'] #mb-games tbody tr")
    assert page.locator("#mb-player").inner_text() == "Ann"
    assert page.locator("#mb-ratings tbody tr").count() == 1
    assert page.locator("#mb-games tbody tr").count() == 5
    assert "@" not in page.content()
    shoot(page, artifacts, f"player-{lang}")

    page.goto(rated_server.url + "/players/nobody")
    page.wait_for_selector("body[data-ready='1']")
    assert page.locator("#mb-error").is_visible()


def test_a_late_answer_does_not_overwrite_the_tab_clicked_since(
    rated_server: Server, new_context: Callable[[], Any]
) -> None:
    """The Builders' ranking answers only after the player has moved on to Caylus's tab: Caylus's stays."""
    page = new_context().new_page()
    page.goto(rated_server.url + "/leaderboard?game=builders")
    page.wait_for_selector("body[data-ready='1'] #board tbody tr")
    held: list[Any] = []

    def hold_the_builders(route: Any) -> None:
        if "/leaderboard/builders" in route.request.url and not held:
            held.append(route)  # answered below, after the second click
        else:
            route.continue_()

    page.route("**/api/leaderboard/**", hold_the_builders)
    page.locator("#tabs [data-game='builders']").click()
    page.locator("#tabs [data-game='caylus']").click()
    page.wait_for_selector("#board p.muted")
    assert held, "the Builders' ranking was never asked for again"
    held[0].continue_()
    page.wait_for_timeout(500)  # the Builders' answer arrives, and must be dropped
    assert page.locator("#board tbody tr").count() == 0
    assert page.locator("#tabs [aria-selected='true']").get_attribute("data-game") == "caylus"
