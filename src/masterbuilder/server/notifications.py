"""Mail to the accounts at a table: the game started, your turn (turn-based games only), time running low,
another player's time ran out, the game is over (docs/web.md, "Mail and notifications").

A :class:`Notifier` is one of the game manager's listeners (``Tables.listeners``). It mails each account
concerned that has mail on and an address, at most once per game per ``mail_hours`` hours (the account's
setting, else the server's), recorded in ``mail_log``; the start and the end of a game always mail (they
come once).
Accounts have no language of their own yet: mails are written in the server's default language. Each mail
links to the game and to ``/api/mail/unsubscribe`` when the server has a public URL; without one there is no
address to link to, and the mail says how to stop mails instead.
"""

from __future__ import annotations

import html
import logging
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from sqlalchemy import Engine, insert, select, update
from sqlalchemy.exc import IntegrityError

from masterbuilder import GAMES
from masterbuilder.core.i18n import integer, join, use_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.server import db
from masterbuilder.server.languages import shown_name
from masterbuilder.server.mail import Mailer
from masterbuilder.server.settings import Settings
from masterbuilder.server.store import GameRow, now
from masterbuilder.server.tables import Table, Tables

log = logging.getLogger("masterbuilder.server.notifications")
_n = _.plural

UNSUBSCRIBE = "/api/mail/unsubscribe"


@dataclass(frozen=True)
class Recipient:
    user_id: int
    email: str
    mail_hours: int | None
    mail_key: str
    seat: int


@dataclass(frozen=True)
class Letter:
    subject: str
    body: str


def concerned(row: GameRow, event: str, last_mover: int | None = None) -> list[int]:
    """The seats whose accounts hear of ``event`` (people only; a seat a bot took over hears of the end).
    "moved" concerns the seat to move only when its turn has just begun (``last_mover`` is another seat):
    a turn of several moves is one "your turn"."""
    people = [s for s in row.seats if s.kind == "human" and s.user_id is not None]
    if event in ("started", "finished"):
        return [s.seat for s in people]
    if event in ("moved", "low_time"):
        if row.clock is None or row.status != "live":  # real time: the players are at the table
            return []
        if event == "moved" and last_mover == row.to_move:
            return []
        return [s.seat for s in people if s.seat == row.to_move and not s.replaced]
    if event == "timed_out":
        late = row.timed_out if row.timed_out is not None else row.to_move
        return [s.seat for s in people if s.seat != late and not s.replaced]
    return []


def letter(row: GameRow, event: str, seat: int, links: dict[str, str]) -> Letter:
    """The mail about ``event`` to ``seat``'s account, in the current language."""
    info = GAMES.get(row.game)
    title = info.local_title if info is not None else row.game
    names = [shown_name(s.seat, s.name) for s in row.seats]
    if event == "started":
        # i18n: a mail's subject; {title} is the game's name (Caylus)
        subject = _("{title}: the game has started", title=title)
        what = _("Your game of {title} has started.", title=title)
        if row.clock is not None and row.to_move == seat:
            what += " " + _("It is your turn.")
    elif event == "moved":
        subject = _("{title}: your turn", title=title)
        what = _("It is your turn in your game of {title}.", title=title)
    elif event == "low_time":
        subject = _("{title}: your time is running low", title=title)
        what = _("It is your turn in {title} and your time is running low.", title=title)
    elif event == "timed_out":
        late = row.timed_out if row.timed_out is not None else (row.to_move or 0)
        subject = _("{title}: {name}'s time ran out", title=title, name=names[late])
        what = _(
            "{name}'s time ran out in your game of {title}: choose whether a bot plays that seat or the game "
            "ends as abandoned.",
            name=names[late],
            title=title,
        )
    else:
        subject = _("{title}: the game is over", title=title)
        what = _("Your game of {title} is over.", title=title)
        if row.scores is not None:
            scores = join([f"{names[k]} {integer(int(score))}" for k, score in enumerate(row.scores)])
            winners = join([names[k] for k in row.winners or []])
            what += " " + _("Scores: {scores}.", scores=scores)
            if row.winners:
                what += " " + _n("Winner: {names}.", "Winners: {names}.", len(row.winners), names=winners)
    lines = [what, ""]
    if "game" in links:
        lines += [_("Open the game: {url}", url=links["game"]), ""]
    if "unsubscribe" in links:
        lines.append(_("No more mails from this table: {url}", url=links["unsubscribe"]))
    else:
        lines.append(_("To stop these mails, turn mail off in your account on the table."))
    return Letter(f"[Master Builder] {subject}", "\n".join(lines) + "\n")


# ---- the database (run in the game manager's database threads) -------------------------------------------
def recipients(engine: Engine, row: GameRow, seats: Sequence[int]) -> list[Recipient]:
    """The accounts of ``seats`` that want mail and have an address (not disabled)."""
    by_user = {row.seats[k].user_id: k for k in seats}
    if not by_user:
        return []
    users = db.users
    query = select(users.c.id, users.c.email, users.c.mail_hours, users.c.mail_key).where(
        users.c.id.in_([u for u in by_user if u is not None]),
        users.c.notify_mail.is_(True),
        users.c.disabled.is_(False),
        users.c.email.is_not(None),
    )
    with engine.connect() as conn:
        found = conn.execute(query).all()
    return [
        Recipient(r.id, r.email, r.mail_hours, r.mail_key, by_user[r.id]) for r in found if "@" in r.email
    ]


