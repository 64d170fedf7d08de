"""Building Caylus states for the rules tests.

A test takes a fresh game, edits its plain fields (tiles, owners and workers on the road, cubes, deniers,
the bailiff and the provost...), puts the tasks it wants to run on the stack and calls ``_run()``; from then
on it plays through the public API (``apply`` with labels or ids) and checks the public queries.

Most tests run one or two phases and then stop: the bottom of their stack is :data:`STOP`, a decision that
always offers two actions (the inn's "stay or leave", which the tests never take), so the engine halts there
instead of running on into the next turn (and its income). :func:`stopped` says whether it got there.

Colours of the rulebook's examples are seats: Blue 0, Red 1, Green 2, Orange 3, Black 4.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import pytest

from masterbuilder import IllegalAction, new_game
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import BY_KEY, NEUTRAL_TILES, STARTING_DENIERS, TILES, Special
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import (
    D_INN,
    EMPTY,
    NOBODY,
    T_END_TURN,
    T_PHASE,
    T_PLACEMENT,
    TURN_TASKS,
)

BLUE, RED, GREEN, ORANGE, BLACK = range(5)
COLOURS = ("Blue", "Red", "Green", "Orange", "Black")

Task = tuple[int, ...]
STOP: Task = (D_INN, 0)

# One turn's tasks as T_TURN pushes them: bottom of the stack first, (T_PHASE, 1) on top.
TURN: tuple[Task, ...] = TURN_TASKS


def check(state: CaylusState) -> CaylusState:
    """Assert the state obeys the engine's invariants and return it."""
    problem = state.integrity_problem()
    assert problem is None, problem
    return state


def fresh(
    players: int = 4, seed: int = 0, *, edition: int = 1, favours: str = "table", order: Sequence[int] = ()
) -> CaylusState:
    """A new game at its first placement decision (after the turn-1 income). With ``order``, the turn order
    is ``order`` instead of the drawn one: the starting deniers are dealt again by that order (5, 6, 6, 7, 7;
    5 each for 2 players, + the 2 deniers of income) and the first player in it decides first."""
    state = new_game("caylus", players=players, seed=seed, options={"edition": edition, "favours": favours})
    assert isinstance(state, CaylusState)
    if order:
        assert sorted(order) == list(range(players))
        state._order = list(order)
        for position, seat in enumerate(order):
            state._deniers[seat] = (5 if players == 2 else STARTING_DENIERS[position]) + 2
        start_placement(state, order[0])
    return check(state)


def tile(key: str) -> int:
    """A tile id by its key in data.py."""
    return BY_KEY[key].id


def place_on(space: int) -> int:
    """The action id of placing a worker on road space ``space`` (the label is ``"road <space>"``)."""
    return A.place_road(space)


def special_action(building: Special) -> int:
    return A.PLACE + building


def build_action(key: str) -> int:
    return A.BUILD + A.BUILD_INDEX[tile(key)]


def set_neutrals(state: CaylusState, keys: Sequence[str]) -> None:
    """Lay the six neutral tiles on spaces 1..6 in this order (instead of the shuffled order)."""
    assert sorted(tile(k) for k in keys) == sorted(NEUTRAL_TILES)
    for space, key in enumerate(keys, start=1):
        state._road[space] = tile(key)


NEUTRAL_ORDER = ("n_farm", "n_forest", "n_sawmill", "n_quarry", "n_market", "n_carpenter")


def put_tile(state: CaylusState, space: int, key: str, owner: int | None = None) -> None:
    """Put a tile on a road space (taking a buildable tile out of the supply), owned by ``owner``."""
    t = tile(key)
    if TILES[t].buildable:
        assert state._supply[t] > 0, f"no {key} left in the supply"
        state._supply[t] -= 1
    state._road[space] = t
    state._owner[space] = NOBODY if owner is None else owner


def clear_space(state: CaylusState, space: int) -> None:
    """Empty a road space (a buildable tile goes back to the supply)."""
    t = state._road[space]
    if t != EMPTY and TILES[t].buildable:
        state._supply[t] += 1
    state._road[space] = EMPTY
    state._owner[space] = NOBODY


