"""What Caylus 1303 says to a player: the pending decision, each choice, and why a choice is refused."""

from __future__ import annotations

from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    BRIDGE_SPACE,
    BUNDLE_PP,
    BUNDLES,
    CHARACTERS,
    PROVOST_MAX,
    PROVOST_MIN,
    RES_NAMES,
    ROAD_LENGTH,
    START_SPACES,
    TILES,
    Char,
    Effect,
    Family,
    Res,
    Side,
    is_standard_bundle,
    offer_text,
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


def space_name(state: Caylus1303Rules, space: int) -> str:
    tile = state._road[space]
    return f"space {space} (empty)" if tile == EMPTY else f"the {TILES[tile].title} on space {space}"


def prompt(state: Caylus1303Rules) -> str:
    """The pending decision in words."""
    if state._over:
        return "The game is over."
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    who = f"Seat {seat}"
    if kind == D_DRAFT:
        return f"{who}: choose a character."
    if kind == D_EARLY:
        return f"{who} (Early Riser): place a worker first, returning 1 more to the camp, or decline."
    if kind == D_PLACE:
        cost = state.placement_cost(seat)
        extra = " (1 extra worker to the camp: someone has passed)" if cost > 1 else ""
        return f"{who}: place a worker{extra} or pass."
    if kind == D_EFFECT:
        tile = TILES[task[2]]
        side = tile.setup if task[3] else tile.built
        decline = "; or decline" if A.DECLINE in state._legal_now else ""
        return f"{who}: the {tile.title} — {side.text}{decline}."
    if kind == D_PAY:
        below: tuple[int, ...] = ()
        for t in reversed(state._stack):
            if t[0] != D_PAY:
                below = t
                break
        if below and below[0] == T_PLACE_TILE:
            why = f"for the 'any resource' part of the {TILES[below[2]].title}'s cost"
        elif below and below[0] == T_GET:
            why = "for the trade"
        else:
            why = "for the cost"
        return f"{who}: choose a resource to pay {why}."
    if kind == D_BRIDGE:
        return f"{who}: Guilds Bridge — move the provost 1-3 steps (1 worker to the camp each), or decline."
    if kind == D_BAILIFF:
        return f"{who} (Bailiff): move the provost 1 step for free, or decline."
    if kind == D_DELIVER:
        late = " (Deliveryman, after everyone)" if task[2] else ""
        pp = BUNDLE_PP + (1 if state._chars[Char.FOREMAN] == seat else 0)
        gold = state._chars[Char.GOLDSMITH] == seat and not state._goldsmith_used
        bonus = "; +5 PP for the first bundle with gold (Goldsmith)" if gold else ""
        return f"{who}{late}: deliver a bundle to the construction site ({pp} PP each{bonus}), or stop."
    if kind == D_FAVOUR:
        return f"{who}: a favour — take a character from another player, or use a construction-site tile."
    if kind == D_BOARD_CHAR:
        return f"{who}: take a character from the board, or decline."
    if kind == D_MONUMENT:
        return f"{who}: replace your residence on space {task[2]} with a monument, or decline."
    return f"{who}: choose."  # pragma: no cover


def _placement_problem(state: Caylus1303Rules, seat: int, a: int, early: bool) -> str:
    cost = state.placement_cost(seat, early)
    if state._hand[seat] < cost:
        return f"A placement costs {cost} worker{'s' if cost > 1 else ''} now; you have {state._hand[seat]}."
    if a == A.SITE:
        return "You already have a worker at the construction site (one per player)."
    space = a - A.PLACE + 1
    tile = state._road[space]
    if tile == EMPTY:
        return f"Space {space} has no building yet."
    if space == BRIDGE_SPACE:
        return "The Guilds Bridge takes no workers: pass to put your house on it."
    if TILES[tile].family is Family.MONUMENT:
        return "Workers may not go on a monument."
    if state._residence[space]:
        return "Workers may not go on a residence."
    occupants = state.workers_at(space)
    if state._chars[Char.JOURNEYMAN] == seat and not state._journeyman_used and occupants == [seat]:
        return "The Journeyman joins another player's worker, not your own."
    if len(occupants) == 2:
        return f"{space_name(state, space)} already has two workers."
    return f"{_capital(space_name(state, space))} is already occupied."


