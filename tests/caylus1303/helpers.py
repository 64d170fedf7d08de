"""Building Caylus 1303 states for the rules tests.

A test takes :func:`fresh` (a game after setup, characters dealt as the test says, nothing on the stack),
edits plain fields through the helpers below (tiles and owners on the road, workers, resources, the
provost), then runs one phase with :func:`planning`, :func:`activation`, :func:`delivery` or
:func:`administration`. Those put only that phase's tasks on the stack, so the engine stops when the phase
is over (the stack is empty, ``current_player`` is None) instead of running on into the next round. In
between, the test plays through the public API (``apply`` with labels or ids) and checks public queries.

Colours of the rulebook's examples are seats: Blue 0, Red 1, Green 2, Yellow 3, Black 4.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from masterbuilder import IllegalAction, new_game
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    CHARACTERS,
    HOUSES,
    ROAD_LENGTH,
    TILE_BY_KEY,
    TILES,
    WORKERS_TOTAL,
    Char,
)
from masterbuilder.games.caylus1303.rules import BOARD, BOX
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    EMPTY,
    NOBODY,
    T_ACTIVATE,
    T_DELIVERY,
    T_EARLY,
    T_END_ROUND,
    T_FLIP,
    T_MONUMENTS,
    T_PLAN,
    T_RECRUIT,
)

BLUE, RED, GREEN, YELLOW, BLACK = range(5)
Task = tuple[int, ...]


def check(state: Caylus1303State) -> Caylus1303State:
    """Assert the state obeys the engine's invariants and return it (an empty stack is fine here: the
    helpers stop the engine between phases that way)."""
    problem = state.integrity_problem()
    if not state._stack and problem == "the game is not over but nothing is left to do":
        problem = None
    assert problem is None, problem
    return state


def tile(key: str) -> int:
    """A tile id by its key in data.py (e.g. "stone_farm", "start_market_1", "garden")."""
    return TILE_BY_KEY[key]


def char(key: str) -> Char:
    return Char(next(c.id for c in CHARACTERS if c.key == key))


def fresh(
    players: int = 2,
    seed: int = 0,
    *,
    chars: Mapping[int, Iterable[Char]] | None = None,
    board: Iterable[Char] = (),
    first: int = 0,
    round: int = 1,
) -> Caylus1303State:
    """A game after setup with the draft skipped: seat -> characters as ``chars`` says, ``board`` on the
    board, the rest in the box; ``first`` is the first player; round ``round``, planning phase, nothing on
    the stack (run a phase with the helpers below)."""
    state = new_game("caylus1303", players=players, seed=seed)
    assert isinstance(state, Caylus1303State)
    state._chars = [BOX] * len(CHARACTERS)
    for seat, cs in (chars or {}).items():
        for c in cs:
            state._chars[c] = seat
    for c in board:
        state._chars[c] = BOARD
    state._first = first
    state._round = round
    state._phase = 1
    state._stack = []
    state._legal_now = []
    return check(state)


def run(state: Caylus1303State, *tasks: Task) -> Caylus1303State:
    """Put ``tasks`` on the stack (the first runs first) and run until a real decision or an empty stack."""
    state._stack = list(reversed(tasks))
    state._legal_now = []
    state._road_changed()  # tests may have laid tiles or turned residences by hand
    state._run()
    return state


def planning(state: Caylus1303State) -> Caylus1303State:
    state._phase = 1
    return run(state, (T_EARLY,), (T_PLAN, state._first))


def activation(state: Caylus1303State) -> Caylus1303State:
    state._phase = 2
    return run(state, (T_ACTIVATE, 1))


def delivery(state: Caylus1303State) -> Caylus1303State:
    state._phase = 3
    return run(state, (T_DELIVERY, 0))


def administration(state: Caylus1303State, *, end_round: bool = False) -> Caylus1303State:
    """Residences, monuments and recruitment; with ``end_round`` also the provost and the round marker
    (which starts the next round, or ends the game after round 9)."""
    state._phase = 4
    tasks: list[Task] = [(T_FLIP,), (T_MONUMENTS, 6), (T_RECRUIT,)]
    if end_round:
        tasks.append((T_END_ROUND,))
    return run(state, *tasks)


def done(state: Caylus1303State) -> bool:
    """The phase run by a helper is over (nothing left on the stack)."""
    return not state._stack


def put(state: Caylus1303State, space: int, key: str | None, owner: int | None = None) -> None:
    """Put a tile on a road space (None: empty it); ``owner`` takes one of their houses for it. Each tile
    exists once: if it already lies on another road space, that space is emptied; if it is a
    construction-site tile, another tile of its family from the supply (or the box) takes the slot."""
    if key is not None:
        _take_off_board(state, tile(key), space)
    old_owner = state._owner[space]
    if old_owner != NOBODY:
        state._houses[old_owner] += 1
    state._road[space] = EMPTY if key is None else tile(key)
    state._owner[space] = NOBODY if owner is None else owner
    state._residence[space] = 0
    if key is not None:
        state._supply[tile(key)] = 0
    if owner is not None:
        state._houses[owner] -= 1
        assert state._houses[owner] >= 0


def _take_off_board(state: Caylus1303State, t: int, target: int) -> None:
    """Before ``t`` goes on road space ``target``: wherever else it lies (another road space, a slot), the
    tile now on ``target`` takes its place if it is of the same family (a swap), else a spare tile of that
    family from the supply or the box does; the layout keeps its shape."""
    elsewhere = t in state._slots or any(
        state._road[space] == t for space in range(1, ROAD_LENGTH + 1) if space != target
    )
    if not elsewhere:
        return
    family = TILES[t].family
    old = state._road[target]
    on_board = set(state._road) | set(state._slots)
    if old != EMPTY and old != t and TILES[old].family is family:
        substitute = old
    else:
        substitute = next((x.id for x in TILES if x.family is family and x.id not in on_board), EMPTY)
    if substitute != EMPTY and substitute != old:
        state._supply[substitute] = 0
    for other in range(1, ROAD_LENGTH + 1):
        if other != target and state._road[other] == t:
            state._road[other] = substitute
    if t in state._slots:
        assert substitute != EMPTY
        state._slots[state._slots.index(t)] = substitute


def slot(state: Caylus1303State, k: int, key: str) -> None:
    """Make ``key`` the tile on construction-site slot ``k`` (0-based); wherever it lay before (the road,
    another slot, the supply), the old slot tile takes its place."""
    t, old = tile(key), state._slots[k]
    if t == old:
        return
    for space in range(1, ROAD_LENGTH + 1):
        if state._road[space] == t:
            state._road[space] = old
    if t in state._slots:
        state._slots[state._slots.index(t)] = old
    elif state._supply[t]:
        state._supply[t] = 0
        state._supply[old] = 1 if TILES[old].family.value != "start" else 0
    state._slots[k] = t


def supply_only(state: Caylus1303State, *keys: str) -> None:
    """Exactly these tiles can be built. One that lies on the road or a construction-site slot is replaced
    there by a tile of its family that is neither listed nor on the board."""
    wanted = {tile(k) for k in keys}
    state._supply = [0] * len(TILES)
    for t in wanted:
        family = TILES[t].family
        on_board = set(state._road) | set(state._slots)
        spare = next(x.id for x in TILES if x.family is family and x.id not in on_board | wanted)
        state._road = [spare if x == t else x for x in state._road]
        state._slots = [spare if x == t else x for x in state._slots]
        state._supply[t] = 1


def clear_road(state: Caylus1303State, start: int = 15) -> None:
    """Empty the road from ``start`` to the end (the setup stone building on 19 included)."""
    for space in range(start, ROAD_LENGTH + 1):
        put(state, space, None)


def residence(state: Caylus1303State, space: int, owner: int) -> None:
    """Make the start building on ``space`` the owner's residence."""
    assert TILES[state._road[space]].family.value == "start"
    put(state, space, TILES[state._road[space]].key, owner)
    state._residence[space] = 1


