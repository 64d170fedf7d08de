"""The Builders' board for the web table: one SVG drawn from ``state.view(seat)`` and the legal actions.

Reads only the view and the actions (see :mod:`masterbuilder.core.board`), never the state, so it shows
nothing the seat may not see. Layout, top to bottom: the turn bar (round, who plays, the decision in words,
actions left), the face-up buildings with their deck, the face-up workers with theirs and the bank, then one
panel per player: coins, points and score, buildings under construction with their crews and progress per
resource, free workers, completed buildings.

Where the actions sit: "start" on a face-up building, "hire" on a face-up worker, "send" on a free worker,
"... to" on a building under construction, "take coins" and "buy action" on the bank; "end turn" is left to
the page's panel.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from masterbuilder.core.board import BoardAction, esc
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
from masterbuilder.games.builders.cards import BUILDINGS, RESOURCE_LETTERS, WORKERS, amounts_text

WIDTH = 1200
SEAT_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#d4ac0d", "#8e44ad")
SEAT_NAMES = ("red", "blue", "green", "yellow", "purple")
SEAT_INK = ("#fff", "#fff", "#fff", "#2b2118", "#fff")  # text on a seat-coloured band
RESOURCE_COLOURS = ("#6f7c7d", "#8d5524", "#1f4e79", "#c0561a")  # stone, wood, knowledge, tile
RESOURCE_WORDS = ("stone", "wood", "knowledge", "tile")
INK = "#2b2118"
MUTED = "#6e5f4b"
PAPER = "#fffaf0"
LINE = "#8a7a5a"
GOLD = "#e8b83a"
BUILDING_BAND = "#7d5a3c"
MACHINE_BAND = "#4d5d6e"
WORKER_BAND = "#a07c45"

# Layout (viewBox units; the page scales the board to its width, about 900 to 1200 px).
BUILDING_W, BUILDING_H = 178, 140
WORKER_W, WORKER_H = 140, 140
GAP = 12
BANK_X = 10 + 5 * (WORKER_W + GAP) + WORKER_W + 20
SITE_W = 210
SITES_PER_ROW = 3
RIGHT_X = 20 + SITES_PER_ROW * (SITE_W + 10) + 2
MINI_W, MINI_H = 118, 70
DONE_W = 158

STYLE = """
.board-builders text { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif;
  fill: #2b2118; font-size: 15px; }
.board-builders .s { font-size: 14px; }
.board-builders .label { font-size: 17px; font-weight: 700; fill: #6e5f4b; }
.board-builders .name { font-size: 16px; font-weight: 700; }
.board-builders .big { font-size: 22px; font-weight: 700; }
.board-builders .b { font-weight: 700; }
.board-builders .w { fill: #fff; }
.board-builders .mut { fill: #6e5f4b; }
.board-builders .warn { fill: #9c3d0c; }
.board-builders .frame { fill: #fffaf0; stroke: #8a7a5a; stroke-width: 1.5; }
.board-builders .act { cursor: pointer; }
.board-builders .act > .frame { stroke: #d35400; stroke-width: 3; }
.board-builders .next { opacity: .6; }
"""


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def seat_name(seat: int) -> str:
    """How the board names a seat: "seat 0", as every other screen does, with its colour."""
    return f"seat {seat} ({SEAT_NAMES[seat]})"


def building_rule(building: int) -> str:
    """A building card's rule text: what it needs and what it pays (and for a machine, how it works)."""
    card = BUILDINGS[building]
    points = _plural(card.points, "point")
    if card.machine_worker is None:
        return f"{card.name}: needs {amounts_text(card.requires)}; pays {card.coins} coins and {points}"
    works = amounts_text(WORKERS[card.machine_worker].produces)
    return (
        f"{card.name} (machine): needs {amounts_text(card.requires)}; pays {points}; "
        f"once built, works for its owner as {works} for a wage of 0"
    )


def worker_rule(worker: int) -> str:
    """A worker card's rule text: what it produces and its wage."""
    card = WORKERS[worker]
    if card.is_machine:
        return f"{card.name} (built machine): produces {amounts_text(card.produces)}; wage 0"
    return f"{card.code}, {card.kind.value}: produces {amounts_text(card.produces)}; wage {card.wage} coins"


# ---- SVG primitives ----------------------------------------------------------------------------------


def _text(x: float, y: float, text: object, cls: str = "", anchor: str = "start", extra: str = "") -> str:
    c = f' class="{cls}"' if cls else ""
    a = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:g}" y="{y:g}"{c}{a}{extra}>{esc(text)}</text>'


def _rect(
    x: float,
    y: float,
    w: float,
    h: float,
    fill: str,
    stroke: str = "none",
    rx: float = 6,
    extra: str = "",
) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
        f'stroke="{stroke}"{extra}/>'
    )


def _frame(x: float, y: float, w: float, h: float, rx: float = 8) -> str:
    return f'<rect class="frame" x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}"/>'


def _coin(x: float, y: float, value: object, r: float = 13) -> str:
    """A gold coin centred at (x, y) with a number on it."""
    return (
        f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{GOLD}" stroke="#9a7412" stroke-width="1.5"/>'
        + _text(x, y + 5, value, "b", "middle")
    )


def _shield(x: float, y: float, value: object, r: float = 13) -> str:
    """A points shield centred at (x, y)."""
    path = (
        f"M{x - r:g},{y - r:g}h{2 * r:g}v{r:g}q0,{r * 0.8:g} -{r:g},{r * 1.2:g}"
        f"q-{r:g},-{r * 0.4:g} -{r:g},-{r * 1.2:g}z"
    )
    return f'<path d="{path}" fill="#3f6b45" stroke="#24402a"/>' + _text(x, y + 5, value, "b w", "middle")


def _chip(x: float, y: float, resource: int, amount: int | None, w: float = 38, h: float = 24) -> str:
    """A resource chip: its letter and the amount ("S2"), coloured by resource."""
    label = RESOURCE_LETTERS[resource] + ("" if amount is None else str(amount))
    return _rect(x, y, w, h, RESOURCE_COLOURS[resource], rx=5) + _text(
        x + w / 2, y + h / 2 + 5, label, "b w", "middle"
    )


def _chips(x: float, y: float, amounts: Sequence[int], w: float = 38, gap: float = 4) -> str:
    out = []
    for r, n in enumerate(amounts):
        if n:
            out.append(_chip(x, y, r, n, w))
            x += w + gap
    return "".join(out)


def _fit(name: str, width: float, size: int = 16) -> str:
    """Attributes that fit ``name`` into ``width``: a smaller font (from a rough average glyph width of a
    bold sans), and below 12 px a squeeze with ``textLength`` rather than a font nobody can read."""
    fits = int(width / (0.64 * max(len(name), 1)))
    if fits >= 12:
        return f' style="font-size:{min(size, fits)}px"'
    return f' style="font-size:12px" textLength="{width:g}" lengthAdjust="spacingAndGlyphs"'


class _Board:
    """The drawing being written; each legal action is placed on one element at most (``take``)."""

    def __init__(self, view: Mapping[str, Any], actions: Sequence[BoardAction], seat: int | None) -> None:
        self.view = view
        self.seat = seat
        self.actions = {a.id: a for a in actions}
        self.parts: list[str] = []

    def add(self, *svg: str) -> None:
        self.parts.extend(svg)

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

    def building_card(
        self, x: float, y: float, building: int, action_id: int | None, next_card: bool = False
    ) -> None:
        card = BUILDINGS[building]
        rule = building_rule(building) + (" (top of the deck, not yet takeable)" if next_card else "")
        self.open(f"building-{building}", action_id, rule, "card next" if next_card else "card")
        band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
        self.add(
            _frame(x, y, BUILDING_W, BUILDING_H),
            _rect(x + 3, y + 3, BUILDING_W - 6, 30, band, rx=6),
            _text(x + 10, y + 24, card.name, "name w", extra=_fit(card.name, BUILDING_W - 20)),
            _text(x + 8, y + 54, "needs", "s mut"),
            _chips(x + 8, y + 62, card.requires),
        )
        if card.machine_worker is not None:
            self.add(
                _text(x + 8, y + 104, "then works as", "s mut"),
                _chips(x + 8, y + 110, WORKERS[card.machine_worker].produces),
                _shield(x + BUILDING_W - 24, y + 120, card.points),
            )
        else:
            self.add(
                _text(x + 8, y + 126, "pays", "s mut"),
                _coin(x + 62, y + 121, card.coins, 15),
                _shield(x + 102, y + 122, card.points, 14),
            )
        if next_card:
            self.add(_text(x + BUILDING_W - 8, y + 54, "next", "s b mut", "end"))
        self.add("</g>")

    def worker_card(
        self, x: float, y: float, worker: int, action_id: int | None, next_card: bool = False
    ) -> None:
        card = WORKERS[worker]
        rule = worker_rule(worker) + (" (top of the deck, not yet takeable)" if next_card else "")
        self.open(f"worker-{worker}", action_id, rule, "card next" if next_card else "card")
        self.add(
            _frame(x, y, WORKER_W, WORKER_H),
            _rect(x + 3, y + 3, WORKER_W - 6, 30, WORKER_BAND, rx=6),
            _text(x + 10, y + 24, card.code, "name w"),
            _text(x + WORKER_W - 10, y + 24, card.kind.value, "s w", "end"),
            _text(x + 8, y + 54, "makes", "s mut"),
            _chips(x + 8, y + 62, card.produces, 34, 3),
            _text(x + 8, y + 126, "wage", "s mut"),
            _coin(x + 62, y + 121, card.wage),
        )
        if next_card:
            self.add(_text(x + WORKER_W - 8, y + 54, "next", "s b mut", "end"))
        self.add("</g>")

    def deck(self, x: float, y: float, w: float, h: float, size: int, what: str, top: int | None) -> None:
        """A deck: a stack of backs with its size, and the visible top card (if any) lying on it."""
        self.add(
            f'<g id="{what}-deck">', f"<title>{esc(f'The {what} deck: ' + _plural(size, 'card'))}</title>"
        )
        if not size:
            self.add(
                _rect(x, y, w, h, "none", LINE, 8, ' stroke-dasharray="6 5"'),
                _text(x + w / 2, y + h / 2 + 5, "deck empty", "s mut", "middle"),
            )
        for i in (2, 1, 0):
            if size > i:
                self.add(_rect(x + 4 * i, y + 4 * i, w, h, "#cdb98e", LINE, 8))
        if size and top is None:
            self.add(
                _text(x + w / 2, y + h / 2 - 4, f"{what}s", "name", "middle"),
                _text(x + w / 2, y + h / 2 + 18, _plural(size, "card"), "s", "middle"),
            )
        self.add("</g>")
        if top is not None:
            if what == "building":
                self.building_card(x, y, top, None, next_card=True)
            else:
                self.worker_card(x, y, top, None, next_card=True)

    # ---- sections ---------------------------------------------------------------------------------

    def decision(self) -> str:
        """The decision in words, as the terminal says it."""
        view = self.view
        if view["is_terminal"]:
            winners = view["winners"]
            best = max(p["score"] for p in view["players"])
            if len(winners) == 1:
                return f"Game over: {seat_name(winners[0])} wins with {_plural(best, 'point')}"
            return f"Game over: {' and '.join(seat_name(w) for w in winners)} share the win ({best} points)"
        pending = view["pending_worker"]
        left = view["actions_left"]
        if pending is not None:
            card = WORKERS[pending]
            what = f"the {card.name}" if card.is_machine else card.code
            doing = f"choose the building to send {what} to"
        elif left == 0:
            doing = f"no actions left: buy one for {EXTRA_ACTION_PRICE} coins or end the turn"
        else:
            doing = f"choose an action ({_plural(left, 'action')} left)"
        current = view["current_player"]
        if current == self.seat:
            return f"Your turn: {doing}"
        return f"{seat_name(current)} to play: {doing}"

    def turn_bar(self, y: float) -> float:
        view = self.view
        current = view["current_player"]
        colour = "#7f8c8d" if current is None else SEAT_COLOURS[current]
        self.add(
            '<g id="turn">',
            _rect(10, y, WIDTH - 20, 78, "#3b2a1a", rx=10),
            _rect(10, y, 16, 78, colour, rx=4),
        )
        head = f"The Builders: Middle Ages · round {view['round']}"
        if view["final_round"] and not view["is_terminal"]:
            head += " · FINAL ROUND (17 points reached)"
        self.add(
            _text(40, y + 28, head, "s", extra=' style="fill:#e8dcc0"'),
            _text(40, y + 60, self.decision(), "big", extra=' style="fill:#fff"'),
        )
        if current is not None:
            left = view["actions_left"]
            pips = max(3, left)
            x0 = WIDTH - 30 - pips * 30
            self.add(
                f'<g id="actions-left"><title>{esc(_plural(left, "action") + " left this turn")}</title>',
                _text(WIDTH - 30, y + 28, "actions left", "s", "end", ' style="fill:#e8dcc0"'),
            )
            for i in range(pips):
                fill = colour if i < left else "none"
                self.add(
                    f'<circle cx="{x0 + 15 + 30 * i:g}" cy="{y + 52:g}" r="11" fill="{fill}" '
                    f'stroke="#e8dcc0" stroke-width="2"/>'
                )
            self.add("</g>")
        self.add("</g>")
        return y + 78

    def market(self, y: float) -> float:
        view = self.view
        deck = view["building_deck_size"]
        self.add(
            _text(12, y + 20, "Buildings", "label"),
            _text(
                120,
                y + 20,
                f"start one for 1 action · deck: {_plural(deck, 'card')}, top card shown",
                "s mut",
            ),
        )
        y += 30
        for i in range(5):
            x = 10 + i * (BUILDING_W + GAP)
            self.add(
                f'<rect id="building-row-{i}" x="{x}" y="{y:g}" width="{BUILDING_W}" height="{BUILDING_H}" '
                f'rx="8" fill="none" stroke="{LINE}" stroke-dasharray="6 5"/>'
            )
        for i, b in enumerate(view["building_row"]):
            self.building_card(10 + i * (BUILDING_W + GAP), y, b, START + b)
        self.deck(
            10 + 5 * (BUILDING_W + GAP) + 4,
            y,
            BUILDING_W,
            BUILDING_H,
            deck,
            "building",
            view["building_deck_top"],
        )
        y += BUILDING_H + 14
        deck = view["worker_deck_size"]
        shown = ", top card shown" if view["worker_deck_top"] is not None else ""
        self.add(
            _text(12, y + 20, "Workers", "label"),
            _text(100, y + 20, f"hire one for 1 action · deck: {_plural(deck, 'card')}{shown}", "s mut"),
            _text(BANK_X, y + 20, "Bank", "label"),
            _text(BANK_X + 58, y + 20, "coins for actions", "s mut"),
        )
        y += 30
        for i in range(5):
            x = 10 + i * (WORKER_W + GAP)
            self.add(
                f'<rect id="worker-row-{i}" x="{x}" y="{y:g}" width="{WORKER_W}" height="{WORKER_H}" '
                f'rx="8" fill="none" stroke="{LINE}" stroke-dasharray="6 5"/>'
            )
        for i, w in enumerate(view["worker_row"]):
            self.worker_card(10 + i * (WORKER_W + GAP), y, w, HIRE + w)
        self.deck(
            10 + 5 * (WORKER_W + GAP) + 4, y, WORKER_W, WORKER_H, deck, "worker", view["worker_deck_top"]
        )
        self.bank(BANK_X, y)
        return y + WORKER_H

    def bank(self, x: float, y: float) -> None:
        """The bank: take 1, 3 or 6 coins for 1, 2 or 3 actions; buy an extra action for 5 coins."""
        self.add('<g id="bank">', _rect(x, y, WIDTH - 10 - x, WORKER_H, "#e6d6b0", LINE, 8))
        cw, ch = (WIDTH - 10 - x - 24) / 2, (WORKER_H - 24) / 2
        cells = [(TAKE_COINS + i, i + 1) for i in range(3)] + [(BUY_ACTION, 0)]
        for k, (action_id, spent) in enumerate(cells):
            cx, cy = x + 8 + (k % 2) * (cw + 8), y + 8 + (k // 2) * (ch + 8)
            if spent:
                coins = COINS_FOR_ACTIONS[spent]
                rule = f"Take {_plural(coins, 'coin')} from the bank for {_plural(spent, 'action')}"
                element, top, bottom, value = (
                    f"bank-take-{coins}",
                    f"+{coins}",
                    _plural(spent, "action"),
                    "coin",
                )
            else:
                rule = f"Buy an extra action for {EXTRA_ACTION_PRICE} coins"
                element, top, bottom, value = "bank-buy", "+1 action", f"pay {EXTRA_ACTION_PRICE}", "buy"
            self.open(element, action_id, rule)
            self.add(_frame(cx, cy, cw, ch, 6))
            if value == "coin":
                self.add(_coin(cx + 22, cy + ch / 2, top, 17), _text(cx + 44, cy + ch / 2 + 5, bottom, "s"))
            else:
                self.add(
                    _text(cx + cw / 2, cy + 24, top, "b", "middle"),
                    _text(cx + cw / 2, cy + 46, f"for {EXTRA_ACTION_PRICE} coins", "s", "middle"),
                )
            self.add("</g>")
        self.add("</g>")

    def players(self, y: float) -> float:
        players = list(self.view["players"])
        viewer = self.view["viewer"]
        if viewer is not None:  # the viewer's own panel first, then the others in turn order
            players = players[viewer:] + players[:viewer]
        for player in players:
            y = self.player(player, y + 14)
        return y

    def player(self, player: Mapping[str, Any], y: float) -> float:
        view = self.view
        p = player["seat"]
        to_move = view["current_player"] == p
        colour, ink = SEAT_COLOURS[p], SEAT_INK[p]
        start = len(self.parts)  # the panel's frame goes in first, once its height is known
        tags = [seat_name(p)]
        if view["viewer"] == p:
            tags.append("you")
        if view["first_player"] == p:
            tags.append("first player")
        if p in view["winners"]:
            tags.append("WINNER")
        self.add(f'<g id="player-{p}">', _rect(10, y, WIDTH - 20, 40, colour, rx=8))
        self.add(_text(24, y + 27, " · ".join(tags), "name", extra=f' style="fill:{ink}"'))
        if to_move:
            left = view["actions_left"]
            self.add(
                _text(
                    430,
                    y + 27,
                    f"▶ playing · {_plural(left, 'action')} left",
                    "name",
                    extra=f' style="fill:{ink}"',
                )
            )
        right = WIDTH - 24
        points, coins = player["building_points"], player["coins"]
        score = (
            f"Score {player['score']}: {_plural(points, 'point')} from buildings and machines "
            f"+ {player['score'] - points} for {_plural(coins, 'coin')}"
        )
        self.add(
            f'<g id="score-p{p}"><title>{esc(score)}</title>',
            _text(right, y + 27, f"score {player['score']}", "big", "end", f' style="fill:{ink}"'),
            "</g>",
            f'<g id="points-p{p}"><title>{esc(_plural(points, "building point"))}</title>',
            _shield(right - 180, y + 19, points, 13),
            _text(right - 161, y + 27, "points", "s", extra=f' style="fill:{ink}"'),
            "</g>",
            f'<g id="coins-p{p}"><title>{esc(_plural(player["coins"], "coin"))}</title>',
            _coin(right - 285, y + 20, player["coins"], 15),
            _text(right - 264, y + 27, "coins", "s", extra=f' style="fill:{ink}"'),
            "</g>",
        )
        top = y + 48
        left_bottom = self.sites(player, top, to_move)
        right_bottom = self.free_and_done(player, top)
        bottom = max(left_bottom, right_bottom) + 10
        width = 4 if to_move else 1.5
        self.parts.insert(
            start,
            _rect(
                10,
                y,
                WIDTH - 20,
                bottom - y,
                "#f7efdd",
                colour if to_move else LINE,
                10,
                f' stroke-width="{width}"',
            ),
        )
        self.add("</g>")
        return bottom

    def sites(self, player: Mapping[str, Any], y: float, to_move: bool) -> float:
        p = player["seat"]
        sites = player["sites"]
        self.add(_text(22, y + 16, "Under construction", "label"))
        y += 26
        if not sites:
            self.add(_text(22, y + 18, "nothing yet", "s mut"))
            return y + 26
        bottom = y
        row_height = 0.0
        for i, site in enumerate(sites):
            if i and i % SITES_PER_ROW == 0:
                y += row_height + 10
                row_height = 0
            x = 20 + (i % SITES_PER_ROW) * (SITE_W + 10)
            h = self.site(site, x, y, to_move, p)
            row_height = max(row_height, h)
            bottom = y + row_height
        return bottom

    def site(self, site: Mapping[str, Any], x: float, y: float, to_move: bool, p: int) -> float:
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
        h = 40 + 24 * len(rows) + 6 + 28 * crew_rows + (26 if to_move else 4)
        missing = site["missing"]
        still = amounts_text((missing[0], missing[1], missing[2], missing[3]))
        self.open(f"building-{b}", TO + b, f"{building_rule(b)}. Still needs {still}", "site")
        band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
        self.add(
            _frame(x, y, SITE_W, h),
            _rect(x + 3, y + 3, SITE_W - 6, 30, band, rx=6),
            _text(
                x + 10,
                y + 24,
                card.name,
                "name w",
                extra=_fit(card.name, SITE_W - (84 if card.coins else 50)),
            ),
            _shield(x + SITE_W - 20, y + 17, card.points, 11),
        )
        if card.machine_worker is None:
            self.add(_coin(x + SITE_W - 50, y + 18, card.coins, 12))
        yy = y + 40
        for r in rows:
            colour = RESOURCE_COLOURS[r]
            self.add(_chip(x + 8, yy, r, None, 24, 20))
            for i in range(need[r]):
                if i < have[r]:
                    fill = f'fill="{colour}"'
                elif i < have[r] + adds[r]:  # what the worker being sent would add
                    fill = f'fill="{colour}" fill-opacity=".35" stroke-dasharray="3 2"'
                else:
                    fill = 'fill="#fff"'
                self.add(
                    f'<rect x="{x + 40 + 20 * i:g}" y="{yy + 2:g}" width="16" height="16" rx="3" {fill} '
                    f'stroke="{colour}" stroke-width="1.5"/>'
                )
            done = have[r] >= need[r]
            count = "✓" if done else f"{have[r]}/{need[r]}"
            self.add(_text(x + SITE_W - 10, yy + 16, count, "s b" if done else "s", "end"))
            yy += 24
        yy += 6
        if not crew:
            self.add(_text(x + 10, yy + 17, "no workers yet", "s mut"))
        for i, w in enumerate(crew):
            cx, cy = x + 8 + (i % 4) * 49, yy + (i // 4) * 28
            self.add(
                f'<g id="worker-{w}"><title>{esc(worker_rule(w))}</title>',
                _rect(cx, cy, 45, 24, "#efe2c4", LINE, 5),
                _text(cx + 22.5, cy + 17, WORKERS[w].code, "s b", "middle"),
                "</g>",
            )
        yy += 28 * crew_rows
        if to_move:
            cost = site["sent_this_turn"] + 1
            if pending is None:
                note = f"next worker here: {_plural(cost, 'action')}"
            else:
                after = [max(0, n - a) for n, a in zip(missing, adds, strict=True)]
                outcome = (
                    "completes it"
                    if not any(after)
                    else "then needs " + amounts_text((after[0], after[1], after[2], after[3]))
                )
                note = f"{_plural(cost, 'action')} · {outcome}"
            if cost > self.view["actions_left"]:
                note = f"next worker here: {_plural(cost, 'action')} (too few left)"
            strong = cost > 1 or pending is not None
            self.add(
                _text(
                    x + 10,
                    yy + 16,
                    note,
                    "s b warn" if strong else "s",
                    extra=_fit(note, SITE_W - 20, 14),
                )
            )
        self.add("</g>")
        return h

    def free_and_done(self, player: Mapping[str, Any], y: float) -> float:
        p = player["seat"]
        x0 = RIGHT_X
        free = player["free_workers"]
        pending = self.view["pending_worker"] if self.view["current_player"] == p else None
        self.add(_text(x0 + 2, y + 16, "Free workers", "label"))
        y += 26
        if not free:
            self.add(_text(x0 + 2, y + 18, "none", "s mut"))
            y += 26
        for i, w in enumerate(free):
            x, yy = x0 + (i % 4) * (MINI_W + 8), y + (i // 4) * (MINI_H + 8)
            self.mini_worker(x, yy, w, w == pending)
        if free:
            y += ((len(free) + 3) // 4) * (MINI_H + 8)
        done = player["completed"]
        self.add(_text(x0 + 2, y + 18, "Completed", "label"))
        y += 28
        if not done:
            self.add(_text(x0 + 2, y + 18, "none yet", "s mut"))
            return y + 26
        for i, b in enumerate(done):
            card = BUILDINGS[b]
            x, yy = x0 + (i % 3) * (DONE_W + 9), y + (i // 3) * 36
            band = MACHINE_BAND if card.machine_worker is not None else BUILDING_BAND
            self.add(
                f'<g id="building-{b}" class="done"><title>{esc(building_rule(b))}</title>',
                _rect(x, yy, DONE_W, 30, band, rx=6),
                _text(x + 8, yy + 20, card.name, "s b w", extra=_fit(card.name, DONE_W - 40, 14)),
                _shield(x + DONE_W - 16, yy + 14, card.points, 10),
                "</g>",
            )
        return y + ((len(done) + 2) // 3) * 36

    def mini_worker(self, x: float, y: float, worker: int, pending: bool) -> None:
        card = WORKERS[worker]
        self.open(f"worker-{worker}", SEND + worker, worker_rule(worker), "worker")
        self.add(_frame(x, y, MINI_W, MINI_H, 6))
        if pending:
            colour = SEAT_COLOURS[self.view["current_player"]]
            self.add(_rect(x - 3, y - 3, MINI_W + 6, MINI_H + 6, "none", colour, 8, ' stroke-width="4"'))
        self.add(
            _text(x + 8, y + 21, card.code, "b"),
            _text(
                x + 8,
                y + 38,
                "sending…" if pending else card.kind.value,
                "s mut",
                extra=' style="font-size:12px"' if not pending else ' style="font-size:12px;font-weight:700"',
            ),
            _coin(x + MINI_W - 16, y + 17, card.wage, 12),
            _chips(x + 5, y + MINI_H - 28, card.produces, 26, 2),
            "</g>",
        )

    def svg(self) -> str:
        y = self.turn_bar(8)
        y = self.market(y + 6)
        y = self.players(y + 4)
        height = int(y + 12)
        body = "".join(self.parts)
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            'class="board board-builders">'
            f"<style>{STYLE}</style>"
            f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#efe4cc"/>'
            f"{body}</svg>"
        )


def draw(view: Mapping[str, Any], actions: Sequence[BoardAction], seat: int | None) -> str:
    """The board as ``seat`` sees it (see :mod:`masterbuilder.core.board` for the conventions)."""
    return _Board(view, actions, seat).svg()
