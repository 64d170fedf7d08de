"""What Caylus says to a player: the pending decision, each choice, and why a choice is refused."""

from __future__ import annotations

from masterbuilder.core.i18n import Text
from masterbuilder.core.voice import Voice
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
    cube_count,
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

_ = Text("caylus")
_n = _.plural


def prompt(state: CaylusRules) -> str:
    """The pending decision in words."""
    if state._over:
        return _("The game is over.")
    # i18n: the pending decision of a seat: 'Seat 2: place a worker or pass (...).'
    return _("Seat {seat}: {decision}", seat=state._stack[-1][1], decision=decision_text(state))


def decision_text(state: CaylusRules) -> str:
    """The pending decision in words, without the seat that takes it ('place a worker or pass (...).')."""
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    if kind == D_PLACE:
        return _(
            "place a worker or pass (others' buildings cost {cost}).", cost=state.placement_cost(seat, False)
        )
    fixed = fixed_decision(kind)
    if fixed is not None:
        return fixed
    if kind == D_PRODUCE:
        return _("choose what the {building} produces.", building=_(TILES[task[2]].name))
    if kind == D_OWNER:
        return _("as owner of the {building}, take one cube.", building=_(TILES[task[2]].name))
    if kind == D_MARKET:
        return _n(
            "sell one cube for {n} denier, or pass.", "sell one cube for {n} deniers, or pass.", task[2]
        )
    if kind == D_PEDDLER:
        return _n("buy a cube for {n} denier, or pass.", "buy a cube for {n} deniers, or pass.", task[3])
    if kind == D_BUILD:
        return build_decision(task[2], None if task[3] == EMPTY else task[3])
    if kind == D_PAY:
        below = state._stack[-2][0] if len(state._stack) > 1 else -1
        if below == T_GAIN:
            return _("choose a cube to pay to the alchemist.")
        if below == D_TAKE:
            return _("choose a cube to pay in exchange for 2 cubes of your choice.")
        return _("choose a cube to pay for the 'any cube' part of the building's cost.")
    if kind == D_RESIDENCE:
        return _("choose which of your residences the {building} replaces.", building=_(TILES[task[2]].name))
    if kind == D_TRADE:
        return {
            Effect.BANK: _("use the bank, or pass."),
            Effect.ALCHEMIST: _("use the alchemist, or pass."),
            Effect.CHURCH: _("use the church, or pass."),
            Effect.TAILOR: _("use the tailor, or pass."),
            Effect.JEWELLER: _("use the jeweller, or pass."),
        }[TRADE_EFFECTS[task[2]]]
    if kind == D_CASTLE:
        section = state.building_section
        if section is None:
            return _("give a batch to the castle (food + 2 different cubes), or stop.")
        return _(
            "give a batch to the {section} (food + 2 different cubes), or stop.",
            section=_(SECTION_NAMES[section]),
        )
    if kind == D_COLUMN:
        return column_decision(task[2])
    return take_decision()


def fixed_decision(kind: int) -> str | None:
    """The words of a decision that has no parameter (the gate, the guild, the provost...), else None."""
    if kind == D_GATE:
        return _("move your worker from the gate to a free space, or take it back.")
    if kind == D_GUILD:
        return _("the merchants' guild lets you move the provost up to 3 spaces for free.")
    if kind == D_PROVOST:
        return _("move the provost 1 to 3 spaces (1 denier a space), or pass.")
    if kind == D_JOUST:
        return _("pay 1 denier and 1 cloth at the joust field for a royal favour?")
    if kind == D_INN:
        return _("stay on the inn's right circle, or take your worker back?")
    if kind == D_LAWYER:
        return _("turn a neutral building or one of yours into a residence, or pass.")
    if kind == D_ROW:
        return _("choose a row of the royal favour table.")
    return None


