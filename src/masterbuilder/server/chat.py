"""A game's chat: stored with the game (``chat_messages``), never part of its record (docs/web.md, "Chat").

A seat or a spectator sends ``{"type": "chat", "text": ...}``; every connection that may read it gets
``{"type": "chat", "messages": [{"id", "seat", "name", "text", "time"}]}``, and a connection saying hello gets
the last 100 it may read (after its first state message, when there are any). The game's ``chat`` setting
chooses who reads what: "shared", everyone everything; "apart", the seats' messages only the seats and the
spectators' only the spectators. Text only (the page shows it as text, never as HTML): control characters
removed (line breaks become spaces), at most 500 characters once trimmed, never empty. Rate: 5 messages per
10 s per connection and 30 a minute per seat of a game (the spectators of a game count as one seat).

Several server processes (PostgreSQL): a stored message sends ``NOTIFY masterbuilder, 'chat:GAME:ID'`` in its
transaction, and every process delivers it to its own connections of that game (:meth:`Chat.deliver`); each
connection remembers the last message id it was sent, so none comes twice.
"""

from __future__ import annotations

import asyncio
import json
import time
import unicodedata
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, insert, select
from sqlalchemy import text as sql

from masterbuilder.core.i18n import shell as _
from masterbuilder.server import db
from masterbuilder.server.languages import shown_name
from masterbuilder.server.store import CHANNEL, now
from masterbuilder.server.tables import Connection, PlayError, Table, Tables

MAX_CHARS = 500
HISTORY = 100  # messages a connection gets when it says hello
PER_CONNECTION = (5, 10.0)  # messages, seconds
PER_SEAT = (30, 60.0)
# text direction overrides and isolates: they would turn the rest of the chat around
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean(text: str) -> str:
    """``text`` without control characters (line breaks and tabs become spaces), trimmed."""
    kept = []
    for c in text:
        if c in "\n\r\t":
            kept.append(" ")
        elif unicodedata.category(c) not in ("Cc", "Cs") and c not in BIDI_CONTROLS:
            kept.append(c)
    return "".join(kept).strip()


def audience(chat: str, seat: int | None) -> str:
    """Who reads a message from ``seat`` (None: a spectator): all | seats | watchers."""
    if chat != "apart":
        return "all"
    return "watchers" if seat is None else "seats"


def readable(seat: int | None) -> tuple[str, ...]:
    """The audiences a connection of ``seat`` reads (in a shared chat every message is "all")."""
    return ("all", "watchers") if seat is None else ("all", "seats")


def entry(row: Any) -> dict[str, Any]:
    return {
        "id": row.id,
        "seat": row.seat,
        "name": row.name or None,  # None: a spectator (the page says "spectator" in its language)
        "text": row.text,
        "time": row.time.isoformat(),
    }


