"""What `masterbuilder serve` checks before it prints its address: the public address, the database (its URL,
its kind, reaching it, writing to it, its schema), the data directory and the port. Each problem is a
:class:`StartupError`: one line for the operator and the exit code documented in docs/hosting.md."""

from __future__ import annotations

import errno
import socket
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from masterbuilder.core.i18n import shell as _

if TYPE_CHECKING:
    from masterbuilder.server.settings import Settings

EXIT_USAGE = 2  # an option's value (here: --public-url)
EXIT_DATABASE = 3  # the database URL, its kind, reaching it, writing to it
EXIT_DATA_DIR = 4  # the folder of the SQLite file cannot be created or written to
EXIT_PORT = 5  # the port is taken, or the address is not this machine's, or needs privileges
EXIT_APP = 6  # the application failed while starting (seen with --log-level debug)

PG_EXAMPLE = "postgresql+psycopg://USER:PASSWORD@HOST/DB"
CONNECT_TIMEOUT = 5  # seconds to reach a PostgreSQL server


class StartupError(Exception):
    """A reason the server cannot start, as one line, and the process's exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def public_url(value: str) -> str:
    """``value`` as a public base address (scheme and host, no path), without a trailing slash."""
    parts = urlsplit(value.strip())
    try:
        parts.port  # noqa: B018  (a port that is not a number raises here)
        well_formed = bool(parts.hostname) and not parts.username
    except ValueError:
        well_formed = False
    if parts.scheme not in ("http", "https") or not well_formed or parts.path not in ("", "/"):
        raise StartupError(
            _(
                "--public-url must be an address like https://play.example.org (http or https, no path), "
                "not {value}.",
                value=repr(value),
            ),
            EXIT_USAGE,
        )
    if parts.query or parts.fragment:
        raise StartupError(
            _("--public-url takes no query or fragment: {value}.", value=repr(value)), EXIT_USAGE
        )
    return f"{parts.scheme}://{parts.netloc}"


def database_url(value: str) -> str:
    """``value`` parsed: a SQLite or PostgreSQL URL, PostgreSQL's driver made psycopg (the one installed)."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        url = make_url(value)
    except ArgumentError as exc:
        raise StartupError(
            _(
                "--db {value} is not a database URL: use sqlite:///PATH or {example}.",
                value=repr(value),
                example=PG_EXAMPLE,
            ),
            EXIT_DATABASE,
        ) from exc
    backend = url.get_backend_name()
    if backend == "postgres":
        backend = "postgresql"
    if backend == "sqlite":
        if url.drivername != "sqlite":
            raise StartupError(
                _("Only SQLite's built-in driver is supported: use sqlite:///PATH."), EXIT_DATABASE
            )
        if not url.database or url.database == ":memory:":
            raise StartupError(
                _(
                    "A SQLite database needs a file, as in sqlite:///PATH (an in-memory one forgets every "
                    "game)."
                ),
                EXIT_DATABASE,
            )
        return url.render_as_string(hide_password=False)
    if backend == "postgresql":
        return url.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    raise StartupError(
        _(
            "{kind} databases are not supported: use SQLite (sqlite:///PATH) or PostgreSQL ({example}).",
            kind=backend,
            example=PG_EXAMPLE,
        ),
        EXIT_DATABASE,
    )


def mail(settings: Settings) -> None:
    """The SMTP settings (when a host is set) are usable: a sender address, a known security, a port."""
    from masterbuilder.server.mail import smtp_problem

    problem = smtp_problem(settings)
    if problem is not None:
        raise StartupError(problem, EXIT_USAGE)


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (None for PostgreSQL, or a SQLite URI that names its file otherwise)."""
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    if parsed.database.startswith("file:"):
        return Path(urlsplit(parsed.database).path)
    return Path(parsed.database)


def configured_url(settings: Settings) -> str:
    """The settings' database URL; without one, the default SQLite file (whose folder is created now)."""
    try:
        return settings.url()
    except OSError as exc:
        raise data_directory_error(Path(exc.filename or "."), exc) from exc


