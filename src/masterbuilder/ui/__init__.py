"""Terminal front-end: a game-agnostic play loop and replays. Each game's table renderer and event summariser
are the game's own (its ``terminal`` and ``events`` modules), found through its ``GameInfo``."""

from masterbuilder.ui.renderers import Renderer, renderer_for
from masterbuilder.ui.terminal import HUMAN, Ending, TerminalTable, parse_move

__all__ = [
    "HUMAN",
    "Ending",
    "Renderer",
    "TerminalTable",
    "parse_move",
    "renderer_for",
]
