"""The card tables against the compiled card lists (sections 1-3 and 5), copied here independently, and
the fixed action encoding of games/builders/actions.py."""

from __future__ import annotations

from collections import Counter

from masterbuilder import GAMES
from masterbuilder.games.builders import actions as A
from masterbuilder.games.builders.data import (
    APPRENTICES,
    BUILDINGS,
    COINS,
    MACHINE_WORKER,
    POINTS,
    PRODUCES,
    REQUIRES,
    WAGE,
    WORKERS,
    WorkerKind,
)

# Reference table 2b: (kind, cost, S, W, K, T, copies).
REFERENCE_WORKERS = [
    ("Apprentice", 2, 1, 1, 0, 0, 1),
    ("Apprentice", 2, 1, 0, 1, 0, 1),
    ("Apprentice", 2, 1, 0, 0, 1, 1),
    ("Apprentice", 2, 0, 1, 1, 0, 1),
    ("Apprentice", 2, 0, 1, 0, 1, 1),
    ("Apprentice", 2, 0, 0, 1, 1, 1),
    ("Laborer", 3, 2, 1, 0, 0, 1),
    ("Laborer", 3, 2, 0, 1, 0, 1),
    ("Laborer", 3, 2, 0, 0, 1, 1),
    ("Laborer", 3, 1, 2, 0, 0, 1),
    ("Laborer", 3, 1, 0, 2, 0, 1),
    ("Laborer", 3, 1, 0, 0, 2, 1),
    ("Laborer", 3, 0, 2, 1, 0, 1),
    ("Laborer", 3, 0, 2, 0, 1, 1),
    ("Laborer", 3, 0, 1, 2, 0, 1),
    ("Laborer", 3, 0, 1, 0, 2, 1),
    ("Laborer", 3, 0, 0, 2, 1, 1),
    ("Laborer", 3, 0, 0, 1, 2, 1),
    ("Craftsman", 4, 3, 1, 0, 0, 1),
    ("Craftsman", 4, 2, 2, 0, 0, 1),
    ("Craftsman", 4, 2, 1, 1, 0, 1),
    ("Craftsman", 4, 2, 0, 2, 0, 1),
    ("Craftsman", 4, 2, 0, 0, 2, 1),
    ("Craftsman", 4, 1, 2, 0, 1, 1),
    ("Craftsman", 4, 1, 1, 1, 1, 2),
    ("Craftsman", 4, 1, 0, 3, 0, 1),
    ("Craftsman", 4, 1, 0, 2, 1, 1),
    ("Craftsman", 4, 0, 3, 0, 1, 1),
    ("Craftsman", 4, 0, 2, 2, 0, 1),
    ("Craftsman", 4, 0, 2, 0, 2, 1),
    ("Craftsman", 4, 0, 1, 1, 2, 1),
    ("Craftsman", 4, 0, 0, 2, 2, 1),
    ("Craftsman", 4, 0, 0, 1, 3, 1),
    ("Master", 5, 3, 2, 0, 0, 1),
    ("Master", 5, 3, 0, 0, 2, 1),
    ("Master", 5, 2, 3, 0, 0, 1),
    ("Master", 5, 2, 0, 0, 3, 1),
    ("Master", 5, 0, 3, 2, 0, 1),
    ("Master", 5, 0, 2, 3, 0, 1),
    ("Master", 5, 0, 0, 3, 2, 1),
    ("Master", 5, 0, 0, 2, 3, 1),
]

