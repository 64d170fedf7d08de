"""Accounts, sessions, turn-based clocks, chat, ratings, the mail log and stored reviews.

Only new tables and new nullable (or defaulted) columns: a database of 0001 with live games in it keeps every
game, seat and move (tests/server/test_migrations.py). SQLite cannot add a foreign key to an existing table
without copying it (and copying ``games`` would cascade-delete its seats and moves), so there the new columns
of ``games`` and ``seats`` that name an account are plain integers; the code that deletes an account clears
them itself, on both databases.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

FALSE = sa.false()


def upgrade() -> None:
    sqlite = op.get_bind().dialect.name == "sqlite"
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("disabled", sa.Boolean, nullable=False, server_default=FALSE),
        sa.Column("notify_mail", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("mail_hours", sa.Integer, nullable=True),
        sa.Column("mail_key", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_user_id", "sessions", ["user_id"])
    op.create_table(
        "password_resets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    for column in (
        sa.Column("clock", sa.JSON, nullable=True),
        sa.Column("turn_started", sa.DateTime(timezone=True), nullable=True),
        sa.Column("timed_out", sa.Integer, nullable=True),
        sa.Column("ended", sa.String(16), nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False, server_default=FALSE),
        sa.Column("rating_done", sa.Boolean, nullable=False, server_default=FALSE),
        sa.Column("chat", sa.String(8), nullable=False, server_default="shared"),
        sa.Column("creator", sa.Integer, nullable=True),
    ):
        op.add_column("games", column)
    for column in (
        sa.Column("user_id", sa.Integer, nullable=True),
        sa.Column("invited", sa.Integer, nullable=True),
        sa.Column("bank_ms", sa.BigInteger, nullable=True),
        sa.Column("replaced", sa.Boolean, nullable=False, server_default=FALSE),
    ):
        op.add_column("seats", column)
    op.create_index("ix_seats_user_id", "seats", ["user_id"])
    op.create_index("ix_seats_invited", "seats", ["invited"])
    if not sqlite:
        op.create_foreign_key("fk_games_creator", "games", "users", ["creator"], ["id"], ondelete="SET NULL")
        op.create_foreign_key("fk_seats_user", "seats", "users", ["user_id"], ["id"], ondelete="SET NULL")
        op.create_foreign_key("fk_seats_invited", "seats", "users", ["invited"], ["id"], ondelete="SET NULL")
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="SET NULL"), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("audience", sa.String(8), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_messages_game_id", "chat_messages", ["game_id"])
    op.create_table(
        "ratings",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_user_id", "ratings", ["user_id"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(80), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
    )
    op.create_table(
        "mail_log",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("sent", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "reviews",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(16), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=True),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
    )
    op.create_index("ix_reviews_game_id", "reviews", ["game_id"])


def downgrade() -> None:
    """Back to 0001: the accounts, chat, ratings and clocks are dropped; games, seats and moves are kept."""
    sqlite = op.get_bind().dialect.name == "sqlite"
    for name in (
        "reviews",
        "mail_log",
        "rating_changes",
        "ratings",
        "chat_messages",
        "password_resets",
        "sessions",
    ):
        op.drop_table(name)
    if not sqlite:
        for name, table in (
            ("fk_seats_invited", "seats"),
            ("fk_seats_user", "seats"),
            ("fk_games_creator", "games"),
        ):
            op.drop_constraint(name, table, type_="foreignkey")
    op.drop_index("ix_seats_invited", "seats")
    op.drop_index("ix_seats_user_id", "seats")
    # plain ALTER TABLE ... DROP COLUMN (SQLite 3.35+): never a copy of the table, which would cascade
    for column in ("replaced", "bank_ms", "invited", "user_id"):
        op.drop_column("seats", column)
    for column in ("creator", "chat", "rating_done", "rated", "ended", "timed_out", "turn_started", "clock"):
        op.drop_column("games", column)
    op.drop_table("users")
