"""Every card of The Builders: Middle Ages, as frozen tables (card lists compiled from public sources;
conflicts in docs/rules-notes.md).

Resource order everywhere: Stone, Wood, Knowledge, Tile.

Card ids are fixed and used by the action encoding:
- workers 0..41 are the 42 worker cards; 42..49 are the 8 machines once built and working as workers;
- buildings 0..33 are the 34 ordinary buildings; 34..41 are the 8 machines while they are buildings.
Machine building ``34 + i`` becomes worker ``42 + i`` when completed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Resource(IntEnum):
    STONE = 0
    WOOD = 1
    KNOWLEDGE = 2
    TILE = 3


RESOURCE_LETTERS = "SWKT"

Amounts = tuple[int, int, int, int]


class WorkerKind(StrEnum):
    APPRENTICE = "Apprentice"
    LABORER = "Laborer"
    CRAFTSMAN = "Craftsman"
    MASTER = "Master"
    MACHINE = "Machine"


@dataclass(frozen=True)
class WorkerCard:
    id: int
    code: str
    kind: WorkerKind
    wage: int
    produces: Amounts
    name: str

    @property
    def is_machine(self) -> bool:
        return self.kind is WorkerKind.MACHINE


@dataclass(frozen=True)
class BuildingCard:
    id: int
    name: str
    french_name: str
    coins: int
    points: int
    requires: Amounts
    machine_worker: int | None  # the worker id this machine becomes once built; None for buildings

    @property
    def is_machine(self) -> bool:
        return self.machine_worker is not None


def amounts_text(amounts: Amounts) -> str:
    """'S1 K3' style text for non-zero amounts."""
    return " ".join(f"{RESOURCE_LETTERS[r]}{n}" for r, n in enumerate(amounts) if n) or "nothing"


# (kind, wage, stone, wood, knowledge, tile, copies) — reference table 2b, in its order.
_WORKER_TABLE: tuple[tuple[WorkerKind, int, int, int, int, int, int], ...] = (
    (WorkerKind.APPRENTICE, 2, 1, 1, 0, 0, 1),
    (WorkerKind.APPRENTICE, 2, 1, 0, 1, 0, 1),
    (WorkerKind.APPRENTICE, 2, 1, 0, 0, 1, 1),
    (WorkerKind.APPRENTICE, 2, 0, 1, 1, 0, 1),
    (WorkerKind.APPRENTICE, 2, 0, 1, 0, 1, 1),
    (WorkerKind.APPRENTICE, 2, 0, 0, 1, 1, 1),
    (WorkerKind.LABORER, 3, 2, 1, 0, 0, 1),
    (WorkerKind.LABORER, 3, 2, 0, 1, 0, 1),
    (WorkerKind.LABORER, 3, 2, 0, 0, 1, 1),
    (WorkerKind.LABORER, 3, 1, 2, 0, 0, 1),
    (WorkerKind.LABORER, 3, 1, 0, 2, 0, 1),
    (WorkerKind.LABORER, 3, 1, 0, 0, 2, 1),
    (WorkerKind.LABORER, 3, 0, 2, 1, 0, 1),
    (WorkerKind.LABORER, 3, 0, 2, 0, 1, 1),
    (WorkerKind.LABORER, 3, 0, 1, 2, 0, 1),
    (WorkerKind.LABORER, 3, 0, 1, 0, 2, 1),
    (WorkerKind.LABORER, 3, 0, 0, 2, 1, 1),
    (WorkerKind.LABORER, 3, 0, 0, 1, 2, 1),
    (WorkerKind.CRAFTSMAN, 4, 3, 1, 0, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 2, 2, 0, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 2, 1, 1, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 2, 0, 2, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 2, 0, 0, 2, 1),
    (WorkerKind.CRAFTSMAN, 4, 1, 2, 0, 1, 1),
    (WorkerKind.CRAFTSMAN, 4, 1, 1, 1, 1, 2),
    (WorkerKind.CRAFTSMAN, 4, 1, 0, 3, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 1, 0, 2, 1, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 3, 0, 1, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 2, 2, 0, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 2, 0, 2, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 1, 1, 2, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 0, 2, 2, 1),
    (WorkerKind.CRAFTSMAN, 4, 0, 0, 1, 3, 1),
    (WorkerKind.MASTER, 5, 3, 2, 0, 0, 1),
    (WorkerKind.MASTER, 5, 3, 0, 0, 2, 1),
    (WorkerKind.MASTER, 5, 2, 3, 0, 0, 1),
    (WorkerKind.MASTER, 5, 2, 0, 0, 3, 1),
    (WorkerKind.MASTER, 5, 0, 3, 2, 0, 1),
    (WorkerKind.MASTER, 5, 0, 2, 3, 0, 1),
    (WorkerKind.MASTER, 5, 0, 0, 3, 2, 1),
    (WorkerKind.MASTER, 5, 0, 0, 2, 3, 1),
)

# (English name (source B), French name (source A), coins, points, stone, wood, knowledge, tile) — table 3a.
_BUILDING_TABLE: tuple[tuple[str, str, int, int, int, int, int, int], ...] = (
    ("Wooden Shack", "La cabane", 8, 0, 0, 1, 1, 0),
    ("Bower", "La tonnelle", 8, 0, 1, 0, 0, 1),
    ("Treehouse", "La cabane perchée", 6, 1, 0, 2, 1, 0),
    ("Straw Hut", "La hutte de paille", 6, 1, 1, 0, 0, 2),
    ("Wash House", "Le lavoir", 6, 1, 0, 1, 0, 2),
    ("Covered Bridge", "Le pont couvert", 6, 1, 0, 1, 2, 0),
    ("Stone Bridge", "Le pont en pierre", 6, 1, 2, 0, 1, 0),
    ("Cottage", "La chaumière", 10, 2, 0, 2, 1, 2),
    ("Rural House", "La maison rurale", 10, 2, 1, 2, 1, 1),
    ("Townhouse", "La maison urbaine", 10, 2, 2, 0, 2, 1),
    ("House", "La maisonnette", 10, 2, 2, 1, 0, 2),
    ("Inn", "L'auberge", 12, 3, 2, 1, 1, 2),
    ("Cowshed", "L'étable", 12, 3, 0, 1, 2, 3),
    ("Pigsty", "La porcherie", 12, 3, 0, 2, 2, 2),
    ("Rural Relay", "Le relais rural", 12, 3, 0, 3, 1, 2),
    ("Grain Silo", "Le silo à grains", 12, 3, 0, 2, 3, 1),
    ("Stables", "L'écurie", 14, 3, 0, 3, 1, 3),
    ("Forge", "La forge", 14, 3, 2, 2, 0, 3),
    ("Watermill", "Le moulin à eau", 14, 3, 0, 2, 3, 2),
    ("Windmill", "Le moulin à vent", 14, 3, 3, 0, 3, 1),
    ("Hotel", "L'hôtel", 16, 4, 1, 3, 3, 1),
    ("Farm", "La ferme", 16, 4, 4, 2, 0, 2),
    ("Bourgeois House", "La maison bourgeoise", 16, 4, 2, 2, 2, 2),
    ("Tavern", "La taverne", 16, 4, 1, 3, 1, 3),
    ("Post", "Le relais postal", 16, 4, 3, 1, 2, 2),
    ("Covered Market", "Les halles", 16, 4, 0, 3, 2, 3),
    ("Abbey", "L'abbaye", 18, 5, 4, 3, 2, 1),
    ("Church", "L'église", 18, 5, 4, 0, 2, 4),
    ("Chapel", "La chapelle", 18, 5, 3, 2, 2, 3),
    ("Watchtower", "La tour de guet", 18, 5, 3, 3, 2, 2),
    ("Cloister", "Le cloître", 18, 5, 4, 2, 4, 0),
    ("Aqueduct", "L'aqueduc", 20, 6, 5, 2, 5, 0),
    ("Castle", "Le château-fort", 20, 7, 5, 3, 5, 3),
    ("Cathedral", "La cathédrale", 20, 8, 5, 4, 4, 4),
)

# (English name, French name, points, requires S W K T, produces S W K T) — table 3b. Machines pay no coins
# on completion and work for a wage of 0. M3 (small Circular Saw) uses the majority reading S1 K1
# (docs/rules-notes.md).
_MACHINE_TABLE: tuple[tuple[str, str, int, Amounts, Amounts], ...] = (
    ("Small Crane", "Une grue", 1, (0, 1, 0, 1), (2, 0, 0, 0)),
    ("Large Crane", "Une grue", 2, (0, 2, 1, 0), (3, 0, 0, 0)),
    ("Small Circular Saw", "Une scie circulaire", 1, (1, 0, 1, 0), (0, 2, 0, 0)),
    ("Large Circular Saw", "Une scie circulaire", 2, (0, 0, 2, 1), (0, 3, 0, 0)),
    ("Small Survey Tools", "Un instrument de mesure", 1, (1, 1, 0, 0), (0, 0, 2, 0)),
    ("Large Survey Tools", "Un instrument de mesure", 2, (1, 0, 0, 2), (0, 0, 3, 0)),
    ("Small Tile Oven", "Un four à tuiles", 1, (0, 1, 1, 0), (0, 0, 0, 2)),
    ("Large Tile Oven", "Un four à tuiles", 2, (2, 1, 0, 0), (0, 0, 0, 3)),
)


def _build_workers() -> tuple[WorkerCard, ...]:
    cards: list[WorkerCard] = []
    for kind, wage, s, w, k, t, copies in _WORKER_TABLE:
        for _ in range(copies):
            wid = len(cards)
            code = f"W{wid + 1:02d}"
            produces = (s, w, k, t)
            cards.append(
                WorkerCard(wid, code, kind, wage, produces, f"{kind.value} {amounts_text(produces)}")
            )
    for i, (name, _french, _points, _requires, produces) in enumerate(_MACHINE_TABLE):
        wid = len(cards)
        cards.append(WorkerCard(wid, f"M{i + 1}", WorkerKind.MACHINE, 0, produces, name))
    return tuple(cards)


def _build_buildings() -> tuple[BuildingCard, ...]:
    cards: list[BuildingCard] = []
    for name, french, coins, points, s, w, k, t in _BUILDING_TABLE:
        cards.append(BuildingCard(len(cards), name, french, coins, points, (s, w, k, t), None))
    for i, (name, french, points, requires, _produces) in enumerate(_MACHINE_TABLE):
        cards.append(BuildingCard(len(cards), name, french, 0, points, requires, NUM_WORKER_CARDS + i))
    return tuple(cards)


NUM_WORKER_CARDS = 42
NUM_MACHINES = 8
NUM_BUILDING_CARDS = 42
WORKERS: tuple[WorkerCard, ...] = _build_workers()
BUILDINGS: tuple[BuildingCard, ...] = _build_buildings()
APPRENTICES: tuple[int, ...] = tuple(c.id for c in WORKERS if c.kind is WorkerKind.APPRENTICE)

assert len(WORKERS) == NUM_WORKER_CARDS + NUM_MACHINES
assert len(BUILDINGS) == NUM_BUILDING_CARDS

# Flat lookups for the hot path.
WAGE: tuple[int, ...] = tuple(c.wage for c in WORKERS)
PRODUCES: tuple[Amounts, ...] = tuple(c.produces for c in WORKERS)
REQUIRES: tuple[Amounts, ...] = tuple(b.requires for b in BUILDINGS)
COINS: tuple[int, ...] = tuple(b.coins for b in BUILDINGS)
POINTS: tuple[int, ...] = tuple(b.points for b in BUILDINGS)
MACHINE_WORKER: tuple[int, ...] = tuple(
    -1 if b.machine_worker is None else b.machine_worker for b in BUILDINGS
)
