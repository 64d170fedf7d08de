"""The live table: one WebSocket per client at /ws/games/{id} (the protocol is in docs/web.md)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from masterbuilder.core.i18n import LANGUAGES, UnknownLanguage, check_language, language, use_language
from masterbuilder.core.i18n import shell as _
from masterbuilder.server.accounts import current_user
from masterbuilder.server.chat import Chat
from masterbuilder.server.limits import SLOT, Slot, public_origin
from masterbuilder.server.security import RateLimit, bearer, origin_allowed
from masterbuilder.server.settings import Settings
from masterbuilder.server.tables import Connection, PlayError, Table, Tables

router = APIRouter()
log = logging.getLogger("masterbuilder.server")

POLICY_VIOLATION = 1008


def error(code: str, message: str) -> str:
    return json.dumps({"type": "error", "code": code, "message": message})


async def _sender(ws: WebSocket, conn: Connection) -> None:
    while True:
        text = await conn.queue.get()
        if text is None:
            await ws.close(code=POLICY_VIOLATION if conn.dropped else 1000)
            return
        await ws.send_text(text)


async def _receive(ws: WebSocket, limit: int) -> tuple[dict[str, Any] | None, str | None]:
    """The next message as a dict, or the error to answer (code, message) as a JSON string."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    raw = message.get("text")
    if raw is None:
        data = message.get("bytes") or b""
        if len(data) > limit:
            return None, error("too_large", _("A message may have at most {n} bytes.", n=limit))
        try:
            raw = data.decode()
        except UnicodeDecodeError:
            return None, error("bad_json", _("Messages are JSON text."))
    if len(raw.encode()) > limit:
        return None, error("too_large", _("A message may have at most {n} bytes.", n=limit))
    try:
        parsed = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        return None, error("bad_json", _("That message is not valid JSON."))
    if not isinstance(parsed, dict) or not isinstance(parsed.get("type"), str):
        return None, error(
            "bad_message",
            _('A message is a JSON object with a "type" (hello, act, undo, hint, ping, board, chat).'),
        )
    return parsed, None