def build_decision(kind: int, less: int | None) -> str:
    """Building a tile of ``kind`` (0 wood, 1 stone, 2 prestige), paying 1 cube ``less`` if given."""
    if less is None:
        return (
            _("build a wood building, or pass."),
            _("build a stone building, or pass."),
            _("build a prestige building, or pass."),
        )[kind]
    cube = cube_count(less, 1)
    return (
        _("build a wood building paying {cube} less, or pass.", cube=cube),
        _("build a stone building paying {cube} less, or pass.", cube=cube),
        _("build a prestige building paying {cube} less, or pass.", cube=cube),
    )[kind]


def column_decision(row: int) -> str:
    """Choosing the column of the royal favour table's ``row``."""
    return _("choose which column of the {row} row to use.", row=_(FAVOUR_ROW_NAMES[row]))


def take_decision() -> str:
    """Choosing the cube a royal favour gives."""
    return _("choose a cube to take (royal favour).")


def why_not(state: CaylusRules, task: tuple[int, ...], a: int) -> str:
    kind, seat = task[0], task[1]
    if kind == D_PLACE and A.PLACE <= a <= A.PLACE_CASTLE:
        if not state._workers[seat]:
            return _("You have no worker left to place.")
        target = a - A.PLACE
        if target not in state._open_targets(seat):
            # i18n: {place} names the place: 'space 9 (Farm)', 'Gate', 'castle'
            return _(
                "You cannot place a worker there ({place}) now: it is taken, empty or not for workers.",
                place=choice_name(state, a),
            )
        own = 6 <= target < 6 + ROAD_LENGTH and state._owner[target - 5] == seat
        cost = state.placement_cost(seat, own)
        return _n(
            "Placing there costs {n} denier; you have {have}.",
            "Placing there costs {n} deniers; you have {have}.",
            cost,
            have=state._deniers[seat],
        )
    if kind in (D_GUILD, D_PROVOST) and A.PROVOST <= a < A.CUBE:
        delta = A.PROVOST_DELTAS[a - A.PROVOST]
        if not 1 <= state._provost + delta <= ROAD_LENGTH:
            return _("The provost must stay on the road, between space 1 and space 28.")
        return _n(
            "Moving the provost {n} space costs {n} denier; you have {have}.",
            "Moving the provost {n} spaces costs {n} deniers; you have {have}.",
            abs(delta),
            have=state._deniers[seat],
        )
    if kind == D_JOUST and a == A.YES:
        return _("The joust field needs 1 denier and 1 cloth.")
    if kind == D_BUILD and A.BUILD <= a < A.SPACE:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        if not state._supply[tile.id]:
            return _("No {building} tile is left to build.", building=_(tile.name))
        return _(
            "You cannot build the {building} now (it costs {cost}).",
            building=_(tile.name),
            cost=cubes_text(tile.cost, tile.cost_any),
        )
    if kind == D_CASTLE and A.BATCH <= a < A.ROW:
        return _("A batch needs 1 food and one each of two other different cubes, and room in the castle.")
    if kind == D_ROW and A.ROW <= a < A.COLUMN:
        return _("Favours gained in the same phase must each go on a different row.")
    # i18n: {choice} names what the move picks ('space 15 (Farm)', 'column 3', 'pass'); {prompt} the
    # pending decision
    return _("You cannot choose {choice} now. {prompt}", choice=choice_name(state, a), prompt=prompt(state))


def _space_name(state: CaylusRules, space: int) -> str:
    """A road space as a noun on its own: 'space 9 (Farm)', or 'space 9' while it has no building."""
    tile = state.tile_at(space)
    if tile is None:
        return _("space {space}", space=space)
    # i18n: a road space named on its own (not after 'on'), with its building: 'space 9 (Farm)'
    return _("space {space} ({building})", space=space, building=_(TILES[tile].name))


