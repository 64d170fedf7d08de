"""The Action value shared by every game."""

from typing import NamedTuple


class Action(NamedTuple):
    """One atomic decision.

    ``id`` is a fixed encoding in ``range(num_distinct_actions)``: the same id means the same decision in
    every state of a game. ``label`` is short human-readable text, unique among the legal actions of a
    state. ``seat`` is the seat taking it.
    """

    id: int
    label: str
    seat: int
