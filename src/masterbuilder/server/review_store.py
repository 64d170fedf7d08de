"""Finished reviews in the database (table ``reviews``), so that they outlive the server. Plain blocking
SQLAlchemy: the review queue calls these in a thread, never on the event loop.

A row's ``result`` holds what the review page needs: the record reviewed, the seats' names and the
review itself (``Review.to_json``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, insert, select
from sqlalchemy.exc import IntegrityError

from masterbuilder.server.db import reviews


@dataclass(frozen=True)
class StoredReview:
    id: str
    game_id: str | None
    budget: int
    lang: str
    created: datetime
    result: dict[str, Any]


def _row(row: Any) -> StoredReview:
    created = row.created if row.created.tzinfo is not None else row.created.replace(tzinfo=UTC)
    return StoredReview(row.id, row.game_id, row.budget, row.lang, created, row.result)


def load_review(engine: Engine, key: str) -> StoredReview | None:
    with engine.connect() as conn:
        row = conn.execute(select(reviews).where(reviews.c.id == key)).first()
    return None if row is None else _row(row)


def save_review(
    engine: Engine, key: str, game_id: str | None, budget: int, lang: str, result: dict[str, Any]
) -> bool:
    """Store a finished review; False if it was there already (another process made the same one)."""
    values = {
        "id": key,
        "game_id": game_id,
        "budget": budget,
        "lang": lang,
        "created": datetime.now(UTC),
        "result": result,
    }
    try:
        with engine.begin() as conn:
            conn.execute(insert(reviews).values(**values))
    except IntegrityError:
        return False
    return True


def reviews_of_game(engine: Engine, game_id: str, lang: str) -> list[StoredReview]:
    """The stored reviews of a game of the server in one language, newest first."""
    query = (
        select(reviews)
        .where(reviews.c.game_id == game_id, reviews.c.lang == lang)
        .order_by(reviews.c.created.desc())
    )
    with engine.connect() as conn:
        return [_row(row) for row in conn.execute(query)]
