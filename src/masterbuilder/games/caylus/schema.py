"""The schema of a Caylus state document's ``state`` field (docs/state-json.md), for ``State.from_json``.

Types are strict (an integer is a JSON integer, a flag is ``true`` / ``false``), every tile id, seat,
road space, phase and section is in range, and each list has the length the game allows. What depends
on the player count (one entry per seat) or on other fields (workers counted, the task stack's arguments)
is ``CaylusRules.integrity_problem``'s.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from masterbuilder.games.caylus.data import ROAD_LENGTH, TILES, WORKERS_PER_PLAYER
from masterbuilder.games.caylus.tasks import PHASE_NAMES

MAX_COUNT = 1_000_000_000  # deniers, cubes, PP: far above any game, well below anything that overflows
SEATS = 5
MAX_STACK = 1_000  # tasks; a real stack holds a few dozen
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Seat = Annotated[int, Field(ge=0, lt=SEATS)]
SeatOrNobody = Annotated[int, Field(ge=-1, lt=SEATS)]
TileOrEmpty = Annotated[int, Field(ge=-1, lt=len(TILES))]
Space = Annotated[int, Field(ge=1, le=ROAD_LENGTH)]
SpaceKey = Annotated[str, Field(pattern=r"^[1-9][0-9]?$", max_length=2)]  # a road space as text
Task = Annotated[list[Annotated[int, Field(ge=-1, le=1_000)]], Field(min_length=1, max_length=4)]
PerSeat = Field(min_length=2, max_length=SEATS)
Road = Field(min_length=ROAD_LENGTH + 1, max_length=ROAD_LENGTH + 1)  # index 0 unused


class CaylusStateSchema(BaseModel):
    """``state`` of a Caylus (or Caylus 2nd edition) document: lists by seat, by road space, by section."""

    model_config = ConfigDict(strict=True, extra="forbid")

    deniers: Annotated[list[Count], PerSeat]
    cubes: Annotated[list[Annotated[list[Count], Field(min_length=5, max_length=5)]], PerSeat]
    pp: Annotated[list[Count], PerSeat]
    workers: Annotated[list[Annotated[int, Field(ge=0, le=WORKERS_PER_PLAYER)]], PerSeat]
    favour: Annotated[
        list[Annotated[list[Annotated[int, Field(ge=0, le=5)]], Field(min_length=4, max_length=4)]], PerSeat
    ]
    rows_used: Annotated[list[Annotated[int, Field(ge=0, le=15)]], PerSeat]
    order: Annotated[list[Seat], PerSeat]
    passed: Annotated[list[Seat], Field(max_length=SEATS)]
    road: Annotated[list[TileOrEmpty], Road]
    owner: Annotated[list[SeatOrNobody], Road]
    worker: Annotated[list[SeatOrNobody], Road]
    special: Annotated[list[SeatOrNobody], Field(min_length=4, max_length=4)]
    stables: Annotated[list[Seat], Field(max_length=3)]
    inn: Annotated[list[SeatOrNobody], Field(min_length=2, max_length=2)]
    castle: Annotated[list[Seat], Field(max_length=SEATS * WORKERS_PER_PLAYER)]
    given: Annotated[list[Count], PerSeat]
    houses: Annotated[list[Annotated[list[Count], PerSeat]], Field(min_length=3, max_length=3)]
    scored: Annotated[list[bool], Field(min_length=3, max_length=3)]
    supply: Annotated[
        list[Annotated[int, Field(ge=0, le=10)]], Field(min_length=len(TILES), max_length=len(TILES))
    ]
    bailiff: Space
    provost: Space
    turn: Count
    phase: Annotated[int, Field(ge=0, lt=len(PHASE_NAMES))]
    over: bool
    final_bonus: Annotated[list[Count], PerSeat]
    transform: Annotated[dict[SpaceKey, Seat], Field(max_length=ROAD_LENGTH)]
    stack: Annotated[list[Task], Field(max_length=MAX_STACK)]


SCHEMA = CaylusStateSchema
