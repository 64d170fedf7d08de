"""The tasks that drive a round of Caylus 1303, and one round as data.

A task is a tuple of ints: ``(kind, *args)``. Kinds below ``DECISION`` run by themselves; the others wait
for the seat in ``task[1]`` to choose. ``ROUND_TASKS`` is one round in rulebook order (the state pushes
it reversed, so the first task runs first).
"""

from __future__ import annotations

from typing import Final

from masterbuilder.core.i18n import N_
from masterbuilder.core.task_stack import DECISION as DECISION

NOBODY: Final = -1
EMPTY: Final = -1

# automatic tasks
T_ROUND: Final = 0  # a new round: the round marker, then ROUND_TASKS
T_PHASE: Final = 1  # (phase)
T_DRAFT: Final = 2  # (i): the i-th pick of the character draft, from the last player counter-clockwise
T_EARLY: Final = 3  # the Early Riser may place first
T_PLAN: Final = 4  # (seat): the next planning turn, from this seat clockwise
T_ACTIVATE: Final = 5  # (space): activate the road from this space up to the provost
T_USE: Final = 6  # (seat, tile, setup side?): a worker (or a favour) uses a tile
T_RETURN: Final = 7  # (seat, space): the activated worker goes to the camp
T_BRIDGE: Final = 8  # (i): the i-th passer may move the provost
T_BAILIFF: Final = 9  # the Bailiff may move the provost
T_BEYOND: Final = 10  # workers beyond the provost go to the camp unused
T_DELIVERY: Final = 11  # (i): the worker on lot i delivers
T_LATE: Final = 12  # the Deliveryman delivers last
T_BEST: Final = 13  # the favour for the most bundles; the site empties
T_FLIP: Final = 14  # claimed start buildings turn into residences
T_MONUMENTS: Final = 15  # (space): the next residence from this space may become a monument
T_RECRUIT: Final = 16
T_END_ROUND: Final = 17  # the provost goes before the last building; the round marker moves
T_GET: Final = 18  # (seat, what, amount): the gain of a trade, after its payment
T_PLACE_TILE: Final = 19  # (seat, tile): a paid building goes on the first empty road space
T_BOARD_CHAR: Final = 20  # (seat): after a construction-site favour, a character from the board if any

GET_PP, GET_GOLD, GET_WORKERS = 0, 1, 2

D_DRAFT: Final = 100  # (seat)
D_EARLY: Final = 101  # (seat)
D_PLACE: Final = 102  # (seat)
D_EFFECT: Final = 103  # (seat, tile, setup side?)
D_PAY: Final = 104  # (seat)
D_BRIDGE: Final = 105  # (seat)
D_BAILIFF: Final = 106  # (seat)
D_DELIVER: Final = 107  # (seat, late?)
D_FAVOUR: Final = 108  # (seat)
D_BOARD_CHAR: Final = 109  # (seat)
D_MONUMENT: Final = 110  # (seat, space)

TASK_SIZES: Final = {
    T_ROUND: 1, T_PHASE: 2, T_DRAFT: 2, T_EARLY: 1, T_PLAN: 2, T_ACTIVATE: 2, T_USE: 4, T_RETURN: 3,
    T_BRIDGE: 2, T_BAILIFF: 1, T_BEYOND: 1, T_DELIVERY: 2, T_LATE: 1, T_BEST: 1, T_FLIP: 1,
    T_MONUMENTS: 2, T_RECRUIT: 1, T_END_ROUND: 1, T_GET: 4, T_PLACE_TILE: 3, T_BOARD_CHAR: 2,
    D_DRAFT: 2, D_EARLY: 2, D_PLACE: 2, D_EFFECT: 4, D_PAY: 2, D_BRIDGE: 2, D_BAILIFF: 2, D_DELIVER: 3,
    D_FAVOUR: 2, D_BOARD_CHAR: 2, D_MONUMENT: 3,
}  # fmt: skip

# i18n: the names of the phases of a round (and before and after the rounds)
PHASE_NAMES: Final = (
    N_("setup"),
    N_("planning"),
    N_("activation"),
    N_("delivery"),
    N_("administration"),
    N_("game over"),
)
"""The phases' English names (translated where shown)."""

# One round, in rulebook order ("Spielablauf"). T_PLAN's seat is filled in with the first player.
ROUND_TASKS: Final[tuple[tuple[int, ...], ...]] = (
    (T_PHASE, 1),
    (T_EARLY,),
    (T_PLAN, -1),
    (T_PHASE, 2),
    (T_ACTIVATE, 1),
    (T_PHASE, 3),
    (T_DELIVERY, 0),
    (T_PHASE, 4),
    (T_FLIP,),
    (T_MONUMENTS, 6),
    (T_RECRUIT,),
    (T_END_ROUND,),
)