@router.websocket("/ws/games/{game_id}")
async def table_socket(ws: WebSocket, game_id: str) -> None:
    settings: Settings = ws.app.state.settings
    manager: Tables = ws.app.state.tables
    origins = (*settings.allowed_origins, *filter(None, [public_origin(settings)]))
    names = ws.app.state.limits.hosts  # the public URL's host and the allowed hosts
    if not origin_allowed(ws.headers.get("origin"), ws.headers.get("host"), origins, names):
        await ws.close(code=POLICY_VIOLATION, reason=_("This origin may not open the table."))
        return
    await ws.accept()
    limiter = RateLimit(settings.rate, settings.burst)
    header_token = bearer(ws.headers.get("authorization"))
    user = await current_user(ws)  # with no token, the account's seat (the Origin was checked above)
    try:
        # The first message says who this is: {"type": "hello", "token": ...}; no token: a spectator.
        # Wrong hellos may be corrected, but all within the hello timeout.
        deadline = asyncio.get_running_loop().time() + settings.hello_timeout
        while True:
            try:
                left = max(0.0, deadline - asyncio.get_running_loop().time())
                hello, problem = await asyncio.wait_for(_receive(ws, settings.max_message), left)
            except TimeoutError:
                # i18n: why the server closed a socket: its first message ("hello") never came
                await ws.close(code=POLICY_VIOLATION, reason=_("No hello."))
                return
            if hello is not None and hello["type"] != "hello":
                problem = error(
                    "bad_message", _('The first message must be {"type": "hello", "token": ...}.')
                )
            if problem is None and hello is not None:
                token = hello.get("token", header_token)
                board = hello.get("board", True)
                wants_changes = hello.get("changes", False)
                wanted = hello.get("seat")
                try:
                    lang = language() if hello.get("lang") is None else check_language(hello["lang"])
                except UnknownLanguage:
                    lang = None
                if token is not None and not isinstance(token, str):
                    problem = error("bad_token", _("The token must be a string."))
                elif token is not None and not token.isascii():  # tokens are URL-safe ASCII
                    problem = error("bad_token", _("That token is not a seat of this game."))
                elif wanted is not None and (isinstance(wanted, bool) or not isinstance(wanted, int)):
                    problem = error("bad_message", _('"seat" must be a seat number.'))
                elif not isinstance(board, bool):
                    problem = error("bad_message", _('"board" must be true or false.'))
                elif not isinstance(wants_changes, bool):
                    problem = error("bad_message", _('"changes" must be true or false.'))
                elif lang is None:
                    problem = error(
                        "bad_message",
                        _('"lang" must be one of {languages}.', languages=", ".join(LANGUAGES)),
                    )
                else:
                    try:
                        with use_language(lang):
                            table, conn = await manager.connect(
                                game_id,
                                token or header_token,
                                board,
                                lang,
                                wants_changes,
                                None if user is None else user.id,
                                wanted,
                            )
                        slot: Slot | None = ws.scope.get(SLOT)
                        if slot is not None:
                            slot.greeted()
                        break
                    except PlayError as exc:
                        if exc.code in ("not_found", "too_many_sockets"):
                            await ws.send_text(error(exc.code, exc.message))
                            await ws.close(code=POLICY_VIOLATION)
                            return
                        problem = error(exc.code, exc.message)
            assert problem is not None
            await ws.send_text(problem)
            if not limiter.allow():
                await ws.close(code=POLICY_VIOLATION, reason="Too many messages.")
                return
    except WebSocketDisconnect:
        return
    sender = asyncio.create_task(_sender(ws, conn))
    chat: Chat = ws.app.state.chat
    try:
        try:
            with use_language(conn.lang):
                await chat.greet(table, conn)
        except Exception:  # the chat's history is not worth the table: the game goes on without it
            log.exception("game %s: the chat's history could not be loaded", game_id)
        while not sender.done():
            message, problem = await _receive(ws, settings.max_message)
            if not limiter.allow():
                with use_language(conn.lang):
                    conn.push(
                        error(
                            "rate_limited",
                            _(
                                "At most {n} messages a second; that one was ignored.",
                                n=format(settings.rate, "g"),
                            ),
                        )
                    )
                continue
            if problem is not None:
                conn.push(problem)
                continue
            assert message is not None
            with use_language(conn.lang):  # its refusals and hints in its language
                if message["type"] == "board":  # the page could not apply a change: the whole board again
                    await manager.resend(table, conn)
                    continue
                if message["type"] == "chat":
                    reply = await _chat(chat, table, conn, message)
                    if reply is not None:
                        conn.push(reply)
                    continue
                reply = await _handle(manager, game_id, conn, message)
            if reply is not None:
                conn.push(reply)
    except WebSocketDisconnect:
        pass
    finally:
        manager.disconnect(table, conn)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _chat(chat: Chat, table: Table, conn: Connection, message: dict[str, Any]) -> str | None:
    """Send a chat message; the refusal to answer, if any (the message itself comes back to everyone)."""
    try:
        await chat.post(table, conn, message.get("text"))
    except PlayError as exc:
        return error(exc.code, exc.message)
    except Exception:
        log.exception("game %s: a chat message failed", table.id)
        return error("server", _("The server could not do that just now; nothing was changed. Try again."))
    return None


async def _handle(manager: Tables, game_id: str, conn: Connection, message: dict[str, Any]) -> str | None:
    """Answer one message; None when the answer is the state update every connection gets."""
    kind = message["type"]
    try:
        if kind == "act":
            if "action" not in message or "ply" not in message:
                return error(
                    "bad_message", _('An "act" message needs "action" (an id) and "ply" (the ply you saw).')
                )
            await manager.act(game_id, conn.seat, message["action"], message["ply"])
            return None
        if kind == "undo":
            await manager.undo(game_id, conn.seat)
            return None
        if kind == "hint":
            return json.dumps(await manager.hint(game_id, conn.seat))
        if kind == "ping":
            return json.dumps({"type": "pong"})
        if kind == "timeout":  # a seat's time ran out: {"choice": "bot" | "abandon"}
            await manager.choose_timeout(game_id, conn.seat, message.get("choice"))
            return None
        if kind == "hello":
            return error(
                "bad_message", _("You have said hello already; open another socket for another seat.")
            )
    except PlayError as exc:
        return error(exc.code, exc.message)
    except Exception:  # a failure of ours (the database, say): the client hears of it, the socket stays
        log.exception("game %s: %s message failed", game_id, kind)
        return error("server", _("The server could not do that just now; nothing was changed. Try again."))
    return error(
        "bad_message",
        _(
            "Unknown message type {kind}; the types are act, undo, hint, timeout, ping, board and chat.",
            kind=repr(kind),
        ),
    )
