"""The Caylus board for the web table: well-formed SVG, every legal action on its element or in the panel,
stable ids, nothing drawn from outside the view."""

from __future__ import annotations

import ast
import inspect
import itertools
import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator

import pytest

from masterbuilder import new_game
from masterbuilder.core.board import (
    BoardAction,
    board_actions,
    clickable_ids,
    draw_board,
    panel_actions,
    text_width,
)
from masterbuilder.core.i18n import use_language
from masterbuilder.core.state import State
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus import board
from masterbuilder.games.caylus.data import SPECIAL_NAMES, TILES
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_COLUMN, D_GATE, D_GUILD, D_LAWYER, D_PLACE, D_PROVOST

from .helpers import fresh

SVG = "{http://www.w3.org/2000/svg}"

# (players, seed, options): every player count, both editions and both favour variants
GAMES = [
    (2, 11, {"edition": 1, "favours": "table"}),
    (3, 12, {"edition": 2, "favours": "table"}),
    (4, 13, {"edition": 1, "favours": "simple"}),
    (5, 14, {"edition": 2, "favours": "table"}),
    (4, 15, {"edition": 2, "favours": "table"}),
]
EVERY = 5  # draw every 5th position of each random game


def positions() -> Iterator[CaylusState]:
    """Positions along random games (starts, middles and ends), about 250 in all."""
    for players, seed, options in GAMES:
        state = new_game("caylus", players=players, seed=seed, options=options)
        assert isinstance(state, CaylusState)
        rng = random.Random(seed)
        ply = 0
        while not state.is_terminal:
            if ply % EVERY == 0:
                yield state
            state.apply(rng.choice(state.legal_action_ids()))
            ply += 1
        yield state


def drawing(state: State, seat: int | None) -> tuple[str, list[BoardAction]]:
    actions = board_actions(state, seat)
    return board.draw(state.view(seat), actions, seat), actions


def element_of_action(root: ET.Element, action: int) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("data-action") == str(action)]


def expected_element(state: CaylusState, a: int) -> str | None:
    """Where an action must be drawn: the id of its element, or None for the panel."""
    task = state._stack[-1]
    if A.PLACE <= a < A.PLACE_ROAD:
        return f"special-{board.SPECIAL_SLUGS[a - A.PLACE]}"
    if A.PLACE_ROAD <= a < A.PLACE_CASTLE:
        return f"road-{a - A.PLACE_ROAD + 1}"
    if a == A.PLACE_CASTLE:
        return "castle-workers"
    if A.PROVOST <= a < A.CUBE:
        return f"provost-to-{state.provost + A.PROVOST_DELTAS[a - A.PROVOST]}"
    if A.BUILD <= a < A.SPACE:
        return f"supply-{TILES[A.BUILDABLE[a - A.BUILD]].key}"
    if A.SPACE <= a < A.BATCH:
        return f"road-{a - A.SPACE + 1}"
    if A.ROW <= a < A.COLUMN:
        return f"favour-row-{a - A.ROW}"
    if a >= A.COLUMN:
        assert task[0] == D_COLUMN
        return f"favour-{task[2]}-{a - A.COLUMN + 1}"
    return None  # pass, yes, cubes, trades, castle batches: the panel


def check_drawing(svg: str, actions: list[BoardAction]) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("class") == "board board-caylus"
    assert root.get("viewBox", "").startswith("0 0 1200 ")
    assert "width" not in root.attrib and "height" not in root.attrib
    ids = [e.get("id") for e in root.iter() if e.get("id") is not None]
    duplicates = [i for i, n in Counter(ids).items() if n > 1]
    assert not duplicates, duplicates
    legal = {a.id for a in actions}
    on_board = Counter(int(e.get("data-action", "")) for e in root.iter() if e.get("data-action") is not None)
    assert set(on_board) <= legal, set(on_board) - legal
    assert all(n == 1 for n in on_board.values()), on_board
    panel = {a.id for a in panel_actions(svg, actions)}
    assert panel | set(on_board) == legal and not panel & set(on_board)
    for e in root.iter():
        if e.get("data-action") is not None:
            assert "act" in (e.get("class") or "").split()
            title = e.find(f"{SVG}title")
            description = next(a.description for a in actions if a.id == int(e.get("data-action", "")))
            assert title is not None and title.text == description
    return root


def test_random_positions_parse_and_put_every_action_in_one_place() -> None:
    count = 0
    kinds: Counter[int] = Counter()
    for state in positions():
        count += 1
        mover = state.current_player
        if mover is not None:
            svg, actions = drawing(state, mover)
            root = check_drawing(svg, actions)
            kinds[state._stack[-1][0]] += 1
            placed = {int(e.get("data-action", "")): e.get("id") for e in root.iter() if e.get("data-action")}
            for a in actions:
                assert placed.get(a.id) == expected_element(state, a.id), (a, state.prompt())
        # a spectator and a seat not to move see the same table with nothing to click
        others = [None, *[s for s in range(state.num_players) if s != mover][:1]]
        for seat in others:
            svg, actions = drawing(state, seat)
            assert actions == []
            check_drawing(svg, actions)
            assert 'data-action="' not in svg and clickable_ids(svg) == set()
    assert count >= 200
    # the decisions with a place on the board all came up
    assert {D_PLACE, D_PROVOST, D_GUILD, D_GATE} <= set(kinds), kinds


