"""Limits per client, so that no one client can slow another table (docs/web.md, "Limits").

:class:`ClientLimits` is a pure ASGI middleware in front of the whole app. For every request and socket it
works out the client's address (``X-Forwarded-For`` only when the connection comes from a trusted proxy),
checks the ``Host`` header against the allow-list (a DNS-rebinding page sends its own name), and then:

- HTTP: a token bucket of requests per address (429 with ``Retry-After``), and the body read at most up to
  ``max_body`` bytes (413) before anything parses it;
- WebSocket: the handshake counts as a request; the open sockets per address and in all, and the sockets
  per address that have not said hello; over a limit, refused at the handshake (close 1008, which the server
  answers with HTTP 403).

The socket handler marks its socket greeted through the :class:`Slot` it finds in the scope.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import math
import resource
import time
from collections.abc import Awaitable, Callable, Iterable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from masterbuilder.core.i18n import shell as _
from masterbuilder.server.settings import Settings

log = logging.getLogger("masterbuilder.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SLOT = "masterbuilder.slot"  # the scope key of a socket's Slot
CLIENT = "masterbuilder.client"  # the scope key of the client's address
RESERVED_FILES = 128  # descriptors kept for the database, the workers' pipes, static files, logs
MAX_BUCKETS = 10_000  # addresses remembered before the idle ones are forgotten

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(entries: Iterable[str]) -> list[Network]:
    """The trusted proxies as networks (an address is a network of one); ValueError names a bad entry."""
    out = []
    for entry in entries:
        try:
            out.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(
                f"Not an address or network: {entry!r} (e.g. 127.0.0.1 or 10.0.0.0/8)."
            ) from None
    return out


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def client_address(peer: str | None, forwarded: str | None, trusted: Sequence[Network]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the last address of
    ``X-Forwarded-For`` that is not a trusted proxy itself (the ones before it could be made up)."""
    address = peer or "unknown"
    if not trusted or forwarded is None or not _trusted(address, trusted):
        return address
    for hop in reversed(forwarded.split(",")):
        ip = _ip(hop)
        if ip is None:
            return address  # a garbled header: the proxy's own address is all we know
        if not any(ip in net for net in trusted):
            return str(ip)
        address = str(ip)
    return address


def _trusted(address: str, trusted: Sequence[Network]) -> bool:
    ip = _ip(address)
    return ip is not None and any(ip in net for net in trusted)


def host_name(header: str) -> str:
    """The name of a Host header, without its port (``[::1]:8000`` → ``::1``), lowercased."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].partition("]")[0]
    if header.count(":") == 1:
        return header.partition(":")[0]
    return header


def allowed_host_names(settings: Settings) -> frozenset[str]:
    """The Host names the server answers besides IP addresses and localhost: the public URL's, the
    listening address's (unless it is every interface), and ``allowed_hosts``."""
    names = {h.strip().lower() for h in settings.allowed_hosts if h.strip()}
    if settings.public_url:
        public = urlsplit(settings.public_url).hostname
        if public:
            names.add(public.lower())
    if settings.listen_host and settings.listen_host not in ("0.0.0.0", "::", ""):
        names.add(host_name(settings.listen_host))
    return frozenset(names)


def host_allowed(header: str | None, names: frozenset[str]) -> bool:
    """A request for this server: no Host (not a browser), an IP address (a rebinding page has a name),
    localhost, or an allowed name."""
    if header is None or "*" in names:
        return True
    name = host_name(header)
    return _ip(name) is not None or name in ("localhost", *names)