def why_not(state: Caylus1303Rules, task: tuple[int, ...], a: int) -> str:
    kind, seat = task[0], task[1]
    r = state._res[seat]
    if kind in (D_PLACE, D_EARLY) and (A.PLACE <= a <= A.SITE):
        return _placement_problem(state, seat, a, kind == D_EARLY)
    effect = _effect_at_hand(state, task)
    if effect is not None and a not in _ACTIONS_OF.get(effect, ()):
        tile_name = TILES[task[2]].title
        return f"{A.LABELS[a]!r} is not a choice at the {tile_name}, which offers: {_side_of(task).text}."
    if kind == D_EFFECT and A.BUILD <= a < A.PAY:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        wanted = Family.WOOD if effect is Effect.CARPENTER else Family.STONE
        if tile.family is not wanted:
            builder = "The Carpenter" if wanted is Family.WOOD else "The Stonemason"
            return f"{builder} builds {wanted.value} buildings only."
        if not state._houses[seat]:
            return "You have no house left to mark a new building."
        if state.first_empty_space() is None:
            return "There is no empty space left on the road."
        if not state._supply[tile.id]:
            return f"The {tile.title} is not in the supply."
        no_stone = effect is Effect.STONEMASON and bool(task[3])
        return f"You cannot pay for the {tile.title} (it costs {cost_text(tile.id, no_stone)})."
    if kind == D_EFFECT and A.CLAIM <= a < A.OFFER:
        space = a - A.CLAIM + START_SPACES[0]
        if not r[Res.CLOTH]:
            return "The Notary needs 1 cloth."
        if not state._houses[seat]:
            return "You have no house left."
        return f"{_capital(space_name(state, space))} is not an unclaimed start building."
    if kind == D_EFFECT and a in (A.OFFER, A.OFFER + 1):
        tile = TILES[task[2]]
        side = tile.setup if task[3] else tile.built
        if side.effect is not Effect.TRADE or a - A.OFFER >= len(side.offers):
            return f"The {tile.title} has no such offer."
        return f"You cannot afford to {offer_text(side.offers[a - A.OFFER])}."
    if kind == D_EFFECT and a == A.YES:
        return "The Fair needs 1 wood."
    if kind in (D_BRIDGE, D_BAILIFF, D_EFFECT) and A.MOVE <= a < A.CLAIM:
        d = A.MOVES[a - A.MOVE]
        if not PROVOST_MIN <= state._provost + d <= PROVOST_MAX:
            return (
                f"The provost must stay between the Guilds Bridge and the road's end (space {ROAD_LENGTH})."
            )
        if kind == D_BRIDGE:
            return f"Moving {abs(d)} steps costs {abs(d)} workers; you have {state._hand[seat]}."
        return "That is further than this move allows."
    if kind == D_DELIVER and a >= A.BUNDLE:
        b = BUNDLES[a - A.BUNDLE]
        if not is_standard_bundle(b) and state._chars[Char.CHAMBERLAIN] != seat:
            return "A bundle is 3 different resources, one of them food (any 3 only with the Chamberlain)."
        return f"You do not have {res_text(b)}."
    if kind == D_MONUMENT and A.BUILD <= a < A.PAY:
        tile = TILES[A.BUILDABLE[a - A.BUILD]]
        if tile.family is not Family.MONUMENT:
            return "Only a monument can replace a residence."
        if not state._supply[tile.id]:
            return f"The {tile.title} has already been built."
        return f"You cannot pay for the {tile.title} (it costs {res_text(tile.cost)})."
    if kind == D_FAVOUR and A.SLOT <= a < A.BUILD:
        return f"In round {state._round} a favour may use construction-site slots 1 to {state.open_slots}."
    if kind == D_FAVOUR and A.CHAR <= a < A.SLOT:
        holder = state._chars[a - A.CHAR]
        if holder == seat:
            return "You already have that character."
        return "A favour takes a character from another player (a board character only after using a tile)."
    if kind == D_PAY and A.PAY <= a < A.TAKE:
        return f"You have no {RES_NAMES[a - A.PAY]}."
    return f"{A.LABELS[a]!r} is not a choice now. {prompt(state)}"


