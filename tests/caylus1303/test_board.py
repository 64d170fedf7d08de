"""The Caylus 1303 board for the web table: well-formed SVG, every legal action either on its board element or
in the panel, stable unique ids, and nothing a seat may not see (other players' prestige)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from masterbuilder import new_game
from masterbuilder.core.board import BoardAction, board_actions, clickable_ids, draw_board, panel_actions
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.board import draw
from masterbuilder.games.caylus1303.data import ROAD_LENGTH, TILES
from masterbuilder.games.caylus1303.state import Caylus1303State

SVG = "{http://www.w3.org/2000/svg}"
# actions with no place on the board: cubes to pay or take, bundles, trade offers, "decline"
PANEL_ONLY = {A.DECLINE, *range(A.PAY, A.MOVE), A.OFFER, A.OFFER + 1, *range(A.BUNDLE, A.NUM_ACTIONS)}


def _game(players: int, seed: int, characters: str) -> Iterator[Caylus1303State]:
    """Every position of one random game."""
    state = new_game("caylus1303", players=players, seed=seed, options={"characters": characters})
    assert isinstance(state, Caylus1303State)
    rng = random.Random(seed * 31 + players)
    while not state.is_terminal:
        yield state
        state.apply(rng.choice(state.legal_action_ids()))
    yield state


def _positions() -> list[Caylus1303State]:
    """Positions picked along random games of every player count and both character options."""
    picked: list[Caylus1303State] = []
    for k, players in enumerate((2, 3, 4, 5, 3, 4)):
        options = "recommended" if k % 2 else "random"
        for i, state in enumerate(_game(players, 100 + k, options)):
            if i % 4 == 1 or state.is_terminal:
                picked.append(state.clone())
    return picked


POSITIONS = _positions()


def _elements(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert "board-caylus1303" in root.get("class", "").split()
    return root


def _acting(root: ET.Element) -> dict[int, ET.Element]:
    """Each data-action element by its action id (asserting one element per id)."""
    out: dict[int, ET.Element] = {}
    for el in root.iter():
        if "data-action" in el.attrib:
            a = int(el.attrib["data-action"])
            assert a not in out, f"action {a} on two elements"
            out[a] = el
    return out


def test_enough_positions() -> None:
    assert len(POSITIONS) >= 200
    assert len({p.num_players for p in POSITIONS}) == 4
    assert any(p.is_terminal for p in POSITIONS) and any(p.phase == 0 for p in POSITIONS)


@pytest.mark.parametrize("chunk", range(4))
def test_every_position_draws_for_every_seat(chunk: int) -> None:
    for state in POSITIONS[chunk::4]:
        mover = state.current_player
        # the seat to move, a spectator and a seat not to move
        seats: list[int | None] = [None, mover, ((mover or 0) + 1) % state.num_players]
        for seat in seats:
            actions = board_actions(state, seat)
            svg = draw(state.view(seat), actions, seat)
            root = _elements(svg)
            ids = [el.attrib["id"] for el in root.iter() if "id" in el.attrib]
            assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
            on_board = _acting(root)
            if seat is None or seat != mover:
                assert not on_board, "only the seat to move gets clickable elements"
                continue
            legal = set(state.legal_action_ids())
            assert set(on_board) <= legal
            panel = {a.id for a in panel_actions(svg, actions)}
            assert panel == legal - set(on_board)
            # whatever has a board place is on the board; the panel keeps cubes, bundles, offers, decline
            assert panel <= PANEL_ONLY, (state.prompt(), sorted(panel - PANEL_ONLY))
            described = {a.id: a.description for a in actions}
            for a, el in on_board.items():
                assert "act" in el.attrib.get("class", "").split()
                title = el.find(f"{SVG}title")
                assert title is not None and (title.text or "").startswith(described[a])


def test_key_elements_exist() -> None:
    state = POSITIONS[len(POSITIONS) // 3]
    root = _elements(draw(state.view(0), [], 0))
    ids = {el.attrib["id"] for el in root.iter() if "id" in el.attrib}
    # rules: Caylus 1303, "Spielaufbau" — 28 road spaces, the provost, three construction-site tiles
    assert {f"road-{n}" for n in range(1, ROAD_LENGTH + 1)} <= ids
    assert {"provost", "slot-1", "slot-2", "slot-3", "site-lots", "decision"} <= ids
    assert {f"player-{p}" for p in range(state.num_players)} <= ids
    view = state.view(0)
    # every building on the road or in the supply, every construction-site tile and character in play
    keys = [sp["tile"] for sp in view["road"] if sp["tile"]] + view["supply"] + view["slots"]
    assert {f"tile-{k}" for k in keys} <= ids
    assert {f"char-{k}" for k in view["characters"]} <= ids
    for sp in view["road"]:
        for seat in sp["workers"]:
            assert f"worker-p{seat}-s{sp['space']}" in ids
        if sp["owner"] is not None:
            assert f"house-p{sp['owner']}-s{sp['space']}" in ids


KINDS = {
    "place": range(A.PLACE, A.SITE),
    "draft": range(A.CHAR, A.SLOT),
    "build": range(A.BUILD, A.BUILD + 18),
    "monument": range(A.BUILD + 18, A.PAY),
    "provost": range(A.MOVE, A.CLAIM),
    "favour": range(A.SLOT, A.BUILD),
    "claim": range(A.CLAIM, A.OFFER),
    "fair": (A.YES,),
}


def _first(kind: str) -> Caylus1303State:
    """The first position (picked, or along more random games) whose legal actions include one of ``kind``."""
    wanted = set(KINDS[kind])
    for state in POSITIONS:
        if not state.is_terminal and wanted & set(state.legal_action_ids()):
            return state
    for seed in range(200):
        for state in _game(3, seed, "random"):
            if not state.is_terminal and wanted & set(state.legal_action_ids()):
                return state.clone()
    raise AssertionError(f"no position with a {kind} decision")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_typical_decisions_are_on_the_board(kind: str) -> None:
    # rules: Caylus 1303, phase 1 (placing on a road space or the construction site, passing onto the
    # Guilds Bridge), "Spielaufbau" (the character draft), phase 2 (building, moving the provost, the
    # Notary's claim, the Fair's favour), "Gunst" (a favour), phase 4 (a monument on a residence)
    state = _first(kind)
    seat = state.current_player
    assert seat is not None
    result = draw_board(state, seat)
    on_board = clickable_ids(result["svg"])
    legal = set(state.legal_action_ids())
    assert {a["id"] for a in result["panel"]} | on_board == legal
    wanted = legal - PANEL_ONLY
    assert wanted and wanted <= on_board
    assert set(KINDS[kind]) & legal <= on_board


def test_placement_goes_on_the_road_space() -> None:
    # rules: Caylus 1303, phase 1 a) — a worker goes on a free building of the road
    state = _first("place")
    seat = state.current_player
    assert seat is not None
    root = _elements(draw(state.view(seat), board_actions(state, seat), seat))
    acting = _acting(root)
    for a in state.legal_action_ids():
        if A.PLACE <= a < A.SITE:
            assert acting[a].attrib["id"] == f"road-{a - A.PLACE + 1}"
    if A.SITE in acting:
        assert acting[A.SITE].attrib["id"] == "site-lots"
    assert acting[A.PASS].attrib["id"] == "road-5"  # the Guilds Bridge


def test_claims_and_provost_moves_go_on_their_places() -> None:
    # rules: Caylus 1303, the Notary (a start building on spaces 6-13) and phase 2 e) (the provost's moves)
    state = _first("claim")
    seat = state.current_player
    assert seat is not None
    acting = _acting(_elements(draw(state.view(seat), board_actions(state, seat), seat)))
    claims = [a for a in state.legal_action_ids() if A.CLAIM <= a < A.OFFER]
    assert claims
    for a in claims:
        assert acting[a].attrib["id"] == f"road-{a - A.CLAIM + 6}"
    state = _first("provost")
    seat = state.current_player
    assert seat is not None
    acting = _acting(_elements(draw(state.view(seat), board_actions(state, seat), seat)))
    for a in state.legal_action_ids():
        if A.MOVE <= a < A.CLAIM:
            assert acting[a].attrib["id"] == f"provost-to-{state.provost + A.MOVES[a - A.MOVE]}"


def _mid_game() -> Caylus1303State:
    state = next(p for p in POSITIONS if p.num_players == 4 and p.round >= 4 and not p.is_terminal)
    return state.clone()


def test_other_players_prestige_never_shows() -> None:
    # rules: Caylus 1303, "Spielende" — prestige stays hidden until the end (the view shows each seat
    # only its own); two states that differ only in seat 1's prestige draw the same for seats 0 and None
    state = _mid_game()
    richer = state.clone()
    richer._pp[1] += 37
    for seat in (0, 2, None):
        before = draw(state.view(seat), board_actions(state, seat), seat)
        after = draw(richer.view(seat), board_actions(richer, seat), seat)
        assert before == after
    own = draw(richer.view(1), [], 1)
    assert own != draw(state.view(1), [], 1)
    pp = _elements(own).find(".//*[@id='pp-p1']")
    assert pp is not None and f"{richer.prestige(1)} PP" in "".join(pp.itertext())
    hidden = _elements(own).find(".//*[@id='pp-p0']")
    assert hidden is not None and "hidden" in "".join(hidden.itertext())


def test_the_end_shows_everyones_prestige() -> None:
    state = next(p for p in POSITIONS if p.is_terminal)
    root = _elements(draw(state.view(None), [], None))
    for seat in range(state.num_players):
        el = root.find(f".//*[@id='pp-p{seat}']")
        assert el is not None and f"{state.prestige(seat)} PP" in "".join(el.itertext())
    decision = root.find(".//*[@id='decision']")
    assert decision is not None and "Game over" in "".join(decision.itertext())


def test_rule_texts_come_from_the_tables() -> None:
    # a tooltip per building: its name and its rule text from data.py
    state = _mid_game()
    root = _elements(draw(state.view(0), [], 0))
    for key in state.view(0)["supply"]:
        tile = next(t for t in TILES if t.key == key)
        el = root.find(f".//*[@id='tile-{key}']")
        assert el is not None
        title = el.find(f"{SVG}title")
        assert title is not None and tile.title in (title.text or "")
        text = tile.built.text if tile.family.value != "monument" else f"{tile.pp} PP"
        assert text in (title.text or "")


def _acting_spaces(state: Caylus1303State) -> list[int]:
    """The road spaces the spectator's drawing marks "acting now"."""
    root = _elements(draw(state.view(None), [], None))
    marked = []
    for space in range(1, ROAD_LENGTH + 1):
        el = root.find(f".//*[@id='road-{space}']")
        assert el is not None
        if "acting now" in "".join(el.itertext()):
            marked.append(space)
    return marked


