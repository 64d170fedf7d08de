"""Caylus in the terminal: the buildings before the bridge, the road, the castle, the favour table, every
player's stock and the tiles still to build, in about 40 lines.

Each part takes the widest of its layouts that fits whole at the width it is drawn at, so that nothing is
cut: the road in two runs with what each building gives, else two runs without it, else one run; the
buildings before the bridge, the castle and the players with a column per rule, else shorter. Every
colour only repeats what the text already says, so the table reads without colour. While a royal favour
is being chosen, the favour table takes the place of the tile supply.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from masterbuilder.core.i18n import N_
from masterbuilder.core.i18n import Text as Messages
from masterbuilder.core.state import State
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    BUILD_LOTS,
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
from masterbuilder.games.caylus.text import decision_text as pending_text
from masterbuilder.ui.renderers import seat_title, widest_fitting

SEAT_STYLES = ("bold bright_blue", "bold red", "bold green", "bold dark_orange", "bold magenta")
CUBE_STYLES = ("magenta", "dark_orange3", "grey70", "medium_purple1", "bold yellow")
_ = Messages("caylus")
_n = _.plural

BAILIFF, PROVOST, MARK = "◆", "▲", "⚑"
SECTIONS = (Section.DUNGEON, Section.WALLS, Section.TOWERS)
# i18n: the special buildings before the bridge, short names for a table's headers
SHORT_SPECIAL = (N_("Gate"), N_("Trading post"), N_("Guild"), N_("Joust"), N_("Stables"), N_("Inn"))
# i18n: what each special building does, in a few characters under its name (d: denier, C: cloth)
SPECIAL_EFFECTS = (
    N_("→ any space"),
    N_("+3 deniers"),
    N_("provost ±3"),
    N_("1d+C→favour"),
    N_("turn order"),
    N_("placing 1d"),
)
# the short names of two tiles (short_name drops the kind the context gives: 'Farm (wood, food)')
_SHORT_NAMES = (N_("Farm (food)"), N_("Farm (cloth)"))
KIND_STYLES = {
    Kind.NEUTRAL: "pink1",
    Kind.FIXED: "",
    Kind.WOOD: "dark_orange3",
    Kind.STONE: "grey70",
    Kind.RESIDENCE: "green",
    Kind.PRESTIGE: "bold cyan",
}
CELL = (0, 1, 0, 0)  # one space right of each cell, plus the table's one-space column separator


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
    """'1st', '2nd' ... (a place in the turn order or the passing order: 1 to 5)."""
    # i18n: places in the turn order and the passing order
    ordinals = (_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"))
    return ordinals[n - 1] if 1 <= n <= len(ordinals) else str(n)


def cube_letter(cube: int) -> str:
    """The one letter that stands for a cube in the tables ('F' food ... 'G' gold)."""
    return (
        # i18n: one letter for food (the cube), in tables and short costs ('F+W')
        _("F"),
        # i18n: one letter for wood (the cube), in tables and short costs ('F+W')
        _("W"),
        # i18n: one letter for stone (the cube), in tables and short costs ('2S+G')
        _("S"),
        # i18n: one letter for cloth (the cube), in tables and short costs ('2C→4PP')
        _("C"),
        # i18n: one letter for gold (the cube), in tables and short costs ('2S+G')
        _("G"),
    )[cube]


def cost_text(tile: Tile) -> str:
    """A tile's cost in cube letters: 'F+W', '2S+G', 'W+1 any'."""
    parts = [f"{n if n > 1 else ''}{cube_letter(i)}" for i, n in enumerate(tile.cost) if n]
    if tile.cost_any:
        # i18n: a building's cost: this many cubes of any kind ('1 wood + 1 any')
        parts.append(_n("{n} any", "{n} any", tile.cost_any))
    # i18n: a building that costs nothing
    return "+".join(parts) or _("free")


