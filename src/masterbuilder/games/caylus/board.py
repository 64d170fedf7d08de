"""Caylus on the web table: the whole table as one SVG drawn from ``view(seat)`` and the legal actions.

From top to bottom: the turn and its seven phases with the decision at hand; the six buildings before the
bridge and the bridge; the road of 28 spaces (four runs of seven, laid like the board's snake) with its
tiles, owners, workers, the bailiff and the provost; the castle and the royal favour table; the players;
the tiles left to build. Only ``view`` and ``actions`` are read (see :mod:`masterbuilder.core.board`).

Which element an action belongs to: placing a worker goes on the building or road space (or the castle's
worker row), moving the provost on the space the provost would reach, building a tile on its supply card,
a lawyer's or architect's target on its road space, a favour row on the row's name and a favour column on
its cell. Cubes, trades, batches, "yes" and "pass" have no place and are left to the page's panel.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from masterbuilder.core.board import (
    BoardAction,
    esc,
    fit_text,
    fits_legibly,
    fragment_speech,
    halves,
    keep_fragment,
    player_name,
    shortened,
    text_width,
    viewer_name,
)
from masterbuilder.core.i18n import N_, Text
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import (
    BUILD_LOTS,
    BY_KEY,
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
    SPECIAL_NAMES,
    TILES,
    WORKERS_PER_PLAYER,
    Effect,
    Kind,
    Tile,
    cube_count,
    cubes_text,
)
from masterbuilder.games.caylus.tasks import (
    D_GATE,
    D_GUILD,
    D_INN,
    D_JOUST,
    D_PROVOST,
    D_ROW,
    PHASE_NAMES,
)
from masterbuilder.games.caylus.text import (
    _column_text,
    build_decision,
    column_decision,
    fixed_decision,
    take_decision,
)

_ = Text("caylus")
_n = _.plural

INK = "#2b2118"
HIGHLIGHT = "#e67e22"  # the outline of a clickable element
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad")
# the same colours darkened where they are text on the light board (yellow text would not read)
SEAT_INK = ("#a93226", "#21618c", "#1e8449", "#8d6e05", "#76448a")
# the text drawn on a seat's colour
ON_SEAT = ("#ffffff", "#ffffff", "#ffffff", INK, "#ffffff")
CUBE_COLOURS = ("#e87fb1", "#94592c", "#9ea4aa", "#7e5cc8", "#f3c614")
KIND_FILL = {
    Kind.NEUTRAL: "#f7dfe5",
    Kind.FIXED: "#ece2c6",
    Kind.WOOD: "#e9c99c",
    Kind.STONE: "#d3d7db",
    Kind.RESIDENCE: "#cfe7b8",
    Kind.PRESTIGE: "#bfe0f1",
}
KIND_WORD = {
    Kind.NEUTRAL: N_("neutral building"),
    Kind.FIXED: N_("building printed on the board"),
    Kind.WOOD: N_("wood building"),
    Kind.STONE: N_("stone building"),
    Kind.RESIDENCE: N_("residence"),
    Kind.PRESTIGE: N_("prestige building"),
}
FAINT = "#7d705a"
ROAD = "#cdb98f"
WIDTH = 1200
FONT = "'Segoe UI', 'Helvetica Neue', Arial, sans-serif"

STYLE = f"""
.board-caylus text {{ font-family: {FONT}; }}
.board-caylus .act > .hit {{
  stroke: {HIGHLIGHT}; stroke-width: 3; }}
.board-caylus .act {{ cursor: pointer; }}
"""

Run = str | tuple[str, int]  # text, ("c", cube) or ("d", deniers)
SPECIAL_SLUGS = ("gate", "trading-post", "guild", "joust", "stables", "inn")


def special_short(b: int) -> list[Run]:
    """What a worker on special building ``b`` does in phase 3, drawn with coins and cubes (rules: Caylus,
    phase 3 a-f)."""
    # i18n: what a worker on a special building does, in a few words beside coins and cubes on the board
    runs: tuple[list[Run], ...] = (
        [_("go to a free place")],
        # i18n: followed by a coin of 3 deniers
        [_("take"), ("d", 3)],
        [_("provost ±1 to 3")],
        # i18n: after a coin of 1 denier and a cloth cube
        [("d", 1), ("c", 3), _("→ a favour")],
        [_("first in turn order")],
        # i18n: followed by a coin of 1 denier
        [_("placing costs"), ("d", 1)],
    )
    return runs[b]


def special_rules(b: int) -> str:
    """The rule of special building ``b``, for its tooltip."""
    return (
        _(
            "Phase 3: the worker here moves for free to any free place (a building, the castle...), "
            "or goes home."
        ),
        _("Phase 3: the worker here takes 3 deniers."),
        _("Phase 3: the worker here may move the provost up to 3 spaces forward or back, for free."),
        _("Phase 3: the worker here may pay 1 denier and 1 cloth for a royal favour."),
        _(
            "Phase 3: up to 3 workers, each of a different player; they become first in the turn order, "
            "in the order they came. Not used with 2 players."
        ),
        _(
            "Phase 3: the worker on the left circle moves to the right circle and drives out the one there. "
            "While a worker stays on the right circle, its owner pays only 1 denier to place a worker; "
            "it may stay turn after turn or go home."
        ),
    )[b]


def favour_row_title(row: int) -> str:
    # i18n: the rows of the royal favour table, as the titles of its lines
    return (_("Prestige"), _("Deniers"), _("Resources"), _("Buildings"))[row]


def favour_short(row: int, column: int) -> tuple[str, ...]:
    """What a cell of the royal favour table gives, in one or two short lines."""
    if row == 0:
        return (_("{pp} PP", pp=FAVOUR_PP[column - 1]),)
    if row == 1:
        return (_n("{n} denier", "{n} deniers", FAVOUR_DENIERS[column - 1]),)
    if row == 2:
        cells = (
            _("1 food"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break)
            _("1 wood\nor 1 stone"),
            _("1 cloth"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break): give 1 cube
            # and take 2 of your choice
            _("give 1 cube,\ntake 2"),
            _("1 gold"),
        )
    else:
        cells = (
            # i18n: the first column of the buildings row of the royal favour table gives nothing
            _("nothing"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break): build a wood
            # building paying 1 wood less
            _("wood building\n1 wood less"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break): build a stone
            # building paying 1 stone less
            _("stone building\n1 stone less"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break): make a
            # residence paying 1 cloth
            _("residence\nfor 1 cloth"),
            # i18n: a cell of the royal favour table, in two short lines (keep the line break)
            _("prestige\nbuilding"),
        )
    return tuple(cells[column - 1].split("\n"))


# i18n: the seven phases of a turn, short names on the board's header
PHASE_SHORT = (
    "",
    N_("income"),
    N_("workers"),
    N_("specials"),
    N_("provost"),
    N_("activation"),
    N_("castle"),
    N_("end of turn"),
)


def _decision_in(prompt: str) -> str:
    """The decision of a prompt ('Seat 2: place a worker ...'), without its seat."""
    before, _mark, after = _("Seat {seat}: {decision}").partition("{decision}")
    head, _mark, tail = before.partition("{seat}")
    if prompt.startswith(head) and prompt.endswith(after):
        rest = prompt[len(head) : len(prompt) - len(after)] if after else prompt[len(head) :]
        digits = len(rest) - len(rest.lstrip("0123456789"))
        if digits and rest[digits:].startswith(tail):
            return rest[digits + len(tail) :]
    return prompt


def _building_prompt(prompt: str) -> bool:
    """Whether the prompt asks to build a wood or stone building (on the next lot)."""
    return any(build_decision(kind, less) in prompt for kind in (0, 1) for less in (None, 0, 1, 2, 3, 4))


# ---- layout ------------------------------------------------------------------------------------------------
MARGIN = 16
HEADER_H = 96
SPECIAL_Y = HEADER_H + 8
SPECIAL_H = 118
ROAD_Y = SPECIAL_Y + SPECIAL_H + 44
TILE_W, TILE_H, TILE_GAP = 152, 104, 14
NAME_ROOM = 184  # a player's name in the players' table, up to the order column's ordinals
ROW_PITCH = TILE_H + 46
ROAD_H = 4 * ROW_PITCH
LOWER_Y = ROAD_Y + ROAD_H + 8
CASTLE_W = 500
FAVOUR_X = MARGIN + CASTLE_W + 16
SECTION_PITCH = 80
LOWER_H = 48 + 3 * SECTION_PITCH


# ---- small drawing helpers ---------------------------------------------------------------------------------
_PLAIN = re.compile(r'[&<>"]')
# each keyword and value's ``name="text"``, made once: most recur in every drawing (coordinates, sizes,
# colours); bounded (emptied when full). Keyed by the value's type too (True == 1)
_PAIRS: dict[tuple[str, type, object], str] = {}
_PAIRS_KEPT = 50_000
# the supply's cards, the road's spaces and the royal favour table as drawn, bounded as _PAIRS
_CARDS: dict[tuple[object, ...], str] = {}
_SPACES: dict[tuple[object, ...], str] = {}
_FAVOURS: dict[tuple[object, ...], str] = {}
_CARDS_KEPT = 10_000


def _pair(key: str, value: object) -> str:
    name = key.rstrip("_").replace("_", "-")
    if isinstance(value, float):
        text = f"{value:g}"
    else:
        text = str(value)
        if _PLAIN.search(text):
            text = esc(text)
    return f'{name}="{text}"'


def _attrs(**kw: object) -> str:
    """SVG attributes from keywords: ``stroke_width=2`` is ``stroke-width="2"``, ``class_`` is ``class``;
    None leaves the attribute out."""
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        if value.__class__ is float and value == 0:  # 0.0 and -0.0 are equal keys but print apart
            out.append(_pair(key, value))
            continue
        at = (key, value.__class__, value)
        try:
            pair = _PAIRS.get(at)
        except TypeError:  # not hashable
            pair = _pair(key, value)
        if pair is None:
            pair = _pair(key, value)
            keep_fragment(_PAIRS, at, pair, _PAIRS_KEPT)
        out.append(pair)
    return " ".join(out)


def _text(
    x: float, y: float, s: object, size: float = 16, anchor: str = "start", cls: str = "", **kw: object
) -> str:
    """A text; ``cls`` "b" for bold, "faint" for the greyed-out colour (or a fill= keyword)."""
    fill = kw.pop("fill", FAINT if "faint" in cls else INK)
    weight = "700" if "b" in cls.split() else None
    anchor_attr = None if anchor == "start" else anchor
    return (
        f"<text {_attrs(x=x, y=y, font_size=size, text_anchor=anchor_attr, font_weight=weight, fill=fill)}"
        f"{' ' + _attrs(**kw) if kw else ''}>{esc(s)}</text>"
    )


def _fitted(
    x: float,
    y: float,
    s: str,
    size: float,
    room: float,
    anchor: str = "start",
    cls: str = "",
    least: float = 13,
    **kw: object,
) -> str:
    """:func:`_text` fitted into ``room`` (:func:`fit_text`): a smaller font down to ``least`` when it would
    be wider, then squeezed; as :func:`_text` when it fits (English)."""
    fit = fit_text(s, size, room, bold="b" in cls.split(), least=least)
    if fit.length is not None:
        kw.update(textLength=f"{fit.length:.1f}", lengthAdjust="spacingAndGlyphs")
    return _text(x, y, s, fit.size, anchor, cls, **kw)


def _el(tag: str, inner: str = "", **kw: object) -> str:
    """``<tag attrs/>`` (or with ``inner`` content); keyword names as in :func:`_attrs`."""
    attrs = _attrs(**kw)
    return f"<{tag} {attrs}>{inner}</{tag}>" if inner else f"<{tag} {attrs}/>"


def _rect(x: float, y: float, w: float, h: float, **kw: object) -> str:
    return _el("rect", "", x=x, y=y, width=w, height=h, **kw)


def _circle(cx: float, cy: float, r: float, **kw: object) -> str:
    return _el("circle", "", cx=cx, cy=cy, r=r, **kw)


def _title(s: str) -> str:
    return f"<title>{esc(s)}</title>"


def _pawn(
    x: float, y: float, seat: int, who: str, ident: str | None = None, scale: float = 1.0, extra: str = ""
) -> str:
    """A worker of ``seat`` (named ``who``): a pawn in the seat's colour, centred on (x, y)."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    s = scale
    path = (
        f"M{x - 9 * s:g},{y + 11 * s:g} L{x + 9 * s:g},{y + 11 * s:g} L{x + 5 * s:g},{y - 1 * s:g} "
        f"A{7 * s:g},{7 * s:g} 0 1 0 {x - 5 * s:g},{y - 1 * s:g} Z"
    )
    ident_attr = f' id="{esc(ident)}"' if ident else ""
    # i18n: the tooltip of a worker pawn on the board
    title = _title(_("A worker of {player}", player=who))
    return (
        f'<g{ident_attr} class="worker">{extra}<path d="{path}" fill="{colour}" stroke="{INK}" '
        f'stroke-width="1.5" stroke-linejoin="round"/>{title}</g>'
    )