def choice_name(state: CaylusRules, a: int) -> str:
    """What action ``a`` picks, as a noun in the reader's language, for a refusal: 'space 9 (Farm)',
    'Gate', 'column 3'. (Its label, 'road 9', stays the English id that records and the terminal use.)"""
    if A.PLACE <= a < A.PLACE_ROAD:
        return _(SPECIAL_NAMES[a - A.PLACE])
    if A.PLACE_ROAD <= a < A.PLACE_CASTLE:
        return _space_name(state, a - A.PLACE_ROAD + 1)
    if a == A.PLACE_CASTLE:
        # i18n: the castle as a noun on its own
        return _("castle")
    if A.SPACE <= a < A.BATCH:
        return _space_name(state, a - A.SPACE + 1)
    if A.BUILD <= a < A.SPACE:
        return _(TILES[A.BUILDABLE[a - A.BUILD]].name)
    if A.CUBE <= a < A.OPTION:
        return _(CUBE_NAMES[a - A.CUBE])
    if A.PROVOST <= a < A.CUBE:
        # i18n: a move of the provost, as a noun: 'provost +2'
        return _("provost {change}", change=format(A.PROVOST_DELTAS[a - A.PROVOST], "+d"))
    if a in (A.OPTION, A.OPTION + 1):
        # i18n: the two trades of a bank, church, alchemist... as nouns
        return _("smaller trade") if a == A.OPTION else _("larger trade")
    if A.BATCH <= a < A.ROW:
        first, second = A.BATCHES[a - A.BATCH]
        # i18n: a castle batch as a noun: 'batch food + wood + stone'
        return _("batch food + {first} + {second}", first=_(CUBE_NAMES[first]), second=_(CUBE_NAMES[second]))
    if A.ROW <= a < A.COLUMN:
        # i18n: a row of the royal favour table as a noun: 'prestige row'
        return _("{row} row", row=_(FAVOUR_ROW_NAMES[a - A.ROW]))
    if a >= A.COLUMN:
        # i18n: a column of the royal favour table as a noun: 'column 3'
        return _("column {column}", column=a - A.COLUMN + 1)
    # i18n: the choices 'pass' (or decline, stop) and 'yes' as nouns
    return _("pass") if a == A.PASS else _("yes")


def _place(state: CaylusRules, target: int, v: Voice) -> str:
    """Where a worker goes, as a noun phrase ('the Farm on space 9 (yours)')."""
    # i18n: where a worker goes, inserted in 'Place a worker on {place} ...' and 'Move the worker to {place}'
    if target < SPECIALS:
        return _("the {building}", building=_(SPECIAL_NAMES[target]))
    if target == 6 + ROAD_LENGTH:
        # i18n: where a worker goes, inserted in 'Place a worker on {place} ...'
        return _("the castle")
    space = target - 5
    owner = state._owner[space]
    building = _(TILES[state._road[space]].name)
    if owner == NOBODY:
        # i18n: where a worker goes, inserted in 'Place a worker on {place} ...'
        return _("the {building} on space {space}", building=building, space=space)
    # i18n: where a worker goes; {whose} is 'yours', 'their own' or "seat 1's"
    return _(
        "the {building} on space {space} ({whose})", building=building, space=space, whose=v.whose(owner)
    )