def short_name(tile: Tile) -> str:
    """The name without the kind the context already gives: 'Farm (food)', 'Quarry', 'Bank' (translated)."""
    return _(tile.name.replace(" (wood)", "").replace(" (stone)", "").replace("wood, ", ""))


def _bundle(c: Sequence[int]) -> str:
    return "+".join(f"{n if n > 1 else ''}{cube_letter(i)}" for i, n in enumerate(c) if n)


def effect_text(tile: Tile) -> str:
    """What a worker on the tile gets, in a few characters: 'F|C', 'sell 1→4d', 'build wood'."""
    effect = tile.effect
    if effect is Effect.PRODUCE:
        return "|".join(_bundle(b) for b in tile.produces)
    if effect is Effect.MARKET:
        # i18n: a market tile's effect, in a few characters: sell 1 cube for {price} deniers
        return _("sell 1→{price}d", price=tile.price)
    if effect is Effect.PEDDLER:
        most = len(tile.buy_prices)
        if most == 1:
            # i18n: a peddler tile's effect, in a few characters: buy 1 cube at {price} deniers
            return _("buy 1 at {price}d", price=tile.buy_prices[0])
        # i18n: a peddler tile's effect, in a few characters: buy up to {most} cubes at {price} deniers each
        return _("buy ≤{most} at {price}d", most=most, price=tile.buy_prices[0])
    if effect is Effect.NONE:
        # i18n: a building's income, in a few characters: {n} deniers in each turn's phase 1
        return _("+{n}d income", n=tile.income) if tile.income else ""
    # i18n: what a worker on the building does, in a few characters (d: denier; F, W, S, C, G: the cubes)
    return {
        Effect.CARPENTER: _("build wood"),
        Effect.MASON: _("build stone"),
        Effect.ARCHITECT: _("build prestige"),
        Effect.LAWYER: _("C+1d→residence"),
        Effect.BANK: _("2d→G, 5d→2G"),
        Effect.ALCHEMIST: _("2→G, 4→2G"),
        Effect.CHURCH: _("2d→3PP, 4d→5PP"),
        Effect.TAILOR: _("2C→4PP, 3C→6PP"),
        Effect.JEWELLER: _("G→5PP, 2G→9PP"),
    }[effect]


def _cubes_cells(cubes: Sequence[int]) -> list[Text]:
    return [Text(str(n), style=CUBE_STYLES[i]) if n else Text("·", style="dim") for i, n in enumerate(cubes)]


# ---- the parts of the table ----------------------------------------------------------------------------
def _header(state: CaylusState, viewer: int | None, names: Sequence[str]) -> Group:
    """Turn, phase and who decides; the decision too, unless the viewer is deciding (the moves follow)."""
    if state.is_terminal:
        winners = state.winners()
        text = Text(_("Caylus · game over after turn {turn}", turn=state.turn), style="bold")
        if winners:
            who = ", ".join(seat_title(s, names) for s in winners)
            if len(winners) == 1:
                won = _("winner: {seats}", seats=who)
            else:
                # i18n: the end of a game won by several seats together
                won = _("shared win: {seats}", seats=who)
            text.append(" · " + won, style="bold green")
        return Group(text)
    seat = state.current_player
    text = Text(
        _(
            "Caylus · turn {turn} · phase {phase}/7: {name}",
            turn=state.turn,
            phase=state.phase,
            name=_(PHASE_NAMES[state.phase]),
        ),
        style="bold",
    )
    if seat is not None:
        text.append(" · ")
        text.append(
            _("{seat} to decide", seat=seat_title(seat, names)), style=SEAT_STYLES[seat % len(SEAT_STYLES)]
        )
    if seat is not None and seat == viewer:
        return Group(text)
    prompt = Text("▶ ", style="bold")
    prompt.append(decision_text(state))
    return Group(text, prompt)


