"""The Builders' SVG board for the web table (games/builders/board.py), against core/board.py's contract."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from masterbuilder.agents import Agent, make_agent
from masterbuilder.core.board import board_actions, clickable_ids, draw_board, panel_actions
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.board import building_rule, draw, worker_rule
from masterbuilder.games.builders.data import BUILDINGS, WORKERS, WorkerKind
from masterbuilder.games.builders.state import BuildersState

from .helpers import building, fresh, give_completed, give_site, give_workers, send, set_coins, worker

SVG = "{http://www.w3.org/2000/svg}"

# (players, seed, options) of the random games the positions are taken from.
GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (2, 1, {}),
    (2, 2, {"open_worker_deck": True}),
    (3, 3, {"tiebreak": "building_points"}),
    (3, 4, {"open_worker_deck": True, "round_limit": 12}),
    (4, 5, {}),
    (4, 6, {"open_worker_deck": True, "tiebreak": "building_points"}),
)


def _play(state: BuildersState, rng: random.Random, greedy: Agent) -> None:
    """One move: half the time the greedy bot's, else a random legal action (but rarely ending the turn
    early or starting a fourth building, so that buildings get finished and games end)."""
    if rng.random() < 0.5:
        state.apply(greedy.choose(state))
        return
    legal = state.legal_action_ids()
    seat = state.current_player
    assert seat is not None
    calm = [
        a for a in legal if a != A.END_TURN and not (A.START <= a < A.HIRE and len(state.sites(seat)) >= 3)
    ]
    state.apply(rng.choice(calm if calm and rng.random() < 0.9 else legal))


def _positions() -> Iterator[BuildersState]:
    """Positions along random legal games (starts, middles, pending sends, ends): about 40 per game."""
    for players, seed, options in GAMES:
        state = fresh(players, seed, options)
        rng = random.Random(seed)
        greedy = make_agent("greedy", "builders", seed)
        step = 0
        while True:
            if step % 7 == 0 or (state.pending_worker is not None and step % 4 == 0) or state.is_terminal:
                yield state.clone()
            if state.is_terminal:
                break
            _play(state, rng, greedy)
            step += 1


POSITIONS = list(_positions())


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert "board-builders" in root.get("class", "").split()
    assert root.get("width") is None and root.get("height") is None
    return root


def _by_id(root: ET.Element) -> dict[str, ET.Element]:
    ids = [e.get("id") for e in root.iter() if e.get("id") is not None]
    duplicated = [i for i, n in Counter(ids).items() if n > 1]
    assert not duplicated, duplicated
    return {e.get("id", ""): e for e in root.iter() if e.get("id") is not None}


def _title(element: ET.Element) -> str | None:
    title = element.find(f"{SVG}title")
    return None if title is None else title.text


def _check_drawing(state: BuildersState, seat: int | None) -> ET.Element:
    """The contract's checks for one drawing; returns the parsed SVG."""
    actions = board_actions(state, seat)
    svg = draw(state.view(seat), actions, seat)
    root = _parse(svg)
    _by_id(root)
    legal = {a.id: a for a in actions}
    placed = Counter(int(e.get("data-action", "")) for e in root.iter() if e.get("data-action") is not None)
    assert all(n == 1 for n in placed.values()), placed
    assert set(placed) <= set(legal), set(placed) - set(legal)
    assert set(placed) == clickable_ids(svg)
    panel = {a.id for a in panel_actions(svg, actions)}
    assert panel | set(placed) == set(legal) and not panel & set(placed)
    for element in root.iter():
        if element.get("data-action") is not None:
            action = legal[int(element.get("data-action", ""))]
            assert "act" in element.get("class", "").split()
            assert _title(element) == action.description
    if seat is None or seat != state.current_player:
        assert not placed
    return root


def test_every_position_follows_the_contract() -> None:
    assert len(POSITIONS) > 200
    pending = sum(s.pending_worker is not None for s in POSITIONS)
    assert pending > 20  # the second step of a send is among the positions
    for state in POSITIONS:
        mover = state.current_player
        _check_drawing(state, mover)
        _check_drawing(state, None)
        other = 0 if mover is None else (mover + 1) % state.num_players
        _check_drawing(state, other)


def test_only_end_turn_is_left_to_the_panel() -> None:
    # rules: Builders, the turn: 3 actions (more for 5 coins each) among starting a building, hiring a worker,
    # sending a worker to work and taking coins; each but ending the turn belongs to something on the table:
    # a face-up building (start), a face-up worker (hire), a free worker (send), a site (send it there),
    # the bank (take coins, buy an action)
    for state in POSITIONS:
        seat = state.current_player
        if seat is None:
            continue
        result = draw_board(state, seat)
        assert [p["id"] for p in result["panel"]] in ([A.END_TURN], [])


