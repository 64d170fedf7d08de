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
from typing import Final

from masterbuilder.core.i18n import N_, Text

_ = Text("builders")


class Resource(IntEnum):
    STONE = 0
    WOOD = 1
    KNOWLEDGE = 2
    TILE = 3


RESOURCE_LETTERS: Final = "SWKT"
"""The English letters (action labels, records); players read :func:`letter`'s."""
LETTERS: Final[tuple[str, ...]] = (
    # i18n: the one-letter abbreviation of stone in amounts such as 'S2 W1' (keep the four letters distinct)
    N_("S"),
    # i18n: the one-letter abbreviation of wood in amounts such as 'S2 W1' (keep the four letters distinct)
    N_("W"),
    # i18n: the one-letter abbreviation of knowledge in amounts such as 'K3' (keep the four letters distinct)
    N_("K"),
    # i18n: the one-letter abbreviation of tile in amounts such as 'T2' (keep the four letters distinct)
    N_("T"),
)

Amounts = tuple[int, int, int, int]


class WorkerKind(StrEnum):
    # i18n: a kind of worker card (the least skilled), as in 'Apprentice S1 W1'
    APPRENTICE = N_("Apprentice")
    # i18n: a kind of worker card, as in 'Laborer S2 W1'
    LABORER = N_("Laborer")
    # i18n: a kind of worker card, as in 'Craftsman S3 W1'
    CRAFTSMAN = N_("Craftsman")
    # i18n: a kind of worker card (a master builder, the most skilled), as in 'Master S3 W2'
    MASTER = N_("Master")
    # i18n: a kind of worker card: a built machine working as a worker
    MACHINE = N_("Machine")


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


def letter(resource: int) -> str:
    """The resource's letter in the current language ('S' for stone in English)."""
    return _(LETTERS[resource])


def amounts_text(amounts: Amounts) -> str:
    """'S1 K3' style text for non-zero amounts, in the current language."""
    # i18n: no resources at all (what a worker or building amounts to when every count is 0)
    return " ".join(f"{letter(r)}{n}" for r, n in enumerate(amounts) if n) or _("nothing")


def _english_amounts(amounts: Amounts) -> str:
    return " ".join(f"{RESOURCE_LETTERS[r]}{n}" for r, n in enumerate(amounts) if n)


def building_name(building: int) -> str:
    """A building's (or machine's) name in the current language."""
    return _(BUILDINGS[building].name)


def kind_name(kind: WorkerKind) -> str:
    """A kind of worker in the current language ('Apprentice')."""
    return _(kind.value)


def worker_name(worker: int) -> str:
    """A worker card's name in the current language: its kind and what it produces ('Apprentice S1 W1'),
    or a built machine's name."""
    card = WORKERS[worker]
    if card.is_machine:
        return _(card.name)
    # i18n: a worker card's name: its kind ('Apprentice') and what it produces ('S1 W1')
    return _("{kind} {produces}", kind=kind_name(card.kind), produces=amounts_text(card.produces))


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
    # i18n: the building cards' names (the English edition's; the French edition's name follows in the code)
    (N_("Wooden Shack"), "La cabane", 8, 0, 0, 1, 1, 0),
    (N_("Bower"), "La tonnelle", 8, 0, 1, 0, 0, 1),
    (N_("Treehouse"), "La cabane perchée", 6, 1, 0, 2, 1, 0),
    (N_("Straw Hut"), "La hutte de paille", 6, 1, 1, 0, 0, 2),
    (N_("Wash House"), "Le lavoir", 6, 1, 0, 1, 0, 2),
    (N_("Covered Bridge"), "Le pont couvert", 6, 1, 0, 1, 2, 0),
    (N_("Stone Bridge"), "Le pont en pierre", 6, 1, 2, 0, 1, 0),
    (N_("Cottage"), "La chaumière", 10, 2, 0, 2, 1, 2),
    (N_("Rural House"), "La maison rurale", 10, 2, 1, 2, 1, 1),
    (N_("Townhouse"), "La maison urbaine", 10, 2, 2, 0, 2, 1),
    (N_("House"), "La maisonnette", 10, 2, 2, 1, 0, 2),
    (N_("Inn"), "L'auberge", 12, 3, 2, 1, 1, 2),
    (N_("Cowshed"), "L'étable", 12, 3, 0, 1, 2, 3),
    (N_("Pigsty"), "La porcherie", 12, 3, 0, 2, 2, 2),
    (N_("Rural Relay"), "Le relais rural", 12, 3, 0, 3, 1, 2),
    (N_("Grain Silo"), "Le silo à grains", 12, 3, 0, 2, 3, 1),
    (N_("Stables"), "L'écurie", 14, 3, 0, 3, 1, 3),
    (N_("Forge"), "La forge", 14, 3, 2, 2, 0, 3),
    (N_("Watermill"), "Le moulin à eau", 14, 3, 0, 2, 3, 2),
    (N_("Windmill"), "Le moulin à vent", 14, 3, 3, 0, 3, 1),
    (N_("Hotel"), "L'hôtel", 16, 4, 1, 3, 3, 1),
    (N_("Farm"), "La ferme", 16, 4, 4, 2, 0, 2),
    (N_("Bourgeois House"), "La maison bourgeoise", 16, 4, 2, 2, 2, 2),
    (N_("Tavern"), "La taverne", 16, 4, 1, 3, 1, 3),
    # i18n: a building: the post house (French edition: Le relais postal)
    (N_("Post"), "Le relais postal", 16, 4, 3, 1, 2, 2),
    (N_("Covered Market"), "Les halles", 16, 4, 0, 3, 2, 3),
    (N_("Abbey"), "L'abbaye", 18, 5, 4, 3, 2, 1),
    (N_("Church"), "L'église", 18, 5, 4, 0, 2, 4),
    (N_("Chapel"), "La chapelle", 18, 5, 3, 2, 2, 3),
    (N_("Watchtower"), "La tour de guet", 18, 5, 3, 3, 2, 2),
    (N_("Cloister"), "Le cloître", 18, 5, 4, 2, 4, 0),
    (N_("Aqueduct"), "L'aqueduc", 20, 6, 5, 2, 5, 0),
    (N_("Castle"), "Le château-fort", 20, 7, 5, 3, 5, 3),
    (N_("Cathedral"), "La cathédrale", 20, 8, 5, 4, 4, 4),
)

