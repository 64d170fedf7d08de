"""Master Builder: rules engines, bots and research tooling for three master-builder board games."""

from masterbuilder import games as _games  # noqa: F401  (registers every game)

from masterbuilder import agents as _agents  # noqa: F401  (registers every bot)  # isort: skip
from masterbuilder.core import GAMES, Action, GameInfo, IllegalAction, State, load_record, new_game

__all__ = ["GAMES", "Action", "GameInfo", "IllegalAction", "State", "load_record", "new_game"]
__version__ = "0.1.0"
