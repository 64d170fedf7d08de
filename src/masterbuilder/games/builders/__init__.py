"""The Builders: Middle Ages (Bombyx, 2013) for 2 to 4 players."""

from typing import Any

from masterbuilder.core.i18n import N_
from masterbuilder.core.registry import BotInfo, GameInfo, Option, register
from masterbuilder.games.builders.actions import NUM_ACTIONS
from masterbuilder.games.builders.state import BuildersState

OPTIONS = {
    "tiebreak": Option(
        "shared",
        choices=("shared", "building_points"),
        # i18n: the help of the option 'tiebreak'; 'shared' and 'building_points' are its values: keep them
        doc=N_(
            "shared: the rulebook gives no tie-break, so tied players share the win; "
            "building_points: among tied players, the most points from buildings and machines wins."
        ),
    ),
    "round_limit": Option(
        100,
        minimum=0,
        maximum=10_000,
        # i18n: the help of the option 'round_limit'
        doc=N_(
            "Safety cap: the game ends after this many full rounds even if nobody reached 17 points "
            "(0 = no cap). Real games end long before; it bounds the game length for search and RL."
        ),
    ),
    "open_worker_deck": Option(
        False,
        # i18n: the help of the option 'open_worker_deck'
        doc=N_("Whether the top card of the worker deck is visible (the rulebook reveals only the row)."),
    ),
}


def _distinct_actions(players: int, options: dict[str, Any]) -> int:
    return NUM_ACTIONS


INFO = GameInfo(
    name="builders",
    # i18n: the game's title
    title=N_("The Builders: Middle Ages"),
    min_players=2,
    max_players=4,
    options=OPTIONS,
    state_class=BuildersState,
    create=BuildersState.new,
    distinct_actions=_distinct_actions,
    package=__name__,
    pieces={
        "terminal": "terminal:RENDERER",
        "events": "events:summarise_builders",
        "observation": "observation:ENCODING",
        "search": "search:SETTINGS",
        "adapters": "adapters:ADAPTERS",
        "board": "board:draw",
        "schema": "schema:SCHEMA",
        "panel": "panel:PANEL",
    },
    bots=(
        BotInfo(
            "greedy",
            # i18n: what the bot 'greedy' does, in a list of bots
            N_("plans each turn with a small search and a value estimate"),
            "heuristic:make",
            presets={"fast": "heuristic:make_fast"},
        ),
        # i18n: what the bot 'heuristic' does, in a list of bots
        BotInfo("heuristic", N_("The Builders' heuristic bot (the greedy bot)"), "heuristic:make"),
    ),
)
register(INFO)

__all__ = ["INFO", "BuildersState"]
