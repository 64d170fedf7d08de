"""Caylus (Ystari, 2005) for 2 to 5 players, with its 2-player rules and the simplified-favour variant."""

from typing import Any

from masterbuilder.core.i18n import N_
from masterbuilder.core.registry import BotInfo, GameInfo, Option, register
from masterbuilder.games.caylus.actions import NUM_ACTIONS
from masterbuilder.games.caylus.state import CaylusState

OPTIONS = {
    "edition": Option(
        1,
        choices=(1, 2),
        # i18n: the help of the game option 'edition' (1 or 2)
        doc=N_("1: first edition (two Architects, no Jeweller); 2: second edition (adds the Jeweller)."),
    ),
    "favours": Option(
        "table",
        choices=("table", "simple"),
        # i18n: the help of the game option 'favours' ('table' or 'simple' are values, not translated)
        doc=N_("table: the royal favour table; simple: the beginners' variant, each favour is 3 PP."),
    ),
}


def _distinct_actions(players: int, options: dict[str, Any]) -> int:
    return NUM_ACTIONS


INFO = GameInfo(
    name="caylus",
    # i18n: the game's title (its edition's title in your language)
    title=N_("Caylus"),
    min_players=2,
    max_players=5,
    options=OPTIONS,
    state_class=CaylusState,
    create=CaylusState.new,
    distinct_actions=_distinct_actions,
    package=__name__,
    pieces={
        "terminal": "terminal:RENDERER",
        "events": "events:summarise_caylus",
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
            # i18n: the description of the Caylus heuristic bot
            N_("scores each decision in PP: castle batches, production, buildings, provost bribes"),
            "heuristic:make",
        ),
    ),
)
register(INFO)

__all__ = ["INFO", "CaylusState"]
