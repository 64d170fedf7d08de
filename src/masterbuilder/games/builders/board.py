"""The Builders' board for the web table: one SVG drawn from ``state.view(seat)`` and the legal actions.

Reads only the view and the actions (see :mod:`masterbuilder.core.board`), never the state, so it shows
nothing the seat may not see. Layout, top to bottom: the turn bar (round, who plays, the decision in words,
actions left), the face-up buildings with their deck, the face-up workers with theirs and the bank, then one
panel per player (the viewer's first): coins, points and score, buildings under construction with their
crews and progress per resource, free workers, completed buildings.

Where the actions sit: "start" on a face-up building, "hire" on a face-up worker, "send" on a free worker,
"... to" on a building under construction, "take coins" and "buy action" on the bank; "end turn" is left to
the page's panel.

The page shows the board about 880 px wide at 1280x800 (a 0.73 scale), so the smallest text is 16 units.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from masterbuilder.core.board import (
    BoardAction,
    Fit,
    esc,
    fit_text,
    fragment_speech,
    halves,
    keep_fragment,
    player_name,
    text_width,
    viewer_name,
)
from masterbuilder.core.i18n import N_, SOURCE, Text, language
from masterbuilder.games.builders.actions import (
    BUY_ACTION,
    COINS_FOR_ACTIONS,
    EXTRA_ACTION_PRICE,
    HIRE,
    SEND,
    START,
    TAKE_COINS,
    TO,
)
from masterbuilder.games.builders.data import (
    BUILDINGS,
    WORKERS,
    amounts_text,
    building_name,
    kind_name,
    letter,
    worker_name,
)

_ = Text("builders")
_n = _.plural

WIDTH = 1200
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad")
# i18n: seat colours on the board, as in 'seat 2 (green)'
SEAT_NAMES = (N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("purple"))
SEAT_INK = ("#fff", "#fff", "#fff", "#2b2118", "#fff")  # text on a seat-coloured band
RESOURCE_COLOURS = ("#6f7c7d", "#8d5524", "#1f4e79", "#c0561a")  # stone, wood, knowledge, tile
LINE = "#8a7a5a"
GOLD = "#e8b83a"
BUILDING_BAND = "#7d5a3c"
MACHINE_BAND = "#4d5d6e"
WORKER_BAND = "#a07c45"
PANEL = "#f7efdd"

# Layout (viewBox units).
GAP = 12
BUILDING_W, BUILDING_H = 178, 118
WORKER_W, WORKER_H = 140, 104
DECK_OFFSET = 4  # each card under the top one shows this much
BANK_X = 10 + 5 * (WORKER_W + GAP) + WORKER_W + 2 * DECK_OFFSET + 14
SITE_W = 210
SITES_PER_ROW = 3
RIGHT_X = 20 + SITES_PER_ROW * (SITE_W + 10)  # free workers and completed buildings
MINI_W, MINI_H, MINI_PER_ROW = 114, 64, 4

STYLE = """
.board-builders text { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif;
  fill: #2b2118; font-size: 17px; }
.board-builders .s { font-size: 16px; }
.board-builders .c { font-size: 15px; font-weight: 700; fill: #fff; }
.board-builders .label { font-size: 19px; font-weight: 700; fill: #6e5f4b; }
.board-builders .name { font-size: 18px; font-weight: 700; }
.board-builders .big { font-size: 25px; font-weight: 700; }
.board-builders .b { font-weight: 700; }
.board-builders .w { fill: #fff; }
.board-builders .mut { fill: #6e5f4b; }
.board-builders .pale { fill: #e8dcc0; }
.board-builders .warn { fill: #9c3d0c; }
.board-builders .frame { fill: #fffaf0; stroke: #8a7a5a; stroke-width: 1.5; }
.board-builders .act { cursor: pointer; }
.board-builders .act > .frame { stroke: #d35400; stroke-width: 3; }
.board-builders .next { opacity: .6; }
"""


def _amounts(values: Sequence[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _actions(n: int) -> str:
    return _n("{n} action", "{n} actions", n)


def seat_name(seat: int) -> str:
    """How the board names a seat: "seat 0", as every other screen does, with its colour."""
    # i18n: a seat on the board with its colour, e.g. 'seat 2 (green)'
    return _("seat {n} ({colour})", n=seat, colour=_(SEAT_NAMES[seat]))


def building_rule(building: int) -> str:
    """A building card's rule text: what it needs and what it pays (and for a machine, how it works)."""
    card = BUILDINGS[building]
    points = _n("{n} point", "{n} points", card.points)
    if card.machine_worker is None:
        # i18n: a building card's rule; {needs} e.g. 'S2 W1', {coins} e.g. '12 coins', {points} '3 points'
        return _(
            "{building}: needs {needs}; pays {coins} and {points}",
            building=building_name(building),
            needs=amounts_text(card.requires),
            coins=_n("{n} coin", "{n} coins", card.coins),
            points=points,
        )
    # i18n: a machine card's rule; {needs} and {produces} are amounts ('S2 W1'), {points} e.g. '2 points'
    return _(
        "{machine} (machine): needs {needs}; pays {points}; once built, works for its owner as {produces} "
        "for a wage of 0",
        machine=building_name(building),
        needs=amounts_text(card.requires),
        points=points,
        produces=amounts_text(WORKERS[card.machine_worker].produces),
    )


def worker_rule(worker: int) -> str:
    """A worker card's rule text: what it produces and its wage."""
    card = WORKERS[worker]
    if card.is_machine:
        return _(
            "{machine} (built machine): produces {produces}; wage 0",
            machine=worker_name(worker),
            produces=amounts_text(card.produces),
        )
    # i18n: a worker card's rule: its code ('W01'), kind ('Apprentice'), what it produces ('S1 W1')
    return _n(
        "{code}, {kind}: produces {produces}; wage {n} coin",
        "{code}, {kind}: produces {produces}; wage {n} coins",
        card.wage,
        code=card.code,
        kind=kind_name(card.kind),
        produces=amounts_text(card.produces),
    )


def _on_deck(rule: str) -> str:
    # i18n: {rule} is a card's rule text; the card lies on top of its deck
    return _("{rule} (top of the deck, not yet takeable)", rule=rule)


# ---- SVG primitives ----------------------------------------------------------------------------------


def _text(x: float, y: float, text: object, cls: str = "", anchor: str = "start", extra: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:g}" y="{y:g}"{c}{a}{extra}>{esc(text)}</text>'


def _rect(
    x: float, y: float, w: float, h: float, fill: str, stroke: str = "none", rx: float = 6, extra: str = ""
) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
        f'stroke="{stroke}"{extra}/>'
    )


def _frame(x: float, y: float, w: float, h: float, rx: float = 8) -> str:
    return f'<rect class="frame" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}"/>'


def _coin(x: float, y: float, value: object, r: float = 14) -> str:
    """A gold coin centred at (x, y) with a number on it."""
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{GOLD}" stroke="#9a7412" stroke-width="1.5"/>'
        + _text(x, y + 6, value, "b", "middle")
    )


def _shield(x: float, y: float, value: object, r: float = 14) -> str:
    """A points shield centred at (x, y)."""
    path = (
        f"M{x - r:g},{y - r:g}h{2 * r:g}v{r:g}q0,{r * 0.8:g} -{r:g},{r * 1.2:g}"
        f"q-{r:g},-{r * 0.4:g} -{r:g},-{r * 1.2:g}z"
    )
    return f'<path d="{path}" fill="#3f6b45" stroke="#24402a"/>' + _text(x, y + 6, value, "b w", "middle")


def _chip(
    x: float, y: float, resource: int, amount: int | None, w: float, h: float = 26, cls: str = "b w"
) -> str:
    """A resource chip: its letter and the amount ("S2"), coloured by resource."""
    label = letter(resource) + ("" if amount is None else str(amount))
    size = 15 if "c" in cls.split() else 17
    return _rect(x, y, w, h, RESOURCE_COLOURS[resource], rx=5) + _fitted(
        x + w / 2, y + h / 2 + 6, label, cls, w - 1, size, "middle"
    )


def _chips(x: float, y: float, amounts: Sequence[int], room: float, w: float = 42, cls: str = "b w") -> str:
    """The non-zero amounts as chips from (x, y), as wide as ``w`` but all within ``room``."""
    shown = [(r, n) for r, n in enumerate(amounts) if n]
    gap = 3
    w = min(w, (room - gap * (len(shown) - 1)) / max(len(shown), 1))
    return "".join(_chip(x + i * (w + gap), y, r, n, w, cls=cls) for i, (r, n) in enumerate(shown))


def _width(text: str, size: float, bold: bool = True) -> float:
    """A rough width of ``text`` in a sans font (from DejaVu Sans's average glyph width, a wide one): the
    English layout's spacing, tuned before the real metrics."""
    return len(text) * size * (0.7 if bold else 0.58)


WIDER = (1.17, 1.21)  # DejaVu Sans (what Linux shows) against the Arial metrics of text_width: plain, bold


def _measure(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is in the board's font at its widest: the font stack ends in DejaVu Sans (what
    Linux shows), about a fifth wider than the Arial metrics of :func:`text_width`."""
    return text_width(text, size, bold) * WIDER[bold]


def _translated() -> bool:
    """Whether the board speaks a translation. English keeps the layout it was tuned with (from rough
    widths); a translation, often longer, is laid out from the font's real widths."""
    return language() != SOURCE


def _sized(fit: Fit) -> str:
    """The attributes of a fitted text: its font size, and its squeeze when it has one."""
    style = f' style="font-size:{fit.size:g}px"'
    if fit.length is None:
        return style
    return f'{style} textLength="{fit.length:.1f}" lengthAdjust="spacingAndGlyphs"'


def _fitted(
    x: float,
    y: float,
    text: str,
    cls: str,
    room: float,
    size: float,
    anchor: str = "start",
    extra: str = "",
    lines: tuple[float, float] | None = None,
) -> str:
    """``text`` fitted into ``room`` from the font's widths (:func:`fit_text`): a font up to 3 px smaller,
    then a squeeze; given ``lines`` (the two baselines' offsets from ``y``), a text that would be squeezed
    below 70% or below legible goes on two lines of a smaller font, each squeezed if need be."""
    bold = bool({"b", "c", "name", "big", "label"} & set(cls.split()))
    fill = re.fullmatch(r' style="([^"]*)"', extra)
    if fill:  # one style attribute: the font size joins the fill
        return _fitted(x, y, text, cls, room, size, anchor, "", lines).replace(
            ' style="', f' style="{fill.group(1)};'
        )
    fit = fit_text(text, size, room, bold=bold, least=size - 3, wider=WIDER[bold])
    crushed = not fit.fits or (fit.length is not None and fit.length < 0.7 * fit.natural)
    small = min(size - 3, 13)
    two = halves(text, small, bold) if crushed and lines is not None else None
    if two is None or lines is None:
        return _text(x, y, text, cls, anchor, extra + _sized(fit))
    top, bottom = two
    return "".join(
        _text(
            x,
            y + dy,
            line,
            cls,
            anchor,
            extra + _sized(fit_text(line, small, room, bold=bold, wider=WIDER[bold])),
        )
        for line, dy in ((top, lines[0]), (bottom, lines[1]))
    )


# the market's cards as drawn, by all they read; bounded, beyond which the rest are drawn each time
_CARDS: dict[tuple[object, ...], str] = {}
_CARDS_KEPT = 10_000


class _Board:
    """The drawing being written; each legal action is placed on one element at most (``open``)."""

    def __init__(
        self,
        view: Mapping[str, Any],
        actions: Sequence[BoardAction],
        seat: int | None,
        names: Sequence[str] = (),
    ) -> None:
        self.view = view
        self.seat = seat
        self.names = names
        self.actions = {a.id: a for a in actions}
        self.parts: list[str] = []

    def add(self, *svg: str) -> None:
        self.parts.extend(svg)

    def seat_name(self, seat: int) -> str:
        """How the board names ``seat``: its player's name as the page's panel shows it, else
        :func:`seat_name`."""
        return player_name(seat, self.names, seat_name)

    def open(self, element_id: str | None, action_id: int | None, rule: str, classes: str = "") -> bool:
        """Open a ``<g>`` for a board thing: clickable with the action's description as its title when the
        action is legal, else titled with the thing's rule text. Returns whether it is clickable."""
        action = self.actions.pop(action_id, None) if action_id is not None else None
        attrs = f' id="{esc(element_id)}"' if element_id else ""
        cls = f"{classes} act".strip() if action else classes
        if cls:
            attrs += f' class="{cls}"'
        if action:
            attrs += f' data-action="{action.id}"'
        self.add(f"<g{attrs}>", f"<title>{esc(action.description if action else rule)}</title>")
        return action is not None

    # ---- cards ------------------------------------------------------------------------------------

    def kept(self, key: tuple[object, ...], action_id: int | None, draw: Callable[[], None]) -> None:
        """Add what ``draw`` adds, made once for ``key`` (all it reads but the language and its action,
        ``action_id`` if legal) and kept; the action is taken as :meth:`open` takes it."""
        speech = fragment_speech()
        if speech is None:
            draw()
            return
        action = self.actions.get(action_id) if action_id is not None else None
        full = (speech, *key, None if action is None else (action.id, action.description))
        drawn = _CARDS.get(full)
        if drawn is None:
            start = len(self.parts)
            draw()
            drawn = "".join(self.parts[start:])
            del self.parts[start:]
            keep_fragment(_CARDS, full, drawn, _CARDS_KEPT)
        elif action is not None:
            del self.actions[action.id]
        self.add(drawn)

    def building_card(
        self, x: float, y: float, building: int, action_id: int | None, next_card: bool = False
    ) -> None:
        """A building card as :meth:`drawn_building_card` draws it, kept (a card is drawn in the same place
        move after move, for every seat)."""
        self.kept(
            ("building", x, y, building, next_card),
            action_id,
            lambda: self.drawn_building_card(x, y, building, action_id, next_card),
        )

    def worker_card(
        self, x: float, y: float, worker: int, action_id: int | None, next_card: bool = False
    ) -> None:
        """A worker card as :meth:`drawn_worker_card` draws it, kept as the building cards are."""
        self.kept(
            ("worker", x, y, worker, next_card),
            action_id,
            lambda: self.drawn_worker_card(x, y, worker, action_id, next_card),
        )

    def drawn_building_card(
        self, x: float, y: float, building: int, action_id: int | None, next_card: bool = False
    ) -> None:
        card = BUILDINGS[building]
        rule = _on_deck(building_rule(building)) if next_card else building_rule(building)
        self.open(f"building-{building}", action_id, rule, "card next" if next_card else "card")
        band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
        name = building_name(building)
        self.add(
            _frame(x, y, BUILDING_W, BUILDING_H),
            _rect(x + 3, y + 3, BUILDING_W - 6, 32, band, rx=6),
            _fitted(x + 10, y + 26, name, "name w", BUILDING_W - 20, 18, lines=(-8, 5)),
            _chips(x + 8, y + 44, card.requires, BUILDING_W - 16),
        )
        if card.machine_worker is not None:
            # i18n: on a machine card, before what it produces once built ('S2')
            works = _("works as")
            produces = WORKERS[card.machine_worker].produces
            chips_x, chips_w = 82.0, 50.0
            if _translated():  # the chips follow the words; both end before the shield
                chips_w = min(50.0, 3 + 39.0 * sum(1 for n in produces if n))
                room = BUILDING_W - 44 - 8 - 6 - chips_w
                chips_x = max(82.0, 8 + 6 + min(room, _measure(works, 16)))
                self.add(_fitted(x + 8, y + 102, works, "s", room, 16))
            else:
                self.add(_text(x + 8, y + 102, works, "s"))
            self.add(
                _chips(x + chips_x, y + 83, produces, chips_w),
                _shield(x + BUILDING_W - 24, y + 95, card.points),
            )
        else:
            self.add(_coin(x + 26, y + 95, card.coins, 16), _shield(x + 68, y + 95, card.points, 15))
        self.add("</g>")

    def drawn_worker_card(
        self, x: float, y: float, worker: int, action_id: int | None, next_card: bool = False
    ) -> None:
        card = WORKERS[worker]
        rule = _on_deck(worker_rule(worker)) if next_card else worker_rule(worker)
        self.open(f"worker-{worker}", action_id, rule, "card next" if next_card else "card")
        self.add(
            _frame(x, y, WORKER_W, WORKER_H),
            _rect(x + 3, y + 3, WORKER_W - 6, 32, WORKER_BAND, rx=6),
            _text(x + 10, y + 26, card.code, "name w"),
            _coin(x + WORKER_W - 22, y + 19, card.wage),
            _text(x + 8, y + 58, kind_name(card.kind), "s"),
            _chips(x + 8, y + 68, card.produces, WORKER_W - 16),
            "</g>",
        )

    def deck(self, x: float, y: float, w: float, h: float, size: int, what: str, top: int | None) -> None:
        """A deck: a stack of backs with its size, and the visible top card (if any) lying on it."""
        title = self.deck_title(what, size, top is not None)
        self.add(f'<g id="{what}-deck">', f"<title>{esc(title)}</title>")
        if not size:
            self.add(
                _rect(x, y, w, h, "none", LINE, 8, ' stroke-dasharray="6 5"'),
                # i18n: on the board where a deck ran out
                _text(x + w / 2, y + h / 2 + 6, _("deck empty"), "s mut", "middle"),
            )
        for i in (2, 1, 0):
            if size > i:
                self.add(_rect(x + DECK_OFFSET * i, y + DECK_OFFSET * i, w, h, "#cdb98e", LINE, 8))
        if size and top is None:
            self.add(
                # i18n: on the back of a deck of cards
                _text(
                    x + w / 2,
                    y + h / 2 - 2,
                    _("buildings") if what == "building" else _("workers"),
                    "name",
                    "middle",
                ),
                _text(x + w / 2, y + h / 2 + 22, _n("{n} card", "{n} cards", size), "s", "middle"),
            )
        self.add("</g>")
        if top is not None:
            if what == "building":
                self.building_card(x, y, top, None, next_card=True)
            else:
                self.worker_card(x, y, top, None, next_card=True)

    @staticmethod
    def deck_title(what: str, size: int, top_shown: bool) -> str:
        """The tooltip of the building or worker deck."""
        if what == "building":
            if top_shown:
                return _n(
                    "The building deck: {n} card; its top card is shown",
                    "The building deck: {n} cards; its top card is shown",
                    size,
                )
            return _n("The building deck: {n} card", "The building deck: {n} cards", size)
        if top_shown:
            return _n(
                "The worker deck: {n} card; its top card is shown",
                "The worker deck: {n} cards; its top card is shown",
                size,
            )
        return _n("The worker deck: {n} card", "The worker deck: {n} cards", size)

    def mini_worker(self, x: float, y: float, worker: int, pending: bool) -> None:
        """A free worker (or built machine) in a player's panel."""
        card = WORKERS[worker]
        # i18n: {rule} is a worker card's rule text; the player has chosen to send this worker
        rule = _("{rule}: being sent to work", rule=worker_rule(worker)) if pending else worker_rule(worker)
        self.open(f"worker-{worker}", SEND + worker, rule, "worker pending" if pending else "worker")
        self.add(_frame(x, y, MINI_W, MINI_H, 6))
        if pending:  # chosen to be sent: framed in the seat's colour until its building is chosen
            colour = SEAT_COLOURS[self.view["current_player"]]
            self.add(_rect(x - 4, y - 4, MINI_W + 8, MINI_H + 8, "none", colour, 9, ' stroke-width="5"'))
        self.add(
            _text(x + 8, y + 22, card.code, "name"),
            _coin(x + MINI_W - 16, y + 16, card.wage, 12),
            _chips(x + 5, y + 33, card.produces, MINI_W - 10, cls="c"),
        )
        self.add("</g>")

    # ---- sections ---------------------------------------------------------------------------------

    def decision(self) -> str:
        """The decision in words, as the terminal says it."""
        view = self.view
        if view["is_terminal"]:
            winners = view["winners"]
            best = max(p["score"] for p in view["players"])
            if len(winners) == 1:
                return _n(
                    "Game over: {seat} wins with {n} point",
                    "Game over: {seat} wins with {n} points",
                    best,
                    seat=self.seat_name(winners[0]),
                )
            seats = self.seat_name(winners[0])
            for w in winners[1:]:
                # i18n: two seats (or a list of seats and one more) sharing the win
                seats = _("{seats} and {seat}", seats=seats, seat=self.seat_name(w))
            return _n(
                "Game over: {seats} share the win ({n} point)",
                "Game over: {seats} share the win ({n} points)",
                best,
                seats=seats,
            )
        current = view["current_player"]
        pending = view["pending_worker"]
        left = view["actions_left"]
        if current == self.seat:
            if pending is not None and WORKERS[pending].is_machine:
                return _(
                    "Your turn: choose the building to send the {machine} to", machine=worker_name(pending)
                )
            if pending is not None:
                # i18n: {code} is a worker card's code ('W12')
                return _("Your turn: choose the building to send {code} to", code=WORKERS[pending].code)
            if left == 0:
                return _n(
                    "Your turn: no actions left: buy one for {n} coin or end the turn",
                    "Your turn: no actions left: buy one for {n} coins or end the turn",
                    EXTRA_ACTION_PRICE,
                )
            return _n(
                "Your turn: choose an action ({n} action left)",
                "Your turn: choose an action ({n} actions left)",
                left,
            )
        seat = self.seat_name(current)
        if pending is not None and WORKERS[pending].is_machine:
            # i18n: {seat} is the seat to play, e.g. 'seat 2 (green)'
            return _(
                "{seat} to play: choose the building to send the {machine} to",
                seat=seat,
                machine=worker_name(pending),
            )
        if pending is not None:
            # i18n: {seat} is the seat to play, e.g. 'seat 2 (green)'; {code} a worker card's code ('W12')
            return _(
                "{seat} to play: choose the building to send {code} to",
                seat=seat,
                code=WORKERS[pending].code,
            )
        if left == 0:
            # i18n: {seat} is the seat to play, e.g. 'seat 2 (green)'
            return _n(
                "{seat} to play: no actions left: buy one for {n} coin or end the turn",
                "{seat} to play: no actions left: buy one for {n} coins or end the turn",
                EXTRA_ACTION_PRICE,
                seat=seat,
            )
        # i18n: {seat} is the seat to play, e.g. 'seat 2 (green)'
        return _n(
            "{seat} to play: choose an action ({n} action left)",
            "{seat} to play: choose an action ({n} actions left)",
            left,
            seat=seat,
        )

    def turn_bar(self, y: float) -> float:
        view = self.view
        current = view["current_player"]
        colour = "#7f8c8d" if current is None else SEAT_COLOURS[current]
        h = 76
        self.add(
            '<g id="turn">', _rect(10, y, WIDTH - 20, h, "#3b2a1a", rx=10), _rect(10, y, 16, h, colour, rx=4)
        )
        head = _("The Builders: Middle Ages · round {round}", round=view["round"])
        decision = self.decision()
        room = WIDTH - 80 - (130 if current is not None else 0)
        self.add(
            _text(40, y + 27, head, "s pale"),
            _fitted(40, y + 60, decision, "big w", room, 25),
        )
        if view["final_round"] and not view["is_terminal"]:
            x = 40 + _width(head, 16, bold=False) + 14
            final, badge = _("FINAL ROUND"), 130.0
            if _translated():  # the badge follows the heading where it ends, as wide as its words
                x = 40 + _measure(head, 16) + 14
                badge = max(badge, _measure(final, 16, True) + 20)
            self.add(
                '<g id="final-round"><title>'
                + esc(_("A player has 17 points or more: this round is the last"))
                + "</title>",
                _rect(x, y + 9, badge, 24, "#e67e22", rx=12),
                _text(x + badge / 2, y + 27, final, "s b w", "middle"),
                "</g>",
            )
        if current is not None:
            left = view["actions_left"]
            pips = max(3, left)
            x0 = WIDTH - 30 - pips * 30
            self.add(
                '<g id="actions-left"><title>'
                + esc(_n("{n} action left this turn", "{n} actions left this turn", left))
                + "</title>",
                # i18n: a caption over the pips that show the actions left this turn
                _text(WIDTH - 30, y + 27, _("actions left"), "s pale", "end"),
            )
            for i in range(pips):
                fill = colour if i < left else "none"
                self.add(
                    f'<circle cx="{x0 + 15 + 30 * i:g}" cy="{y + 52:g}" r="11" fill="{fill}" '
                    f'stroke="#e8dcc0" stroke-width="2"/>'
                )
            self.add("</g>")
        self.add("</g>")
        return y + h

    def slots(self, y: float, kind: str, w: float, h: float) -> None:
        """The five places of a face-up row (dashed, seen where the deck ran out)."""
        for i in range(5):
            self.add(
                f'<rect id="{kind}-row-{i}" x="{10 + i * (w + GAP):g}" y="{y:g}" width="{w:g}" '
                f'height="{h:g}" rx="8" fill="none" stroke="{LINE}" stroke-dasharray="6 5"/>'
            )

    def market(self, y: float) -> float:
        view = self.view
        over = view["is_terminal"]
        deck_x = 10 + 5 * (BUILDING_W + GAP)
        self.add(
            # i18n: the caption of the row of face-up building cards
            _text(12, y + 21, _("Buildings"), "label"),
            # i18n: a hint beside the caption 'Buildings': start building one of them for 1 action
            self.hint(124, y + 21, _("Buildings"), "" if over else _("start one for 1 action"), deck_x),
            _text(deck_x, y + 21, self.deck_size(view["building_deck_size"]), "s mut"),
        )
        y += 30
        self.slots(y, "building", BUILDING_W, BUILDING_H)
        for i, b in enumerate(view["building_row"]):
            self.building_card(10 + i * (BUILDING_W + GAP), y, b, START + b)
        self.deck(
            deck_x,
            y,
            BUILDING_W,
            BUILDING_H,
            view["building_deck_size"],
            "building",
            view["building_deck_top"],
        )
        y += BUILDING_H + 2 * DECK_OFFSET + 8
        deck_x = 10 + 5 * (WORKER_W + GAP)
        self.add(
            # i18n: the caption of the row of face-up worker cards
            _text(12, y + 21, _("Workers"), "label"),
            # i18n: a hint beside the caption 'Workers': hire one of them for 1 action
            self.hint(110, y + 21, _("Workers"), "" if over else _("hire one for 1 action"), deck_x),
            _text(deck_x, y + 21, self.deck_size(view["worker_deck_size"]), "s mut"),
            # i18n: the caption of the bank (take coins, buy an extra action)
            _text(BANK_X, y + 21, _("Bank"), "label"),
        )
        y += 30
        self.slots(y, "worker", WORKER_W, WORKER_H)
        for i, w in enumerate(view["worker_row"]):
            self.worker_card(10 + i * (WORKER_W + GAP), y, w, HIRE + w)
        self.deck(deck_x, y, WORKER_W, WORKER_H, view["worker_deck_size"], "worker", view["worker_deck_top"])
        self.bank(BANK_X, y)
        return y + WORKER_H + 2 * DECK_OFFSET

    @staticmethod
    def hint(x: float, y: float, caption: str, hint: str, end: float) -> str:
        """A hint beside a row's caption (at ``x`` in English), before the deck's size at ``end``."""
        if not _translated():
            return _text(x, y, hint, "s mut")
        x = max(x, 12 + _measure(caption, 19, True) + 12)
        return _fitted(x, y, hint, "s mut", end - 12 - x, 16)

    @staticmethod
    def deck_size(size: int) -> str:
        # i18n: the size of a deck, beside it
        return _n("deck: {n} card", "deck: {n} cards", size)

    def bank(self, x: float, y: float) -> None:
        """The bank: take 1, 3 or 6 coins for 1, 2 or 3 actions; buy an extra action for 5 coins."""
        self.add('<g id="bank">', _rect(x, y, WIDTH - 10 - x, WORKER_H, "#e6d6b0", LINE, 8))
        cw, ch = (WIDTH - 10 - x - 18) / 2, (WORKER_H - 18) / 2
        cells = [(TAKE_COINS + i, i + 1) for i in range(3)] + [(BUY_ACTION, 0)]
        for k, (action_id, spent) in enumerate(cells):
            cx, cy = x + 6 + (k % 2) * (cw + 6), y + 6 + (k // 2) * (ch + 6)
            if spent:
                coins = COINS_FOR_ACTIONS[spent]
                # i18n: {actions} is how many actions it takes, e.g. '2 actions'
                rule = _n(
                    "Take {n} coin from the bank for {actions}",
                    "Take {n} coins from the bank for {actions}",
                    coins,
                    actions=_actions(spent),
                )
                self.open(f"bank-take-{coins}", action_id, rule)
                self.add(
                    _frame(cx, cy, cw, ch, 6),
                    _coin(cx + 21, cy + ch / 2, f"+{coins}", 16),
                    _fitted(cx + 42, cy + ch / 2 + 6, _actions(spent), "s", cw - 46, 16),
                )
            else:
                rule = _n(
                    "Buy an extra action for {n} coin",
                    "Buy an extra action for {n} coins",
                    EXTRA_ACTION_PRICE,
                )
                self.open("bank-buy", action_id, rule)
                self.add(
                    _frame(cx, cy, cw, ch, 6),
                    # i18n: on the bank: one more action (for 5 coins, written below)
                    _fitted(cx + cw / 2, cy + 19, _("+1 action"), "s b", cw - 8, 16, "middle"),
                    # i18n: on the bank, below '+1 action': its price
                    _fitted(
                        cx + cw / 2,
                        cy + 38,
                        _n("for {n} coin", "for {n} coins", EXTRA_ACTION_PRICE),
                        "s",
                        cw - 8,
                        16,
                        "middle",
                    ),
                )
            self.add("</g>")
        self.add("</g>")

    def players(self, y: float) -> float:
        players = list(self.view["players"])
        viewer = self.view["viewer"]
        if viewer is not None:  # the viewer's own panel first, then the others in turn order
            players = players[viewer:] + players[:viewer]
        for player in players:
            y = self.player(player, y + 12)
        return y

    def player(self, player: Mapping[str, Any], y: float) -> float:
        view = self.view
        p = player["seat"]
        to_move = view["current_player"] == p
        colour, ink = SEAT_COLOURS[p], f' style="fill:{SEAT_INK[p]}"'
        start = len(self.parts)  # the panel's background goes in first, once its height is known
        tags = [self.seat_name(p)]
        if view["viewer"] == p and self.names:  # marked as the page's panel marks it
            tags = [viewer_name(tags[0])]
        elif view["viewer"] == p:
            # i18n: a tag on the player's own panel, after its seat name
            tags.append(_("you"))
        if view["first_player"] == p:
            # i18n: a tag after a player's name
            tags.append(_("first player"))
        if p in view["winners"]:
            # i18n: a tag after a player's name at the end of the game
            tags.append(_("WINNER"))
        self.add(
            f'<g id="player-{p}">',
            _rect(10, y, WIDTH - 20, 42, colour, rx=8),
            _text(24, y + 28, " · ".join(tags), "name", extra=ink),
        )
        right = WIDTH - 24
        # i18n: a player's score, in the player's band on the board
        score_text = _("score {score}", score=player["score"])
        # i18n: a caption beside a player's points shield
        points_text = _("points")
        # i18n: a caption beside a player's coin
        coins_text = _("coins")
        shift = 0.0  # the points and coins move left of a long score, the coins left of a long 'points'
        more = 0.0
        if _translated():
            score_w = _measure(score_text, 25, True)
            shift = max(0.0, _measure(points_text, 16) + score_w + 14 - 195)
            more = max(0.0, _measure(coins_text, 16) - 61)
        coin_x = right - 320 - shift - more
        if to_move:
            playing = "▶ " + _n(
                "playing · {n} action left", "playing · {n} actions left", view["actions_left"]
            )
            if _translated():
                room = coin_x - 16 - 12 - 470
                self.add(_fitted(470, y + 28, playing, "name", room, 18, extra=ink))
            else:
                self.add(_text(470, y + 28, playing, "name", extra=ink))
        points, coins, score = player["building_points"], player["coins"], player["score"]
        # i18n: a score's parts: {points} e.g. '12 points'; {bonus}: points for {coins} e.g. '23 coins'
        why = _(
            "Score {score}: {points} from buildings and machines + {bonus} for {coins}",
            score=score,
            points=_n("{n} point", "{n} points", points),
            bonus=score - points,
            coins=_n("{n} coin", "{n} coins", coins),
        )
        from_buildings = _n(
            "{n} point from buildings and machines", "{n} points from buildings and machines", points
        )
        coins_title = _n("{n} coin", "{n} coins", coins)
        self.add(
            f'<g id="score-p{p}"><title>{esc(why)}</title>',
            _text(right, y + 30, score_text, "big", "end", ink),
            "</g>",
            f'<g id="points-p{p}"><title>{esc(from_buildings)}</title>',
            _shield(right - 215 - shift, y + 20, points, 14),
            _text(right - 195 - shift, y + 28, points_text, "s", extra=ink),
            "</g>",
            f'<g id="coins-p{p}"><title>{esc(coins_title)}</title>',
            _coin(coin_x, y + 21, coins, 16),
            _text(coin_x + 22, y + 28, coins_text, "s", extra=ink),
            "</g>",
        )
        top = y + 50
        bottom = max(self.sites(player, top, to_move), self.free_and_done(player, top)) + 10
        stroke = f' stroke-width="{4 if to_move else 1.5}"'
        self.parts.insert(
            start, _rect(10, y, WIDTH - 20, bottom - y, PANEL, colour if to_move else LINE, 10, stroke)
        )
        self.add("</g>")
        return bottom

    def sites(self, player: Mapping[str, Any], y: float, to_move: bool) -> float:
        sites = player["sites"]
        # i18n: the caption of a player's buildings under construction
        self.add(_text(22, y + 18, _("Under construction"), "label"))
        y += 28
        if not sites:
            # i18n: under the caption 'Under construction': no building
            self.add(_text(22, y + 18, _("nothing"), "s mut"))
            return y + 26
        row_height = 0.0
        for i, site in enumerate(sites):
            if i and i % SITES_PER_ROW == 0:
                y += row_height + 10
                row_height = 0
            x = 20 + (i % SITES_PER_ROW) * (SITE_W + 10)
            # the cost of sending is worth showing only to a player with someone to send
            row_height = max(row_height, self.site(site, x, y, to_move, bool(player["free_workers"])))
        return y + row_height

    def site(self, site: Mapping[str, Any], x: float, y: float, to_move: bool, can_send: bool) -> float:
        """A building under construction: progress per resource, its crew, and (for the player to move)
        what the next worker sent there costs; while a worker is being sent, what it would add."""
        b = site["building"]
        card = BUILDINGS[b]
        need = card.requires
        have = site["have"]
        crew = site["workers"]
        pending = self.view["pending_worker"] if to_move else None
        adds = WORKERS[pending].produces if pending is not None else (0, 0, 0, 0)
        rows = [r for r in range(4) if need[r]]
        crew_rows = max(1, (len(crew) + 3) // 4)
        notes = self.send_notes(site, pending, adds) if to_move and can_send else []
        h = 42 + 25 * len(rows) + 6 + 30 * crew_rows + 22 * len(notes) + 6
        still = amounts_text(_amounts(site["missing"]))
        # i18n: {rule} is the building card's rule text, {needs} what it still lacks ('S1 K2')
        self.open(
            f"building-{b}",
            TO + b,
            _("{rule}. Still needs {needs}", rule=building_rule(b), needs=still),
            "site",
        )
        band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
        self.add(
            _frame(x, y, SITE_W, h),
            _rect(x + 3, y + 3, SITE_W - 6, 32, band, rx=6),
            _fitted(
                x + 10,
                y + 26,
                building_name(b),
                "name w",
                SITE_W - (76 if card.coins else 44),
                18,
                lines=(-8, 5),
            ),
            _shield(x + SITE_W - 19, y + 18, card.points, 12),
        )
        if card.coins:
            self.add(_coin(x + SITE_W - 50, y + 19, card.coins, 13))
        yy = y + 42
        for r in rows:
            colour = RESOURCE_COLOURS[r]
            self.add(_chip(x + 8, yy, r, None, 26, 22))
            for i in range(need[r]):
                if i < have[r]:
                    fill = f'fill="{colour}"'
                elif i < have[r] + adds[r]:  # what the worker being sent would add
                    fill = f'fill="{colour}" fill-opacity=".35" stroke-dasharray="3 2"'
                else:
                    fill = 'fill="#fff"'
                self.add(
                    f'<rect x="{x + 42 + 21 * i:g}" y="{yy + 2:g}" width="18" height="18" rx="3" {fill} '
                    f'stroke="{colour}" stroke-width="1.5"/>'
                )
            done = have[r] >= need[r]
            count = "✓" if done else f"{have[r]}/{need[r]}"
            self.add(_text(x + SITE_W - 10, yy + 17, count, "s b" if done else "s", "end"))
            yy += 25
        yy += 6
        if not crew:
            self.add(_text(x + 10, yy + 19, _("no workers yet"), "s mut"))
        for i, w in enumerate(crew):
            cx, cy = x + 8 + (i % 4) * 49, yy + (i // 4) * 30
            self.add(
                f'<g id="worker-{w}"><title>{esc(worker_rule(w))}</title>',
                _rect(cx, cy, 45, 26, "#efe2c4", LINE, 5),
                _text(cx + 22.5, cy + 19, WORKERS[w].code, "s b", "middle"),
                "</g>",
            )
        yy += 30 * crew_rows
        for k, (line, cls) in enumerate(notes):
            self.add(_fitted(x + 10, yy + 17 + 22 * k, line, cls, SITE_W - 20, 16))
        self.add("</g>")
        return h

    def send_notes(
        self, site: Mapping[str, Any], pending: int | None, adds: Sequence[int]
    ) -> list[tuple[str, str]]:
        """What sending a worker to this site costs now (and, while one is being sent, what it leaves):
        lines of text with their classes."""
        cost = site["sent_this_turn"] + 1
        # i18n: on a building under construction: what sending the next worker there costs
        next_worker = _n("next worker: {n} action", "next worker: {n} actions", cost)
        if cost > self.view["actions_left"]:
            # i18n: below 'next worker: 3 actions': more actions than the player has left
            return [(next_worker, "s mut"), (_("more than are left"), "s mut")]
        if pending is None:
            return [(next_worker, "s b warn" if cost > 1 else "s")]
        # i18n: on a building under construction, while a worker is being sent: what sending it here costs
        send_here = _n("send here: {n} action", "send here: {n} actions", cost)
        after = [max(0, n - a) for n, a in zip(site["missing"], adds, strict=True)]
        if not any(after):
            # i18n: below 'send here: 1 action': the worker would complete the building
            return [(send_here, "s b warn"), (_("completes it!"), "s b")]
        # i18n: below 'send here: 1 action': what the building would still lack ('S1 K2')
        return [(send_here, "s b warn"), (_("then needs {needs}", needs=amounts_text(_amounts(after))), "s")]

    def free_and_done(self, player: Mapping[str, Any], y: float) -> float:
        p = player["seat"]
        free = player["free_workers"]
        pending = self.view["pending_worker"] if self.view["current_player"] == p else None
        # i18n: the caption of a player's free workers
        self.add(_text(RIGHT_X + 2, y + 18, _("Free workers"), "label"))
        y += 28
        if not free:
            # i18n: under the caption 'Free workers': no worker
            self.add(_text(RIGHT_X + 2, y + 18, _("none"), "s mut"))
            y += 28
        for i, w in enumerate(free):
            col, row = i % MINI_PER_ROW, i // MINI_PER_ROW
            self.mini_worker(RIGHT_X + col * (MINI_W + 8), y + row * (MINI_H + 8), w, w == pending)
        y += -(-len(free) // MINI_PER_ROW) * (MINI_H + 8)
        done = player["completed"]
        # i18n: the caption of a player's completed buildings
        self.add(_text(RIGHT_X + 2, y + 20, _("Completed"), "label"))
        y += 30
        if not done:
            # i18n: under the caption 'Completed': no building completed so far
            self.add(_text(RIGHT_X + 2, y + 18, _("none yet"), "s mut"))
            return y + 26
        x: float = RIGHT_X
        room = WIDTH - 20 - RIGHT_X
        for b in done:
            card = BUILDINGS[b]
            name = building_name(b)
            w = min(room, (_measure(name, 16, True) if _translated() else _width(name, 16)) + 44)
            if x + w > RIGHT_X + room:
                x, y = RIGHT_X, y + 38
            band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
            self.add(
                f'<g id="building-{b}" class="done"><title>{esc(building_rule(b))}</title>',
                _rect(x, y, w, 32, band, rx=6),
                _fitted(x + 8, y + 22, name, "s b w", w - 42, 16),
                _shield(x + w - 17, y + 15, card.points, 11),
                "</g>",
            )
            x += w + 8
        return y + 38

    def svg(self) -> str:
        y = self.turn_bar(8)
        y = self.market(y + 4)
        y = self.players(y)
        height = int(y + 12)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            'class="board board-builders">'
            f"<style>{STYLE}</style>"
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#efe4cc"/>'
            f"{''.join(self.parts)}</svg>"
        )


def draw(
    view: Mapping[str, Any], actions: Sequence[BoardAction], seat: int | None, names: Sequence[str] = ()
) -> str:
    """The board as ``seat`` sees it, the seats named by ``names`` if given (see
    :mod:`masterbuilder.core.board` for the conventions)."""
    return _Board(view, actions, seat, names).svg()