def _before_bridge(state: CaylusState, wide: bool) -> RenderableType:
    """Who stands on each building before the bridge, who has passed (the bridge), who is in the castle."""
    # (name in the table, name in one line, what it does, who is there)
    places: list[tuple[str, str, str, Text]] = [
        (_(SHORT_SPECIAL[b]), _(SHORT_SPECIAL[b]), _(SPECIAL_EFFECTS[b]), _tags(state.special_worker(b)))
        for b in (Special.GATE, Special.TRADING_POST, Special.GUILD, Special.JOUST)
    ]
    if state.num_players > 2:
        stables = _tags(state.special_worker(Special.STABLES))
        places.append((_("Stables"), _("Stables"), _(SPECIAL_EFFECTS[Special.STABLES]), stables))
    left, right = state.inn
    inn = Text.assemble(seat_tag(left), " / ", seat_tag(right))
    # i18n: the inn's two circles, as a header: who is on the left one / on the right one
    inn_name = _("Inn left/right")
    places.append((inn_name, inn_name, _(SPECIAL_EFFECTS[Special.INN]), inn))
    # i18n: a header: the seats that passed (crossed the bridge), and under it: the first gets 1 denier
    bridge = (_("Bridge: passed"), _("Passed"), _("1st gets 1d"))
    places.append((*bridge, _tags(state.passing_order, _("nobody yet"))))
    # i18n: a header: the seats in the castle, and under it: in the order they give batches
    castle = _("Castle")
    places.append((castle, castle, _("in this order"), _tags(state.castle_workers, _("nobody"))))
    if not wide:
        line = Text()
        for i, (_wide, name, _does, who) in enumerate(places):
            line.append(" · " if i else "")
            line.append(f"{name}: ", style="bold")
            line.append_text(who if who.plain != "·" else Text("-", style="dim"))
        return line
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    for name, _short, does, _who in places:
        table.add_column(Text.assemble(name, "\n", (does, "not bold dim italic")), no_wrap=True)
    table.add_row(*(place[3] for place in places))
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
        # i18n: the empty lot where the next building goes
        name = Text("· " + _("(next lot)") if space == next_lot else "·", style="dim")
    else:
        tile = TILES[tile_id]
        name = Text(short_name(tile), style=KIND_STYLES[tile.kind])
        does = Text(effect_text(tile), style="dim" if tile.effect is Effect.NONE else "")
        if space in state.pending_transforms:
            # i18n: short for 'becomes a residence' (the lawyer's work, after the worker has acted)
            name.append(" →" + _("res"), style="italic green")
    cells = [_road_marks(state, space), name]
    if effects:
        cells.append(does)
    return [*cells, _who(state.owner_at(space)), _who(state.worker_at(space))]


def _road(state: CaylusState, console: Console, options: ConsoleOptions) -> Group:
    """The 28 road spaces: in two runs side by side with what each building gives, else in two runs
    without it, else in one run with it, whichever fits first."""
    layouts = [
        _road_table(state, columns, effects) for columns, effects in ((2, True), (2, False), (1, True))
    ]
    title = Text(_("Road"), style="bold")
    title.append(" · ")
    title.append(_("{mark} bailiff {space}", mark=BAILIFF, space=state.bailiff), style="cyan")
    title.append(" · ")
    title.append(_("{mark} provost {space}", mark=PROVOST, space=state.provost), style="yellow")
    title.append(
        ": "
        + _(
            "spaces 1–{provost} will act · {mark} the bailiff reaching {spaces} scores the castle",
            provost=state.provost,
            mark=MARK,
            spaces=", ".join(str(m) for m in SECTION_MARK),
        )
    )
    lines: list[RenderableType] = [title, widest_fitting(console, options, layouts)]
    for space, seat in sorted(state.pending_transforms.items()):
        tile = state.tile_at(space)
        # i18n: a building whose name is unknown, in 'Lawyer: the {building} on space ...'
        what = _(TILES[tile].name) if tile is not None else _("building")
        # i18n: {seat} is a seat's short tag ('s2')
        template = _(
            "Lawyer: the {building} on space {space} becomes a residence of {seat} once its worker has acted."
        )
        before, _seat, after = template.partition("{seat}")
        line = Text(before.format(building=what, space=space))
        line.append_text(seat_tag(seat))
        line.append(after.format(building=what, space=space))
        lines.append(line)
    return Group(*lines)


