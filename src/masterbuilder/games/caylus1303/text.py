"""What Caylus 1303 says to a player: the pending decision, each choice, and why a choice is refused."""

from __future__ import annotations

from masterbuilder.core.i18n import N_, Text
from masterbuilder.core.voice import Voice
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    BUNDLES,
    CHARACTERS,
    PROVOST_MAX,
    PROVOST_MIN,
    ROAD_LENGTH,
    START_SPACES,
    TILES,
    Char,
    Effect,
    Family,
    Res,
    Side,
    amount,
    is_standard_bundle,
    offer_parts,
    res_name,
    res_text,
)
from masterbuilder.games.caylus1303.rules import Caylus1303Rules
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
    EMPTY,
    NOBODY,
    T_GET,
    T_PLACE_TILE,
)

_ = Text("caylus1303")
_n = _.plural


# i18n: the decision at the Guilds Bridge, after 'Seat 2: '
BRIDGE_DECISION = N_("Guilds Bridge — move the provost 1-3 steps (1 worker to the camp each), or decline.")
# i18n: the Bailiff's decision, after 'Seat 2 (Bailiff): '
BAILIFF_DECISION = N_("move the provost 1 step for free, or decline.")


def prompt(state: Caylus1303Rules) -> str:
    """The pending decision in words: 'Seat 2: choose a character.'"""
    if state._over:
        return _("The game is over.")
    seat = state._stack[-1][1]
    note, body = decision(state)
    if note:
        # i18n: {note} names what lets the seat decide ('Early Riser', 'Bailiff'); {decision} is a sentence
        return _("Seat {seat} ({note}): {decision}", seat=seat, note=note, decision=body)
    # i18n: {decision} is what the seat decides, a sentence ('choose a character.')
    return _("Seat {seat}: {decision}", seat=seat, decision=body)


def seat_prefix(seat: int) -> str:
    """The start of a prompt that names the seat: 'Seat 2' (the board puts the seat's own name there)."""
    return _("Seat {seat}", seat=seat)


def deliver_decision(pp: int, gold: bool) -> str:
    """The delivery decision: ``pp`` per bundle, ``gold`` if the Goldsmith's bonus is still to come."""
    if gold:
        return _n(
            "deliver a bundle to the construction site ({n} PP each; +5 PP for the first bundle with gold "
            "(Goldsmith)), or stop.",
            "deliver a bundle to the construction site ({n} PP each; +5 PP for the first bundle with gold "
            "(Goldsmith)), or stop.",
            pp,
        )
    return _n(
        "deliver a bundle to the construction site ({n} PP each), or stop.",
        "deliver a bundle to the construction site ({n} PP each), or stop.",
        pp,
    )


def monument_decision(space: int) -> str:
    return _("replace your residence on space {space} with a monument, or decline.", space=space)


def decision(state: Caylus1303Rules) -> tuple[str, str]:
    """The pending decision without its seat: what lets the seat decide ('Early Riser', or '') and what
    it decides ('choose a character.')."""
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    if kind == D_DRAFT:
        return "", _("choose a character.")
    if kind == D_EARLY:
        return _("Early Riser"), _("place a worker first, returning 1 more to the camp, or decline.")
    if kind == D_PLACE:
        if state.placement_cost(seat) > 1:
            return "", _("place a worker (1 extra worker to the camp: someone has passed) or pass.")
        return "", _("place a worker or pass.")
    if kind == D_EFFECT:
        tile = TILES[task[2]]
        side = tile.setup if task[3] else tile.built
        if A.DECLINE in state._legal_now:
            # i18n: {effect} is what the building does, e.g. 'take 1 food + 1 PP'
            return "", _("the {building} — {effect}; or decline.", building=tile.title, effect=side.text)
        return "", _("the {building} — {effect}.", building=tile.title, effect=side.text)
    if kind == D_PAY:
        below: tuple[int, ...] = ()
        for t in reversed(state._stack):
            if t[0] != D_PAY:
                below = t
                break
        if below and below[0] == T_PLACE_TILE:
            return "", _(
                "choose a resource to pay for the 'any resource' part of the {building}'s cost.",
                building=TILES[below[2]].title,
            )
        if below and below[0] == T_GET:
            return "", _("choose a resource to pay for the trade.")
        return "", _("choose a resource to pay for the cost.")
    if kind == D_BRIDGE:
        return "", _(BRIDGE_DECISION)
    if kind == D_BAILIFF:
        return _("Bailiff"), _(BAILIFF_DECISION)
    if kind == D_DELIVER:
        pp = BUNDLE_PP + (1 if state._chars[Char.FOREMAN] == seat else 0)
        gold = state._chars[Char.GOLDSMITH] == seat and not state._goldsmith_used
        # i18n: the Deliveryman delivers after everyone else
        return (_("Deliveryman, after everyone") if task[2] else ""), deliver_decision(pp, gold)
    if kind == D_FAVOUR:
        return "", _("a favour — take a character from another player, or use a construction-site tile.")
    if kind == D_BOARD_CHAR:
        return "", _("take a character from the board, or decline.")
    if kind == D_MONUMENT:
        return "", monument_decision(task[2])
    return "", _("choose.")  # pragma: no cover


