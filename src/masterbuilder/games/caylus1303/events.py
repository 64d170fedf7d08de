"""What a Caylus 1303 move set off, one line per event: new rounds and phases, what the activated buildings
gave, the owners' PP and bonuses, workers beyond the provost, the provost's moves, buildings, claims,
residences and monuments, bundles, the favour for the most bundles, recruitment, decisions taken without a
choice, and the end.

The engine records what happens (``Caylus1303State.log_events``; the event tuples are listed with the
``_event`` calls in its state.py); this module only puts each event into words. Seats are named as the
play loop names them ("seat 1"). Gains of PP are public in the game (the tokens are taken in view, then
kept face down), so the lines say them; the totals stay hidden on the table until the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from masterbuilder.core.state import State
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    CHARACTERS,
    RES_NAMES,
    ROAD_LENGTH,
    ROUNDS,
    TILES,
    Effect,
    Res5,
    Side,
    res_text,
)
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
    PHASE_NAMES,
)
from masterbuilder.games.caylus1303.terminal import building_name, res_words, seat_name

Event = tuple[Any, ...]
# the effects that ask their worker to choose (and are declined without a choice when nothing is possible)
CHOICE_EFFECTS = frozenset(
    {Effect.FAIR, Effect.NOTARY, Effect.CARPENTER, Effect.STONEMASON, Effect.TOLL, Effect.SELL_WORKER}
    | {Effect.CHOOSE, Effect.TRADE}
)

PHASE_WORDS = {
    1: "place workers on the road or at the construction site, or pass",
    3: "the workers at the construction site deliver bundles",
    4: "residences, monuments, recruitment",
}


def _steps(n: int) -> str:
    return f"{abs(n)} step{'s' if abs(n) != 1 else ''}"


def _workers(n: int) -> str:
    return f"{n} worker{'s' if n != 1 else ''}"


class _Feed:
    """The lines of one move. ``before`` and ``after`` (the states around it) name the tiles; as the
    engine's events do not always say which road space acted, the feed follows the activation along the
    road: the workers that stood there before the move (and the one the move placed), the spaces already
    reported, and the construction-site tile a favour chose."""

    def __init__(self, before: Caylus1303State, action: int, after: Caylus1303State) -> None:
        self.before, self.after = before, after
        self.provost = before.provost
        self.delivered: set[int] = set()
        self.workers = {space: before.workers_at(space) for space in range(1, ROAD_LENGTH + 1)}
        self.done: set[tuple[int, int]] = set()  # (seat, space): workers whose activation was reported
        self.cursor = 0  # the road space being activated, as far as the feed knows
        self.slot: dict[int, int] = {}  # seat -> the construction-site tile its favour is using
        self.monument_cursor = 0  # the residence space whose monument decision was the last one
        pending = before.pending_decision or (0, -1)
        actor = pending[1]
        if A.PLACE <= action < A.SITE:
            self.workers[action - A.PLACE + 1] = [*self.workers[action - A.PLACE + 1], actor]
        if A.SLOT <= action < A.BUILD:
            self.slot[actor] = before.slots[action - A.SLOT]
        if pending[0] == D_MONUMENT:
            self.monument_cursor = pending[2]
        if before.phase == 2 and pending[0] in (D_BRIDGE, D_BAILIFF):
            self.cursor = BRIDGE_SPACE
        elif before.phase == 2 and pending[0] != D_PLACE:
            # mid-activation: the first worker left on the road is the one acting now (it goes back to
            # the camp only once its effect is over)
            occupied = [s for s, seats in self.workers.items() if seats and s <= before.provost]
            if occupied:
                self.cursor = occupied[0]
                if actor in self.workers[self.cursor]:
                    self.done.add((actor, self.cursor))

    # ---- names ------------------------------------------------------------------------------------
    def space_tile(self, space: int) -> str:
        """'the Farm (stone, space 20)'; 'space 20' if no tile stands there."""
        for state in (self.before, self.after):
            tile = state.tile_at(space)
            if tile is not None:
                family = "residence" if state.is_residence(space) else TILES[tile].family.value
                name = building_name(TILES[tile], family)
                if name.endswith(")"):
                    return f"the {name[:-1]}, space {space})"
                return f"the {name} (space {space})"
        return f"space {space}"

    def _acting_space(self, seat: int, fits: Callable[[int], bool]) -> int | None:
        """The next road space (from the one acting now) where ``seat`` has a worker not yet reported and
        that ``fits``; it is then reported."""
        for space in range(max(self.cursor, 1), ROAD_LENGTH + 1):
            if seat not in self.workers[space] or (seat, space) in self.done:
                continue
            if fits(space):
                self.done.add((seat, space))
                self.cursor = space
                return space
        return None

    def _road_side(self, space: int) -> Side:
        """The side of the tile on ``space`` that a worker there uses (the setup side if nobody owns it)."""
        tile_id = self.before.tile_at(space)
        if tile_id is None:
            return TILES[0].built  # pragma: no cover - workers stand on buildings only
        tile = TILES[tile_id]
        return tile.setup if self.before.owner_at(space) is None else tile.built

    def tile_place(self, seat: int, tile: int) -> tuple[str, Side]:
        """Where the tile that just acted for ``seat`` lies ('the Farm (start, space 8)', 'the construction
        site's Sawmill (slot 1)') and the side that acted (the setup side on the site and on an unowned
        road tile)."""
        t = TILES[tile]
        if self.slot.get(seat) == tile:
            del self.slot[seat]
            return f"the construction site's {t.name} (slot {self.before.slots.index(tile) + 1})", t.setup
        space = self._acting_space(seat, lambda at: self.before.tile_at(at) == tile)
        if space is not None:
            return self.space_tile(space), self._road_side(space)
        if tile in self.before.slots:
            return f"the construction site's {t.name} (slot {self.before.slots.index(tile) + 1})", t.setup
        for space in range(1, ROAD_LENGTH + 1):  # a worker the feed did not see: the tile's space
            if self.before.tile_at(space) == tile:
                return self.space_tile(space), self._road_side(space)
        return f"the {t.name}", t.built

    def effect_place(self, seat: int) -> str:
        """The tile whose effect ``seat`` could not use: 'the Notary (space 2)'; '' if not known."""
        if seat in self.slot:
            tile = self.slot.pop(seat)
            return f"the construction site's {TILES[tile].name} (slot {self.before.slots.index(tile) + 1})"
        space = self._acting_space(seat, lambda at: self._road_side(at).effect in CHOICE_EFFECTS)
        return self.space_tile(space) if space is not None else ""

    def residence_place(self, seat: int) -> str:
        """The next residence of ``seat`` along the road, whose monument decision this is: 'on space 9'."""
        for space in range(self.monument_cursor + 1, ROAD_LENGTH + 1):
            if self.after.owner_at(space) == seat and (
                self.after.is_residence(space) or self.before.is_residence(space)
            ):
                self.monument_cursor = space
                return f" on space {space}"
        return ""

    # ---- the events -------------------------------------------------------------------------------
    def line(self, event: Event) -> str:
        """One event in words."""
        handler = getattr(self, "on_" + str(event[0]), None)
        if handler is None:
            return f"{event[0]}: {', '.join(map(str, event[1:]))}"
        text: str = handler(*event[1:])
        return text

    def on_round(self, number: int, first: int) -> str:
        return f"Round {number}/{ROUNDS} begins · {seat_name(first)} is the first player"

    def on_phase(self, phase: int) -> str:
        words = PHASE_WORDS.get(phase, "")
        if phase == 2:
            words = f"the road acts from space 1 up to the provost (after space {self.provost})"
        name = PHASE_NAMES[phase] if 0 <= phase < len(PHASE_NAMES) else str(phase)
        return f"Phase {phase}/4: {name}" + (f" · {words}" if words else "")

    def on_gain(self, seat: int, tile: int, gain: list[int], workers: int, pp: int) -> str:
        parts = [res_words(gain)] if any(gain) else []
        if workers:
            parts.append(f"+{_workers(workers)} from the camp")
        if pp:
            parts.append(f"+{pp} PP")
        where, side = self.tile_place(seat, tile)
        got = " ".join(parts) if parts else "nothing"
        text = f"{seat_name(seat)} gets {got} from {where}"
        if workers < side.workers:
            text += f" ({_workers(workers)} of {side.workers}: no more in the camp)"
        return text

    def on_owner_bonus(self, owner: int, resource: int, space: int) -> str:
        return f"{seat_name(owner)} +1 {RES_NAMES[resource]} as the owner of {self.space_tile(space)}"

    def on_owner_pp(self, owner: int, pp: int, placer: int, space: int) -> str:
        where = self.space_tile(space)
        if pp == 0:
            return f"{seat_name(owner)} gets no PP as the owner of {where}: {seat_name(placer)} has the Thief"
        steward = " (the Steward)" if pp == 2 else ""
        return (
            f"{seat_name(owner)} +{pp} PP{steward} as the owner of {where}, where {seat_name(placer)} "
            "placed a worker"
        )

    def on_unused(self, seat: int, space: int) -> str:
        self.done.add((seat, space))
        return (
            f"{seat_name(seat)}'s worker on {self.space_tile(space)} is beyond the provost: back to the camp "
            "unused"
        )

    def on_most_bundles(self, seat: int, count: int) -> str:
        return f"{seat_name(seat)} delivered the most bundles this round ({count}): a favour"

    def on_residence(self, seat: int, space: int) -> str:
        where = self.space_tile(space)
        return (
            f"{where[:1].upper()}{where[1:]}, claimed by {seat_name(seat)}, turns into their residence "
            "(+1 worker at each recruitment)"
        )

    def on_recruit(self, seat: int, got: int, due: int, goods: list[int]) -> str:
        text = f"Recruitment: {seat_name(seat)} +{_workers(got)} from the camp"
        if got < due:
            text += f" ({due} due; no more in the camp)"
        if any(goods):
            text += f", {res_words(goods)} (monuments)"
        return text

    def on_provost(self, space: int) -> str:
        self.provost = space
        return f"End of round: the provost moves to after space {space}, just before the last building"

    def on_provost_moved(self, seat: int, delta: int, new: int) -> str:
        self.provost = new
        way = "forward" if delta > 0 else "back"
        return (
            f"{seat_name(seat)} moves the provost {_steps(delta)} {way}: now after space {new} "
            f"(spaces 1–{new} act)"
        )

    def on_built(self, seat: int, tile: int, space: int, pp: int) -> str:
        name = building_name(TILES[tile])
        return f"{seat_name(seat)} built the {name} on space {space}: +{pp} PP"

    def on_claimed(self, seat: int, space: int) -> str:
        return (
            f"{seat_name(seat)} claimed {self.space_tile(space)} with the Notary: their residence at the "
            "end of the round"
        )

    def on_delivered(self, seat: int, bundle: list[int], pp: int) -> str:
        self.delivered.add(seat)
        b: Res5 = (bundle[0], bundle[1], bundle[2], bundle[3], bundle[4])
        text = f"{seat_name(seat)} delivered a bundle ({res_text(b)}): +{pp} PP"
        extra = pp - BUNDLE_PP
        bonuses = {1: "Foreman", 5: "Goldsmith", 6: "Foreman and Goldsmith"}
        if extra in bonuses:
            text += f" ({BUNDLE_PP} + {extra}, {bonuses[extra]})"
        return text

    def on_monument(self, seat: int, tile: int, space: int, pp: int) -> str:
        self.monument_cursor = space
        text = (
            f"{seat_name(seat)} built the {TILES[tile].name} (monument) over their residence on space {space}"
        )
        text += f": +{pp} PP"
        if TILES[tile].favour_on_build:
            text += " and a favour"
        return text

    def on_final(self, bonuses: list[int], pp: list[int]) -> str:
        gold = ", ".join(f"{seat_name(s)} +{b}" for s, b in enumerate(bonuses))
        final = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(pp))
        return f"Game over · gold bonus (PP): {gold} · final PP: {final}"

    def on_forced(self, seat: int, action: int, decision: int) -> str:
        who = seat_name(seat)
        if decision == D_DRAFT and A.CHAR <= action < A.SLOT:
            return f"{who} takes the last character of the draft: the {CHARACTERS[action - A.CHAR].name}"
        if decision == D_EARLY and action == A.DECLINE:
            return f"{who} (Early Riser) cannot place a worker early"
        if decision == D_PLACE and action == A.PASS:
            return f"{who} cannot place another worker and passes onto the Guilds Bridge"
        if decision == D_EFFECT and action == A.DECLINE:
            where = self.effect_place(seat) or "their building"
            return f"{who} cannot use {where}: nothing they can pay for or take"
        if decision == D_PAY and A.PAY <= action < A.TAKE:
            return f"{who} pays 1 {RES_NAMES[action - A.PAY]} (the only resource left to pay with)"
        if decision == D_BRIDGE and action == A.DECLINE:
            return f"{who} has no worker left to move the provost from the Guilds Bridge"
        if decision == D_DELIVER and action == A.DECLINE:
            more = "no more bundles" if seat in self.delivered else "no bundle"
            return f"{who} has {more} to deliver"
        if decision == D_FAVOUR and A.CHAR <= action < A.SLOT:
            name = CHARACTERS[action - A.CHAR].name
            return f"{who}'s favour has one choice: take the {name}"
        if decision == D_FAVOUR and A.SLOT <= action < A.BUILD:
            k = action - A.SLOT
            self.slot[seat] = self.before.slots[k]
            tile = TILES[self.before.slots[k]]
            return f"{who}'s favour has one choice: the construction site's {tile.name} (slot {k + 1})"
        if decision == D_MONUMENT and action == A.DECLINE:
            return f"{who} cannot pay for a monument to replace their residence{self.residence_place(seat)}"
        kind = {D_BAILIFF: "the Bailiff", D_BOARD_CHAR: "a character from the board"}.get(decision, "")
        about = f" ({kind})" if kind else ""
        return f"{who}, without a choice{about}: {A.LABELS[action]}"


def caylus1303_events(before: Caylus1303State, action: int, after: Caylus1303State) -> list[Event]:
    """The events of ``action`` taken in ``before``: from ``after``'s log if it keeps one (they are taken
    from it), else by replaying the action on a copy of ``before``."""
    if after.logs_events:
        return after.take_events()
    again = before.clone()
    again.log_events()
    again.apply(action)
    return again.take_events()


def event_lines(
    before: Caylus1303State, action: int, after: Caylus1303State, events: list[Event]
) -> list[str]:
    """The events, one line each, in order."""
    feed = _Feed(before, action, after)
    return [feed.line(event) for event in events]


def summarise_caylus1303(before: State, action: int, after: State) -> list[str]:
    """The events of one Caylus 1303 action, in words (see the module's docstring)."""
    if not isinstance(before, Caylus1303State) or not isinstance(after, Caylus1303State):
        raise TypeError(f"The Caylus 1303 summariser cannot read a {after.game} game.")
    return event_lines(before, action, after, caylus1303_events(before, action, after))