# (English name, French name, points, requires S W K T, produces S W K T) — table 3b. Machines pay no coins
# on completion and work for a wage of 0. M3 (small Circular Saw) uses the majority reading S1 K1
# (docs/rules-notes.md).
_MACHINE_TABLE: tuple[tuple[str, str, int, Amounts, Amounts], ...] = (
    # i18n: the machine cards' names (small and large crane, circular saw, survey tools, tile oven)
    (N_("Small Crane"), "Une grue", 1, (0, 1, 0, 1), (2, 0, 0, 0)),
    (N_("Large Crane"), "Une grue", 2, (0, 2, 1, 0), (3, 0, 0, 0)),
    (N_("Small Circular Saw"), "Une scie circulaire", 1, (1, 0, 1, 0), (0, 2, 0, 0)),
    (N_("Large Circular Saw"), "Une scie circulaire", 2, (0, 0, 2, 1), (0, 3, 0, 0)),
    (N_("Small Survey Tools"), "Un instrument de mesure", 1, (1, 1, 0, 0), (0, 0, 2, 0)),
    (N_("Large Survey Tools"), "Un instrument de mesure", 2, (1, 0, 0, 2), (0, 0, 3, 0)),
    (N_("Small Tile Oven"), "Un four à tuiles", 1, (0, 1, 1, 0), (0, 0, 0, 2)),
    (N_("Large Tile Oven"), "Un four à tuiles", 2, (2, 1, 0, 0), (0, 0, 0, 3)),
)


def _build_workers() -> tuple[WorkerCard, ...]:
    cards: list[WorkerCard] = []
    for kind, wage, s, w, k, t, copies in _WORKER_TABLE:
        for _ in range(copies):
            wid = len(cards)
            code = f"W{wid + 1:02d}"
            produces = (s, w, k, t)
            cards.append(
                WorkerCard(wid, code, kind, wage, produces, f"{kind.value} {_english_amounts(produces)}")
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


NUM_WORKER_CARDS: Final = 42
NUM_MACHINES: Final = 8
NUM_BUILDING_CARDS: Final = 42
WORKERS: Final[tuple[WorkerCard, ...]] = _build_workers()
BUILDINGS: Final[tuple[BuildingCard, ...]] = _build_buildings()
APPRENTICES: Final[tuple[int, ...]] = tuple(c.id for c in WORKERS if c.kind is WorkerKind.APPRENTICE)

assert len(WORKERS) == NUM_WORKER_CARDS + NUM_MACHINES
assert len(BUILDINGS) == NUM_BUILDING_CARDS

# Flat lookups for the hot path.
WAGE: Final[tuple[int, ...]] = tuple(c.wage for c in WORKERS)
PRODUCES: Final[tuple[Amounts, ...]] = tuple(c.produces for c in WORKERS)
REQUIRES: Final[tuple[Amounts, ...]] = tuple(b.requires for b in BUILDINGS)
COINS: Final[tuple[int, ...]] = tuple(b.coins for b in BUILDINGS)
POINTS: Final[tuple[int, ...]] = tuple(b.points for b in BUILDINGS)
MACHINE_WORKER: Final[tuple[int, ...]] = tuple(
    -1 if b.machine_worker is None else b.machine_worker for b in BUILDINGS
)