def claim(engine: Engine, user_id: int, game_id: str, moment: datetime, hours: int | None) -> bool:
    """Record a mail about the game to the account at ``moment``: False (nothing recorded) if one was sent
    within ``hours`` hours before (``hours`` None: always record). Atomic between processes: a conditional
    update, else an insert that only one of two racing processes wins."""
    log_ = db.mail_log
    key = (log_.c.user_id == user_id) & (log_.c.game_id == game_id)
    change = update(log_).where(key).values(sent=moment)
    if hours is not None:
        change = change.where(log_.c.sent <= moment - timedelta(hours=hours))
    try:
        with engine.begin() as conn:
            if conn.execute(change).rowcount:
                return True
            if conn.execute(select(log_.c.sent).where(key)).first() is not None:
                return False  # sent too recently
            conn.execute(insert(log_).values(user_id=user_id, game_id=game_id, sent=moment))
    except IntegrityError:
        return False  # another process recorded one just now
    return True


def unsubscribe(engine: Engine, user_id: int, key: str) -> bool | None:
    """Turn the account's mail off if ``key`` is its mail key: True; a wrong key or account: None."""
    users = db.users
    with engine.begin() as conn:
        found = conn.execute(select(users.c.mail_key).where(users.c.id == user_id)).first()
        if found is None or not secrets.compare_digest(found.mail_key.encode(), key.encode()):
            return None
        conn.execute(update(users).where(users.c.id == user_id).values(notify_mail=False))
    return True


class Notifier:
    """The listener that mails (see the module docstring). ``clock``: the time (tests move it)."""

    def __init__(
        self, tables: Tables, mailer: Mailer, settings: Settings, clock: Callable[[], datetime] = now
    ) -> None:
        self.tables = tables
        self.mailer = mailer
        self.settings = settings
        self.clock = clock

    def links(self, row: GameRow, who: Recipient) -> dict[str, str]:
        base = (self.settings.public_url or "").rstrip("/")
        if not base:
            return {}
        return {
            "game": f"{base}/play/{row.id}",
            "unsubscribe": f"{base}{UNSUBSCRIBE}?u={who.user_id}&k={who.mail_key}",
        }

    async def __call__(self, table: Table, event: str) -> None:
        row = table.row
        seats = concerned(row, event, table.moves[-1].seat if table.moves else None)
        if not seats:
            return
        engine = self.tables.store.engine
        for who in await self.tables.db(recipients, engine, row, seats):
            # the start and the end come once a game: always sent, and the start does not hold back the
            # first "your turn" (the limit is for the mails that repeat)
            if event != "started":
                hours = None if event == "finished" else (who.mail_hours or self.settings.mail_hours)
                if not await self.tables.db(claim, engine, who.user_id, row.id, self.clock(), hours):
                    continue
            links = self.links(row, who)
            with use_language(self.settings.language):
                mail = letter(row, event, who.seat, links)
            headers: dict[str, str] = {}
            if "unsubscribe" in links:  # RFC 2369 and RFC 8058: the mail program's own "unsubscribe"
                headers["List-Unsubscribe"] = f"<{links['unsubscribe']}>"
                headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
            await self.mailer.send(who.email, mail.subject, mail.body, headers)


# ---- the unsubscribe link ------------------------------------------------------------------------------
router = APIRouter()


def _page(title: str, body: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(
        "<!doctype html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title>"
        "<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}"
        "button{font:inherit;padding:.4rem 1rem}</style></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>",
        status_code=status,
        headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"},
    )


def _wrong() -> HTMLResponse:
    return _page(
        _("Mail settings"),
        "<p>"
        + html.escape(_("This unsubscribe link is not valid (it may be incomplete); nothing was changed."))
        + "</p>",
        400,
    )


@router.get(UNSUBSCRIBE, response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_page(
    u: int = Query(0, ge=0, le=2**31 - 1), k: str = Query("", max_length=64)
) -> HTMLResponse:
    """A page with a button: following a link must not change anything (mail scanners follow links)."""
    if u == 0 or not k:
        return _wrong()
    action = html.escape(f"{UNSUBSCRIBE}?u={u}&k={k}")
    return _page(
        _("Mail settings"),
        "<p>"
        + html.escape(_("Stop the mails about your games (your turn, a game started or ended)?"))
        + f"</p><form method='post' action='{action}'><button type='submit'>"
        + html.escape(_("Stop the mails"))
        + "</button></form>",
    )


@router.post(UNSUBSCRIBE, response_class=HTMLResponse, include_in_schema=False)
async def unsubscribe_post(
    request: Request, u: int = Query(0, ge=0, le=2**31 - 1), k: str = Query("", max_length=64)
) -> HTMLResponse:
    """Turn the account's mail off (also the one-click POST of RFC 8058 that mail programs send)."""
    if u == 0 or not k:
        return _wrong()
    tables: Tables = request.app.state.tables
    done: Any = await tables.db(unsubscribe, tables.store.engine, u, k)
    if done is None:
        return _wrong()
    return _page(
        _("Mail settings"),
        "<p>"
        + html.escape(_("You will get no more mails from this table. Your games go on as before."))
        + "</p>",
    )
