"""Boards as changes in the page: board.js applies the server's changes to the same drawing as the whole
board, and the table page (which takes changes) shows after several moves what a fresh drawing shows."""

from __future__ import annotations

import random
from typing import Any

import pytest

from masterbuilder import new_game
from masterbuilder.core.board import draw_board
from masterbuilder.server.board_changes import changes
from tests.web.conftest import Server, create_game, give_tokens, play_script, states_of, wait_ply

pytestmark = pytest.mark.slow  # a real server and browser

APPLY = """async ([first, steps, last]) => {
    const { parseSvg, applyChanges } = await import("/static/js/board.js");
    let doc = parseSvg(first);
    for (const step of steps) doc = step[0] === "svg" ? parseSvg(step[1]) : (applyChanges(doc, step[1]), doc);
    return doc.documentElement.isEqualNode(parseSvg(last).documentElement);
}"""


@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_the_pages_applier_rebuilds_the_servers_drawings(server: Server, new_context: Any, game: str) -> None:
    state = new_game(game, 2, 8)
    rng = random.Random(8)
    for seat in (None, 1):
        first = shown = draw_board(state, seat)["svg"]
        steps: list[tuple[str, Any]] = []
        probe = state.clone()
        for _ in range(25):
            if probe.is_terminal:
                break
            probe.apply(rng.choice(probe.legal_action_ids()))
            fresh = draw_board(probe, seat)["svg"]
            ops = changes(shown, fresh)
            steps.append(("svg", fresh) if ops is None else ("changes", ops))
            shown = fresh
        page = new_context().new_page()
        page.goto(server.url + "/replay")
        page.wait_for_selector("body[data-ready='1']")
        assert sum(kind == "changes" for kind, _ in steps) > len(steps) // 2
        assert page.evaluate(APPLY, [first, steps, shown]) is True


# A fresh whole drawing from the server (a socket of the page's seat that takes no changes), shown by a
# Board of its own, against the page's board.
SAME = """async ([gid, token]) => {
    const { Board } = await import("/static/js/board.js");
    const ws = new WebSocket(`ws://${location.host}/ws/games/${gid}`);
    const message = await new Promise((resolve) => {
        ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token, lang: "en" }));
        ws.onmessage = (event) => resolve(JSON.parse(event.data));
    });
    ws.close();
    const box = document.createElement("div");
    new Board(box).show(message.board.svg, message.legal.map((a) => a.id));
    return box.firstElementChild.isEqualNode(document.querySelector("#mb-board > svg"));
}"""


def test_after_moves_the_pages_board_is_a_fresh_drawing(server: Server, new_context: Any) -> None:
    made = create_game(server, "caylus", 5, [{"kind": "human"}, {"kind": "human"}], [0, 1])
    gid = made["id"]
    pages = {}
    received: dict[int, list[dict[str, Any]]] = {}
    for seat in (0, 1):
        context = new_context()
        give_tokens(context, server, gid, {str(seat): made["tokens"][str(seat)]})
        pages[seat] = context.new_page()
        received[seat] = states_of(pages[seat])
        pages[seat].goto(f"{server.url}/play/{gid}")
    state = new_game("caylus", 2, 5)
    rng = random.Random(5)
    actions = []
    for _ in range(8):
        actions.append(rng.choice(state.legal_action_ids()))
        state.apply(actions[-1])
    play_script(pages, "caylus", 5, actions)
    for seat, page in pages.items():
        wait_ply(page, len(actions))
        assert any("changes" in m["board"] for m in received[seat])  # the page took changes
        assert page.evaluate(SAME, [gid, made["tokens"][str(seat)]]) is True
