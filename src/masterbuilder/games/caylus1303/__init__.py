"""Caylus 1303 (Space Cowboys, 2019) for 2 to 5 players, with its 12 characters."""

from typing import Any

from masterbuilder.core.i18n import N_
from masterbuilder.core.registry import BotInfo, GameInfo, Option, register
from masterbuilder.games.caylus1303.actions import NUM_ACTIONS
from masterbuilder.games.caylus1303.state import Caylus1303State

OPTIONS = {
    "characters": Option(
        "random",
        choices=("random", "recommended"),
        # i18n: a game option's help; 'random' and 'recommended' are its values (typed as they are)
        doc=N_("random: players + 3 characters drawn at random; recommended: the rulebook's first-game set."),
    ),
}


def _distinct_actions(players: int, options: dict[str, Any]) -> int:
    return NUM_ACTIONS


INFO = GameInfo(
    name="caylus1303",
    # i18n: the game's title (its edition's title in your language)
    title=N_("Caylus 1303"),
    min_players=2,
    max_players=5,
    options=OPTIONS,
    state_class=Caylus1303State,
    create=Caylus1303State.new,
    distinct_actions=_distinct_actions,
    package=__name__,
    pieces={
        "terminal": "terminal:RENDERER",
        "events": "events:summarise_caylus1303",
        "observation": "observation:ENCODING",
        "search": "search:SETTINGS",
        "adapters": "adapters:ADAPTERS",
        "board": "board:draw",
        "schema": "schema:SCHEMA",
        "panel": "panel:PANEL",
    },
    bots=(
        BotInfo(
            "heuristic",
            # i18n: what the heuristic bot does
            N_("scores each decision in PP: bundles, buildings, residences, monuments, workers, the provost"),
            "heuristic:make",
        ),
    ),
)
register(INFO)

__all__ = ["INFO", "Caylus1303State"]
