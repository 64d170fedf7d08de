"""The games. Importing this package registers each of them in ``masterbuilder.core.GAMES``."""

from masterbuilder.games import builders as builders

__all__ = ["builders"]
