"""The Builders: Middle Ages in the terminal: both face-up rows, the decks and every player's site."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from masterbuilder.core import i18n
from masterbuilder.core.state import State
from masterbuilder.games.builders.actions import EXTRA_ACTION_PRICE
from masterbuilder.games.builders.data import (
    BUILDINGS,
    WORKERS,
    Amounts,
    amounts_text,
    building_name,
    kind_name,
    letter,
    worker_name,
)
from masterbuilder.ui.renderers import seat_title

_ = i18n.Text("builders")
_n = _.plural


def legend() -> str:
    """'S = stone, W = wood, K = knowledge, T = tile' in the current language."""
    # i18n: the resource letters explained; each {X} is a letter as translated on its own
    return _(
        "{S} = stone, {W} = wood, {K} = knowledge, {T} = tile",
        S=letter(0),
        W=letter(1),
        K=letter(2),
        T=letter(3),
    )


def _amounts(values: Sequence[int]) -> Amounts:
    return (values[0], values[1], values[2], values[3])


def _cells(amounts: Sequence[int]) -> list[str]:
    return [str(n) if n else "·" for n in amounts]


def worker_text(worker: int) -> str:
    card = WORKERS[worker]
    if card.is_machine:
        # i18n: a built machine among a player's workers: its code ('M1'), name and what it produces ('S2')
        return _(
            "{code} {machine} {produces} (wage 0)",
            code=card.code,
            machine=worker_name(worker),
            produces=amounts_text(card.produces),
        )
    # i18n: a worker card: its code ('W12') and name ('Apprentice S1 W1')
    return _("{code} {worker} (wage {wage})", code=card.code, worker=worker_name(worker), wage=card.wage)


def building_text(building: int) -> str:
    card = BUILDINGS[building]
    # i18n: points, abbreviated
    points = _n("{n} pt", "{n} pts", card.points)
    if card.is_machine:
        return _(
            "{building} (needs {needs}; pays {points})",
            building=building_name(building),
            needs=amounts_text(card.requires),
            points=points,
        )
    # i18n: {coins} e.g. '12 coins', {points} e.g. '3 pts'
    return _(
        "{building} (needs {needs}; pays {coins}, {points})",
        building=building_name(building),
        needs=amounts_text(card.requires),
        coins=_n("{n} coin", "{n} coins", card.coins),
        points=points,
    )


def _machine_note(building: int) -> str:
    card = BUILDINGS[building]
    if card.machine_worker is None:
        return ""
    # i18n: {produces} is what the machine produces as a worker, e.g. 'S2'
    return _(
        "machine: once built, works for you as {produces}",
        produces=amounts_text(WORKERS[card.machine_worker].produces),
    )


def _building_table(view: dict[str, Any]) -> Table:
    table = Table(
        title=_n(
            "Face-up buildings (deck: {n} card)",
            "Face-up buildings (deck: {n} cards)",
            view["building_deck_size"],
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    # i18n: a column header: the building's name
    table.add_column(_("Building"))
    for r in range(4):
        table.add_column(letter(r), justify="right")
    # i18n: a column header: the coins a building pays
    table.add_column(_("Coins"), justify="right")
    # i18n: a column header: the points a building scores (abbreviated)
    table.add_column(_("Pts"), justify="right")
    # i18n: a column header
    table.add_column(_("Note"), overflow="fold")
    rows = [(b, False) for b in view["building_row"]]
    if view["building_deck_top"] is not None:
        rows.append((view["building_deck_top"], True))
    for building, on_deck in rows:
        card = BUILDINGS[building]
        coins = "·" if card.is_machine else str(card.coins)
        note = _machine_note(building)
        if on_deck:
            note = (
                _("top of the deck (not yet takeable); {note}", note=note)
                if note
                else _("top of the deck (not yet takeable)")
            )
        table.add_row(
            building_name(building),
            *_cells(card.requires),
            coins,
            str(card.points),
            note,
            style="dim" if on_deck else None,
        )
    return table


def _worker_table(view: dict[str, Any]) -> Table:
    table = Table(
        title=_n(
            "Face-up workers (deck: {n} card)", "Face-up workers (deck: {n} cards)", view["worker_deck_size"]
        ),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )
    # i18n: a column header: the worker card's code ('W12')
    table.add_column(_("Code"))
    # i18n: a column header: the kind of worker (Apprentice, Laborer, Craftsman, Master)
    table.add_column(_("Kind"))
    for r in range(4):
        table.add_column(letter(r), justify="right")
    # i18n: a column header: the worker's wage in coins
    table.add_column(_("Wage"), justify="right")
    rows = [(w, False) for w in view["worker_row"]]
    if view.get("worker_deck_top") is not None:
        rows.append((view["worker_deck_top"], True))
    for worker, on_deck in rows:
        card = WORKERS[worker]
        kind = kind_name(card.kind)
        if on_deck:
            # i18n: {kind} is a kind of worker ('Apprentice') on the card lying on the deck
            kind = _("{kind} (top of the deck)", kind=kind)
        table.add_row(
            card.code, kind, *_cells(card.produces), str(card.wage), style="dim" if on_deck else None
        )
    return table


def _styled(template: str, field: str, value: str, style: str, **fields: Any) -> Text:
    """The translated ``template`` formatted with ``fields``, its ``{field}`` filled with ``value`` in
    ``style``."""
    marker = "\x00"
    before, _sep, after = template.format(**{field: marker}, **fields).partition(marker)
    return Text.assemble(before, (value, style), after)


def _player_panel(view: dict[str, Any], player: dict[str, Any], names: Sequence[str]) -> Panel:
    seat = player["seat"]
    to_move = view["current_player"] == seat
    points = player["building_points"]
    lines: list[Text] = [
        Text.assemble(
            # i18n: a player's coins
            (_n("{n} coin", "{n} coins", player["coins"]), "bold yellow"),
            " · ",
            # i18n: a player's points from buildings
            (_n("{n} building point", "{n} building points", points), "bold"),
            " · ",
            # i18n: a player's score so far
            (_("score {score}", score=player["score"]), "bold green"),
        )
    ]
    free = player["free_workers"]
    if free:
        lines.append(Text(_("Free workers: {workers}", workers=", ".join(worker_text(w) for w in free))))
    else:
        lines.append(Text(_("Free workers: none")))
    sites = player["sites"]
    if not sites:
        lines.append(Text(_("Under construction: none")))
    else:
        lines.append(Text(_("Under construction:")))
    for site in sites:
        building = site["building"]
        still = amounts_text(_amounts(site["missing"]))
        if site["workers"]:
            line = _styled(
                # i18n: a building under construction: {crew} lists its workers' codes ('W03, W12'), {have}
                # and {needs} are amounts ('S1 K2')
                _("{building}: {crew}, have {have} — still needs {needs}"),
                "needs",
                still,
                "bold red",
                building=building_text(building),
                crew=", ".join(WORKERS[w].code for w in site["workers"]),
                have=amounts_text(_amounts(site["have"])),
            )
        else:
            line = _styled(
                # i18n: a building under construction; {needs} is an amount ('S1 K2')
                _("{building}: no workers yet — still needs {needs}"),
                "needs",
                still,
                "bold red",
                building=building_text(building),
            )
        line = Text("  ").append_text(line)
        sent = site["sent_this_turn"]
        if sent:
            line.append(" ")
            line.append(
                _n(
                    "(sent here this turn: {sent}; the next costs {n} action)",
                    "(sent here this turn: {sent}; the next costs {n} actions)",
                    sent + 1,
                    sent=sent,
                ),
                style="italic",
            )
        lines.append(line)
    done = player["completed"]
    if done:
        lines.append(Text(_("Completed: {buildings}", buildings=", ".join(building_name(b) for b in done))))
    else:
        lines.append(Text(_("Completed: none")))
    tags = [seat_title(seat, names)]
    if view["first_player"] == seat:
        # i18n: a tag after a player's name
        tags.append(_("first player"))
    if to_move:
        # i18n: a tag after a player's name: this player moves now
        tags.append(_("to play"))
    if seat in view["winners"]:
        # i18n: a tag after a player's name at the end of the game
        tags.append(_("WINNER"))
    title = " · ".join(tags)
    if to_move:
        title = f"▶ {title}"
    return Panel(
        Group(*lines),
        title=title,
        title_align="left",
        border_style="bold cyan" if to_move else "dim",
        box=box.ROUNDED,
    )


def _header(view: dict[str, Any], names: Sequence[str]) -> Text:
    if view["is_terminal"]:
        return Text(_("The Builders: Middle Ages · game over"), style="bold")
    seat = view["current_player"]
    left = view["actions_left"]
    text = Text(_("The Builders: Middle Ages · round {round}", round=view["round"]) + " · ", style="bold")
    # i18n: {seat} is the name of the player who moves now
    text.append(_("{seat} to play", seat=seat_title(seat, names)), style="bold cyan")
    text.append(" · " + _n("{n} action left", "{n} actions left", left))
    if view["final_round"]:
        text.append(" · " + _("FINAL ROUND"), style="bold red")
    return text


class BuildersRenderer:
    def table(self, state: State, seat: int | None, names: Sequence[str]) -> RenderableType:
        view = state.view(seat)
        parts: list[RenderableType] = [
            _header(view, names),
            _building_table(view),
            _worker_table(view),
            Text(legend(), style="dim"),
        ]
        parts.extend(_player_panel(view, p, names) for p in view["players"])
        return Group(*parts)

    def decision(self, state: State) -> str:
        view = state.view(state.current_player)
        if view["is_terminal"]:
            return _("The game is over")
        pending = view["pending_worker"]
        if pending is not None:
            card = WORKERS[pending]
            if card.is_machine:
                return _("Choose the building to send the {machine} to", machine=worker_name(pending))
            # i18n: {code} is the worker card's code ('W12'), {worker} its name ('Apprentice S1 W1')
            return _(
                "Choose the building to send {code} ({worker}, wage {wage}) to",
                code=card.code,
                worker=worker_name(pending),
                wage=card.wage,
            )
        left = view["actions_left"]
        if left == 0:
            return _n(
                "No actions left: buy an extra action for {n} coin or end your turn",
                "No actions left: buy an extra action for {n} coins or end your turn",
                EXTRA_ACTION_PRICE,
            )
        return _n(
            "Choose an action ({n} action left this turn)",
            "Choose an action ({n} actions left this turn)",
            left,
        )

    def status(self, state: State) -> str:
        view = state.view(None)
        if view["is_terminal"]:
            # i18n: the game's status, shown in a status line
            return _("game over")
        if view["final_round"]:
            # i18n: the game's status, shown in a status line
            return _("round {round} (final round)", round=view["round"])
        # i18n: the game's status, shown in a status line
        return _("round {round}", round=view["round"])

    def help(self) -> str:
        return "\n".join(
            (
                _n(
                    "Resources: {legend}. Each turn has 3 actions; an extra one costs {n} coin.",
                    "Resources: {legend}. Each turn has 3 actions; an extra one costs {n} coins.",
                    EXTRA_ACTION_PRICE,
                    legend=legend(),
                ),
                _(
                    "Start a building (1 action), hire a worker (1 action), take coins (1/3/6 coins for "
                    "1/2/3 actions), or send a free worker to a building under construction: pay its wage; "
                    "the first worker sent to a building in a turn costs 1 action, the second 2, and so on."
                ),
                # i18n: 'send W12' and 'to Inn' are commands the player types: keep them in English
                _("Sending is two choices: first the worker ('send W12'), then the building ('to Inn')."),
                _(
                    "A completed building pays its coins and points and frees its workers; a completed "
                    "machine works as a worker with wage 0. At 17 building points the round is finished and "
                    "the game ends; the score is building points plus 1 point per 10 coins."
                ),
            )
        )


RENDERER = BuildersRenderer()