def set_cubes(
    state: CaylusState,
    seat: int,
    food: int = 0,
    wood: int = 0,
    stone: int = 0,
    cloth: int = 0,
    gold: int = 0,
    *,
    deniers: int | None = None,
) -> None:
    """Set exactly these cubes (and deniers, when given) for ``seat``."""
    state._cubes[seat] = [food, wood, stone, cloth, gold]
    if deniers is not None:
        state._deniers[seat] = deniers


def set_deniers(state: CaylusState, **by_colour: int) -> None:
    """set_deniers(s, Blue=3, Red=8): deniers by colour name."""
    for name, value in by_colour.items():
        state._deniers[COLOURS.index(name)] = value


def put_worker(state: CaylusState, seat: int, space: int) -> None:
    """A worker of ``seat`` (from home) stands on a road space (placed earlier: no cost, no PP)."""
    assert state._worker[space] == NOBODY and state._workers[seat] > 0
    state._worker[space] = seat
    state._workers[seat] -= 1


def put_special(state: CaylusState, seat: int, building: Special) -> None:
    """A worker of ``seat`` on a special building (the stables: the next spot; the inn: the left circle)."""
    assert state._workers[seat] > 0
    state._workers[seat] -= 1
    if building is Special.STABLES:
        state._stables.append(seat)
    elif building is Special.INN:
        assert state._inn[0] == NOBODY
        state._inn[0] = seat
    else:
        assert state._special[building] == NOBODY
        state._special[building] = seat


def put_inn_right(state: CaylusState, seat: int) -> None:
    """A worker of ``seat`` on the inn's right circle (placed in an earlier turn)."""
    assert state._workers[seat] > 0 and state._inn[1] == NOBODY
    state._workers[seat] -= 1
    state._inn[1] = seat


def put_castle(state: CaylusState, seat: int) -> None:
    """A worker of ``seat`` on the next castle space."""
    assert state._workers[seat] > 0 and seat not in state._castle
    state._workers[seat] -= 1
    state._castle.append(seat)


def set_houses(state: CaylusState, section: int, by_seat: Mapping[int, int]) -> None:
    for seat, n in by_seat.items():
        state._houses[section][seat] = n


def run(state: CaylusState, tasks: Iterable[Task]) -> CaylusState:
    """Replace the stack by ``tasks`` (bottom first) and run it to the first real decision."""
    state._stack = list(tasks)
    state._legal_now = []
    state._road_changed()  # tests may have laid tiles by hand
    state._run()
    return check(state)


def phase_tasks(first: int, last: int | None = None) -> list[Task]:
    """The turn's tasks from phase ``first`` to phase ``last`` (bottom first). With ``last`` the list ends in
    :data:`STOP` instead of going on into the later phases and the next turn."""
    top = TURN.index((T_PHASE, first))
    if last is None:
        return list(TURN[: top + 1])
    bottom = TURN.index((T_END_TURN,)) if last == 7 else TURN.index((T_PHASE, last + 1)) + 1
    return [STOP, *TURN[bottom : top + 1]]


def start_placement(state: CaylusState, first: int) -> CaylusState:
    """Phase 2 (no income) from seat ``first``'s decision on, in turn order, and on through the turn."""
    position = state._order.index(first)
    below = TURN[: TURN.index((T_PLACEMENT, 0))]
    return run(state, [*below, (T_PLACEMENT, position), (T_PHASE, 2)])


def run_phases(state: CaylusState, first: int, last: int | None = None) -> CaylusState:
    """Run the turn from phase ``first`` (to phase ``last`` then :data:`STOP`, or on into the next turn)."""
    return run(state, phase_tasks(first, last))


def stopped(state: CaylusState) -> bool:
    """True once everything above :data:`STOP` has been done."""
    return state._stack == [STOP]


def activate(state: CaylusState, workers: Mapping[int, int], provost: int | None = None) -> CaylusState:
    """Phase 5 only: workers ``{space: seat}`` stand on the road; activate up to the provost (default: the
    last space with a worker), then stop. Decisions are left for the test to take."""
    for space, seat in workers.items():
        put_worker(state, seat, space)
    state._provost = provost if provost is not None else max(workers, default=1)
    return run_phases(state, 5, 5)


def labels(state: CaylusState) -> list[str]:
    return [a.label for a in state.legal_actions()]


def refused(state: CaylusState, action: int | str) -> str:
    """Apply an illegal action: it must raise IllegalAction and change nothing. Returns the reason."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert state.to_json() == before
    return info.value.reason
