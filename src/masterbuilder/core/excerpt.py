"""Short excerpts of input for messages: a message that echoes input never grows with it."""

from __future__ import annotations

from typing import Any

from masterbuilder.core.i18n import shell as _

_n = _.plural


def excerpt(value: Any, limit: int = 40, quote: bool = True) -> str:
    """``repr(value)`` (or ``str`` with ``quote=False``) cut to about ``limit`` characters, for messages that
    echo input: a 50 MB name gives a short message."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]
        text = (repr(value) if quote else value) + "…"
    elif isinstance(value, list | dict | tuple) and len(value) > limit:
        # i18n: stands for a long value in a message: 'a list of 5000 items'
        text = _n("a {type} of {n} item", "a {type} of {n} items", len(value), type=type(value).__name__)
    else:
        try:
            text = repr(value) if quote else str(value)
        except ValueError:  # an int too long to print
            # i18n: stands for a huge number in a message: 'an int too long to print'
            text = _("an {type} too long to print", type=type(value).__name__)
    return text if len(text) <= limit + 3 else text[:limit] + "…"