# Reference table 3a: (English name, coins, VP, S, W, K, T).
REFERENCE_BUILDINGS = [
    ("Wooden Shack", 8, 0, 0, 1, 1, 0),
    ("Bower", 8, 0, 1, 0, 0, 1),
    ("Treehouse", 6, 1, 0, 2, 1, 0),
    ("Straw Hut", 6, 1, 1, 0, 0, 2),
    ("Wash House", 6, 1, 0, 1, 0, 2),
    ("Covered Bridge", 6, 1, 0, 1, 2, 0),
    ("Stone Bridge", 6, 1, 2, 0, 1, 0),
    ("Cottage", 10, 2, 0, 2, 1, 2),
    ("Rural House", 10, 2, 1, 2, 1, 1),
    ("Townhouse", 10, 2, 2, 0, 2, 1),
    ("House", 10, 2, 2, 1, 0, 2),
    ("Inn", 12, 3, 2, 1, 1, 2),
    ("Cowshed", 12, 3, 0, 1, 2, 3),
    ("Pigsty", 12, 3, 0, 2, 2, 2),
    ("Rural Relay", 12, 3, 0, 3, 1, 2),
    ("Grain Silo", 12, 3, 0, 2, 3, 1),
    ("Stables", 14, 3, 0, 3, 1, 3),
    ("Forge", 14, 3, 2, 2, 0, 3),
    ("Watermill", 14, 3, 0, 2, 3, 2),
    ("Windmill", 14, 3, 3, 0, 3, 1),
    ("Hotel", 16, 4, 1, 3, 3, 1),
    ("Farm", 16, 4, 4, 2, 0, 2),
    ("Bourgeois House", 16, 4, 2, 2, 2, 2),
    ("Tavern", 16, 4, 1, 3, 1, 3),
    ("Post", 16, 4, 3, 1, 2, 2),
    ("Covered Market", 16, 4, 0, 3, 2, 3),
    ("Abbey", 18, 5, 4, 3, 2, 1),
    ("Church", 18, 5, 4, 0, 2, 4),
    ("Chapel", 18, 5, 3, 2, 2, 3),
    ("Watchtower", 18, 5, 3, 3, 2, 2),
    ("Cloister", 18, 5, 4, 2, 4, 0),
    ("Aqueduct", 20, 6, 5, 2, 5, 0),
    ("Castle", 20, 7, 5, 3, 5, 3),
    ("Cathedral", 20, 8, 5, 4, 4, 4),
]

# Reference table 3b: (VP, requires S W K T, produces S W K T); M3 with the majority reading S1 K1.
REFERENCE_MACHINES = [
    (1, (0, 1, 0, 1), (2, 0, 0, 0)),
    (2, (0, 2, 1, 0), (3, 0, 0, 0)),
    (1, (1, 0, 1, 0), (0, 2, 0, 0)),
    (2, (0, 0, 2, 1), (0, 3, 0, 0)),
    (1, (1, 1, 0, 0), (0, 0, 2, 0)),
    (2, (1, 0, 0, 2), (0, 0, 3, 0)),
    (1, (0, 1, 1, 0), (0, 0, 0, 2)),
    (2, (2, 1, 0, 0), (0, 0, 0, 3)),
]


def test_42_worker_cards_by_kind_cost_and_production() -> None:
    # rules: Builders, components ("42 karty Robotnikow"); reference tables 2a and 2b
    cards = [w for w in WORKERS if w.kind is not WorkerKind.MACHINE]
    assert [w.id for w in cards] == list(range(42))
    kinds = Counter(w.kind.value for w in cards)
    assert kinds == {"Apprentice": 6, "Laborer": 12, "Craftsman": 16, "Master": 8}
    assert {w.kind.value: w.wage for w in cards} == {
        "Apprentice": 2,
        "Laborer": 3,
        "Craftsman": 4,
        "Master": 5,
    }
    expected: Counter[tuple[str, int, tuple[int, int, int, int]]] = Counter()
    for kind, cost, s, w, k, t, copies in REFERENCE_WORKERS:
        expected[(kind, cost, (s, w, k, t))] += copies
    assert Counter((c.kind.value, c.wage, c.produces) for c in cards) == expected
    assert sum(expected.values()) == 42
    assert tuple(w.id for w in cards if w.kind is WorkerKind.APPRENTICE) == APPRENTICES


def test_every_worker_card_wage_equals_its_total_production() -> None:
    # reference 2: "On every card the cost equals the total number of resources it produces"
    for w in WORKERS[:42]:
        assert w.wage == sum(w.produces) == WAGE[w.id], w
        assert PRODUCES[w.id] == w.produces


def test_worker_patterns() -> None:
    # reference 2a: Apprentices are all six 1+1 pairs; Laborers all twelve ordered 2+1 pairs; Craftsmen have
    # 15 distinct profiles with (1,1,1,1) twice; Masters are 3+2 on S-W, W-K, K-T, T-S only
    def profiles(kind: WorkerKind) -> list[tuple[int, int, int, int]]:
        return [w.produces for w in WORKERS if w.kind is kind]

    apprentices = profiles(WorkerKind.APPRENTICE)
    assert len(set(apprentices)) == 6 and all(sorted(p) == [0, 0, 1, 1] for p in apprentices)
    laborers = profiles(WorkerKind.LABORER)
    assert len(set(laborers)) == 12 and all(sorted(p) == [0, 0, 1, 2] for p in laborers)
    craftsmen = profiles(WorkerKind.CRAFTSMAN)
    assert len(set(craftsmen)) == 15 and craftsmen.count((1, 1, 1, 1)) == 2
    masters = profiles(WorkerKind.MASTER)
    pairs = {frozenset(r for r in range(4) if p[r]) for p in masters}
    assert len(set(masters)) == 8 and all(sorted(p) == [0, 0, 2, 3] for p in masters)
    assert pairs == {frozenset({0, 1}), frozenset({1, 2}), frozenset({2, 3}), frozenset({3, 0})}