def _road_table(state: CaylusState, columns: int, effects: bool) -> Table:
    """The road in ``columns`` side-by-side runs, as one table (nested tables draw slowly)."""
    free = [s for s in BUILD_LOTS if state.tile_at(s) is None]
    next_lot = free[0] if free else None
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    for run in range(columns):
        if run:
            table.add_column("│", no_wrap=True, style="dim")
        table.add_column("#", justify="right", no_wrap=True)
        # i18n: a header of the road table: the building on the space
        table.add_column(_("Building"), no_wrap=True)
        if effects:
            table.add_column(_("Worker gets"), no_wrap=True)
        # i18n: a header of the road table: the owner of the building (a seat's tag)
        table.add_column(_("Own"), no_wrap=True)
        # i18n: a header of the road table: the worker on the space (short for 'worker')
        table.add_column(_("Wkr"), no_wrap=True)
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
    return table


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
    table.add_column(Text(_("Castle"), style="bold"), no_wrap=True)
    # i18n: a header of the castle table: houses built in the section / its size
    table.add_column(_("Houses"), justify="right")
    for seat in range(state.num_players):
        table.add_column(seat_tag(seat), justify="right")
    # i18n: a header of the castle table: prestige points for each house
    table.add_column(_("PP each"), justify="right")
    if wide:
        # i18n: a header of the castle table: PP lost at the scoring by a seat with no house in the section
        table.add_column(_("No house"), justify="right")
        # i18n: a header of the castle table: how many houses give how many royal favours ('2→1 3→2')
        table.add_column(_("Houses→favours"), no_wrap=True)
    table.add_column("", no_wrap=True)
    for section in SECTIONS:
        scored = state.section_scored(section)
        if scored:
            # i18n: a castle section already scored
            status = Text(_("scored"), style="dim")
        elif section == building:
            status = Text("◀ " + _("being built"), style="bold")
        else:
            status = Text("")
        houses = [state.houses(section, s) for s in range(state.num_players)]
        rules = [_("−{pp} PP", pp=SECTION_PENALTY[section]), _favour_steps(section)] if wide else []
        table.add_row(
            f"{_(SECTION_NAMES[section])} {MARK}{SECTION_MARK[section]}",
            f"{state.section_filled(section)}/{SECTION_SIZE[section]}",
            *(Text(str(n)) if n else Text("·", style="dim") for n in houses),
            str(SECTION_PP[section]),
            *rules,
            status,
            style="dim" if scored else None,
        )
    return table


def _players(
    state: CaylusState, viewer: int | None, names: Sequence[str], console: Console, options: ConsoleOptions
) -> Group:
    cols = state.open_columns
    over = state.is_terminal
    title = Text(_("Players"), style="bold")
    title.append(" · " + _("turn order") + " ")
    title.append_text(_tags(state.turn_order))
    table_favours = state.options.get("favours", "table") == "table"
    if not table_favours:
        title.append(" · " + _("royal favours: 3 PP each (simplified variant)"))
    elif cols < 4:
        title.append(
            " · "
            + _(
                "favour columns open: 1–{columns} (1–4 after the Dungeon scoring, 1–5 after the Walls)",
                columns=cols,
            )
        )
    elif cols < 5:
        title.append(
            " · " + _("favour columns open: 1–{columns} (1–5 after the Walls scoring)", columns=cols)
        )
    else:
        title.append(" · " + _("favour columns open: 1–{columns}", columns=cols))
    tables = [_players_table(state, viewer, names, wide) for wide in (True, False)]
    lines: list[RenderableType] = [title, widest_fitting(console, options, tables)]
    if over:
        lines.append(
            Text(
                _("PP include the end bonus: 3 per gold, 1 per 3 other cubes, 1 per 4 deniers."),
                style="italic",
            )
        )
    return Group(*lines)


