"""What a Caylus move set off, in a few lines: income, the special buildings, buildings that act without a
choice, workers beyond the provost, castle penalties and the best builder, the bailiff, the scorings and
the end bonus.

The engine records what its automatic steps do (``CaylusState.log_events``; the event kinds are listed in
docs/state-json.md, "Caylus: events"), and this module only puts those events into words. The effects of
the chosen action itself (paying for a placement, the cubes a building gives when you chose them) are not
repeated; the effects of decisions taken without a choice (a forced pass, the only production) are.

As a self-check, the deniers, cubes and PP the events give or take are added up for every seat but the one
that moved, and compared with the table after the move: whatever is left unexplained is reported as
"Also: ...", so no change to another seat goes unmentioned.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from masterbuilder.core.i18n import Text, join
from masterbuilder.core.state import State
from masterbuilder.core.voice import seat_name
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import CUBE_NAMES, SECTION_NAMES, TILES
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_CASTLE, D_JOUST, D_PLACE, D_PRODUCE
from masterbuilder.games.caylus.terminal import short_name
from masterbuilder.ui.events import signed

_ = Text("caylus")
_n = _.plural

# a purse: deniers, the five cubes, prestige points
UNITS = ("deniers", *CUBE_NAMES, "PP")
DENIERS, PP = 0, 6
Purse = list[int]
Event = tuple[Any, ...]


def _purse(player: dict[str, Any]) -> Purse:
    return [player["deniers"], *(player["cubes"][c] for c in CUBE_NAMES), player["prestige"]]


def amount_text(index: int, n: int) -> str:
    """A change of UNITS[index]: '+3 deniers', '+1 denier', '−2 PP', '+1 food'."""
    sign = signed(n)
    if index == DENIERS:
        return _n("{signed} denier", "{signed} deniers", abs(n), signed=sign)
    if index == PP:
        # i18n: prestige points won or lost: '+2 PP', '−1 PP'
        return _("{signed} PP", signed=sign)
    return (
        _n("{signed} food", "{signed} food", abs(n), signed=sign),
        _n("{signed} wood", "{signed} wood", abs(n), signed=sign),
        _n("{signed} stone", "{signed} stone", abs(n), signed=sign),
        _n("{signed} cloth", "{signed} cloth", abs(n), signed=sign),
        _n("{signed} gold", "{signed} gold", abs(n), signed=sign),
    )[index - 1]


def purse_text(change: Purse) -> str:
    """'+1 food, +2 stone', '−2 PP'; empty for no change."""
    return ", ".join(amount_text(i, n) for i, n in enumerate(change) if n)


def _item(seat: str, change: str) -> str:
    # i18n: one seat in a list of what seats gained or lost: 'seat 1 +2 deniers'
    return _("{seat} {change}", seat=seat, change=change)


def purse_change(event: Event) -> tuple[int, Purse] | None:
    """The seat an event gives to or takes from, and what; None for an event without amounts."""
    kind = event[0]
    change = [0] * 7
    if kind in ("income", "trading_post", "first_pass"):
        change[DENIERS] = event[2]
    elif kind in ("owner_pp", "transform"):
        change[PP] = event[-1]
    elif kind in ("end_bonus", "castle_penalty"):
        change[PP] = event[2] if kind == "end_bonus" else -event[2]
    elif kind == "scoring":
        change[PP] = event[3]
        return event[2], change
    elif kind == "favours":
        change[PP] = event[3]
    elif kind == "favour":
        change[DENIERS], change[PP] = event[4], event[5]
    elif kind in ("favour_cube", "owner_bonus", "take", "pay"):
        change[1 + event[2]] = -1 if kind == "pay" else 1
    elif kind == "gain":
        change[1 + event[2]] = event[3]
    elif kind == "produce":
        change[1:6] = event[3:8]
    else:
        return None
    return event[1], change


class _Feed:
    """The lines of one move, built event by event; consecutive events of a kind share a line."""

    def __init__(self, before: CaylusState, action: int, after: CaylusState, names: Sequence[str]) -> None:
        pending = before.pending_decision
        if pending is None:
            raise ValueError("The game was already over before the action.")
        self.before, self.after, self.action = before, after, action
        self.actor = pending[1]
        self.simple = before.options.get("favours") == "simple"
        self.turn = before.turn
        self.order = before.turn_order
        self.groups: list[tuple[str, dict[str, Any]]] = []
        self.forced: Event | None = None  # the last decision taken without a choice
        self.names = names

    def seat(self, s: int) -> str:
        return seat_name(s, self.names)

    def group(self, key: str, **start: Any) -> dict[str, Any]:
        """The data of the last line if it is of kind ``key``, else of a new one."""
        if not self.groups or self.groups[-1][0] != key:
            self.groups.append((key, {"items": [], **start}))
        return self.groups[-1][1]

    def line(self, text: str) -> None:
        self.groups.append(("line", {"text": text}))

    def forced_by(self, who: int, decision: int) -> bool:
        """The event comes from ``who``'s decision ``decision``, taken without a choice."""
        return self.forced is not None and self.forced[1] == who and self.forced[3] == decision

    def tile_name(self, space: int) -> str:
        tile = self.before.tile_at(space)
        if tile is None:
            tile = self.after.tile_at(space)
        # i18n: a road space named instead of its building (none is there): 'seat 1 from the space 5'
        return short_name(TILES[tile]) if tile is not None else _("space {space}", space=space)

    def favours_text(self, count: int, pp: int) -> str:
        if self.simple:
            # i18n: royal favours gained, in the simplified variant worth 3 PP each
            return _n("+{n} favour ({pp} PP)", "+{n} favours ({pp} PP)", count, pp=pp)
        # i18n: royal favours gained
        return _n("+{n} favour", "+{n} favours", count)

    # ---- the events -------------------------------------------------------------------------------
    def add(self, event: Event) -> None:
        kind = event[0]
        handler = getattr(self, "on_" + kind, None)
        if handler is not None:
            handler(*event[1:])

    def on_forced(self, who: int, action: int, decision: int) -> None:
        self.forced = ("forced", who, action, decision)
        if decision == D_PLACE and action == A.PASS:
            self.group("pass", first=None)["items"].append(who)
        elif decision == D_JOUST and action == A.PASS:
            self.line(_("Joust field: {seat} cannot pay 1 denier + 1 cloth, goes home", seat=self.seat(who)))

    def on_first_pass(self, who: int, deniers: int) -> None:
        if self.forced_by(who, D_PLACE) and self.groups and self.groups[-1][0] == "pass":
            self.groups[-1][1]["first"] = who

    def on_turn(self, number: int, order: list[int]) -> None:
        self.turn, self.order = number, list(order)
        first = self.seat(order[0]) if len(order) == 2 else None
        self.groups.append(("income", {"items": [], "turn": number, "first": first}))

    def on_income(self, who: int, deniers: int) -> None:
        items = self.group("income", turn=self.turn, first=None)["items"]
        items.append(_item(self.seat(who), amount_text(DENIERS, deniers) if not items else signed(deniers)))

    def on_trading_post(self, who: int, deniers: int) -> None:
        self.line(
            _n(
                "Trading post: {seat} {signed} denier",
                "Trading post: {seat} {signed} deniers",
                abs(deniers),
                seat=self.seat(who),
                signed=signed(deniers),
            )
        )

    def on_stables(self, order: list[int]) -> None:
        seats = ", ".join(self.seat(s) for s in order)
        if list(order) != self.order:
            self.line(_("Stables: new turn order {seats}", seats=seats))
        else:
            self.line(_("Stables: the turn order stays {seats}", seats=seats))
        self.order = list(order)

    def on_inn(self, moved: int, evicted: int) -> None:
        if evicted >= 0:
            self.line(
                _(
                    "Inn: {seat} moves to the right circle (places for 1 denier next turn); "
                    "{other}'s worker there goes home",
                    seat=self.seat(moved),
                    other=self.seat(evicted),
                )
            )
        else:
            self.line(
                _(
                    "Inn: {seat} moves to the right circle (places for 1 denier next turn)",
                    seat=self.seat(moved),
                )
            )

    def on_owner_pp(self, owner: int, space: int, pp: int) -> None:
        self.line(
            _(
                "{seat} {signed} PP as the owner of the {building}",
                seat=self.seat(owner),
                signed=signed(pp),
                building=self.tile_name(space),
            )
        )

    def on_produce(self, who: int, tile: int, *bundle: int) -> None:
        if self.forced_by(who, D_PRODUCE):
            gain = purse_text([0, *bundle, 0])
            # i18n: what a building gave a seat: 'seat 1 +1 food (Farm)'
            item = _(
                "{seat} {gain} ({building})", seat=self.seat(who), gain=gain, building=short_name(TILES[tile])
            )
            self.group("buildings")["items"].append(item)

    def on_transform(self, who: int, space: int, tile: int, pp: int) -> None:
        self.line(
            _(
                "Lawyer: the {building} on space {space} becomes {seat}'s residence (+{pp} PP)",
                building=short_name(TILES[tile]),
                space=space,
                seat=self.seat(who),
                pp=pp,
            )
        )

    def on_home_unused(self, who: int, space: int, provost: int) -> None:
        group = self.group("beyond", provost=provost)
        # i18n: a worker going home without acting: 'seat 1 from the Farm'
        group["items"].append(
            _("{seat} from the {building}", seat=self.seat(who), building=self.tile_name(space))
        )

    def on_castle_penalty(self, who: int, lost: int) -> None:
        if self.forced_by(who, D_CASTLE):
            if lost:
                text = _("{seat} loses {pp} PP", seat=self.seat(who), pp=lost)
            else:
                text = _("{seat} has no PP to lose", seat=self.seat(who))
            self.group("castle")["items"].append(text)

    def on_best_builder(self, who: int, houses: int) -> None:
        self.groups.append(("best", {"items": [], "seat": who, "houses": houses, "favours": ""}))

    def on_favours(self, who: int, count: int, pp: int) -> None:
        if not self.groups:
            return
        key, data = self.groups[-1]
        if key == "best" and data["seat"] == who and not data["favours"]:
            data["favours"] = self.favours_text(count, pp)
        elif key == "scored" and who in data["gains"] and not data["gains"][who][1]:
            data["gains"][who] = (count, self.favours_text(count, pp))

    def on_bailiff(self, old: int, new: int) -> None:
        self.groups.append(("bailiff", {"items": [], "turn": self.turn, "old": old, "new": new, "p": new}))

    def on_provost_reset(self, old: int, new: int) -> None:
        if self.groups and self.groups[-1][0] == "bailiff":
            self.groups[-1][1]["p"] = old

    def on_section_scored(self, section: int) -> None:
        self.groups.append(("scored", {"items": [], "section": section, "gains": {}, "losses": []}))

    def on_scoring(self, section: int, who: int, pp: int, favours: int) -> None:
        data = self.group("scored", section=section, gains={}, losses=[])
        if favours:
            data["gains"][who] = (favours, "")
        else:
            data["losses"].append(
                _item(self.seat(who), amount_text(PP, pp))
                if pp
                else _("{seat} (has no PP)", seat=self.seat(who))
            )

    def on_favour_columns_open(self, columns: int) -> None:
        if not self.simple:
            self.line(_("Royal favours: columns 1–{columns} are open now", columns=columns))

    def on_end_bonus(self, who: int, pp: int) -> None:
        self.group("over")["items"].append(_("{seat} +{pp} PP", seat=self.seat(who), pp=pp))

    # ---- the lines --------------------------------------------------------------------------------
    def render(self, key: str, data: dict[str, Any]) -> str | None:
        items = data["items"] if key != "line" else []
        if key == "line":
            text: str = data["text"]
            return text
        if key == "pass":
            who = join([self.seat(s) for s in items])
            if data["first"] is not None:
                return _n(
                    "{seats} cannot place a worker and passes ({first} first: +1 denier)",
                    "{seats} cannot place a worker and pass ({first} first: +1 denier)",
                    len(items),
                    seats=who,
                    first=self.seat(data["first"]),
                )
            return _n(
                "{seats} cannot place a worker and passes",
                "{seats} cannot place a worker and pass",
                len(items),
                seats=who,
            )
        if key == "income":
            if data["first"] is not None:
                return _(
                    "Turn {turn} · income: {items} · {seat} places first",
                    turn=data["turn"],
                    items=", ".join(items),
                    seat=data["first"],
                )
            return _("Turn {turn} · income: {items}", turn=data["turn"], items=", ".join(items))
        if key == "buildings":
            return _("Buildings: {items}", items=", ".join(items))
        if key == "beyond":
            return _(
                "Beyond the provost ({provost}), home without acting: {items}",
                provost=data["provost"],
                items=", ".join(items),
            )
        if key == "castle":
            return _("Castle, no batch: {items}", items=", ".join(items))
        if key == "best":
            favours = data["favours"] or self.favours_text(1, 0)
            return _n(
                "Castle: {seat} best builder ({n} house): {favours}",
                "Castle: {seat} best builder ({n} houses): {favours}",
                data["houses"],
                seat=self.seat(data["seat"]),
                favours=favours,
            )
        if key == "bailiff":
            old, new, provost = data["old"], data["new"], data["p"]
            fields = {"turn": data["turn"], "new": new, "change": signed(new - old)}
            if provost > new:
                return _(
                    "End of turn {turn} · bailiff moves to {new} ({change}); provost back to {new}", **fields
                )
            if provost < new:
                return _(
                    "End of turn {turn} · bailiff moves to {new} ({change}); provost moves up to {new}",
                    **fields,
                )
            return _(
                "End of turn {turn} · bailiff moves to {new} ({change}); provost stays at {new}", **fields
            )
        if key == "scored":
            gains = ", ".join(
                _item(self.seat(s), text or self.favours_text(count, 0))
                for s, (count, text) in data["gains"].items()
            )
            losses = ", ".join(data["losses"])
            section = _(SECTION_NAMES[data["section"]])
            if gains and losses:
                return _(
                    "{section} scored: {gains} · no house: {losses}",
                    section=section,
                    gains=gains,
                    losses=losses,
                )
            if gains:
                return _("{section} scored: {gains}", section=section, gains=gains)
            if losses:
                return _("{section} scored: no house: {losses}", section=section, losses=losses)
            return _("{section} scored: no favours, no penalties", section=section)
        if key == "over":
            return _("Game over · end bonus (gold, cubes, deniers): {items}", items=", ".join(items))
        if key == "other":
            return _("Without a choice: {items}", items=", ".join(items))
        return None  # pragma: no cover

    def run(self, events: list[Event]) -> list[str]:
        explained = [[0] * 7 for _seat in range(self.before.num_players)]
        quiet = ("pay", "take", "gain", "favour", "favour_cube", "owner_bonus")
        for event in events:
            self.add(event)
            change = purse_change(event)
            if change is None:
                continue
            who, purse = change
            explained[who] = [x + y for x, y in zip(explained[who], purse, strict=True)]
            if event[0] in quiet and who != self.actor:  # another seat's decision taken without a choice
                self.group("other")["items"].append(_item(self.seat(who), purse_text(purse)))
        lines = [text for key, data in self.groups if (text := self.render(key, data)) is not None]
        lines += self.unexplained(explained)
        return lines

    def unexplained(self, explained: list[Purse]) -> list[str]:
        """The changes to the other seats that no event accounts for (never expected)."""
        before = self.before.view(None)["players"]
        after = self.after.view(None)["players"]
        items = []
        for who, (b, a) in enumerate(zip(before, after, strict=True)):
            if who == self.actor:
                continue  # the action's own effects are not events
            change = [x - y - z for x, y, z in zip(_purse(a), _purse(b), explained[who], strict=True)]
            if any(change):
                items.append(_item(self.seat(who), purse_text(change)))
        return [_("Also: {items}", items=", ".join(items))] if items else []


def caylus_events(before: CaylusState, action: int, after: CaylusState) -> list[Event]:
    """The events of ``action`` taken in ``before``, by replaying the action on a copy of ``before`` that
    logs them. Neither state is changed, so the same move can be summarised again, in another language:
    ``after``'s own log (if it keeps one) is not taken, as a first reading would leave nothing to the next."""
    again = before.clone()
    again.log_events()
    again.apply(action)
    return again.take_events()


def summarise_caylus(before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
    """The events of one Caylus action, in words (see the module's docstring); ``names[s]`` names seat
    ``s`` ('seat 2' when not given)."""
    if not isinstance(before, CaylusState) or not isinstance(after, CaylusState):
        raise TypeError(f"The Caylus summariser cannot read a {after.game} game.")
    return _Feed(before, action, after, names).run(caylus_events(before, action, after))
