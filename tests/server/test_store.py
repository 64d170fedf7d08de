"""Storage on SQLite and PostgreSQL: the migration, version checks, group commit, undo's audit table."""

from __future__ import annotations

from sqlalchemy import Engine, inspect

from masterbuilder.server.db import upgrade
from masterbuilder.server.store import GameRow, MoveRow, Outcome, SeatRow, Store, now

LIVE = Outcome("live", 0, None, None)


def new_row(game_id: str) -> GameRow:
    moment = now()
    seats = [SeatRow(k, "human", None, f"P{k}", None, False) for k in range(2)]
    return GameRow(game_id, "builders", 2, 7, {}, "open", 0, None, 1, None, None, None, moment, moment, seats)


def test_the_migration_makes_the_tables_and_runs_twice(engine: Engine) -> None:
    upgrade(engine)  # at start-up again: nothing to do
    names = set(inspect(engine).get_table_names())
    assert {"games", "seats", "moves", "undone_moves", "alembic_version"} <= names


def test_version_checks_group_commit_and_undo(engine: Engine) -> None:
    store = Store(engine)
    store.create_game(new_row("g1"))
    store.create_game(new_row("g2"))
    assert store.take_seat("g1", 0, "Ann", "h" * 64, None) is not None
    assert store.take_seat("g1", 0, "Bob", "i" * 64, None) is None  # taken
    game = store.take_seat("g1", 1, "Cy", "j" * 64, Outcome("live", 1, None, None))
    assert game is not None and game.status == "live" and game.to_move == 1 and game.version == 3

    move = MoveRow(0, 5, 1, now())
    assert store.append_move("g1", 3, move, LIVE) is True
    assert store.append_move("g1", 3, MoveRow(1, 6, 0, now()), LIVE) is False  # an old copy: refused
    # one transaction for several games; of two moves made on one copy of g1, exactly one is stored
    answers = store.append_moves(
        [
            ("g1", 4, MoveRow(1, 6, 0, now()), LIVE),
            ("g2", 1, MoveRow(0, 9, 0, now()), LIVE),
            ("g1", 4, MoveRow(1, 7, 0, now()), LIVE),
        ]
    )
    assert answers[1] is True and sorted([answers[0], answers[2]]) == [False, True]
    stored_action = 6 if answers[0] else 7
    assert [(m.ply, m.action) for m in store.load_moves("g1")] == [(0, 5), (1, stored_action)]
    assert store.append_moves(
        [("g1", 4, MoveRow(1, 8, 0, now()), LIVE), ("g2", 1, MoveRow(0, 8, 0, now()), LIVE)]
    ) == [
        False,
        False,
    ]
    finished = Outcome("finished", None, [3, 1], [0])
    assert store.append_moves([("g2", 2, MoveRow(1, 4, 1, now()), finished)]) == [True]
    game = store.load_game("g2")
    assert game is not None and game.status == "finished" and game.scores == [3, 1] and game.winners == [0]
    snapshot = store.load_snapshot("g1")
    assert snapshot is not None and snapshot[0].ply == 2 and len(snapshot[1]) == 2

    assert store.undo("g1", 5, 1, 0, LIVE, now()) is True
    assert [m.ply for m in store.load_moves("g1")] == [0]
    audit = store.load_undone("g1")
    assert [(m["ply"], m["action"], m["undone_by"]) for m in audit] == [(1, stored_action, 0)]
    assert store.undo("g1", 5, 0, 0, LIVE, now()) is False  # version 6 now

    games, total = store.list_games("live", 1, 10)
    assert total == 1 and games[0].id == "g1"
    assert [s.name for s in games[0].seats] == ["Ann", "Cy"]
    assert store.set_rematch("g1", "g3") == "g3" and store.set_rematch("g1", "g4") == "g3"
    assert store.free_seat("g1", 0, "Seat 1") is False  # live: too late to leave
    assert store.unfinished_ids() == ["g1"]
