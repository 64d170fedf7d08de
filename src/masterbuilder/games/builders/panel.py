"""The Builders' player panel on the web table: points, coins, the workers not on a site, the buildings and
machines completed."""

from masterbuilder.core.panel import Item, Panel

PANEL = Panel(
    score="score",
    items=(
        Item("coins", "res.coins"),
        Item("free_workers", "res.free_workers", count=True),
        Item("completed", "res.completed", count=True),
    ),
)
