"""What a Builders move set off: a completed building paying out, a turn ending by itself, a new round, the
final round being triggered, and the coins counted as points at the end.

Read from the public table before and after the action (taking coins or paying a wage is the action's own,
announced effect, so it is not repeated).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from masterbuilder.core.i18n import Text
from masterbuilder.core.state import State
from masterbuilder.core.voice import seat_name
from masterbuilder.games.builders.actions import END_TURN
from masterbuilder.games.builders.data import BUILDINGS, WORKERS, amounts_text, building_name
from masterbuilder.games.builders.state import COINS_PER_POINT, END_TRIGGER_POINTS

_ = Text("builders")
_n = _.plural


def _completion(who: int, building: int, before: dict[str, Any], names: Sequence[str]) -> str:
    card = BUILDINGS[building]
    site = next(s for s in before["sites"] if s["building"] == building)
    back = len(site["workers"]) + 1  # its crew and the worker that completed it
    points = _n("+{n} point", "+{n} points", card.points)
    if card.machine_worker is not None:
        # i18n: what a completed machine brings: {points} e.g. '+2 points', {produces} e.g. 'S3'
        gains = _(
            "{points}, the machine now works for {seat} ({produces})",
            points=points,
            seat=seat_name(who, names),
            produces=amounts_text(WORKERS[card.machine_worker].produces),
        )
    elif card.points:
        coins = _n("+{n} coin", "+{n} coins", card.coins)
        # i18n: what a completed building pays, e.g. '+12 coins, +3 points'
        gains = _("{coins}, {points}", coins=coins, points=points)
    else:
        gains = _n("+{n} coin", "+{n} coins", card.coins)
    # i18n: {gains} is what the building paid, e.g. '+12 coins, +3 points'; the workers come back free
    return _n(
        "{seat} completed the {building}: {gains}; {n} worker back",
        "{seat} completed the {building}: {gains}; {n} workers back",
        back,
        seat=seat_name(who, names),
        building=building_name(building),
        gains=gains,
    )


def summarise_builders(before: State, action: int, after: State, names: Sequence[str] = ()) -> list[str]:
    """The events of one Builders action (see the module's docstring); ``names[s]`` names seat ``s``
    ('seat 2' when not given)."""

    def seat(s: int) -> str:
        return seat_name(s, names)

    bv, av = before.view(None), after.view(None)
    lines: list[str] = []
    for old, new in zip(bv["players"], av["players"], strict=True):
        for building in new["completed"][len(old["completed"]) :]:
            lines.append(_completion(new["seat"], building, old, names))
    who = bv["current_player"]
    if av["is_terminal"] or av["current_player"] != who:
        if action != END_TURN:
            if av["round"] > bv["round"]:
                lines.append(
                    _(
                        "{seat}'s turn ends (no actions left); round {round}",
                        seat=seat(who),
                        round=av["round"],
                    )
                )
            else:
                lines.append(_("{seat}'s turn ends (no actions left)", seat=seat(who)))
        elif av["round"] > bv["round"]:
            lines.append(_("Round {round}", round=av["round"]))
        if av["final_round"] and not bv["final_round"]:
            points = av["players"][who]["building_points"]
            if av["is_terminal"]:
                lines.append(
                    # i18n: {limit} building points end the game (17)
                    _n(
                        "{seat} has {n} building point ({limit} end the game): the game is over",
                        "{seat} has {n} building points ({limit} end the game): the game is over",
                        points,
                        seat=seat(who),
                        limit=END_TRIGGER_POINTS,
                    )
                )
            else:
                lines.append(
                    # i18n: {limit} building points end the game (17)
                    _n(
                        "{seat} has {n} building point ({limit} end the game): "
                        "the round is played out, then the game ends",
                        "{seat} has {n} building points ({limit} end the game): "
                        "the round is played out, then the game ends",
                        points,
                        seat=seat(who),
                        limit=END_TRIGGER_POINTS,
                    )
                )
    if av["is_terminal"] and not bv["is_terminal"]:
        items = [
            # i18n: a seat's points for its coins at the end, e.g. 'Anna +2 (23 coins)'
            _n(
                "{seat} +{points} ({n} coin)",
                "{seat} +{points} ({n} coins)",
                p["coins"],
                seat=seat(p["seat"]),
                points=p["coins"] // COINS_PER_POINT,
            )
            for p in av["players"]
            if p["coins"] >= COINS_PER_POINT
        ]
        # i18n: nobody has {per} coins (10), so nobody scores points for coins
        coins = ", ".join(items) if items else _("nobody has {per}", per=COINS_PER_POINT)
        if av["final_round"]:
            # i18n: {scores} lists each seat's points for coins, e.g. 'Anna +2 (23 coins), Ben +1 (10 coins)'
            line = _(
                "Game over after round {round} · 1 point per {per} coins: {scores}",
                round=av["round"],
                per=COINS_PER_POINT,
                scores=coins,
            )
        else:
            # i18n: the game ended at the round limit set in the options; {scores} lists each seat's points
            # for coins, e.g. 'Anna +2 (23 coins), Ben +1 (10 coins)'
            line = _(
                "Game over after round {round} (the round limit) · 1 point per {per} coins: {scores}",
                round=av["round"],
                per=COINS_PER_POINT,
                scores=coins,
            )
        lines.append(line)
    return lines
