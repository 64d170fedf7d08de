"""Boards sent as changes (server/board_changes): the changes rebuild the drawing exactly, over whole games
and over the socket."""

from __future__ import annotations

import asyncio
import itertools
import random
import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from masterbuilder import State, new_game
from masterbuilder.agents import make_agent
from masterbuilder.core.board import draw_board, keep_fragment
from masterbuilder.core.i18n import use_language
from masterbuilder.games.builders import board as builders_board
from masterbuilder.games.caylus import board as caylus_board
from masterbuilder.games.caylus1303 import board as caylus1303_board
from masterbuilder.server import board_changes, boards
from masterbuilder.server.board_changes import (
    Drawing,
    Node,
    Unsplittable,
    apply_changes,
    apply_to,
    changes,
    split,
)
from masterbuilder.server.boards import BoardPool, changes_from
from masterbuilder.server.tables import Connection, Tables
from tests.server.conftest import create, make_client

OLD = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><text>turn 1</text>'
    '<g id="a"><rect/><g id="w1"><circle/></g>x</g><g id="b"><title>B</title></g><rect id="c"/>end</svg>'
)


def roundtrip(old: str, new: str) -> list[Any]:
    ops = changes(old, new)
    assert ops is not None
    assert apply_changes(old, ops) == new
    return ops


def test_a_text_outside_every_id_is_spliced_in_its_head() -> None:
    ops = roundtrip(OLD, OLD.replace("turn 1", "turn 2"))
    assert ops == [["head", None, [[0, 1, "<text>turn 2</text>"]]]]


def test_moves_additions_removals_and_attributes() -> None:
    moved = OLD.replace('<g id="w1"><circle/></g>x', "x").replace(
        "<title>B</title>", '<title>B</title><g id="w1"><circle/></g>'
    )
    ops = roundtrip(OLD, moved)
    kinds = [op[0] for op in ops]  # w1 leaves a (removed, or a replaced) before it is put in b
    assert kinds.index("put") > max(i for i, k in enumerate(kinds) if k in ("remove", "replace"))
    roundtrip(OLD, OLD.replace('viewBox="0 0 10 10"', 'viewBox="0 0 10 12"'))
    roundtrip(OLD, OLD.replace('<rect id="c"/>', '<rect id="c" class="act"/>'))
    roundtrip(OLD, OLD.replace('<g id="b"><title>B</title></g>', ""))
    roundtrip(OLD, OLD.replace("end</svg>", '<g id="d">new</g>end</svg>'))
    swapped = OLD.replace(
        '<g id="b"><title>B</title></g><rect id="c"/>', '<rect id="c"/><g id="b"><title>B</title></g>'
    )
    roundtrip(OLD, swapped)


def test_the_whole_board_when_changes_would_not_do() -> None:
    assert changes(OLD, OLD.replace("<svg ", "<svg2 ").replace("</svg>", "</svg2>")) is None
    assert changes(OLD, OLD.replace('id="b"', 'id="a"')) is None  # an id twice
    assert changes(OLD, OLD.replace("</g>x", "x")) is None  # unbalanced
    # an id used again after an unchanged element that has it: on a keyed element, or not
    assert changes(OLD, OLD.replace("end</svg>", '<circle id="w1"/></svg>')) is None
    inside = OLD.replace("<circle/>", '<g><circle id="z"/></g>')
    assert changes(inside, inside.replace("end</svg>", '<circle id="z"/></svg>')) is None
    assert changes(OLD, "<svg/>") is None  # the changes would not be smaller
    with pytest.raises(Unsplittable):
        split("<svg><!-- a comment --></svg>")
    with pytest.raises(KeyError):
        apply_changes(OLD, [["remove", "nowhere"]])


@pytest.mark.slow
@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_changes_over_a_whole_game_rebuild_every_board(game: str) -> None:
    state = new_game(game, 2, 5)
    rng = random.Random(5)
    # random players of The Builders take 533 moves to reach 17 points; greedy ones end a real game in 107
    greedy = [make_agent("greedy:fast", game, seat) for seat in range(2)] if game == "builders" else None
    seats: list[int | None] = [None, 0, 1]
    sent = {seat: Drawing(draw_board(state, seat)["svg"]) for seat in seats}  # as the server keeps them
    shown = {seat: split(sent[seat].svg) for seat in seats}  # as the page keeps them
    wholes = 0
    while not state.is_terminal:
        seat_to_move = state.current_player
        assert seat_to_move is not None
        state.apply(greedy[seat_to_move].choose(state) if greedy else rng.choice(state.legal_action_ids()))
        for seat in seats:
            fresh = Drawing(draw_board(state, seat)["svg"])
            ops = changes(sent[seat], fresh)
            if ops is None:
                shown[seat], wholes = split(fresh.svg), wholes + 1
            else:
                apply_to(shown[seat], ops)
            sent[seat] = fresh
    for seat in seats:
        assert shown[seat].render() == draw_board(state, seat)["svg"]
    assert wholes < len(state.history) * len(seats) // 5  # changes, mostly