def public_origin(settings: Settings) -> str | None:
    """The origin of the public URL (scheme://host[:port]), whose pages may open the sockets."""
    if not settings.public_url:
        return None
    parts = urlsplit(settings.public_url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


class Buckets:
    """A token bucket per key: ``rate`` a second, ``burst`` at once. Idle keys are forgotten."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(max(1, burst))
        self._buckets: dict[str, tuple[float, float]] = {}  # key -> (tokens, stamp)

    def take(self, key: str) -> float:
        """0.0 if ``key`` may go on now, else the seconds until it may."""
        moment = time.monotonic()
        tokens, stamp = self._buckets.get(key, (self.burst, moment))
        tokens = min(self.burst, tokens + (moment - stamp) * self.rate)
        if tokens >= 1:
            self._buckets[key] = (tokens - 1, moment)
            if len(self._buckets) > MAX_BUCKETS:
                self._forget(moment)
            return 0.0
        self._buckets[key] = (tokens, moment)
        return (1 - tokens) / self.rate if self.rate > 0 else math.inf

    def _forget(self, moment: float) -> None:
        full = self.burst / self.rate if self.rate > 0 else math.inf
        self._buckets = {k: v for k, v in self._buckets.items() if moment - v[1] < full}


@dataclass
class Slot:
    """One socket's place in the counts; ``greeted()`` once it has said hello, ``release()`` at its end."""

    limits: Limits
    address: str
    greeted_yet: bool = False
    released: bool = False

    def greeted(self) -> None:
        if not self.greeted_yet and not self.released:
            self.greeted_yet = True
            self.limits._count(self.limits.ungreeted, self.address, -1)

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        if not self.greeted_yet:
            self.limits._count(self.limits.ungreeted, self.address, -1)
        self.limits._count(self.limits.sockets, self.address, -1)
        self.limits.total -= 1


class Limits:
    """What the middleware counts, for one app (``app.state.limits``). ``max_sockets`` None: no limit in
    all (the server sets it from the open-files limit at start-up)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.trusted = networks(settings.trusted_proxies)
        self.hosts = allowed_host_names(settings)
        self.requests = Buckets(settings.requests_per_second, settings.request_burst)
        self.sockets: dict[str, int] = {}
        self.ungreeted: dict[str, int] = {}
        self.total = 0
        self.max_sockets = settings.max_sockets

    @staticmethod
    def _count(counts: dict[str, int], key: str, step: int) -> None:
        value = counts.get(key, 0) + step
        if value > 0:
            counts[key] = value
        else:
            counts.pop(key, None)

    def open_socket(self, address: str) -> Slot | None:
        """A slot for a new socket of ``address``, or None if one of the socket limits is reached."""
        s = self.settings
        if (
            self.sockets.get(address, 0) >= s.sockets_per_address
            or self.ungreeted.get(address, 0) >= s.ungreeted_per_address
            or (self.max_sockets is not None and self.total >= self.max_sockets)
        ):
            return None
        self._count(self.sockets, address, 1)
        self._count(self.ungreeted, address, 1)
        self.total += 1
        return Slot(self, address)


class ClientLimits:
    """The middleware (see the module docstring)."""

    def __init__(self, app: ASGIApp, limits: Limits) -> None:
        self.app = app
        self.limits = limits
        self.settings = limits.settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        peer = scope.get("client")
        address = client_address(
            peer[0] if peer else None, headers.get("x-forwarded-for"), self.limits.trusted
        )
        scope[CLIENT] = address
        if not host_allowed(headers.get("host"), self.limits.hosts):
            # i18n: the answer to a request whose Host header names another site (a DNS-rebinding page)
            message = _("This server does not answer for the host {host}.", host=repr(headers.get("host")))
            if kind == "http":
                await _answer(send, 400, message)
            else:
                await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        if kind == "websocket":
            await self._socket(scope, receive, send, address)
        else:
            await self._http(scope, receive, send, address, headers)

    async def _socket(self, scope: Scope, receive: Receive, send: Send, address: str) -> None:
        # a handshake is a request too: opening and closing sockets in a loop is limited like any other
        slot = self.limits.open_socket(address) if self.limits.requests.take(address) == 0 else None
        if slot is None:
            await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        scope[SLOT] = slot
        try:
            await self.app(scope, receive, send)
        finally:
            slot.release()

    async def _http(
        self, scope: Scope, receive: Receive, send: Send, address: str, headers: dict[str, str]
    ) -> None:
        wait = self.limits.requests.take(address)
        if wait > 0:
            await _answer(
                send,
                429,
                _("Too many requests; try again in {n} s.", n=math.ceil(wait)),
                [(b"retry-after", str(math.ceil(wait)).encode())],
            )
            return
        limit = self.settings.max_body
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _answer(send, 413, _too_large(limit))
            return
        if length is None and "transfer-encoding" not in headers:
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:  # the body, read here up to the limit: nothing parses more than that
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            body += message.get("body", b"")
            if len(body) > limit:
                await _answer(send, 413, _too_large(limit))
                return
            if not message.get("more_body", False):
                break
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


def _too_large(limit: int) -> str:
    # i18n: the answer to a request whose body is too long
    return _("A request's body may have at most {n} bytes.", n=limit)


async def _answer(
    send: Send, status: int, detail: str, extra: list[tuple[bytes, bytes]] | None = None
) -> None:
    body = json.dumps({"detail": detail}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": body})


def raise_descriptor_limit() -> tuple[int, int]:
    """Raise the soft limit of open files to the hard limit (capped at a million); (soft, hard) after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = 1_048_576 if hard == resource.RLIM_INFINITY else hard
    target = min(target, 1_048_576)
    if soft == resource.RLIM_INFINITY or soft >= target:
        return soft, hard
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    except (ValueError, OSError):
        log.warning("could not raise the open-files limit from %d to %d", soft, target)
        return soft, hard
    return target, hard


def socket_capacity(soft: int) -> int:
    """How many sockets the open-files limit leaves room for (each is one descriptor)."""
    return max(16, soft - RESERVED_FILES)
