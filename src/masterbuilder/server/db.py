"""The database: tables (SQLAlchemy 2 Core), the engine, and the Alembic upgrade run at start-up.

Event-sourced: a game's state is ``load_record`` of its moves; ``games`` holds what a lobby lists without
replaying anything (ply, seat to move, result) and a ``version`` that every change (a move, a join, an undo)
increments, so that a process can tell whether its copy in memory is current.
"""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    false,
    text,
    true,
)

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(16), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # open | live | finished
    Column("ply", Integer, nullable=False),
    Column("to_move", Integer, nullable=True),
    Column("version", Integer, nullable=False),
    Column("scores", JSON, nullable=True),
    Column("winners", JSON, nullable=True),
    Column("rematch", String(16), nullable=True),  # the id of the rematch, once someone asked for one
    Column("created", DateTime(timezone=True), nullable=False, index=True),
    Column("updated", DateTime(timezone=True), nullable=False),
    # ---- since 0002 (accounts, clocks, chat, ratings) ----
    # the time control: NULL = real time (no clock); {"kind": "turn", "bank", "increment", "cap" (seconds),
    # "bot": the bot that takes over a seat whose time ran out}
    Column("clock", JSON, nullable=True),
    Column("turn_started", DateTime(timezone=True), nullable=True),  # when the seat to move began its turn
    Column("timed_out", Integer, nullable=True),  # the seat whose time ran out, while the others choose
    Column("ended", String(16), nullable=True),  # how a finished game ended: NULL (played out) | abandoned
    Column("rated", Boolean, nullable=False, server_default=false()),  # counts for the ratings
    Column("rating_done", Boolean, nullable=False, server_default=false()),  # its result is in the ratings
    Column("chat", String(8), nullable=False, server_default="shared"),  # shared | apart (seats, spectators)
    Column("creator", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
)

users = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(32), nullable=False),  # as typed
    Column("name_key", String(32), nullable=False, unique=True),  # casefolded: one account per name
    Column("email", String(254), nullable=True),  # never shown to anyone but its owner
    Column("password_hash", String(255), nullable=False),  # argon2id
    Column("disabled", Boolean, nullable=False, server_default=false()),
    Column("notify_mail", Boolean, nullable=False, server_default=true()),  # "your turn" etc. by mail
    Column(
        "mail_hours", Integer, nullable=True
    ),  # at most one mail a game per this many hours; NULL: the server's
    Column("mail_key", String(64), nullable=False),  # the secret in the unsubscribe link
    Column("created", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),  # sha256 hex of the cookie's value
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)

password_resets = Table(
    "password_resets",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("expires", DateTime(timezone=True), nullable=False),
)

seats = Table(
    "seats",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(64), nullable=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=True),  # sha256 hex of the seat token; NULL while open
    Column("taken", Boolean, nullable=False),
    # ---- since 0002 ----
    Column("user_id", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True),
    Column("invited", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True),
    Column(
        "bank_ms", BigInteger, nullable=True
    ),  # turn-based: time left (for the seat to move: at turn_started)
    Column("replaced", Boolean, nullable=False, server_default=false()),  # a bot took over (time ran out)
)

moves = Table(
    "moves",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

# Moves taken back by an undo: kept, never silently lost.
undone_moves = Table(
    "undone_moves",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("ply", Integer, nullable=False),
    Column("action", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
    Column("undone_at", DateTime(timezone=True), nullable=False),
    Column("undone_by", Integer, nullable=False),
)

# A game's chat: stored with it; ``audience`` "seats" (only the players see it) or "all".
chat_messages = Table(
    "chat_messages",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("user_id", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
    Column("name", String(64), nullable=False),
    Column("audience", String(8), nullable=False),
    Column("text", String(500), nullable=False),
    Column("time", DateTime(timezone=True), nullable=False),
)

# OpenSkill ratings, per game, of accounts ("user:ID") and bots ("bot:NAME").
ratings = Table(
    "ratings",
    metadata,
    Column("game", String(32), primary_key=True),
    Column("player", String(80), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)

# What each rated game did to its seats' ratings (written with the ratings, in the same transaction).
rating_changes = Table(
    "rating_changes",
    metadata,
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(80), nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
)

# The last mail about a game to an account (at most one per game per few hours).
mail_log = Table(
    "mail_log",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("sent", DateTime(timezone=True), nullable=False),
)

# Finished game reviews (server/reviews.py), kept across restarts: ``id`` is the review's key (a hash of the
# record, the budget and the language), ``game_id`` the server's game it reviews (NULL: an uploaded record).
reviews = Table(
    "reviews",
    metadata,
    Column("id", String(64), primary_key=True),
    Column("game_id", String(16), ForeignKey("games.id", ondelete="CASCADE"), nullable=True, index=True),
    Column("budget", Integer, nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


def is_sqlite(url: str) -> bool:
    return url.startswith("sqlite")


def make_engine(url: str) -> Engine:
    """An engine for ``url``. SQLite gets WAL with synchronous=NORMAL: a committed transaction survives the
    process being killed (only a power cut can lose the last ones), and readers do not block the writer."""
    if is_sqlite(url):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection, _record):  # type: ignore[no-untyped-def]
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            # No checkpoint inside a commit (it can stall a move for hundreds of milliseconds on a busy
            # disk): checkpoint() runs in the background instead.
            cursor.execute("PRAGMA wal_autocheckpoint=0")
            cursor.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def checkpoint(engine: Engine) -> None:
    """Copy SQLite's write-ahead log into the database file without blocking the writer (PASSIVE)."""
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest Alembic revision. With PostgreSQL an advisory lock keeps
    two processes starting at once from migrating together."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(7231903)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
