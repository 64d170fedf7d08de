"""What a Caylus 1303 move set off, one line per event: new rounds and phases, what the activated buildings
gave, the owners' PP and bonuses, workers beyond the provost, the provost's moves, buildings, claims,
residences and monuments, bundles, the favour for the most bundles, recruitment, decisions taken without a
choice, and the end.

The engine records what happens (``Caylus1303State.log_events``; the event tuples are the ones its rules.py
appends to ``_events``); this module only puts each event into words. Seats are named as the
caller names them (the terminal: "seat 1 (random)"; "seat 1" by default). Gains of PP are public in the
game (the tokens are taken in view, then kept face down), so the lines say them; the totals stay hidden on
the table until the end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from masterbuilder.core.i18n import N_, Text
from masterbuilder.core.state import State
from masterbuilder.core.voice import seat_name
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    CHARACTERS,
    ROAD_LENGTH,
    ROUNDS,
    TILES,
    Effect,
    Res5,
    Side,
    amount,
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
from masterbuilder.games.caylus1303.terminal import building_at, building_name, res_words

_ = Text("caylus1303")
_n = _.plural

Event = tuple[Any, ...]
# the effects that ask their worker to choose (and are declined without a choice when nothing is possible)
CHOICE_EFFECTS = frozenset(
    {Effect.FAIR, Effect.NOTARY, Effect.CARPENTER, Effect.STONEMASON, Effect.TOLL, Effect.SELL_WORKER}
    | {Effect.CHOOSE, Effect.TRADE}
)

PHASE_WORDS = {
    1: N_("place workers on the road or at the construction site, or pass"),
    3: N_("the workers at the construction site deliver bundles"),
    # i18n: what happens in the administration phase (a list of nouns)
    4: N_("residences, monuments, recruitment"),
}
"""What each phase does, in English (translated where shown)."""


class _Feed:
    """The lines of one move. ``before`` and ``after`` (the states around it) name the tiles; as the
    engine's events do not always say which road space acted, the feed follows the activation along the
    road: the workers that stood there before the move (and the one the move placed), the spaces already
    reported, and the construction-site tile a favour chose."""

    def __init__(
        self, before: Caylus1303State, action: int, after: Caylus1303State, names: Sequence[str] = ()
    ) -> None:
        self.before, self.after = before, after
        self.names = names
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
    def name(self, seat: int) -> str:
        """'seat 2', or the name the caller gave the seat."""
        return seat_name(seat, self.names)

    def space_tile(self, space: int) -> str:
        """'the Farm (stone, space 20)'; 'space 20' if no tile stands there."""
        for state in (self.before, self.after):
            tile = state.tile_at(space)
            if tile is not None:
                family = "residence" if state.is_residence(space) else TILES[tile].family.value
                return building_at(TILES[tile], family, space)
        return _("space {space}", space=space)

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
            return self.site_tile(tile), t.setup
        space = self._acting_space(seat, lambda at: self.before.tile_at(at) == tile)
        if space is not None:
            return self.space_tile(space), self._road_side(space)
        if tile in self.before.slots:
            return self.site_tile(tile), t.setup
        for space in range(1, ROAD_LENGTH + 1):  # a worker the feed did not see: the tile's space
            if self.before.tile_at(space) == tile:
                return self.space_tile(space), self._road_side(space)
        return _("the {building}", building=_(t.name)), t.built

    def site_tile(self, tile: int) -> str:
        """'the construction site's Sawmill (slot 1)'."""
        return _(
            "the construction site's {building} (slot {slot})",
            building=_(TILES[tile].name),
            slot=self.before.slots.index(tile) + 1,
        )

    def effect_place(self, seat: int) -> str:
        """The tile whose effect ``seat`` could not use: 'the Notary (space 2)'; '' if not known."""
        if seat in self.slot:
            tile = self.slot.pop(seat)
            return self.site_tile(tile)
        space = self._acting_space(seat, lambda at: self._road_side(at).effect in CHOICE_EFFECTS)
        return self.space_tile(space) if space is not None else ""

    def residence_place(self, seat: int) -> int | None:
        """The next residence of ``seat`` along the road, whose monument decision this is."""
        for space in range(self.monument_cursor + 1, ROAD_LENGTH + 1):
            if self.after.owner_at(space) == seat and (
                self.after.is_residence(space) or self.before.is_residence(space)
            ):
                self.monument_cursor = space
                return space
        return None

    # ---- the events -------------------------------------------------------------------------------
    def line(self, event: Event) -> str:
        """One event in words."""
        handler = getattr(self, "on_" + str(event[0]), None)
        if handler is None:
            return f"{event[0]}: {', '.join(map(str, event[1:]))}"
        text: str = handler(*event[1:])
        return text

    def on_round(self, number: int, first: int) -> str:
        return _(
            "Round {round}/{rounds} begins · {player} is the first player",
            round=number,
            rounds=ROUNDS,
            player=self.name(first),
        )

    def on_phase(self, phase: int) -> str:
        words = _(PHASE_WORDS[phase]) if phase in PHASE_WORDS else ""
        if phase == 2:
            words = _(
                "the road acts from space 1 up to the provost (after space {space})", space=self.provost
            )
        name = _(PHASE_NAMES[phase]) if 0 <= phase < len(PHASE_NAMES) else str(phase)
        if words:
            # i18n: {name} is the phase's name ('planning'); {words} what happens in it
            return _("Phase {phase}/4: {name} · {words}", phase=phase, name=name, words=words)
        return _("Phase {phase}/4: {name}", phase=phase, name=name)

    def on_gain(self, seat: int, tile: int, gain: list[int], workers: int, pp: int) -> str:
        parts = [res_words(gain)] if any(gain) else []
        if workers:
            parts.append(_n("+{n} worker from the camp", "+{n} workers from the camp", workers))
        if pp:
            parts.append(_("+{pp} PP", pp=pp))
        where, side = self.tile_place(seat, tile)
        # i18n: {got} is a list of gains ('+1 food +1 PP'), or 'nothing'
        got = " ".join(parts) if parts else _("nothing")
        if workers < side.workers:
            return _n(
                "{player} gets {got} from {building} ({n} worker of {due}: no more in the camp)",
                "{player} gets {got} from {building} ({n} workers of {due}: no more in the camp)",
                workers,
                player=self.name(seat),
                got=got,
                building=where,
                due=side.workers,
            )
        return _("{player} gets {got} from {building}", player=self.name(seat), got=got, building=where)

    def on_owner_bonus(self, owner: int, resource: int, space: int) -> str:
        return _(
            "{owner} +{resources} as the owner of {building}",
            owner=self.name(owner),
            resources=amount(resource, 1),
            building=self.space_tile(space),
        )

    def on_owner_pp(self, owner: int, pp: int, placer: int, space: int) -> str:
        where = self.space_tile(space)
        if pp == 0:
            return _(
                "{owner} gets no PP as the owner of {building}: {placer} has the Thief",
                owner=self.name(owner),
                building=where,
                placer=self.name(placer),
            )
        if pp == 2:
            return _(
                "{owner} +{pp} PP (the Steward) as the owner of {building}, where {placer} placed a worker",
                owner=self.name(owner),
                pp=pp,
                building=where,
                placer=self.name(placer),
            )
        return _(
            "{owner} +{pp} PP as the owner of {building}, where {placer} placed a worker",
            owner=self.name(owner),
            pp=pp,
            building=where,
            placer=self.name(placer),
        )

    def on_unused(self, seat: int, space: int) -> str:
        self.done.add((seat, space))
        return _(
            "{player}'s worker on {building} is beyond the provost: back to the camp unused",
            player=self.name(seat),
            building=self.space_tile(space),
        )

    def on_most_bundles(self, seat: int, count: int) -> str:
        return _n(
            "{player} delivered the most bundles this round ({n}): a favour",
            "{player} delivered the most bundles this round ({n}): a favour",
            count,
            player=self.name(seat),
        )

    def on_residence(self, seat: int, space: int) -> str:
        where = self.space_tile(space)
        # i18n: {building} is e.g. 'the Farm (start, space 8)' (its first letter is made upper case)
        return _(
            "{building}, claimed by {player}, turns into their residence (+1 worker at each recruitment)",
            building=where[:1].upper() + where[1:],
            player=self.name(seat),
        )

    def on_recruit(self, seat: int, got: int, due: int, goods: list[int]) -> str:
        who = self.name(seat)
        if got < due and any(goods):
            return _n(
                "Recruitment: {player} +{n} worker from the camp ({due} due; no more in the camp), "
                "{resources} (monuments)",
                "Recruitment: {player} +{n} workers from the camp ({due} due; no more in the camp), "
                "{resources} (monuments)",
                got,
                player=who,
                due=due,
                resources=res_words(goods),
            )
        if got < due:
            return _n(
                "Recruitment: {player} +{n} worker from the camp ({due} due; no more in the camp)",
                "Recruitment: {player} +{n} workers from the camp ({due} due; no more in the camp)",
                got,
                player=who,
                due=due,
            )
        if any(goods):
            # i18n: {resources} e.g. '+1 cloth', given by the player's monuments
            return _n(
                "Recruitment: {player} +{n} worker from the camp, {resources} (monuments)",
                "Recruitment: {player} +{n} workers from the camp, {resources} (monuments)",
                got,
                player=who,
                resources=res_words(goods),
            )
        return _n(
            "Recruitment: {player} +{n} worker from the camp",
            "Recruitment: {player} +{n} workers from the camp",
            got,
            player=who,
        )

    def on_provost(self, space: int) -> str:
        self.provost = space
        return _(
            "End of round: the provost moves to after space {space}, just before the last building",
            space=space,
        )

    def on_provost_moved(self, seat: int, delta: int, new: int) -> str:
        self.provost = new
        if delta > 0:
            return _n(
                "{player} moves the provost {n} step forward: now after space {space} (spaces 1–{space} act)",
                "{player} moves the provost {n} steps forward: now after space {space} "
                "(spaces 1–{space} act)",
                abs(delta),
                player=self.name(seat),
                space=new,
            )
        return _n(
            "{player} moves the provost {n} step back: now after space {space} (spaces 1–{space} act)",
            "{player} moves the provost {n} steps back: now after space {space} (spaces 1–{space} act)",
            abs(delta),
            player=self.name(seat),
            space=new,
        )

    def on_built(self, seat: int, tile: int, space: int, pp: int) -> str:
        return _(
            "{player} built the {building} on space {space}: +{pp} PP",
            player=self.name(seat),
            building=building_name(TILES[tile]),
            space=space,
            pp=pp,
        )

    def on_claimed(self, seat: int, space: int) -> str:
        return _(
            "{player} claimed {building} with the Notary: their residence at the end of the round",
            player=self.name(seat),
            building=self.space_tile(space),
        )

    def on_delivered(self, seat: int, bundle: list[int], pp: int) -> str:
        self.delivered.add(seat)
        b: Res5 = (bundle[0], bundle[1], bundle[2], bundle[3], bundle[4])
        f = {"player": self.name(seat), "resources": res_text(b), "pp": pp, "base": BUNDLE_PP}
        extra = pp - BUNDLE_PP
        if extra == 1:
            return _("{player} delivered a bundle ({resources}): +{pp} PP ({base} + 1, Foreman)", **f)
        if extra == 5:
            return _("{player} delivered a bundle ({resources}): +{pp} PP ({base} + 5, Goldsmith)", **f)
        if extra == 6:
            return _(
                "{player} delivered a bundle ({resources}): +{pp} PP ({base} + 6, Foreman and Goldsmith)", **f
            )
        return _("{player} delivered a bundle ({resources}): +{pp} PP", **f)

    def on_monument(self, seat: int, tile: int, space: int, pp: int) -> str:
        self.monument_cursor = space
        f = {"player": self.name(seat), "building": _(TILES[tile].name), "space": space, "pp": pp}
        if TILES[tile].favour_on_build:
            return _(
                "{player} built the {building} (monument) over their residence on space {space}: +{pp} PP "
                "and a favour",
                **f,
            )
        return _(
            "{player} built the {building} (monument) over their residence on space {space}: +{pp} PP", **f
        )

    def on_final(self, bonuses: list[int], pp: list[int]) -> str:
        # i18n: one player's gold bonus in the list of the end of the game
        gold = ", ".join(_("{player} +{pp}", player=self.name(s), pp=b) for s, b in enumerate(bonuses))
        # i18n: one player's final score in the list of the end of the game
        final = ", ".join(_("{player} {pp}", player=self.name(s), pp=p) for s, p in enumerate(pp))
        return _("Game over · gold bonus (PP): {gold} · final PP: {final}", gold=gold, final=final)

    def on_forced(self, seat: int, action: int, decision: int) -> str:
        who = self.name(seat)
        if decision == D_DRAFT and A.CHAR <= action < A.SLOT:
            return _(
                "{player} takes the last character of the draft: the {character}",
                player=who,
                character=_(CHARACTERS[action - A.CHAR].name),
            )
        if decision == D_EARLY and action == A.DECLINE:
            return _("{player} (Early Riser) cannot place a worker early", player=who)
        if decision == D_PLACE and action == A.PASS:
            return _("{player} cannot place another worker and passes onto the Guilds Bridge", player=who)
        if decision == D_EFFECT and action == A.DECLINE:
            where = self.effect_place(seat)
            if not where:
                return _("{player} cannot use their building: nothing they can pay for or take", player=who)
            return _(
                "{player} cannot use {building}: nothing they can pay for or take", player=who, building=where
            )
        if decision == D_PAY and A.PAY <= action < A.TAKE:
            return _(
                "{player} pays {resources} (the only resource left to pay with)",
                player=who,
                resources=amount(action - A.PAY, 1),
            )
        if decision == D_BRIDGE and action == A.DECLINE:
            return _("{player} has no worker left to move the provost from the Guilds Bridge", player=who)
        if decision == D_DELIVER and action == A.DECLINE:
            if seat in self.delivered:
                return _("{player} has no more bundles to deliver", player=who)
            return _("{player} has no bundle to deliver", player=who)
        if decision == D_FAVOUR and A.CHAR <= action < A.SLOT:
            return _(
                "{player}'s favour has one choice: take the {character}",
                player=who,
                character=_(CHARACTERS[action - A.CHAR].name),
            )
        if decision == D_FAVOUR and A.SLOT <= action < A.BUILD:
            k = action - A.SLOT
            self.slot[seat] = self.before.slots[k]
            return _(
                "{player}'s favour has one choice: the construction site's {building} (slot {slot})",
                player=who,
                building=_(TILES[self.before.slots[k]].name),
                slot=k + 1,
            )
        if decision == D_MONUMENT and action == A.DECLINE:
            space = self.residence_place(seat)
            if space is None:
                return _("{player} cannot pay for a monument to replace their residence", player=who)
            return _(
                "{player} cannot pay for a monument to replace their residence on space {space}",
                player=who,
                space=space,
            )
        # i18n: {label} is the move's id (English, as typed in the terminal)
        if decision == D_BAILIFF:
            return _("{player}, without a choice (the Bailiff): {label}", player=who, label=A.LABELS[action])
        if decision == D_BOARD_CHAR:
            return _(
                "{player}, without a choice (a character from the board): {label}",
                player=who,
                label=A.LABELS[action],
            )
        return _("{player}, without a choice: {label}", player=who, label=A.LABELS[action])


def caylus1303_events(before: Caylus1303State, action: int, after: Caylus1303State) -> list[Event]:
    """The events of ``action`` taken in ``before``, by replaying the action on a copy of ``before`` that
    logs them. Neither state is changed, so the same move can be summarised again, in another language:
    ``after``'s own log (if it keeps one) is not taken, as a first reading would leave nothing to the next."""
    again = before.clone()
    again.log_events()
    again.apply(action)
    return again.take_events()


def event_lines(
    before: Caylus1303State,
    action: int,
    after: Caylus1303State,
    events: list[Event],
    names: Sequence[str] = (),
) -> list[str]:
    """The events, one line each, in order."""
    feed = _Feed(before, action, after, names)
    return [feed.line(event) for event in events]


def summarise_caylus1303(before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
    """The events of one Caylus 1303 action, in words (see the module's docstring); ``names[s]`` names
    seat ``s`` ('seat 2' when not given)."""
    if not isinstance(before, Caylus1303State) or not isinstance(after, Caylus1303State):
        raise TypeError(f"The Caylus 1303 summariser cannot read a {after.game} game.")
    return event_lines(before, action, after, caylus1303_events(before, action, after), names)