def store_message(
    engine: Engine, game_id: str, seat: int | None, user_id: int | None, name: str, heard_by: str, text: str
) -> dict[str, Any]:
    moment = now()
    with engine.begin() as conn:
        found = conn.execute(
            insert(db.chat_messages).values(
                game_id=game_id,
                seat=seat,
                user_id=user_id,
                name=name,
                audience=heard_by,
                text=text,
                time=moment,
            )
        )
        key = found.inserted_primary_key
        assert key is not None
        new_id = int(key[0])
        if engine.dialect.name == "postgresql":  # the other server processes' connections too
            conn.execute(
                sql("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"chat:{game_id}:{new_id}"},
            )
    return {"id": new_id, "seat": seat, "name": name or None, "text": text, "time": moment.isoformat()}


def message_by_id(engine: Engine, message_id: int) -> tuple[str, dict[str, Any]] | None:
    """A stored message: who may read it (its audience) and its entry."""
    with engine.connect() as conn:
        row = conn.execute(select(db.chat_messages).where(db.chat_messages.c.id == message_id)).first()
    return None if row is None else (row.audience, entry(row))


def last_messages(engine: Engine, game_id: str, seat: int | None) -> list[dict[str, Any]]:
    """The last :data:`HISTORY` messages ``seat`` (None: a spectator) may read, oldest first."""
    messages = db.chat_messages
    query = (
        select(messages)
        .where(messages.c.game_id == game_id, messages.c.audience.in_(readable(seat)))
        .order_by(messages.c.id.desc())
        .limit(HISTORY)
    )
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [entry(r) for r in reversed(rows)]


class Window:
    """At most ``count`` events in any ``seconds``."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self.times: deque[float] = deque()

    def allow(self, moment: float) -> bool:
        while self.times and moment - self.times[0] >= self.seconds:
            self.times.popleft()
        if len(self.times) >= self.count:
            return False
        self.times.append(moment)
        return True


class Chat:
    """The chats of the games this process serves (the game manager stores and sends them)."""

    def __init__(self, tables: Tables, clock: Callable[[], float] = time.monotonic) -> None:
        self.tables = tables
        self.clock = clock
        self._by_connection: weakref.WeakKeyDictionary[Connection, Window] = weakref.WeakKeyDictionary()
        self._by_seat: dict[tuple[str, int | None], Window] = {}
        # A connection gets new messages once it has its history: both under the game's chat lock, so that
        # none comes twice (in the history and as new) and none is missed in between.
        self._greeted: weakref.WeakSet[Connection] = weakref.WeakSet()
        self._locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        self._last_sent: weakref.WeakKeyDictionary[Connection, int] = weakref.WeakKeyDictionary()

    def _lock(self, game_id: str) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def greet(self, table: Table, conn: Connection) -> None:
        """The last messages this connection may read, if there are any."""
        async with self._lock(table.id):
            found = await self.tables.db(last_messages, self.tables.store.engine, table.id, conn.seat)
            if found:
                conn.push(json.dumps({"type": "chat", "messages": found}, separators=(",", ":")))
                self._last_sent[conn] = found[-1]["id"]
            self._greeted.add(conn)

    def _send(self, table: Table, heard_by: str, message: dict[str, Any]) -> None:
        """Push a stored message to this process's connections of the game that may read it and have not had
        it yet (under the game's chat lock)."""
        out = json.dumps({"type": "chat", "messages": [message]}, separators=(",", ":"))
        for other in list(table.conns):
            fresh = self._last_sent.get(other, 0) < message["id"]
            if fresh and other in self._greeted and heard_by in readable(other.seat):
                other.push(out)
                self._last_sent[other] = message["id"]

    async def deliver(self, game_id: str, message_id: int) -> None:
        """Another process stored a message of a game (a NOTIFY): send it to this process's connections."""
        table = self.tables.loaded(game_id)
        if table is None or not table.conns:
            return
        async with self._lock(game_id):
            found = await self.tables.db(message_by_id, self.tables.store.engine, message_id)
            if found is not None:
                self._send(table, *found)

    def _allowed(self, table: Table, conn: Connection) -> bool:
        moment = self.clock()
        mine = self._by_connection.setdefault(conn, Window(*PER_CONNECTION))
        if len(self._by_seat) > 10_000:  # forget the windows that have emptied
            self._by_seat = {
                k: w for k, w in self._by_seat.items() if w.times and moment - w.times[-1] < w.seconds
            }
        seat = self._by_seat.setdefault((table.id, conn.seat), Window(*PER_SEAT))
        if not mine.allow(moment):
            return False
        if not seat.allow(moment):
            mine.times.pop()  # refused: it does not count against the connection either
            return False
        return True

    async def post(self, table: Table, conn: Connection, text: Any) -> None:
        """Store ``text`` from ``conn`` and send it to everyone who may read it; PlayError (a sentence) if it
        is refused."""
        if not isinstance(text, str):
            raise PlayError("bad_message", _('A "chat" message needs "text" (a string).'))
        text = clean(text)
        if not text:
            raise PlayError("chat_refused", _("An empty message was not sent."))
        if len(text) > MAX_CHARS:
            raise PlayError(
                "chat_refused",
                _("A chat message may have at most {n} characters; that one was not sent.", n=MAX_CHARS),
            )
        if not self._allowed(table, conn):
            raise PlayError(
                "rate_limited", _("You are writing too fast; that message was not sent. Wait a little.")
            )
        seat = conn.seat
        row = table.row
        name = "" if seat is None else shown_name(seat, row.seats[seat].name)
        user_id = None if seat is None else row.seats[seat].user_id
        heard_by = audience(row.chat, seat)
        async with self._lock(table.id):
            message = await self.tables.db(
                store_message, self.tables.store.engine, table.id, seat, user_id, name, heard_by, text
            )
            self._send(table, heard_by, message)