def _house(x: float, y: float, seat: int, ident: str | None = None, size: float = 16) -> str:
    """A house: the small wooden marker of a building's owner or of a castle house."""
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    h = size / 2
    path = f"M{x - h:g},{y + h:g} V{y - h * 0.2:g} L{x:g},{y - h:g} L{x + h:g},{y - h * 0.2:g} V{y + h:g} Z"
    ident_attr = f' id="{esc(ident)}"' if ident else ""
    return f'<path{ident_attr} d="{path}" fill="{colour}" stroke="{INK}" stroke-width="1.2"/>'


def _cube(x: float, y: float, cube: int, size: float = 13) -> str:
    return (
        f'<rect x="{x:g}" y="{y - size / 2:g}" width="{size:g}" height="{size:g}" rx="2" '
        f'fill="{CUBE_COLOURS[cube]}" stroke="{INK}" stroke-width="1"/>'
    )


def _coin(x: float, y: float, value: int, r: float = 10.5) -> str:
    """A denier: a coin with its value, centred on (x, y)."""
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="#e3b568" stroke="#8a5a12" stroke-width="1.2"/>'
        + _text(x, y + 5, value, 14, "middle", "b")
    )


def _run_width(r: Run, size: float, squeeze: float = 1.0) -> float:
    """A run's width: its text's (narrowed by ``squeeze``) and a small gap, or a cube's or a coin's."""
    if isinstance(r, str):
        return text_width(r, size) * squeeze + 4
    return 15 if r[0] == "c" else 25


def _runs(cx: float, y: float, runs: Sequence[Run], size: float = 15, room: float = 0) -> str:
    """A line of text, cubes and coins, centred on ``cx`` with its baseline at ``y``; the words fitted (down
    to 13, then squeezed: :func:`fit_text`) so that the line fits in ``room`` if given, the cubes kept."""
    words = "".join(r for r in runs if isinstance(r, str))
    squeeze = 1.0
    if room and words:
        fixed = sum(_run_width(r, size) - (text_width(r, size) if isinstance(r, str) else 0) for r in runs)
        fit = fit_text(words, size, room - fixed, least=13)
        size = fit.size
        if fit.length is not None:
            squeeze = fit.length / fit.natural
    x = cx - sum(_run_width(r, size, squeeze) for r in runs) / 2
    out = []
    for r in runs:
        w = _run_width(r, size, squeeze)
        if isinstance(r, str) and squeeze < 1:
            length = f"{w - 4:.1f}"
            out.append(
                _text(x + w / 2, y, r, size, "middle", textLength=length, lengthAdjust="spacingAndGlyphs")
            )
        elif isinstance(r, str):
            out.append(_text(x + w / 2, y, r, size, "middle"))
        elif r[0] == "c":
            out.append(_cube(x + 1, y - size * 0.35, r[1]))
        else:
            out.append(_coin(x + 12.5, y - size * 0.35, r[1]))
        x += w
    return "".join(out)


def _cubes(bundle: Sequence[int], compact: bool = False) -> list[Run]:
    """Cubes one by one, or (``compact``) a count before each kind when there are more than two."""
    out: list[Run] = []
    for i, n in enumerate(bundle):
        if compact and n > 2:
            out.extend([str(n), ("c", i)])
        else:
            out.extend([("c", i)] * n)
    return out


# ---- what tiles do -----------------------------------------------------------------------------------------
# i18n: the Peddler tiles' name without its kind, on the board (the tile's colour shows the kind)
_SHORT_NAMES = (N_("Peddler"),)  # the names short_name makes that are no tile's full name


def short_name(tile: Tile) -> str:
    """The name without what its colour already says: 'Farm (food)', 'Quarry', 'Peddler' (translated)."""
    name = tile.name
    for part in (" (wood)", " (stone)", " (fixed)", "wood, "):
        name = name.replace(part, "")
    return _(name)


