"""The operator's database tools behind `masterbuilder db`: check (schema, games by status, size), backup
(SQLite's online backup; PostgreSQL's pg_dump line) and export (finished games as records, one JSON object a
line, which `masterbuilder replay` and the replay page read). Problems are :class:`DbError`, one line each."""

from __future__ import annotations

import json
import shlex
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Engine, create_engine, func, select
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import SQLAlchemyError

from masterbuilder.core.i18n import shell as _
from masterbuilder.server import startup
from masterbuilder.server.db import MIGRATIONS, games, moves, seats


class DbError(Exception):
    """What stops a `masterbuilder db` command, as one line."""


@dataclass(frozen=True)
class Report:
    url: str  # without its password
    schema: str  # the Alembic revision the database is at
    newest: str  # the revision this version of Master Builder brings
    games: dict[str, int]  # status -> count
    moves: int
    size: int | None  # bytes (SQLite: the file and its write-ahead log)


def resolve(url: str) -> str:
    """The database ``url`` parsed (SQLite or PostgreSQL) and present: a SQLite file that is missing is an
    error here, never created empty."""
    try:
        parsed = startup.database_url(url)
    except startup.StartupError as exc:
        raise DbError(str(exc)) from exc
    path = startup.sqlite_file(parsed)
    if path is not None and not path.is_file():
        raise DbError(_("There is no database at {path}: give the server's with --db URL.", path=path))
    return parsed


@contextmanager
def connected(url: str) -> Iterator[Engine]:
    sqlite = url.startswith("sqlite")
    engine = create_engine(url, connect_args={} if sqlite else {"connect_timeout": startup.CONNECT_TIMEOUT})
    try:
        yield engine
    except SQLAlchemyError as exc:
        raise DbError(
            _(
                "Cannot use the database {url}: {problem}",
                url=startup.shown(url),
                problem=startup.first_line(getattr(exc, "orig", None) or exc),
            )
        ) from exc
    finally:
        engine.dispose()


def newest_revision() -> str:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(config).get_current_head()
    return head or ""


def check(url: str) -> Report:
    """What the database holds. Reads only."""
    url = resolve(url)
    with connected(url) as engine, engine.connect() as connection:
        if not engine.dialect.has_table(connection, "alembic_version"):
            raise DbError(
                _("{url} is not a Master Builder database (no schema version).", url=startup.shown(url))
            )
        schema = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() or ""
        counts = connection.execute(select(games.c.status, func.count()).group_by(games.c.status)).all()
        move_count = connection.execute(select(func.count()).select_from(moves)).scalar_one()
        size: int | None = None
        if engine.dialect.name == "postgresql":
            size = connection.exec_driver_sql("SELECT pg_database_size(current_database())").scalar()
    path = startup.sqlite_file(url)
    if path is not None:
        size = sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())
    by_status = {str(status): int(count) for status, count in counts}
    return Report(startup.shown(url), schema, newest_revision(), by_status, int(move_count), size)


def backup(url: str, target: Path) -> str | None:
    """Copy a SQLite database to ``target`` while the server runs (SQLite's online backup: a consistent
    copy, moves keep being stored meanwhile). For PostgreSQL nothing is copied: the pg_dump command line
    that does it is returned."""
    url = resolve(url)
    path = startup.sqlite_file(url)
    if path is None:
        given = make_url(url)
        # the password stays out of the line (and of the shell's history): pg_dump reads ~/.pgpass
        plain = URL.create(
            "postgresql", given.username, None, given.host, given.port, given.database, given.query
        )
        return shlex.join(["pg_dump", "--format=custom", "--file", str(target), plain.render_as_string()])
    if target.exists():
        raise DbError(_("{path} exists already: give a new file name.", path=target))
    if not target.parent.is_dir():
        raise DbError(_("There is no folder {path} to write the backup in.", path=target.parent))
    try:
        source = sqlite3.connect(path, timeout=30)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy)
            finally:
                copy.close()
        finally:
            source.close()
    except (sqlite3.Error, OSError) as exc:
        target.unlink(missing_ok=True)
        raise DbError(_("The backup failed: {problem}", problem=exc)) from exc
    return None


def finished_records(url: str) -> Iterator[dict[str, Any]]:
    """Every finished game, oldest first, as a record (``State.record()`` plus "names", "id" and
    "finished", which loading ignores)."""
    url = resolve(url)
    with connected(url) as engine, engine.connect() as connection:
        rows = connection.execute(
            select(games).where(games.c.status == "finished").order_by(games.c.updated, games.c.id)
        ).all()
        for row in rows:
            actions = connection.execute(
                select(moves.c.action).where(moves.c.game_id == row.id).order_by(moves.c.ply)
            ).scalars()
            names = connection.execute(
                select(seats.c.name, seats.c.bot).where(seats.c.game_id == row.id).order_by(seats.c.seat)
            ).all()
            yield {
                "game": row.game,
                "players": row.players,
                "seed": row.seed,
                "options": row.options,
                "actions": list(actions),
                "names": [name or bot or "" for name, bot in names],
                "id": row.id,
                "finished": row.updated.isoformat(),
            }


def export(url: str, out: IO[str]) -> int:
    """Write the finished games to ``out``, one record a line; how many."""
    count = 0
    for record in finished_records(url):
        out.write(json.dumps(record, separators=(",", ":")) + "\n")
        count += 1
    return count
