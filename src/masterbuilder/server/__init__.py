"""The web table's server: ``masterbuilder serve`` (needs the ``web`` extra).

:func:`create_app` builds the FastAPI app; :func:`serve` runs it on uvicorn. The game manager is
``app.state.tables`` (:class:`masterbuilder.server.tables.Tables`).
"""

from __future__ import annotations

from masterbuilder.server.app import app_from_env, create_app
from masterbuilder.server.settings import Settings

__all__ = ["Settings", "app_from_env", "create_app", "serve"]


def serve(settings: Settings, host: str = "127.0.0.1", port: int = 8000, log_level: str = "info") -> None:
    """Run the server until interrupted. The limits the environment sets (``Settings.with_env``) apply, and
    the address it listens on is an allowed Host."""
    import dataclasses

    import uvicorn

    from masterbuilder.core.i18n import shell as _
    from masterbuilder.server.limits import networks

    try:
        settings = dataclasses.replace(settings.with_env(keep_set=True), listen_host=host)
        networks(settings.trusted_proxies)
    except ValueError as exc:  # a limit or a trusted proxy that is not of its kind: one line
        raise SystemExit(str(exc)) from None
    _log_to_console(log_level)
    address = f"http://{host}:{port}/"
    print(
        _("Master Builder's table: {url}  (database: {db})", url=address, db=_shown(settings.url())),
        flush=True,
    )
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        proxy_headers=False,  # the limits read X-Forwarded-For, from the trusted proxies only
    )


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


def _shown(url: str) -> str:
    """The database URL without its password."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
