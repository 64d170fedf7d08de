"""Caylus 1303's board in long languages: an effect keeps its last words, long texts are squeezed no
further than they must, and a player's third line of marks stays inside the row."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from masterbuilder import new_game
from masterbuilder.core.board import draw_board, text_width
from masterbuilder.core.i18n import use_language

SVG = "{http://www.w3.org/2000/svg}"


def _svg(lang: str, players: int = 3, moves: int = 0) -> str:
    with use_language(lang):
        state = new_game("caylus1303", players=players, seed=0)
        for _ in range(moves):
            state.apply(state.legal_action_ids()[0])
        return str(draw_board(state, 0)["svg"])


def test_the_notary_keeps_its_last_words_in_german() -> None:
    # '→ Startgebäude in Besitz nehmen' needs a third line at 15 px; it used to lose 'Besitz nehmen'
    root = ET.fromstring(_svg("de"))
    notary = next(g for g in root.iter(f"{SVG}g") if g.get("id") == "road-2")
    words = " ".join("".join(t.itertext()) for t in notary.iter(f"{SVG}text"))
    assert "Besitz nehmen" in words


@pytest.mark.parametrize("lang", ["pl", "de", "ro"])
def test_squeezed_texts_keep_most_of_their_width(lang: str) -> None:
    svg = _svg(lang, 5)
    squeezed = re.findall(
        r'<text [^>]*font-size="([\d.]+)"( font-weight="bold")?[^>]*textLength="([\d.]+)"[^>]*>([^<]*)<', svg
    )
    for size, bold, length, text in squeezed:
        assert float(length) >= 0.7 * text_width(text, float(size), bool(bold)) - 0.1, text
    for match in re.finditer(r'transform="matrix\(([\d.]+) 0 0 1', svg):
        assert float(match.group(1)) >= 0.8


def test_three_lines_of_marks_stay_in_the_row() -> None:
    # German: '▶ entscheidet', '★ Startspieler' and 'als 1. gepasst' take a line each
    with use_language("de"):
        state = new_game("caylus1303", players=3, seed=0)
        while not (state.view(0)["passing_order"] and state.current_player == state.view(0)["first_player"]):
            if state.is_terminal:
                pytest.skip("no such position in this game")
            state.apply(state.legal_action_ids()[-1])
        svg = str(draw_board(state, state.current_player)["svg"])
    root = ET.fromstring(svg)
    for row in root.iter(f"{SVG}g"):
        if not (row.get("id") or "").startswith("player-"):
            continue
        frame = row.find(f"{SVG}rect")
        assert frame is not None
        bottom = float(frame.get("y", 0)) + float(frame.get("height", 0))
        for text in row.findall(f"{SVG}text"):
            assert float(text.get("y", 0)) + 4 <= bottom, "".join(text.itertext())
