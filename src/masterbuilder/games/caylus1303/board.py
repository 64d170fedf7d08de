"""The Caylus 1303 board for the web table, drawn as SVG from ``state.view(seat)`` and the legal actions.

The contract is :mod:`masterbuilder.core.board`. Top to bottom: the round and phase tracks with the pending
decision; the road (28 spaces in four rows of seven, read like text; a row of empty spaces only is drawn
low) with the provost in the gap after the last space that acts, the Guilds Bridge on space 5 holding the
passers' houses; the construction site (its three tiles and the delivery lots); the players (resources,
workers, houses, prestige, characters); the characters on the board (or in the draft); the buildings still
to build; a legend of the cubes. Spaces beyond the provost are dimmed; the space acting now is outlined.

Clickable, for the seat to move: road spaces (a placement, the Notary's claim, the Fair's favour), the Guilds
Bridge (pass), the lots (a worker at the construction site), the construction-site tiles (a favour), the
characters (draft, favour, board), the buildings in the supply (Carpenter, Stonemason, monuments) and ghost
provosts on the road (the Toll, the Guilds Bridge, the Bailiff). Cubes to pay or take, bundles, trade offers
and "decline" stay in the page's panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from masterbuilder.core.board import (
    LEGIBLE,
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
from masterbuilder.core.i18n import N_, SOURCE, Text, language
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303 import text as T
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    CHARACTERS,
    END_PP_PER,
    MONUMENT_TILES,
    RES_NAMES,
    ROAD_LENGTH,
    ROUNDS,
    SLOT_ROUNDS,
    START_SPACES,
    STONE_TILES,
    TILE_BY_KEY,
    TILES,
    WOOD_SPACE,
    WOOD_TILES,
    Effect,
    Family,
    Get,
    Offer,
    Pay,
    Res,
    Side,
    Tile,
    amount,
    res_name,
)
from masterbuilder.games.caylus1303.tasks import PHASE_NAMES
from masterbuilder.games.caylus1303.terminal import family_word

_ = Text("caylus1303")
_n = _.plural

# ---- geometry and palette ------------------------------------------------------------------------------
WIDTH = 1200
MARGIN = 27
COLS = 7
TILE_W, TILE_H = 150, 128
LOW_H = 56  # a row of empty spaces only
GAP_X, GAP_Y = 16, 14
INNER_W = WIDTH - 2 * MARGIN  # 1146
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad")
SEAT_INK = ("#c0392b", "#2e86c1", "#1e8449", "#9a7d0a", "#8e44ad")  # seat names: yellow darkened to read
RES_COLOURS = ("#e0609c", "#9a5b2e", "#8d979f", "#5566d6", "#efc21a")
# i18n: the letters of food, wood, stone, cloth and gold in the tables (the legend explains them)
RES_LETTERS = (N_("F"), N_("W"), N_("S"), N_("C"), N_("G"))
RES_INK = ("#fff", "#fff", "#fff", "#fff", "#3b2f00")
# family: (band, body, band text)
FAMILY_COLOURS = {
    "printed": ("#7d6b55", "#efe6d6", "#fff"),
    "start": ("#e2b94c", "#fbf1d3", "#3a2a00"),
    "residence": ("#4f8a3c", "#e3eed8", "#fff"),
    "wood": ("#94603a", "#f2e0c6", "#fff"),
    "stone": ("#5e6d7a", "#e1e6ea", "#fff"),
    "monument": ("#2b7a78", "#d7ecea", "#fff"),
}
INK = "#2b2118"
MUTED = "#6b5d4f"
PAPER = "#f6efe0"
HIGHLIGHT = "#ff8c1a"
FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif"
# i18n: the phase track of the board: the draft, then the four phases of a round
PHASE_LABELS = (N_("Draft"), N_("1 Planning"), N_("2 Activation"), N_("3 Delivery"), N_("4 Administration"))

STYLE = f"""
.board-caylus1303 text {{ font-family: {FONT}; fill: {INK}; }}
.board-caylus1303 .muted {{ fill: {MUTED}; }}
.board-caylus1303 .act {{ cursor: pointer; }}
.board-caylus1303 .act .hit {{ stroke: {HIGHLIGHT}; stroke-width: 3; }}
"""


def _wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and text_width(f"{line} {word}", size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _fitted(
    x: float,
    y: float,
    text: str,
    size: float,
    room: float,
    least: float = 13,
    *,
    bold: bool = False,
    anchor: str = "start",
    fill: str | None = None,
    cls: str = "",
    italic: bool = False,
) -> str:
    """:func:`_t` fitted into ``room`` (:func:`fit_text`): a smaller font down to ``least``, then squeezed
    into ``room`` (a long translation; English always fits)."""
    fit = fit_text(text, size, room, bold=bold, least=least)
    return _t(
        x, y, text, fit.size, bold=bold, anchor=anchor, fill=fill, cls=cls, italic=italic, squeeze=fit.length
    )


def _t(
    x: float,
    y: float,
    text: object,
    size: float = 15,
    *,
    bold: bool = False,
    anchor: str = "start",
    fill: str | None = None,
    cls: str = "",
    italic: bool = False,
    squeeze: float | None = None,
) -> str:
    """A text element; ``squeeze`` (a width) draws it that wide with ``textLength``."""
    attrs = [f'x="{x:g}"', f'y="{y:g}"', f'font-size="{size:.3g}"']
    if squeeze is not None:
        attrs.append(f'textLength="{squeeze:.1f}" lengthAdjust="spacingAndGlyphs"')
    if bold:
        attrs.append('font-weight="bold"')
    if italic:
        attrs.append('font-style="italic"')
    if anchor != "start":
        attrs.append(f'text-anchor="{anchor}"')
    if fill:
        attrs.append(f'style="fill:{fill}"')
    if cls:
        attrs.append(f'class="{cls}"')
    return f"<text {' '.join(attrs)}>{esc(text)}</text>"


def _rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    *,
    stroke: str = "none",
    sw: float = 1,
    rx: float = 6,
    extra: str = "",
) -> str:
    paint = f' stroke="{stroke}" stroke-width="{sw:g}"' if stroke != "none" else ""
    corner = f' rx="{rx:g}"' if rx else ""
    return f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}"{corner} fill="{fill}"{paint}{extra}/>'


def _title(text: str) -> str:
    return f"<title>{esc(text)}</title>"


@dataclass(frozen=True)
class _Viewer:
    """Who the board is drawn for (``seat``; None: a spectator) and the players' names, if given."""

    seat: int | None
    names: Sequence[str] = ()


def _seat_name(seat: int, viewer: _Viewer) -> str:
    """How the board names ``seat``: its player's name as the page's panel shows it ('Seat 2' unnamed), the
    viewer's own marked '(you)'."""
    name = player_name(seat, viewer.names, lambda s: _("Seat {seat}", seat=s))
    if seat != viewer.seat:
        return name
    return viewer_name(name) if viewer.names else _("Seat {seat} (you)", seat=seat)