def describe(state: Caylus1303Rules, action_id: int) -> str:
    """The sentence a person reads for ``action_id`` in the pending decision."""
    label = A.LABELS[action_id]
    if state._over or not state._stack or action_id not in state._legal_now:
        return label
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    a = action_id
    if a == A.PASS:
        return "pass: put your house on the Guilds Bridge"
    if a == A.DECLINE:
        if kind == D_EFFECT:
            return f"do not use the {TILES[task[2]].title}"
        return _DECLINES.get(kind, "decline")
    if A.PLACE <= a < A.SITE:
        return _describe_place(state, seat, a - A.PLACE + 1)
    if a == A.SITE:
        lot = len(state._site) + 1
        return f"place a worker at the construction site (lot {lot}){_extra_worker(state, seat)}"
    if A.CHAR <= a < A.SLOT:
        c = CHARACTERS[a - A.CHAR]
        holder = state._chars[c.id]
        src = f" from seat {holder}" if holder >= 0 and holder != seat else ""
        return f"take the {c.name}{src}: {c.text.rstrip('.')}"
    if A.SLOT <= a < A.BUILD:
        slot_tile = TILES[state._slots[a - A.SLOT]]
        return f"use the construction-site {slot_tile.title}: {slot_tile.setup.text}"
    if A.BUILD <= a < A.PAY:
        no_stone = kind == D_EFFECT and bool(task[3]) and TILES[task[2]].built.effect is Effect.STONEMASON
        return _describe_build(A.BUILDABLE[a - A.BUILD], no_stone)
    if A.PAY <= a < A.TAKE:
        return f"pay 1 {RES_NAMES[a - A.PAY]}"
    if A.TAKE <= a < A.MOVE:
        sells = kind == D_EFFECT and TILES[task[2]].built.effect is Effect.SELL_WORKER
        extra = " (returning 1 more worker to the camp)" if sells else ""
        return f"take 1 {RES_NAMES[a - A.TAKE]}{extra}"
    if A.MOVE <= a < A.CLAIM:
        d = A.MOVES[a - A.MOVE]
        paid = f", {abs(d)} worker{'s' if abs(d) > 1 else ''} to the camp" if kind == D_BRIDGE else ""
        steps = f"{abs(d)} step{'s' if abs(d) > 1 else ''} {'forward' if d > 0 else 'back'}"
        return f"move the provost {steps} (to after space {state._provost + d}{paid})"
    if A.CLAIM <= a < A.OFFER:
        space = a - A.CLAIM + START_SPACES[0]
        return f"pay 1 cloth to claim {space_name(state, space)}"
    if a in (A.OFFER, A.OFFER + 1):
        used = TILES[task[2]]
        side = used.setup if task[3] else used.built
        return offer_text(side.offers[a - A.OFFER])
    if a >= A.BUNDLE:
        return f"deliver {res_text(BUNDLES[a - A.BUNDLE])}"
    if a == A.YES:
        return "pay 1 wood for a favour"
    return label  # pragma: no cover


def _describe_place(state: Caylus1303Rules, seat: int, space: int) -> str:
    tile = state._road[space]
    name = TILES[tile].title if tile != EMPTY else "empty space"
    owner = state._owner[space]
    whose = f"seat {owner}'s" if owner not in (NOBODY, seat) else "the"
    joins = ", joining another worker" if state._w1[space] != NOBODY else ""
    return f"place a worker on {whose} {name} on space {space}{joins}{_extra_worker(state, seat)}"


def _extra_worker(state: Caylus1303Rules, seat: int) -> str:
    task = state._stack[-1]
    extra = state.placement_cost(seat, early=task[0] == D_EARLY) - 1
    return f" (+{extra} worker to the camp)" if extra else ""


_DECLINES = {
    D_DELIVER: "deliver no more bundles",
    D_EARLY: "do not place early",
    D_BRIDGE: "leave the provost where it is",
    D_BAILIFF: "leave the provost where it is",
    D_BOARD_CHAR: "take no character",
    D_MONUMENT: "keep the residence",
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
        parts.append(f"+{tile.recruit_workers} workers at each recruitment")
    if any(tile.recruit_res):
        parts.append(f"+{res_text(tile.recruit_res)} at each recruitment")
    if tile.favour_on_build:
        parts.append("a favour when built")
    return "; ".join(parts) or "no further effect"


def _describe_build(tile_id: int, no_stone: bool) -> str:
    tile = TILES[tile_id]
    return (
        f"build the {tile.title} for {cost_text(tile_id, no_stone)} ({tile.pp} PP; {lasting_text(tile_id)})"
    )


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


def _capital(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]
