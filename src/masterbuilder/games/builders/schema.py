"""The schema of a Builders state document's ``state`` field (docs/state-json.md), for ``State.from_json``.

Types are strict (an integer is a JSON integer, a flag is ``true`` / ``false``), every card id is one
that exists, and each list has the length the game allows. What depends on the player count (one entry
per seat) and on other fields (every card in exactly one place) is ``BuildersState.integrity_problem``'s.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from masterbuilder.games.builders.data import NUM_BUILDING_CARDS, WORKERS

MAX_COUNT = 1_000_000_000  # coins, actions, turns: far above any game, well below anything that overflows
SEATS = 4
Building = Annotated[int, Field(ge=0, lt=NUM_BUILDING_CARDS)]
Worker = Annotated[int, Field(ge=0, lt=len(WORKERS))]
BuildingSlot = Annotated[int, Field(ge=-1, lt=NUM_BUILDING_CARDS)]  # -1: an empty slot
WorkerSlot = Annotated[int, Field(ge=-1, lt=len(WORKERS))]
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Seat = Annotated[int, Field(ge=0, lt=SEATS)]
BuildingKey = Annotated[
    str, Field(pattern=r"^([0-9]|[1-3][0-9]|4[01])$", max_length=2)
]  # a building id as text
PerSeat = Field(min_length=2, max_length=SEATS)


class BuildersStateSchema(BaseModel):
    """``state`` of a Builders document: decks top card last, rows of 5 slots, lists indexed by seat."""

    model_config = ConfigDict(strict=True, extra="forbid")

    building_deck: Annotated[list[Building], Field(max_length=NUM_BUILDING_CARDS)]
    building_row: Annotated[list[BuildingSlot], Field(min_length=5, max_length=5)]
    worker_deck: Annotated[list[Worker], Field(max_length=len(WORKERS))]
    worker_row: Annotated[list[WorkerSlot], Field(min_length=5, max_length=5)]
    coins: Annotated[list[Count], PerSeat]
    points: Annotated[list[Count], PerSeat]
    free: Annotated[list[Annotated[list[Worker], Field(max_length=len(WORKERS))]], PerSeat]
    sites: Annotated[list[Annotated[list[Building], Field(max_length=NUM_BUILDING_CARDS)]], PerSeat]
    done: Annotated[list[Annotated[list[Building], Field(max_length=NUM_BUILDING_CARDS)]], PerSeat]
    crew: Annotated[
        dict[BuildingKey, Annotated[list[Worker], Field(min_length=1, max_length=len(WORKERS))]],
        Field(max_length=NUM_BUILDING_CARDS),
    ]
    seat: Seat
    actions: Count
    sent: Annotated[
        dict[BuildingKey, Annotated[int, Field(ge=1, le=MAX_COUNT)]], Field(max_length=NUM_BUILDING_CARDS)
    ]
    pending: WorkerSlot  # -1: no worker waiting for its building
    first: Seat
    final_round: bool
    over: bool
    turns: Count


SCHEMA = BuildersStateSchema
