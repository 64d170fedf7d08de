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

from masterbuilder.games.builders.data import BUILDINGS, NUM_BUILDING_CARDS, WORKERS, amounts_text

END_TURN = 0
BUY_ACTION = 1
TAKE_COINS = 2  # 2, 3, 4 for 1, 2, 3 actions
START = 5
HIRE = START + NUM_BUILDING_CARDS  # 47
SEND = HIRE + 42  # 89
TO = SEND + len(WORKERS)  # 139
NUM_ACTIONS = TO + NUM_BUILDING_CARDS  # 181

EXTRA_ACTION_PRICE = 5
ACTIONS_PER_TURN = 3
COINS_FOR_ACTIONS = (0, 1, 3, 6)  # index: actions spent


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


def _description(a: int) -> str:
    if a == END_TURN:
        return "End the turn"
    if a == BUY_ACTION:
        return f"Buy an extra action for {EXTRA_ACTION_PRICE} coins"
    if TAKE_COINS <= a < START:
        spent = a - TAKE_COINS + 1
        n = COINS_FOR_ACTIONS[spent]
        return f"Take {n} coin{'s' if n > 1 else ''} from the bank ({spent} action{'s' if spent > 1 else ''})"
    if START <= a < HIRE:
        b = BUILDINGS[a - START]
        kind = "machine" if b.is_machine else "building"
        pay = f"{b.coins} coins, " if not b.is_machine else ""
        points = f"{b.points} point" + ("" if b.points == 1 else "s")
        return f"Start the {kind} {b.name}: needs {amounts_text(b.requires)}; pays {pay}{points}"
    if HIRE <= a < SEND:
        w = WORKERS[a - HIRE]
        return f"Hire {w.code}, {w.name} (wage {w.wage})"
    if SEND <= a < TO:
        w = WORKERS[a - SEND]
        code = "" if w.is_machine else f"{w.code}, "
        return f"Send {code}{w.name} (wage {w.wage}) to work"
    return f"... to the {BUILDINGS[a - TO].name}"


LABELS: tuple[str, ...] = tuple(_label(a) for a in range(NUM_ACTIONS))
DESCRIPTIONS: tuple[str, ...] = tuple(_description(a) for a in range(NUM_ACTIONS))
assert len(set(LABELS)) == NUM_ACTIONS
