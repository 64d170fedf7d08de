"""Terminal front-end: a game-agnostic play loop, replays, and one renderer and one event summariser per
game.

Importing this package registers every renderer and summariser.
"""

from masterbuilder.ui import builders_events as _builders_events  # noqa: F401  (registers its summariser)
from masterbuilder.ui import builders_view as _builders_view  # noqa: F401  (registers its renderer)
from masterbuilder.ui import caylus1303_events as _caylus1303_events  # noqa: F401  (registers its summariser)
from masterbuilder.ui import caylus1303_view as _caylus1303_view  # noqa: F401  (registers its renderer)
from masterbuilder.ui import caylus_events as _caylus_events  # noqa: F401  (registers its summariser)
from masterbuilder.ui import caylus_view as _caylus_view  # noqa: F401  (registers its renderer)
from masterbuilder.ui.renderers import RENDERERS, Renderer, register_renderer, renderer_for
from masterbuilder.ui.terminal import HUMAN, Ending, TerminalTable, parse_move

__all__ = [
    "HUMAN",
    "RENDERERS",
    "Ending",
    "Renderer",
    "TerminalTable",
    "parse_move",
    "register_renderer",
    "renderer_for",
]