def _passed(place: int) -> str:
    """'passed 1st': the player's place in the passing order."""
    if place == 1:
        return _("passed 1st")
    if place == 2:
        return _("passed 2nd")
    if place == 3:
        return _("passed 3rd")
    return _("passed {place}th", place=place)


def _colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# ---- pieces --------------------------------------------------------------------------------------------
def _cube(x: float, y: float, r: int, size: float = 17, squeeze: float = 1.0) -> str:
    """A resource cube with its letter (the colour says it, the letter says it again); in a line squeezed
    by ``squeeze`` the letter stays legible."""
    return (
        "<g>"
        + _rect(x, y, size, size, RES_COLOURS[r], stroke="#0005", rx=3)
        + _t(
            x + size / 2,
            y + size * 0.76,
            _(RES_LETTERS[r]),
            max(size * 0.7, LEGIBLE / squeeze),
            bold=True,
            anchor="middle",
            fill=RES_INK[r],
        )
        + "</g>"
    )


def _worker(cx: float, cy: float, seat: int, ident: str, scale: float = 1.0) -> str:
    """A worker: a little person in the seat's colour."""
    s = scale
    c = _colour(seat)
    return (
        f'<g id="{ident}" class="worker seat-{seat}">'
        f'<circle cx="{cx:g}" cy="{cy - 9 * s:g}" r="{6 * s:g}" fill="{c}" stroke="#000a" '
        'stroke-width="1.2"/>'
        f'<path d="M{cx - 10 * s:g},{cy + 12 * s:g} Q{cx - 9 * s:g},{cy - 3 * s:g} {cx:g},{cy - 3 * s:g} '
        f'Q{cx + 9 * s:g},{cy - 3 * s:g} {cx + 10 * s:g},{cy + 12 * s:g} Z" fill="{c}" stroke="#000a" '
        'stroke-width="1.2"/></g>'
    )


def _house(x: float, y: float, seat: int, ident: str = "", w: float = 20, label: str = "") -> str:
    """A house in the seat's colour, its bottom-left corner at (x, y)."""
    c = _colour(seat)
    h = w * 0.95
    idattr = f' id="{ident}"' if ident else ""
    body = (
        f'<path d="M{x:g},{y:g} V{y - h * 0.55:g} L{x + w / 2:g},{y - h:g} L{x + w:g},{y - h * 0.55:g} '
        f'V{y:g} Z" fill="{c}" stroke="#000a" stroke-width="1.2"/>'
    )
    if label:
        ink = "#3b2f00" if seat == 3 else "#fff"  # dark on the yellow house
        body += _t(x + w / 2, y - 3, label, w * 0.62, bold=True, anchor="middle", fill=ink)
    return f'<g{idattr} class="house seat-{seat}">{body}</g>'


def _provost(cx: float, top: float, ident: str, tip: str, extra: str = "", ghost: bool = False) -> str:
    """The provost: a tall dark pawn standing in the gap between two road spaces; a ghost (white, dashed)
    marks a place he may be moved to."""
    fill, stroke, dash = ("#fff", "#1d2b4f", ' stroke-dasharray="3 2"') if ghost else ("#1d2b4f", "#fff", "")
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{2 if ghost else 1.5}"{dash}'
    return (
        f'<g id="{ident}"{extra}>'
        + _title(tip)
        + _rect(cx - 11, top - 6, 22, 70, "#fff0", rx=10, extra=' class="hit"')
        + f'<circle cx="{cx:g}" cy="{top + 8:g}" r="7.5" {paint}/>'
        + f'<path d="M{cx - 8:g},{top + 56:g} L{cx - 4:g},{top + 16:g} L{cx + 4:g},{top + 16:g} '
        f'L{cx + 8:g},{top + 56:g} Z" {paint}/>' + "</g>"
    )


# ---- rich lines: words and cubes -----------------------------------------------------------------------
Cube = tuple[int, int, str]  # (resource, amount, sign): reads "+2 [cube]"
Token = str | Cube  # words, or a cube


def _c(resource: int, amount: int, sign: str = "") -> Cube:
    return (resource, amount, sign)


def _offer_tokens(o: Offer, first: Offer | None = None) -> list[Token]:
    """'1 cloth → 4 PP'; after a ``first`` offer paid the same way (workers, any), only the amount."""
    if first is not None and o.pay is first.pay and o.pay is not Pay.RES:
        paid: list[Token] = [str(o.amount)]
    elif o.pay is Pay.RES:
        paid = [_c(o.resource, o.amount)]
    elif o.pay is Pay.ANY:
        # i18n: n resources of the payer's choice (food, wood, stone or cloth)
        paid = [_n("{n} any", "{n} any", o.amount)]
    else:
        paid = [_n("{n} worker", "{n} workers", o.amount)]
    if o.get is Get.GOLD:
        got: list[Token] = [_c(4, o.gets)]
    elif o.get is Get.PP:
        got = [_n("{n} PP", "{n} PP", o.gets)]
    else:
        got = [_n("{n} worker", "{n} workers", o.gets)]
    return [*paid, "→", *got]


_SHORT: dict[Effect, list[Token]] = {
    Effect.FAIR: [_c(1, 1), N_("→ a favour")],
    Effect.NOTARY: [_c(3, 1), N_("→ claim a start building")],
    Effect.CARPENTER: [N_("build a wood building")],
    Effect.STONEMASON: [N_("build a stone building")],
    Effect.TOLL: [N_("move the provost up to 2 steps")],
    Effect.BRIDGE: [N_("pass here; passers move the provost")],
    Effect.SELL_WORKER: [N_("1 more worker to camp → 1 any")],
    # i18n: 'any': any one of food, wood, stone or cloth
    Effect.CHOOSE: [N_("take 1 any")],
    Effect.FAVOUR: [N_("a favour")],
    Effect.NONE: [N_("no workers")],
}
"""A tile's effect in words (English, translated where drawn) and cubes."""


def _side_tokens(side: Side, owner_bonus: int = -1, setup: bool = False) -> list[Token]:
    """What a worker on this side of a tile gets, in words and cubes."""
    e = side.effect
    if e is Effect.GAIN:
        out: list[Token] = [_c(i, n, "+") for i, n in enumerate(side.gain) if n]
        if side.workers:
            out.append(_n("+{n} worker", "+{n} workers", side.workers))
        if side.pp:
            out.append(_("+{pp} PP", pp=side.pp))
        if owner_bonus >= 0:
            # i18n: before a cube: what the building's owner gets ('· owner +1 [food]')
            out += [_("· owner"), _c(owner_bonus, 1, "+")]
        return out
    if e is Effect.TRADE:
        toks: list[Token] = []
        for k, o in enumerate(side.offers):
            if k:
                # i18n: between a building's two offers
                toks.append(_("or"))
            toks += _offer_tokens(o, side.offers[0] if k else None)
        return toks
    toks = [tok if not isinstance(tok, str) else _(tok) for tok in _SHORT[e]]
    if e is Effect.STONEMASON and setup:
        # i18n: the Stonemason's setup side builds without paying the stone
        toks.append(_("(no stone)"))
    return toks


