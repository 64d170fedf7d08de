"""What a Builders move set off: a completed building paying out, a turn ending by itself, a new round, the
final round being triggered, and the coins counted as points at the end.

Read from the public table before and after the action (taking coins or paying a wage is the action's own,
announced effect, so it is not repeated).
"""

from __future__ import annotations

from typing import Any

from masterbuilder.core.state import State
from masterbuilder.games.builders.actions import END_TURN
from masterbuilder.games.builders.data import BUILDINGS, WORKERS, amounts_text
from masterbuilder.games.builders.state import COINS_PER_POINT, END_TRIGGER_POINTS
from masterbuilder.ui.events import amount


def seat(s: int) -> str:
    return f"s{s}"


def _completion(who: int, building: int, before: dict[str, Any]) -> str:
    card = BUILDINGS[building]
    site = next(s for s in before["sites"] if s["building"] == building)
    back = len(site["workers"]) + 1  # its crew and the worker that completed it
    workers = f"{back} worker{'s' if back != 1 else ''} back"
    gains = [amount(card.coins, "coins")] if card.coins else []
    if card.points:
        gains.append(amount(card.points, "points"))
    if card.machine_worker is not None:
        works = amounts_text(WORKERS[card.machine_worker].produces)
        gains.append(f"the machine now works for {seat(who)} ({works})")
    return f"{seat(who)} completed the {card.name}: {', '.join(gains)}; {workers}"


def summarise_builders(before: State, action: int, after: State) -> list[str]:
    """The events of one Builders action (see the module's docstring)."""
    bv, av = before.view(None), after.view(None)
    lines: list[str] = []
    for old, new in zip(bv["players"], av["players"], strict=True):
        for building in new["completed"][len(old["completed"]) :]:
            lines.append(_completion(new["seat"], building, old))
    who = bv["current_player"]
    if av["is_terminal"] or av["current_player"] != who:
        if action != END_TURN:
            line = f"{seat(who)}'s turn ends (no actions left)"
            if av["round"] > bv["round"]:
                line += f"; round {av['round']}"
            lines.append(line)
        elif av["round"] > bv["round"]:
            lines.append(f"Round {av['round']}")
        if av["final_round"] and not bv["final_round"]:
            points = av["players"][who]["building_points"]
            rest = "the game is over" if av["is_terminal"] else "the round is played out, then the game ends"
            lines.append(
                f"{seat(who)} has {points} building points ({END_TRIGGER_POINTS} end the game): {rest}"
            )
    if av["is_terminal"] and not bv["is_terminal"]:
        items = [
            f"{seat(p['seat'])} +{p['coins'] // COINS_PER_POINT} ({p['coins']} coins)"
            for p in av["players"]
            if p["coins"] >= COINS_PER_POINT
        ]
        coins = ", ".join(items) if items else f"nobody has {COINS_PER_POINT}"
        limit = "" if av["final_round"] else " (the round limit)"
        lines.append(
            f"Game over after round {av['round']}{limit} · 1 point per {COINS_PER_POINT} coins: {coins}"
        )
    return lines