def _placement_problem(state: Caylus1303Rules, seat: int, a: int, early: bool) -> str:
    cost = state.placement_cost(seat, early)
    if state._hand[seat] < cost:
        return _n(
            "A placement costs {n} worker now; you have {have}.",
            "A placement costs {n} workers now; you have {have}.",
            cost,
            have=state._hand[seat],
        )
    if a == A.SITE:
        return _("You already have a worker at the construction site (one per player).")
    space = a - A.PLACE + 1
    tile = state._road[space]
    if tile == EMPTY:
        return _("Space {space} has no building yet.", space=space)
    if space == BRIDGE_SPACE:
        return _("The Guilds Bridge takes no workers: pass to put your house on it.")
    if TILES[tile].family is Family.MONUMENT:
        return _("Workers may not go on a monument.")
    if state._residence[space]:
        return _("Workers may not go on a residence.")
    occupants = state.workers_at(space)
    if state._chars[Char.JOURNEYMAN] == seat and not state._journeyman_used and occupants == [seat]:
        return _("The Journeyman joins another player's worker, not your own.")
    if len(occupants) == 2:
        # i18n: a refusal; the English sentence starts in lower case
        return _(
            "the {building} on space {space} already has two workers.",
            building=TILES[tile].title,
            space=space,
        )
    return _("The {building} on space {space} is already occupied.", building=TILES[tile].title, space=space)


