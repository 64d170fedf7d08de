"""Wording read against the rulebooks (issue 27): Caylus 1303's building tags in Polish, cubes counted in
Romanian, English singulars, a one-column range of the favour table, and refusals that name the place in
the player's language instead of the English action label."""

from __future__ import annotations

import re
from dataclasses import replace

from rich.console import Console

from masterbuilder import new_game
from masterbuilder.core.i18n import use_language
from masterbuilder.games.builders.terminal import _player_panel
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.data import cube_count
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import T_FAVOURS
from masterbuilder.games.caylus1303.data import (
    TILES,
    Effect,
    Family,
    Get,
    Side,
    amount,
    offer_parts,
    res_name,
)
from masterbuilder.games.caylus1303.terminal import building_at, family_word, side_text
from masterbuilder.ui.terminal import TerminalTable
from tests.caylus.helpers import STOP, fresh, run


def tile_named(name: str, family: Family) -> int:
    return next(t.id for t in TILES if t.name == name and t.family is family)


def test_polish_caylus1303_tags_are_the_rulebooks_adjectives_not_resources() -> None:
    # rules: Caylus 1303, Polish rulebook, «Budynki drewniane», «Budynki kamienne», «budynki podstawowe»
    with use_language("pl"):
        sawmill_stone = TILES[tile_named("Sawmill", Family.STONE)].title
        farm_wood = TILES[tile_named("Farm", Family.WOOD)].title
        farm_start = TILES[tile_named("Farm", Family.START)].title
        on_road = building_at(TILES[tile_named("Farm", Family.WOOD)], "wood", 14)
        tags = [family_word(f) for f in ("start", "wood", "stone")]
        resources = [res_name(r) for r in (1, 2)]
    assert sawmill_stone == "Tartak (budynek kamienny)"
    assert tags == ["podstawowy", "drewniany", "kamienny"] and resources == ["drewno", "kamień"]
    assert farm_wood.endswith("(budynek drewniany)") and farm_start.endswith("(budynek podstawowy)")
    assert on_road.endswith("(budynek drewniany, pole 14)")
    for text in (sawmill_stone, farm_wood, farm_start, on_road):
        assert not re.search(r"\((drewno|kamień|podst\.)", text), text


def test_romanian_counts_cubes() -> None:
    # rules: Caylus, Romanian rulebook: «produce 2 cuburi de hrana SAU unul de textil»
    with use_language("ro"):
        assert cube_count(0, 2) == "2 cuburi de hrană"
        assert cube_count(3, 1) == "1 cub de textil"
        assert cube_count(4, 20) == "20 de cuburi de aur"
        assert amount(1, 3) == "3 cuburi de lemn"  # Caylus 1303
        state = new_game("caylus", 2, 3)
        told = [state.describe_action(a) for a in state.legal_action_ids()]
    assert not [t for t in told if re.search(r"\d (hrană|lemn|piatră|textil|aur)\b", t)]


def test_english_singulars() -> None:
    view = new_game("builders", 2, 1).view(None)
    player = {**view["players"][0], "coins": 1, "building_points": 1}
    console = Console(width=200, record=True)
    console.print(_player_panel(view, player, ["Ann", "Bob"]))
    panel = console.export_text()
    assert "1 coin ·" in panel and "1 building point ·" in panel
    gain = Side(Effect.GAIN, workers=1)
    assert side_text(gain) == "+1 worker"
    trade = next(o for t in TILES for o in t.built.offers if o.get is Get.WORKERS)
    assert offer_parts(replace(trade, gets=1))[1] == "1 worker from the camp"


def test_a_favour_with_one_column_in_reach_says_so() -> None:
    # rules: Caylus, royal favours: "Następnie gracz ten może użyć jednego z efektów, jakie zapewnia
    # wybrany wiersz" — with the marker on column 1 there is one effect, not "one of columns 1-1"
    s = fresh(players=3, seed=2)
    run(s, [STOP, (T_FAVOURS, 0, 1)])
    for lang in ("en", "pl", "de", "ro"):
        with use_language(lang):
            text = s.describe_action(A.ROW + 2)
        assert not re.search(r"1\s*[-–]\s*1\b", text), (lang, text)


def test_a_refusal_in_polish_names_the_place_in_polish() -> None:
    state = new_game("caylus", 3, 1)
    assert isinstance(state, CaylusState)
    space = next(s for s in range(1, 29) if state.tile_at(s) is not None)
    action = A.target_space(space)  # a lawyer's target: not a choice while workers are placed
    with use_language("pl"):
        reason = state.illegal_reason(action)
    assert reason is not None and reason.startswith("Nie możesz teraz wybrać: pole ")
    assert state.action_label(action) not in reason  # 'space 5', the English id
    with use_language("en"):
        english = state.illegal_reason(action)
    assert english is not None and english.startswith(f"You cannot choose space {space} (")
    state1303 = new_game("caylus1303", 3, 1)
    with use_language("pl"):
        refusal = state1303.illegal_reason(7)  # 'place 5' during the character draft
    assert refusal is not None and "place 5" not in refusal and "pole 5" in refusal


def test_the_terminal_announces_moves_without_the_english_label_outside_english() -> None:
    """The bracketed label is the English id a person types; after an announced move (in a language
    that has the words) it is left out. The menu of moves keeps it: it is what to type."""
    state = new_game("caylus", 2, 4)
    action = state.legal_action_ids()[-1]
    label = state.action_label(action)
    for code, shown in (("en", True), ("pl", False)):
        with use_language(code):
            console = Console(width=200, record=True)
            table = TerminalTable(state.clone(), ["Ann", "Bob"], console, ask=lambda prompt: "q")
            text = table.move_text(0, action).plain
        assert (f"[{label}]" in text) is shown, (code, text)