def describe(state: CaylusRules, action_id: int, voice: Voice) -> str:
    """The sentence a person reads for ``action_id`` in the pending decision, worded for the reader of
    ``voice``: 'Place a worker on the Farm on space 9 (yours)' for the seat to act, 'seat 2 places a
    worker on the Farm on space 9 (their own)' for the others."""
    if state._over or not state._stack:
        return A.LABELS[action_id]
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    v = voice
    a = action_id
    who = v.name(v.actor)
    if a == A.PASS:
        if kind == D_CASTLE:
            if state._given[seat] == 0:
                return v.act(
                    _("Stop giving batches (no batch given: you lose 2 PP)"),
                    _("{actor} stops giving batches (no batch given: they lose 2 PP)"),
                )
            return v.act(_("Stop giving batches"), _("{actor} stops giving batches"))
        if kind == D_PLACE:
            return v.act(
                _("Pass (no more workers this turn)"), _("{actor} passes (no more workers this turn)")
            )
        if kind == D_GATE:
            return v.act(_("Take the worker back"), _("{actor} takes the worker back"))
        if kind == D_INN:
            return v.act(_("Stay in the inn"), _("{actor} stays in the inn"))
        # i18n: a verb: the player lets this decision go (does not sell, buy, build, move the provost...)
        return v.act(_("Pass"), _("{actor} passes"))
    if A.PLACE <= a <= A.PLACE_CASTLE:
        target = a - A.PLACE
        place = _place(state, target, v)
        if kind == D_GATE:
            return v.act(
                _("Move the worker to {place}"), _("{actor} moves the worker to {place}"), place=place
            )
        own = 6 <= target < 6 + ROAD_LENGTH and state._owner[target - 5] == seat
        price = state.placement_cost(seat, own)
        if v.own:
            return _n(
                "Place a worker on {place} for {n} denier",
                "Place a worker on {place} for {n} deniers",
                price,
                place=place,
            )
        return _n(
            "{actor} places a worker on {place} for {n} denier",
            "{actor} places a worker on {place} for {n} deniers",
            price,
            actor=who,
            place=place,
        )
    if A.PROVOST <= a < A.CUBE:
        d = A.PROVOST_DELTAS[a - A.PROVOST]
        n, to = abs(d), state._provost + d
        if kind == D_GUILD and d > 0:
            if v.own:
                return _n(
                    "Move the provost {n} space forward (to {to})",
                    "Move the provost {n} spaces forward (to {to})",
                    n,
                    to=to,
                )
            return _n(
                "{actor} moves the provost {n} space forward (to {to})",
                "{actor} moves the provost {n} spaces forward (to {to})",
                n,
                to=to,
                actor=who,
            )
        if kind == D_GUILD:
            if v.own:
                return _n(
                    "Move the provost {n} space back (to {to})",
                    "Move the provost {n} spaces back (to {to})",
                    n,
                    to=to,
                )
            return _n(
                "{actor} moves the provost {n} space back (to {to})",
                "{actor} moves the provost {n} spaces back (to {to})",
                n,
                to=to,
                actor=who,
            )
        if d > 0:
            if v.own:
                return _n(
                    "Move the provost {n} space forward for {n} denier (to {to})",
                    "Move the provost {n} spaces forward for {n} deniers (to {to})",
                    n,
                    to=to,
                )
            return _n(
                "{actor} moves the provost {n} space forward for {n} denier (to {to})",
                "{actor} moves the provost {n} spaces forward for {n} deniers (to {to})",
                n,
                to=to,
                actor=who,
            )
        if v.own:
            return _n(
                "Move the provost {n} space back for {n} denier (to {to})",
                "Move the provost {n} spaces back for {n} deniers (to {to})",
                n,
                to=to,
            )
        return _n(
            "{actor} moves the provost {n} space back for {n} denier (to {to})",
            "{actor} moves the provost {n} spaces back for {n} deniers (to {to})",
            n,
            to=to,
            actor=who,
        )
    if A.CUBE <= a < A.OPTION:
        cube = cube_count(a - A.CUBE, 1)
        if kind == D_PRODUCE:
            for bundle in TILES[task[2]].produces:
                if main_cube(bundle) == a - A.CUBE:
                    return v.act(_("Take {cubes}"), _("{actor} takes {cubes}"), cubes=cubes_text(bundle))
        if kind == D_MARKET:
            if v.own:
                return _n("Sell {cube} for {n} denier", "Sell {cube} for {n} deniers", task[2], cube=cube)
            return _n(
                "{actor} sells {cube} for {n} denier",
                "{actor} sells {cube} for {n} deniers",
                task[2],
                cube=cube,
                actor=who,
            )
        if kind == D_PEDDLER:
            return v.act(_("Buy {cube}"), _("{actor} buys {cube}"), cube=cube)
        if kind == D_PAY:
            return v.act(_("Pay {cube}"), _("{actor} pays {cube}"), cube=cube)
        if kind == D_OWNER:
            return v.act(
                _("Take {cube} (owner's share)"), _("{actor} takes {cube} (owner's share)"), cube=cube
            )
        return v.act(_("Take {cube}"), _("{actor} takes {cube}"), cube=cube)
    if a in (A.OPTION, A.OPTION + 1) and kind == D_TRADE:
        option = a - A.OPTION
        effect = TRADE_EFFECTS[task[2]]
        if effect == Effect.BANK:
            if option == 0:
                return v.act(_("Pay 2 deniers for 1 gold"), _("{actor} pays 2 deniers for 1 gold"))
            return v.act(_("Pay 5 deniers for 2 gold"), _("{actor} pays 5 deniers for 2 gold"))
        if effect == Effect.ALCHEMIST:
            if option == 0:
                return v.act(_("Pay 2 cubes for 1 gold"), _("{actor} pays 2 cubes for 1 gold"))
            return v.act(_("Pay 4 cubes for 2 gold"), _("{actor} pays 4 cubes for 2 gold"))
        if effect == Effect.CHURCH:
            if option == 0:
                return v.act(_("Pay 2 deniers for 3 PP"), _("{actor} pays 2 deniers for 3 PP"))
            return v.act(_("Pay 4 deniers for 5 PP"), _("{actor} pays 4 deniers for 5 PP"))
        if effect == Effect.TAILOR:
            if option == 0:
                return v.act(_("Pay 2 cloth for 4 PP"), _("{actor} pays 2 cloth for 4 PP"))
            return v.act(_("Pay 3 cloth for 6 PP"), _("{actor} pays 3 cloth for 6 PP"))
        if option == 0:
            return v.act(_("Pay 1 gold for 5 PP"), _("{actor} pays 1 gold for 5 PP"))
        return v.act(_("Pay 2 gold for 9 PP"), _("{actor} pays 2 gold for 9 PP"))
    if A.BUILD <= a < A.SPACE:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        discount = task[3] if kind == D_BUILD else EMPTY
        cost = cubes_text(tuple(state._cost(tile.id, discount)), tile.cost_any)  # type: ignore[arg-type]
        building = _(tile.name)
        if not tile.favours:
            return v.act(
                _("Build the {building} for {cost}: {pp} PP"),
                _("{actor} builds the {building} for {cost}: {pp} PP"),
                building=building,
                cost=cost,
                pp=tile.pp,
            )
        if v.own:
            return _n(
                "Build the {building} for {cost}: {pp} PP and {n} royal favour",
                "Build the {building} for {cost}: {pp} PP and {n} royal favours",
                tile.favours,
                building=building,
                cost=cost,
                pp=tile.pp,
            )
        return _n(
            "{actor} builds the {building} for {cost}: {pp} PP and {n} royal favour",
            "{actor} builds the {building} for {cost}: {pp} PP and {n} royal favours",
            tile.favours,
            actor=who,
            building=building,
            cost=cost,
            pp=tile.pp,
        )
    if A.SPACE <= a < A.BATCH:
        space = a - A.SPACE + 1
        if kind == D_RESIDENCE:
            return v.act(
                _("Replace your residence on space {space}"),
                _("{actor} replaces their residence on space {space}"),
                space=space,
            )
        return v.act(
            _("Turn the {building} on space {space} into a residence (2 PP)"),
            _("{actor} turns the {building} on space {space} into a residence (2 PP)"),
            building=_(TILES[state._road[space]].name),
            space=space,
        )
    if A.BATCH <= a < A.ROW:
        x, y = A.BATCHES[a - A.BATCH]
        return v.act(
            # i18n: a batch for the castle: 1 food and one each of two other cubes ({first}, {second})
            _("Give food + {first} + {second}"),
            _("{actor} gives food + {first} + {second}"),
            first=_(CUBE_NAMES[x]),
            second=_(CUBE_NAMES[y]),
        )
    if A.ROW <= a < A.COLUMN:
        return _row_text(state, seat, a - A.ROW, v)
    if a >= A.COLUMN:
        col = a - A.COLUMN + 1
        row = task[2] if kind == D_COLUMN else 0
        return v.act(
            # i18n: {effect} is what the column of the royal favour table gives ('1 cloth', '3 deniers')
            _("Use column {column}: {effect}"),
            _("{actor} uses column {column}: {effect}"),
            column=col,
            effect=_column_text(row, col),
        )
    if a == A.YES:
        if kind == D_JOUST:
            return v.act(
                _("Pay 1 denier + 1 cloth for a royal favour"),
                _("{actor} pays 1 denier + 1 cloth for a royal favour"),
            )
        return v.act(_("Take the worker back"), _("{actor} takes the worker back"))
    return A.LABELS[a] if v.own else f"{who}: {A.LABELS[a]}"


