"""PostgreSQL LISTEN/NOTIFY: a change committed by another server process reaches this one's clients.

Every committed change sends ``NOTIFY masterbuilder, 'ID:VERSION'`` in its transaction (see store.py). A
thread here holds one connection that LISTENs and hands each notification to the event loop, where the
game manager catches up from the database if its copy is older. (Redis pub/sub would add a second service
to run; PostgreSQL already has to be there, and a NOTIFY is delivered only if its transaction commits.)
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from masterbuilder.server.store import CHANNEL

log = logging.getLogger("masterbuilder.server.notify")


def psycopg_dsn(url: str) -> str:
    """A libpq URL from an SQLAlchemy one (``postgresql+psycopg://...`` -> ``postgresql://...``)."""
    scheme, sep, rest = url.partition("://")
    return f"{scheme.split('+')[0]}{sep}{rest}"


class Listener:
    def __init__(
        self,
        url: str,
        loop: asyncio.AbstractEventLoop,
        on_change: Callable[[str, int], None],
        on_chat: Callable[[str, int], None] | None = None,
    ) -> None:
        self.dsn = psycopg_dsn(url)
        self.loop = loop
        self.on_change = on_change
        self.on_chat = on_chat  # (game id, message id) of a chat message stored by any process
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="masterbuilder-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            for change in note.payload.split(","):  # "ID:VERSION,ID:VERSION,..."
                                game_id, _, version = change.partition(":")
                                if game_id == "chat":  # "chat:GAME:MESSAGE"
                                    game, _, message = version.partition(":")
                                    if self.on_chat is not None and message.isdigit():
                                        self.loop.call_soon_threadsafe(self.on_chat, game, int(message))
                                elif version.isdigit():
                                    self.loop.call_soon_threadsafe(self.on_change, game_id, int(version))
            except Exception:
                if self._stop.is_set():
                    return
                log.exception("LISTEN connection lost; reconnecting in 1 s")
                self._stop.wait(1.0)