def test_the_acting_space_and_phase_are_highlighted() -> None:
    # rules: Caylus 1303, phase 2 — the road acts space by space up to the provost; a worker's building
    # decides (e.g. "the Market — ...") while the worker still stands on it
    state = next(
        p for p in POSITIONS if p.phase == 2 and not p.is_terminal and re.match(r"Seat \d+: the ", p.prompt())
    )
    space = next(s for s in range(1, state.provost + 1) if state.workers_at(s))
    assert _acting_spaces(state) == [space]
    # rules: Caylus 1303, phase 2 e) — the Guilds Bridge acts while its passers move the provost
    bridge = next(p for p in POSITIONS if p.phase == 2 and "Guilds Bridge —" in p.prompt())
    assert _acting_spaces(bridge) == [5]
    svg = draw(state.view(None), [], None)
    phase = _elements(svg).find(".//*[@id='phase-2']")
    assert phase is not None and any(el.get("font-weight") == "bold" for el in phase.iter())
    assert re.search(r'viewBox="0 0 1200 \d+"', svg)


def test_an_action_without_a_board_place_stays_in_the_panel() -> None:
    # the drawing takes the contract's BoardAction; an action it cannot place is simply left off
    state = _first("place")
    seat = state.current_player
    assert seat is not None
    svg = draw(state.view(seat), [BoardAction(A.DECLINE, "decline", "decline")], seat)
    assert clickable_ids(svg) == set()
