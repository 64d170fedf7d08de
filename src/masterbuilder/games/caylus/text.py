"""What Caylus says to a player: the pending decision, each choice, and why a choice is refused."""

from __future__ import annotations

from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    CUBE_NAMES,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    FAVOUR_ROW_NAMES,
    ROAD_LENGTH,
    SECTION_NAMES,
    SPECIAL_NAMES,
    TILES,
    Effect,
    FavourRow,
    cubes_text,
    main_cube,
)
from masterbuilder.games.caylus.rules import CaylusRules
from masterbuilder.games.caylus.tasks import (
    D_BUILD,
    D_CASTLE,
    D_COLUMN,
    D_GATE,
    D_GUILD,
    D_INN,
    D_JOUST,
    D_LAWYER,
    D_MARKET,
    D_OWNER,
    D_PAY,
    D_PEDDLER,
    D_PLACE,
    D_PRODUCE,
    D_PROVOST,
    D_RESIDENCE,
    D_ROW,
    D_TAKE,
    D_TRADE,
    EMPTY,
    NOBODY,
    SPECIALS,
    T_GAIN,
    TRADE_EFFECTS,
)


def prompt(state: CaylusRules) -> str:
    """The pending decision in words."""
    if state._over:
        return "The game is over."
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    who = f"Seat {seat}"
    if kind == D_PLACE:
        return f"{who}: place a worker or pass (others' buildings cost {state.placement_cost(seat, False)})."
    if kind == D_GATE:
        return f"{who}: move your worker from the gate to a free space, or take it back."
    if kind == D_GUILD:
        return f"{who}: the merchants' guild lets you move the provost up to 3 spaces for free."
    if kind == D_PROVOST:
        return f"{who}: move the provost 1 to 3 spaces (1 denier a space), or pass."
    if kind == D_JOUST:
        return f"{who}: pay 1 denier and 1 cloth at the joust field for a royal favour?"
    if kind == D_INN:
        return f"{who}: stay on the inn's right circle, or take your worker back?"
    if kind == D_PRODUCE:
        return f"{who}: choose what the {TILES[task[2]].name} produces."
    if kind == D_OWNER:
        return f"{who}: as owner of the {TILES[task[2]].name}, take one cube."
    if kind == D_MARKET:
        return f"{who}: sell one cube for {task[2]} deniers, or pass."
    if kind == D_PEDDLER:
        return f"{who}: buy a cube for {task[3]} denier{'s' if task[3] > 1 else ''}, or pass."
    if kind == D_BUILD:
        what = ("wood", "stone", "prestige")[task[2]]
        less = "" if task[3] == EMPTY else f" paying 1 {CUBE_NAMES[task[3]]} less"
        return f"{who}: build a {what} building{less}, or pass."
    if kind == D_PAY:
        below = state._stack[-2][0] if len(state._stack) > 1 else -1
        why = {T_GAIN: "to the alchemist", D_TAKE: "in exchange for 2 cubes of your choice"}.get(
            below, "for the 'any cube' part of the building's cost"
        )
        return f"{who}: choose a cube to pay {why}."
    if kind == D_RESIDENCE:
        return f"{who}: choose which of your residences the {TILES[task[2]].name} replaces."
    if kind == D_LAWYER:
        return f"{who}: turn a neutral building or one of yours into a residence, or pass."
    if kind == D_TRADE:
        return f"{who}: use the {TRADE_EFFECTS[task[2]].value}, or pass."
    if kind == D_CASTLE:
        section = state.building_section
        where = SECTION_NAMES[section] if section is not None else "castle"
        return f"{who}: give a batch to the {where} (food + 2 different cubes), or stop."
    if kind == D_ROW:
        return f"{who}: choose a row of the royal favour table."
    if kind == D_COLUMN:
        return f"{who}: choose which column of the {FAVOUR_ROW_NAMES[task[2]]} row to use."
    return f"{who}: choose a cube to take (royal favour)."


def why_not(state: CaylusRules, task: tuple[int, ...], a: int) -> str:
    kind, seat = task[0], task[1]
    if kind == D_PLACE and A.PLACE <= a <= A.PLACE_CASTLE:
        if not state._workers[seat]:
            return "You have no worker left to place."
        target = a - A.PLACE
        if target not in state._open_targets(seat):
            return f"You cannot place a worker on {A.LABELS[a]} now: it is taken, empty or not for workers."
        own = 6 <= target < 6 + ROAD_LENGTH and state._owner[target - 5] == seat
        cost = state.placement_cost(seat, own)
        return f"Placing there costs {cost} deniers; you have {state._deniers[seat]}."
    if kind in (D_GUILD, D_PROVOST) and A.PROVOST <= a < A.CUBE:
        delta = A.PROVOST_DELTAS[a - A.PROVOST]
        if not 1 <= state._provost + delta <= ROAD_LENGTH:
            return "The provost must stay on the road, between space 1 and space 28."
        have = state._deniers[seat]
        return f"Moving the provost {abs(delta)} spaces costs {abs(delta)} deniers; you have {have}."
    if kind == D_JOUST and a == A.YES:
        return "The joust field needs 1 denier and 1 cloth."
    if kind == D_BUILD and A.BUILD <= a < A.SPACE:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        if not state._supply[tile.id]:
            return f"No {tile.name} tile is left to build."
        return f"You cannot build the {tile.name} now (it costs {cubes_text(tile.cost, tile.cost_any)})."
    if kind == D_CASTLE and A.BATCH <= a < A.ROW:
        return "A batch needs 1 food and one each of two other different cubes, and room in the castle."
    if kind == D_ROW and A.ROW <= a < A.COLUMN:
        return "Favours gained in the same phase must each go on a different row."
    return f"{A.LABELS[a]!r} is not a choice now. {prompt(state)}"


