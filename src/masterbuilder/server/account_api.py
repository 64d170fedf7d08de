"""The account endpoints under /api/account: sign up, in and out, the password, settings, deletion, password
reset by mail, claiming a guest's seats, and "your games". Every POST checks the Origin (CSRF)."""

from __future__ import annotations

import asyncio
import logging
import math
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from masterbuilder.core.i18n import shell as _
from masterbuilder.server import accounts
from masterbuilder.server.accounts import AccountError, User
from masterbuilder.server.pages import _page
from masterbuilder.server.store import GameRow, Store
from masterbuilder.server.tables import Tables, summary_of

router = APIRouter(prefix="/api/account", tags=["account"])
pages_router = APIRouter()
log = logging.getLogger("masterbuilder.server")
_mailing: set[asyncio.Task[None]] = set()

UserName = Field(min_length=1, max_length=64, examples=["ann"])
Password = Field(min_length=1, max_length=accounts.PASSWORD_MAX)
Email = Field(default=None, max_length=accounts.EMAIL_MAX, examples=["ann@example.org"])


class HeldSeat(BaseModel):
    """A seat a guest's browser holds the token of (localStorage ``mb:tokens:<game>``)."""

    model_config = ConfigDict(extra="forbid")

    game: str = Field(min_length=1, max_length=16, pattern=r"^[a-z0-9]+$")
    seat: int = Field(ge=0, le=7)
    token: str = Field(min_length=1, max_length=128)


Held: Any = Field(default_factory=list, max_length=200)