def _rich(
    tokens: Sequence[Token],
    x: float,
    y: float,
    width: float,
    size: float = 14,
    lh: float = 18,
    max_lines: int = 3,
) -> tuple[str, int]:
    return _rich_cached(tuple(tokens), x, y, width, size, lh, max_lines, language())


@lru_cache(maxsize=2048)
def _rich_cached(
    tokens: tuple[Token, ...],
    x: float,
    y: float,
    width: float,
    size: float,
    lh: float,
    max_lines: int,
    lang: str,
) -> tuple[str, int]:
    """Words and cubes laid out from (x, y baseline), wrapped at ``width``; returns (svg, lines used).
    Runs of words on a line are one text element. ``lang`` keys the cache: the cubes' letters are
    translated. In a translation, what needs more than ``max_lines`` gets a font up to 2 px smaller, then
    its lines squeezed (to 80% at least, never under :data:`LEGIBLE` px)."""
    items: list[Token] = []
    for tok in tokens:
        items += tok.split() if isinstance(tok, str) else [tok]
    lines, whole = _rich_lines(items, width, size, max_lines)
    squeeze = 1.0
    if not whole and lang != SOURCE:  # English keeps its layout (a cost's '+1 any' shows as '+1')
        tries = [(size - 1, 1.0), (size - 2, 1.0), (size - 2, 0.9), (size - 2, 0.8)]
        for smaller, squeeze in [(s, q) for s, q in tries if s * q >= LEGIBLE]:
            fitted, whole = _rich_lines(items, width / squeeze, smaller, max_lines)
            if whole:
                lines, size = fitted, smaller
                break
        else:  # no room even so: the end is left to the tooltip, as in English
            squeeze = 1.0
    cube = size + 2
    out: list[str] = []
    for k, line in enumerate(lines):
        yy = y + k * lh
        run: list[str] = []
        run_x = 0.0
        for pos, item in line:
            if isinstance(item, str):
                if not run:
                    run_x = pos
                run.append(item)
                continue
            if run:
                out.append(_t(x + run_x, yy, " ".join(run), size))
                run = []
            r, n, sign = item
            label = f"{sign}{n}"
            out.append(_t(x + pos, yy, label, size, bold=True))
            out.append(_cube(x + pos + text_width(label, size, True) + 2, yy - cube * 0.8, r, cube, squeeze))
        if run:
            out.append(_t(x + run_x, yy, " ".join(run), size))
    svg = "".join(out)
    if squeeze < 1:
        svg = f'<g transform="matrix({squeeze:g} 0 0 1 {x * (1 - squeeze):.2f} 0)">{svg}</g>'
    return svg, len(lines)


def _rich_lines(
    items: Sequence[Token], width: float, size: float, max_lines: int
) -> tuple[list[list[tuple[float, Token]]], bool]:
    """Words and cubes placed on at most ``max_lines`` lines of ``width``: each line's (x, item) pairs,
    and whether every item found a place."""
    cube = size + 2
    space = text_width(" ", size)
    lines: list[list[tuple[float, Token]]] = [[]]
    cx = 0.0
    for item in items:
        if isinstance(item, str):
            w = text_width(item, size)
        else:
            w = text_width(f"{item[2]}{item[1]}", size, True) + 2 + cube
        if cx > 0 and cx + w > width:
            if len(lines) == max_lines:
                return lines, False
            lines.append([])
            cx = 0.0
        lines[-1].append((cx, item))
        cx += w + space
    return lines, True


# ---- what the view says --------------------------------------------------------------------------------
def _tile(key: str) -> Tile:
    return TILES[TILE_BY_KEY[key]]


def _family(space: Mapping[str, Any]) -> str:
    if space["tile"] is None:
        return ""
    return "residence" if space["residence"] else _tile(space["tile"]).family.value


def _acting_space(view: Mapping[str, Any]) -> int | None:
    """The road space acting now (its worker decides, or the Guilds Bridge while the provost is moved);
    for a monument decision, the residence it may replace."""
    if view["is_terminal"] or view["current_player"] is None:
        return None
    prompt = str(view["prompt"])
    if view["phase"] == 4:
        # the prompt is in the language the board is drawn in: find which residence it names
        return next(
            (n for n in range(1, ROAD_LENGTH + 1) if prompt.endswith(": " + T.monument_decision(n))), None
        )
    if view["phase"] != 2:
        return None
    if prompt.endswith(": " + _(T.BRIDGE_DECISION)) or prompt.endswith(": " + _(T.BAILIFF_DECISION)):
        return BRIDGE_SPACE
    for sp in view["road"]:
        if sp["space"] > view["provost"]:
            break
        if sp["workers"]:
            return int(sp["space"])
    return None


def _next_lot(view: Mapping[str, Any]) -> int | None:
    for sp in view["road"]:
        if sp["space"] >= WOOD_SPACE and sp["tile"] is None:
            return int(sp["space"])
    return None


def _setup_text(tile: Tile) -> str:
    """The setup side's rule text; the Stonemason's setup side builds without paying the stone."""
    if tile.setup.effect is Effect.STONEMASON:
        # i18n: the Stonemason's setup side: it builds a stone building without paying its stone
        return _("{effect} without paying its stone", effect=tile.setup.text)
    return tile.setup.text


def _space_rule(view: Mapping[str, Any], sp: Mapping[str, Any], viewer: _Viewer) -> str:
    """The tooltip of a road space: its building, what a worker there gets, who owns it."""
    n = sp["space"]
    if sp["tile"] is None:
        if _next_lot(view) == n:
            return _("Space {space}: empty. The next building goes here.", space=n)
        return _("Space {space}: empty.", space=n)
    tile = _tile(sp["tile"])
    owner = sp["owner"]
    who = " " + _("Owner: {player}.", player=_seat_name(owner, viewer)) if owner is not None else ""
    if sp["residence"]:
        return _(
            "Space {space}: residence (was the {building}).{owner} No workers; +1 worker at each "
            "recruitment.",
            space=n,
            building=tile.title,
            owner=who,
        )
    if tile.family is Family.MONUMENT:
        # i18n: {owner} is ' Owner: seat 1.' or nothing; {effect} what the monument gives
        return _(
            "Space {space}: {building}, monument ({pp} PP).{owner} No workers; {effect}.",
            space=n,
            building=tile.title,
            pp=tile.pp,
            owner=who,
            effect=T.lasting_text(tile.id),
        )
    if tile.family in (Family.WOOD, Family.STONE) and owner is None:
        return _(
            "Space {space}: {building}, setup side: {effect}.",
            space=n,
            building=tile.title,
            effect=_setup_text(tile),
        )
    bonus = ""
    if tile.owner_bonus >= 0:
        bonus = " " + _(
            "When another player's worker acts here, the owner gets {resources}.",
            resources=amount(tile.owner_bonus, 1),
        )
    # i18n: {owner} is ' Owner: seat 1.' or nothing; {bonus} a sentence about the owner's bonus or nothing
    return _(
        "Space {space}: {building}: {effect}.{owner}{bonus}",
        space=n,
        building=tile.title,
        effect=tile.built.text,
        owner=who,
        bonus=bonus,
    )


