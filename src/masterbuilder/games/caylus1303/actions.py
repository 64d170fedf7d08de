"""The fixed action encoding of Caylus 1303 (131 ids, the same for every player count and option).

Every decision is one small choice; the same id means the same choice wherever it is offered, and the
state's ``describe_action`` says what it does in the decision at hand.

| ids      | choice                                                                                |
|----------|---------------------------------------------------------------------------------------|
| 0        | pass (planning: put your house on the Guilds Bridge)                                  |
| 1        | decline / stop (an optional effect, a provost move, delivering more bundles...)       |
| 2        | yes (the Fair: pay 1 wood for a favour)                                               |
| 3..30    | place a worker on road space 1..28                                                    |
| 31       | place a worker at the construction site                                               |
| 32..43   | a character, by the table order of ``data.CHARACTERS`` (draft, take, take from board) |
| 44..46   | a favour: use construction-site slot 1, 2 or 3                                        |
| 47..71   | build a tile: the 9 wood, 9 stone buildings and 7 monuments in table order            |
| 72..75   | pay food, wood, stone or cloth (an "any resource" cost)                               |
| 76..79   | take food, wood, stone or cloth (a resource of your choice)                           |
| 80..85   | move the provost -3, -2, -1, +1, +2, +3 steps                                         |
| 86..93   | the Notary: claim the start building on road space 6..13                              |
| 94, 95   | the first (smaller) or second (larger) offer of a trading building                    |
| 96..130  | deliver a bundle: the 35 multisets of 3 resources in ``data.BUNDLES`` order           |
"""

from __future__ import annotations

from typing import Final

from masterbuilder.games.caylus1303.data import (
    ANY_RES,
    BUNDLES,
    CHARACTERS,
    MONUMENT_TILES,
    RES_NAMES,
    ROAD_LENGTH,
    START_SPACES,
    STONE_TILES,
    TILES,
    WOOD_TILES,
)

PASS: Final = 0
DECLINE: Final = 1
YES: Final = 2
PLACE: Final = 3  # + space - 1
SITE: Final = PLACE + ROAD_LENGTH  # 31
CHAR: Final = SITE + 1  # 32 + character
SLOT: Final = CHAR + len(CHARACTERS)  # 44 + slot
BUILD: Final = SLOT + 3  # 47 + index in BUILDABLE
BUILDABLE: Final[tuple[int, ...]] = (*WOOD_TILES, *STONE_TILES, *MONUMENT_TILES)
BUILD_INDEX: Final[dict[int, int]] = {tile: i for i, tile in enumerate(BUILDABLE)}
PAY: Final = BUILD + len(BUILDABLE)  # 72 + resource
TAKE: Final = PAY + len(ANY_RES)  # 76 + resource
MOVE: Final = TAKE + len(ANY_RES)  # 80 + index in MOVES
MOVES: Final = (-3, -2, -1, 1, 2, 3)
MOVE_INDEX: Final = {d: i for i, d in enumerate(MOVES)}
CLAIM: Final = MOVE + len(MOVES)  # 86 + space - 6
OFFER: Final = CLAIM + len(START_SPACES)  # 94, 95
BUNDLE: Final = OFFER + 2  # 96 + index in BUNDLES
NUM_ACTIONS: Final = BUNDLE + len(BUNDLES)  # 131


def _bundle_label(b: tuple[int, ...]) -> str:
    return "bundle " + "+".join(RES_NAMES[r] for r in range(5) for _ in range(b[r]))


def _labels() -> tuple[str, ...]:
    labels = ["pass", "decline", "yes"]
    labels += [f"place {space}" for space in range(1, ROAD_LENGTH + 1)]
    labels.append("site")
    labels += [c.key.replace("_", " ") for c in CHARACTERS]
    labels += [f"slot {k}" for k in (1, 2, 3)]
    labels += [f"build {TILES[t].key.replace('_', ' ')}" for t in BUILDABLE]
    labels += [f"pay {RES_NAMES[r]}" for r in ANY_RES]
    labels += [f"take {RES_NAMES[r]}" for r in ANY_RES]
    labels += [f"provost {d:+d}" for d in MOVES]
    labels += [f"claim {space}" for space in START_SPACES]
    labels += ["offer 1", "offer 2"]
    labels += [_bundle_label(b) for b in BUNDLES]
    assert len(labels) == NUM_ACTIONS and len(set(labels)) == NUM_ACTIONS
    return tuple(labels)


LABELS: Final[tuple[str, ...]] = _labels()


def place(space: int) -> int:
    return PLACE + space - 1


def build(tile: int) -> int:
    return BUILD + BUILD_INDEX[tile]


def move(delta: int) -> int:
    return MOVE + MOVE_INDEX[delta]


def claim(space: int) -> int:
    return CLAIM + space - START_SPACES[0]


def bundle(b: tuple[int, int, int, int, int]) -> int:
    return BUNDLE + BUNDLES.index(b)