def why_not(state: Caylus1303Rules, task: tuple[int, ...], a: int) -> str:
    kind, seat = task[0], task[1]
    r = state._res[seat]
    if kind in (D_PLACE, D_EARLY) and (A.PLACE <= a <= A.SITE):
        return _placement_problem(state, seat, a, kind == D_EARLY)
    effect = _effect_at_hand(state, task)
    if effect is not None and a not in _ACTIONS_OF.get(effect, ()):
        # i18n: {choice} names what the move picks ('Farm (wood)', 'offer 2'); {effect} what the building
        # offers
        return _(
            "You cannot choose {choice} at the {building}, which offers: {effect}.",
            choice=choice_name(state, a),
            building=TILES[task[2]].title,
            effect=_side_of(task).text,
        )
    if kind == D_EFFECT and A.BUILD <= a < A.PAY:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        wanted = Family.WOOD if effect is Effect.CARPENTER else Family.STONE
        if tile.family is not wanted:
            if wanted is Family.WOOD:
                return _("The Carpenter builds wood buildings only.")
            return _("The Stonemason builds stone buildings only.")
        if not state._houses[seat]:
            return _("You have no house left to mark a new building.")
        if state.first_empty_space() is None:
            return _("There is no empty space left on the road.")
        if not state._supply[tile.id]:
            return _("The {building} is not in the supply.", building=tile.title)
        no_stone = effect is Effect.STONEMASON and bool(task[3])
        return _(
            "You cannot pay for the {building} (it costs {cost}).",
            building=tile.title,
            cost=cost_text(tile.id, no_stone),
        )
    if kind == D_EFFECT and A.CLAIM <= a < A.OFFER:
        space = a - A.CLAIM + START_SPACES[0]
        if not r[Res.CLOTH]:
            return _("The Notary needs 1 cloth.")
        if not state._houses[seat]:
            return _("You have no house left.")
        claimed = state._road[space]
        if claimed == EMPTY:
            return _("Space {space} (empty) is not an unclaimed start building.", space=space)
        return _(
            "The {building} on space {space} is not an unclaimed start building.",
            building=TILES[claimed].title,
            space=space,
        )
    if kind == D_EFFECT and a in (A.OFFER, A.OFFER + 1):
        tile = TILES[task[2]]
        side = tile.setup if task[3] else tile.built
        if side.effect is not Effect.TRADE or a - A.OFFER >= len(side.offers):
            return _("The {building} has no such offer.", building=tile.title)
        paid, got = offer_parts(side.offers[a - A.OFFER])
        return _("You cannot afford to pay {paid} for {got}.", paid=paid, got=got)
    if kind == D_EFFECT and a == A.YES:
        return _("The Fair needs 1 wood.")
    if kind in (D_BRIDGE, D_BAILIFF, D_EFFECT) and A.MOVE <= a < A.CLAIM:
        d = A.MOVES[a - A.MOVE]
        if not PROVOST_MIN <= state._provost + d <= PROVOST_MAX:
            return _(
                "The provost must stay between the Guilds Bridge and the road's end (space {space}).",
                space=ROAD_LENGTH,
            )
        if kind == D_BRIDGE:
            return _n(
                "Moving {n} step costs {n} worker; you have {have}.",
                "Moving {n} steps costs {n} workers; you have {have}.",
                abs(d),
                have=state._hand[seat],
            )
        return _("That is further than this move allows.")
    if kind == D_DELIVER and a >= A.BUNDLE:
        b = BUNDLES[a - A.BUNDLE]
        if not is_standard_bundle(b) and state._chars[Char.CHAMBERLAIN] != seat:
            return _("A bundle is 3 different resources, one of them food (any 3 only with the Chamberlain).")
        return _("You do not have {resources}.", resources=res_text(b))
    if kind == D_MONUMENT and A.BUILD <= a < A.PAY:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        if tile.family is not Family.MONUMENT:
            return _("Only a monument can replace a residence.")
        if not state._supply[tile.id]:
            return _("The {building} has already been built.", building=tile.title)
        return _(
            "You cannot pay for the {building} (it costs {cost}).",
            building=tile.title,
            cost=res_text(tile.cost),
        )
    if kind == D_FAVOUR and A.SLOT <= a < A.BUILD:
        return _(
            "In round {round} a favour may use construction-site slots 1 to {slots}.",
            round=state._round,
            slots=state.open_slots,
        )
    if kind == D_FAVOUR and A.CHAR <= a < A.SLOT:
        holder = state._chars[a - A.CHAR]
        if holder == seat:
            return _("You already have that character.")
        return _(
            "A favour takes a character from another player (a board character only after using a tile)."
        )
    if kind == D_PAY and A.PAY <= a < A.TAKE:
        # i18n: {resource} is a resource's name: food, wood, stone, cloth
        return _("You have no {resource}.", resource=res_name(a - A.PAY))
    # i18n: {choice} names what the move picks ('space 9 (Farm)', 'Farm (wood)', 'pass'); {prompt} the
    # pending decision, a sentence
    return _("You cannot choose {choice} now. {prompt}", choice=choice_name(state, a), prompt=prompt(state))


def choice_name(state: Caylus1303Rules, a: int) -> str:
    """What action ``a`` picks, as a noun in the reader's language, for a refusal: 'space 9 (Farm)',
    'Farm (wood)', 'food'. (Its label, 'place 9', stays the English id that records and the terminal
    use.)"""
    if A.PLACE <= a < A.SITE or A.CLAIM <= a < A.OFFER:
        space = a - A.PLACE + 1 if a < A.SITE else a - A.CLAIM + START_SPACES[0]
        tile = state._road[space]
        if tile == EMPTY:
            return _("space {space}", space=space)
        # i18n: a road space named on its own, with its building: 'space 9 (Farm)'
        return _("space {space} ({building})", space=space, building=TILES[tile].title)
    if a == A.SITE:
        # i18n: the construction site as a noun on its own
        return _("construction site")
    if A.CHAR <= a < A.SLOT:
        return _(CHARACTERS[a - A.CHAR].name)
    if A.SLOT <= a < A.BUILD:
        # i18n: a construction-site tile a favour may use, as a noun: 'construction-site slot 2'
        return _("construction-site slot {slot}", slot=a - A.SLOT + 1)
    if A.BUILD <= a < A.PAY:
        return TILES[A.BUILDABLE[a - A.BUILD]].title
    if A.PAY <= a < A.MOVE:
        return res_name(a - A.PAY if a < A.TAKE else a - A.TAKE)
    if A.MOVE <= a < A.CLAIM:
        # i18n: a move of the provost, as a noun: 'provost +2'
        return _("provost {change}", change=format(A.MOVES[a - A.MOVE], "+d"))
    if a in (A.OFFER, A.OFFER + 1):
        # i18n: the first or second offer of a trading building, as a noun: 'offer 2'
        return _("offer {n}", n=a - A.OFFER + 1)
    if a >= A.BUNDLE:
        # i18n: a bundle as a noun: 'bundle food + wood + stone'
        return _("bundle {resources}", resources=res_text(BUNDLES[a - A.BUNDLE]))
    # i18n: the choices 'pass', 'decline' and 'yes' as nouns
    return (_("pass"), _("decline"), _("yes"))[a]


