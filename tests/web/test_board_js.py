"""The page's board module in Chromium, fed drawings directly: nothing in a drawing can run a script, and
only the legal moves' elements become buttons."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server

pytestmark = pytest.mark.slow  # a real server (and browser): CI runs it, `make quick` skips it

HOSTILE = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"'
    ' onload="window.ran = 1"><script>window.ran = 2</script>'
    '<a xlink:href="javascript:window.ran = 3">'
    '<rect id="r" width="5" height="5" onclick="window.ran = 4"/></a>'
    '<g id="a" data-action="7" class="act"><title>Take 1 food</title><rect width="2" height="2"/></g>'
    '<g id="b" data-action="8" class="act"><title>Not legal now</title><rect width="2" height="2"/></g>'
    '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml" onmouseover="window.ran = 5">x</div>'
    "</foreignObject>"
    "</svg>"
)


def test_board_module_cleans_drawings_and_wires_only_legal_moves(server: Server, new_context: Any) -> None:
    page = new_context().new_page()
    page.goto(server.url + "/replay")
    page.wait_for_selector("body[data-ready='1']")
    result = page.evaluate(
        """async (svg) => {
            const { Board } = await import("/static/js/board.js");
            const box = document.createElement("div");
            document.body.append(box);
            const acted = [];
            const board = new Board(box, (id) => acted.push(id));
            board.show(svg, [7]);
            box.querySelector("#r").dispatchEvent(new MouseEvent("click", { bubbles: true }));
            box.querySelector("#a").dispatchEvent(new MouseEvent("click", { bubbles: true }));
            box.querySelector("#b").dispatchEvent(new MouseEvent("click", { bubbles: true }));
            await new Promise((r) => setTimeout(r, 50));
            return {
                ran: window.ran ?? null,
                html: box.innerHTML,
                acted,
                role: box.querySelector("#a").getAttribute("role"),
                tab: box.querySelector("#a").getAttribute("tabindex"),
                label: box.querySelector("#a").getAttribute("aria-label"),
                inert: box.querySelector("#b").hasAttribute("data-action"),
            };
        }""",
        HOSTILE,
    )
    assert result["ran"] is None
    for word in ("script", "onload", "onclick", "onmouseover", "javascript:", "foreignObject"):
        assert word not in result["html"], word
    assert result["acted"] == [7]
    assert (result["role"], result["tab"], result["label"]) == ("button", "0", "Take 1 food")
    assert result["inert"] is False  # an element of a move that is not legal stays a drawing
