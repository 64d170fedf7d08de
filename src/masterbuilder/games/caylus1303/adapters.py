"""Caylus 1303's settings of the research adapters (OpenSpiel, PettingZoo, Gymnasium)."""

from collections.abc import Mapping
from typing import Any

from masterbuilder.interop.settings import AdapterSettings

# Caylus 1303 has no cheap proven bound on its length. It lasts 9 rounds after the draft (10 in all); the
# bound is that many rounds times twice the most decisions measured in one round, rounded up. Measured by
# player count (2 / 3 / 4 / 5) over 5,000 random games and 350 games of heuristic and random bots each: most
# decisions in one round 36 / 40 / 47 / 51; longest games 205 / 250 / 297 / 314 decisions. The bounds are 4
# to 5 times those.
MAX_GAME_LENGTH = {2: 900, 3: 1050, 4: 1200, 5: 1350}


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    return MAX_GAME_LENGTH[players]


# The longest game seen at any player count with the default options (200 random-play and 20 heuristic
# games per count): 303 actions (heuristic, 5 players); the bound leaves a wide margin. The other seats'
# prestige is face down until the end of the game.
ADAPTERS = AdapterSettings(
    gymnasium_id="masterbuilder/Caylus1303-v0",
    episode_bound=650,
    max_game_length=max_game_length,
    hidden_scores=True,
)