def describe(state: Caylus1303Rules, action_id: int, voice: Voice) -> str:
    """The sentence a person reads for ``action_id`` in the pending decision, worded for the reader of
    ``voice``: 'pass: put your house on the Guilds Bridge' for the seat to act, 'seat 2 passes: puts their
    house on the Guilds Bridge' for the others."""
    label = A.LABELS[action_id]
    v = voice
    if state._over or not state._stack or action_id not in state._legal_now:
        # i18n: {label} is a move's id (English, as typed in the terminal)
        return label if v.own else _("{actor}: {label}", actor=v.name(v.actor), label=label)
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    a = action_id
    if a == A.PASS:
        return v.act(
            _("pass: put your house on the Guilds Bridge"),
            _("{actor} passes: puts their house on the Guilds Bridge"),
        )
    if a == A.DECLINE:
        if kind == D_EFFECT:
            return v.act(
                _("do not use the {building}"),
                _("{actor} does not use the {building}"),
                building=TILES[task[2]].title,
            )
        own, other = _DECLINES.get(kind, _DECLINE)
        return v.act(_(own), _(other))
    if A.PLACE <= a < A.SITE:
        return _describe_place(state, seat, a - A.PLACE + 1, v) + _extra_worker(state, seat)
    if a == A.SITE:
        lot = len(state._site) + 1
        return v.act(
            _("place a worker at the construction site (lot {lot})"),
            _("{actor} places a worker at the construction site (lot {lot})"),
            lot=lot,
        ) + _extra_worker(state, seat)
    if A.CHAR <= a < A.SLOT:
        c = CHARACTERS[a - A.CHAR]
        holder = state._chars[c.id]
        effect = _(c.text).rstrip(".")
        if holder >= 0 and holder != seat:
            return v.act(
                # i18n: {holder} is the seat that has the character now, or 'you'
                _("take the {character} from {holder}: {effect}"),
                _("{actor} takes the {character} from {holder}: {effect}"),
                character=_(c.name),
                holder=v.name(holder),
                effect=effect,
            )
        return v.act(
            _("take the {character}: {effect}"),
            _("{actor} takes the {character}: {effect}"),
            character=_(c.name),
            effect=effect,
        )
    if A.SLOT <= a < A.BUILD:
        slot_tile = TILES[state._slots[a - A.SLOT]]
        return v.act(
            _("use the construction-site {building}: {effect}"),
            _("{actor} uses the construction-site {building}: {effect}"),
            building=slot_tile.title,
            effect=slot_tile.setup.text,
        )
    if A.BUILD <= a < A.PAY:
        no_stone = kind == D_EFFECT and bool(task[3]) and TILES[task[2]].built.effect is Effect.STONEMASON
        tile_id = A.BUILDABLE[a - A.BUILD]
        tile = TILES[tile_id]
        # i18n: {effect} is what the building does once built
        return v.act(
            _("build the {building} for {cost} ({pp} PP; {effect})"),
            _("{actor} builds the {building} for {cost} ({pp} PP; {effect})"),
            building=tile.title,
            cost=cost_text(tile_id, no_stone),
            pp=tile.pp,
            effect=lasting_text(tile_id),
        )
    if A.PAY <= a < A.TAKE:
        return v.act(_("pay {resources}"), _("{actor} pays {resources}"), resources=amount(a - A.PAY, 1))
    if A.TAKE <= a < A.MOVE:
        got = amount(a - A.TAKE, 1)
        if kind == D_EFFECT and TILES[task[2]].built.effect is Effect.SELL_WORKER:
            return v.act(
                _("take {resources} (returning 1 more worker to the camp)"),
                _("{actor} takes {resources} (returning 1 more worker to the camp)"),
                resources=got,
            )
        return v.act(_("take {resources}"), _("{actor} takes {resources}"), resources=got)
    if A.MOVE <= a < A.CLAIM:
        return _describe_move(v, A.MOVES[a - A.MOVE], state._provost + A.MOVES[a - A.MOVE], kind == D_BRIDGE)
    if A.CLAIM <= a < A.OFFER:
        space = a - A.CLAIM + START_SPACES[0]
        claimed = state._road[space]
        if claimed == EMPTY:  # pragma: no cover - a claim is offered for start buildings only
            return v.act(
                _("pay 1 cloth to claim space {space} (empty)"),
                _("{actor} pays 1 cloth to claim space {space} (empty)"),
                space=space,
            )
        return v.act(
            _("pay 1 cloth to claim the {building} on space {space}"),
            _("{actor} pays 1 cloth to claim the {building} on space {space}"),
            building=TILES[claimed].title,
            space=space,
        )
    if a in (A.OFFER, A.OFFER + 1):
        used = TILES[task[2]]
        side = used.setup if task[3] else used.built
        paid, got = offer_parts(side.offers[a - A.OFFER])
        return v.act(_("pay {paid} for {got}"), _("{actor} pays {paid} for {got}"), paid=paid, got=got)
    if a >= A.BUNDLE:
        return v.act(
            _("deliver {resources}"),
            _("{actor} delivers {resources}"),
            resources=res_text(BUNDLES[a - A.BUNDLE]),
        )
    if a == A.YES:
        return v.act(_("pay 1 wood for a favour"), _("{actor} pays 1 wood for a favour"))
    return label  # pragma: no cover


