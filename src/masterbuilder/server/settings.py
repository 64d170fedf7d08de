"""The server's settings: what `masterbuilder serve` and tests pass to :func:`create_app`."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def default_db_url() -> str:
    """A SQLite file in the user's data directory, created on first start."""
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("masterbuilder", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'masterbuilder.db'}"


def _names(value: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in value.split(",") if part.strip())


@dataclass
class Settings:
    db_url: str = ""  # empty: default_db_url()
    allowed_origins: tuple[str, ...] = ()  # besides the server's own host, e.g. "https://example.org"
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
    # ---- who may reach the server, and how much of it one client may take (docs/web.md, "Limits") ----
    public_url: str | None = None  # the address people use (https://table.example.org): invites, allowed Host
    allowed_hosts: tuple[str, ...] = ()  # more Host names to answer ("*": any)
    listen_host: str | None = None  # the address `serve` listens on (set by serve()): allowed as a Host
    trusted_proxies: tuple[str, ...] = ()  # addresses/networks whose X-Forwarded-For is believed
    sockets_per_address: int = 32  # open sockets of one client address
    sockets_per_token: int = 4  # open sockets of one seat
    # boards after the first sent as changes to the pages that ask for them (docs/web.md, "Boards as
    # changes"), computed in the board pool; False: every update carries the whole board
    board_changes: bool = True
    board_kept: int = 1024  # drawings each board worker keeps for the next move's changes (about 0.2 MB each)
    ungreeted_per_address: int = 8  # sockets of one address that have not said hello yet
    hello_timeout: float = 10.0  # seconds a socket has to say hello
    max_sockets: int | None = None  # sockets in all; None: what the open-files limit leaves room for
    requests_per_second: float = 50.0  # REST and page requests of one address, sustained ...
    request_burst: int = 200  # ... and in a burst (then 429 with Retry-After)
    max_body: int = 1_048_576  # bytes in a request's body (else 413)
    work_workers: int = 1  # processes for replays (records, undo, logs); 0: threads of the server's
    work_timeout: float = 10.0  # seconds a replay may take
    work_queue: int = 4  # replays for the pages waiting at once; more: 503 with Retry-After
    hint_workers: int = 1  # processes for hints (lower priority than the bots'); 0: the bots' pool
    hints_per_minute: int = 10  # hints one seat may have computed a minute (the same decision's are free)
    # ---- turn-based clocks (docs/web.md, "Turn-based clocks") ----
    clock_check: float = 2.0  # seconds the timeout sweep sleeps at most between looks at the clocks
    # FOR TESTS ONLY: a file holding a number of seconds added to the server's time (a test clock that jumps
    # days ahead); read at each look at the time. None: the real time.
    clock_offset_file: str | None = None
    # ---- mail (docs/web.md, "Mail and notifications"): no SMTP host, no mail ----
    smtp_host: str | None = None
    smtp_port: int | None = None  # None: 587 for starttls, 465 for ssl, 25 for none
    smtp_user: str | None = None  # with smtp_password: sign in to the SMTP server
    smtp_password: str | None = None
    smtp_from: str | None = None  # the sender address (required with smtp_host)
    smtp_security: str = "starttls"  # starttls | ssl | none
    smtp_timeout: float = 10.0  # seconds to reach and talk to the SMTP server
    mail_hours: int = 4  # at most one mail a game per this many hours to an account (its own setting first)
    # ---- accounts (docs/web.md, "Accounts") ----
    session_days: float = 30.0  # a sign-in lasts this long (the cookie's and the stored session's expiry)
    signin_failures_per_account: int = 5  # failed sign-ins of one account within the window, then refused
    signin_failures_per_address: int = 20  # ... of one client address
    signin_window: float = 900.0  # seconds
    # ---- game reviews (server/reviews.py; docs/web.md, "Limits") ----
    review_workers: int = 1  # reviews computed at once, a process each at the lowest priority; 0: none
    review_queue: int = 20  # reviews waiting at most; more are refused (503) until the queue shortens

    def url(self) -> str:
        return self.db_url or default_db_url()

    @classmethod
    def from_env(cls) -> Settings:
        """For `uvicorn --factory masterbuilder.server:app_from_env` (several workers): MASTERBUILDER_DB,
        MASTERBUILDER_ORIGINS (comma-separated), MASTERBUILDER_BOT_WORKERS, MASTERBUILDER_BOARD_WORKERS,
        MASTERBUILDER_BOT_TIMEOUT, MASTERBUILDER_LANG (the default language), MASTERBUILDER_PUBLIC_URL, and
        the limits of :data:`LIMITS_ENV`."""
        origins = tuple(o for o in os.environ.get("MASTERBUILDER_ORIGINS", "").split(",") if o)
        workers = os.environ.get("MASTERBUILDER_BOT_WORKERS")
        boards = os.environ.get("MASTERBUILDER_BOARD_WORKERS")
        settings = cls(
            db_url=os.environ.get("MASTERBUILDER_DB", ""),
            allowed_origins=origins,
            public_url=os.environ.get("MASTERBUILDER_PUBLIC_URL") or None,
            bot_workers=int(workers) if workers else None,
            board_workers=int(boards) if boards else None,
            bot_timeout=float(os.environ.get("MASTERBUILDER_BOT_TIMEOUT", "10")),
            language=os.environ.get("MASTERBUILDER_LANG") or "en",
        )
        return settings.with_env()

    def with_env(self, keep_set: bool = False) -> Settings:
        """These settings with the limits the environment sets (:data:`LIMITS_ENV`); ValueError naming the
        variable for a value that is not of its kind. ``keep_set``: a field already changed from its
        default (by a command-line option, say) keeps its value."""
        defaults = Settings()
        changes: dict[str, Any] = {}
        for name, (attribute, kind) in (LIMITS_ENV | MAIL_ENV).items():
            raw = os.environ.get(name)
            if raw is None or raw.strip() == "":
                continue
            if keep_set and getattr(self, attribute) != getattr(defaults, attribute):
                continue
            try:
                value = kind(raw.strip())
            except ValueError:
                raise ValueError(f"{name} must be {_KINDS[kind]}, not {raw!r}.") from None
            if isinstance(value, int | float) and value < 0:
                raise ValueError(f"{name} must be {_KINDS[kind]}, not {raw!r}.")
            changes[attribute] = value
        return dataclasses.replace(self, **changes)