def describe(state: CaylusRules, action_id: int) -> str:
    if state._over or not state._stack:
        return A.LABELS[action_id]
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    a = action_id
    if a == A.PASS:
        return {
            D_PLACE: "Pass (no more workers this turn)",
            D_GATE: "Take the worker back",
            D_INN: "Stay in the inn",
            D_CASTLE: "Stop giving batches"
            + (" (no batch given: you lose 2 PP)" if state._given[seat] == 0 else ""),
        }.get(kind, "Pass")
    if A.PLACE <= a <= A.PLACE_CASTLE:
        target = a - A.PLACE
        if target < SPECIALS:
            place = f"the {SPECIAL_NAMES[target]}"
        elif target == 6 + ROAD_LENGTH:
            place = "the castle"
        else:
            space = target - 5
            owner = state._owner[space]
            whose = "" if owner == NOBODY else (" (yours)" if owner == seat else f" (seat {owner}'s)")
            place = f"the {TILES[state._road[space]].name} on space {space}{whose}"
        if kind == D_GATE:
            return f"Move the worker to {place}"
        own = 6 <= target < 6 + ROAD_LENGTH and state._owner[target - 5] == seat
        return f"Place a worker on {place} for {_count(state.placement_cost(seat, own), 'denier')}"
    if A.PROVOST <= a < A.CUBE:
        d = A.PROVOST_DELTAS[a - A.PROVOST]
        cost = "" if kind == D_GUILD else f" for {_count(abs(d), 'denier')}"
        way = "forward" if d > 0 else "back"
        return f"Move the provost {_count(abs(d), 'space')} {way}{cost} (to {state._provost + d})"
    if A.CUBE <= a < A.OPTION:
        cube = CUBE_NAMES[a - A.CUBE]
        if kind == D_PRODUCE:
            for bundle in TILES[task[2]].produces:
                if main_cube(bundle) == a - A.CUBE:
                    return f"Take {cubes_text(bundle)}"
        return {
            D_MARKET: f"Sell 1 {cube} for {task[2] if kind == D_MARKET else 0} deniers",
            D_PEDDLER: f"Buy 1 {cube}",
            D_PAY: f"Pay 1 {cube}",
            D_OWNER: f"Take 1 {cube} (owner's share)",
        }.get(kind, f"Take 1 {cube}")
    if a in (A.OPTION, A.OPTION + 1) and kind == D_TRADE:
        option = a - A.OPTION
        return {
            Effect.BANK: ("Pay 2 deniers for 1 gold", "Pay 5 deniers for 2 gold"),
            Effect.ALCHEMIST: ("Pay 2 cubes for 1 gold", "Pay 4 cubes for 2 gold"),
            Effect.CHURCH: ("Pay 2 deniers for 3 PP", "Pay 4 deniers for 5 PP"),
            Effect.TAILOR: ("Pay 2 cloth for 4 PP", "Pay 3 cloth for 6 PP"),
            Effect.JEWELLER: ("Pay 1 gold for 5 PP", "Pay 2 gold for 9 PP"),
        }[TRADE_EFFECTS[task[2]]][option]
    if A.BUILD <= a < A.SPACE:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        discount = task[3] if kind == D_BUILD else EMPTY
        cost = cubes_text(tuple(state._cost(tile.id, discount)), tile.cost_any)  # type: ignore[arg-type]
        extra = f" and {_count(tile.favours, 'royal favour')}" if tile.favours else ""
        return f"Build the {tile.name} for {cost}: {tile.pp} PP{extra}"
    if A.SPACE <= a < A.BATCH:
        space = a - A.SPACE + 1
        name = TILES[state._road[space]].name
        if kind == D_RESIDENCE:
            return f"Replace your residence on space {space}"
        return f"Turn the {name} on space {space} into a residence (2 PP)"
    if A.BATCH <= a < A.ROW:
        x, y = A.BATCHES[a - A.BATCH]
        return f"Give food + {CUBE_NAMES[x]} + {CUBE_NAMES[y]}"
    if A.ROW <= a < A.COLUMN:
        row = a - A.ROW
        marker = state._favour[seat][row]
        reach = marker + 1 if marker < state.open_columns else marker
        moves = f"advance to column {reach}" if reach > marker else f"stay on column {marker}"
        if row == FavourRow.PRESTIGE:
            gain = f"take {FAVOUR_PP[reach - 1]} PP"
        elif row == FavourRow.DENIERS:
            gain = f"take {FAVOUR_DENIERS[reach - 1]} deniers"
        else:
            gain = f"then use one of columns 1-{reach}"
        return f"Royal favour, {FAVOUR_ROW_NAMES[row]} row: {moves}, {gain}"
    if a >= A.COLUMN:
        col = a - A.COLUMN + 1
        row = task[2] if kind == D_COLUMN else 0
        return f"Use column {col}: {_column_text(row, col)}"
    if a == A.YES:
        return "Pay 1 denier + 1 cloth for a royal favour" if kind == D_JOUST else "Take the worker back"
    return A.LABELS[a]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _column_text(row: int, column: int) -> str:
    if row == FavourRow.RESOURCES:
        return ("1 food", "1 wood or 1 stone", "1 cloth", "give 1 cube for 2 of your choice", "1 gold")[
            column - 1
        ]
    if row == FavourRow.BUILDING:
        return (
            "nothing",
            "build a wood building paying 1 wood less",
            "build a stone building paying 1 stone less",
            "make a residence paying only 1 cloth",
            "build a prestige building",
        )[column - 1]
    if row == FavourRow.PRESTIGE:
        return f"{FAVOUR_PP[column - 1]} PP"
    return f"{FAVOUR_DENIERS[column - 1]} deniers"
