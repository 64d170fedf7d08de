"""The FastAPI app: lobby (REST), live table (WebSocket), pages; storage opened at start-up."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from masterbuilder.core.i18n import check_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.server import account_api, api, notifications, pages, ratings_api, reviews, ws
from masterbuilder.server.accounts import SignInLimits
from masterbuilder.server.boards import BoardPool
from masterbuilder.server.bots import BotPool
from masterbuilder.server.chat import Chat
from masterbuilder.server.clocks import offset_clock
from masterbuilder.server.db import checkpoint, is_sqlite, make_engine, upgrade
from masterbuilder.server.languages import LanguageMiddleware
from masterbuilder.server.limits import ClientLimits, Limits, raise_descriptor_limit, socket_capacity
from masterbuilder.server.mail import Mailer, smtp_of
from masterbuilder.server.ratings import Ratings, listen
from masterbuilder.server.settings import Settings
from masterbuilder.server.store import Store
from masterbuilder.server.tables import Tables
from masterbuilder.server.workers import WorkerPool

log = logging.getLogger("masterbuilder.server")


def _sentence(exc: RequestValidationError) -> str:
    """The first validation problem as a sentence: where it is and what is wrong."""
    parts = []
    for problem in exc.errors()[:3]:
        where = ".".join(str(p) for p in problem.get("loc", ()) if p != "body")
        message = str(problem.get("msg", "is not valid")).removeprefix("Value error, ")
        # i18n: a field of a request (e.g. "seats.0.bot") and what is wrong with it
        parts.append(_("{field}: {problem}", field=where, problem=message) if where else message)
    return "; ".join(parts) + "." if parts else _("The request is not valid.")


async def sweep_clocks(manager: Tables, most: float) -> None:
    """Apply the turn-based clocks' timeouts as they fall due; never sleeps more than ``most`` seconds, so
    that a test clock's jump is seen."""
    while True:
        try:
            wait = await manager.sweep()
        except Exception:
            log.exception("the clocks' sweep failed")
            wait = most
        await asyncio.sleep(max(0.05, min(wait, most)))


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    default_language = check_language(settings.language)  # UnknownLanguage names the choices
    limits = Limits(settings)  # ValueError naming a trusted proxy that is not an address
    smtp = smtp_of(settings)  # ValueError (one line) for a bad mail setting; None: no mail

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = settings.url()
        engine = make_engine(url)
        await asyncio.to_thread(upgrade, engine)
        soft, _hard = raise_descriptor_limit()
        capacity = socket_capacity(soft)
        if settings.max_sockets is None:
            limits.max_sockets = capacity
        log.info(
            "masterbuilder serve: %d open files allowed: room for %d sockets (%d per address)",
            soft,
            limits.max_sockets,
            settings.sockets_per_address,
        )
        fallback = WorkerPool(1)  # the heuristic when a bot fails: never behind the bots' queue
        pool = BotPool(settings.bot_workers, settings.bot_timeout, fallback=fallback)
        # hints and replays run below the bots' priority, in pools of their own
        hints = (
            BotPool(settings.hint_workers, settings.bot_timeout, nice=19) if settings.hint_workers else None
        )
        work = WorkerPool(settings.work_workers, nice=19)
        app.state.work = work
        board_workers = settings.board_workers
        boards = BoardPool(
            (os.cpu_count() or 1) if board_workers is None else board_workers, kept=settings.board_kept
        )
        warming = asyncio.create_task(boards.warm_up())  # the first board is not late by a process start
        manager = Tables(
            Store(engine),
            pool,
            settings.hint_bot,
            db_threads=1 if is_sqlite(url) else 4,
            boards=boards,
            work=work,
            hints=hints,
        )
        manager.sockets_per_token = settings.sockets_per_token
        manager.board_changes = settings.board_changes
        manager.hints_per_minute = settings.hints_per_minute
        warm_work = asyncio.create_task(work.warm_up())
        manager.bots_enabled = settings.resume_bots
        app.state.tables = manager
        ratings = Ratings(manager.store)
        app.state.ratings = ratings
        listen(manager, ratings)
        app.state.chat = Chat(manager)
        if app.state.mailer is not None:
            manager.listeners.append(notifications.Notifier(manager, app.state.mailer, settings))
        review_queue = reviews.ReviewQueue(settings.review_workers, settings.review_queue, engine)
        app.state.reviews = review_queue
        listener = None
        if engine.dialect.name == "postgresql":
            from masterbuilder.server.notify import Listener

            loop = asyncio.get_running_loop()
            pending: set[asyncio.Task[None]] = set()

            def changed(game_id: str, version: int) -> None:
                if not manager.is_behind(game_id, version):  # this process's own change, or not loaded
                    return
                task = loop.create_task(manager.refresh(game_id, version))
                pending.add(task)
                task.add_done_callback(pending.discard)

            chat: Chat = app.state.chat

            def chatted(game_id: str, message_id: int) -> None:
                task = loop.create_task(chat.deliver(game_id, message_id))
                pending.add(task)
                task.add_done_callback(pending.discard)

            listener = Listener(url, loop, changed, chatted)
            listener.start()
            await asyncio.to_thread(listener.ready.wait, 10)
        checkpoints = None
        if is_sqlite(url):

            async def checkpoint_every(seconds: float) -> None:
                while True:
                    await asyncio.sleep(seconds)
                    try:
                        await asyncio.to_thread(checkpoint, engine)
                    except Exception:
                        log.exception("SQLite checkpoint failed")

            checkpoints = asyncio.create_task(checkpoint_every(2.0))
        if settings.clock_offset_file:
            manager.clock = offset_clock(settings.clock_offset_file, manager.clock)
        count = await manager.load_unfinished()
        await manager.db(ratings.rate_pending)  # games that finished while this server was stopping
        manager.bots_enabled = True
        # timeouts of turn-based games, with no client connected; one that fell due while the server was down
        # is applied at the first look, since load_unfinished loaded every live game
        sweeping = asyncio.create_task(sweep_clocks(manager, settings.clock_check))
        log.info("masterbuilder serve: %s, %d unfinished games loaded", engine.url.render_as_string(), count)
        try:
            yield
        finally:
            if listener is not None:
                listener.stop()
            if checkpoints is not None:
                checkpoints.cancel()
            sweeping.cancel()
            manager.close()
            review_queue.close()
            pool.close()
            fallback.close()
            if hints is not None:
                hints.close()
            warming.cancel()
            warm_work.cancel()
            work.close()
            boards.close()
            engine.dispose()

    app = FastAPI(
        title="Master Builder: the web table",
        version="1",
        description="Lobby (REST) and live play (WebSocket /ws/games/{id}) for Caylus, Caylus 1303 and "
        "The Builders: Middle Ages. The socket protocol is in docs/web.md.",
        lifespan=lifespan,
    )
    app.state.settings = settings
    app.state.limits = limits
    app.state.mailer = None if smtp is None else Mailer(smtp)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _sentence(exc)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        detail: Any = exc.detail
        if not isinstance(detail, str):
            detail = str(detail)
        return JSONResponse({"detail": detail}, status_code=exc.status_code, headers=exc.headers)

    app.state.sign_ins = SignInLimits(
        settings.signin_failures_per_account, settings.signin_failures_per_address, settings.signin_window
    )
    app.include_router(api.router)
    app.include_router(account_api.router)
    app.include_router(account_api.pages_router)
    app.include_router(ws.router)
    app.include_router(pages.router)
    app.include_router(reviews.router)
    app.include_router(ratings_api.router)
    app.include_router(notifications.router)
    app.add_middleware(ClientLimits, limits=limits)
    app.add_middleware(LanguageMiddleware, default=default_language)  # outermost: the limits' words too
    return app


def app_from_env() -> FastAPI:
    """For ``uvicorn --factory masterbuilder.server:app_from_env`` (settings from the environment)."""
    return create_app(Settings.from_env())
