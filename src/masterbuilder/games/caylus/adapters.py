"""Caylus's settings of the research adapters (OpenSpiel, PettingZoo, Gymnasium)."""

from collections.abc import Mapping
from typing import Any

from masterbuilder.interop.settings import AdapterSettings

# Caylus has no cheap proven bound on its length. It lasts at most 18 turns (the bailiff moves at least one
# space a turn, from space 6 to the towers' mark 24); the bound is that many turns times twice the most
# decisions measured in one turn, rounded up. Measured by player count (2 / 3 / 4 / 5) over 5,000 random
# games and 350 games of heuristic and random bots each: most decisions in one turn 37 / 45 / 52 / 63;
# longest games 352 / 362 / 404 / 441 decisions. The bounds are 4 to 5 times those.
MAX_GAME_LENGTH = {2: 1500, 3: 1700, 4: 1900, 5: 2300}


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    return MAX_GAME_LENGTH[players]


# The longest game seen at any player count with the default options (200 random-play and 20 heuristic
# games per count): 398 actions (heuristic, 5 players); the bound leaves a wide margin.
ADAPTERS = AdapterSettings(
    gymnasium_id="masterbuilder/Caylus-v0", episode_bound=800, max_game_length=max_game_length
)
