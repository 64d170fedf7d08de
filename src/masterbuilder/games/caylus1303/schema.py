"""The schema of a Caylus 1303 state document's ``state`` field (docs/state-json.md), for
``State.from_json``.

Types are strict (an integer is a JSON integer, a flag is ``true`` / ``false``), every tile and
character id, seat, road space and phase is in range, and each list has the length the game allows. What
depends on the player count (one entry per seat) or on other fields (workers and houses counted, tiles in
one place, the task stack's arguments) is ``Caylus1303Rules.integrity_problem``'s.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from masterbuilder.games.caylus1303.data import (
    CHARACTERS,
    HOUSES,
    PROVOST_MAX,
    PROVOST_MIN,
    ROAD_LENGTH,
    ROUNDS,
    TILES,
    WORKERS_TOTAL,
)
from masterbuilder.games.caylus1303.tasks import PHASE_NAMES

MAX_COUNT = 1_000_000_000  # resources, PP: far above any game, well below anything that overflows
SEATS = 5
MAX_STACK = 1_000  # tasks; a real stack holds a few dozen
Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
Seat = Annotated[int, Field(ge=0, lt=SEATS)]
SeatOrNobody = Annotated[int, Field(ge=-1, lt=SEATS)]
Tile = Annotated[int, Field(ge=0, lt=len(TILES))]
TileOrEmpty = Annotated[int, Field(ge=-1, lt=len(TILES))]
Flag = Annotated[int, Field(ge=0, le=1)]
Holder = Annotated[int, Field(ge=-3, lt=SEATS)]  # a seat, or -1 box, -2 board, -3 the draft pool
Task = Annotated[list[Annotated[int, Field(ge=-1, le=1_000)]], Field(min_length=1, max_length=4)]
PerSeat = Field(min_length=2, max_length=SEATS)
Road = Field(min_length=ROAD_LENGTH + 1, max_length=ROAD_LENGTH + 1)  # index 0 unused


class Caylus1303StateSchema(BaseModel):
    """``state`` of a Caylus 1303 document: lists by seat, by road space, by character, by tile."""

    model_config = ConfigDict(strict=True, extra="forbid")

    res: Annotated[list[Annotated[list[Count], Field(min_length=5, max_length=5)]], PerSeat]
    pp: Annotated[list[Count], PerSeat]
    hand: Annotated[list[Annotated[int, Field(ge=0, le=WORKERS_TOTAL)]], PerSeat]
    camp: Annotated[list[Annotated[int, Field(ge=0, le=WORKERS_TOTAL)]], PerSeat]
    houses: Annotated[list[Annotated[int, Field(ge=0, le=HOUSES)]], PerSeat]
    bundles: Annotated[list[Count], PerSeat]
    forgone: Annotated[list[Count], PerSeat]
    final_bonus: Annotated[list[Count], PerSeat]
    chars: Annotated[list[Holder], Field(min_length=len(CHARACTERS), max_length=len(CHARACTERS))]
    journeyman_used: Flag
    goldsmith_used: Flag
    road: Annotated[list[TileOrEmpty], Road]
    owner: Annotated[list[SeatOrNobody], Road]
    residence: Annotated[list[Flag], Road]
    w1: Annotated[list[SeatOrNobody], Road]
    w2: Annotated[list[SeatOrNobody], Road]
    site: Annotated[list[Seat], Field(max_length=SEATS)]
    slots: Annotated[list[Tile], Field(min_length=3, max_length=3)]
    supply: Annotated[list[Flag], Field(min_length=len(TILES), max_length=len(TILES))]
    passed: Annotated[list[Seat], Field(max_length=SEATS)]
    first: Seat
    provost: Annotated[int, Field(ge=PROVOST_MIN, le=PROVOST_MAX)]
    round: Annotated[int, Field(ge=0, le=ROUNDS)]
    phase: Annotated[int, Field(ge=0, lt=len(PHASE_NAMES))]
    over: bool
    stack: Annotated[list[Task], Field(max_length=MAX_STACK)]


SCHEMA = Caylus1303StateSchema