def _players_table(state: CaylusState, viewer: int | None, names: Sequence[str], wide: bool) -> Table:
    """Wide: headers in words. Narrow: short headers, and at the end only what decided the game (no turn
    order, passing or workers)."""
    over = state.is_terminal
    turn = wide or not over  # the columns about the turn being played
    table_favours = state.options.get("favours", "table") == "table"
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    # i18n: the headers of the players' table have two lines; a short one goes on the second
    table.add_column("\n" + _("Seat"), no_wrap=True)
    if turn:
        # i18n: a header of two lines (the place in the turn order)
        wide_order = _("Turn\norder")
        # i18n: a header of two lines, short for 'Turn order': the first line stays empty
        table.add_column(wide_order if wide else _("\nOrd"), justify="right")
        # i18n: a header: the place in the passing order (not the verb)
        wide_passed = "\n" + _("Passed")
        # i18n: a header of two lines, short for 'Passed' (not the verb): the first line stays empty
        table.add_column(wide_passed if wide else _("\nPass"), justify="right")
        # i18n: a header of two lines (workers not yet placed)
        wide_home = _("Workers\nat home")
        # i18n: a header of two lines, short for 'Workers at home': the first line stays empty
        table.add_column(wide_home if wide else _("\nHome"), justify="right")
    # i18n: a header: the seat's deniers (money)
    wide_deniers = "\n" + _("Deniers")
    # i18n: a header of two lines, short for 'Deniers': the first line stays empty
    table.add_column(wide_deniers if wide else _("\nDen"), justify="right")
    for cube, style in enumerate(CUBE_STYLES):
        table.add_column(Text(f"\n{cube_letter(cube)}", style=style), justify="right")
    # i18n: prestige points, abbreviated (a header)
    table.add_column("\n" + _("PP"), justify="right")
    if over:
        # i18n: a header of two lines: the PP of the end bonus
        table.add_column(_("End\nbonus"), justify="right")
    if table_favours and wide:
        # i18n: headers of two lines: the column reached on each favour row (prestige, deniers, resources,
        # buildings); 'Fav' is short for favours
        for header in (_("Fav\nPP"), _("Fav\nden"), _("Fav\nres"), _("Fav\nbld")):
            table.add_column(header, justify="right")
    elif table_favours:
        # i18n: a header of two lines: the columns reached on the four favour rows, abbreviated
        table.add_column(_("Favours\nPP den res bld"), no_wrap=True)
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
            label.append(" " + _("WINNER") if wide else " ★", style="bold green")
        favours = state.favour_columns(seat)
        cells: list[Text | str] = [label]
        if turn:
            cells.append(_ordinal(order.index(seat) + 1))
            cells.append(_ordinal(passed.index(seat) + 1) if seat in passed else "")
            cells.append(str(state.workers_at_home(seat)))
        cells.append(Text(str(state.deniers(seat)), style="yellow"))
        cells.extend(_cubes_cells(state.cubes(seat)))
        cells.append(Text(str(state.prestige(seat)), style="bold"))
        if over:
            cells.append(f"+{state.final_bonus[seat]}")
        if table_favours and wide:
            cells.extend(Text(str(c)) if c else Text("·", style="dim") for c in favours)
        elif table_favours:
            cells.append(" ".join(f"{c or '·':>{w}}" for c, w in zip(favours, (2, 3, 3, 3), strict=True)))
        table.add_row(*cells, style="on grey11" if seat == viewer and not over else None)
    return table


