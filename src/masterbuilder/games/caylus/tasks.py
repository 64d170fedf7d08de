"""The Caylus turn as data: the task and decision kinds the engine's stack holds, and one turn's tasks.

A task is a tuple of ints: ``(kind, *args)``. Kinds below DECISION run by themselves; a decision is
``(kind, seat, *args)`` and waits for that seat's action.
"""

from __future__ import annotations

from typing import Final

from masterbuilder.core.i18n import N_
from masterbuilder.core.task_stack import DECISION as DECISION
from masterbuilder.games.caylus.data import Effect

NOBODY: Final = -1
EMPTY: Final = -1
FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4
NON_GOLD: Final = (FOOD, WOOD, STONE, CLOTH)
SPECIALS: Final = 6

# ---- task kinds -----------------------------------------------------------------------------------
# automatic tasks: (kind, arg, arg2)
T_TURN: Final = 0  # start a turn: phases 1..7
T_PHASE: Final = 1  # (phase): a new phase begins (favours in one phase must use different rows)
T_INCOME: Final = 2
T_PLACEMENT: Final = 3  # (position in turn order to ask next)
T_GATE: Final = 4
T_TRADING_POST: Final = 5
T_GUILD: Final = 6
T_JOUST: Final = 7
T_STABLES: Final = 8
T_INN: Final = 9
T_PROVOST: Final = 10  # (index in passing order)
T_ACTIVATE: Final = 11  # (road space)
T_LEAVE: Final = 12  # (road space): its worker goes home; a delayed lawyer transform happens
T_BEYOND_PROVOST: Final = 13  # workers past the provost go home with no effect
T_CASTLE: Final = 14  # (index in castle order)
T_BEST_BUILDER: Final = 15
T_END_TURN: Final = 16
T_SCORE: Final = 17  # (section)
T_SCORED: Final = 18  # (section): the section counts as scored from now on
T_NEXT_TURN: Final = 19
T_GAIN: Final = 20  # (seat, cube, count): give cubes after a payment decided on top of it
T_FAVOURS: Final = 21  # (seat, count): royal favours, one row each
# decision tasks: (kind, seat, arg, arg2); kinds >= DECISION
D_PLACE: Final = 100  # place a worker or pass
D_GATE: Final = 101  # move the gate worker
D_GUILD: Final = 102  # move the provost for free
D_JOUST: Final = 103  # pay 1 denier + 1 cloth for a favour
D_INN: Final = 104  # stay on the inn's right circle or leave
D_PROVOST: Final = 105  # bribe the provost
D_PRODUCE: Final = 106  # (tile): choose the production
D_OWNER: Final = 107  # (tile): the stone building's owner chooses a cube
D_MARKET: Final = 108  # (price): sell one cube
D_PEDDLER: Final = 109  # (cubes left to buy, price each)
D_BUILD: Final = 110  # (kind, discount cube or -1)
D_PAY: Final = 111  # pay (or give) one cube of any kind
D_RESIDENCE: Final = 112  # (prestige tile): which of your residences it replaces
D_LAWYER: Final = 113  # (denier cost)
D_TRADE: Final = 114  # (effect index)
D_CASTLE: Final = 115  # give a batch or stop
D_ROW: Final = 116  # favour row
D_COLUMN: Final = 117  # (row): favour column to use
D_TAKE: Final = 118  # (bit mask of cube kinds): take one cube

# One turn, as data: the seven phases' tasks in the order T_TURN pushes them (bottom of the stack first,
# so phase 1 runs first).
TURN_TASKS: Final[tuple[tuple[int, ...], ...]] = (
    (T_NEXT_TURN,),
    (T_END_TURN,),
    (T_PHASE, 7),  # end of turn: bailiff, provost, scoring
    (T_BEST_BUILDER,),
    (T_CASTLE, 0),
    (T_PHASE, 6),  # castle
    (T_BEYOND_PROVOST,),
    (T_ACTIVATE, 1),
    (T_PHASE, 5),  # activation along the road
    (T_PROVOST, 0),
    (T_PHASE, 4),  # provost bribes
    (T_INN,),
    (T_STABLES,),
    (T_JOUST,),
    (T_GUILD,),
    (T_TRADING_POST,),
    (T_GATE,),
    (T_PHASE, 3),  # special buildings, in their order
    (T_PLACEMENT, 0),
    (T_PHASE, 2),  # placement
    (T_INCOME,),
    (T_PHASE, 1),  # income
)

# number of entries of each task tuple (kind included), to validate a state read from JSON
TASK_SIZES: Final[dict[int, int]] = {
    **{k: 1 for k in (T_TURN, T_INCOME, T_GATE, T_TRADING_POST, T_GUILD, T_JOUST, T_STABLES, T_INN)},
    **{k: 1 for k in (T_BEYOND_PROVOST, T_BEST_BUILDER, T_END_TURN, T_NEXT_TURN)},
    **{k: 2 for k in (T_PHASE, T_PLACEMENT, T_PROVOST, T_ACTIVATE, T_LEAVE, T_CASTLE, T_SCORE, T_SCORED)},
    T_GAIN: 4,
    T_FAVOURS: 3,
    **{k: 2 for k in (D_PLACE, D_GATE, D_GUILD, D_JOUST, D_INN, D_PROVOST, D_PAY, D_CASTLE, D_ROW)},
    **{k: 3 for k in (D_PRODUCE, D_OWNER, D_MARKET, D_RESIDENCE, D_LAWYER, D_TRADE, D_COLUMN, D_TAKE)},
    **{k: 4 for k in (D_PEDDLER, D_BUILD)},
}
TRADE_EFFECTS: Final = (Effect.BANK, Effect.ALCHEMIST, Effect.CHURCH, Effect.TAILOR, Effect.JEWELLER)

# i18n: the seven phases of a turn ('phase 2/7: placing workers')
PHASE_NAMES: Final = (
    "",
    N_("income"),
    N_("placing workers"),
    N_("special buildings"),
    N_("moving the provost"),
    N_("activating buildings"),
    N_("building the castle"),
    N_("end of turn"),
)