def test_the_socket_sends_changes_to_whoever_takes_them_and_the_board_on_request(client: TestClient) -> None:
    made = create(client, game="caylus", players=2, join=[0, 1], seed=11)
    gid, tokens = made["id"], made["tokens"]
    state = new_game("caylus", 2, 11)
    with (
        client.websocket_connect(f"/ws/games/{gid}") as page,
        client.websocket_connect(f"/ws/games/{gid}") as script,
    ):
        page.send_json({"type": "hello", "token": tokens["0"], "changes": True})
        first = page.receive_json()
        script.send_json({"type": "hello", "token": tokens["0"]})
        script.receive_json()
        svg = first["board"]["svg"]
        for _ in range(3):
            mover = state.current_player
            action = state.legal_action_ids()[0]
            ws = page if mover == 0 else None
            if ws is None:
                with client.websocket_connect(f"/ws/games/{gid}") as other:
                    other.send_json({"type": "hello", "token": tokens[str(mover)], "board": False})
                    other.receive_json()
                    other.send_json({"type": "act", "action": action, "ply": len(state.history)})
                    other.receive_json()
            else:
                ws.send_json({"type": "act", "action": action, "ply": len(state.history)})
            state.apply(action)
            update, whole = page.receive_json(), script.receive_json()
            assert (
                set(update["board"]) == {"changes", "panel"}
                and update["board"]["panel"] == whole["board"]["panel"]
            )
            svg = apply_changes(svg, update["board"]["changes"])
            assert svg == whole["board"]["svg"]
        page.send_json({"type": "board"})
        again = page.receive_json()
        assert again["board"]["svg"] == svg and again["full"] is True and again["ply"] == len(state.history)
        page.send_json({"type": "hello", "changes": "yes"})
        assert page.receive_json()["code"] == "bad_message"


def test_changes_are_sent_only_where_the_server_turns_them_on(db_url: str) -> None:
    with make_client(db_url, board_changes=False) as client:  # the operator turned them off
        made = create(client, game="caylus", players=2, join=[0, 1], seed=11)
        state = new_game("caylus", 2, 11)
        with client.websocket_connect(f"/ws/games/{made['id']}") as page:
            mover = str(state.current_player)
            page.send_json({"type": "hello", "token": made["tokens"][mover], "changes": True})
            assert "svg" in page.receive_json()["board"]
            page.send_json({"type": "act", "action": state.legal_action_ids()[0], "ply": 0})
            assert set(page.receive_json()["board"]) == {"svg", "panel"}  # the whole board, not changes


def test_random_reorderings_additions_and_removals_roundtrip() -> None:
    rng = random.Random(3)

    def drawing(keys: list[str], depth: int = 0) -> str:
        parts = []
        for key in keys:
            inner = drawing(rng.sample(["x" + key, "y" + key], rng.randint(0, 2)), 1) if depth == 0 else ""
            text = rng.choice(["", "t", "<text>a</text>", "<rect/>u"])
            parts.append(
                f'<g id="{key}" class="{rng.choice("ab")}"><title>{key * 80}</title>{inner}</g>{text}'
            )
        return f'<svg viewBox="0 0 {rng.choice("12")} 1"><rect/>{"".join(parts)}</svg>'

    keys = [str(i) for i in range(8)]
    applied = 0
    for _ in range(300):
        old = drawing(rng.sample(keys, rng.randint(0, 8)))
        new = drawing(rng.sample(keys, rng.randint(0, 8)))
        ops = changes(old, new)
        if ops is not None:
            assert apply_changes(old, ops) == new
            applied += 1
    assert applied > 50  # the others: changes no smaller than the board, which is sent whole


