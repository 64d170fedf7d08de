"""Seat tokens, the Origin check and the per-connection rate limit."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections.abc import Iterable
from urllib.parse import urlsplit

TOKEN_BYTES = 24  # 192 bits


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    # surrogatepass: a lone surrogate (JSON "\udc80") hashes to something that matches no token
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def origin_allowed(
    origin: str | None, host: str | None, allowed: Iterable[str], names: Iterable[str] = ()
) -> bool:
    """A browser's socket must come from a page of this server (same host and port), an allowed origin, or
    a page on one of the server's allowed host ``names`` (a proxy may pass another Host on). Clients that
    send no Origin (not browsers) are let through: they cannot ride on a user's session."""
    if origin is None:
        return True
    if origin.rstrip("/") in {a.rstrip("/") for a in allowed}:
        return True
    try:
        name = urlsplit(origin).hostname
    except ValueError:  # not a URL
        return False
    if name and name in {n for n in names if n != "*"}:  # "*" answers any Host, but trusts no page
        return True
    netloc = urlsplit(origin).netloc
    return bool(host) and netloc.lower() == (host or "").lower()


class RateLimit:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        moment = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (moment - self.stamp) * self.rate)
        self.stamp = moment
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
