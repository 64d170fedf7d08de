"""Player accounts: sign-up, passwords (argon2id), sessions in a cookie, the sign-in limits, the CSRF check
of cookie-authenticated requests, and the seats an account holds.

Storage is blocking SQLAlchemy Core on the server's engine (``tables.store.engine``); the endpoints run it in
the game manager's database thread(s) (``tables.db``) and hash passwords in a thread of their own, so that
neither blocks the event loop. A session cookie's value is never stored: ``sessions.id_hash`` is its sha256.
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any, ParamSpec, TypeVar
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request, Response
from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import HTTPConnection

from masterbuilder.core.i18n import shell as _
from masterbuilder.server.db import (
    chat_messages,
    games,
    mail_log,
    password_resets,
    ratings,
    seats,
    sessions,
    users,
)
from masterbuilder.server.limits import CLIENT, public_origin
from masterbuilder.server.security import origin_allowed, token_matches
from masterbuilder.server.settings import Settings
from masterbuilder.server.store import aware, now

COOKIE = "mb_session"
NAME_MIN, NAME_MAX = 3, 32
PASSWORD_MIN, PASSWORD_MAX = 8, 256
EMAIL_MAX = 254
P = ParamSpec("P")
R = TypeVar("R")

NAME_MARKS = "_-."
EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s.]+$")
RESET_HOURS = 1
RESET_GAP_MINUTES = 5  # at most one reset mail an account in this time

# argon2id with argon2-cffi's current defaults; a stored hash made with other parameters is rehashed at the
# next sign-in. Tests swap in a cheaper hasher.
hasher = PasswordHasher()
_dummy: dict[str, str] = {}
# Hashing is the one costly step of an account request (argon2id: tens of ms of CPU and 64 MiB each time):
# one thread does all of it, so that a flood of sign-ups or sign-ins costs this process at most one core,
# never the whole machine the bots and the boards share.
_HASHING = ThreadPoolExecutor(1, thread_name_prefix="masterbuilder-argon2")


async def hashed(fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args, **kwargs)`` (hash_password, password_ok) in the hashing thread, off the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_HASHING, partial(fn, *args, **kwargs))


class AccountError(Exception):
    """A refused account request: an HTTP status and a sentence."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class User:
    id: int
    name: str
    email: str | None
    disabled: bool
    notify_mail: bool
    mail_hours: int | None
    mail_key: str


def _user(row: Any) -> User:
    return User(
        row["id"],
        row["name"],
        row["email"],
        bool(row["disabled"]),
        bool(row["notify_mail"]),
        row["mail_hours"],
        row["mail_key"],
    )


def digest(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8", "surrogatepass")).hexdigest()


# ---- checking what people type ---------------------------------------------------------------------------
def name_key(name: str) -> str:
    """The key that makes names unique: look-alike forms folded (NFKC), then case (casefold)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """A user name as it will be stored; AccountError (422) saying what is wrong."""
    name = unicodedata.normalize("NFKC", name.strip())
    if not NAME_MIN <= len(name) <= NAME_MAX or len(name_key(name)) > NAME_MAX:
        raise AccountError(422, _("A user name has {low} to {high} characters.", low=NAME_MIN, high=NAME_MAX))
    if not all(c.isalnum() or c in NAME_MARKS for c in name):
        raise AccountError(422, _("A user name has only letters, digits and the marks _ - . (no spaces)."))
    return name


def check_password(password: str) -> str:
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountError(
            422, _("A password has {low} to {high} characters.", low=PASSWORD_MIN, high=PASSWORD_MAX)
        )
    return password


def check_email(email: str | None) -> str | None:
    """An e-mail address checked loosely (something@somewhere.tld); empty: none."""
    if email is None or not email.strip():
        return None
    email = email.strip()
    if len(email) > EMAIL_MAX or not EMAIL.match(email):
        raise AccountError(422, _("That is not an e-mail address."))
    return email


# ---- passwords --------------------------------------------------------------------------------------------
def hash_password(password: str) -> str:
    return hasher.hash(password)


def password_ok(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from. With no stored hash (no such account) a
    dummy hash is checked all the same, so that the answer takes as long as for a real account."""
    if stored is None:
        key = repr(hasher)
        if key not in _dummy:
            _dummy[key] = hasher.hash(secrets.token_urlsafe(16))
        stored = _dummy[key]
        password = password + "\x00"  # never the dummy's
        real = False
    else:
        real = True
    try:
        return hasher.verify(stored, password) and real
    except (VerificationError, InvalidHashError):
        return False


# ---- the sign-in limits -----------------------------------------------------------------------------------
class SignInLimits:
    """Failed sign-ins remembered per account and per client address, in this process's memory: over
    ``per_account`` (or ``per_address``) failures within ``window`` seconds, sign-ins are refused until the
    oldest failure is out of the window. Several server processes each count their own."""

    def __init__(self, per_account: int, per_address: int, window: float) -> None:
        self.per_account = per_account
        self.per_address = per_address
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, moment: float) -> deque[float]:
        stamps = self._failures.get(key, deque())
        while stamps and moment - stamps[0] >= self.window:
            stamps.popleft()
        return stamps

    def wait(self, account: str, address: str) -> float:
        """0.0 if a sign-in may be tried now, else the seconds until one may."""
        moment = time.monotonic()
        longest = 0.0
        for key, limit in ((f"user:{account}", self.per_account), (f"addr:{address}", self.per_address)):
            stamps = self._recent(key, moment)
            if len(stamps) >= limit:
                longest = max(longest, stamps[-limit] + self.window - moment)
        return longest

    def failed(self, account: str, address: str) -> None:
        moment = time.monotonic()
        for key in (f"user:{account}", f"addr:{address}"):
            stamps = self._recent(key, moment)
            stamps.append(moment)
            self._failures[key] = stamps
        if len(self._failures) > 10_000:  # forget the keys with nothing recent
            self._failures = {k: v for k, v in self._failures.items() if self._recent(k, moment)}

    def succeeded(self, account: str) -> None:
        self._failures.pop(f"user:{account}", None)


