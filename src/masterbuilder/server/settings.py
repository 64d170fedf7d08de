"""The server's settings: what `masterbuilder serve` and tests pass to :func:`create_app`."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_db_url() -> str:
    """A SQLite file in the user's data directory, created on first start."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("masterbuilder", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'masterbuilder.db'}"


@dataclass
class Settings:
    db_url: str = ""  # empty: default_db_url()
    allowed_origins: tuple[str, ...] = ()  # besides the server's own host, e.g. "https://example.org"
    public_url: str | None = None  # the address friends use, e.g. "https://play.example.org": invite links
    bot_workers: int | None = None  # None: one per core
    bot_timeout: float = 10.0  # seconds a bot may think before the heuristic moves instead
    board_workers: int | None = None  # processes drawing the SVG boards; None: one per core, 0: in-process
    hint_bot: str = "mcts:hard"
    max_message: int = 4096  # bytes in one socket message
    rate: float = 10.0  # socket messages per second per connection, sustained
    burst: int = 30  # ... and in a burst
    resume_bots: bool = True  # start the bots of unfinished games at start-up
    language: str = "en"  # for a browser that sends no Accept-Language (and has chosen none)
    extra: dict[str, str] = field(default_factory=dict)

    def url(self) -> str:
        return self.db_url or default_db_url()

    @classmethod
    def from_env(cls) -> Settings:
        """For `uvicorn --factory masterbuilder.server:app_from_env` (several workers): MASTERBUILDER_DB,
        MASTERBUILDER_ORIGINS (comma-separated), MASTERBUILDER_BOT_WORKERS, MASTERBUILDER_BOARD_WORKERS,
        MASTERBUILDER_BOT_TIMEOUT, MASTERBUILDER_LANG (the default language), MASTERBUILDER_PUBLIC_URL."""
        origins = tuple(o for o in os.environ.get("MASTERBUILDER_ORIGINS", "").split(",") if o)
        workers = os.environ.get("MASTERBUILDER_BOT_WORKERS")
        boards = os.environ.get("MASTERBUILDER_BOARD_WORKERS")
        return cls(
            db_url=os.environ.get("MASTERBUILDER_DB", ""),
            allowed_origins=origins,
            public_url=os.environ.get("MASTERBUILDER_PUBLIC_URL") or None,
            bot_workers=int(workers) if workers else None,
            board_workers=int(boards) if boards else None,
            bot_timeout=float(os.environ.get("MASTERBUILDER_BOT_TIMEOUT", "10")),
            language=os.environ.get("MASTERBUILDER_LANG") or "en",
        )
