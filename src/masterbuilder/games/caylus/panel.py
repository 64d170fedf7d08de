"""Caylus's player panel on the web table: prestige, deniers, the five cubes, workers at home."""

from masterbuilder.core.panel import Item, Panel

PANEL = Panel(
    score="prestige",
    items=(
        Item("deniers", "res.deniers"),
        Item("cubes.food", "res.food", "#e87fb1"),
        Item("cubes.wood", "res.wood", "#94592c"),
        Item("cubes.stone", "res.stone", "#9ea4aa"),
        Item("cubes.cloth", "res.cloth", "#7e5cc8"),
        Item("cubes.gold", "res.gold", "#f3c614"),
        Item("workers_at_home", "res.workers"),
    ),
)
