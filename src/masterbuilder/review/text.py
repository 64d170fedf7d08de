"""A review in the terminal: the graded decisions as a Rich table, the accuracy per seat, the key moments."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Console
from rich.table import Table

from masterbuilder.core.i18n import decimal
from masterbuilder.core.i18n import shell as _
from masterbuilder.core.registry import GAMES
from masterbuilder.review.engine import Judgement, Review
from masterbuilder.review.grades import GRADE_NAMES

GRADE_STYLES = {
    "best": "green",
    "good": "",
    "inaccuracy": "yellow",
    "mistake": "dark_orange",
    "blunder": "bold red",
}


def percent(chance: float) -> str:
    return _("{percent}%", percent=decimal(100 * chance, 0))


def duration(seconds: float) -> str:
    """'45 s', '1 min 23 s'."""
    whole = max(1, round(seconds))
    if whole < 60:
        return _("{s} s", s=whole)
    return _("{m} min {s} s", m=whole // 60, s=whole % 60)


def seat_name(seat: int, names: Sequence[str]) -> str:
    name = names[seat] if seat < len(names) and names[seat] else ""
    return _("seat {n} ({name})", n=seat, name=name) if name else _("seat {n}", n=seat)


def grade_text(grade: str) -> str:
    return _(GRADE_NAMES[grade])


def decisions_table(judgements: Sequence[Judgement], names: Sequence[str], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    # i18n: review table columns: the move number, who played, what, its grade, the winning chance
    # before the move and after it, the bot's move and the winning chance after it
    for column in (_("Move"), _("Seat"), _("Played"), _("Grade"), _("Before"), _("After"), _("Best move")):
        table.add_column(column, overflow="fold")
    for j in judgements:
        style = GRADE_STYLES[j.grade]
        best = "" if j.grade == "best" else f"{j.best_text} ({percent(j.after_best)})"
        table.add_row(
            str(j.ply + 1),
            seat_name(j.seat, names),
            j.played_text,
            f"[{style}]{grade_text(j.grade)}[/]" if style else grade_text(j.grade),
            percent(j.before),
            percent(j.after),
            best,
        )
    return table


def print_review(console: Console, result: Review, names: Sequence[str]) -> None:
    title = _.plural(
        "Review of {game}: {n} decision graded ({skipped} forced ones skipped)",
        "Review of {game}: {n} decisions graded ({skipped} forced ones skipped)",
        len(result.judgements),
        game=GAMES[result.game].local_title,
        skipped=result.skipped,
    )
    console.print(decisions_table(result.judgements, names, title))
    accuracy = Table(title=_("Accuracy"), title_justify="left")
    accuracy.add_column(_("Seat"))
    accuracy.add_column(_("Accuracy"), justify="right")
    for grade in GRADE_NAMES:
        accuracy.add_column(grade_text(grade), justify="right")
    for seat, value in result.accuracy().items():
        graded = [j for j in result.judgements if j.seat == seat]
        if not graded:
            continue
        counts = [str(sum(1 for j in graded if j.grade == g)) for g in GRADE_NAMES]
        shown = _("{percent}%", percent=decimal(value, 1)) if value is not None else "–"
        accuracy.add_row(seat_name(seat, names), shown, *counts)
    console.print(accuracy)
    moments = result.key_moments()
    if moments:
        console.print(_("Key moments:"))
    for j in moments:
        console.print(
            _(
                "  move {move}, {seat}: {played} ({grade}, {before} → {after}); the bot: {best} ({chance})",
                move=j.ply + 1,
                seat=seat_name(j.seat, names),
                played=j.played_text,
                grade=grade_text(j.grade),
                before=percent(j.before),
                after=percent(j.after),
                best=j.best_text,
                chance=percent(j.after_best),
            )
        )