def favour_cells() -> tuple[tuple[str, ...], ...]:
    """What each column of each row of the royal favour table gives, in a few words."""
    return (
        tuple(_("{pp} PP", pp=pp) for pp in FAVOUR_PP),
        tuple(_n("{n} denier", "{n} deniers", d) for d in FAVOUR_DENIERS),
        (_("1 food"), _("1 wood or stone"), _("1 cloth"), _("1 cube → 2 non-gold"), _("1 gold")),
        (
            # i18n: the first column of the buildings row of the royal favour table gives nothing
            _("nothing"),
            # i18n: build a wood building paying 1 wood (W) less
            _("wood building −1W"),
            # i18n: build a stone building paying 1 stone (S) less
            _("stone building −1S"),
            # i18n: make a residence paying only 1 cloth
            _("residence: 1 cloth"),
            _("prestige building"),
        ),
    )


def favour_decision(state: CaylusState) -> bool:
    """Whether the pending decision is a royal favour's row or column."""
    legal = state.legal_action_ids()
    return bool(legal) and all(A.ROW <= a < A.NUM_ACTIONS for a in legal)


def _favour_table(state: CaylusState) -> Table:
    """The royal favour table with every player's marker; closed columns dimmed."""
    open_columns = state.open_columns
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL)
    table.add_column(Text(_("Royal favours"), style="bold"), no_wrap=True)
    for column in range(1, 6):
        closed = column > open_columns
        # i18n: a column of the royal favour table not open yet: '5 (closed)'
        header = _("{column} (closed)", column=column) if closed else f"{column}"
        table.add_column(Text(header, style="dim" if closed else ""), no_wrap=True)
    for row, cells in enumerate(favour_cells()):
        texts: list[Text] = []
        for column, cell in enumerate(cells, start=1):
            text = Text(cell, style="dim" if column > open_columns else "")
            here = [s for s in range(state.num_players) if state.favour_columns(s)[row] == column]
            if here:
                text.append(" ")
                text.append_text(_tags(here))
            texts.append(text)
        name = _(FAVOUR_ROW_NAMES[row])
        table.add_row(name[:1].upper() + name[1:], *texts)
    return table


def _tile_entry(state: CaylusState, tile: Tile) -> Text:
    entry = Text(short_name(tile))
    if state.supply(tile.id) > 1:
        entry.append(f"×{state.supply(tile.id)}")
    entry.append(f" {cost_text(tile)}", style="dim")
    # i18n: a royal favour a building gives, in a few characters ('→14+fav': 14 PP and a favour)
    extra = _("+fav") * tile.favours
    if tile.income:
        # i18n: a building's income in a few characters ('→10+1d': 10 PP and 1 denier each turn)
        extra += _("+{n}d", n=tile.income)
    entry.append(f"→{tile.pp}{extra}", style="cyan")
    return entry


def _supply(state: CaylusState, width: int) -> Group:
    """The tiles still in the supply, by kind, wrapped between entries (never inside one)."""
    lines: list[RenderableType] = [
        Text(_("Tiles left to build:") + " ", style="bold").append(
            _("cost→PP (+fav: a royal favour, +1d: 1 denier income)"), style="not bold"
        )
    ]
    # i18n: the kinds of buildings in the supply, as the labels of its lines
    kinds = ((Kind.WOOD, _("Wood:")), (Kind.STONE, _("Stone:")), (Kind.PRESTIGE, _("Prestige:")))
    indent = max(12, *(len(name) + 3 for _kind, name in kinds))  # a label and a space, however long
    for kind, kind_name in kinds:
        label = f"  {kind_name}".ljust(indent)
        line = Text(label, style="bold")
        entries = [_tile_entry(state, t) for t in TILES if t.kind is kind and state.supply(t.id)]
        if not entries:
            # i18n: no tile of this kind is left in the supply
            line.append(_("none left"), style="dim")
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
        return _("The game is over.").rstrip(".")
    text = pending_text(state).rstrip(".?")
    return text[:1].upper() + text[1:]


