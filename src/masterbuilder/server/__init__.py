"""The web table's server: ``masterbuilder serve`` (needs the ``web`` extra).

:func:`create_app` builds the FastAPI app; :func:`serve` runs it on uvicorn. The game manager is
``app.state.tables`` (:class:`masterbuilder.server.tables.Tables`).
"""

from __future__ import annotations

from masterbuilder.server.app import app_from_env, create_app
from masterbuilder.server.settings import Settings

__all__ = ["Settings", "app_from_env", "create_app", "serve"]


class Stopped(Exception):
    """SIGTERM, once uvicorn has closed the server (it raises the signal again when it is done)."""


def _stopped(signum: int, frame: object) -> None:
    raise Stopped


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Check what the server needs (:mod:`masterbuilder.server.startup`, StartupError on a problem), print
    where it can be reached and run it until Ctrl-C or SIGTERM, after which it prints one line. The limits
    the environment sets (``Settings.with_env``) apply, and the address it listens on is an allowed Host."""
    import logging
    import signal
    from dataclasses import replace

    import uvicorn

    from masterbuilder.core.i18n import shell as _
    from masterbuilder.server import startup
    from masterbuilder.server.limits import networks

    try:
        settings = replace(settings.with_env(keep_set=True), listen_host=host)
        networks(settings.trusted_proxies)
    except ValueError as exc:  # a limit or a trusted proxy that is not of its kind: one line
        raise startup.StartupError(str(exc), startup.EXIT_USAGE) from None
    public = startup.public_url(settings.public_url) if settings.public_url else None
    startup.mail(settings)
    url = startup.database_url(startup.configured_url(settings))
    sqlite_path = startup.sqlite_file(url)
    if sqlite_path is not None:
        startup.data_directory(sqlite_path.resolve().parent)
    startup.database(url)
    origins = settings.allowed_origins + ((public,) if public else ())
    settings = replace(settings, db_url=url, public_url=public, allowed_origins=origins)
    sock = startup.listening_socket(host, port)
    _log_to_console(log_level)

    print(
        _(
            "Master Builder's table: {url}  (database: {db})",
            url=startup.address_url(host if not startup.listens_everywhere(host) else "127.0.0.1", port),
            db=startup.shown(url),
        ),
        flush=True,
    )
    if public:
        print(_("Invite links start with the public address {url}/", url=public), flush=True)
    elif startup.listens_everywhere(host):
        addresses = startup.lan_addresses()
        if addresses:
            print(
                _(
                    "Friends on your network can use {urls} (open the lobby there: invite links follow the "
                    "address in your browser; for the internet see --public-url).",
                    urls=", ".join(startup.address_url(a, port) for a in addresses),
                ),
                flush=True,
            )
        else:
            print(_("This machine has no network address besides its own (loopback)."), flush=True)
    config = uvicorn.Config(
        create_app(settings),
        log_level=log_level,
        ws_max_size=64 * 1024,
        # compressed frames for the clients that offer permessage-deflate (browsers do): boards and their
        # changes are repetitive SVG text (the websockets implementation; uvicorn's default, said here)
        ws_per_message_deflate=True,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=10,
        proxy_headers=False,  # the limits read X-Forwarded-For, from the trusted proxies only
    )
    if log_level == "info":  # uvicorn's own start-up and shutdown lines repeat what is printed here
        logging.getLogger("uvicorn.error").setLevel(logging.WARNING)
    server = uvicorn.Server(config)
    previous = signal.signal(signal.SIGTERM, _stopped)
    interrupted = False
    try:
        server.run(sockets=[sock])
    except (KeyboardInterrupt, Stopped):
        interrupted = True
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
    if not server.started and not interrupted:
        raise startup.StartupError(
            _("The table did not start: run again with --log-level debug to see why."), startup.EXIT_APP
        )
    print(_("Master Builder's table stopped; every move it acknowledged is stored."), flush=True)


def _log_to_console(level: str) -> None:
    """The server's own messages (start-up, the room for sockets, bots replaced) next to uvicorn's."""
    import logging

    from uvicorn.logging import DefaultFormatter

    logger = logging.getLogger("masterbuilder")
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(DefaultFormatter("%(levelprefix)s %(message)s"))
        logger.addHandler(handler)
        logger.propagate = False
    logger.setLevel(level.upper() if level != "trace" else "DEBUG")