def test_key_elements_exist() -> None:
    state = fresh(players=5, edition=2)
    svg, actions = drawing(state, state.current_player)
    root = check_drawing(svg, actions)
    ids = {e.get("id") for e in root.iter()}
    # rules: Caylus, the board — 28 road spaces, the six buildings before the bridge, three castle sections
    assert {f"road-{n}" for n in range(1, 29)} <= ids
    assert {"provost", "bailiff", "bridge", "castle-workers", "board-decision"} <= ids
    assert {"castle-dungeon", "castle-walls", "castle-towers"} <= ids
    assert {f"special-{slug}" for slug in board.SPECIAL_SLUGS} <= ids
    # rules: Caylus, royal favours — four rows of five columns
    assert {f"favour-{r}-{c}" for r in range(4) for c in range(1, 6)} <= ids
    assert {f"favour-row-{r}" for r in range(4)} <= ids
    assert {f"phase-{p}" for p in range(1, 8)} <= ids
    assert {f"player-{s}" for s in range(5)} <= ids
    assert {f"supply-{TILES[t].key}" for t in A.BUILDABLE} <= ids
    # every seat's six workers are drawn at home, and every favour marker waits beside its row
    assert {f"worker-p{s}-home-{k}" for s in range(5) for k in range(6)} <= ids
    assert {f"favour-p{s}-{r}" for s in range(5) for r in range(4)} <= ids


def test_places_keep_their_ids_from_one_update_to_the_next() -> None:
    # the page slides a piece whose id is in both drawings; places must not come and go
    def places(svg: str) -> set[str]:
        ids = {e.get("id") or "" for e in ET.fromstring(svg).iter()}
        return {i for i in ids if not i.startswith(("worker-", "passed-", "house-", "owner-", "provost-to-"))}

    state = fresh(players=4, seed=3)
    rng = random.Random(3)
    first = places(drawing(state, None)[0])
    for ply in range(150):
        state.apply(rng.choice(state.legal_action_ids()))
        if ply % 3 == 0:
            assert places(drawing(state, None)[0]) == first
    assert {"provost", "bailiff", "road-1", "favour-p0-0", "supply-statue"} <= first


def test_tiles_and_buildings_carry_their_rule_text() -> None:
    state = fresh(players=4)
    svg, _ = drawing(state, None)
    root = ET.fromstring(svg)
    titles = {e.get("id"): (e.findtext(f"{SVG}title") or "") for e in root.iter() if e.get("id")}
    for space in range(1, 9):  # the neutral and printed buildings of the first spaces
        tile = TILES[state.tile_at(space) or 0]
        assert tile.name in titles[f"road-{space}"]
    assert "3 deniers" in titles["special-trading-post"]
    assert SPECIAL_NAMES[3] in titles["special-joust"]
    assert "Built on the first free lot for 1 food + 1 wood: 2 PP" in titles["supply-w_farm_food"]
    assert "1 stone" in titles["favour-2-2"]


def test_placing_a_worker_is_clicked_on_the_board() -> None:
    # rules: Caylus, phase 2 — a worker goes on a road building, a special building or the castle
    state = fresh(players=3)
    seat = state.current_player
    svg, actions = drawing(state, seat)
    assert [a.label for a in panel_actions(svg, actions)] == ["pass"]
    root = ET.fromstring(svg)
    road = next(e for e in root.iter() if e.get("id") == "road-1")
    assert road.get("data-action") == str(A.place_road(1)) and road.get("class") == "act"
    # the tile's rule text stays on its name and effect while the tile itself is titled with the action
    tile = TILES[state.tile_at(1) or 0]
    rules = [t.text or "" for t in road.iter(f"{SVG}title")][1:]
    assert any(text.startswith(f"Space 1: {tile.name}") for text in rules), rules


def test_the_move_is_drawn_where_the_worker_went() -> None:
    state = fresh(players=3)
    seat = state.current_player
    assert seat is not None
    state.apply(A.place_road(2))
    svg, _ = drawing(state, None)
    root = ET.fromstring(svg)
    worker = next(e for e in root.iter() if e.get("id") == f"worker-p{seat}-road-2")
    assert worker is not None
    assert f'id="worker-p{seat}-home-5"' not in svg  # five left at home
    assert f'id="worker-p{seat}-home-4"' in svg