def test_the_table_is_all_there() -> None:
    for state in POSITIONS[::7]:
        view = state.view(None)
        elements = _by_id(_parse(draw(view, [], None)))
        for name in ("turn", "bank", "building-deck", "worker-deck"):
            assert name in elements
        assert {f"building-row-{i}" for i in range(5)} <= set(elements)
        assert {f"worker-row-{i}" for i in range(5)} <= set(elements)
        for b in view["building_row"]:
            assert f"building-{b}" in elements
        for w in view["worker_row"]:
            assert f"worker-{w}" in elements
        for player in view["players"]:
            p = player["seat"]
            assert f"player-{p}" in elements and f"coins-p{p}" in elements
            assert _title(elements[f"coins-p{p}"]) == f"{player['coins']} coin" + (
                "" if player["coins"] == 1 else "s"
            )
            for w in player["free_workers"]:
                assert f"worker-{w}" in elements
            for site in player["sites"]:
                assert f"building-{site['building']}" in elements
                for w in site["workers"]:
                    assert f"worker-{w}" in elements
            for b in player["completed"]:
                assert f"building-{b}" in elements


def test_rule_texts_are_the_tooltips() -> None:
    state = fresh(2, 0)
    elements = _by_id(_parse(draw(state.view(None), [], None)))
    inn = building("Inn")
    crane = building("Small Crane")
    assert _title(elements["building-row-0"]) is None  # a place, not a card
    for b in state.view(None)["building_row"]:
        title = _title(elements[f"building-{b}"]) or ""
        assert title.startswith(BUILDINGS[b].name) and "needs" in title
    assert building_rule(inn) == "Inn: needs S2 W1 K1 T2; pays 12 coins and 3 points"
    assert "works for its owner as S2" in building_rule(crane)
    assert worker_rule(0) == "W01, Apprentice: produces S1 W1; wage 2 coins"


def test_typical_decisions_are_on_their_cards() -> None:
    # rules: Builders, "Rozpoczęcie budowy" / "Najęcie Robotnika" — a face-up building or worker is taken
    state = fresh(3, 5)
    seat = state.current_player
    assert seat is not None
    elements = _by_id(_check_drawing(state, seat))
    b = state.building_row()[2]
    w = state.worker_row()[4]
    assert elements[f"building-{b}"].get("data-action") == str(A.START + b)
    assert elements[f"worker-{w}"].get("data-action") == str(A.HIRE + w)
    assert elements["bank-take-6"].get("data-action") == str(A.TAKE_COINS + 2)
    apprentice = state.free_workers(seat)[0]
    assert elements[f"worker-{apprentice}"].get("data-action") is None  # nothing to send it to yet
    state.apply(A.START + b)
    # the card moved from the row to the player's site, under the same id
    elements = _by_id(_check_drawing(state, seat))
    assert f"building-{b}" in elements and elements[f"worker-{apprentice}"].get("data-action") == str(
        A.SEND + apprentice
    )
    player = elements[f"player-{seat}"]
    assert any(e.get("id") == f"building-{b}" for e in player.iter())
    # rules: Builders, "Wysłanie Robotnika do pracy" — choose the worker, then the building
    state.apply(A.SEND + apprentice)
    root = _check_drawing(state, seat)
    elements = _by_id(root)
    assert elements[f"building-{b}"].get("data-action") == str(A.TO + b)
    code = WORKERS[apprentice].code
    assert f"Your turn: choose the building to send {code} to" in "".join(elements["turn"].itertext())
    assert "pending" in elements[f"worker-{apprentice}"].get("class", "").split()


def _site_text(state: BuildersState, b: int) -> str:
    seat = state.current_player
    return "".join(_by_id(_check_drawing(state, seat))[f"building-{b}"].itertext())


def test_the_next_send_cost_is_shown_on_the_site() -> None:
    # rules: Builders, "Wysłanie Robotnika do pracy" — the 2nd worker sent to one building in a turn costs 2
    # actions, the 3rd 3
    state = fresh(2, 0)
    seat = state.current_player
    assert seat is not None
    inn = building("Inn")  # needs S2 W1 K1 T2
    first = worker(WorkerKind.APPRENTICE, (1, 1, 0, 0))
    second = worker(WorkerKind.APPRENTICE, (0, 0, 1, 1))
    give_site(state, seat, inn)
    give_workers(state, seat, first, second)
    set_coins(state, seat, 20)
    assert "next worker: 1 action" in _site_text(state, inn)
    send(state, first, inn)
    assert "next worker: 2 actions" in _site_text(state, inn)
    # while choosing the building for a worker, the site says what sending it there would cost and leave
    state.apply(A.SEND + second)
    assert "send here: 2 actionsthen needs S1 T1" in _site_text(state, inn)
    state.apply(A.TO + inn)
    assert state.actions_left == 0
    give_workers(state, seat, worker(WorkerKind.LABORER, (2, 1, 0, 0)))
    assert "next worker: 3 actionsmore than are left" in _site_text(state, inn)
    # nobody left to send (the free workers go under the worker deck): no cost to show
    state._wdeck[:0] = state._free[seat]
    state._free[seat].clear()
    assert state.integrity_problem() is None
    assert "next worker" not in _site_text(state, inn)