# ---- storage (blocking: run these in the database thread) ------------------------------------------------
def create_user(engine: Engine, name: str, password_hash: str, email: str | None) -> User:
    moment = now()
    try:
        with engine.begin() as conn:
            key = conn.execute(
                insert(users).values(
                    name=name,
                    name_key=name_key(name),
                    email=email,
                    password_hash=password_hash,
                    disabled=False,
                    notify_mail=True,
                    mail_hours=None,
                    mail_key=secrets.token_urlsafe(24),
                    created=moment,
                )
            ).inserted_primary_key
            assert key is not None
            row = conn.execute(select(users).where(users.c.id == key[0])).mappings().one()
    except IntegrityError:
        raise AccountError(409, _("The user name {name} is taken.", name=name)) from None
    return _user(row)


def find_user(engine: Engine, name: str) -> tuple[User, str] | None:
    """The account of ``name`` (any case) and its password hash."""
    with engine.connect() as conn:
        row = conn.execute(select(users).where(users.c.name_key == name_key(name))).mappings().first()
    return None if row is None else (_user(row), row["password_hash"])


def user_by_id(engine: Engine, user_id: int) -> tuple[User, str] | None:
    with engine.connect() as conn:
        row = conn.execute(select(users).where(users.c.id == user_id)).mappings().first()
    return None if row is None else (_user(row), row["password_hash"])


def ids_of_names(engine: Engine, names: Iterable[str]) -> dict[str, int]:
    """The accounts of the names that have one (by name key)."""
    keys = {name_key(n): n for n in names}
    if not keys:
        return {}
    with engine.connect() as conn:
        rows = conn.execute(select(users.c.id, users.c.name_key).where(users.c.name_key.in_(list(keys))))
        return {keys[r.name_key]: r.id for r in rows}


def set_password_hash(engine: Engine, user_id: int, password_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(users).where(users.c.id == user_id).values(password_hash=password_hash))


def new_session(engine: Engine, user_id: int, days: float) -> str:
    """A new session for the account: the cookie's value (stored only as its hash)."""
    token = secrets.token_urlsafe(32)
    moment = now()
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.expires < moment))  # the expired ones, in passing
        conn.execute(
            insert(sessions).values(
                id_hash=digest(token), user_id=user_id, created=moment, expires=moment + timedelta(days=days)
            )
        )
    return token


def session_user(engine: Engine, token: str) -> User | None:
    """The account of a session cookie: None when unknown, expired, or the account is disabled."""
    with engine.connect() as conn:
        row = (
            conn.execute(
                select(users, sessions.c.expires)
                .join(sessions, sessions.c.user_id == users.c.id)
                .where(sessions.c.id_hash == digest(token))
            )
            .mappings()
            .first()
        )
    if row is None or row["disabled"] or aware(row["expires"]) <= now():
        return None
    return _user(row)


def end_session(engine: Engine, token: str) -> None:
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.id_hash == digest(token)))