def data_directory_error(folder: Path, exc: OSError) -> StartupError:
    return StartupError(
        _(
            "The data directory {path} cannot be used ({problem}): make it a writable folder or give "
            "another with --db sqlite:///PATH.",
            path=folder,
            problem=exc.strerror or exc,
        ),
        EXIT_DATA_DIR,
    )


def data_directory(folder: Path) -> None:
    """Create ``folder`` if needed and make sure files can be created in it (SQLite's journal goes there)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise data_directory_error(folder, exc) from exc


def database(url: str) -> None:
    """Reach the database, bring its schema up to date (the migrations) and make sure it can be written."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import SQLAlchemyError

    from masterbuilder.server.db import make_engine, upgrade

    sqlite = url.startswith("sqlite")
    try:
        engine = (
            make_engine(url)
            if sqlite
            else create_engine(url, connect_args={"connect_timeout": CONNECT_TIMEOUT})
        )
    except ImportError as exc:
        raise StartupError(
            _("The database driver is missing ({problem}): use {example}.", problem=exc, example=PG_EXAMPLE),
            EXIT_DATABASE,
        ) from exc
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
        upgrade(engine)
        with engine.connect() as connection:  # a read-only database shows at the first write, not before
            connection.execute(text("UPDATE alembic_version SET version_num = version_num"))
            connection.rollback()
    except SQLAlchemyError as exc:
        raise StartupError(
            _(
                "Cannot use the database {url}: {problem}",
                url=shown(url),
                problem=first_line(getattr(exc, "orig", None) or exc),
            ),
            EXIT_DATABASE,
        ) from exc
    finally:
        engine.dispose()


def first_line(problem: object) -> str:
    """A driver's message, which can span lines (PostgreSQL's do), as one line."""
    lines = [line.strip() for line in str(problem).splitlines() if line.strip()]
    return lines[0] if lines else type(problem).__name__


def shown(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound now, so that a taken port is said before the address is printed (and no
    other program can take it in between)."""
    try:
        infos = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as exc:
        raise StartupError(
            _("Cannot listen on {host}: no such address; try --host 127.0.0.1 or --host 0.0.0.0.", host=host),
            EXIT_PORT,
        ) from exc
    family, kind, proto, _name, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    if family == socket.AF_INET6 and host in ("::", ""):
        sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)  # IPv4 friends too
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            message = _(
                "Port {port} is already in use on {host} (another server?): stop it or choose another port "
                "with --port {other}.",
                port=port,
                host=host,
                other=port + 1 if port < 65535 else port - 1,
            )
        elif exc.errno == errno.EACCES:
            message = _(
                "Port {port} needs administrator rights: choose one above 1023 with --port 8000 (and a proxy "
                "in front for 80 and 443, see docs/hosting.md).",
                port=port,
            )
        else:
            message = _(
                "Cannot listen on {host} port {port} ({problem}): is {host} an address of this machine?",
                host=host,
                port=port,
                problem=exc.strerror or exc,
            )
        raise StartupError(message, EXIT_PORT) from exc
    sock.set_inheritable(True)
    return sock


def listens_everywhere(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def lan_addresses() -> list[str]:
    """This machine's addresses other machines can reach (not the loopback ones), best guess first."""
    found: list[str] = []

    def add(address: str) -> None:
        if address not in found and not address.startswith(("127.", "::1", "fe80:")) and address != "0.0.0.0":
            found.append(address)

    # The address the machine would send from (a UDP "connect" sends nothing).
    for probe, family in (("192.0.2.1", socket.AF_INET), ("2001:db8::1", socket.AF_INET6)):
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as s:
                s.connect((probe, 9))
                add(s.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, type=socket.SOCK_STREAM):
            add(str(info[4][0]))
    except OSError:
        pass
    return found


def address_url(host: str, port: int) -> str:
    shown_host = f"[{host}]" if ":" in host else host
    return f"http://{shown_host}:{port}/"
