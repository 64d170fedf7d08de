"""Caylus 1303's player panel on the web table: prestige (hidden from the others until the end), the five
resources, workers, the camp and the houses."""

from masterbuilder.core.panel import Item, Panel

PANEL = Panel(
    score="prestige",
    items=(
        Item("resources.food", "res.food", "#e0609c"),
        Item("resources.wood", "res.wood", "#9a5b2e"),
        Item("resources.stone", "res.stone", "#8d979f"),
        Item("resources.cloth", "res.cloth", "#5566d6"),
        Item("resources.gold", "res.gold", "#efc21a"),
        Item("workers", "res.workers"),
        Item("camp", "res.camp"),
        Item("houses", "res.houses"),
    ),
)
