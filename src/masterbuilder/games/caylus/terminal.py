"""Caylus in the terminal: the buildings before the bridge, the road, the castle, the favour table, every
player's stock and the tiles still to build, in about 40 lines.

The layout adapts to the width it is drawn at (from 100 characters: the road in two runs with what each
building gives; from 66: two runs without it; below: one run), and every colour only repeats what the
text already says, so the table reads without colour. While a royal favour is being chosen, the favour
table takes the place of the tile supply.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from masterbuilder.core.state import State
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    BUILD_LOTS,
    CUBE_LETTERS,
    CUBE_NAMES,
    FAVOUR_DENIERS,
    FAVOUR_PP,
    FAVOUR_ROW_NAMES,
    ROAD_LENGTH,
    SECTION_FAVOURS,
    SECTION_MARK,
    SECTION_NAMES,
    SECTION_PENALTY,
    SECTION_PP,
    SECTION_SIZE,
    TILES,
    Effect,
    Kind,
    Section,
    Special,
    Tile,
)
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import PHASE_NAMES
from masterbuilder.ui.renderers import seat_title

SEAT_STYLES = ("bold bright_blue", "bold red", "bold green", "bold dark_orange", "bold magenta")
CUBE_STYLES = ("magenta", "dark_orange3", "grey70", "medium_purple1", "bold yellow")
BAILIFF, PROVOST, MARK = "◆", "▲", "⚑"
CUBE_LEGEND = "F food W wood S stone C cloth G gold"
FAVOUR_LEGEND = "Fav: column reached on each favour row"
MARK_LEGEND = f"{BAILIFF} bailiff {PROVOST} provost {MARK} scoring"
SECTIONS = (Section.DUNGEON, Section.WALLS, Section.TOWERS)
SHORT_SPECIAL = ("Gate", "Trading post", "Guild", "Joust", "Stables", "Inn")
SPECIAL_EFFECTS = ("→ any space", "+3 deniers", "provost ±3", "1d+C→favour", "turn order", "placing 1d")
KIND_STYLES = {
    Kind.NEUTRAL: "pink1",
    Kind.FIXED: "",
    Kind.WOOD: "dark_orange3",
    Kind.STONE: "grey70",
    Kind.RESIDENCE: "green",
    Kind.PRESTIGE: "bold cyan",
}
CELL = (0, 1, 0, 0)  # one space right of each cell, plus the table's one-space column separator
_SEAT_PREFIX = re.compile(r"^Seat \d+: ")


# ---- small pieces ----------------------------------------------------------------------------------------
def seat_tag(seat: int | None) -> Text:
    """'s2' in the seat's colour; a dim dot for nobody."""
    if seat is None:
        return Text("·", style="dim")
    return Text(f"s{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _tags(seats: Iterable[int], empty: str = "·") -> Text:
    seats = list(seats)
    if not seats:
        return Text(empty, style="dim")
    return Text(" ").join(seat_tag(s) for s in seats)


def _ordinal(n: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix}"


def cost_text(tile: Tile) -> str:
    """A tile's cost in cube letters: 'F+W', '2S+G', 'W+1 any'."""
    parts = [f"{n if n > 1 else ''}{CUBE_LETTERS[i]}" for i, n in enumerate(tile.cost) if n]
    if tile.cost_any:
        parts.append(f"{tile.cost_any} any")
    return "+".join(parts) or "free"


def short_name(tile: Tile) -> str:
    """The name without the kind the context already gives: 'Farm (food)', 'Quarry', 'Bank'."""
    return tile.name.replace(" (wood)", "").replace(" (stone)", "").replace("wood, ", "")


def _bundle(c: Sequence[int]) -> str:
    return "+".join(f"{n if n > 1 else ''}{CUBE_LETTERS[i]}" for i, n in enumerate(c) if n)


def effect_text(tile: Tile) -> str:
    """What a worker on the tile gets, in a few characters: 'F|C', 'sell 1→4d', 'build wood'."""
    effect = tile.effect
    if effect is Effect.PRODUCE:
        return "|".join(_bundle(b) for b in tile.produces)
    if effect is Effect.MARKET:
        return f"sell 1→{tile.price}d"
    if effect is Effect.PEDDLER:
        most = len(tile.buy_prices)
        return f"buy {'1' if most == 1 else f'≤{most}'} at {tile.buy_prices[0]}d"
    if effect is Effect.NONE:
        return f"+{tile.income}d income" if tile.income else ""
    return {
        Effect.CARPENTER: "build wood",
        Effect.MASON: "build stone",
        Effect.ARCHITECT: "build prestige",
        Effect.LAWYER: "C+1d→residence",
        Effect.BANK: "2d→G, 5d→2G",
        Effect.ALCHEMIST: "2→G, 4→2G",
        Effect.CHURCH: "2d→3PP, 4d→5PP",
        Effect.TAILOR: "2C→4PP, 3C→6PP",
        Effect.JEWELLER: "G→5PP, 2G→9PP",
    }[effect]


def _cubes_cells(cubes: Sequence[int]) -> list[Text]:
    return [Text(str(n), style=CUBE_STYLES[i]) if n else Text("·", style="dim") for i, n in enumerate(cubes)]


# ---- the parts of the table ----------------------------------------------------------------------------
def _header(state: CaylusState, viewer: int | None, names: Sequence[str]) -> Group:
    """Turn, phase and who decides; the decision too, unless the viewer is deciding (the moves follow)."""
    if state.is_terminal:
        winners = state.winners()
        text = Text(f"Caylus · game over after turn {state.turn}", style="bold")
        if winners:
            who = ", ".join(seat_title(s, names) for s in winners)
            text.append(f" · {'winner' if len(winners) == 1 else 'shared win'}: {who}", style="bold green")
        return Group(text)
    seat = state.current_player
    text = Text(
        f"Caylus · turn {state.turn} · phase {state.phase}/7: {PHASE_NAMES[state.phase]}", style="bold"
    )
    if seat is not None:
        text.append(" · ")
        text.append(f"{seat_title(seat, names)} to decide", style=SEAT_STYLES[seat % len(SEAT_STYLES)])
    if seat is not None and seat == viewer:
        return Group(text)
    prompt = Text("▶ ", style="bold")
    prompt.append(decision_text(state))
    return Group(text, prompt)


def _before_bridge(state: CaylusState, wide: bool) -> RenderableType:
    """Who stands on each building before the bridge, who has passed (the bridge), who is in the castle."""
    places: list[tuple[str, str, Text]] = [
        (SHORT_SPECIAL[b], SPECIAL_EFFECTS[b], _tags(state.special_worker(b)))
        for b in (Special.GATE, Special.TRADING_POST, Special.GUILD, Special.JOUST)
    ]
    if state.num_players > 2:
        stables = _tags(state.special_worker(Special.STABLES))
        places.append(("Stables", SPECIAL_EFFECTS[Special.STABLES], stables))
    left, right = state.inn
    inn = Text.assemble(seat_tag(left), " / ", seat_tag(right))
    places.append(("Inn left/right", SPECIAL_EFFECTS[Special.INN], inn))
    places.append(("Bridge: passed", "1st gets 1d", _tags(state.passing_order, "nobody yet")))
    places.append(("Castle", "in this order", _tags(state.castle_workers, "nobody")))
    if not wide:
        line = Text()
        for i, (name, _, who) in enumerate(places):
            line.append(" · " if i else "")
            line.append(f"{name.replace('Bridge: passed', 'Passed')}: ", style="bold")
            line.append_text(who if who.plain != "·" else Text("-", style="dim"))
        return line
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    for name, does, _ in places:
        table.add_column(Text.assemble(name, "\n", (does, "not bold dim italic")), no_wrap=True)
    table.add_row(*(who for _, _, who in places))
    return table


def _road_marks(state: CaylusState, space: int) -> Text:
    text = Text(str(space), style="bold" if space <= state.provost else "dim")
    if space == state.bailiff:
        text.append(BAILIFF, style="bold cyan")
    if space == state.provost:
        text.append(PROVOST, style="bold yellow")
    if space in SECTION_MARK:
        text.append(MARK, style="red")
    return text


def _who(seat: int | None) -> Text:
    return Text("") if seat is None else seat_tag(seat)


def _road_cells(state: CaylusState, space: int, next_lot: int | None, effects: bool) -> list[Text]:
    tile_id = state.tile_at(space)
    does = Text()
    if tile_id is None:
        name = Text("· (next lot)" if space == next_lot else "·", style="dim")
    else:
        tile = TILES[tile_id]
        name = Text(short_name(tile), style=KIND_STYLES[tile.kind])
        does = Text(effect_text(tile), style="dim" if tile.effect is Effect.NONE else "")
        if space in state.pending_transforms:
            name.append(" →res", style="italic green")
    cells = [_road_marks(state, space), name]
    if effects:
        cells.append(does)
    return [*cells, _who(state.owner_at(space)), _who(state.worker_at(space))]


def _road(state: CaylusState, columns: int, effects: bool) -> Group:
    """The 28 road spaces in ``columns`` side-by-side runs, as one table (nested tables draw slowly)."""
    free = [s for s in BUILD_LOTS if state.tile_at(s) is None]
    next_lot = free[0] if free else None
    title = Text("Road", style="bold")
    title.append(" · ")
    title.append(f"{BAILIFF} bailiff {state.bailiff}", style="cyan")
    title.append(" · ")
    title.append(f"{PROVOST} provost {state.provost}", style="yellow")
    title.append(f": spaces 1–{state.provost} will act · {MARK} the bailiff reaching ")
    title.append(", ".join(str(m) for m in SECTION_MARK))
    title.append(" scores the castle")
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    for run in range(columns):
        if run:
            table.add_column("│", no_wrap=True, style="dim")
        table.add_column("#", justify="right", no_wrap=True)
        table.add_column("Building", no_wrap=True)
        if effects:
            table.add_column("Worker gets", no_wrap=True)
        table.add_column("Own", no_wrap=True)
        table.add_column("Wkr", no_wrap=True)
    per = -(-ROAD_LENGTH // columns)
    blank = [Text()] * (5 if effects else 4)
    for row in range(per):
        cells: list[Text] = []
        for run in range(columns):
            if run:
                cells.append(Text("│"))
            space = run * per + row + 1
            cells.extend(_road_cells(state, space, next_lot, effects) if space <= ROAD_LENGTH else blank)
        table.add_row(*cells)
    lines: list[RenderableType] = [title, table]
    for space, seat in sorted(state.pending_transforms.items()):
        tile = state.tile_at(space)
        what = TILES[tile].name if tile is not None else "building"
        line = Text(f"Lawyer: the {what} on space {space} becomes a residence of ")
        line.append_text(seat_tag(seat))
        line.append(" once its worker has acted.")
        lines.append(line)
    return Group(*lines)


def _favour_steps(section: Section) -> str:
    steps = []
    last = 0
    for houses, favours in enumerate(SECTION_FAVOURS[section]):
        if favours != last:
            steps.append(f"{houses}→{favours}")
            last = favours
    return " ".join(steps)


def _castle(state: CaylusState, wide: bool) -> Table:
    building = state.building_section
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    table.add_column(Text("Castle", style="bold"), no_wrap=True)
    table.add_column("Houses", justify="right")
    for seat in range(state.num_players):
        table.add_column(seat_tag(seat), justify="right")
    table.add_column("PP each", justify="right")
    if wide:
        table.add_column("No house", justify="right")
        table.add_column("Houses→favours", no_wrap=True)
    table.add_column("", no_wrap=True)
    for section in SECTIONS:
        scored = state.section_scored(section)
        if scored:
            status = Text("scored", style="dim")
        elif section == building:
            status = Text("◀ being built", style="bold")
        else:
            status = Text("")
        houses = [state.houses(section, s) for s in range(state.num_players)]
        rules = [f"−{SECTION_PENALTY[section]} PP", _favour_steps(section)] if wide else []
        table.add_row(
            f"{SECTION_NAMES[section]} {MARK}{SECTION_MARK[section]}",
            f"{state.section_filled(section)}/{SECTION_SIZE[section]}",
            *(Text(str(n)) if n else Text("·", style="dim") for n in houses),
            str(SECTION_PP[section]),
            *rules,
            status,
            style="dim" if scored else None,
        )
    return table


def _players(state: CaylusState, viewer: int | None, names: Sequence[str], wide: bool) -> Group:
    cols = state.open_columns
    over = state.is_terminal
    title = Text("Players", style="bold")
    title.append(" · turn order ")
    title.append_text(_tags(state.turn_order))
    table_favours = state.options.get("favours", "table") == "table"
    if not table_favours:
        title.append(" · royal favours: 3 PP each (simplified variant)")
    elif cols < 4:
        title.append(f" · favour columns open: 1–{cols} (1–4 after the Dungeon scoring, 1–5 after the Walls)")
    else:
        title.append(
            f" · favour columns open: 1–{cols}" + (" (1–5 after the Walls scoring)" if cols < 5 else "")
        )
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    table.add_column("\nSeat", no_wrap=True)
    table.add_column("Turn\norder" if wide else "\nOrd", justify="right")
    table.add_column("\nPassed" if wide else "\nPass", justify="right")
    table.add_column("Workers\nat home" if wide else "\nHome", justify="right")
    table.add_column("\nDeniers" if wide else "\nDen", justify="right")
    for letter, style in zip(CUBE_LETTERS, CUBE_STYLES, strict=True):
        table.add_column(Text(f"\n{letter}", style=style), justify="right")
    table.add_column("\nPP", justify="right")
    if over:
        table.add_column("End\nbonus", justify="right")
    if table_favours and wide:
        for row in ("PP", "den", "res", "bld"):
            table.add_column(f"Fav\n{row}", justify="right")
    elif table_favours:
        table.add_column("Favours\nPP den res bld", no_wrap=True)
    order = state.turn_order
    passed = state.passing_order
    current = state.current_player
    winners = state.winners()
    for seat in range(state.num_players):
        label = Text("▶ " if seat == current else "  ", style="bold")
        label.append_text(seat_tag(seat))
        if seat < len(names) and names[seat]:
            label.append(f" {names[seat]}")
        if seat in winners:
            label.append(" WINNER" if wide else " ★", style="bold green")
        favours = state.favour_columns(seat)
        cells: list[Text | str] = [
            label,
            _ordinal(order.index(seat) + 1),
            _ordinal(passed.index(seat) + 1) if seat in passed else "",
            str(state.workers_at_home(seat)),
            Text(str(state.deniers(seat)), style="yellow"),
            *_cubes_cells(state.cubes(seat)),
            Text(str(state.prestige(seat)), style="bold"),
        ]
        if over:
            cells.append(f"+{state.final_bonus[seat]}")
        if table_favours and wide:
            cells.extend(Text(str(c)) if c else Text("·", style="dim") for c in favours)
        elif table_favours:
            cells.append(" ".join(f"{c or '·':>{w}}" for c, w in zip(favours, (2, 3, 3, 3), strict=True)))
        table.add_row(*cells, style="on grey11" if seat == viewer and not over else None)
    lines: list[RenderableType] = [title, table]
    if over:
        lines.append(
            Text(
                "PP include the end bonus: 3 per gold, 1 per 3 other cubes, 1 per 4 deniers.",
                style="italic",
            )
        )
    return Group(*lines)


FAVOUR_CELLS = (
    tuple(f"{pp} PP" for pp in FAVOUR_PP),
    tuple(f"{d} deniers" for d in FAVOUR_DENIERS),
    ("1 food", "1 wood or stone", "1 cloth", "1 cube → 2 non-gold", "1 gold"),
    ("nothing", "wood building −1W", "stone building −1S", "residence: 1 cloth", "prestige building"),
)


def favour_decision(state: CaylusState) -> bool:
    """Whether the pending decision is a royal favour's row or column."""
    legal = state.legal_action_ids()
    return bool(legal) and all(A.ROW <= a < A.NUM_ACTIONS for a in legal)


def _favour_table(state: CaylusState) -> Table:
    """The royal favour table with every player's marker; closed columns dimmed."""
    open_columns = state.open_columns
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    table.add_column(Text("Royal favours", style="bold"), no_wrap=True)
    for column in range(1, 6):
        closed = column > open_columns
        table.add_column(
            Text(f"{column}" + (" (closed)" if closed else ""), style="dim" if closed else ""), no_wrap=True
        )
    for row, cells in enumerate(FAVOUR_CELLS):
        texts: list[Text] = []
        for column, cell in enumerate(cells, start=1):
            text = Text(cell, style="dim" if column > open_columns else "")
            here = [s for s in range(state.num_players) if state.favour_columns(s)[row] == column]
            if here:
                text.append(" ")
                text.append_text(_tags(here))
            texts.append(text)
        table.add_row(FAVOUR_ROW_NAMES[row].capitalize(), *texts)
    return table


def _tile_entry(state: CaylusState, tile: Tile) -> Text:
    entry = Text(short_name(tile))
    if state.supply(tile.id) > 1:
        entry.append(f"×{state.supply(tile.id)}")
    entry.append(f" {cost_text(tile)}", style="dim")
    extra = "+fav" * tile.favours
    if tile.income:
        extra += f"+{tile.income}d"
    entry.append(f"→{tile.pp}{extra}", style="cyan")
    return entry


def _supply(state: CaylusState, width: int) -> Group:
    """The tiles still in the supply, by kind, wrapped between entries (never inside one)."""
    lines: list[RenderableType] = [
        Text("Tiles left to build: ", style="bold").append(
            "cost→PP (+fav: a royal favour, +1d: 1 denier income)", style="not bold"
        )
    ]
    for kind in (Kind.WOOD, Kind.STONE, Kind.PRESTIGE):
        label = f"  {kind.value.capitalize()}:".ljust(12)
        line = Text(label, style="bold")
        entries = [_tile_entry(state, t) for t in TILES if t.kind is kind and state.supply(t.id)]
        if not entries:
            line.append("none left", style="dim")
        for i, entry in enumerate(entries):
            if i:
                if line.cell_len + 3 + entry.cell_len > width:
                    lines.append(line)
                    line = Text(" " * len(label))
                else:
                    line.append(" · ", style="dim")
            line.append_text(entry)
        lines.append(line)
    return Group(*lines)


def decision_text(state: CaylusState) -> str:
    """The engine's prompt without its 'Seat N: ' (the screen says who decides) and final stop."""
    if state.is_terminal:
        return "The game is over"
    text = _SEAT_PREFIX.sub("", state.prompt()).rstrip(".?")
    return text[:1].upper() + text[1:]


class CaylusTable:
    """The whole table, laid out for the width it is drawn at."""

    def __init__(self, state: CaylusState, seat: int | None, names: Sequence[str]) -> None:
        self.state = state
        self.seat = seat
        self.names = names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        # two road columns with what each building does; one column when that does not fit
        columns, effects = (2, True) if width >= 100 else (2, False) if width >= 66 else (1, True)
        state = self.state
        yield _header(state, self.seat, self.names)
        wide = width >= 100
        yield _before_bridge(state, wide)
        yield _road(state, columns, effects)
        yield _castle(state, wide)
        yield _players(state, self.seat, self.names, wide)
        if favour_decision(state):
            yield _favour_table(state)
        elif not state.is_terminal:
            yield _supply(state, width)
        table_favours = state.options.get("favours", "table") == "table"
        legend = [CUBE_LEGEND, FAVOUR_LEGEND, MARK_LEGEND] if table_favours else [CUBE_LEGEND, MARK_LEGEND]
        yield Text(" · ".join(legend), style="dim")


def _caylus(state: State) -> CaylusState:
    if not isinstance(state, CaylusState):
        raise TypeError(f"The Caylus renderer cannot draw a {state.game} game.")
    return state


class CaylusRenderer:
    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        return CaylusTable(_caylus(state), seat, names)

    def decision(self, state: State) -> str:
        return decision_text(_caylus(state))

    def status(self, state: State) -> str:
        s = _caylus(state)
        if s.is_terminal:
            return "game over"
        return f"turn {s.turn}, {PHASE_NAMES[s.phase]}"

    def help(self) -> str:
        favour_rows = ", ".join(FAVOUR_ROW_NAMES)
        penalties = "/".join(str(p) for p in SECTION_PENALTY)
        return (
            f"Cubes: {', '.join(f'{CUBE_LETTERS[i]} = {n}' for i, n in enumerate(CUBE_NAMES))}. "
            "Seats are s0, s1...; PP = prestige points.\n"
            "A turn: 1 income (2 deniers + residences); 2 place workers in turn order, or pass (the first "
            "to pass gets 1 denier; after passes, placing costs 1 + the number who passed, your own "
            "building always 1); 3 the buildings before the bridge act (gate, trading post +3 deniers, "
            "guild: move the provost, joust: 1 denier + 1 cloth for a favour, stables: turn order, inn: "
            "placing costs 1); 4 in passing order, move the provost 1-3 spaces at 1 denier each; 5 road "
            "buildings up to the provost act; 6 castle: give batches (food + 2 different cubes) for "
            "houses and PP, or lose 2 PP; 7 the bailiff moves on (2 if the provost was ahead).\n"
            f"A section is scored when the bailiff reaches its {MARK} space or it is full: no house "
            f"costs {penalties} PP, 2+ houses give favours. Favours: pick a row ({favour_rows}), move "
            "one column right if open, then use any column up to your marker. The game ends after the "
            "Towers are scored; then each gold is worth 3 PP, every 3 other cubes 1 PP and every 4 deniers "
            "1 PP. With 2 players: no stables, the turn order alternates, and once the other has passed "
            "placing costs 3 (your own buildings 1)."
        )


RENDERER = CaylusRenderer()