@pytest.mark.slow  # a worker process
@pytest.mark.parametrize("workers", [0, 1, 2])
def test_the_pool_draws_the_board_with_its_changes_from_each_earlier_board(workers: int) -> None:
    state = new_game("caylus1303", 3, 4)
    earlier = [draw_board(state, 1)["svg"]]
    state.apply(state.legal_action_ids()[0])
    earlier.append(draw_board(state, 1)["svg"])
    state.apply(state.legal_action_ids()[0])
    pool = BoardPool(workers)
    try:
        # in a thread of its own: a browser test before may have left this thread an event loop
        with ThreadPoolExecutor(1) as thread:
            drawing = pool.draw_changes(state, 1, "en", previous=[*earlier, "<svg>"])
            board, found = thread.submit(asyncio.run, drawing).result()
    finally:
        pool.close()
    assert board == draw_board(state, 1)
    assert len(found) == 3 and found[2] is None  # not a drawing the changes apply to: the whole board
    for old, ops in zip(earlier, found, strict=False):
        assert ops is not None and apply_changes(old, ops) == board["svg"]


@pytest.mark.slow  # worker processes
@pytest.mark.parametrize("workers", [0, 2])
def test_the_pool_draws_a_moves_boards_in_one_call(workers: int) -> None:
    """Each seat's and language's board of a move, with the changes from what each was sent before, as
    drawing them one by one gives; the next move's go to the worker that keeps them."""
    state = new_game("caylus", 3, 4)
    wanted: list[tuple[int | None, str]] = [(0, "en"), (1, "pl"), (None, "de"), (0, "de")]

    def alone(seat: int | None, lang: str) -> str:
        with use_language(lang):
            return str(draw_board(state, seat)["svg"])

    before = {key: alone(*key) for key in wanted}
    state.apply(state.legal_action_ids()[0])
    pool = BoardPool(workers)
    try:
        with ThreadPoolExecutor(1) as thread:
            first = thread.submit(asyncio.run, pool.draw_all(state, wanted)).result()
            state.apply(state.legal_action_ids()[0])
            previous = {key: [board["svg"]] for key, (board, _) in zip(wanted, first, strict=True)}
            previous[None, "de"].append(before[None, "de"])
            second = thread.submit(asyncio.run, pool.draw_all(state, wanted, previous=previous)).result()
            lanes = {pool._lane_of.get(board["svg"]) for board, _ in second}
    finally:
        pool.close()
    assert [found for _, found in first] == [[]] * len(wanted)
    for key, (board, found) in zip(wanted, second, strict=True):
        assert board["svg"] == alone(*key) and len(found) == len(previous[key])
        for old, ops in zip(previous[key], found, strict=True):
            assert ops is not None and apply_changes(old, ops) == board["svg"]
    assert len(lanes) == 1  # one call, one worker


def test_a_worker_splits_each_drawing_once_while_it_keeps_it(monkeypatch: pytest.MonkeyPatch) -> None:
    splits: list[str] = []

    whole = board_changes._split

    def counted(svg: str, like: Any) -> tuple[Node, dict[str, Node | None]]:
        splits.append(svg)
        return whole(svg, like)

    monkeypatch.setattr(board_changes, "_split", counted)
    monkeypatch.setattr(boards, "_kept", type(boards._kept)())
    monkeypatch.setattr(boards, "KEPT", 2)
    drawings = [OLD.replace("turn 1", f"turn {n}") for n in range(1, 5)]
    assert changes_from([], drawings[0]) == [] and splits == []
    for old, new in itertools.pairwise(drawings):
        assert changes_from([old], new) == [changes(old, new)]
    # each of the worker's drawings split once, then again only for the comparisons made here
    assert splits.count(drawings[1]) == 1 + 2 and splits.count(drawings[2]) == 1 + 2
    assert list(boards._kept) == drawings[2:]  # the newest two
    splits.clear()
    # one it no longer keeps (or never drew) is split from its text: the same changes
    assert changes_from([drawings[0]], drawings[3]) == [changes(drawings[0], drawings[3])]
    assert splits.count(drawings[0]) == 2 and splits.count(drawings[3]) == 1
    # the server's board_kept, passed with each call, bounds the drawings kept
    changes_from([drawings[3]], drawings[1], limit=1)
    assert list(boards._kept) == [drawings[1]]


def test_caylus_drawn_from_its_kept_fragments_is_the_same_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """The attributes, supply cards, road spaces and favour tables Caylus's drawing keeps between moves
    draw the same bytes as drawing them anew, across languages and seats."""
    positions = random_positions("caylus")
    for kept in ("_PAIRS", "_CARDS", "_SPACES", "_FAVOURS"):
        monkeypatch.setattr(caylus_board, kept, {})
    warm = boards_of(positions, ("en", "pl", "de"), lambda p: (0, None))
    assert caylus_board._CARDS and caylus_board._SPACES and caylus_board._FAVOURS  # kept, and used below
    monkeypatch.setattr(caylus_board, "_PAIRS_KEPT", 0)
    monkeypatch.setattr(caylus_board, "_CARDS_KEPT", 0)
    for kept in ("_PAIRS", "_CARDS", "_SPACES", "_FAVOURS"):
        monkeypatch.setattr(caylus_board, kept, {})
    assert boards_of(positions, ("en", "pl", "de"), lambda p: (0, None)) == warm