def effect_runs(tile: Tile) -> list[Run]:
    """What a worker on the tile gets, drawn with cubes and coins."""
    e = tile.effect
    if e is Effect.PRODUCE:
        out: list[Run] = []
        for i, bundle in enumerate(tile.produces):
            if i:
                # i18n: between two drawn productions of a building: cubes 'or' cubes
                out.append(_("or"))
            out.extend(_cubes(bundle))
        return out
    if e is Effect.MARKET:
        # i18n: a market's effect, followed by a coin with the price
        return [_("sell a cube"), ("d", tile.price)]
    if e is Effect.PEDDLER:
        # i18n: a peddler's effect, followed by a coin with the price of a cube
        buy = _("buy 1 at") if len(tile.buy_prices) == 1 else _("buy 1-2 at")
        return [buy, ("d", tile.buy_prices[0])]
    if e is Effect.NONE:
        # i18n: a building's income: '+' a coin 'a turn'
        income: list[Run] = ["+", ("d", tile.income), _("a turn")] if tile.income else []
        return [_("{pp} PP", pp=tile.pp), *income]
    gold: Run = ("c", 4)
    cloth: Run = ("c", 3)
    table: dict[Effect, list[Run]] = {
        # i18n: what a worker on the building does, in a few words
        Effect.CARPENTER: [_("build wood")],
        Effect.MASON: [_("build stone")],
        Effect.ARCHITECT: [_("build prestige")],
        # i18n: after a cloth cube and a coin of 1 denier: the lawyer's work
        Effect.LAWYER: [cloth, ("d", 1), _("→ residence")],
        Effect.BANK: [("d", 2), "→", gold, "/", ("d", 5), "→", gold, gold],
        # i18n: the alchemist: 2 cubes for a gold cube (drawn after it)
        Effect.ALCHEMIST: [_("2 cubes→"), gold, "/", "4→", gold, gold],
        Effect.CHURCH: [("d", 2), "→3", "/", ("d", 4), _("→{pp} PP", pp=5)],
        Effect.TAILOR: ["2", cloth, "→4", "/", "3", cloth, _("→{pp} PP", pp=6)],
        Effect.JEWELLER: [gold, "→5", "/", gold, gold, _("→{pp} PP", pp=9)],
    }
    return table[e]


def tile_rules(tile: Tile) -> str:
    """A tile's rule text, from its row in the tile table."""
    # i18n: a tile's tooltip starts with its name and kind: 'Farm: neutral building.'
    parts = [_("{building}: {kind}.", building=_(tile.name), kind=_(KIND_WORD[tile.kind]))]
    if tile.buildable:
        cost = cubes_text(tile.cost, tile.cost_any)
        fields = {"cost": cost, "pp": tile.pp}
        if tile.kind is Kind.PRESTIGE and tile.favours:
            parts.append(
                _n(
                    "Built on one of your residences for {cost}: {pp} PP and {n} royal favour.",
                    "Built on one of your residences for {cost}: {pp} PP and {n} royal favours.",
                    tile.favours,
                    **fields,
                )
            )
        elif tile.kind is Kind.PRESTIGE:
            parts.append(_("Built on one of your residences for {cost}: {pp} PP.", **fields))
        elif tile.favours:
            parts.append(
                _n(
                    "Built on the first free lot for {cost}: {pp} PP and {n} royal favour.",
                    "Built on the first free lot for {cost}: {pp} PP and {n} royal favours.",
                    tile.favours,
                    **fields,
                )
            )
        else:
            parts.append(_("Built on the first free lot for {cost}: {pp} PP.", **fields))
    e = tile.effect
    if e is Effect.PRODUCE:
        if len(tile.produces) == 1:
            parts.append(_("A worker here takes {cubes}.", cubes=cubes_text(tile.produces[0])))
        else:
            parts.append(
                _(
                    "A worker here takes {cubes} or {other}.",
                    cubes=cubes_text(tile.produces[0]),
                    other=cubes_text(tile.produces[1]),
                )
            )
        if tile.owner_bonus:
            parts.append(
                _(
                    "When another player's worker uses it, the owner takes {cube} or {other}.",
                    cube=cube_count(tile.owner_bonus[0], 1),
                    other=cube_count(tile.owner_bonus[1], 1),
                )
            )
    elif e is Effect.MARKET:
        parts.append(
            _n(
                "A worker here may sell 1 cube for {n} denier.",
                "A worker here may sell 1 cube for {n} deniers.",
                tile.price,
            )
        )
    elif e is Effect.PEDDLER:
        most = len(tile.buy_prices)
        each = tile.buy_prices[0]
        if most == 1:
            parts.append(
                _n(
                    "A worker here may buy up to 1 cube (not gold) for {n} denier each.",
                    "A worker here may buy up to 1 cube (not gold) for {n} deniers each.",
                    each,
                )
            )
        else:
            parts.append(
                _n(
                    "A worker here may buy up to {most} cubes (not gold) for {n} denier each.",
                    "A worker here may buy up to {most} cubes (not gold) for {n} deniers each.",
                    each,
                    most=most,
                )
            )
    elif e is Effect.CARPENTER:
        parts.append(_("A worker here may build a wood building."))
    elif e is Effect.MASON:
        parts.append(_("A worker here may build a stone building."))
    elif e is Effect.ARCHITECT:
        parts.append(_("A worker here may build a prestige building on one of their residences."))
    elif e is Effect.LAWYER:
        parts.append(
            _(
                "A worker here may pay 1 cloth and 1 denier to turn a neutral building or one of their own "
                "wood or stone buildings into a residence."
            )
        )
    elif e is Effect.BANK:
        parts.append(_("A worker here may pay 2 deniers for 1 gold, or 5 deniers for 2 gold."))
    elif e is Effect.ALCHEMIST:
        parts.append(_("A worker here may pay 2 cubes for 1 gold, or 4 cubes for 2 gold."))
    elif e is Effect.CHURCH:
        parts.append(_("A worker here may pay 2 deniers for 3 PP, or 4 deniers for 5 PP."))
    elif e is Effect.TAILOR:
        parts.append(_("A worker here may pay 2 cloth for 4 PP, or 3 cloth for 6 PP."))
    elif e is Effect.JEWELLER:
        parts.append(_("A worker here may pay 1 gold for 5 PP, or 2 gold for 9 PP."))
    if tile.income:
        parts.append(
            _n(
                "Its owner takes {n} denier in phase 1.",
                "Its owner takes {n} deniers in phase 1.",
                tile.income,
            )
        )
    if e is Effect.NONE and not tile.income:
        parts.append(_("It takes no worker."))
    return " ".join(parts)


# ---- which element each action belongs to ------------------------------------------------------------------
def _special_title(b: int) -> str:
    # i18n: a special building's tooltip: its name, then its rule
    return _("{building}. {rules}", building=_(SPECIAL_NAMES[b]), rules=special_rules(b))


def _favour_row_in(prompt: str) -> int | None:
    for row in range(len(FAVOUR_ROW_NAMES)):
        if column_decision(row) in prompt:
            return row
    return None


def element_of(action: BoardAction, view: Mapping[str, Any]) -> str | None:
    """The id of the board element ``action`` is put on, or None for the panel."""
    a = action.id
    if A.PLACE <= a < A.PLACE_ROAD:
        return f"special-{SPECIAL_SLUGS[a - A.PLACE]}"
    if A.PLACE_ROAD <= a < A.PLACE_CASTLE:
        return f"road-{a - A.PLACE_ROAD + 1}"
    if a == A.PLACE_CASTLE:
        return "castle-workers"
    if A.PROVOST <= a < A.CUBE:
        target = int(view["provost"]) + A.PROVOST_DELTAS[a - A.PROVOST]
        return f"provost-to-{target}" if 1 <= target <= ROAD_LENGTH else None
    if A.BUILD <= a < A.SPACE:
        return f"supply-{TILES[A.BUILDABLE[a - A.BUILD]].key}"
    if A.SPACE <= a < A.BATCH:
        return f"road-{a - A.SPACE + 1}"
    if A.ROW <= a < A.COLUMN:
        return f"favour-row-{a - A.ROW}"
    if A.COLUMN <= a < A.NUM_ACTIONS:
        row = _favour_row_in(str(view.get("prompt", "")))
        column = a - A.COLUMN + 1
        return f"favour-{row}-{column}" if row is not None else f"favour-col-{column}"
    return None


def place_actions(view: Mapping[str, Any], actions: Sequence[BoardAction]) -> dict[str, BoardAction]:
    """Element id -> the action on it; each element takes at most one action (the rest go to the panel)."""
    out: dict[str, BoardAction] = {}
    for action in actions:
        element = element_of(action, view)
        if element is not None and element not in out:
            out[element] = action
    return out