def _describe_move(v: Voice, d: int, to: int, paid: bool) -> str:
    n, actor = abs(d), v.name(v.actor)
    if d > 0 and paid:
        if v.own:
            return _n(
                "move the provost {n} step forward (to after space {space}, {n} worker to the camp)",
                "move the provost {n} steps forward (to after space {space}, {n} workers to the camp)",
                n,
                space=to,
            )
        return _n(
            "{actor} moves the provost {n} step forward (to after space {space}, {n} worker to the camp)",
            "{actor} moves the provost {n} steps forward (to after space {space}, {n} workers to the camp)",
            n,
            actor=actor,
            space=to,
        )
    if d > 0:
        if v.own:
            return _n(
                "move the provost {n} step forward (to after space {space})",
                "move the provost {n} steps forward (to after space {space})",
                n,
                space=to,
            )
        return _n(
            "{actor} moves the provost {n} step forward (to after space {space})",
            "{actor} moves the provost {n} steps forward (to after space {space})",
            n,
            actor=actor,
            space=to,
        )
    if paid:
        if v.own:
            return _n(
                "move the provost {n} step back (to after space {space}, {n} worker to the camp)",
                "move the provost {n} steps back (to after space {space}, {n} workers to the camp)",
                n,
                space=to,
            )
        return _n(
            "{actor} moves the provost {n} step back (to after space {space}, {n} worker to the camp)",
            "{actor} moves the provost {n} steps back (to after space {space}, {n} workers to the camp)",
            n,
            actor=actor,
            space=to,
        )
    if v.own:
        return _n(
            "move the provost {n} step back (to after space {space})",
            "move the provost {n} steps back (to after space {space})",
            n,
            space=to,
        )
    return _n(
        "{actor} moves the provost {n} step back (to after space {space})",
        "{actor} moves the provost {n} steps back (to after space {space})",
        n,
        actor=actor,
        space=to,
    )


def _describe_place(state: Caylus1303Rules, seat: int, space: int, v: Voice) -> str:
    tile = state._road[space]
    building = TILES[tile].title if tile != EMPTY else _("empty space")
    owner = state._owner[space]
    joins = state._w1[space] != NOBODY
    f = {"building": building, "space": space}
    # the seat to act reads 'the' for its own building (a menu of moves); anyone else 'their'
    if owner == NOBODY or (owner == seat and v.own):
        if joins:
            return v.act(
                _("place a worker on the {building} on space {space}, joining another worker"),
                _("{actor} places a worker on the {building} on space {space}, joining another worker"),
                **f,
            )
        return v.act(
            _("place a worker on the {building} on space {space}"),
            _("{actor} places a worker on the {building} on space {space}"),
            **f,
        )
    if owner == v.reader:  # not the actor: the reader's own building
        if joins:
            return _(
                "{actor} places a worker on your {building} on space {space}, joining another worker",
                actor=v.name(v.actor),
                **f,
            )
        return _("{actor} places a worker on your {building} on space {space}", actor=v.name(v.actor), **f)
    if owner == v.actor:  # the actor's own building, told to someone else
        if joins:
            return _(
                "{actor} places a worker on their {building} on space {space}, joining another worker",
                actor=v.name(v.actor),
                **f,
            )
        return _("{actor} places a worker on their {building} on space {space}", actor=v.name(v.actor), **f)
    if joins:
        return v.act(
            # i18n: {owner} is the building's owner (a seat or a player's name)
            _("place a worker on {owner}'s {building} on space {space}, joining another worker"),
            _("{actor} places a worker on {owner}'s {building} on space {space}, joining another worker"),
            owner=v.name(owner),
            **f,
        )
    return v.act(
        _("place a worker on {owner}'s {building} on space {space}"),
        _("{actor} places a worker on {owner}'s {building} on space {space}"),
        owner=v.name(owner),
        **f,
    )