class CaylusTable:
    """The whole table, laid out for the width it is drawn at."""

    def __init__(self, state: CaylusState, seat: int | None, names: Sequence[str]) -> None:
        self.state = state
        self.seat = seat
        self.names = names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # each part in its widest layout that fits whole (nothing squeezed or cut), else its narrowest
        state = self.state
        yield _header(state, self.seat, self.names)
        yield widest_fitting(console, options, [_before_bridge(state, wide) for wide in (True, False)])
        yield _road(state, console, options)
        yield widest_fitting(console, options, [_castle(state, wide) for wide in (True, False)])
        yield _players(state, self.seat, self.names, console, options)
        if favour_decision(state):
            yield _favour_table(state)
        elif not state.is_terminal:
            yield _supply(state, options.max_width)
        table_favours = state.options.get("favours", "table") == "table"
        # i18n: the legend under the table: the letters of the five cubes
        cube_legend = " ".join(f"{cube_letter(i)} {_(name)}" for i, name in enumerate(CUBE_NAMES))
        favour_legend = _("Fav: column reached on each favour row")
        # i18n: the legend of the road's marks: ◆ the bailiff, ▲ the provost, ⚑ a castle scoring mark
        mark_legend = _(
            "{bailiff} bailiff {provost} provost {mark} scoring", bailiff=BAILIFF, provost=PROVOST, mark=MARK
        )
        legend = [cube_legend, favour_legend, mark_legend] if table_favours else [cube_legend, mark_legend]
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
            # i18n: the status line of a finished game
            return _("game over")
        # i18n: the status line: 'turn 3, placing workers'
        return _("turn {turn}, {phase}", turn=s.turn, phase=_(PHASE_NAMES[s.phase]))

    def help(self) -> str:
        favour_rows = ", ".join(_(name) for name in FAVOUR_ROW_NAMES)
        penalties = "/".join(str(p) for p in SECTION_PENALTY)
        cubes = ", ".join(f"{cube_letter(i)} = {_(n)}" for i, n in enumerate(CUBE_NAMES))
        # i18n: the help's first line; {cubes} is 'F = food, W = wood, ...'
        legend = _("Cubes: {cubes}. Seats are s0, s1...; PP = prestige points.", cubes=cubes)
        turn = _(
            "A turn: 1 income (2 deniers + residences); 2 place workers in turn order, or pass (the first "
            "to pass gets 1 denier; after passes, placing costs 1 + the number who passed, your own "
            "building always 1); 3 the buildings before the bridge act (gate, trading post +3 deniers, "
            "guild: move the provost, joust: 1 denier + 1 cloth for a favour, stables: turn order, inn: "
            "placing costs 1); 4 in passing order, move the provost 1-3 spaces at 1 denier each; 5 road "
            "buildings up to the provost act; 6 castle: give batches (food + 2 different cubes) for "
            "houses and PP, or lose 2 PP; 7 the bailiff moves on (2 if the provost was ahead)."
        )
        # i18n: {mark} is the scoring mark on the road (⚑); {penalties} '2/3/4'; {rows} the favour rows' names
        scoring = _(
            "A section is scored when the bailiff reaches its {mark} space or it is full: no house "
            "costs {penalties} PP, 2+ houses give favours. Favours: pick a row ({rows}), move "
            "one column right if open, then use any column up to your marker. The game ends after the "
            "Towers are scored; then each gold is worth 3 PP, every 3 other cubes 1 PP and every 4 deniers "
            "1 PP. With 2 players: no stables, the turn order alternates, and once the other has passed "
            "placing costs 3 (your own buildings 1).",
            mark=MARK,
            penalties=penalties,
            rows=favour_rows,
        )
        return f"{legend}\n{turn}\n{scoring}"


RENDERER = CaylusRenderer()