def worker(state: Caylus1303State, space: int, seat: int) -> None:
    """Stand one of the seat's workers (from its supply) on a road space (a second one joins the first)."""
    assert state._hand[seat] > 0
    state._hand[seat] -= 1
    if state._w1[space] == NOBODY:
        state._w1[space] = seat
    else:
        state._w2[space] = seat


def site_worker(state: Caylus1303State, seat: int) -> None:
    assert state._hand[seat] > 0
    state._hand[seat] -= 1
    state._site.append(seat)


def give(
    state: Caylus1303State,
    seat: int,
    food: int = 0,
    wood: int = 0,
    stone: int = 0,
    cloth: int = 0,
    gold: int = 0,
) -> None:
    """Set the seat's resources exactly."""
    state._res[seat] = [food, wood, stone, cloth, gold]


def set_workers(state: Caylus1303State, seat: int, hand: int) -> None:
    """Set the seat's supply to ``hand`` workers; the camp holds the rest of its 15."""
    on_board = WORKERS_TOTAL - state._hand[seat] - state._camp[seat]
    state._hand[seat] = hand
    state._camp[seat] = WORKERS_TOTAL - hand - on_board
    assert state._camp[seat] >= 0


def refused(state: Caylus1303State, action: int | str, *words: str) -> str:
    """``action`` (an id or a label) raises IllegalAction with a reason naming ``words``, the same reason
    ``illegal_reason`` gives for an id, and changes nothing. Returns the reason."""
    before = state.to_json()
    expected = state.illegal_reason(action) if isinstance(action, int) else None
    if isinstance(action, int):
        assert expected is not None
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    reason = info.value.reason
    assert reason and (expected is None or reason == expected)
    for word in words:
        assert word.lower() in reason.lower(), reason
    return reason


def pending(state: Caylus1303State) -> tuple[int, ...] | None:
    """The pending decision (a function, so that type checkers do not narrow it across actions)."""
    return state.pending_decision


def decision(state: Caylus1303State) -> tuple[int, ...]:
    """The pending decision, which must exist."""
    d = state.pending_decision
    assert d is not None
    return d


def events(state: Caylus1303State, kind: str) -> list[tuple[Any, ...]]:
    """The events of ``kind`` logged since the last call (the log must be on: ``state.log_events()``)."""
    return [e for e in state.take_events() if e[0] == kind]


def labels(state: Caylus1303State) -> list[str]:
    return [a.label for a in state.legal_actions()]


def place(space: int) -> int:
    return A.place(space)


def houses_total(state: Caylus1303State, seat: int) -> int:
    """Houses left + houses on the road + the bridge house: always 10."""
    return state._houses[seat] + sum(1 for o in state._owner if o == seat) + 1


assert HOUSES == 10
