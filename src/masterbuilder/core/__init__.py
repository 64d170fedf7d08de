"""Game-agnostic core: the State protocol, Action, IllegalAction, seeded RNG, records and the registry."""

from masterbuilder.core.action import Action
from masterbuilder.core.errors import IllegalAction
from masterbuilder.core.registry import GAMES, GameInfo, Option, game_info, load_record, new_game, register
from masterbuilder.core.rng import SplitMix64
from masterbuilder.core.state import State

__all__ = [
    "GAMES",
    "Action",
    "GameInfo",
    "IllegalAction",
    "Option",
    "SplitMix64",
    "State",
    "game_info",
    "load_record",
    "new_game",
    "register",
]