def end_other_sessions(conn: Connection, user_id: int, keep: str | None) -> None:
    where = [sessions.c.user_id == user_id]
    if keep is not None:
        where.append(sessions.c.id_hash != digest(keep))
    conn.execute(delete(sessions).where(*where))


def change_password(engine: Engine, user_id: int, password_hash: str, keep: str | None) -> None:
    """A new password; every session of the account but ``keep`` (the cookie in use) ends."""
    with engine.begin() as conn:
        conn.execute(update(users).where(users.c.id == user_id).values(password_hash=password_hash))
        end_other_sessions(conn, user_id, keep)
        conn.execute(delete(password_resets).where(password_resets.c.user_id == user_id))


def set_disabled(engine: Engine, user_id: int, disabled: bool) -> None:
    with engine.begin() as conn:
        conn.execute(update(users).where(users.c.id == user_id).values(disabled=disabled))
        if disabled:
            end_other_sessions(conn, user_id, None)


def update_settings(engine: Engine, user_id: int, values: dict[str, Any]) -> User:
    with engine.begin() as conn:
        if values:
            conn.execute(update(users).where(users.c.id == user_id).values(**values))
        return _user(conn.execute(select(users).where(users.c.id == user_id)).mappings().one())


def delete_user(engine: Engine, user_id: int) -> list[str]:
    """Delete an account and everything that names it; its games stay (their seats become guests'). The
    games whose seats changed."""
    with engine.begin() as conn:
        touched = {
            r.game_id
            for r in conn.execute(
                select(seats.c.game_id).where((seats.c.user_id == user_id) | (seats.c.invited == user_id))
            )
        }
        conn.execute(update(seats).where(seats.c.user_id == user_id).values(user_id=None))
        conn.execute(update(seats).where(seats.c.invited == user_id).values(invited=None))
        conn.execute(update(games).where(games.c.creator == user_id).values(creator=None))
        conn.execute(update(chat_messages).where(chat_messages.c.user_id == user_id).values(user_id=None))
        for table in (ratings, sessions, password_resets, mail_log):
            conn.execute(delete(table).where(table.c.user_id == user_id))
        conn.execute(delete(users).where(users.c.id == user_id))
    return sorted(touched)


def new_reset(engine: Engine, user_id: int) -> str | None:
    """A password-reset token, good for an hour (only its hash is stored); None if one was made for the
    account within the last few minutes (nobody can fill someone's mailbox with resets)."""
    token = secrets.token_urlsafe(32)
    moment = now()
    with engine.begin() as conn:
        conn.execute(delete(password_resets).where(password_resets.c.expires < moment))
        recent = moment + timedelta(hours=RESET_HOURS) - timedelta(minutes=RESET_GAP_MINUTES)
        made = conn.execute(
            select(password_resets.c.expires).where(
                password_resets.c.user_id == user_id, password_resets.c.expires > recent
            )
        ).first()
        if made is not None:
            return None
        conn.execute(
            insert(password_resets).values(
                token_hash=digest(token), user_id=user_id, expires=moment + timedelta(hours=RESET_HOURS)
            )
        )
    return token


def use_reset(engine: Engine, token: str, password_hash: str) -> bool:
    """Set the password of a reset token's account (which also ends its sessions); False if the token is
    unknown, used or expired."""
    with engine.begin() as conn:
        row = conn.execute(
            select(password_resets).where(password_resets.c.token_hash == digest(token))
        ).first()
        if row is None:
            return False
        conn.execute(delete(password_resets).where(password_resets.c.token_hash == digest(token)))
        if aware(row.expires) <= now():
            return False
        conn.execute(update(users).where(users.c.id == row.user_id).values(password_hash=password_hash))
        end_other_sessions(conn, row.user_id, None)
        conn.execute(delete(password_resets).where(password_resets.c.user_id == row.user_id))
    return True


def claim_seats(engine: Engine, user_id: int, held: Sequence[tuple[str, int, str]]) -> list[tuple[str, int]]:
    """Give the account the seats whose tokens a guest holds (``(game, seat, token)``): only where the token
    is the seat's and the seat is no other account's. A claimed seat is shown under the account's name from
    then on. The seats claimed."""
    claimed = []
    with engine.begin() as conn:
        name = conn.execute(select(users.c.name).where(users.c.id == user_id)).scalar_one()
        for game_id, seat, token in held:
            row = conn.execute(
                select(seats.c.token_hash, seats.c.user_id).where(
                    seats.c.game_id == game_id, seats.c.seat == seat, seats.c.kind == "human"
                )
            ).first()
            if row is None or row.user_id not in (None, user_id) or not token_matches(token, row.token_hash):
                continue
            conn.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat, seats.c.user_id.is_(None))
                .values(user_id=user_id, name=name)
            )
            claimed.append((game_id, seat))
    return claimed