def _row_text(state: CaylusRules, seat: int, row: int, v: Voice) -> str:
    """Taking a royal favour on ``row``: where the marker goes, and what it gives."""
    marker = state._favour[seat][row]
    reach = marker + 1 if marker < state.open_columns else marker
    name = _(FAVOUR_ROW_NAMES[row])
    fields = {"row": name, "column": reach if reach > marker else marker, "reach": reach}
    advance = reach > marker
    if row == FavourRow.PRESTIGE:
        pp = FAVOUR_PP[reach - 1]
        if advance:
            return v.act(
                _("Royal favour, {row} row: advance to column {column}, take {pp} PP"),
                _(
                    "{actor} takes a royal favour on the {row} row: advances to column {column}, "
                    "takes {pp} PP"
                ),
                pp=pp,
                **fields,
            )
        return v.act(
            _("Royal favour, {row} row: stay on column {column}, take {pp} PP"),
            _("{actor} takes a royal favour on the {row} row: stays on column {column}, takes {pp} PP"),
            pp=pp,
            **fields,
        )
    if row == FavourRow.DENIERS:
        deniers = FAVOUR_DENIERS[reach - 1]
        if advance and v.own:
            return _n(
                "Royal favour, {row} row: advance to column {column}, take {n} denier",
                "Royal favour, {row} row: advance to column {column}, take {n} deniers",
                deniers,
                **fields,
            )
        if advance:
            return _n(
                "{actor} takes a royal favour on the {row} row: advances to column {column}, "
                "takes {n} denier",
                "{actor} takes a royal favour on the {row} row: advances to column {column}, "
                "takes {n} deniers",
                deniers,
                actor=v.name(v.actor),
                **fields,
            )
        if v.own:
            return _n(
                "Royal favour, {row} row: stay on column {column}, take {n} denier",
                "Royal favour, {row} row: stay on column {column}, take {n} deniers",
                deniers,
                **fields,
            )
        return _n(
            "{actor} takes a royal favour on the {row} row: stays on column {column}, takes {n} denier",
            "{actor} takes a royal favour on the {row} row: stays on column {column}, takes {n} deniers",
            deniers,
            actor=v.name(v.actor),
            **fields,
        )
    if advance and reach == 1:  # a range of one column
        return v.act(
            _("Royal favour, {row} row: advance to column 1, then use it"),
            _("{actor} takes a royal favour on the {row} row: advances to column 1, then uses it"),
            **fields,
        )
    if advance:
        return v.act(
            _("Royal favour, {row} row: advance to column {column}, then use one of columns 1-{reach}"),
            _(
                "{actor} takes a royal favour on the {row} row: advances to column {column}, "
                "then uses one of columns 1-{reach}"
            ),
            **fields,
        )
    return v.act(
        _("Royal favour, {row} row: stay on column {column}, then use one of columns 1-{reach}"),
        _(
            "{actor} takes a royal favour on the {row} row: stays on column {column}, "
            "then uses one of columns 1-{reach}"
        ),
        **fields,
    )


def _column_text(row: int, column: int) -> str:
    """What a column of the royal favour table gives, in words ('1 cloth', 'build a wood building ...')."""
    if row == FavourRow.RESOURCES:
        return (
            _("1 food"),
            _("1 wood or 1 stone"),
            _("1 cloth"),
            _("give 1 cube for 2 of your choice"),
            _("1 gold"),
        )[column - 1]
    if row == FavourRow.BUILDING:
        return (
            # i18n: the first column of the buildings row of the royal favour table gives nothing
            _("nothing"),
            _("build a wood building paying 1 wood less"),
            _("build a stone building paying 1 stone less"),
            _("make a residence paying only 1 cloth"),
            _("build a prestige building"),
        )[column - 1]
    if row == FavourRow.PRESTIGE:
        return _("{pp} PP", pp=FAVOUR_PP[column - 1])
    return _n("{n} denier", "{n} deniers", FAVOUR_DENIERS[column - 1])
