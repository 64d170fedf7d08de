"""The Builders' settings of the research adapters (OpenSpiel, PettingZoo, Gymnasium), with its cards turned
face up during play as OpenSpiel chance nodes (``deal="reveal"``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from masterbuilder.core.state import State
from masterbuilder.games.builders import actions, data
from masterbuilder.games.builders.state import BuildersState
from masterbuilder.interop.settings import AdapterSettings

COINS = sum(data.COINS)  # every coin a completed building can pay, over the whole game
REVEAL_WORKER = 1
REVEAL_BUILDING = 2


def _builders(state: State) -> BuildersState:
    assert isinstance(state, BuildersState)
    return state


class CardReveals:
    """The workers that fill the row after a hire and the new top of the building deck after a start (and
    of the worker deck with ``open_worker_deck``), as chance outcomes over the cards not yet seen."""

    max_outcomes = max(data.NUM_WORKER_CARDS, data.NUM_BUILDING_CARDS)

    def reveal_kind(self, state: State, action: int) -> int:
        core = _builders(state)
        if actions.START <= action < actions.HIRE:
            # the visible top joins the row; the card below it becomes the visible top
            return REVEAL_BUILDING if len(core._bdeck) > 2 else 0
        if actions.HIRE <= action < actions.SEND:
            # closed deck: the top card fills the row; open deck: the top (already seen) does, and the next
            # card becomes the visible top
            unseen = len(core._wdeck) - (1 if core.options["open_worker_deck"] else 0)
            return REVEAL_WORKER if unseen > 1 else 0
        return 0

    def reveal_deck(self, state: State, kind: int) -> tuple[list[int], int, int]:
        core = _builders(state)
        if kind == REVEAL_BUILDING:
            return core._bdeck, len(core._bdeck) - 1, len(core._bdeck) - 2
        if core.options["open_worker_deck"]:
            return core._wdeck, len(core._wdeck) - 1, len(core._wdeck) - 2
        return core._wdeck, len(core._wdeck), len(core._wdeck) - 1

    def apply_logged(self, state: State, action: int) -> str:
        core = _builders(state)
        slot = -1
        if actions.HIRE <= action < actions.SEND and (action - actions.HIRE) in core._wrow:
            slot = core._wrow.index(action - actions.HIRE)
        core.apply(action)
        if actions.START <= action < actions.HIRE:
            return f"{action}:b{core._bdeck[-1]}" if core._bdeck else str(action)
        if slot >= 0:
            if core.options["open_worker_deck"]:
                return f"{action}:w{core._wdeck[-1]}" if core._wdeck else str(action)
            return f"{action}:w{core._wrow[slot]}"
        return str(action)

    def reveal_label(self, action: int, card: int) -> str:
        if actions.START <= action < actions.HIRE:
            return f"reveal {data.BUILDINGS[card].name}"
        return f"reveal {data.WORKERS[card].code}"


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    # Per turn at most one "end turn"; every other decision spends an action (a send is two decisions for at
    # least one action) or buys one for 5 coins. With T turns, A actions and B bought actions: A <= 3T + B
    # and 5B <= coins ever gained <= 10 * players + 2A + 448, so B <= (10P + 6T + 448) / 3 and
    # decisions <= T + B + 2A <= 13T + 10P + 448.
    turns = int(options["round_limit"]) * players
    return 13 * turns + 10 * players + COINS


def check_options(options: Mapping[str, Any]) -> None:
    if options["round_limit"] == 0:
        raise ValueError(
            "OpenSpiel needs a bounded game: the option 'round_limit' must be at least 1 (0 means no limit)."
        )


# The longest game seen at any player count with the default options (200 random-play and 20 heuristic
# games per count): 1,272 actions (random, 4 players); the bound leaves a wide margin.
ADAPTERS = AdapterSettings(
    gymnasium_id="masterbuilder/Builders-v0",
    episode_bound=2600,
    max_game_length=max_game_length,
    chance=CardReveals(),
    check_options=check_options,
)
