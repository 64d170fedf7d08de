"""The table as a player sees it, in Chromium, in each game: at 1280×800 every player's resources and score
are in view without scrolling, and each decision shows at least one of its targets (the board's frame
scrolls to them); at 375×800 the top bar is one compact line with nothing cut, the decision stays on the
screen, and no zoom the page offers draws board text under 10 px. Screenshots for docs/web-table.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Server, create_game, give_tokens

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

GAMES = ("caylus", "caylus1303", "builders")
DECISIONS = 3  # the human seat's decisions checked per game
LEGIBLE = 10.0  # px: the smallest board text any zoom may show

# Whether some of an element shows inside the viewport (and inside the board's frame, for a board element).
IN_VIEW = """(node) => {
  const box = node.getBoundingClientRect();
  const frame = node.closest('.board-scroll');
  const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  const outer = frame ? frame.getBoundingClientRect() : screen;
  const w = Math.min(box.right, outer.right, innerWidth) - Math.max(box.left, outer.left, 0);
  const h = Math.min(box.bottom, outer.bottom, innerHeight) - Math.max(box.top, outer.top, 0);
  return w >= 4 && h >= 4;
}"""

# The smallest text of the live board on screen, in CSS px (each text's font size times its scale).
SMALLEST_TEXT = """() => {
  let smallest = Infinity;
  for (const text of document.querySelectorAll('#mb-board svg text')) {
    if (!text.textContent.trim()) continue;
    const ctm = text.getScreenCTM();
    smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * Math.hypot(ctm.a, ctm.b));
  }
  return smallest;
}"""


def in_view(page: Any, selector: str) -> bool:
    return any(handle.evaluate(IN_VIEW) for handle in page.query_selector_all(selector))


def open_game(server: Server, context: Any, game: str, seed: int) -> Any:
    bot = {"kind": "bot", "bot": "random"}
    created = create_game(server, game, seed, [{"kind": "human", "name": "Ann"}, bot, bot], join=[0])
    give_tokens(context, server, created["id"], created["tokens"])
    page = context.new_page()
    page.goto(f"{server.url}/play/{created['id']}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#mb-board svg")
    return page


def my_decision(page: Any) -> int:
    """Wait until the human seat is to move (its targets glow or its buttons show); the move number."""
    page.wait_for_selector("#mb-decision.mine")
    page.wait_for_selector("#mb-board [data-action], #mb-panel button")
    page.wait_for_timeout(450)  # the frame's smooth scroll to the targets
    return int(page.evaluate("document.body.dataset.ply"))


def assert_panels_in_view(page: Any, panel: dict[str, Any]) -> None:
    rows = page.locator("#mb-scoreboard tbody tr")
    assert rows.count() == 3
    for seat in range(3):
        row = rows.nth(seat)
        assert row.evaluate(IN_VIEW), f"seat {seat}'s panel is out of view"
        assert row.locator("td.num").inner_text().strip()  # a score, or "hidden"
        chips = row.locator(".chip")
        assert chips.count() == len(panel["items"])  # every resource the game's panel names
        for chip in chips.all():
            assert chip.evaluate(IN_VIEW), f"seat {seat}: {chip.get_attribute('title')} is out of view"


@pytest.mark.parametrize("game", GAMES)
def test_resources_scores_and_targets_in_view(
    game: str, server: Server, new_context: Any, artifacts: Path
) -> None:
    panel = server.get("/api/pages/panels")[game]
    page = open_game(server, new_context(), game, seed=3)
    board_top = None
    for decision in range(DECISIONS):
        ply = my_decision(page)
        assert page.evaluate("scrollY") == 0  # nothing needed scrolling the page
        # The status above changes with every move: nothing below it moves.
        top = page.locator("#mb-board-wrap").bounding_box()["y"]
        assert board_top is None or top == board_top, (board_top, top)
        board_top = top
        assert_panels_in_view(page, panel)
        on_board = page.locator("#mb-board [data-action]").count()
        if on_board:
            # rules: Caylus 1303, set-up (the character draft): its targets were the known case
            assert in_view(page, "#mb-board [data-action]"), f"decision {decision}: no target in view"
            assert in_view(page, "#mb-point")  # and the pointer to them
        else:
            assert in_view(page, "#mb-panel button")
        if decision == 0:
            page.screenshot(path=str(artifacts / f"layout-{game}-1280.png"))
        page.locator("#mb-board [data-action], #mb-panel button").first.click()
        page.wait_for_function(f"Number(document.body.dataset.ply) > {ply}")


def assert_top_bar_fits(page: Any, width: int) -> None:
    bar = page.locator(".topbar")
    assert bar.evaluate("b => b.scrollWidth <= b.clientWidth")
    for item in bar.locator(":scope > *").all():
        if item.is_visible():
            box = item.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, item.inner_text()
            assert item.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), item.inner_text()


@pytest.mark.parametrize("game", GAMES)
def test_phone_top_bar_decision_and_legible_zoom(
    game: str, server: Server, new_context: Any, artifacts: Path
) -> None:
    context = new_context()
    page = open_game(server, context, game, seed=5)
    page.set_viewport_size({"width": 375, "height": 800})
    my_decision(page)
    # The top bar: no item sticks out of the screen or is cut inside its own box; the links are in the menu.
    assert_top_bar_fits(page, 375)
    assert page.locator(".topbar").bounding_box()["height"] <= 90
    page.click("#mb-menu")
    for link in page.locator("#mb-nav a").all():
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, link.inner_text()
    page.click("#mb-menu")
    page.screenshot(path=str(artifacts / f"layout-{game}-375.png"))
    # The decision and its buttons stay on the screen wherever the page is scrolled.
    for y in (0, 600, 100_000):
        page.evaluate(f"scrollTo(0, {y})")
        assert page.locator("#mb-turn").evaluate(IN_VIEW)
        assert in_view(page, "#mb-point, #mb-panel button")
    # Every zoom the page offers keeps the smallest board text legible, on a phone and on a laptop.
    for width in (375, 1280):
        page.set_viewport_size({"width": width, "height": 800})
        for button in ["out"] * 6 + ["fit", "in", "fit"]:
            page.click(f"[data-zoom={button}]")
            smallest = page.evaluate(SMALLEST_TEXT)
            assert smallest >= LEGIBLE - 0.01, f"{width} px, after {button}: {smallest:.2f} px"


@pytest.mark.parametrize("lang", ["pl", "ro"])
def test_the_top_bar_fits_in_every_language(lang: str, server: Server, new_context: Any) -> None:
    """The longest link texts: the links fold into the menu rather than cut each other or the status."""
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": lang, "url": server.url}])
    page = open_game(server, context, "builders", seed=3)
    for width in (1280, 1024, 901):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_timeout(100)
        assert_top_bar_fits(page, width)
        assert page.locator("#mb-status").bounding_box()["width"] >= 200


def test_a_german_table(server: Server, new_context: Any, artifacts: Path) -> None:
    """The panels' words come from the page catalog: a German table names Caylus's resources in German."""
    context = new_context()
    context.add_cookies([{"name": "mb_lang", "value": "de", "url": server.url}])
    page = open_game(server, context, "caylus", seed=3)
    page.evaluate("localStorage.setItem('mb:lang', 'de')")
    my_decision(page)
    titles = page.locator("#mb-scoreboard tr[data-seat='0'] .chip").evaluate_all(
        "chips => chips.map(c => c.title)"
    )
    assert titles[:3] == ["Denare", "Nahrung", "Holz"]
    page.screenshot(path=str(artifacts / "layout-caylus-de-1280.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts / "layout-caylus-de-375.png"))
