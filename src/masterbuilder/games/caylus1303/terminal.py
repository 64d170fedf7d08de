"""Caylus 1303 in the terminal: the round and phase, the road with the provost's place, the construction
site, the Guilds Bridge, the buildings still to build, the characters and every player's stock.

Prestige points are hidden as in the game: the viewer sees their own PP only ("hidden" for the others,
and for a spectator everybody's) until the game is over; then everyone's, with the gold bonus. The PP come
from ``state.view(viewer)``, so the screen hides exactly what the engine hides.

The road is one list, space by space; runs of empty spaces share a row, and a marked row between two
spaces shows where the provost stands (the spaces before it act in the activation). Every colour only
repeats what the text already says, so the table reads without colour.
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from masterbuilder.core.i18n import C_, N_, kinded
from masterbuilder.core.i18n import Text as Messages
from masterbuilder.core.state import State
from masterbuilder.core.voice import seat_name as voice_seat_name
from masterbuilder.games.caylus1303 import text as T
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    CHARACTERS,
    END_PP_PER,
    MONUMENT_TILES,
    RECRUITMENT,
    ROAD_LENGTH,
    ROUNDS,
    SLOT_ROUNDS,
    STONE_TILES,
    TILES,
    WOOD_TILES,
    Char,
    Effect,
    Family,
    Get,
    Offer,
    Pay,
    Res,
    Side,
    Tile,
    amount,
)
from masterbuilder.games.caylus1303.state import Caylus1303State
from masterbuilder.games.caylus1303.tasks import D_BAILIFF, D_BRIDGE, PHASE_NAMES
from masterbuilder.ui.renderers import seat_title, widest_fitting

_ = Messages("caylus1303")
_n = _.plural

SEAT_STYLES = ("bold bright_blue", "bold red", "bold green", "bold dark_orange", "bold magenta")
# i18n: the letters of food, wood, stone, cloth and gold in the tables (the legend explains them)
RES_LETTERS = (N_("F"), N_("W"), N_("S"), N_("C"), N_("G"))
RES_STYLES = ("magenta", "dark_orange3", "grey70", "medium_purple1", "bold yellow")
FAMILY_STYLES = {
    "printed": "",
    "start": "yellow",
    "residence": "green",
    "wood": "dark_orange3",
    "stone": "grey70",
    "monument": "bold cyan",
}
PROVOST = "▲"
ACTING = "▶"
FIRST = "★"
PHASES = 4  # planning, activation, delivery, administration
CELL = (0, 1, 0, 0)  # one space right of each cell
# i18n: the legend of the tables' resource letters (the same letters as F, W, S, C and G)
RES_LEGEND = N_(
    "F food · W wood · S stone · C cloth · G gold · any = food, wood, stone or cloth (never gold)"
)
FAMILY_WORDS = {
    # i18n: a building's kind in the road table: printed on the board
    "printed": C_("family", "printed"),
    # i18n: a building's kind in the road table: a start building (Polish: «podstawowy», of «budynek»)
    "start": C_("family", "start"),
    # i18n: a building's kind in the road table: a claimed start building
    "residence": C_("family", "residence"),
    # i18n: a building's kind in the road table: a wood building (not the resource: Polish «drewniany»)
    "wood": C_("family", "wood"),
    # i18n: a building's kind in the road table: a stone building (not the resource: Polish «kamienny»)
    "stone": C_("family", "stone"),
    # i18n: a building's kind in the road table
    "monument": C_("family", "monument"),
}
_family = Messages(kinded("caylus1303", "family"))


def family_word(family: str) -> str:
    """A building's kind as a tag, in the current language: 'wood', 'start' (its own messages, apart from
    the resources' names)."""
    return _family(FAMILY_WORDS[family])


# ---- small pieces ----------------------------------------------------------------------------------------
def seat_name(seat: int) -> str:
    """'seat 2': how the screen and the event feed name a seat, as the play loop does."""
    return voice_seat_name(seat)