def random_positions(game: str) -> list[State]:
    """The first 12 positions of a seeded random 3-player game."""
    state = new_game(game, 3, 2)
    rng = random.Random(2)
    positions = []
    for _ in range(12):
        positions.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
    return positions


def boards_of(
    positions: list[State], langs: tuple[str, ...], seats: Callable[[State], tuple[int | None, ...]]
) -> list[str]:
    """Each position's boards for ``seats(position)``, in each language, the seats named."""
    drawn = []
    for lang in langs:
        with use_language(lang):
            drawn += [draw_board(p, seat, ["Ann", "Bo & <x>"])["svg"] for p in positions for seat in seats(p)]
    return drawn


@pytest.mark.parametrize(("game", "kept"), [("caylus1303", caylus1303_board), ("builders", builders_board)])
def test_cards_drawn_from_those_kept_are_the_same_board(
    game: str, kept: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Caylus 1303's supply cards and The Builders' market cards, kept by all they read, draw the same
    bytes as drawing them anew, across languages and seats (the action on a card too)."""
    positions = random_positions(game)
    monkeypatch.setattr(kept, "_CARDS", {})
    warm = boards_of(positions, ("en", "pl", "ro"), lambda p: (p.current_player, None))
    assert kept._CARDS  # kept, and used below
    monkeypatch.setattr(kept, "_CARDS_KEPT", 0)
    monkeypatch.setattr(kept, "_CARDS", {})
    assert boards_of(positions, ("en", "pl", "ro"), lambda p: (p.current_player, None)) == warm


def test_a_seats_next_board_goes_to_the_worker_that_drew_its_last() -> None:
    pool = BoardPool(3)  # no process starts before a task is sent
    try:
        assert [pool._lane([])[0] for _ in range(4)] == [0, 1, 2, 0]  # first boards: in turn
        pool._drawn("<svg>a</svg>", 2)
        pool._drawn("<svg>b</svg>", 1)
        assert pool._lane(["<svg>unknown</svg>", "<svg>a</svg>"])[0] == 2
        assert pool._lane(["<svg>b</svg>"])[0] == 1
        assert pool._lane(["<svg>unknown</svg>"])[0] == 1  # not drawn here: the next in turn
    finally:
        pool.close()


def test_a_connection_whose_board_the_pool_did_not_compare_with_gets_the_whole_board() -> None:
    svg = OLD.replace("turn 1", "turn 2")
    board: dict[str, Any] = {"svg": svg, "panel": []}
    ops = changes(OLD, svg)
    parts: dict[Any, Any] = {"boards": {(0, "en"): board}, "changes": {(0, "en"): {OLD: ops}}}
    compared, missed, late = (Connection(0, changes=True) for _ in range(3))
    compared.drawing, missed.drawing = Drawing(OLD), Drawing(OLD.replace("turn 1", "turn 0"))
    assert Tables._board_part(compared, parts) == {"board": {"changes": ops, "panel": []}}
    assert Tables._board_part(missed, parts) == {}  # its message keeps the whole board
    assert Tables._board_part(late, parts) == {}
    assert compared.drawing is missed.drawing is late.drawing  # all three were sent the new board


def test_a_late_joiner_and_the_first_page_each_get_changes_to_their_own_board(client: TestClient) -> None:
    made = create(client, game="builders", players=2, join=[0, 1], seed=3)
    gid, tokens = made["id"], made["tokens"]
    state = new_game("builders", 2, 3)

    def move() -> None:
        seat, action = state.current_player, state.legal_action_ids()[0]
        with client.websocket_connect(f"/ws/games/{gid}") as mover:
            mover.send_json({"type": "hello", "token": tokens[str(seat)], "board": False})
            mover.receive_json()
            mover.send_json({"type": "act", "action": action, "ply": len(state.history)})
            mover.receive_json()
        state.apply(action)

    def whole(token: str | None) -> str:
        with client.websocket_connect(f"/ws/games/{gid}") as fresh:
            fresh.send_json({"type": "hello", "token": token})
            svg: str = fresh.receive_json()["board"]["svg"]
            return svg

    with (
        client.websocket_connect(f"/ws/games/{gid}") as first,
        client.websocket_connect(f"/ws/games/{gid}") as late,
    ):
        first.send_json({"type": "hello", "token": tokens["0"], "changes": True})
        shown = first.receive_json()["board"]["svg"]
        move()
        shown = apply_changes(shown, first.receive_json()["board"]["changes"])
        late.send_json({"type": "hello", "changes": True})  # a spectator, one move late
        watched = late.receive_json()["board"]["svg"]
        for _ in range(3):
            move()
            shown = apply_changes(shown, first.receive_json()["board"]["changes"])
            watched = apply_changes(watched, late.receive_json()["board"]["changes"])
        assert shown == whole(tokens["0"]) and watched == whole(None)


def shape(node: Node) -> tuple[Any, ...]:
    """All a tree says, without where its text is kept."""
    kids = [(shape(child), tail) for child, tail in node.children]
    return node.id, node.start, node.end, node.head, node.text, node.loose, kids


def split_or_none(svg: str, like: Drawing | None = None) -> tuple[Any, ...] | None:
    try:
        return shape(split(svg, like.keyed if like is not None else None))
    except Unsplittable:
        return None


_IDS = st.sampled_from(["", ' id="@"', " id='@'"])  # each @ becomes an id
_ELEMENTS = st.recursive(
    st.one_of(
        st.sampled_from(["t", "<text>x</text>", "<rect/>"]), st.builds('<rect{} class="u"/>'.format, _IDS)
    ),
    lambda inner: st.builds(
        lambda key, kids: f"<g{key}>{''.join(kids)}</g>", _IDS, st.lists(inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(_ELEMENTS, min_size=1, max_size=6),
    st.lists(_ELEMENTS, max_size=3),
    st.randoms(use_true_random=False),
)
def test_a_drawing_split_against_the_one_before_is_split_as_it_is(
    old_parts: list[str], fresh: list[str], rng: random.Random
) -> None:
    """The new drawing takes the old one's unchanged elements, at any place and depth (even where one of
    their ids is used again, or under another root), and is split as if alone, or not split at all."""
    ids = itertools.count()
    old_parts = [re.sub("@", lambda _: f"i{next(ids)}", part) for part in old_parts]  # unique
    fresh = [re.sub("@", lambda _: f"i{rng.randrange(6)}", part) for part in fresh]  # may be used again
    old = Drawing(f'<svg id="r">{"".join(old_parts)}</svg>')
    assert old.tree() is not None
    inner = [node.text for node in old.keyed.values() if node is not None and node.id != "r"]
    pool = old_parts + fresh + inner + ["<!-- c -->"] * rng.randint(0, 1)
    parts = rng.choices(pool, k=rng.randint(0, len(pool) + 1))  # some twice, their ids too
    if parts and rng.random() < 0.5:  # one goes deeper, in a group with an id or without
        wrapper = rng.choice(["<g>", '<g id="w">', '<g id="i0">'])
        at = rng.randrange(len(parts))
        parts[at] = f"{wrapper}{parts[at]}</g>"
    root = rng.choice(["svg", "g"])
    new = f"<{root}>{''.join(parts)}</{root}>"
    assert split_or_none(new, old) == split_or_none(new)


@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_each_seats_next_board_split_against_its_last_is_its_plain_split(game: str) -> None:
    """Over a random game, each seat's and a spectator's drawing split against that seat's drawing before
    gives the tree and the changes of the plain split, and the changes rebuild it."""
    state = new_game(game, 2, 7)
    rng = random.Random(7)
    seats: list[int | None] = [None, 0, 1]
    last: dict[int | None, Drawing] = {}
    reused = 0
    for _ in range(10):
        for seat in seats:
            svg = draw_board(state, seat)["svg"]
            new, plain = Drawing(svg), Drawing(svg)
            if seat in last:
                plain.tree()  # split alone
                ops = changes(last[seat], new)
                tree = new.tree()
                assert tree is not None and shape(tree) == shape(split(svg))
                assert ops == changes(last[seat], plain) and ops is not None
                assert apply_changes(last[seat].svg, ops) == svg
                reused += sum(node.source is svg for node in new.keyed.values() if node is not None)
            last[seat] = new
        for _ in range(3):
            if not state.is_terminal:
                state.apply(rng.choice(state.legal_action_ids()))
    assert reused


def test_a_full_store_of_fragments_is_emptied_so_that_the_newest_are_kept() -> None:
    """A long-running server keeps the fragments of the boards it draws now: a store at its limit is emptied
    before the next one goes in (it used to stop keeping any)."""
    store: dict[int, str] = {}
    for n in range(5):
        keep_fragment(store, n, f"<g id='f{n}'/>", 3)
    assert store == {3: "<g id='f3'/>", 4: "<g id='f4'/>"}
    keep_fragment(store, 9, "<g/>", 0)
    assert store == {}  # a limit of 0 keeps none
