"""The games. Importing this package registers each of them in ``masterbuilder.core.GAMES``."""

from masterbuilder.games import builders as builders
from masterbuilder.games import caylus as caylus
from masterbuilder.games import caylus1303 as caylus1303

__all__ = ["builders", "caylus", "caylus1303"]