def test_provost_moves_are_ghosts_on_the_road() -> None:
    # rules: Caylus, phase 4 — in passing order, move the provost 1 to 3 spaces for 1 denier each
    for state in positions():
        if state.current_player is not None and state._stack[-1][0] == D_PROVOST:
            break
    else:
        pytest.fail("no provost decision in the random games")
    svg, actions = drawing(state, state.current_player)
    assert [a.label for a in panel_actions(svg, actions)] == ["pass"]
    for a in actions:
        if a.id != A.PASS:
            target = state.provost + A.PROVOST_DELTAS[a.id - A.PROVOST]
            assert f'id="provost-to-{target}" class="act" data-action="{a.id}"' in svg


def test_favour_rows_and_columns_are_cells_of_the_table() -> None:
    # rules: Caylus, royal favours — choose a row, then one of its columns up to the marker
    state = fresh(players=2)
    state._favour[0] = [0, 0, 3, 4]
    state._stack = [(D_COLUMN, 0, 3)]
    state._legal_now = state._legal(state._stack[-1])
    state._cubes[0] = [5, 5, 5, 5, 5]
    svg, actions = drawing(state, 0)
    assert actions and panel_actions(svg, actions) == []
    root = ET.fromstring(svg)
    for a in actions:
        (element,) = element_of_action(root, a.id)
        assert element.get("id") == f"favour-3-{a.id - A.COLUMN + 1}"


def test_lawyer_targets_are_road_spaces() -> None:
    # rules: Caylus, phase 5 b — the lawyer turns a neutral or own building into a residence
    state = fresh(players=2)
    state._cubes[0] = [1, 1, 1, 1, 1]
    state._stack = [(D_LAWYER, 0, 1)]
    state._legal_now = state._legal(state._stack[-1])
    svg, actions = drawing(state, 0)
    targets = [a for a in actions if a.id != A.PASS]
    assert targets and [a.label for a in panel_actions(svg, actions)] == ["pass"]
    for a in targets:
        assert f'id="road-{a.id - A.SPACE + 1}" class="act" data-action="{a.id}"' in svg


def test_the_gate_worker_is_shown_at_the_gate_while_it_moves() -> None:
    # rules: Caylus, phase 3 a — the gate worker moves for free to a free place
    for state in positions():
        if state.current_player is not None and state._stack[-1][0] == D_GATE:
            break
    else:
        pytest.fail("no gate decision in the random games")
    seat = state.current_player
    svg, actions = drawing(state, seat)
    assert f'id="worker-p{seat}-gate"' in svg
    assert [a.label for a in panel_actions(svg, actions)] == ["pass"]


def test_the_drawing_depends_on_the_view_only() -> None:
    # Caylus has no hidden information after setup; what the view leaves out (the seed, the history of
    # moves, the engine's task stack) must not change the drawing
    state = fresh(players=4, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply(rng.choice(state.legal_action_ids()))
    twin = CaylusState._from_state_dict(
        state.num_players, state.seed + 1, dict(state.options), [], state._state_dict()
    )
    for seat in (None, 0, 1, 2, 3):
        assert twin.view(seat) == state.view(seat)
        assert drawing(twin, seat)[0] == drawing(state, seat)[0]
    # the module reads no state object: it imports neither a state class nor the engine
    tree = ast.parse(inspect.getsource(board))
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not {"masterbuilder.games.caylus.state", "masterbuilder.core.state"} & imported


def test_the_server_glue_finds_the_board() -> None:
    state = fresh(players=3)
    out = draw_board(state, state.current_player)
    assert out["svg"].startswith("<svg") and [p["label"] for p in out["panel"]] == ["pass"]
    assert draw_board(state, None)["panel"] == []


def _texts(root: ET.Element) -> Iterator[tuple[str, float, bool, str | None]]:
    for e in root.iter(f"{SVG}text"):
        yield (
            e.text or "",
            float(e.get("font-size", "16")),
            e.get("font-weight") == "700",
            e.get("textLength"),
        )


@pytest.mark.parametrize("language", ["en", "pl", "de", "ro"])
def test_long_translations_fit_their_boxes_legibly(language: str) -> None:
    """English fits its layout as drawn (nothing squeezed); a longer translation is laid out from its width,
    shrinks or is squeezed a little, never below a legible size or to less than 3/4 of its width; the phase
    pills stay apart and on the header."""
    with use_language(language):
        drawn = 0
        for ply, state in enumerate(positions()):
            if ply % 12:
                continue
            root = ET.fromstring(drawing(state, state.current_player)[0])
            drawn += 1
            for text, size, bold, length in _texts(root):
                assert size >= 12, text
                if length is not None:
                    assert language != "en", text
                    assert float(length) >= 0.75 * text_width(text, size, bold), (text, size, length)
            pills = []
            for p in range(1, 8):
                g = root.find(f".//{SVG}g[@id='phase-{p}']")
                assert g is not None
                pill = g.find(f"{SVG}rect")
                assert pill is not None
                pills.append((float(pill.get("x", "")), float(pill.get("width", ""))))
            assert all(x + w < nx for (x, w), (nx, _w) in itertools.pairwise(pills)), pills
            assert pills[-1][0] + pills[-1][1] <= 1200 - 16, pills
    assert drawn >= 15