# ---- actions on elements -------------------------------------------------------------------------------
@dataclass
class _Acts:
    """Legal actions by the id of the element they belong to; each element takes at most one action."""

    by_element: dict[str, BoardAction] = field(default_factory=dict)

    @classmethod
    def of(cls, view: Mapping[str, Any], actions: Sequence[BoardAction]) -> _Acts:
        out: dict[str, BoardAction] = {}
        for a in actions:
            key = _element_of(view, a.id)
            if key is not None and key not in out:
                out[key] = a
        return cls(out)

    def attrs(self, element: str, cls: str = "") -> str:
        """id, class and data-action attributes of the element, and its action's title if it has one."""
        a = self.by_element.get(element)
        classes = f"{cls} act".strip() if a is not None else cls
        out = f' id="{element}"'
        if classes:
            out += f' class="{classes}"'
        if a is not None:
            out += f' data-action="{a.id}" tabindex="0" role="button"'
        return out

    def title(self, element: str, rule: str = "") -> str:
        """The element's tooltip: the action's description first (if any), then the rule text."""
        a = self.by_element.get(element)
        if a is None:
            return _title(rule) if rule else ""
        return _title(a.description + (f"\n{rule}" if rule else ""))

    def has(self, element: str) -> bool:
        return element in self.by_element


def _element_of(view: Mapping[str, Any], a: int) -> str | None:
    if A.PLACE <= a < A.SITE:
        return f"road-{a - A.PLACE + 1}"
    if a == A.SITE:
        return "site-lots"
    if a == A.PASS:
        return f"road-{BRIDGE_SPACE}"
    if a == A.YES:  # the Fair (space 1) is the only tile that offers "pay 1 wood for a favour"
        return "road-1"
    if A.CHAR <= a < A.SLOT:
        return f"char-{CHARACTERS[a - A.CHAR].key}"
    if A.SLOT <= a < A.BUILD:
        return f"slot-{a - A.SLOT + 1}"
    if A.BUILD <= a < A.PAY:
        return f"tile-{TILES[A.BUILDABLE[a - A.BUILD]].key}"
    if A.MOVE <= a < A.CLAIM:
        return f"provost-to-{int(view['provost']) + A.MOVES[a - A.MOVE]}"
    if A.CLAIM <= a < A.OFFER:
        return f"road-{a - A.CLAIM + START_SPACES[0]}"
    return None


# ---- the header ----------------------------------------------------------------------------------------
def _header(view: Mapping[str, Any], viewer: _Viewer) -> tuple[str, float]:
    out = [_t(MARGIN, 36, "Caylus 1303", 24, bold=True)]
    # round track
    x = 205.0
    out.append(_t(x, 33, _("Round"), 15, cls="muted"))
    rnd = int(view["round"])
    for r in range(1, ROUNDS + 1):
        cx = x + 62 + (r - 1) * 31
        now = r == rnd
        done = r < rnd
        fill = HIGHLIGHT if now else ("#d8ccb6" if done else "#fffaf0")
        out.append(
            f'<g id="round-{r}"><circle cx="{cx:g}" cy="28" r="13" fill="{fill}" '
            f'stroke="{INK if now else "#a8977c"}" stroke-width="{2 if now else 1}"/>'
            + _t(cx, 33, r, 14, bold=now, anchor="middle")
            + (
                _title(
                    _(
                        "Round {round}: construction-site slot {slot} opens to favours",
                        round=r,
                        slot=SLOT_ROUNDS.index(r) + 1,
                    )
                )
                if r in SLOT_ROUNDS
                else ""
            )
            + "</g>"
        )
    # phase track
    x = 555.0
    phase = int(view["phase"])
    for k, english in enumerate(PHASE_LABELS):
        label = _(english)
        w = text_width(label, 15, True) + 18
        now = k == phase and not view["is_terminal"]
        out.append(
            f'<g id="phase-{k}">'
            + _rect(
                x, 12, w, 32, "#1d2b4f" if now else "#fffaf0", stroke="#1d2b4f" if now else "#a8977c", rx=16
            )
            + _t(x + w / 2, 33, label, 15, bold=now, anchor="middle", fill="#fff" if now else MUTED)
            + _title(_("Phase: {name}", name=_(PHASE_NAMES[k])))
            + "</g>"
        )
        x += w + 6
    # the decision
    y = 60
    seat = view["current_player"]
    if view["is_terminal"]:
        winners = view["winners"]
        who = ", ".join(_seat_name(s, viewer) for s in winners)
        ranked = sorted(view["players"], key=lambda p: -int(p["prestige"] or 0))
        # i18n: one player's score in the list of final scores
        scores = ", ".join(
            _("{player} {pp} PP", player=_seat_name(int(p["seat"]), viewer), pp=p["prestige"]) for p in ranked
        )
        if len(winners) == 1:
            msg = _(
                "Game over after round {round}. Winner: {players}. Final scores: {scores}.",
                round=rnd,
                players=who,
                scores=scores,
            )
        else:
            msg = _(
                "Game over after round {round}. Shared win: {players}. Final scores: {scores}.",
                round=rnd,
                players=who,
                scores=scores,
            )
        colour = _colour(winners[0]) if winners else INK
    else:
        prompt = str(view["prompt"])
        prefix = T.seat_prefix(seat) if seat is not None else ""
        if seat is not None and prompt.startswith(prefix):
            prompt = _seat_name(seat, viewer) + prompt[len(prefix) :]
        msg = prompt
        colour = _colour(seat) if seat is not None else INK
    lines = _wrap(msg, INNER_W - 70, 17, True)[:2]
    h = 16 + 22 * len(lines)
    out.append(
        '<g id="decision">'
        + _rect(MARGIN, y, INNER_W, h, "#fffaf0", stroke=colour, sw=3, rx=8)
        + _rect(MARGIN, y, 14, h, colour, rx=4)
        + "".join(_t(MARGIN + 28, y + 27 + 22 * i, line, 17, bold=True) for i, line in enumerate(lines))
        + "</g>"
    )
    return "".join(out), y + h + 12


# ---- the road ------------------------------------------------------------------------------------------
Rows = list[tuple[float, float]]  # (top, height) of each row of the road