# ---- the drawing -------------------------------------------------------------------------------------------
@dataclass
class _Board:
    view: Mapping[str, Any]
    seat: int | None
    acts: dict[str, BoardAction]
    names: Sequence[str] = ()
    parts: list[str] = field(default_factory=list)

    def name(self, seat: int) -> str:
        """How the board names ``seat``: its player's name, as the page's panel does ('Seat 2' unnamed)."""
        return player_name(seat, self.names, lambda s: _("Seat {seat}", seat=s))

    def marked(self, seat: int) -> str:
        """:meth:`name`, the viewer's own marked as the page's panel marks it."""
        if seat != self.seat:
            return self.name(seat)
        return viewer_name(self.name(seat)) if self.names else _("Seat {seat} (you)", seat=seat)

    @property
    def players(self) -> list[Mapping[str, Any]]:
        return list(self.view["players"])

    @property
    def current(self) -> int | None:
        c = self.view.get("current_player")
        return None if c is None else int(c)

    @property
    def now_colour(self) -> str:
        """What is acting now (a building, a worker, the favour table) is outlined in the deciding seat's
        colour, apart from the orange of the clickable elements."""
        current = self.current
        return "#5b2c6f" if current is None else SEAT_COLOURS[current % 5]

    @property
    def prompt(self) -> str:
        return str(self.view.get("prompt", ""))

    def group(self, ident: str, inner: str, title: str = "") -> str:
        """A ``<g>`` with its id; clickable (data-action, class act, the action's description as title)
        when a legal action belongs to it, else titled with ``title``."""
        act = self.acts.get(ident)
        if act is not None:
            head = f'<g id="{esc(ident)}" class="act" data-action="{act.id}">'
            return f"{head}{_title(act.description)}{inner}</g>"
        return f'<g id="{esc(ident)}">{_title(title) if title else ""}{inner}</g>'

    def info(self, ident: str, parts: Sequence[str], rules: str) -> str:
        """The name and effect drawn on element ``ident``. While the element is clickable its title is the
        action's description, so these carry the rule text themselves (shown on hovering them)."""
        if ident in self.acts:
            return f"<g>{_title(rules)}{''.join(parts)}</g>"
        return "".join(parts)

    def add(self, *s: str) -> None:
        self.parts.extend(s)

    # -- header ----------------------------------------------------------------------------------------------
    def header(self) -> None:
        v = self.view
        phase = int(v["phase"])
        over = bool(v["is_terminal"])
        self.add(
            f'<rect x="0" y="0" width="{WIDTH}" height="{HEADER_H}" fill="#3b2f22"/>',
            _text(MARGIN, 36, "Caylus", 26, cls="b", fill="#f5e6c4"),
            _text(MARGIN + 96, 36, _("turn {turn}", turn=v["turn"]), 20, fill="#f5e6c4"),
        )
        # the phase pills start after the turn, each as wide as its name (English: the widths it always had)
        x = max(190.0, MARGIN + 96 + text_width(_("turn {turn}", turn=v["turn"]), 20) + 12)
        for p in range(1, 8):
            here = p == phase and not over
            name = _(PHASE_NAMES[p]) if here else _(PHASE_SHORT[p])
            w = max(30 + len(name) * (9.2 if here else 8.2), text_width(f"{p} {name}", 16, here) + 14)
            fill = "#f5c542" if here else "#5a4a37"
            colour = INK if here else "#e8dcc0"
            inner = (
                f'<rect x="{x:g}" y="10" width="{w:g}" height="34" rx="17" fill="{fill}"'
                + (' stroke="#fff3c4" stroke-width="2"' if here else "")
                + "/>"
                + _text(x + w / 2, 33, f"{p} {name}", 16, "middle", "b" if here else "", fill=colour)
            )
            if here:
                title = _("Phase {phase} of 7: {name} (now)", phase=p, name=_(PHASE_NAMES[p]))
            else:
                title = _("Phase {phase} of 7: {name}", phase=p, name=_(PHASE_NAMES[p]))
            self.add(self.group(f"phase-{p}", inner, title))
            x += w + 6
        # the decision at hand, in the colour of the seat who takes it
        current = self.current
        if over:
            winners = list(v.get("winners", []))
            who = ", ".join(self.name(w) for w in winners)
            if len(winners) == 1:
                line = _("Game over · winner: {seats}", seats=who)
            elif winners:
                line = _("Game over · shared win: {seats}", seats=who)
            else:
                line = _("Game over")
            one = len(winners) == 1
            colour = SEAT_COLOURS[winners[0] % 5] if one else "#f5c542"
            self.add(
                _rect(MARGIN, 54, WIDTH - 2 * MARGIN, 34, rx=6, fill=colour),
                _fitted(
                    WIDTH / 2,
                    78,
                    line,
                    18,
                    WIDTH - 2 * MARGIN - 16,
                    "middle",
                    "b",
                    fill=ON_SEAT[winners[0] % 5] if one else INK,
                ),
            )
            return
        prompt = _decision_in(self.prompt)
        if current is not None:
            colour = SEAT_COLOURS[current % 5]
            # i18n: the board's header: who takes the decision at hand
            who = (
                _("You")
                if current == self.seat
                else shortened(self.name(current), 306, bold=True, legible=13)
            )
            # the seat's box is as wide as its name needs (a player's name is longer than 'Seat 2')
            who_w = min(max(110.0, text_width(who, 17, True) + 14), 320.0)
            self.add(
                '<g id="board-decision">'
                + _rect(
                    MARGIN, 54, WIDTH - 2 * MARGIN, 34, rx=6, fill="#fff8e6", stroke=colour, stroke_width=3
                )
                + _rect(MARGIN, 54, who_w, 34, rx=6, fill=colour)
                + _fitted(
                    MARGIN + who_w / 2, 77, who, 17, who_w - 10, "middle", "b", fill=ON_SEAT[current % 5]
                )
                + _fitted(MARGIN + who_w + 14, 77, prompt, 17, WIDTH - 2 * MARGIN - who_w - 14 - 8)
                + "</g>"
            )

    # -- before the bridge -----------------------------------------------------------------------------------
    def specials(self) -> None:
        v = self.view
        n = len(self.players)
        special: Mapping[str, list[int]] = v["special"]
        inn: Mapping[str, int | None] = v["inn"]
        phase = int(v["phase"])
        w, gap = 152, 14
        y = SPECIAL_Y
        acting = self._acting_special() if phase == 3 else None
        limbo = self._gate_limbo()
        for b in range(6):
            x = MARGIN + 10.0 + b * (w + gap)
            unused = b == 4 and n == 2
            stroke = self.now_colour if acting == b else "#7a6648"
            inner = [
                _rect(
                    x,
                    y,
                    w,
                    SPECIAL_H,
                    rx=8,
                    class_="hit",
                    fill="#e4dccb" if unused else "#f1e4c3",
                    stroke=stroke,
                    stroke_width=4 if acting == b else 1.5,
                ),
                self.info(
                    f"special-{SPECIAL_SLUGS[b]}",
                    [
                        _fitted(x + w / 2, y + 24, _(SPECIAL_NAMES[b]), 17, w - 10, "middle", "b", 14),
                        _fitted(x + w / 2, y + 48, _("not with 2 players"), 15, w - 10, "middle", "faint")
                        if unused
                        else _runs(x + w / 2, y + 48, special_short(b), 16, w - 8),
                    ],
                    _special_title(b),
                ),
            ]
            spots: list[tuple[str, str, int | None]] = []  # (spot id, label, seat)
            if b < 4:
                seats = list(special.get(SPECIAL_NAMES[b], []))
                who = seats[0] if seats else (limbo if b == 0 else None)
                spots.append((f"spot-{SPECIAL_SLUGS[b]}", "", who))
            elif b == 4:
                seats = list(special.get(SPECIAL_NAMES[4], []))
                for k in range(3):
                    spots.append((f"spot-stables-{k + 1}", str(k + 1), seats[k] if k < len(seats) else None))
            else:
                spots.append(("spot-inn-left", "left", inn.get("left")))
                spots.append(("spot-inn-right", "right", inn.get("right")))
            # i18n: the inn's two circles, under them on the board
            spot_labels = {"left": _("left"), "right": _("right")}
            span = 46.0
            x0 = x + w / 2 - (len(spots) - 1) * span / 2
            for k, (spot, label, who) in enumerate(spots):
                cx, cy = x0 + k * span, y + 82
                inner.append(
                    _circle(cx, cy, 17, id=spot, fill="#fffaf0", stroke="#a08a66", stroke_dasharray="4 3")
                )
                if label:
                    inner.append(
                        _fitted(
                            cx,
                            y + SPECIAL_H - 3,
                            spot_labels.get(label, label),
                            14,
                            span - 4,
                            "middle",
                            "faint",
                            12,
                        )
                    )
                if who is not None and not unused:
                    where = SPECIAL_SLUGS[b] + (f"-{label}" if b == 5 else "")
                    ring = ""
                    if b == 0 and limbo is not None and who == limbo:
                        ring = _circle(cx, cy, 19, fill="none", stroke=self.now_colour, stroke_width=3)
                    inner.append(_pawn(cx, cy, who, self.name(who), f"worker-p{who}-{where}", extra=ring))
            self.add(self.group(f"special-{SPECIAL_SLUGS[b]}", "".join(inner), _special_title(b)))
        # the bridge: who has passed, in order (rules: Caylus, phase 2 a — the first to pass takes 1 denier)
        x = MARGIN + 10.0 + 6 * (w + gap)
        bw = WIDTH - MARGIN - x
        passed = list(v["passing_order"])
        inner = [
            _rect(x, y, bw, SPECIAL_H, rx=8, fill="#d9cdb0", stroke="#7a6648", stroke_width=1.5),
            _fitted(x + bw / 2, y + 24, _("Bridge"), 17, bw - 10, "middle", "b", 14),
            _fitted(x + bw / 2, y + 47, _("passed, in order"), 15, bw - 10, "middle", "faint"),
        ]
        span = min(34.0, (bw - 24) / max(n, 1))
        r = min(13.0, span / 2 - 2)
        x0 = x + bw / 2 - (n - 1) * span / 2
        for k in range(n):
            cx = x0 + k * span
            inner.append(_text(cx, y + SPECIAL_H - 3, k + 1, 14, "middle", "faint"))
            if k < len(passed):
                s = passed[k]
                inner.append(
                    _el(
                        "circle",
                        # i18n: {place} is '1st', '2nd'...
                        _title(_("{player} passed {place}", player=self.name(s), place=_ordinal(k + 1))),
                        id=f"passed-p{s}",
                        cx=cx,
                        cy=y + 82,
                        r=r,
                        fill=SEAT_COLOURS[s % 5],
                        stroke=INK,
                        stroke_width=1.5,
                    )
                )
            else:
                inner.append(_circle(cx, y + 82, r, fill="none", stroke="#a08a66", stroke_dasharray="3 3"))
        self.add(
            self.group(
                "bridge",
                "".join(inner),
                _(
                    "The bridge: players who have passed, in order. The first to pass takes 1 denier; after "
                    "that, placing a worker costs 1 denier more for each player on the bridge "
                    "(3 deniers with 2 players). In phase 4 they may move the provost in this order."
                ),
            )
        )

    def _provost_decision(self) -> bool:
        """Whether the decision at hand moves the provost (the guild's or phase 4's)."""
        return any(str(fixed_decision(kind)) in self.prompt for kind in (D_GUILD, D_PROVOST))

    def _acting_special(self) -> int | None:
        """The special building whose decision is at hand (the gate, the guild, the joust field, the inn)."""
        for b, kind in ((0, D_GATE), (2, D_GUILD), (3, D_JOUST), (5, D_INN)):
            if str(fixed_decision(kind)) in self.prompt:
                return b
        return None

    def _gate_limbo(self) -> int | None:
        """The seat whose gate worker is being moved (not on the board while it decides, not at home)."""
        v = self.view
        placed = [0] * len(self.players)
        for space in v["road"]:
            if space["worker"] is not None:
                placed[space["worker"]] += 1
        for seats in v["special"].values():
            for s in seats:
                placed[s] += 1
        for s in (v["inn"]["left"], v["inn"]["right"]):
            if s is not None:
                placed[s] += 1
        for s in v["castle_workers"]:
            placed[s] += 1
        for p in self.players:
            if placed[p["seat"]] + p["workers_at_home"] < WORKERS_PER_PLAYER:
                return int(p["seat"])
        return None

    # -- the road --------------------------------------------------------------------------------------------
    @staticmethod
    def space_xy(space: int) -> tuple[float, float]:
        row, k = divmod(space - 1, 7)
        col = k if row % 2 == 0 else 6 - k
        return MARGIN + 10 + col * (TILE_W + TILE_GAP), ROAD_Y + row * ROW_PITCH

    def road(self) -> None:
        v = self.view
        provost, bailiff = int(v["provost"]), int(v["bailiff"])
        phase = int(v["phase"])
        heading = _("The road")
        caption_x = max(MARGIN + 96, MARGIN + text_width(heading, 19, True) + 14)
        self.add(
            _text(MARGIN, ROAD_Y - 14, heading, 19, cls="b"),
            _fitted(
                caption_x,
                ROAD_Y - 14,
                _(
                    "Provost on {provost}: in phase 5 the buildings on spaces 1-{provost} act, the others "
                    "do not. Bailiff on {bailiff}.",
                    provost=provost,
                    bailiff=bailiff,
                ),
                15,
                WIDTH - MARGIN - caption_x,
            ),
        )
        # the road itself: a band from each space to the next, turning at the ends of the runs like the
        # board's snake (only between the tiles: a tile may be drawn see-through while it glows)
        for n in range(1, ROAD_LENGTH):
            (x1, y1), (x2, y2) = self.space_xy(n), self.space_xy(n + 1)
            if y1 == y2:
                left = min(x1, x2) + TILE_W
                self.add(_rect(left, y1 + TILE_H / 2 - 14, TILE_GAP, 28, fill=ROAD))
            else:
                self.add(_rect(x1 + TILE_W / 2 - 14, y1 + TILE_H, 28, ROW_PITCH - TILE_H, fill=ROAD))
        free = [s for s in BUILD_LOTS if v["road"][s - 1]["tile"] is None]
        next_lot = free[0] if free else None
        transforms: Mapping[str, int] = v.get("pending_transforms", {})
        acting = None
        if phase == 5 and self.current is not None:
            occupied = [
                sp["space"] for sp in v["road"] if sp["worker"] is not None and sp["space"] <= provost
            ]
            acting = occupied[0] if occupied else None
        marks = {m: _(SECTION_NAMES[i]) for i, m in enumerate(SECTION_MARK)}
        for sp in v["road"]:
            self.add(self.space(sp, provost, next_lot, transforms, acting, marks))
        # the bailiff and the provost below their spaces; where the provost may go, a ghost of it
        for ident, space, dx, letter, fill, title in (
            ("bailiff", bailiff, -24, "B", "#5b2c6f", _("The bailiff, on space {space}", space=bailiff)),
            ("provost", provost, 24, "P", "#1b2631", _("The provost, on space {space}", space=provost)),
        ):
            x, y = self.space_xy(space)
            cx, cy = x + TILE_W / 2 + dx, y + TILE_H + 20
            moving = ident == "provost" and (phase == 4 or self._provost_decision())
            self.add(
                f'<g id="{ident}">{_title(title)}'
                + _circle(
                    cx,
                    cy,
                    15,
                    fill=fill,
                    stroke=self.now_colour if moving else "#f5c542",
                    stroke_width=4 if moving else 2,
                )
                + _text(cx, cy + 6, letter, 17, "middle", "b", fill="#ffffff")
                + "</g>"
            )
        for d in A.PROVOST_DELTAS:
            target = provost + d
            ident = f"provost-to-{target}"
            if ident not in self.acts:
                continue
            x, y = self.space_xy(target)
            cx, cy = x + TILE_W / 2 + 24, y + TILE_H + 20
            inner = _circle(
                cx,
                cy,
                15,
                class_="hit",
                fill="#ffffff",
                fill_opacity=0.85,
                stroke="#1b2631",
                stroke_width=2,
                stroke_dasharray="4 3",
            ) + _text(cx, cy + 6, f"{d:+d}", 15, "middle", "b")
            self.add(self.group(ident, inner))

    def space(
        self,
        sp: Mapping[str, Any],
        provost: int,
        next_lot: int | None,
        transforms: Mapping[str, int],
        acting: int | None,
        marks: Mapping[int, str],
    ) -> str:
        """A road space as :meth:`drawn_space` draws it, made once for all it reads (most of the road is
        the same from one move to the next)."""
        n = int(sp["space"])
        owner, worker, pending = sp["owner"], sp["worker"], transforms.get(str(n))
        act = self.acts.get(f"road-{n}")
        speech = fragment_speech()
        if speech is None:
            return self.drawn_space(sp, provost, next_lot, transforms, acting, marks)
        key = (
            speech,
            n,
            sp["tile"],
            n > provost,
            n == next_lot and sp["tile"] is None and _building_prompt(self.prompt),
            n == next_lot,
            n == acting,
            self.now_colour,
            owner,
            None if owner is None else self.name(owner),
            worker,
            None if worker is None else self.name(worker),
            pending,
            None if pending is None else self.name(pending),
            marks.get(n),
            None if act is None else (act.id, act.description),
        )
        drawn = _SPACES.get(key)
        if drawn is None:
            drawn = self.drawn_space(sp, provost, next_lot, transforms, acting, marks)
            keep_fragment(_SPACES, key, drawn, _CARDS_KEPT)
        return drawn

    def drawn_space(
        self,
        sp: Mapping[str, Any],
        provost: int,
        next_lot: int | None,
        transforms: Mapping[str, int],
        acting: int | None,
        marks: Mapping[int, str],
    ) -> str:
        n = int(sp["space"])
        x, y = self.space_xy(n)
        key = sp["tile"]
        tile = BY_KEY[key] if key is not None else None
        owner, worker = sp["owner"], sp["worker"]
        out: list[str] = []
        if tile is None:
            # while a wood or stone building is being chosen, the lot it will go on is outlined
            building = n == next_lot and _building_prompt(self.prompt)
            out.append(
                _rect(
                    x,
                    y,
                    TILE_W,
                    TILE_H,
                    rx=8,
                    class_="hit",
                    fill="#f3ead4",
                    stroke=self.now_colour if building else "#a08a66",
                    stroke_width=4 if building else 1,
                    stroke_dasharray="6 4",
                )
            )
            label = _("next lot") if n == next_lot else _("empty lot")
            out.append(
                _fitted(
                    x + TILE_W / 2, y + 61, label, 16, TILE_W - 10, "middle", "b" if building else "faint"
                )
            )
            title = _(
                "Space {space}: an empty lot. New buildings go on the first empty lot of the road.", space=n
            )
        else:
            out.append(
                _rect(
                    x,
                    y,
                    TILE_W,
                    TILE_H,
                    rx=8,
                    class_="hit",
                    fill=KIND_FILL[tile.kind],
                    stroke=self.now_colour if n == acting else "#6b5a40",
                    stroke_width=4 if n == acting else 1.5,
                )
            )
            # i18n: a road space's tooltip: its number, then the rules of its building
            title = _("Space {space}: {rules}", space=n, rules=tile_rules(tile))
            name = _fitted(x + TILE_W / 2, y + 46, short_name(tile), 17, TILE_W - 10, "middle", "b", 14)
            effect = _runs(x + TILE_W / 2, y + 71, effect_runs(tile), 16, TILE_W - 4)
            out.append(self.info(f"road-{n}", [name, effect], title))
            if tile.takes_worker:
                cx, cy = x + TILE_W / 2, y + TILE_H - 14
                if worker is None:
                    out.append(_circle(cx, cy, 10, fill="none", stroke=FAINT, stroke_dasharray="3 3"))
        # the space number, the owner's house and the scoring marks
        out.append(f'<circle cx="{x + 16}" cy="{y + 16}" r="13" fill="#fffaf0" stroke="#6b5a40"/>')
        out.append(_text(x + 16, y + 21, n, 14, "middle", "b"))
        if owner is not None:
            out.append(_house(x + TILE_W - 16, y + 17, owner, f"owner-road-{n}", 20))
            title += " " + _("Owned by {player}.", player=self.name(owner))
        # a ribbon along the top: a lawyer's pending residence, else the space that scores a castle section
        pending = transforms.get(str(n))
        if n in marks:
            title += " " + _("The bailiff reaching this space scores the {section}.", section=marks[n])
        if pending is not None:
            title += " " + _(
                "A lawyer turns it into a residence of {player} once its worker has acted.",
                player=self.name(pending),
            )
            ribbon, fill, colour = _("→ residence"), KIND_FILL[Kind.RESIDENCE], SEAT_INK[pending % 5]
        elif n in marks:
            ribbon, fill, colour = f"⚑ {marks[n]}", "#7b241c", "#ffffff"
        else:
            ribbon = ""
        two = None if fits_legibly(ribbon, TILE_W - 66, bold=True) else halves(ribbon, 12, True)
        if ribbon and two:  # too long to read on one line (Polish): two lines, the ribbon a little taller
            out.append(
                _rect(x + 31, y + 3, TILE_W - 60, 27, rx=4, fill=fill, stroke="#6b5a40", stroke_width=0.8)
                + "".join(
                    _fitted(
                        x + TILE_W / 2 - 1, y + base, line, 12, TILE_W - 66, "middle", "b", 11, fill=colour
                    )
                    for line, base in zip(two, (15, 27), strict=True)
                )
            )
        elif ribbon:
            out.append(
                _rect(x + 31, y + 5, TILE_W - 60, 21, rx=4, fill=fill, stroke="#6b5a40", stroke_width=0.8)
                + _fitted(x + TILE_W / 2 - 1, y + 21, ribbon, 14, TILE_W - 66, "middle", "b", 12, fill=colour)
            )
        if n > provost:
            out.append(_rect(x, y, TILE_W, TILE_H, rx=8, fill="#3b2f22", fill_opacity=0.18))
        if worker is not None:
            out.append(
                _pawn(
                    x + TILE_W / 2,
                    y + TILE_H - 16,
                    worker,
                    self.name(worker),
                    f"worker-p{worker}-road-{n}",
                    1.15,
                )
            )
        return self.group(f"road-{n}", "".join(out), title)

    # -- the castle ------------------------------------------------------------------------------------------
    def castle(self) -> None:
        v = self.view
        x, y = MARGIN, LOWER_Y
        phase = int(v["phase"])
        sections: list[Mapping[str, Any]] = list(v["castle"])
        building = next(
            (i for i, s in enumerate(sections) if not s["scored"] and sum(s["houses"]) < s["size"]), None
        )
        h = LOWER_H
        self.add(
            f'<rect x="{x}" y="{y}" width="{CASTLE_W}" height="{h}" rx="10" fill="#e6dcc4" stroke="#6b5a40" '
            f'stroke-width="{4 if phase == 6 else 1.5}"/>',
            _text(x + 12, y + 28, _("Castle"), 19, cls="b"),
        )
        # the castle's worker row: place a worker there (rules: Caylus, phase 6 — in the order they came)
        workers: list[int] = list(v["castle_workers"])
        n = len(self.players)
        # the spots start after the label (English: at 250), as long as the last one keeps its room
        label = _("workers, in order:")
        box = max(92.0, 12 + text_width(_("Castle"), 19, True) + 12)
        first = min(max(250.0, box + 10 + text_width(label, 15) + 24), 450.0 - (n - 1) * 50)
        inner = [
            _rect(
                x + box, y + 8, CASTLE_W - box - 12, 32, rx=6, class_="hit", fill="#f7f0de", stroke="#a08a66"
            ),
            _fitted(x + box + 10, y + 30, label, 15, first - box - 10 - 18, cls="faint"),
        ]
        for k in range(n):
            cx = x + first + k * 50
            inner.append(
                _circle(
                    cx,
                    y + 24,
                    13,
                    id=f"castle-spot-{k + 1}",
                    fill="none",
                    stroke="#a08a66",
                    stroke_dasharray="3 3",
                )
            )
            if k < len(workers):
                s = workers[k]
                ring = ""
                if phase == 6 and s == self.current:
                    ring = _circle(cx, y + 24, 16, fill="none", stroke=self.now_colour, stroke_width=3)
                inner.append(_pawn(cx, y + 24, s, self.name(s), f"worker-p{s}-castle", 0.95, ring))
                given = int(self.players[s]["batches_given"])
                if given:
                    inner.append(_text(cx + 17, y + 30, f"+{given}", 14, cls="b", fill=SEAT_INK[s % 5]))
        self.add(
            self.group(
                "castle-workers",
                "".join(inner),
                _(
                    "Phase 6: in the order they came, each worker in the castle may give batches (1 food + 2 "
                    "other different cubes) for houses in the section being built, or lose 2 PP if it gives "
                    "none. The one who gives the most houses takes a royal favour. Beside each worker: the "
                    "houses it has given this turn."
                ),
            )
        )
        for i, sec in enumerate(sections):
            sy = y + 48 + i * SECTION_PITCH
            here = i == building
            fill = "#d6ccb4" if sec["scored"] else ("#fff6da" if here else "#f3ead4")
            houses: list[int] = list(sec["houses"])
            filled = sum(houses)
            # the count after the name (English: at 110), before the houses
            name, tally = _(sec["section"]), f"{filled}/{sec['size']}"
            count_x = min(max(110.0, 18 + text_width(name, 17, True) + 10), 205 - text_width(tally, 16))
            inner = [
                _rect(
                    x + 8,
                    sy,
                    CASTLE_W - 16,
                    SECTION_PITCH - 6,
                    rx=6,
                    fill=fill,
                    stroke=self.now_colour if here and phase == 6 else "#a08a66",
                    stroke_width=3 if here else 1,
                ),
                _fitted(x + 18, sy + 24, name, 17, count_x - 26, cls="b", least=14),
                _text(x + count_x, sy + 24, tally, 16),
                _fitted(
                    x + 18,
                    sy + 46,
                    _("{pp} PP a house · ⚑ {space}", pp=SECTION_PP[i], space=SECTION_MARK[i]),
                    15,
                    190,
                ),
                _fitted(
                    x + 18,
                    sy + 65,
                    # i18n: a castle section already scored
                    _("scored")
                    if sec["scored"]
                    else (_("being built") if here else _("no house −{pp} PP", pp=SECTION_PENALTY[i])),
                    15,
                    190,
                    cls="b" if here or sec["scored"] else "faint",
                ),
            ]
            # house slots, seven a line, by seat (the view gives counts, not the order they came in, so a
            # house's id is its slot: a new house appears, the others do not slide)
            k = 0
            for s, count in enumerate(houses):
                for _house_n in range(count):
                    hx, hy = x + 214 + (k % 7) * 38, sy + 20 + (k // 7) * 34
                    inner.append(_house(hx + 10, hy, s, f"house-{i}-{k + 1}", 22))
                    k += 1
            for slot in range(k, sec["size"]):
                hx, hy = x + 214 + (slot % 7) * 38, sy + 20 + (slot // 7) * 34
                inner.append(
                    _rect(
                        hx - 1, hy - 11, 22, 22, rx=3, fill="none", stroke="#b9a782", stroke_dasharray="3 3"
                    )
                )
            steps = ", ".join(
                # i18n: how many houses in a castle section give how many favours ('3 houses: 2 favours')
                _n("{houses} houses: {n} favour", "{houses} houses: {n} favours", fav, houses=houses_n)
                for houses_n, fav in enumerate(SECTION_FAVOURS[i])
                if fav and fav != SECTION_FAVOURS[i][houses_n - 1]
            )
            title = _(
                "The {section}: {size} houses, {pp} PP each. Scored when the bailiff reaches space {space} "
                "or when it is full: a player with no house here loses {penalty} PP; {steps}. "
                "Houses: {houses}.",
                section=_(sec["section"]),
                size=sec["size"],
                pp=SECTION_PP[i],
                space=SECTION_MARK[i],
                penalty=SECTION_PENALTY[i],
                steps=steps,
                # i18n: a player and their houses in a castle section: 'Ania 3'
                houses=", ".join(
                    _("{player} {houses}", player=self.name(s), houses=c) for s, c in enumerate(houses)
                ),
            )
            self.add(self.group(f"castle-{sec['section'].lower()}", "".join(inner), title))

    # -- the royal favour table ------------------------------------------------------------------------------
    def favours(self) -> None:
        """The table as :meth:`drawn_favours` draws it, made once for all it reads (the seats of a move
        see the same table, and it changes a few times a turn)."""
        speech = fragment_speech()
        if speech is None:
            self.drawn_favours()
            return
        deciding = self.deciding_favours()
        key = (
            speech,
            int(self.view["open_favour_columns"]),
            self.now_colour if deciding else None,
            tuple(
                (int(p["seat"]), self.name(int(p["seat"])), *(int(p["favours"][n]) for n in FAVOUR_ROW_NAMES))
                for p in self.players
            ),
            tuple((k, a.id, a.description) for k, a in self.acts.items() if k.startswith("favour-")),
        )
        drawn = _FAVOURS.get(key)
        if drawn is None:
            start = len(self.parts)
            self.drawn_favours()
            drawn = "".join(self.parts[start:])
            del self.parts[start:]
            keep_fragment(_FAVOURS, key, drawn, _CARDS_KEPT)
        self.add(drawn)

    def deciding_favours(self) -> bool:
        """Whether the prompt is a decision on the favour table."""
        favour_decisions = [str(fixed_decision(D_JOUST)), str(fixed_decision(D_ROW)), take_decision()]
        favour_decisions += [column_decision(row) for row in range(len(FAVOUR_ROW_NAMES))]
        return any(text in self.prompt for text in favour_decisions)

    def drawn_favours(self) -> None:
        v = self.view
        x, y = FAVOUR_X, LOWER_Y
        w = WIDTH - MARGIN - x
        open_cols = int(v["open_favour_columns"])
        head_w = 112
        cell_w = (w - head_w - 8) / 5
        cell_h = 58
        deciding = self.deciding_favours()
        h = LOWER_H
        self.add(
            _rect(
                x,
                y,
                w,
                h,
                rx=10,
                fill="#e6dcc4",
                stroke=self.now_colour if deciding else "#6b5a40",
                stroke_width=4 if deciding else 1.5,
            ),
            _fitted(x + 12, y + 28, _("Royal favours"), 19, head_w + cell_w / 2 - 30, cls="b", least=16),
        )
        for c in range(1, 6):
            cx = x + head_w + (c - 1) * cell_w + cell_w / 2
            closed = c > open_cols
            # i18n: a column of the royal favour table not open yet: '5 closed'
            label = _("{column} closed", column=c) if closed else f"{c}"
            if closed:
                title = _(
                    "Column {column}: closed (columns 3-4 open after the Dungeon is scored, "
                    "5 after the Walls)",
                    column=c,
                )
            else:
                title = _("Column {column}: open", column=c)
            self.add(
                self.group(
                    f"favour-col-{c}",
                    _fitted(cx, y + 30, label, 16, cell_w - 4, "middle", "faint" if closed else "b"),
                    title,
                )
            )
        markers: dict[tuple[int, int], list[int]] = {}
        for p in self.players:
            for r, name in enumerate(FAVOUR_ROW_NAMES):
                markers.setdefault((r, int(p["favours"][name])), []).append(int(p["seat"]))
        for r in range(4):
            ry = y + 40 + r * cell_h
            waiting = markers.get((r, 0), [])
            inner = [
                _rect(
                    x + 6, ry, head_w - 8, cell_h - 4, rx=5, class_="hit", fill="#f7f0de", stroke="#a08a66"
                ),
                _fitted(x + 14, ry + 21, favour_row_title(r), 16, head_w - 24, cls="b"),
            ]
            for k, s in enumerate(waiting):
                inner.append(self._marker(x + 20 + k * 18, ry + 40, s, r))
            self.add(
                self.group(
                    f"favour-row-{r}",
                    "".join(inner),
                    _(
                        "The {row} row: a favour moves your marker one column right (if open), then you take "
                        "what that column gives or any column to its left.",
                        row=_(FAVOUR_ROW_NAMES[r]),
                    )
                    if r >= 2
                    else _(
                        "The {row} row: a favour moves your marker one column right (if open), then you take "
                        "what that column gives.",
                        row=_(FAVOUR_ROW_NAMES[r]),
                    ),
                )
            )
            for c in range(1, 6):
                cx0 = x + head_w + (c - 1) * cell_w
                closed = c > open_cols
                inner = [
                    _rect(
                        cx0 + 2,
                        ry,
                        cell_w - 4,
                        cell_h - 4,
                        rx=5,
                        class_="hit",
                        fill="#d6ccb4" if closed else "#fffaf0",
                        stroke="#a08a66",
                    ),
                ]
                lines = favour_short(r, c)
                for j, line in enumerate(lines):
                    ty = ry + (22 if len(lines) == 1 else 17 + 16 * j)
                    inner.append(
                        _fitted(
                            cx0 + cell_w / 2,
                            ty,
                            line,
                            15,
                            cell_w - 10,
                            "middle",
                            "faint" if closed else "",
                            12,
                        )
                    )
                here = markers.get((r, c), [])
                for k, s in enumerate(here):
                    inner.append(self._marker(cx0 + cell_w / 2 - (len(here) - 1) * 9 + k * 18, ry + 43, s, r))
                self.add(
                    self.group(
                        f"favour-{r}-{c}",
                        "".join(inner),
                        _(
                            "{row} row, column {column}: {effect} (closed)",
                            row=favour_row_title(r),
                            column=c,
                            effect=_column_text(r, c),
                        )
                        if closed
                        else _(
                            "{row} row, column {column}: {effect}",
                            row=favour_row_title(r),
                            column=c,
                            effect=_column_text(r, c),
                        ),
                    )
                )

    def _marker(self, cx: float, cy: float, seat: int, row: int) -> str:
        return _el(
            "circle",
            _title(_("{player}'s marker", player=self.name(seat))),
            id=f"favour-p{seat}-{row}",
            cx=cx,
            cy=cy,
            r=8,
            fill=SEAT_COLOURS[seat % 5],
            stroke=INK,
            stroke_width=1.2,
        )

    # -- players ---------------------------------------------------------------------------------------------
    def players_panel(self) -> float:
        v = self.view
        y = LOWER_Y + LOWER_H + 18
        order: list[int] = list(v["turn_order"])
        passed: list[int] = list(v["passing_order"])
        over = bool(v["is_terminal"])
        row_h = 40
        n = len(self.players)
        h = 40 + n * row_h + 8
        # i18n: the headers of the players' table on the board
        order_head = _("Order")
        # i18n: a header: the place in the passing order (not the verb)
        passed_head = _("Passed")
        deniers_head = _("Deniers")
        # the passing column right of the order's header (English: at 302)
        passed_x = MARGIN + max(
            302.0, 232 + (text_width(order_head, 15, True) + text_width(passed_head, 15, True)) / 2 + 12
        )
        cols = [
            (_("Player"), MARGIN + 14, "start"),
            (order_head, MARGIN + 232, "middle"),
            (passed_head, passed_x, "middle"),
            (_("Workers at home"), MARGIN + 380, "start"),
            (deniers_head, MARGIN + 600, "middle"),
            *[(_capital(_(CUBE_NAMES[i])), MARGIN + 680 + i * 74, "middle") for i in range(5)],
            # i18n: prestige points, abbreviated (a header)
            (_("PP"), MARGIN + 1080, "middle"),
        ]
        self.add(
            _rect(MARGIN, y, WIDTH - 2 * MARGIN, h, rx=10, fill="#e6dcc4", stroke="#6b5a40", stroke_width=1.5)
        )
        for k, (name, cx, anchor) in enumerate(cols):
            if 5 <= k < 10 and text_width(name, 15, True) > 44:
                # a cube's long name starts right of its cube, squeezed into the column (74 wide)
                self.add(_fitted(cx - 18, y + 26, name, 15, 56, "start", "b"))
            elif k == 3:
                room = 600 - 380 - text_width(deniers_head, 15, True) / 2 - 12
                self.add(_fitted(cx, y + 26, name, 15, max(room, 120), anchor, "b"))
            else:
                self.add(_fitted(cx, y + 26, name, 15, 200, anchor, "b"))
        for i in range(5):
            self.add(_cube(MARGIN + 680 + i * 74 - 32, y + 21, i, 12))
        for k, p in enumerate(self.players):
            s = int(p["seat"])
            ry = y + 36 + k * row_h
            mid = ry + row_h / 2
            me = s == self.seat
            now = s == self.current
            colour = SEAT_COLOURS[s % 5]
            seat_label = shortened(("▶ " if now else "") + self.marked(s), NAME_ROOM, bold=True, legible=14)
            if over and s in v.get("winners", []):
                # a winner's star, with the word when it fits before the order column
                won = seat_label + " ★ " + _("winner")
                seat_label = won if text_width(won, 17, True) <= NAME_ROOM else f"{seat_label} ★"
            inner = [
                _rect(
                    MARGIN + 6,
                    ry + 2,
                    WIDTH - 2 * MARGIN - 12,
                    row_h - 4,
                    rx=6,
                    fill="#fff6da" if now else ("#f7f0de" if me else "#efe6cf"),
                    stroke=colour if now else "none",
                    stroke_width=3,
                ),
                _rect(MARGIN + 10, ry + 8, 8, row_h - 16, rx=3, fill=colour),
                _fitted(
                    MARGIN + 26,
                    mid + 6,
                    seat_label,
                    17,
                    NAME_ROOM,
                    cls="b",
                    least=14,
                    fill=SEAT_INK[s % 5],
                ),
                _text(
                    MARGIN + 232, mid + 6, _ordinal(order.index(s) + 1) if s in order else "", 16, "middle"
                ),
                _text(passed_x, mid + 6, _ordinal(passed.index(s) + 1) if s in passed else "–", 16, "middle"),
            ]
            home = int(p["workers_at_home"])
            for j in range(home):
                inner.append(_pawn(MARGIN + 392 + j * 26, mid, s, self.name(s), f"worker-p{s}-home-{j}", 0.9))
            if not home:
                # i18n: no worker at home
                inner.append(_text(MARGIN + 380, mid + 6, _("none"), 15, cls="faint"))
            inner.append(_text(MARGIN + 600, mid + 6, p["deniers"], 18, "middle", "b"))
            for i, name in enumerate(CUBE_NAMES):
                count = int(p["cubes"][name])
                inner.append(
                    _text(
                        MARGIN + 680 + i * 74,
                        mid + 6,
                        count if count else "·",
                        18,
                        "middle",
                        "b" if count else "faint",
                    )
                )
            if over and p.get("final_bonus"):
                # i18n: a player's PP after the game, with the end bonus they include: '52 (+4 end)'
                pp = _("{pp} (+{bonus} end)", pp=p["prestige"], bonus=p["final_bonus"])
            else:
                pp = f"{p['prestige']}"
            if text_width(pp, 18, True) <= 160:
                inner.append(_text(MARGIN + 1080, mid + 6, pp, 18, "middle", "b"))
            else:
                # a long translation of the end bonus: right-aligned, between the gold column and the edge
                right = WIDTH - MARGIN - 12
                inner.append(
                    _fitted(right, mid + 6, pp, 18, right - (MARGIN + 680 + 4 * 74 + 24), "end", "b")
                )
            cubes = ", ".join(cube_count(i, int(p["cubes"][c])) for i, c in enumerate(CUBE_NAMES))
            # i18n: a row's marker on the royal favour table: 'prestige 2' ('-': not moved yet)
            markers = ", ".join(
                _("{row} {column}", row=_(r), column=p["favours"][r] or "-") for r in FAVOUR_ROW_NAMES
            )
            title = _n(
                "{player}: {deniers} deniers; {cubes}; {pp} PP; {n} worker at home; "
                "favour markers: {markers}.",
                "{player}: {deniers} deniers; {cubes}; {pp} PP; {n} workers at home; "
                "favour markers: {markers}.",
                home,
                player=self.name(s),
                deniers=p["deniers"],
                cubes=cubes,
                pp=p["prestige"],
                markers=markers,
            )
            self.add(self.group(f"player-{s}", "".join(inner), title))
        return y + h

    # -- the tiles left to build -----------------------------------------------------------------------------
    def supply(self, y: float) -> float:
        v = self.view
        supply: Mapping[str, int] = v["supply"]
        y += 16
        card_w, card_h, gap = 122.0, 78, 7.0
        for kind, label in (
            (Kind.WOOD, _("Wood buildings")),
            (Kind.STONE, _("Stone buildings")),
            (Kind.PRESTIGE, _("Prestige buildings")),
        ):
            tiles = [t for t in TILES if t.kind is kind]
            self.add(_text(MARGIN, y + 18, label, 17, cls="b"))
            hint = {
                Kind.WOOD: _("built by a carpenter: cost → prestige"),
                Kind.STONE: _("built by the mason: cost → prestige"),
                Kind.PRESTIGE: _("built by an architect on one of your residences: cost → prestige"),
            }[kind]
            # the hint after the label (English: at 168)
            hint_x = max(168.0, text_width(label, 17, True) + 14)
            self.add(_fitted(MARGIN + hint_x, y + 18, hint, 16, WIDTH - 2 * MARGIN - hint_x, cls="faint"))
            y += 26
            built = _built(v)
            tiles = [t for t in tiles if t.key in supply or t.key in built]
            for i, t in enumerate(tiles):
                x = MARGIN + i * (card_w + gap)
                left = int(supply.get(t.key, 0))
                act = self.acts.get(f"supply-{t.key}")
                # a card is the same in every drawing with the same count left, place, language and action
                speech = fragment_speech()
                key = (speech, t.key, left, x, y, None if act is None else (act.id, act.description))
                card = None if speech is None else _CARDS.get(key)
                if card is None:
                    card = self.supply_card(t, x, y, card_w, card_h, left)
                    if speech is not None:
                        keep_fragment(_CARDS, key, card, _CARDS_KEPT)
                self.add(card)
            y += card_h + 10
        return y

    def supply_card(self, t: Tile, x: float, y: float, card_w: float, card_h: float, left: int) -> str:
        """A building's card in the supply: its name, cost and gain, or that none is left."""
        fill = KIND_FILL[t.kind] if left else "#e4dccb"
        inner = [
            _rect(
                x,
                y,
                card_w,
                card_h,
                rx=6,
                class_="hit",
                fill=fill,
                stroke="#6b5a40" if left else "#c2b59a",
                stroke_dasharray=None if left else "4 3",
            ),
        ]
        name = _fitted(
            x + card_w / 2,
            y + 22,
            short_name(t) + (f" ×{left}" if left > 1 else ""),
            15,
            card_w - 8,
            "middle",
            "b" if left else "faint",
            12,
        )
        title = tile_rules(t) + ("" if left else " " + _("Built: none left to build."))
        lines = [name]
        if left:
            # i18n: a building's cost on its card: this many cubes of any kind, after the drawn cubes
            cost: list[Run] = _cubes(t.cost, compact=True) + (
                [_n("+{n} any", "+{n} any", t.cost_any)] if t.cost_any else []
            )
            # i18n: what building the tile gives, on its card: PP, royal favours, income
            gain = _("{pp} PP", pp=t.pp)
            if t.favours:
                gain = _("{gain} + {n} fav.", gain=gain, n=t.favours)
            if t.income:
                gain = _("{gain} + {n}d/turn", gain=gain, n=t.income)
            lines.append(_runs(x + card_w / 2, y + 46, cost, 15, card_w - 6))
            lines.append(_fitted(x + card_w / 2, y + 69, gain, 15, card_w - 8, "middle", "b", 12))
        else:
            # i18n: a tile of which none is left: all were built
            lines.append(_fitted(x + card_w / 2, y + 52, _("built"), 15, card_w - 8, "middle", "faint"))
        inner.append(self.info(f"supply-{t.key}", lines, title))
        return self.group(f"supply-{t.key}", "".join(inner), title)


def _built(view: Mapping[str, Any]) -> set[str]:
    return {sp["tile"] for sp in view["road"] if sp["tile"] is not None}


def _ordinal(n: int) -> str:
    """'1st', '2nd' ... (a place in the turn order or the passing order: 1 to 5)."""
    # i18n: places in the turn order and the passing order
    ordinals = (_("1st"), _("2nd"), _("3rd"), _("4th"), _("5th"))
    return ordinals[n - 1] if 1 <= n <= len(ordinals) else str(n)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def draw(
    view: Mapping[str, Any], actions: Sequence[BoardAction], seat: int | None, names: Sequence[str] = ()
) -> str:
    """The board of ``view`` as one SVG; ``actions`` go on their elements, the seats are named by ``names``
    if given (see the module docstring)."""
    board = _Board(view, seat, place_actions(view, actions), names)
    board.header()
    board.specials()
    board.road()
    board.castle()
    board.favours()
    bottom = board.players_panel()
    bottom = board.supply(bottom)
    height = int(bottom + MARGIN)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" class="board board-caylus">'
        f"<style>{STYLE}</style>"
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#f4ecd8"/>'
        + "".join(board.parts)
        + "</svg>"
    )
