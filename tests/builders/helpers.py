"""Building Builders states for the rules tests.

Each helper edits a fresh state's fields (moving cards from wherever they are, so that every card stays in
exactly one place) and then asserts ``state.integrity_problem() is None``. A card taken out of a face-up
row is replaced from the *bottom* of its deck, so the visible top card does not change.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from masterbuilder import new_game
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.data import (
    BUILDINGS,
    MACHINE_WORKER,
    PRODUCES,
    WORKERS,
    WorkerKind,
)
from masterbuilder.games.builders.state import EMPTY, NOTHING, BuildersState


def check(state: BuildersState) -> BuildersState:
    """Assert the state is consistent (every card in exactly one place, sane counts) and return it."""
    problem = state.integrity_problem()
    assert problem is None, problem
    return state


def fresh(players: int = 2, seed: int = 0, options: Mapping[str, Any] | None = None) -> BuildersState:
    """A new game, typed as a BuildersState."""
    state = new_game("builders", players=players, seed=seed, options=options)
    assert isinstance(state, BuildersState)
    return check(state)


def building(name: str) -> int:
    """The id of a building card (or machine) by its English name."""
    ids = [b.id for b in BUILDINGS if b.name == name]
    assert len(ids) == 1, name
    return ids[0]


def worker(kind: WorkerKind, produces: tuple[int, int, int, int], nth: int = 0) -> int:
    """The id of the ``nth`` worker card of ``kind`` producing exactly ``produces`` (S, W, K, T)."""
    ids = [w.id for w in WORKERS if w.kind is kind and w.produces == produces]
    assert len(ids) > nth, (kind, produces)
    return ids[nth]


def send(state: BuildersState, worker_id: int, building_id: int) -> None:
    """Both decisions of sending a worker: "send <worker>" then "to <building>"."""
    state.apply(A.SEND + worker_id)
    state.apply(A.TO + building_id)


def _detach_worker(state: BuildersState, w: int) -> None:
    if w in state._wdeck:
        state._wdeck.remove(w)
    elif w in state._wrow:
        state._wrow[state._wrow.index(w)] = state._wdeck.pop(0) if state._wdeck else EMPTY
    else:
        for seat in range(state.num_players):
            if w in state._free[seat]:
                state._free[seat].remove(w)
                return
        raise AssertionError(f"worker {w} is not in the deck, the row or a free pool")


def _detach_building(state: BuildersState, b: int) -> None:
    assert not state._crew[b], f"building {b} has workers on it"
    if b in state._bdeck:
        state._bdeck.remove(b)
    elif b in state._brow:
        state._brow[state._brow.index(b)] = state._bdeck.pop(0) if state._bdeck else EMPTY
    else:
        for seat in range(state.num_players):
            if b in state._sites[seat]:
                state._sites[seat].remove(b)
                return
        raise AssertionError(f"building {b} is not in the deck, the row or a site")


def _recount(state: BuildersState, b: int) -> None:
    total = [0, 0, 0, 0]
    for w in state._crew[b]:
        for r in range(4):
            total[r] += PRODUCES[w][r]
    state._have[b] = (total[0], total[1], total[2], total[3]) if state._crew[b] else NOTHING


def give_workers(state: BuildersState, seat: int, *workers: int) -> None:
    """Move worker cards (0..41) into ``seat``'s free pool."""
    for w in workers:
        _detach_worker(state, w)
        state._free[seat].append(w)
    check(state)


def give_site(state: BuildersState, seat: int, b: int, crew: Iterable[int] = ()) -> None:
    """Make ``b`` one of ``seat``'s buildings under construction, with ``crew`` already working on it
    (sent in earlier turns: they do not count for this turn's send cost)."""
    _detach_building(state, b)
    state._sites[seat].append(b)
    for w in crew:
        _detach_worker(state, w)
        state._crew[b] += (w,)
    _recount(state, b)
    check(state)


def give_completed(state: BuildersState, seat: int, b: int) -> None:
    """Make ``b`` a completed building (or machine) of ``seat``, with its points; a machine also joins the
    seat's free workers."""
    _detach_building(state, b)
    state._done[seat].append(b)
    state._points[seat] += BUILDINGS[b].points
    if MACHINE_WORKER[b] != EMPTY:
        state._free[seat].append(MACHINE_WORKER[b])
    check(state)


def set_coins(state: BuildersState, seat: int, coins: int) -> None:
    state._coins[seat] = coins
    check(state)


def set_turn(state: BuildersState, seat: int, *, first: int | None = None, actions: int = 3) -> None:
    """Start ``seat``'s turn (nothing sent yet) with ``actions`` actions; ``first`` is the first player."""
    state._seat = seat
    if first is not None:
        state._first = first
    n = state.num_players
    state._turns = state._turns // n * n + (seat - state._first) % n  # the same round, seat's turn in it
    state._actions = actions
    state._sent = {}
    state._pending = EMPTY
    check(state)


def empty_building_deck(state: BuildersState) -> None:
    """Move the whole building deck into seat 0's completed buildings (keeps every card in one place)."""
    while state._bdeck:
        give_completed(state, 0, state._bdeck[-1])


def empty_worker_deck(state: BuildersState) -> None:
    """Move the whole worker deck into seat 0's free pool."""
    give_workers(state, 0, *list(state._wdeck))