def seat_text(seat: int | None) -> Text:
    """'seat 2' in the seat's colour; a dim dot for nobody."""
    if seat is None:
        return Text("·", style="dim")
    return Text(seat_name(seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _seats_text(seats: Sequence[int], empty: str = "·") -> Text:
    if not seats:
        return Text(empty, style="dim")
    return Text(", ").join(seat_text(s) for s in seats)


def _fill(template: str, **parts: Text | str) -> Text:
    """A translated ``template`` whose ``{fields}`` are styled pieces of text."""
    out = Text()
    for literal, field, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if field is not None:
            part = parts[field]
            if isinstance(part, Text):
                out.append_text(part)
            else:
                out.append(part)
    return out


def res_letters(r: Sequence[int], any_res: int = 0) -> str:
    """A cost in resource letters: 'F+W', '2S+G', 'W+1 any'; 'free' for nothing."""
    parts = [f"{n if n > 1 else ''}{_(RES_LETTERS[i])}" for i, n in enumerate(r) if n]
    if any_res:
        # i18n: part of a cost: n resources of the payer's choice (food, wood, stone or cloth)
        parts.append(_n("{n} any", "{n} any", any_res))
    # i18n: a cost of nothing
    return "+".join(parts) or _("free")


def res_words(r: Sequence[int]) -> str:
    """'+2 food +1 cloth' (only what is there)."""
    return " ".join("+" + amount(i, n) for i, n in enumerate(r) if n)


def _offer_text(offer: Offer, first: Offer | None = None) -> str:
    """'1 cloth→4 PP', '1 any→3 workers', '3 workers→2 gold'; after a ``first`` offer that pays the same
    way, only the amounts: '2→6 PP'."""
    if first is not None and first.pay is offer.pay and first.resource == offer.resource:
        paid = str(offer.amount)
    elif offer.pay is Pay.RES:
        paid = amount(offer.resource, offer.amount)
    elif offer.pay is Pay.ANY:
        paid = _n("{n} any", "{n} any", offer.amount)
    else:
        paid = _n("{n} worker", "{n} workers", offer.amount)
    if offer.get is Get.PP:
        got = _n("{n} PP", "{n} PP", offer.gets)
    elif offer.get is Get.GOLD:
        got = amount(Res.GOLD, offer.gets)
    else:
        got = _n("{n} worker", "{n} workers", offer.gets)
    return f"{paid}→{got}"


def side_text(side: Side, owner_bonus: int = -1) -> str:
    """What a worker on a tile (on this side) does, in a few words: '+1 food +1 PP', '1 cloth→4 PP,
    2→6 PP', 'build a wood building'; a stone producer adds its owner's bonus ('; owner +1 food')."""
    effect = side.effect
    if effect is Effect.GAIN:
        parts = [res_words(side.gain)] if any(side.gain) else []
        if side.workers:
            parts.append(_n("+{n} worker", "+{n} workers", side.workers))
        if side.pp:
            parts.append(_("+{pp} PP", pp=side.pp))
        text = " ".join(parts)
        if owner_bonus >= 0:
            # i18n: a stone producer: what its owner gets when another player's worker uses it
            text = _("{effect}; owner +{resources}", effect=text, resources=amount(owner_bonus, 1))
        return text
    if effect is Effect.TRADE:
        first, *more = side.offers
        return ", ".join([_offer_text(first), *(_offer_text(o, first) for o in more)])
    return _(SIDE_WORDS[effect])


SIDE_WORDS = {
    Effect.FAIR: N_("1 wood→a favour"),
    Effect.NOTARY: N_("1 cloth→claim a start building (a residence)"),
    Effect.CARPENTER: N_("build a wood building"),
    Effect.STONEMASON: N_("build a stone building"),
    Effect.TOLL: N_("move the provost up to 2 steps"),
    Effect.BRIDGE: N_("no worker; who passed moves the provost"),
    Effect.SELL_WORKER: N_("1 more worker to the camp→1 any"),
    # i18n: 'any': any one of food, wood, stone or cloth
    Effect.CHOOSE: N_("take 1 any"),
    Effect.FAVOUR: N_("a favour"),
    Effect.NONE: N_("no worker may go here"),
}
"""A short English note of what each effect does (translated where shown)."""


def setup_side_text(tile: Tile) -> str:
    """The setup side's effect (the construction-site tiles and the unowned road tiles of the setup)."""
    text = side_text(tile.setup)
    if tile.setup.effect is Effect.STONEMASON:
        # i18n: the Stonemason's setup side: it builds a stone building without paying its stone
        text = _("{effect} without paying its stone", effect=text)
    return text


def monument_text(tile: Tile) -> str:
    """What a monument gives its owner beyond its PP: '+2 workers each recruitment', 'a favour when
    built'; empty for nothing."""
    extras = []
    if tile.recruit_workers:
        extras.append(
            _n("+{n} worker each recruitment", "+{n} workers each recruitment", tile.recruit_workers)
        )
    if any(tile.recruit_res):
        # i18n: {resources} e.g. '+1 cloth'
        extras.append(_("{resources} each recruitment", resources=res_words(tile.recruit_res)))
    if tile.favour_on_build:
        extras.append(_("a favour when built"))
    return ", ".join(extras)


def family_of(state: Caylus1303State, space: int) -> str:
    """printed, start, residence, wood, stone or monument; '' for an empty space."""
    tile = state.tile_at(space)
    if tile is None:
        return ""
    if state.is_residence(space):
        return "residence"
    return TILES[tile].family.value


_FAMILY_NAMES = {
    # i18n: a building's name with its family: a start building ('Farm (start)')
    "start": N_("{name} (start)"),
    # i18n: a building's name with its family: a wood building ('Farm (wood)')
    "wood": N_("{name} (wood)"),
    # i18n: a building's name with its family: a stone building ('Farm (stone)')
    "stone": N_("{name} (stone)"),
    # i18n: a building's name with its family: a start building that became a residence ('Farm (residence)')
    "residence": N_("{name} (residence)"),
    # i18n: a building's name with its family: a monument ('Garden (monument)')
    "monument": N_("{name} (monument)"),
}


def building_name(tile: Tile, family: str | None = None) -> str:
    """'Farm (start)', 'Market (wood)', 'Guilds Bridge': the name with its family, as several tiles of
    different families share a name."""
    family = family or tile.family.value
    if family == "printed":
        return _(tile.name)
    if tile.name.endswith(")"):  # 'Guild (3 workers, start)'
        n = tile.built.offers[0].gets
        if family == "residence":
            return _n("Guild ({n} worker, residence)", "Guild ({n} workers, residence)", n)
        return _n("Guild ({n} worker, start)", "Guild ({n} workers, start)", n)
    return _(_FAMILY_NAMES[family], name=_(tile.name))


def building_at(tile: Tile, family: str, space: int) -> str:
    """'the Farm (start, space 8)', 'the Toll (space 4)': a building on the road, for the event lines."""
    name = _(tile.name)
    if family == "printed":
        return _("the {building} (space {space})", building=name, space=space)
    if tile.name.endswith(")"):  # 'the Guild (3 workers, start, space 8)'
        n = tile.built.offers[0].gets
        if family == "residence":
            return _n(
                "the Guild ({n} worker, residence, space {space})",
                "the Guild ({n} workers, residence, space {space})",
                n,
                space=space,
            )
        return _n(
            "the Guild ({n} worker, start, space {space})",
            "the Guild ({n} workers, start, space {space})",
            n,
            space=space,
        )
    if family == "start":
        return _("the {building} (start, space {space})", building=name, space=space)
    if family == "wood":
        return _("the {building} (wood, space {space})", building=name, space=space)
    if family == "stone":
        return _("the {building} (stone, space {space})", building=name, space=space)
    if family == "residence":
        return _("the {building} (residence, space {space})", building=name, space=space)
    return _("the {building} (monument, space {space})", building=name, space=space)


def space_effect(state: Caylus1303State, space: int) -> str:
    """What a worker on the road space gets (a residence or monument: what its owner gets)."""
    tile_id = state.tile_at(space)
    if tile_id is None:
        return ""
    tile = TILES[tile_id]
    if state.is_residence(space):
        return _("no workers; owner +1 worker each recruitment")
    if tile.family is Family.MONUMENT:
        extra = monument_text(tile)
        if extra:
            # i18n: a monument: {bonus} is what its owner gets, e.g. '+2 workers each recruitment'
            return _("no workers; owner {bonus}", bonus=extra)
        return _("no workers")
    if tile.family in (Family.WOOD, Family.STONE) and state.owner_at(space) is None:
        return _("{effect} (setup side)", effect=setup_side_text(tile))
    return side_text(tile.built, tile.owner_bonus)


def decision_text(state: Caylus1303State) -> str:
    """The engine's prompt without its 'Seat N: ' (the screen says who decides) and its final stop; a
    character named in the prefix stays ('Early Riser: place a worker first...')."""
    if state.is_terminal:
        return _("The game is over")
    note, text = T.decision(state)
    text = text.rstrip(".?")
    if note:
        # i18n: {note} names what lets the seat decide ('Early Riser'); {decision} what it decides
        return _("{note}: {decision}", note=note, decision=text)
    return text[:1].upper() + text[1:]


def phase_text(state: Caylus1303State) -> str:
    phase = state.phase
    if phase == 0:
        return _("setup: the character draft")
    if state.is_terminal:
        return _("game over")
    return _("phase {phase}/{phases}: {name}", phase=phase, phases=PHASES, name=_(PHASE_NAMES[phase]))


def _table(**kwargs: Any) -> Table:
    return Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=CELL, **kwargs)


# ---- the parts of the table ----------------------------------------------------------------------------
def _header(state: Caylus1303State, viewer: int | None, names: Sequence[str]) -> Group:
    """Round, phase and who decides; the decision too, unless the viewer is deciding (the moves follow)."""
    if state.is_terminal:
        text = Text(_("Caylus 1303 · game over after round {round}", round=state.round), style="bold")
        winners = state.winners()
        if winners:
            who = ", ".join(seat_title(s, names) for s in winners)
            if len(winners) == 1:
                text.append(" · " + _("winner: {players}", players=who), style="bold green")
            else:
                text.append(" · " + _("shared win: {players}", players=who), style="bold green")
        return Group(text)
    if state.round:
        title = _(
            "Caylus 1303 · round {round}/{rounds} · {phase}",
            round=state.round,
            rounds=ROUNDS,
            phase=phase_text(state),
        )
    else:
        title = _("Caylus 1303 · {phase}", phase=phase_text(state))
    text = Text(title, style="bold")
    seat = state.current_player
    if seat is not None:
        text.append(" · ")
        text.append(
            _("{player} to decide", player=seat_title(seat, names)),
            style=SEAT_STYLES[seat % len(SEAT_STYLES)],
        )
    if seat is None or seat == viewer:
        return Group(text)
    return Group(text, Text("▶ ", style="bold").append(decision_text(state)))


def acting_space(state: Caylus1303State) -> int | None:
    """The road space acting now in the activation (its worker is deciding, or a favour it gave is being
    used); None outside the activation. The Guilds Bridge while the provost is being moved."""
    pending = state.pending_decision
    if state.phase != 2 or pending is None:
        return None
    if pending[0] in (D_BRIDGE, D_BAILIFF):
        return BRIDGE_SPACE
    # the activated worker goes back to the camp only once its effect is over: the first one left acts
    return next((s for s in range(1, state.provost + 1) if state.workers_at(s)), None)


def _road_row(state: Caylus1303State, space: int, acting: int | None) -> list[Text]:
    tile_id = state.tile_at(space)
    acts = space <= state.provost
    number = Text(str(space), style="bold" if acts else "dim")
    if space == acting:
        number = Text(f"{ACTING} {space}", style="bold reverse")
    if tile_id is None:  # pragma: no cover - empty spaces are drawn by _empty_row
        return [number, *[Text("")] * 5]
    tile = TILES[tile_id]
    family = family_of(state, space)
    name = Text(_(tile.name), style=FAMILY_STYLES[family])
    kind = Text(family_word(family), style=FAMILY_STYLES[family])
    does = Text(space_effect(state, space), style="" if acts else "dim")
    return [number, name, kind, does, seat_text(state.owner_at(space)), _seats_text(state.workers_at(space))]


def _empty_row(state: Caylus1303State, first: int, last: int, next_lot: int | None) -> list[Text]:
    acts = first <= state.provost
    spaces = str(first) if first == last else f"{first}–{last}"
    note = Text("")
    if next_lot is not None and first <= next_lot <= last:
        note = Text(_("the next building goes on {space}", space=next_lot), style="dim italic")
    number = Text(spaces, style="bold" if acts else "dim")
    # i18n: an empty road space (or a run of them)
    return [number, Text(_("empty"), style="dim"), Text(""), note, Text(""), Text("")]


def _provost_row(state: Caylus1303State) -> list[Text]:
    p = state.provost
    if p < ROAD_LENGTH:
        rest = _("spaces 1–{space} act; workers beyond go back unused", space=p)
    else:
        rest = _("spaces 1–{space} act", space=p)
    style = "bold yellow"
    return [
        Text(PROVOST, style=style),
        Text("── " + _("provost") + " ──", style=style),
        Text(""),
        Text(rest, style="yellow"),
        Text(""),
        Text(""),
    ]


def _road(state: Caylus1303State) -> Group:
    """The 28 road spaces, one row each (runs of empty spaces share a row), with the provost's row after
    the space he stands after."""
    next_lot = state.first_empty_space()
    table = _table()
    # i18n: the column of road space numbers
    table.add_column(_("#"), justify="right", no_wrap=True)
    table.add_column(_("Building"), no_wrap=True)
    # i18n: the column of a building's family (start, wood, stone, residence, monument)
    table.add_column(_("Kind"), no_wrap=True)
    table.add_column(_("A worker there gets"))
    table.add_column(_("Owner"), no_wrap=True)
    table.add_column(_("Workers"), no_wrap=True)
    space = 1
    provost = state.provost
    acting = acting_space(state)
    while space <= ROAD_LENGTH:
        if state.tile_at(space) is None:
            last = space
            # a run of empty spaces, cut where the provost stands
            while last < ROAD_LENGTH and state.tile_at(last + 1) is None and last != provost:
                last += 1
            table.add_row(*_empty_row(state, space, last, next_lot))
            space = last + 1
        else:
            table.add_row(*_road_row(state, space, acting))
            space += 1
        if space - 1 == provost:
            table.add_row(*_provost_row(state))
    title = Text(_("Road"), style="bold")
    title.append(
        f" · {PROVOST} " + _("the provost stands after space {space}", space=provost), style="yellow"
    )
    if acting is not None:
        title.append(f" · {ACTING} " + _("acting now: space {space}", space=acting), style="bold")
    if state.phase <= 1:
        title.append(" · " + _("placing on another player's building gives its owner 1 PP"))
    return Group(title, table)


def _site(state: Caylus1303State) -> Group:
    """The three construction-site tiles (setup side, used by favours) and the workers on its lots."""
    title = Text(_("Construction site"), style="bold")
    title.append(" · " + _("a favour may use an open tile (its setup side)"))
    open_slots = state.open_slots
    table = _table()
    table.add_column(_("Slot"), justify="right", no_wrap=True)
    table.add_column(_("Tile"), no_wrap=True)
    table.add_column(_("A favour using it gets"))
    table.add_column("", no_wrap=True)
    for k, tile_id in enumerate(state.slots):
        tile = TILES[tile_id]
        usable = k < open_slots
        status = (
            # i18n: a construction-site slot a favour may use now
            Text(_("open"), style="bold green")
            if usable
            else Text(_("from round {round}", round=SLOT_ROUNDS[k]), style="dim")
        )
        table.add_row(
            str(k + 1),
            Text(building_name(tile), style=FAMILY_STYLES[tile.family.value]),
            Text(setup_side_text(tile), style="" if usable else "dim"),
            status,
        )
    lots = Text(_("Lots"), style="bold")
    lots.append(" " + _("(they deliver in this order):") + " ")
    if state.site:
        lots.append_text(
            Text("  ").join(Text.assemble(f"{k}. ", seat_text(s)) for k, s in enumerate(state.site, start=1))
        )
    else:
        lots.append(_("nobody yet"), style="dim")
    holder = state.character_holder(Char.DELIVERYMAN)
    if holder is not None:
        lots.append(" · ")
        lots.append_text(_fill(_("then the Deliveryman ({player}), without a lot"), player=seat_text(holder)))
    rule = Text(
        _(
            "A bundle (food + 2 other different resources) gives {pp} PP; the most bundles of the round "
            "get a favour (a tie: the earlier lot).",
            pp=BUNDLE_PP,
        ),
        style="dim",
    )
    return Group(title, table, lots, rule)


def _bridge(state: Caylus1303State) -> Text:
    text = Text(_("Guilds Bridge"), style="bold")
    text.append(" " + _("(passed, in order; the first starts the next round):") + " ")
    text.append_text(_seats_text(state.passing_order, _("nobody yet")))
    text.append(f" · {FIRST} " + _("first player:") + " ")
    text.append_text(seat_text(state.first_player))
    return text


def _build_cells(tile: Tile, family: str = "") -> list[Text]:
    name = Text(_(tile.name), style=FAMILY_STYLES[tile.family.value])
    if family:
        name.append(f" ({family_word(family)})")
    cost = Text(res_letters(tile.cost, tile.cost_any))
    cost.append(f"→{tile.pp}", style="cyan")
    return [name, cost, Text(side_text(tile.built, tile.owner_bonus))]


def _supply(state: Caylus1303State, side_by_side: bool) -> Group:
    """The wood and stone buildings still to build (cost, PP when built, what a worker on it gets) and the
    monuments still available."""
    wood = [TILES[t] for t in WOOD_TILES if state.in_supply(t)]
    stone = [TILES[t] for t in STONE_TILES if state.in_supply(t)]
    title = Text(_("Buildings to build"), style="bold")
    title.append(
        " · "
        + _(
            "the Carpenter builds wood, the Stonemason stone, on the next empty space; the PP come at "
            "once; owner +1: what the owner gets when another player's worker acts there"
        )
    )
    table = _table()
    none_left = [Text(_("none left"), style="dim"), Text(""), Text("")]
    if side_by_side:
        # i18n: the headers of the wood buildings' and the stone buildings' columns
        for family, header in (("wood", _("Wood")), ("stone", _("Stone"))):
            if family == "stone":
                table.add_column("│", no_wrap=True, style="dim")
            table.add_column(header, no_wrap=True)
            table.add_column(_("Cost→PP"), no_wrap=True)
            table.add_column(_("A worker there gets"))
        blank = [Text("")] * 3
        for row in range(max(len(wood), len(stone), 1)):
            left = _build_cells(wood[row]) if row < len(wood) else none_left if row == 0 else blank
            right = _build_cells(stone[row]) if row < len(stone) else none_left if row == 0 else blank
            table.add_row(*left, Text("│"), *right)
    else:
        table.add_column(_("Building"), no_wrap=True)
        table.add_column(_("Cost→PP"), no_wrap=True)
        table.add_column(_("A worker there gets"))
        for family, tiles in (("wood", wood), ("stone", stone)):
            for tile in tiles:
                table.add_row(*_build_cells(tile, family))
            if not tiles:
                nothing = _("no wood building left") if family == "wood" else _("no stone building left")
                table.add_row(Text(nothing, style="dim"), "", "")
    monuments = [TILES[t] for t in MONUMENT_TILES if state.in_supply(t)]
    line = Text(_("Monuments"), style="bold")
    line.append(" " + _("(administration: replace one of your residences):") + " ")
    if not monuments:
        line.append(_("none left"), style="dim")
    for k, tile in enumerate(monuments):
        if k:
            line.append(" · ", style="dim")
        line.append(_(tile.name), style=FAMILY_STYLES["monument"])
        line.append(f" {res_letters(tile.cost)}→" + _n("{n} PP", "{n} PP", tile.pp))
        extra = monument_text(tile)
        if extra:
            line.append(f", {extra}")
    return Group(title, table, line)


def _characters(state: Caylus1303State) -> Group:
    table = _table()
    table.add_column(_("Character"), no_wrap=True)
    table.add_column(_("Held by"), no_wrap=True)
    table.add_column(_("Effect"))
    pool = set(state.draft_pool)
    used = {Char.JOURNEYMAN: state.journeyman_used, Char.GOLDSMITH: state.goldsmith_used}
    for character in state.characters_in_play:
        c = CHARACTERS[character]
        holder = state.character_holder(character)
        if holder is not None:
            held = seat_text(holder)
            if used.get(Char(character)):
                held.append(" " + _("(used this round)"), style="dim")
        elif character in pool:
            # i18n: a character still in the draft (held by nobody yet)
            held = Text(_("draft"), style="italic")
        else:
            held = Text(_("the board"), style="italic")
        table.add_row(Text(_(c.name), style="bold"), held, _(c.text))
    title = Text(_("Characters"), style="bold")
    title.append(
        " · "
        + _(
            "a favour: take one from another player, or use an open construction-site tile, then take one "
            "from the board"
        )
    )
    return Group(title, table)


WIDE_HEADERS = (N_("Workers"), N_("Camp"), N_("Houses"), N_("Bundles"))
# i18n: short column headers for a narrow screen: workers, camp, houses, bundles
NARROW_HEADERS = (N_("Wkrs"), N_("Camp"), N_("Hses"), N_("Bndl"))


def _players_table(state: Caylus1303State, viewer: int | None, names: Sequence[str], wide: bool) -> Table:
    """Wide: every column in words. Narrow: short headers and no characters (the table of characters
    above says who holds which); at the end only what decided the game: cubes, houses, PP."""
    over = state.is_terminal
    view = state.view(viewer)["players"]
    current = state.current_player
    winners = state.winners()
    table = _table()
    table.add_column(_("Player"), no_wrap=True)
    for letter, style in zip(RES_LETTERS, RES_STYLES, strict=True):
        table.add_column(Text(_(letter), style=style), justify="right")
    counts = [0, 1, 2, 3] if wide or not over else [2]  # workers, camp, houses, bundles
    headers = WIDE_HEADERS if wide else NARROW_HEADERS
    for k in counts:
        table.add_column(_(headers[k]), justify="right")
    if wide:
        table.add_column(_("Characters"))
    table.add_column(_("PP"), justify="right", no_wrap=True)
    if over:
        table.add_column(_("Gold bonus") if wide else _("Gold\nbonus"), justify="right")
    for seat in range(state.num_players):
        label = Text("▶ " if seat == current else "  ", style="bold")
        label.append(seat_title(seat, names), style=SEAT_STYLES[seat % len(SEAT_STYLES)])
        if seat == state.first_player and not over:
            label.append(f" {FIRST}")
        if seat in winners:
            label.append(" " + _("WINNER"), style="bold green")
        resources = [
            Text(str(n), style=RES_STYLES[i]) if n else Text("·", style="dim")
            for i, n in enumerate(state.resources(seat))
        ]
        numbers = (
            state.workers(seat),
            state.camp(seat),
            state.houses_left(seat),
            state.bundles_delivered(seat),
        )
        cells: list[Text | str] = [label, *resources, *(str(numbers[k]) for k in counts)]
        if wide:
            chars = ", ".join(_(CHARACTERS[c].name) for c in state.characters_of(seat))
            cells.append(Text(chars) if chars else Text("·", style="dim"))
        prestige = view[seat]["prestige"]
        cells.append(
            Text(_("hidden"), style="dim italic") if prestige is None else Text(str(prestige), style="bold")
        )
        if over:
            cells.append(f"+{state.final_bonus[seat]}")
        table.add_row(*cells, style="on grey11" if seat == viewer and not over else None)
    return table


def _players(
    state: Caylus1303State,
    viewer: int | None,
    names: Sequence[str],
    console: Console,
    options: ConsoleOptions,
) -> Group:
    """Every player's stock, in the widest layout that fits whole."""
    wide, narrow = (_players_table(state, viewer, names, wide) for wide in (True, False))
    table = widest_fitting(console, options, [wide, narrow])
    workers, camp, houses, bundles = (_(h) for h in (WIDE_HEADERS if table is wide else NARROW_HEADERS))
    gold_pp = END_PP_PER[Res.GOLD]
    title = Text(_("Players"), style="bold")
    if state.is_terminal:
        title.append(" · " + _("PP include the gold bonus ({pp} PP per gold left)", pp=gold_pp))
    else:
        # i18n: {workers}, {camp}, {houses} and {bundles} are the table's column headers
        title.append(
            " · "
            + _(
                "{workers}: ready to place · {camp}: recruitment brings {recruits} back each round · "
                "{houses}: houses left · {bundles}: bundles this round · PP: hidden from the others until "
                "the end, then +{pp} per gold",
                workers=workers,
                camp=camp,
                recruits=RECRUITMENT[state.num_players],
                houses=houses,
                bundles=bundles,
                pp=gold_pp,
            )
        )
    return Group(title, table)


class Caylus1303Table:
    """The whole table, laid out for the width it is drawn at."""

    def __init__(self, state: Caylus1303State, seat: int | None, names: Sequence[str]) -> None:
        self.state = state
        self.seat = seat
        self.names = names

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        state = self.state
        width = options.max_width
        yield _header(state, self.seat, self.names)
        yield _road(state)
        if not state.is_terminal:  # at the end, only what decided the game
            yield _site(state)
            yield _bridge(state)
            yield _supply(state, side_by_side=width >= 100)
        yield _characters(state)
        yield _players(state, self.seat, self.names, console, options)
        yield Text(_(RES_LEGEND), style="dim")


def _caylus1303(state: State) -> Caylus1303State:
    if not isinstance(state, Caylus1303State):
        raise TypeError(f"The Caylus 1303 renderer cannot draw a {state.game} game.")
    return state


class Caylus1303Renderer:
    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        return Caylus1303Table(_caylus1303(state), seat, names)

    def decision(self, state: State) -> str:
        return decision_text(_caylus1303(state))

    def status(self, state: State) -> str:
        s = _caylus1303(state)
        if s.is_terminal:
            return _("game over")
        if s.phase == 0:
            return _("character draft")
        return _(
            "round {round}/{rounds}, {phase}", round=s.round, rounds=ROUNDS, phase=_(PHASE_NAMES[s.phase])
        )

    def help(self) -> str:
        return "\n".join(
            (
                _(
                    "Resources: {legend}. Seats are 'seat 0', 'seat 1'...; PP = prestige points, hidden "
                    "from the others until the end.",
                    legend=_(RES_LEGEND),
                ),
                _(
                    "A round: 1 planning, from the first player on: place a worker on a free building "
                    "(its owner gets 1 PP) or at the construction site (one per player), or pass onto the "
                    "Guilds Bridge (the first to pass starts the next round; from then on each placement "
                    "sends 1 more worker to the camp). 2 activation: the road acts from space 1 up to the "
                    "provost; at the Guilds Bridge (5) those who passed may move the provost 1–3 steps, 1 "
                    "worker per step, in passing order; workers beyond the provost go back unused. 3 "
                    "delivery: workers at the construction site deliver bundles (food + 2 different other "
                    "resources) for {pp} PP each, in lot order; the most bundles get a favour. 4 "
                    "administration: claimed start buildings become residences, residences may be "
                    "replaced by monuments, every player recruits workers from the camp (+1 per "
                    "residence), the provost goes back before the last building.",
                    pp=BUNDLE_PP,
                ),
                _(
                    "A favour: take a character from another player, or use an open construction-site "
                    "tile (slot 1 in rounds 1–3, 1–2 in 4–6, all in 7–9) and then take a character from "
                    "the board. The game ends after round {rounds}; each gold left is worth {gold} PP.",
                    rounds=ROUNDS,
                    gold=END_PP_PER[Res.GOLD],
                ),
            )
        )


RENDERER = Caylus1303Renderer()
