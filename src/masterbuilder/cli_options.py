"""What the `masterbuilder` command's sub-commands share: failing in one line, the --lang and --db options,
opening the web table's database tools (cli.py and cli_users.py use them; neither imports the other)."""

from __future__ import annotations

from typing import Annotated, Any, NoReturn

import typer

from masterbuilder.core.i18n import (
    LANGUAGES,
    N_,
    UnknownLanguage,
    environment_language,
    language,
    set_language,
)
from masterbuilder.core.i18n import shell as _

EXIT_USAGE = 2
EXIT_DB = 3


def fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    """One line on stderr, no traceback."""
    typer.echo(_("Error: {message}", message=message), err=True)
    raise typer.Exit(code)


def apply_language(value: str | None) -> str | None:
    """Speak ``--lang``, else the environment's locale, else English, from before anything is printed
    (an eager option: its callback runs before the other options are read). Returns the language given
    (as one of LANGUAGES), None without ``--lang``."""
    set_language(environment_language())
    if value is None:
        return None
    try:
        set_language(value)
    except UnknownLanguage:
        fail(
            _(
                "Unknown language '{code}' for --lang: choose one of {choices}.",
                code=value,
                choices=", ".join(LANGUAGES),
            )
        )
    return language()


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="LANG",
        help=N_("The language of the text: en, pl, de or ro (default: the locale's, else English)."),
        callback=apply_language,
        is_eager=True,
    ),
]


WEB_EXTRA_MISSING = N_("The web table needs its extra: pip install 'masterbuilder[web]'")

DbOption = Annotated[
    str | None,
    typer.Option(
        "--db",
        metavar="URL",
        envvar="MASTERBUILDER_DB",
        show_envvar=False,
        help=N_("The server's database URL (default: MASTERBUILDER_DB, else the file `serve` uses)."),
    ),
]


def db_tools() -> Any:
    try:
        import alembic  # noqa: F401
        import sqlalchemy  # noqa: F401

        from masterbuilder.server import dbtools
    except ImportError:
        typer.echo(_(WEB_EXTRA_MISSING), err=True)
        raise typer.Exit(1) from None
    return dbtools


def db_url(db: str | None) -> str:
    if db:
        return db
    from masterbuilder.server.settings import default_db_url

    try:
        return default_db_url()
    except OSError as exc:
        fail(_("Cannot open the data directory: {problem}", problem=exc), EXIT_DB)