def _road_rows(view: Mapping[str, Any], acts: _Acts, top: float) -> Rows:
    """Full-height rows where there is something to show (a building, the provost or where he may go);
    a row of empty spaces only is drawn low."""
    provost = int(view["provost"])
    marks = {provost} | {provost + d for d in A.MOVES if acts.has(f"provost-to-{provost + d}")}
    rows: Rows = []
    for r in range(ROAD_LENGTH // COLS):
        spaces = range(r * COLS + 1, (r + 1) * COLS + 1)
        full = any(view["road"][n - 1]["tile"] is not None or n in marks for n in spaces)
        h = TILE_H if full else LOW_H
        rows.append((top, h))
        top += h + GAP_Y
    return rows


def _space_xy(space: int, rows: Rows) -> tuple[float, float, float]:
    """Left, top and height of a road space."""
    i = space - 1
    y, h = rows[i // COLS]
    return MARGIN + (i % COLS) * (TILE_W + GAP_X), y, h


def _road(view: Mapping[str, Any], acts: _Acts, top: float, viewer: _Viewer) -> tuple[str, float]:
    provost = int(view["provost"])
    acting = _acting_space(view)
    head = _t(MARGIN, top + 16, _("The road"), 17, bold=True)
    note = _(
        "the provost stands after space {space}: spaces 1–{space} act, workers beyond go back unused",
        space=provost,
    )
    head += _t(MARGIN + 90, top + 16, note, 15, cls="muted")
    top += 28
    out = [head]
    next_lot = _next_lot(view)
    rows = _road_rows(view, acts, top)
    for sp in view["road"]:
        out.append(_space(view, sp, acts, rows, provost, acting == sp["space"], next_lot, viewer))
    # the provost, and where he may go
    for d in A.MOVES:
        ident = f"provost-to-{provost + d}"
        if acts.has(ident):
            gx, gy, _h = _space_xy(provost + d, rows)
            out.append(
                _provost(
                    gx + TILE_W + GAP_X / 2,
                    gy + 30,
                    ident,
                    acts.by_element[ident].description,
                    f' class="provost-ghost act" data-action="{acts.by_element[ident].id}" tabindex="0"'
                    ' role="button"',
                    ghost=True,
                )
            )
    x, y, _h = _space_xy(provost, rows)
    out.append(
        _provost(
            x + TILE_W + GAP_X / 2, y + 30, "provost", _("The provost, after space {space}", space=provost)
        )
    )
    last_top, last_h = rows[-1]
    return "".join(out), last_top + last_h + GAP_Y + 4


def _space(
    view: Mapping[str, Any],
    sp: Mapping[str, Any],
    acts: _Acts,
    rows: Rows,
    provost: int,
    acting: bool,
    next_lot: int | None,
    viewer: _Viewer,
) -> str:
    n = int(sp["space"])
    x, y, h = _space_xy(n, rows)
    ident = f"road-{n}"
    out = [f"<g{acts.attrs(ident, 'space')}>", acts.title(ident, _space_rule(view, sp, viewer))]
    fam = _family(sp)
    if not fam:
        dashed = ' stroke-dasharray="6 4" class="hit"'
        out.append(_rect(x, y, TILE_W, h, "#fffaf0", stroke="#b3a58c", sw=1.5, extra=dashed))
        out.append(_t(x + 10, y + 22, n, 16, bold=True, cls="muted"))
        if n == next_lot and h == TILE_H:
            # i18n: on an empty road space, on two short lines: keep the line break
            for k, line in enumerate(_("next building\ngoes here").split("\n")[:2]):
                out.append(
                    _t(x + TILE_W / 2, y + 62 + 19 * k, line, 15, anchor="middle", cls="muted", italic=True)
                )
        elif n == next_lot:
            out.append(
                # i18n: on an empty road space drawn low (one line)
                _t(x + TILE_W - 10, y + 22, _("next building"), 15, anchor="end", cls="muted", italic=True)
            )
        if n > provost:
            out.append(_rect(x, y, TILE_W, h, PAPER, extra=' opacity="0.45"'))
        out.append("</g>")
        return "".join(out)
    tile = _tile(sp["tile"])
    band, body, band_ink = FAMILY_COLOURS[fam]
    stroke = HIGHLIGHT if acting else "#5a4a38"
    out.append(
        f'<g id="tile-{tile.key}">'
        + _rect(x, y, TILE_W, TILE_H, body, stroke=stroke, sw=4 if acting else 1.2, extra=' class="hit"')
        + _rect(x, y, TILE_W, 26, band, rx=6)
        + _rect(x, y + 14, TILE_W, 12, band, rx=0)
        + _t(x + 9, y + 19, n, 17, bold=True, fill=band_ink)
    )
    fam_label = _("acting now") if acting else ("" if fam == "printed" else family_word(fam))
    label_room = TILE_W - 8 - 9 - text_width(str(n), 17, True) - 6
    out.append(
        _fitted(
            x + TILE_W - 8, y + 19, fam_label, 14, label_room, 11, anchor="end", fill=band_ink, bold=acting
        )
    )
    name = _(tile.name) if not sp["residence"] else _("Residence")
    out.append(_fitted(x + 8, y + 46, name, 17, TILE_W - 16, bold=True))
    # what happens here
    if sp["residence"]:
        toks: list[Token] = [_("owner: +1 worker each recruitment")]
    elif tile.family is Family.MONUMENT:
        toks = [_("{pp} PP · {effect}", pp=tile.pp, effect=T.lasting_text(tile.id))]
    elif tile.family in (Family.WOOD, Family.STONE) and sp["owner"] is None:
        toks = _side_tokens(tile.setup, setup=True)
    else:
        toks = _side_tokens(tile.built, tile.owner_bonus)
    if n == BRIDGE_SPACE:
        toks = [_("pass here")]
    svg, _lines = _rich(toks, x + 8, y + 67, TILE_W - 16, 15, 19, 2)
    out.append(svg)
    out.append("</g>")
    # owner, workers, passers
    base = y + TILE_H - 8
    if sp["owner"] is not None:
        out.append(_house(x + 8, base, int(sp["owner"]), f"house-p{sp['owner']}-s{n}", 24))
    if n == BRIDGE_SPACE:
        for k, seat in enumerate(view["passing_order"]):
            hx = x + 8 + k * 27
            out.append(_house(hx, base, int(seat), f"house-p{seat}-bridge", 24, str(k + 1)))
        if not view["passing_order"]:
            out.append(
                _fitted(x + 8, base - 4, _("nobody has passed"), 14, TILE_W - 16, cls="muted", italic=True)
            )
    for k, seat in enumerate(sp["workers"]):
        out.append(_worker(x + TILE_W - 20 - k * 28, base - 12, int(seat), f"worker-p{seat}-s{n}"))
    if n > provost:
        out.append(_rect(x, y, TILE_W, TILE_H, PAPER, extra=' opacity="0.45" pointer-events="none"'))
    out.append("</g>")
    return "".join(out)


# ---- the construction site -----------------------------------------------------------------------------
SLOT_W, SLOT_H = 196, 112


def _site(view: Mapping[str, Any], acts: _Acts, top: float, viewer: _Viewer) -> tuple[str, float]:
    out = [_t(MARGIN, top + 16, _("Construction site"), 17, bold=True)]
    out.append(
        _t(
            MARGIN + 160,
            top + 16,
            _("a favour may use an open tile (its setup side), then take a character from the board"),
            15,
            cls="muted",
        )
    )
    top += 28
    open_slots = int(view["open_slots"])
    for k, key in enumerate(view["slots"]):
        tile = _tile(key)
        x = MARGIN + k * (SLOT_W + 10)
        ident = f"slot-{k + 1}"
        usable = k < open_slots
        band, body, band_ink = FAMILY_COLOURS[tile.family.value]
        if usable:
            rule = _(
                "Construction-site slot {slot}: the {building}, setup side: {effect}",
                slot=k + 1,
                building=tile.title,
                effect=_setup_text(tile),
            )
        else:
            rule = _(
                "Construction-site slot {slot}: the {building}, setup side: {effect} (favours may use it "
                "from round {round})",
                slot=k + 1,
                building=tile.title,
                effect=_setup_text(tile),
                round=SLOT_ROUNDS[k],
            )
        out.append(f"<g{acts.attrs(ident, 'slot')}>" + acts.title(ident, rule))
        out.append(
            f'<g id="tile-{tile.key}">'
            + _rect(x, top, SLOT_W, SLOT_H, body, stroke="#5a4a38", sw=1.2, extra=' class="hit"')
            + _rect(x, top, SLOT_W, 26, band, rx=6)
            + _rect(x, top + 14, SLOT_W, 12, band, rx=0)
            + _t(x + 9, top + 19, _("Slot {slot}", slot=k + 1), 15, bold=True, fill=band_ink)
            + _fitted(
                x + SLOT_W - 8,
                top + 19,
                # i18n: a construction-site slot a favour may use now
                _("open") if usable else _("from round {round}", round=SLOT_ROUNDS[k]),
                14,
                SLOT_W - 8 - 9 - text_width(_("Slot {slot}", slot=k + 1), 15, True) - 8,
                11,
                anchor="end",
                fill=band_ink,
                bold=usable,
            )
            + _fitted(
                x + 9, top + 46, shortened(tile.title, SLOT_W - 18, bold=True), 16, SLOT_W - 18, bold=True
            )
            + _rich(_side_tokens(tile.setup, setup=True), x + 9, top + 68, SLOT_W - 18, 14, 18, 2)[0]
            + "</g>"
        )
        if not usable:
            out.append(_rect(x, top, SLOT_W, SLOT_H, PAPER, extra=' opacity="0.5" pointer-events="none"'))
        out.append("</g>")
    # the lots
    x = MARGIN + 3 * (SLOT_W + 10)
    w = WIDTH - MARGIN - x
    rule = _(
        "Phase 3: in lot order, each worker here delivers bundles (food and 2 other different resources) "
        "for {pp} PP each; the most bundles get a favour (a tie: the earlier lot). One worker per player.",
        pp=BUNDLE_PP,
    )
    out.append(f"<g{acts.attrs('site-lots', 'lots')}>" + acts.title("site-lots", rule))
    prompt = str(view["prompt"])
    delivering = (
        view["phase"] == 3
        and not view["is_terminal"]
        and any(
            prompt.endswith(": " + T.deliver_decision(pp, gold))
            for pp in (BUNDLE_PP, BUNDLE_PP + 1)
            for gold in (False, True)
        )
    )
    stroke, sw = (HIGHLIGHT, 4.0) if delivering else ("#5a4a38", 1.2)
    out.append(_rect(x, top, w, SLOT_H, "#fffaf0", stroke=stroke, sw=sw, extra=' class="hit"'))
    label = _("Delivering now") if delivering else _("Lots (deliver in this order)")
    out.append(_t(x + 12, top + 22, label, 15, bold=True))
    site = [int(s) for s in view["site"]]
    for k, seat in enumerate(site):
        cx = x + 30 + k * 48
        out.append(_worker(cx, top + 60, seat, f"worker-p{seat}-site", 1.2))
        out.append(_t(cx, top + 100, f"{k + 1}.", 15, bold=True, anchor="middle"))
    if acts.has("site-lots"):
        cx = x + 30 + len(site) * 48
        out.append(
            f'<circle cx="{cx}" cy="{top + 60}" r="15" fill="#fff" stroke="{HIGHLIGHT}" stroke-width="2" '
            'stroke-dasharray="4 3"/>'
        )
        out.append(_t(cx, top + 100, f"{len(site) + 1}.", 15, anchor="middle", cls="muted"))
    elif not site:
        out.append(_t(x + 12, top + 62, _("nobody yet"), 15, cls="muted", italic=True))
    # i18n: one note on three short lines (about 35 characters each): keep the two line breaks
    notes = _(
        "Phase 3, in lot order: a bundle is\n1 food + 2 other different cubes\n"
        "= {pp} PP; most bundles: a favour",
        pp=BUNDLE_PP,
    ).split("\n")
    deliveryman = view["characters"].get("deliveryman")
    if isinstance(deliveryman, int):
        notes.append(_("then Deliveryman: {player}", player=_seat_name(deliveryman, viewer)))
    for k, line in enumerate(notes):
        out.append(
            _t(
                x + w - 12,
                top + 24 + k * 20 + (8 if len(notes) == 3 else 0),
                line,
                14,
                anchor="end",
                cls="muted",
            )
        )
    out.append("</g>")
    return "".join(out), top + SLOT_H + 12


# ---- the players ---------------------------------------------------------------------------------------
CHIP_W, CHIP_H = 170, 28
PLAYER_H = 72


def _char_chip(key: str, x: float, y: float, acts: _Acts, used: bool) -> str:
    c = next(ch for ch in CHARACTERS if ch.key == key)
    ident = f"char-{key}"
    name = _(c.name)
    if used:
        tip = _("{character}: {effect} (used this round)", character=name, effect=_(c.text))
    else:
        tip = _("{character}: {effect}", character=name, effect=_(c.text))
    return (
        f"<g{acts.attrs(ident, 'character')}>"
        + acts.title(ident, tip)
        + _rect(x, y, CHIP_W, CHIP_H, "#fdf6e3", stroke="#7a5c2e", sw=1.3, rx=5, extra=' class="hit"')
        + _fitted(x + CHIP_W / 2, y + 19, name, 15, CHIP_W - 14, bold=True, anchor="middle")
        + (_rect(x, y, CHIP_W, CHIP_H, PAPER, rx=5, extra=' opacity="0.5"') if used else "")
        + "</g>"
    )


def _players(view: Mapping[str, Any], acts: _Acts, top: float, viewer: _Viewer) -> tuple[str, float]:
    over = bool(view["is_terminal"])
    out = [_t(MARGIN, top + 16, _("Players"), 17, bold=True)]
    gold_pp = END_PP_PER[Res.GOLD]
    note = (
        _("prestige includes {pp} PP per gold left", pp=gold_pp)
        if over
        else _(
            "prestige is hidden from the others until the end · each gold left: {pp} PP at the end",
            pp=gold_pp,
        )
    )
    out.append(_t(MARGIN + 80, top + 16, note, 15, cls="muted"))
    top += 26
    order = list(view["passing_order"])
    used = {"journeyman": bool(view["journeyman_used"]), "goldsmith": bool(view["goldsmith_used"])}
    for p in view["players"]:
        seat = int(p["seat"])
        chars = list(p["characters"])
        c = _colour(seat)
        now = view["current_player"] == seat
        winner = over and seat in view["winners"]
        marks = []
        if winner:
            marks.append(_("winner"))
        elif now:
            marks.append("▶ " + _("deciding"))
        if seat == view["first_player"] and not over:
            # i18n: the first player
            marks.append("★ " + _("first"))
        if seat in order:
            marks.append(_passed(order.index(seat) + 1))
        mark_lines: list[str] = []
        # a translation's marks share a line down to a 13 px font (English's all fit at 15 px)
        mark_room = 172 if language() == SOURCE else 172 * 15 / 13
        for mark in marks:
            if mark_lines and text_width(f"{mark_lines[-1]} · {mark}", 15, True) <= mark_room:
                mark_lines[-1] += f" · {mark}"
            else:
                mark_lines.append(mark)
        chip_rows = max(1, (len(chars) + 1) // 2)
        # a translation's last line of marks also gets the room below it (English's two lines fit as they are)
        below = 10 if len(mark_lines) > 2 or (len(mark_lines) == 2 and language() != SOURCE) else 0
        h = max(PLAYER_H, 16 + chip_rows * (CHIP_H + 6), 36 + 19 * len(mark_lines) + below)
        out.append(f'<g id="player-{seat}">')
        out.append(
            _rect(
                MARGIN,
                top,
                INNER_W,
                h,
                "#fffaf0",
                stroke=HIGHLIGHT if now or winner else "#b3a58c",
                sw=3 if now or winner else 1.2,
                rx=8,
            )
        )
        out.append(_rect(MARGIN, top, 12, h, c, rx=4))
        out.append(
            _fitted(
                MARGIN + 22,
                top + 27,
                shortened(_seat_name(seat, viewer), 172, bold=True, legible=14),
                18,
                172,
                bold=True,
                fill=SEAT_INK[seat % 5],
            )
        )
        for k, line in enumerate(mark_lines):
            out.append(_fitted(MARGIN + 22, top + 54 + 19 * k, line, 15, 172, bold=True))
        # resources
        x = MARGIN + 200
        for r, name in enumerate(RES_NAMES):
            n = int(p["resources"][name])
            cx = x + r * 58
            out.append(
                f'<g id="res-p{seat}-{name}">'
                + _title(_("{player}: {resources}", player=_seat_name(seat, viewer), resources=amount(r, n)))
                + _cube(cx, top + 10, r, 22)
                + _t(cx + 27, top + 28, n, 19, bold=True, fill=INK if n else "#b3a58c")
                + "</g>"
            )
        # prestige
        pp = p["prestige"]
        x_pp = MARGIN + 500
        if pp is None:
            tip = _("Prestige points (hidden until the end)")
        elif over and p["final_bonus"]:
            tip = _("Prestige points, including +{pp} for gold", pp=p["final_bonus"])
        else:
            tip = _("Prestige points")
        out.append(
            f'<g id="pp-p{seat}">'
            + _title(tip)
            + _rect(x_pp, top + 8, 110, 28, "#1d2b4f" if pp is not None else "#e6dccb", rx=14)
            + _t(
                x_pp + 55,
                top + 28,
                _("{pp} PP", pp=pp) if pp is not None else _("PP hidden"),
                16,
                bold=True,
                anchor="middle",
                fill="#fff" if pp is not None else MUTED,
            )
            + "</g>"
        )
        bundles = int(p["bundles"])
        # i18n: a player's stock, items joined by ' · '
        parts = [
            _n("{n} worker ready", "{n} workers ready", int(p["workers"])),
            _("{n} in camp", n=p["camp"]),
            _n("{n} house left", "{n} houses left", int(p["houses"])),
        ]
        if bundles:
            parts.append(_n("{n} bundle this round", "{n} bundles this round", bundles))
        if p["forgone_workers"]:
            parts.append(_n("{n} worker forgone", "{n} workers forgone", int(p["forgone_workers"])))
        if over and p["final_bonus"]:
            parts.append(_("+{pp} PP for gold", pp=p["final_bonus"]))
        stock = " · ".join(parts)
        # characters
        cx0 = WIDTH - MARGIN - 2 * CHIP_W - 16
        stock_end = cx0 - 12 if len(chars) > 2 else WIDTH - MARGIN - 12
        out.append(_fitted(MARGIN + 200, top + 56, stock, 16, stock_end - MARGIN - 200))
        for k, key in enumerate(chars):
            out.append(
                _char_chip(
                    key,
                    cx0 + (k % 2) * (CHIP_W + 6),
                    top + 8 + (k // 2) * (CHIP_H + 6),
                    acts,
                    used.get(key, False),
                )
            )
        out.append("</g>")
        top += h + 8
    return "".join(out), top + 4


# ---- characters not held by a player -------------------------------------------------------------------
CARD_W = 280


def _characters(view: Mapping[str, Any], acts: _Acts, top: float) -> tuple[str, float]:
    holders = view["characters"]
    draft = [k for k, h in holders.items() if h == "draft"]
    board = [k for k, h in holders.items() if h == "board"]
    keys = draft or board
    if not keys:
        return "", top
    if draft:
        head, note = _("Character draft"), _("each player picks one; the 3 left over go on the board")
    else:
        head = _("Characters on the board")
        note = _("after using a construction-site tile, a favour may take one")
    out = [
        _t(MARGIN, top + 16, head, 17, bold=True),
        _t(MARGIN + text_width(head, 17, True) + 14, top + 16, note, 15, cls="muted"),
    ]
    top += 28
    per_row = 4
    texts = {
        key: _wrap(_(next(ch for ch in CHARACTERS if ch.key == key).text), CARD_W - 20, 15) for key in keys
    }
    card_h = 40 + 18 * max(len(lines) for lines in texts.values())
    for k, key in enumerate(keys):
        c = next(ch for ch in CHARACTERS if ch.key == key)
        x = MARGIN + (k % per_row) * (CARD_W + 8.67)
        y = top + (k // per_row) * (card_h + 8)
        ident = f"char-{key}"
        lines = texts[key]
        out.append(
            f"<g{acts.attrs(ident, 'character')}>"
            + acts.title(ident, _("{character}: {effect}", character=_(c.name), effect=_(c.text)))
            + _rect(x, y, CARD_W, card_h, "#fdf6e3", stroke="#7a5c2e", sw=1.3, extra=' class="hit"')
            + _t(x + 10, y + 22, _(c.name), 16, bold=True)
            + "".join(_t(x + 10, y + 43 + 18 * i, line, 15) for i, line in enumerate(lines))
            + "</g>"
        )
    rows = (len(keys) + per_row - 1) // per_row
    return "".join(out), top + rows * (card_h + 8) + 6


# ---- buildings still to build --------------------------------------------------------------------------
SUP_W, SUP_H, SUP_GAP = 121, 112, 7.125


def _band_name(name: str, cx: float, top: float, room: float, ink: str) -> str:
    """A supply card's name in its band: one line, or two smaller ones when one would not be legible."""
    two = None if fits_legibly(name, room, bold=True) else halves(name, 11, True)
    if two is None:
        return _fitted(cx, top + 18, name, 15, room, 12.5, bold=True, anchor="middle", fill=ink)
    return "".join(
        _fitted(cx, top + base, line, 11, room, 11, bold=True, anchor="middle", fill=ink)
        for line, base in zip(two, (11, 22), strict=True)
    )


# the supply's cards as drawn, by all they read (most are the same in every drawing of a game, whatever the
# seat); bounded, beyond which the rest are drawn each time
_CARDS: dict[tuple[object, ...], str] = {}
_CARDS_KEPT = 10_000


def _supply_card(tile: Tile, x: float, y: float, acts: _Acts) -> str:
    """A building in the supply as :func:`_drawn_supply_card` draws it, made once for all it reads."""
    speech = fragment_speech()
    if speech is None:
        return _drawn_supply_card(tile, x, y, acts)
    act = acts.by_element.get(f"tile-{tile.key}")
    key = (speech, tile.key, x, y, None if act is None else (act.id, act.description))
    card = _CARDS.get(key)
    if card is None:
        card = _drawn_supply_card(tile, x, y, acts)
        keep_fragment(_CARDS, key, card, _CARDS_KEPT)
    return card


def _drawn_supply_card(tile: Tile, x: float, y: float, acts: _Acts) -> str:
    ident = f"tile-{tile.key}"
    band, body, band_ink = FAMILY_COLOURS[tile.family.value]
    if tile.family is Family.MONUMENT:
        rule = _(
            "{building} (monument): costs {cost}; {pp} PP; {effect}",
            building=tile.title,
            cost=T.cost_text(tile.id),
            pp=tile.pp,
            effect=T.lasting_text(tile.id),
        )
        effect: list[Token] = [T.lasting_text(tile.id)]
    else:
        f = {"building": tile.title, "cost": T.cost_text(tile.id), "pp": tile.pp, "effect": tile.built.text}
        if tile.owner_bonus >= 0:
            rule = _(
                "{building}: costs {cost}; {pp} PP when built; a worker there: {effect}; the owner gets "
                "{resources} when another player's worker acts there",
                resources=amount(tile.owner_bonus, 1),
                **f,
            )
        else:
            rule = _("{building}: costs {cost}; {pp} PP when built; a worker there: {effect}", **f)
        effect = _side_tokens(tile.built, tile.owner_bonus)
    cost: list[Token] = [_c(i, n) for i, n in enumerate(tile.cost) if n]
    if tile.cost_any:
        cost.append("+" + _n("{n} any", "{n} any", tile.cost_any))
    name = _(tile.name)
    out = [
        f"<g{acts.attrs(ident, 'supply')}>",
        acts.title(ident, rule),
        _rect(x, y, SUP_W, SUP_H, body, stroke="#5a4a38", sw=1.2, extra=' class="hit"'),
        _rect(x, y, SUP_W, 24, band, rx=6),
        _rect(x, y + 12, SUP_W, 12, band, rx=0),
        _band_name(name, x + SUP_W / 2, y, SUP_W - 10, band_ink),
        _rich(cost, x + 6, y + 45, SUP_W - 50, 14, 18, 1)[0],
        _t(x + SUP_W - 6, y + 45, _n("{n} PP", "{n} PP", tile.pp), 15, bold=True, anchor="end"),
        f'<line x1="{x + 6}" x2="{x + SUP_W - 6}" y1="{y + 53}" y2="{y + 53}" stroke="#0003"/>',
        _rich(effect, x + 6, y + 71, SUP_W - 12, 14, 17, 3)[0],
        "</g>",
    ]
    return "".join(out)


def _supply(view: Mapping[str, Any], acts: _Acts, top: float) -> tuple[str, float]:
    supply = set(view["supply"])
    out = [_t(MARGIN, top + 16, _("Buildings to build"), 17, bold=True)]
    out.append(
        _t(
            MARGIN + 170,
            top + 16,
            _("cost → PP on building it; below: what a worker there gets"),
            15,
            cls="muted",
        )
    )
    top += 26
    rows = (
        (N_("Wood buildings (the Carpenter builds them on the next empty space)"), WOOD_TILES),
        (N_("Stone buildings (the Stonemason)"), STONE_TILES),
        (N_("Monuments (administration: replace one of your residences)"), MONUMENT_TILES),
    )
    for label, tiles in rows:
        out.append(_t(MARGIN, top + 16, _(label), 15, bold=True, cls="muted"))
        top += 24
        left = [TILES[t] for t in tiles if TILES[t].key in supply]
        if not left:
            out.append(_t(MARGIN, top + 18, _("none left"), 15, italic=True, cls="muted"))
            top += 30
            continue
        for k, tile in enumerate(left):
            out.append(_supply_card(tile, MARGIN + k * (SUP_W + SUP_GAP), top, acts))
        top += SUP_H + 10
    return "".join(out), top


def _legend(top: float) -> tuple[str, float]:
    """What the cubes and the abbreviations mean."""
    out = []
    x = float(MARGIN)
    y = top + 18
    for r in range(len(RES_NAMES)):
        name = res_name(r)
        out.append(_cube(x, y - 14, r, 18))
        out.append(_t(x + 23, y, name, 15))
        x += 23 + text_width(name, 15) + 16
    note = _("· any = food, wood, stone or cloth (never gold) · PP = prestige points")
    out.append(_t(x, y, note, 15, cls="muted"))
    return "".join(out), top + 30


# ---- the whole board -----------------------------------------------------------------------------------
def draw(
    view: Mapping[str, Any], actions: Sequence[BoardAction], seat: int | None, names: Sequence[str] = ()
) -> str:
    """The board as ``seat`` sees it, the seats named by ``names`` if given (see
    :mod:`masterbuilder.core.board`)."""
    acts = _Acts.of(view, actions)
    viewer = _Viewer(seat, names)
    parts: list[str] = []
    svg, y = _header(view, viewer)
    parts.append(svg)
    for section in (_road, _site, _players):
        svg, y = section(view, acts, y, viewer)
        parts.append(svg)
    svg, y = _characters(view, acts, y)
    parts.append(svg)
    if not view["is_terminal"]:
        svg, y = _supply(view, acts, y)
        parts.append(svg)
    svg, y = _legend(y)
    parts.append(svg)
    height = int(y + 12)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
        f'class="board board-caylus1303">'
        f"<style>{STYLE}</style>"
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{PAPER}"/>' + "".join(parts) + "</svg>"
    )
