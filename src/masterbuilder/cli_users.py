"""`masterbuilder users`: the web table's accounts, for its operator: list them, set a new password, disable
or enable one. Never shows a password hash or an e-mail address."""

from __future__ import annotations

import secrets
import sys
from typing import Annotated, Any

import typer

from masterbuilder.cli_help import PlainCommand, PlainGroup
from masterbuilder.cli_options import EXIT_DB, DbOption, LangOption, fail
from masterbuilder.cli_options import db_tools as _db_tools
from masterbuilder.cli_options import db_url as _db_url
from masterbuilder.core.i18n import N_
from masterbuilder.core.i18n import shell as _

users_app = typer.Typer(
    cls=PlainGroup,
    help=N_("The web table's accounts, for its operator: list, reset a password, disable, enable."),
    no_args_is_help=True,
)

NameArgument = Annotated[str, typer.Argument(metavar="NAME", help=N_("The account's user name (any case)."))]


def _accounts() -> Any:
    _db_tools()  # the web extra, or one line saying how to install it
    from masterbuilder.server import accounts

    return accounts


def _run(db: str | None, job: Any, *args: Any) -> Any:
    """``job(engine, *args)`` on the database, its problems one line each."""
    dbtools = _db_tools()
    try:
        with dbtools.connected(dbtools.resolve(_db_url(db))) as engine:
            return job(engine, *args)
    except dbtools.DbError as exc:
        fail(str(exc), EXIT_DB)


def _user_id(engine: Any, name: str) -> int:
    found = _accounts().find_user(engine, name)
    if found is None:
        fail(_("There is no account named {name}.", name=repr(name)), EXIT_DB)
    user_id: int = found[0].id
    return user_id


@users_app.command(
    "list",
    cls=PlainCommand,
    help=N_("Every account: its name, when it was made, disabled or not, its games."),
)
def users_list(db: DbOption = None, lang: LangOption = None) -> None:
    rows = _run(db, _accounts().list_users)
    if not rows:
        typer.echo(_("No accounts yet."))
        return
    width = max(len(r.name) for r in rows)
    for row in rows:
        # i18n: an account the operator has stopped, in `masterbuilder users list`
        state = _("disabled") if row.disabled else ""
        typer.echo(
            f"{row.name:<{width}}  {row.created:%Y-%m-%d %H:%M}  "
            + _.plural("{n} game", "{n} games", row.games)
            + (f"  {state}" if state else "")
        )


@users_app.command(
    "reset-password",
    cls=PlainCommand,
    help=N_(
        "Give an account a new password (printed once; --password-stdin reads it instead); its sessions end."
    ),
)
def users_reset_password(
    name: NameArgument,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help=N_("Read the new password from the standard input."))
    ] = False,
    db: DbOption = None,
    lang: LangOption = None,
) -> None:
    accounts = _accounts()
    if password_stdin:
        password = sys.stdin.readline().rstrip("\r\n")
        try:
            accounts.check_password(password)
        except accounts.AccountError as exc:
            fail(exc.message)
    else:
        password = secrets.token_urlsafe(12)
    password_hash = accounts.hash_password(password)

    def job(engine: Any) -> None:
        accounts.change_password(engine, _user_id(engine, name), password_hash, None)

    _run(db, job)
    if password_stdin:
        typer.echo(_("The password of {name} is changed; its sessions have ended.", name=name))
    else:
        typer.echo(
            _("The new password of {name} (shown only this once): {password}", name=name, password=password)
        )


def _set_disabled(name: str, disabled: bool, db: str | None) -> None:
    accounts = _accounts()

    def job(engine: Any) -> None:
        accounts.set_disabled(engine, _user_id(engine, name), disabled)

    _run(db, job)


@users_app.command(
    "disable", cls=PlainCommand, help=N_("Stop an account: it cannot sign in, its sessions end.")
)
def users_disable(name: NameArgument, db: DbOption = None, lang: LangOption = None) -> None:
    _set_disabled(name, True, db)
    typer.echo(_("{name} is disabled.", name=name))


@users_app.command("enable", cls=PlainCommand, help=N_("Let a disabled account sign in again."))
def users_enable(name: NameArgument, db: DbOption = None, lang: LangOption = None) -> None:
    _set_disabled(name, False, db)
    typer.echo(_("{name} may sign in again.", name=name))
