"""The Builders: Middle Ages in the terminal: both face-up rows, the decks and every player's site."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from masterbuilder.core.state import State
from masterbuilder.games.builders.actions import EXTRA_ACTION_PRICE
from masterbuilder.games.builders.data import BUILDINGS, WORKERS, Amounts, amounts_text
from masterbuilder.ui.renderers import seat_title

RESOURCES = ("S", "W", "K", "T")
LEGEND = "S = stone, W = wood, K = knowledge, T = tile"


def _amounts(values: Sequence[int]) -> Amounts:
    return (values[0], values[1], values[2], values[3])


def _cells(amounts: Sequence[int]) -> list[str]:
    return [str(n) if n else "·" for n in amounts]


def worker_text(worker: int) -> str:
    card = WORKERS[worker]
    if card.is_machine:
        return f"{card.code} {card.name} {amounts_text(card.produces)} (wage 0)"
    return f"{card.code} {card.name} (wage {card.wage})"


def building_text(building: int) -> str:
    card = BUILDINGS[building]
    points = f"{card.points} pt{'s' if card.points != 1 else ''}"
    pays = points if card.is_machine else f"{card.coins} coins, {points}"
    return f"{card.name} (needs {amounts_text(card.requires)}; pays {pays})"


def _machine_note(building: int) -> str:
    card = BUILDINGS[building]
    if card.machine_worker is None:
        return ""
    return f"machine: once built, works for you as {amounts_text(WORKERS[card.machine_worker].produces)}"


def _building_table(view: dict[str, Any]) -> Table:
    deck = view["building_deck_size"]
    table = Table(
        title=f"Face-up buildings (deck: {deck} card{'s' if deck != 1 else ''})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("Building")
    for r in RESOURCES:
        table.add_column(r, justify="right")
    table.add_column("Coins", justify="right")
    table.add_column("Pts", justify="right")
    table.add_column("Note", overflow="fold")
    rows = [(b, "") for b in view["building_row"]]
    if view["building_deck_top"] is not None:
        rows.append((view["building_deck_top"], "next"))
    for building, where in rows:
        card = BUILDINGS[building]
        coins = "·" if card.is_machine else str(card.coins)
        note = _machine_note(building)
        if where:
            note = "top of the deck (not yet takeable)" + (f"; {note}" if note else "")
        table.add_row(
            card.name, *_cells(card.requires), coins, str(card.points), note, style="dim" if where else None
        )
    return table


def _worker_table(view: dict[str, Any]) -> Table:
    deck = view["worker_deck_size"]
    table = Table(
        title=f"Face-up workers (deck: {deck} card{'s' if deck != 1 else ''})",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    table.add_column("Code")
    table.add_column("Kind")
    for r in RESOURCES:
        table.add_column(r, justify="right")
    table.add_column("Wage", justify="right")
    rows = [(w, False) for w in view["worker_row"]]
    if view.get("worker_deck_top") is not None:
        rows.append((view["worker_deck_top"], True))
    for worker, on_deck in rows:
        card = WORKERS[worker]
        kind = card.kind.value + (" (top of the deck)" if on_deck else "")
        table.add_row(
            card.code, kind, *_cells(card.produces), str(card.wage), style="dim" if on_deck else None
        )
    return table


def _player_panel(view: dict[str, Any], player: dict[str, Any], names: Sequence[str]) -> Panel:
    seat = player["seat"]
    to_move = view["current_player"] == seat
    lines: list[Text] = [
        Text.assemble(
            (f"{player['coins']} coins", "bold yellow"),
            " · ",
            (f"{player['building_points']} building points", "bold"),
            " · ",
            (f"score {player['score']}", "bold green"),
        )
    ]
    free = player["free_workers"]
    lines.append(Text("Free workers: " + (", ".join(worker_text(w) for w in free) if free else "none")))
    sites = player["sites"]
    if not sites:
        lines.append(Text("Under construction: none"))
    else:
        lines.append(Text("Under construction:"))
    for site in sites:
        building = site["building"]
        crew = ", ".join(WORKERS[w].code for w in site["workers"]) or "no workers yet"
        still = _amounts(site["missing"])
        line = Text(f"  {building_text(building)}: {crew}")
        if site["workers"]:
            line.append(f", have {amounts_text(_amounts(site['have']))}")
        line.append(" — still needs ")
        line.append(amounts_text(still), style="bold red")
        sent = site["sent_this_turn"]
        if sent:
            line.append(f" (sent here this turn: {sent}; the next costs {sent + 1} actions)", style="italic")
        lines.append(line)
    done = player["completed"]
    lines.append(Text("Completed: " + (", ".join(BUILDINGS[b].name for b in done) if done else "none")))
    title = seat_title(seat, names)
    if view["first_player"] == seat:
        title += " · first player"
    if to_move:
        title = f"▶ {title} · to play"
    if seat in view["winners"]:
        title += " · WINNER"
    return Panel(
        Group(*lines),
        title=title,
        title_align="left",
        border_style="bold cyan" if to_move else "dim",
        box=box.ROUNDED,
    )


def _header(view: dict[str, Any], names: Sequence[str]) -> Text:
    if view["is_terminal"]:
        return Text("The Builders: Middle Ages · game over", style="bold")
    seat = view["current_player"]
    left = view["actions_left"]
    text = Text(f"The Builders: Middle Ages · round {view['round']} · ", style="bold")
    text.append(f"{seat_title(seat, names)} to play", style="bold cyan")
    text.append(f" · {left} action{'s' if left != 1 else ''} left")
    if view["final_round"]:
        text.append(" · FINAL ROUND", style="bold red")
    return text


class BuildersRenderer:
    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        view = state.view(seat)
        parts: list[RenderableType] = [
            _header(view, names),
            _building_table(view),
            _worker_table(view),
            Text(LEGEND, style="dim"),
        ]
        parts.extend(_player_panel(view, p, names) for p in view["players"])
        return Group(*parts)

    def decision(self, state: State) -> str:
        view = state.view(state.current_player)
        if view["is_terminal"]:
            return "The game is over"
        pending = view["pending_worker"]
        if pending is not None:
            card = WORKERS[pending]
            who = f"the {card.name}" if card.is_machine else f"{card.code} ({card.name}, wage {card.wage})"
            return f"Choose the building to send {who} to"
        left = view["actions_left"]
        if left == 0:
            return f"No actions left: buy an extra action for {EXTRA_ACTION_PRICE} coins or end your turn"
        return f"Choose an action ({left} action{'s' if left != 1 else ''} left this turn)"

    def status(self, state: State) -> str:
        view = state.view(None)
        return (
            "game over"
            if view["is_terminal"]
            else f"round {view['round']}" + (" (final round)" if view["final_round"] else "")
        )

    def help(self) -> str:
        return (
            f"Resources: {LEGEND}. Each turn has 3 actions; an extra one costs {EXTRA_ACTION_PRICE} coins.\n"
            "Start a building (1 action), hire a worker (1 action), take coins (1/3/6 coins for 1/2/3 "
            "actions), or send a free worker to a building under construction: pay its wage; the first "
            "worker sent to a building in a turn costs 1 action, the second 2, and so on.\n"
            "Sending is two choices: first the worker ('send W12'), then the building ('to Inn').\n"
            "A completed building pays its coins and points and frees its workers; a completed machine "
            "works as a worker with wage 0. At 17 building points the round is finished and the game "
            "ends; the score is building points plus 1 point per 10 coins."
        )


RENDERER = BuildersRenderer()
