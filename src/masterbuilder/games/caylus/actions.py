"""The fixed action encoding of Caylus (119 ids, the same for every player count and option).

Every decision is one small choice; the same id means the same choice wherever it is offered, and the
state's ``describe_action`` says what it does in the decision at hand.

| ids      | choice                                                                               |
|----------|--------------------------------------------------------------------------------------|
| 0        | pass / decline / stop / stay                                                         |
| 1        | yes (joust field: pay for a favour; inn: take your worker back)                      |
| 2..36    | a worker's place: 2..7 the six special buildings, 8..35 road spaces 1..28, 36 castle |
| 37..42   | move the provost -3, -2, -1, +1, +2, +3                                              |
| 43..47   | a cube: food, wood, stone, cloth, gold (take, sell, buy, pay or give, by context)    |
| 48, 49   | the smaller / the larger trade of a bank, alchemist, church, tailor or jeweller      |
| 50..75   | build a tile (the 26 buildable tiles in table order; both Architects are one id)     |
| 76..103  | road space 1..28 as a target (lawyer: transform it; architect: build on it)          |
| 104..109 | a castle batch: food plus two of wood, stone, cloth, gold                            |
| 110..113 | a royal-favour row: prestige, deniers, resources, buildings                          |
| 114..118 | a royal-favour column 1..5                                                           |
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from masterbuilder.games.caylus.data import (
    CUBE_NAMES,
    FAVOUR_ROW_NAMES,
    ROAD_LENGTH,
    SPECIAL_NAMES,
    TILES,
    Cube,
)

PASS: Final = 0
YES: Final = 1
PLACE: Final = 2  # + target: 0..5 special buildings, 6..33 road spaces 1..28, 34 castle
PLACE_ROAD: Final = PLACE + 6  # + space - 1
PLACE_CASTLE: Final = PLACE + 6 + ROAD_LENGTH  # 36
PROVOST: Final = PLACE_CASTLE + 1  # 37 + index of PROVOST_DELTAS
PROVOST_DELTAS: Final = (-3, -2, -1, 1, 2, 3)
CUBE: Final = PROVOST + len(PROVOST_DELTAS)  # 43 + cube
OPTION: Final = CUBE + 5  # 48 smaller trade, 49 larger trade
BUILD: Final = OPTION + 2  # 50 + index in BUILDABLE
BUILDABLE: Final[tuple[int, ...]] = tuple(t.id for t in TILES if t.buildable)
BUILD_INDEX: Final[dict[int, int]] = {tile: i for i, tile in enumerate(BUILDABLE)}
SPACE: Final = BUILD + len(BUILDABLE)  # 76 + space - 1
BATCH: Final = SPACE + ROAD_LENGTH  # 104 + index in BATCHES
BATCHES: Final[tuple[tuple[Cube, Cube], ...]] = tuple(
    combinations((Cube.WOOD, Cube.STONE, Cube.CLOTH, Cube.GOLD), 2)
)
ROW: Final = BATCH + len(BATCHES)  # 110 + row
COLUMN: Final = ROW + 4  # 114 + column - 1
NUM_ACTIONS: Final = COLUMN + 5  # 119


def place_road(space: int) -> int:
    return PLACE_ROAD + space - 1


def target_space(space: int) -> int:
    return SPACE + space - 1


def _label(a: int) -> str:
    if a == PASS:
        return "pass"
    if a == YES:
        return "yes"
    if a < PLACE_ROAD:
        return SPECIAL_NAMES[a - PLACE].lower()
    if a < PLACE_CASTLE:
        return f"road {a - PLACE_ROAD + 1}"
    if a == PLACE_CASTLE:
        return "castle"
    if a < CUBE:
        return f"provost {PROVOST_DELTAS[a - PROVOST]:+d}"
    if a < OPTION:
        return CUBE_NAMES[a - CUBE]
    if a < BUILD:
        return "smaller trade" if a == OPTION else "larger trade"
    if a < SPACE:
        return f"build {TILES[BUILDABLE[a - BUILD]].key}"
    if a < BATCH:
        return f"space {a - SPACE + 1}"
    if a < ROW:
        x, y = BATCHES[a - BATCH]
        return f"batch food+{CUBE_NAMES[x]}+{CUBE_NAMES[y]}"
    if a < COLUMN:
        return f"row {FAVOUR_ROW_NAMES[a - ROW]}"
    return f"column {a - COLUMN + 1}"


LABELS: Final[tuple[str, ...]] = tuple(_label(a) for a in range(NUM_ACTIONS))
assert len(set(LABELS)) == NUM_ACTIONS