@dataclass(frozen=True)
class UserListing:
    name: str
    created: datetime
    disabled: bool
    games: int


def list_users(engine: Engine) -> list[UserListing]:
    """Every account with the games it has a seat in (for the operator; never a password or e-mail)."""
    played = (
        select(seats.c.user_id, func.count(func.distinct(seats.c.game_id)).label("n"))
        .where(seats.c.user_id.is_not(None))
        .group_by(seats.c.user_id)
        .subquery()
    )
    with engine.connect() as conn:
        rows = conn.execute(
            select(users.c.name, users.c.created, users.c.disabled, func.coalesce(played.c.n, 0))
            .outerjoin(played, played.c.user_id == users.c.id)
            .order_by(users.c.name_key)
        ).all()
    return [UserListing(r[0], aware(r[1]), bool(r[2]), int(r[3])) for r in rows]


def games_of(engine: Engine, user_id: int) -> tuple[list[str], list[str]]:
    """The ids of the unfinished games where the account holds a seat, and of the open games with a seat kept
    for it (invited)."""
    with engine.connect() as conn:
        seated = conn.execute(
            select(seats.c.game_id)
            .join(games, games.c.id == seats.c.game_id)
            .where(seats.c.user_id == user_id, games.c.status != "finished")
            .distinct()
        )
        mine = sorted(r.game_id for r in seated)
        kept = conn.execute(
            select(seats.c.game_id)
            .join(games, games.c.id == seats.c.game_id)
            .where(seats.c.invited == user_id, seats.c.taken.is_(False), games.c.status == "open")
            .distinct()
        )
        invited = sorted(r.game_id for r in kept)
    return mine, invited


def finished_of(engine: Engine, user_id: int, page: int, per_page: int) -> tuple[list[str], int]:
    """A page of the account's finished games' ids, newest first, and how many there are."""
    where = (seats.c.user_id == user_id, games.c.status == "finished")
    with engine.connect() as conn:
        total = conn.execute(
            select(func.count(func.distinct(games.c.id)))
            .select_from(games.join(seats, seats.c.game_id == games.c.id))
            .where(*where)
        ).scalar_one()
        rows = conn.execute(
            select(games.c.id, games.c.updated)
            .join(seats, seats.c.game_id == games.c.id)
            .where(*where)
            .group_by(games.c.id, games.c.updated)
            .order_by(games.c.updated.desc(), games.c.id)
            .limit(per_page)
            .offset((page - 1) * per_page)
        ).all()
    return [r.id for r in rows], int(total)


# ---- for the endpoints --------------------------------------------------------------------------------
def _engine(conn: HTTPConnection) -> Engine:
    engine: Engine = conn.app.state.tables.store.engine
    return engine


async def current_user(conn: HTTPConnection) -> User | None:
    """The signed-in account of a request or socket (its ``mb_session`` cookie), or None."""
    token = conn.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    manager = conn.app.state.tables
    user: User | None = await manager.db(session_user, _engine(conn), token)
    return user


def client_of(conn: HTTPConnection) -> str:
    """The client's address as the limits middleware found it (behind trusted proxies)."""
    address = conn.scope.get(CLIENT)
    if isinstance(address, str):
        return address
    return conn.client.host if conn.client else "unknown"


def require_same_origin(request: Request) -> None:
    """Refuse (403) a request sent by another site's page: its Origin (else its Referer) must be this
    server's own, the public URL's or an allowed origin. Clients that send neither (not browsers) pass: they
    cannot ride on someone's cookie."""
    settings: Settings = request.app.state.settings
    origin = request.headers.get("origin")
    if origin is None and request.headers.get("referer"):
        parts = urlsplit(request.headers["referer"])
        origin = f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else "null"
    origins = (*settings.allowed_origins, *filter(None, [public_origin(settings)]))
    if not origin_allowed(origin, request.headers.get("host"), origins, request.app.state.limits.hosts):
        raise HTTPException(403, _("This request must come from a page of this site."))


def secure_cookie(request: Request) -> bool:
    settings: Settings = request.app.state.settings
    return request.url.scheme == "https" or (settings.public_url or "").startswith("https:")


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    settings: Settings = request.app.state.settings
    response.set_cookie(
        COOKIE,
        token,
        max_age=int(settings.session_days * 86400),
        path="/",
        httponly=True,
        samesite="lax",
        secure=secure_cookie(request),
    )


def clear_session_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure_cookie(request))