def test_a_site_says_when_the_worker_being_sent_completes_it() -> None:
    state = fresh(2, 0)
    seat = state.current_player
    assert seat is not None
    shack = building("Wooden Shack")  # needs W1 K1
    apprentice = worker(WorkerKind.APPRENTICE, (0, 1, 1, 0))
    give_site(state, seat, shack)
    give_workers(state, seat, apprentice)
    state.apply(A.SEND + apprentice)
    assert "send here: 1 actioncompletes it!" in _site_text(state, shack)


def test_the_decision_and_the_actions_left_are_in_the_turn_bar() -> None:
    state = fresh(2, 0)
    seat = state.current_player
    assert seat is not None
    elements = _by_id(_check_drawing(state, seat))
    assert "Your turn: choose an action (3 actions left)" in "".join(elements["turn"].itertext())
    assert _title(elements["actions-left"]) == "3 actions left this turn"
    other = _by_id(_check_drawing(state, 1 - seat))
    assert f"seat {seat} (" in "".join(other["turn"].itertext())
    assert "Your turn" not in "".join(other["turn"].itertext())


def test_the_end_shows_the_winner() -> None:
    ends = [s for s in POSITIONS if s.is_terminal]
    assert len(ends) == len(GAMES)
    for state in ends:
        elements = _by_id(_check_drawing(state, None))
        text = "".join(elements["turn"].itertext())
        assert text.count("Game over") == 1
        for w in state.winners():
            assert "WINNER" in "".join(elements[f"player-{w}"].itertext())


def _hidden_cards(state: BuildersState) -> tuple[list[int], list[int]]:
    """The building and worker cards in the decks that nobody sees."""
    shown = 1 if state.options["open_worker_deck"] else 0
    return state._bdeck[:-1], state._wdeck[: len(state._wdeck) - shown]


def test_hidden_deck_order_never_reaches_the_drawing() -> None:
    # rules: Builders, "Przygotowanie" — the building deck lies construction side up (its top card is seen);
    # the worker deck is face down
    for state in POSITIONS[::5]:
        mover = state.current_player
        for seat in {None, mover, 1 if mover == 0 else 0}:
            actions = board_actions(state, seat)
            svg = draw(state.view(seat), actions, seat)
            elements = _by_id(_parse(svg))
            buildings, workers = _hidden_cards(state)
            assert not {f"building-{b}" for b in buildings} & set(elements)
            assert not {f"worker-{w}" for w in workers} & set(elements)
            other = state.resample_hidden(seat or 0, seed=99)
            assert other._bdeck != state._bdeck or len(state._bdeck) < 3 or other._wdeck != state._wdeck
            assert draw(other.view(seat), board_actions(other, seat), seat) == svg


def test_the_open_worker_deck_shows_its_top_card() -> None:
    closed = fresh(2, 3)
    opened = fresh(2, 3, {"open_worker_deck": True})
    top = opened._wdeck[-1]
    assert f'id="worker-{top}"' in draw(opened.view(None), [], None)
    assert f'id="worker-{top}"' not in draw(closed.view(None), [], None)


def test_machines_work_as_workers_once_built() -> None:
    # rules: Builders, "Maszyny" — a completed machine joins its owner's free workers
    for state in POSITIONS:
        built = [
            b
            for p in range(state.num_players)
            for b in state.completed(p)
            if BUILDINGS[b].machine_worker is not None
        ]
        if built:
            elements = _by_id(_parse(draw(state.view(None), [], None)))
            for b in built:
                machine = BUILDINGS[b].machine_worker
                assert machine is not None and f"worker-{machine}" in elements
            return
    pytest.skip("no machine was built in the sampled positions")


def test_draw_board_returns_the_drawing_and_the_panel() -> None:
    state = fresh(2, 0)
    seat = state.current_player
    assert seat is not None
    result = draw_board(state, seat)
    assert result["svg"] == draw(state.view(seat), board_actions(state, seat), seat)
    assert result["panel"] == [{"id": A.END_TURN, "label": "end turn", "description": "End the turn"}]
    watching = draw_board(state, None)
    assert watching["panel"] == [] and not clickable_ids(watching["svg"])


def test_the_viewers_panel_comes_first() -> None:
    state = fresh(4, 2)
    for seat, order in ((None, [0, 1, 2, 3]), (2, [2, 3, 0, 1]), (0, [0, 1, 2, 3])):
        root = _parse(draw(state.view(seat), board_actions(state, seat), seat))
        panels = [e.get("id", "") for e in root.iter() if e.get("id", "").startswith("player-")]
        assert panels == [f"player-{p}" for p in order]


def test_the_final_round_is_announced() -> None:
    # rules: Builders, end of the game — 17 points at the end of a turn: the round is played to its end
    state = fresh(3, 1)
    seat = state.current_player
    assert seat is not None
    for name in ("Cathedral", "Castle", "Aqueduct"):
        give_completed(state, seat, building(name))
    assert "final-round" not in _by_id(_check_drawing(state, None))
    state.apply(A.END_TURN)
    assert state.final_round and not state.is_terminal
    elements = _by_id(_check_drawing(state, None))
    assert "FINAL ROUND" in "".join(elements["final-round"].itertext())