class SignUp(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = UserName
    password: str = Password
    email: str | None = Email
    seats: list[HeldSeat] = Held


class SignIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = UserName
    password: str = Password
    seats: list[HeldSeat] = Held


class Claim(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seats: list[HeldSeat] = Held


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")

    old: str = Password
    new: str = Password


class Confirm(BaseModel):
    model_config = ConfigDict(extra="forbid")

    password: str = Password


class AccountSettings(BaseModel):
    model_config = ConfigDict(extra="forbid")

    email: str | None = Email  # "" removes it
    notify_mail: bool | None = None
    mail_hours: int | None = Field(default=None, ge=1, le=24 * 14)


class ResetRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = UserName


class Reset(BaseModel):
    model_config = ConfigDict(extra="forbid")

    token: str = Field(min_length=1, max_length=128)
    password: str = Password


def _tables(request: Request) -> Tables:
    manager: Tables = request.app.state.tables
    return manager


def _limits(request: Request) -> accounts.SignInLimits:
    limits: accounts.SignInLimits = request.app.state.sign_ins
    return limits


async def _db(request: Request, fn: Any, *args: Any) -> Any:
    manager = _tables(request)
    try:
        return await manager.db(fn, manager.store.engine, *args)
    except AccountError as exc:
        raise HTTPException(exc.status, exc.message) from None


def _checked(check: Any, value: Any) -> Any:
    try:
        return check(value)
    except AccountError as exc:
        raise HTTPException(exc.status, exc.message) from None


def me_of(user: User) -> dict[str, Any]:
    """What an account sees of itself (its e-mail is shown to nobody else)."""
    return {
        "id": user.id,
        "name": user.name,
        "email": user.email,
        "notify_mail": user.notify_mail,
        "mail_hours": user.mail_hours,
    }


async def signed_in(request: Request) -> User:
    """The request's account; 401 when it is not signed in."""
    user = await accounts.current_user(request)
    if user is None:
        raise HTTPException(401, _("Sign in first."))
    return user


async def _start_session(request: Request, response: Response, user: User, held: list[HeldSeat]) -> None:
    settings = request.app.state.settings
    old = request.cookies.get(accounts.COOKIE)
    if old:  # session fixation: whatever session cookie came with the request ends, never promoted
        await _db(request, accounts.end_session, old)
    token = await _db(request, accounts.new_session, user.id, settings.session_days)
    accounts.set_session_cookie(request, response, token)
    if held:
        await _claim(request, user, held)


async def _claim(request: Request, user: User, held: list[HeldSeat]) -> list[tuple[str, int]]:
    claimed: list[tuple[str, int]] = await _db(
        request, accounts.claim_seats, user.id, [(h.game, h.seat, h.token) for h in held]
    )
    await _tables(request).seats_changed({game for game, _seat in claimed})
    return claimed


@router.post("/signup", status_code=201)
async def sign_up(body: SignUp, request: Request, response: Response) -> dict[str, Any]:
    """Open an account (and sign in): a user name (3 to 32 letters, digits, _ - .), a password (8 to 256
    characters), an e-mail address if you want mail; the seats your browser holds become the account's."""
    accounts.require_same_origin(request)
    name = _checked(accounts.check_name, body.name)
    _checked(accounts.check_password, body.password)
    email = _checked(accounts.check_email, body.email)
    password_hash = await accounts.hashed(accounts.hash_password, body.password)
    user: User = await _db(request, accounts.create_user, name, password_hash, email)
    await _start_session(request, response, user, body.seats)
    return me_of(user)


@router.post("/signin")
async def sign_in(body: SignIn, request: Request, response: Response) -> dict[str, Any]:
    """Sign in (a new session every time; a cookie from before is never kept). Too many failures for an
    account or from an address: 429 with Retry-After."""
    accounts.require_same_origin(request)
    limits = _limits(request)
    key, address = accounts.name_key(body.name)[:64], accounts.client_of(request)
    wait = limits.wait(key, address)
    if wait > 0:
        raise HTTPException(
            429,
            _.plural(
                "Too many failed sign-ins; try again in {n} minute.",
                "Too many failed sign-ins; try again in {n} minutes.",
                max(1, round(wait / 60)),
            ),
            headers={"Retry-After": str(max(1, round(wait)))},
        )
    found = await _db(request, accounts.find_user, body.name)
    stored = None if found is None else found[1]
    ok = await accounts.hashed(accounts.password_ok, stored, body.password)
    if not ok or found is None:
        limits.failed(key, address)
        raise HTTPException(401, _("Wrong user name or password."))
    user, stored_hash = found
    if user.disabled:
        raise HTTPException(403, _("This account is disabled; ask the server's operator."))
    limits.succeeded(key)
    if accounts.hasher.check_needs_rehash(stored_hash):
        rehashed = await accounts.hashed(accounts.hash_password, body.password)
        await _db(request, accounts.set_password_hash, user.id, rehashed)
    await _start_session(request, response, user, body.seats)
    return me_of(user)


@router.post("/signout")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """End this session."""
    accounts.require_same_origin(request)
    token = request.cookies.get(accounts.COOKIE)
    if token:
        await _db(request, accounts.end_session, token)
    accounts.clear_session_cookie(request, response)
    return {"signed_in": False}


@router.get("/me")
async def me(request: Request) -> dict[str, Any]:
    """The signed-in account (``user`` null when nobody is signed in)."""
    user = await accounts.current_user(request)
    return {"user": None if user is None else me_of(user)}


async def _password_checked(request: Request, user: User, password: str) -> str:
    found = await _db(request, accounts.user_by_id, user.id)
    stored = None if found is None else found[1]
    if not await accounts.hashed(accounts.password_ok, stored, password):
        raise HTTPException(403, _("Wrong password."))
    assert stored is not None
    return str(stored)


@router.post("/password")
async def change_password(body: NewPassword, request: Request) -> dict[str, Any]:
    """A new password (the old one first); the account's other sessions end."""
    accounts.require_same_origin(request)
    user = await signed_in(request)
    _checked(accounts.check_password, body.new)
    await _password_checked(request, user, body.old)
    password_hash = await accounts.hashed(accounts.hash_password, body.new)
    await _db(request, accounts.change_password, user.id, password_hash, request.cookies.get(accounts.COOKIE))
    return {"changed": True}


@router.post("/delete")
async def delete_account(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
    """Delete the account (its password first). Its games stay, their seats a guest's."""
    accounts.require_same_origin(request)
    user = await signed_in(request)
    await _password_checked(request, user, body.password)
    touched: list[str] = await _db(request, accounts.delete_user, user.id)
    await _tables(request).seats_changed(touched)
    accounts.clear_session_cookie(request, response)
    return {"deleted": True}


@router.post("/settings")
async def change_settings(body: AccountSettings, request: Request) -> dict[str, Any]:
    """The e-mail address ("" removes it) and the mail: whether to get any, at most one per game per how
    many hours."""
    accounts.require_same_origin(request)
    user = await signed_in(request)
    values: dict[str, Any] = {}
    if body.email is not None:
        values["email"] = _checked(accounts.check_email, body.email)
    if body.notify_mail is not None:
        values["notify_mail"] = body.notify_mail
    if "mail_hours" in body.model_fields_set:
        values["mail_hours"] = body.mail_hours
    return me_of(await _db(request, accounts.update_settings, user.id, values))


@router.post("/reset-request")
async def reset_request(body: ResetRequest, request: Request) -> dict[str, Any]:
    """Mail a link that sets a new password (good for an hour) to the account's address, if it has one.
    The answer is the same whether or not the account exists."""
    accounts.require_same_origin(request)
    mailer = getattr(request.app.state, "mailer", None)
    if mailer is None:
        raise HTTPException(503, _("This server sends no mail; ask its operator to reset your password."))
    found = await _db(request, accounts.find_user, body.name)
    token = None
    if found is not None and found[0].email and not found[0].disabled:
        token = await _db(request, accounts.new_reset, found[0].id)
    if found is not None and token is not None:
        user = found[0]
        settings = request.app.state.settings
        base = (settings.public_url or str(request.base_url)).rstrip("/")
        link = f"{base}/account?reset={token}"
        subject = _("Master Builder: a new password")
        text = _(
            "Someone (you, we hope) asked for a new password for the account {name}. Open this link "
            "within an hour to choose one:\n\n{link}\n\nIf it was not you, ignore this mail: your password "
            "stays as it is.",
            name=user.name,
            link=link,
        )
        assert user.email is not None
        task = asyncio.create_task(_send(mailer, user.email, subject, text))  # the answer does not wait
        _mailing.add(task)
        task.add_done_callback(_mailing.discard)
    return {"detail": _("If that account has an e-mail address, a link is on its way.")}


async def _send(mailer: Any, to: str, subject: str, text: str) -> None:
    try:
        await mailer.send(to, subject, text)
    except Exception:
        log.exception("the password-reset mail could not be sent")


@router.post("/reset")
async def reset(body: Reset, request: Request) -> dict[str, Any]:
    """Set a new password with the token of a reset mail; every session of the account ends."""
    accounts.require_same_origin(request)
    _checked(accounts.check_password, body.password)
    password_hash = await accounts.hashed(accounts.hash_password, body.password)
    if not await _db(request, accounts.use_reset, body.token, password_hash):
        raise HTTPException(400, _("That link is no longer valid; ask for a new one."))
    return {"changed": True}


@router.post("/claim")
async def claim(body: Claim, request: Request) -> dict[str, Any]:
    """Make the seats this browser holds as a guest the account's (never a seat another account holds)."""
    accounts.require_same_origin(request)
    user = await signed_in(request)
    claimed = await _claim(request, user, body.seats)
    return {"claimed": [{"game": game, "seat": seat} for game, seat in claimed]}


def _entry(row: GameRow, user_id: int) -> dict[str, Any]:
    out = summary_of(row)
    out["your_seats"] = [s.seat for s in row.seats if s.user_id == user_id]
    out["play"] = f"/play/{row.id}"
    if row.status == "finished":
        out["replay"] = f"/replay/{row.id}"
    return out


def _rows(store: Store, ids: list[str]) -> list[GameRow]:
    return [row for row in (store.load_game(i) for i in ids) if row is not None]


def _time_left(entry: dict[str, Any]) -> float:
    """The time the seat to move has left (its clock's, as of the summary); no clock: last."""
    clock, seat = entry.get("clock"), entry.get("to_move")
    if isinstance(clock, dict) and isinstance(seat, int):
        left = clock.get("left")
        if isinstance(left, list) and 0 <= seat < len(left) and isinstance(left[seat], int | float):
            return float(left[seat])
    return math.inf


@router.get("/games")
async def your_games(
    request: Request,
    page: Annotated[int, Query(ge=1, le=100_000)] = 1,
    per_page: Annotated[int, Query(ge=1, le=100)] = 20,
) -> dict[str, Any]:
    """Your games: live ones waiting for you (to move) and the others, open ones for you (invited or
    joined), and a page of the finished ones, newest first."""
    user = await signed_in(request)
    mine, invited = await _db(request, accounts.games_of, user.id)
    finished_ids, total = await _db(request, accounts.finished_of, user.id, page, per_page)
    manager = _tables(request)
    rows = await manager.db(_rows, manager.store, sorted(set(mine) | set(invited)))
    finished = await manager.db(_rows, manager.store, finished_ids)
    waiting: list[dict[str, Any]] = []
    live: list[dict[str, Any]] = []
    open_for_you: list[dict[str, Any]] = []
    for row in sorted(rows, key=lambda r: r.updated, reverse=True):
        entry = _entry(row, user.id)
        if row.status == "open":
            open_for_you.append(entry)
        elif row.status == "live":
            (waiting if row.to_move in entry["your_seats"] else live).append(entry)
    waiting.sort(key=_time_left)  # the least time left first
    return {
        "waiting": waiting,
        "live": live,
        "open_for_you": open_for_you,
        "finished": [_entry(r, user.id) for r in finished],
        "page": page,
        "per_page": per_page,
        "total_finished": total,
    }


# ---- the pages ----------------------------------------------------------------------------------------
@pages_router.get("/me", include_in_schema=False)
async def your_games_page() -> HTMLResponse:
    return _page("me.html")


@pages_router.get("/account", include_in_schema=False)
async def account_page() -> HTMLResponse:
    return _page("account.html")
