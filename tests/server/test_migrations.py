"""The upgrade from the release before accounts (schema 0001) keeps every game: a database written by that
release (tests/server/data/release-0001.db, made by data/make_release_db.py with that release's code) with
live, open, finished and taken-back games is opened by today's server, which upgrades it, and every game,
seat, move and taken-back move is still there; the live games go on with their old seat tokens."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import MetaData, create_engine, insert, select, text

from masterbuilder import new_game
from masterbuilder.server.db import MIGRATIONS
from masterbuilder.server.store import Store
from tests.server.conftest import fresh_pg_database, make_client

DATA = Path(__file__).with_name("data")
EXPECTED: dict[str, dict[str, Any]] = json.loads((DATA / "release-0001.json").read_text())
OLD_TABLES = ("games", "seats", "moves", "undone_moves")


def release_database_on_postgres() -> Any:
    """The release's rows copied into a PostgreSQL database migrated to 0001 only (the schema that release
    made), as a generator giving its URL."""
    for url in fresh_pg_database():
        from alembic import command
        from alembic.config import Config

        engine = create_engine(url)
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0001")
        source = create_engine(f"sqlite:///{DATA / 'release-0001.db'}")
        old = MetaData()
        old.reflect(source, only=OLD_TABLES)
        with source.connect() as reading, engine.begin() as writing:
            for name in OLD_TABLES:
                rows = [dict(r) for r in reading.execute(select(old.tables[name])).mappings()]
                if rows:
                    writing.execute(insert(old.tables[name]), rows)
            writing.execute(text("SELECT setval('undone_moves_id_seq', (SELECT max(id) FROM undone_moves))"))
        source.dispose()
        engine.dispose()
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def release_db(request: pytest.FixtureRequest, tmp_path: Path) -> Any:
    if request.param == "sqlite":
        target = tmp_path / "release.db"
        shutil.copy(DATA / "release-0001.db", target)
        yield f"sqlite:///{target}"
    else:
        yield from release_database_on_postgres()


def test_the_upgrade_keeps_every_game_and_the_live_ones_go_on(release_db: str) -> None:
    with make_client(release_db, resume_bots=False) as client:
        engine = client.app.state.tables.store.engine  # type: ignore[attr-defined]
        with engine.connect() as conn:
            assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0002"
        store = Store(engine)
        for game_id, want in EXPECTED.items():
            row = store.load_game(game_id)
            assert row is not None, game_id
            assert (row.status, row.ply, row.version, row.to_move) == (
                want["status"],
                want["ply"],
                want["version"],
                want["to_move"],
            ), game_id
            assert (row.scores, row.winners) == (want["scores"], want["winners"])
            assert [[s.kind, s.bot, s.name, s.taken] for s in row.seats] == want["seats"]
            assert [[m.ply, m.action, m.seat] for m in store.load_moves(game_id)] == want["moves"]
            assert len(store.load_undone(game_id)) == want["undone"]
            # what the new schema adds is empty: no clock, unrated, a shared chat, no accounts
            assert (row.clock, row.rated, row.chat, row.creator, row.timed_out, row.ended) == (
                None,
                False,
                "shared",
                None,
                None,
                None,
            )
            assert all(s.user_id is None and s.bank_ms is None and not s.replaced for s in row.seats)
            summary = client.get(f"/api/games/{game_id}").json()
            assert (summary["status"], summary["ply"]) == (want["status"], want["ply"])

        record = client.get("/api/games/donebuild03/record").json()
        assert record["actions"] == [m[1] for m in EXPECTED["donebuild03"]["moves"]]

        # the live 2-player Builders game goes on with the seat token the release gave
        live = EXPECTED["livebuild01"]
        state = new_game("builders", 2, 1000, {})
        for _ply, action, _seat in live["moves"]:
            state.apply(action)
        mover = state.current_player
        assert mover == live["to_move"]
        with client.websocket_connect("/ws/games/livebuild01") as ws:
            ws.send_json({"type": "hello", "token": live["tokens"][str(mover)], "board": False})
            first = ws.receive_json()
            assert first["type"] == "state" and first["seat"] == mover and first["ply"] == live["ply"]
            action = state.legal_action_ids()[0]
            ws.send_json({"type": "act", "action": action, "ply": live["ply"]})
            after = ws.receive_json()
            assert after["type"] == "state" and after["ply"] == live["ply"] + 1
        assert [m.action for m in store.load_moves("livebuild01")][-1] == action

        # the open game can still be joined
        joined = client.post("/api/games/openbuild02/seats/1/join", json={"name": "Late"})
        assert joined.status_code == 200, joined.text


def test_downgrade_to_0001_keeps_the_games_and_upgrades_again(release_db: str) -> None:
    from alembic import command
    from alembic.config import Config

    from masterbuilder.server.db import make_engine, upgrade

    engine = make_engine(release_db)
    upgrade(engine)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one() == "0001"
        moves = conn.execute(text("SELECT count(*) FROM moves")).scalar_one()
        assert moves == sum(len(g["moves"]) for g in EXPECTED.values())
        assert conn.execute(text("SELECT count(*) FROM seats")).scalar_one() == sum(
            len(g["seats"]) for g in EXPECTED.values()
        )
    upgrade(engine)
    assert Store(engine).load_game("livecaylus1") is not None
    engine.dispose()