def _switch(text: str) -> bool:
    """An on/off setting: 1, true, yes or on; 0, false, no or off."""
    value = text.lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ValueError(text)


_KINDS: dict[Callable[[str], Any], str] = {
    _switch: "on or off (1 or 0)",
    int: "a whole number (0 or more)",
    float: "a number (0 or more)",
    str: "a text",
    _names: "a comma-separated list",
}

# The environment variables of the limits: name -> (Settings attribute, parser). docs/web.md lists them.
LIMITS_ENV: dict[str, tuple[str, Callable[[str], Any]]] = {
    "MASTERBUILDER_PUBLIC_URL": ("public_url", str),
    "MASTERBUILDER_ALLOWED_HOSTS": ("allowed_hosts", _names),
    "MASTERBUILDER_TRUSTED_PROXIES": ("trusted_proxies", _names),
    "MASTERBUILDER_SOCKETS_PER_ADDRESS": ("sockets_per_address", int),
    "MASTERBUILDER_SOCKETS_PER_TOKEN": ("sockets_per_token", int),
    "MASTERBUILDER_UNGREETED_PER_ADDRESS": ("ungreeted_per_address", int),
    "MASTERBUILDER_HELLO_TIMEOUT": ("hello_timeout", float),
    "MASTERBUILDER_MAX_SOCKETS": ("max_sockets", int),
    "MASTERBUILDER_REQUESTS_PER_SECOND": ("requests_per_second", float),
    "MASTERBUILDER_REQUEST_BURST": ("request_burst", int),
    "MASTERBUILDER_MAX_BODY": ("max_body", int),
    "MASTERBUILDER_WORK_WORKERS": ("work_workers", int),
    "MASTERBUILDER_WORK_TIMEOUT": ("work_timeout", float),
    "MASTERBUILDER_WORK_QUEUE": ("work_queue", int),
    "MASTERBUILDER_HINT_WORKERS": ("hint_workers", int),
    "MASTERBUILDER_HINTS_PER_MINUTE": ("hints_per_minute", int),
    "MASTERBUILDER_BOARD_CHANGES": ("board_changes", _switch),
    "MASTERBUILDER_BOARD_KEPT": ("board_kept", int),
    # ---- accounts ----
    "MASTERBUILDER_SESSION_DAYS": ("session_days", float),
    "MASTERBUILDER_SIGNIN_FAILURES_PER_ACCOUNT": ("signin_failures_per_account", int),
    "MASTERBUILDER_SIGNIN_FAILURES_PER_ADDRESS": ("signin_failures_per_address", int),
    "MASTERBUILDER_SIGNIN_WINDOW": ("signin_window", float),
    # ---- game reviews ----
    "MASTERBUILDER_REVIEW_WORKERS": ("review_workers", int),
    "MASTERBUILDER_REVIEW_QUEUE": ("review_queue", int),
}
# ---- turn-based clocks ----
LIMITS_ENV |= {
    "MASTERBUILDER_CLOCK_CHECK": ("clock_check", float),
    "MASTERBUILDER_CLOCK_OFFSET_FILE": ("clock_offset_file", str),  # for tests only
}

# The environment variables of the mail settings (the same rules as the limits').
MAIL_ENV: dict[str, tuple[str, Callable[[str], Any]]] = {
    "MASTERBUILDER_SMTP_HOST": ("smtp_host", str),
    "MASTERBUILDER_SMTP_PORT": ("smtp_port", int),
    "MASTERBUILDER_SMTP_USER": ("smtp_user", str),
    "MASTERBUILDER_SMTP_PASSWORD": ("smtp_password", str),
    "MASTERBUILDER_SMTP_FROM": ("smtp_from", str),
    "MASTERBUILDER_SMTP_SECURITY": ("smtp_security", str),
    "MASTERBUILDER_SMTP_TIMEOUT": ("smtp_timeout", float),
    "MASTERBUILDER_MAIL_HOURS": ("mail_hours", int),
}
