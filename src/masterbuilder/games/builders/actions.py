"""The fixed action encoding of The Builders (181 ids, the same for every player count).

| ids        | decision                                                    |
|------------|-------------------------------------------------------------|
| 0          | end the turn                                                |
| 1          | buy an extra action for 5 coins                             |
| 2, 3, 4    | take coins with 1, 2 or 3 actions (1, 3 or 6 coins)         |
| 5..46      | start construction of building card ``id - 5``              |
| 47..88     | hire worker card ``id - 47``                                |
| 89..138    | send worker ``id - 89`` (a worker card or a built machine)  |
| 139..180   | ... to building ``id - 139`` under construction (2nd step)  |

Sending a worker is two decisions, "which worker" then "which building", so every prompt stays short.
"""

from __future__ import annotations

from typing import Final

from masterbuilder.core.i18n import Text
from masterbuilder.core.voice import Voice
from masterbuilder.games.builders.data import (
    BUILDINGS,
    NUM_BUILDING_CARDS,
    WORKERS,
    amounts_text,
    building_name,
    worker_name,
)

_ = Text("builders")
_n = _.plural

END_TURN: Final = 0
BUY_ACTION: Final = 1
TAKE_COINS: Final = 2  # 2, 3, 4 for 1, 2, 3 actions
START: Final = 5
HIRE: Final = START + NUM_BUILDING_CARDS  # 47
SEND: Final = HIRE + 42  # 89
TO: Final = SEND + len(WORKERS)  # 139
NUM_ACTIONS: Final = TO + NUM_BUILDING_CARDS  # 181

EXTRA_ACTION_PRICE: Final = 5
ACTIONS_PER_TURN: Final = 3
COINS_FOR_ACTIONS: Final = (0, 1, 3, 6)  # index: actions spent


def _label(a: int) -> str:
    if a == END_TURN:
        return "end turn"
    if a == BUY_ACTION:
        return "buy action"
    if TAKE_COINS <= a < START:
        n = COINS_FOR_ACTIONS[a - TAKE_COINS + 1]
        return f"take {n} coin" + ("s" if n > 1 else "")
    if START <= a < HIRE:
        return f"start {BUILDINGS[a - START].name}"
    if HIRE <= a < SEND:
        return f"hire {WORKERS[a - HIRE].code}"
    if SEND <= a < TO:
        w = WORKERS[a - SEND]
        return f"send {w.name if w.is_machine else w.code}"
    return f"to {BUILDINGS[a - TO].name}"


def describe(a: int, voice: Voice) -> str:
    """The move ``a`` as a sentence in the current language: 'Hire W21, ...' for the seat making it, 'seat 2
    hires W21, ...' for anyone else (a building chosen for a worker: :meth:`BuildersState._describe`)."""
    if a == END_TURN:
        return voice.act(_("End the turn"), _("{actor} ends the turn"))
    if a == BUY_ACTION:
        return voice.act(
            _n("Buy an extra action for {n} coin", "Buy an extra action for {n} coins", EXTRA_ACTION_PRICE),
            _n(
                "{actor} buys an extra action for {n} coin",
                "{actor} buys an extra action for {n} coins",
                EXTRA_ACTION_PRICE,
                actor="{actor}",  # filled by act
            ),
        )
    if TAKE_COINS <= a < START:
        spent = a - TAKE_COINS + 1
        n = COINS_FOR_ACTIONS[spent]
        actions = _n("{n} action", "{n} actions", spent)
        return voice.act(
            # i18n: {actions} is how many actions it takes, e.g. '2 actions'
            _n(
                "Take {n} coin from the bank ({actions})",
                "Take {n} coins from the bank ({actions})",
                n,
                actions=actions,
            ),
            # i18n: {actions} is how many actions it takes, e.g. '2 actions'
            _n(
                "{actor} takes {n} coin from the bank ({actions})",
                "{actor} takes {n} coins from the bank ({actions})",
                n,
                actor="{actor}",  # filled by act
                actions=actions,
            ),
        )
    if START <= a < HIRE:
        b = BUILDINGS[a - START]
        needs = amounts_text(b.requires)
        points = _n("{n} point", "{n} points", b.points)
        if b.is_machine:
            return voice.act(
                _("Start the machine {machine}: needs {needs}; pays {points}"),
                _("{actor} starts the machine {machine}: needs {needs}; pays {points}"),
                machine=_(b.name),
                needs=needs,
                points=points,
            )
        return voice.act(
            # i18n: {coins} and {points}: what the building pays once completed, e.g. '12 coins', '3 points'
            _("Start the building {building}: needs {needs}; pays {coins}, {points}"),
            # i18n: {coins} and {points}: what the building pays once completed, e.g. '12 coins', '3 points'
            _("{actor} starts the building {building}: needs {needs}; pays {coins}, {points}"),
            building=_(b.name),
            needs=needs,
            coins=_n("{n} coin", "{n} coins", b.coins),
            points=points,
        )
    if HIRE <= a < SEND:
        w = WORKERS[a - HIRE]
        return voice.act(
            # i18n: {code} is the card's code ('W21'), {worker} its name ('Apprentice S1 W1')
            _("Hire {code}, {worker} (wage {wage})"),
            _("{actor} hires {code}, {worker} (wage {wage})"),
            code=w.code,
            worker=worker_name(w.id),
            wage=w.wage,
        )
    if SEND <= a < TO:
        w = WORKERS[a - SEND]
        if w.is_machine:
            return voice.act(
                _("Send {machine} (wage {wage}) to work"),
                _("{actor} sends {machine} (wage {wage}) to work"),
                machine=worker_name(w.id),
                wage=w.wage,
            )
        return voice.act(
            # i18n: {code} is the card's code ('W21'), {worker} its name ('Apprentice S1 W1')
            _("Send {code}, {worker} (wage {wage}) to work"),
            _("{actor} sends {code}, {worker} (wage {wage}) to work"),
            code=w.code,
            worker=worker_name(w.id),
            wage=w.wage,
        )
    # a building chosen for a worker, described where no worker waits for it
    return voice.act(
        # i18n: the second half of sending a worker: the building it goes to
        _("... to the {building}"),
        # i18n: {label} is the move's English command ('to Cowshed'), kept as typed
        _("{actor}: {label}"),
        building=building_name(a - TO),
        label=LABELS[a],
    )


LABELS: Final[tuple[str, ...]] = tuple(_label(a) for a in range(NUM_ACTIONS))
assert len(set(LABELS)) == NUM_ACTIONS