def test_34_buildings_and_8_machines() -> None:
    # rules: Builders, components ("42 karty Budynkow (w tym 8 Maszyn)"); reference table 3a
    assert len(BUILDINGS) == 42
    assert [b.id for b in BUILDINGS] == list(range(42))
    assert [b.is_machine for b in BUILDINGS] == [False] * 34 + [True] * 8
    table = [(b.name, b.coins, b.points, *b.requires) for b in BUILDINGS[:34]]
    assert table == REFERENCE_BUILDINGS
    assert len({b.requires for b in BUILDINGS[:34]}) == 34
    assert list(COINS[:34]) == [row[1] for row in REFERENCE_BUILDINGS]
    assert list(POINTS[:34]) == [row[2] for row in REFERENCE_BUILDINGS]
    assert list(REQUIRES[:34]) == [tuple(row[3:]) for row in REFERENCE_BUILDINGS]


def test_machines_as_buildings_and_as_workers() -> None:
    # rules: Builders, machines ("koszt wyslania Maszyny do pracy wynosi 0"); reference table 3b
    for i, (points, requires, produces) in enumerate(REFERENCE_MACHINES):
        b = BUILDINGS[34 + i]
        assert (b.coins, b.points, b.requires) == (0, points, requires)
        assert b.machine_worker == MACHINE_WORKER[34 + i] == 42 + i
        w = WORKERS[42 + i]
        assert w.kind is WorkerKind.MACHINE and w.is_machine
        assert (w.wage, w.produces) == (0, produces)
        assert w.name == b.name
    assert all(m == -1 for m in MACHINE_WORKER[:34])
    assert len(WORKERS) == 50


def test_the_chapel_of_the_rulebook_example() -> None:
    # rules: Builders, completion, worked example: the Chapel ("Kaplica") needs 3 stone, 2 wood,
    # 2 knowledge, 3 tiles, pays 18 coins and is worth 5 points; the Craftsman sent costs 4 coins and
    # produces 1 knowledge and 3 tiles
    chapel = next(b for b in BUILDINGS if b.name == "Chapel")
    assert (chapel.requires, chapel.coins, chapel.points, chapel.french_name) == (
        (3, 2, 2, 3),
        18,
        5,
        "La chapelle",
    )
    assert [w.wage for w in WORKERS if w.kind is WorkerKind.CRAFTSMAN and w.produces == (0, 0, 1, 3)] == [4]


def test_disputed_small_circular_saw_uses_the_majority_reading() -> None:
    # reference section 5, conflict 1: sources A, B, C, E give Stone 1 + Knowledge 1; D1 and D2 give
    # Stone 1 + Tile 1. The engine uses the majority reading (docs/rules-notes.md).
    saw = next(b for b in BUILDINGS if b.name == "Small Circular Saw")
    assert saw.requires == (1, 0, 1, 0)
    assert saw.points == 1 and saw.machine_worker == 44 and WORKERS[44].produces == (0, 2, 0, 0)


def test_action_encoding() -> None:
    # games/builders/actions.py: 181 fixed ids, the same for every player count
    assert A.NUM_ACTIONS == 181
    assert (A.END_TURN, A.BUY_ACTION, A.TAKE_COINS, A.START, A.HIRE, A.SEND, A.TO) == (
        0,
        1,
        2,
        5,
        47,
        89,
        139,
    )
    for players in (2, 3, 4):
        assert GAMES["builders"].num_distinct_actions(players) == 181
    labels = A.LABELS
    assert labels[:5] == ("end turn", "buy action", "take 1 coin", "take 3 coins", "take 6 coins")
    assert labels[A.START + 28] == "start Chapel"
    assert labels[A.HIRE + 0] == "hire W01" and labels[A.HIRE + 41] == "hire W42"
    assert labels[A.SEND + 33] == "send W34" and labels[A.SEND + 42] == "send Small Crane"
    assert labels[A.TO + 41] == "to Large Tile Oven"
    assert len(set(labels)) == len(labels) == 181