def _extra_worker(state: Caylus1303Rules, seat: int) -> str:
    task = state._stack[-1]
    extra = state.placement_cost(seat, early=task[0] == D_EARLY) - 1
    if not extra:
        return ""
    # i18n: added after a placement ('place a worker on ... (+1 worker to the camp)')
    return " " + _n("(+{n} worker to the camp)", "(+{n} workers to the camp)", extra)


# i18n: a verb: the player refuses the offered choice
_DECLINE = (N_("decline"), N_("{actor} declines"))
_DECLINES = {
    D_DELIVER: (N_("deliver no more bundles"), N_("{actor} delivers no more bundles")),
    D_EARLY: (N_("do not place early"), N_("{actor} does not place early")),
    D_BRIDGE: (N_("leave the provost where it is"), N_("{actor} leaves the provost where it is")),
    D_BAILIFF: (N_("leave the provost where it is"), N_("{actor} leaves the provost where it is")),
    D_BOARD_CHAR: (N_("take no character"), N_("{actor} takes no character")),
    D_MONUMENT: (N_("keep the residence"), N_("{actor} keeps the residence")),
}


def cost_text(tile_id: int, no_stone: bool = False) -> str:
    """What building the tile costs (without its stone on the Stonemason's setup side)."""
    tile = TILES[tile_id]
    cost = list(tile.cost)
    if no_stone:
        cost[Res.STONE] = max(0, cost[Res.STONE] - 1)
    return res_text((cost[0], cost[1], cost[2], cost[3], cost[4]), tile.cost_any)


def lasting_text(tile_id: int) -> str:
    """What the tile does once built: its worker effect, or a monument's recruitment bonus / favour."""
    tile = TILES[tile_id]
    if tile.family is not Family.MONUMENT:
        return tile.built.text
    parts = []
    if tile.recruit_workers:
        parts.append(
            _n("+{n} worker at each recruitment", "+{n} workers at each recruitment", tile.recruit_workers)
        )
    if any(tile.recruit_res):
        # i18n: a monument's bonus; {resources} e.g. '1 cloth'
        parts.append(_("+{resources} at each recruitment", resources=res_text(tile.recruit_res)))
    if tile.favour_on_build:
        parts.append(_("a favour when built"))
    return "; ".join(parts) or _("no further effect")


def _side_of(task: tuple[int, ...]) -> Side:
    tile = TILES[task[2]]
    return tile.setup if task[3] else tile.built


def _effect_at_hand(state: Caylus1303Rules, task: tuple[int, ...]) -> Effect | None:
    return _side_of(task).effect if task[0] == D_EFFECT else None


_BUILDS = frozenset(range(A.BUILD, A.PAY))
_TAKES = frozenset(range(A.TAKE, A.MOVE))
_ACTIONS_OF: dict[Effect, frozenset[int]] = {
    Effect.FAIR: frozenset({A.DECLINE, A.YES}),
    Effect.NOTARY: frozenset({A.DECLINE, *range(A.CLAIM, A.OFFER)}),
    Effect.CARPENTER: frozenset({A.DECLINE, *_BUILDS}),
    Effect.STONEMASON: frozenset({A.DECLINE, *_BUILDS}),
    Effect.TOLL: frozenset({A.DECLINE, *range(A.MOVE, A.CLAIM)}),
    Effect.SELL_WORKER: frozenset({A.DECLINE, *_TAKES}),
    Effect.CHOOSE: _TAKES,
    Effect.TRADE: frozenset({A.DECLINE, A.OFFER, A.OFFER + 1}),
}
