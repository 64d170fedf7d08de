"""Short excerpts of input for messages: a message that echoes input never grows with it."""

from __future__ import annotations

from typing import Any


def excerpt(value: Any, limit: int = 40, quote: bool = True) -> str:
    """``repr(value)`` (or ``str`` with ``quote=False``) cut to about ``limit`` characters, for messages that
    echo input: a 50 MB name gives a short message."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
        text = (repr(value) if quote else value) + "…"
    elif isinstance(value, list | dict | tuple) and len(value) > limit:
        text = f"a {type(value).__name__} of {len(value)} items"
    else:
        try:
            text = repr(value) if quote else str(value)
        except ValueError:  # an int too long to print
            text = f"an {type(value).__name__} too long to print"
    return text if len(text) <= limit + 3 else text[:limit] + "…"
