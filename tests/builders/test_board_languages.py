"""The Builders' board in long languages: building names fit their bands without squeezing below 70% (in
English too, fitted by the same helper), and the score band's captions don't run into the score."""

from __future__ import annotations

import re

import pytest

from masterbuilder import new_game
from masterbuilder.core.board import draw_board
from masterbuilder.core.i18n import use_language
from masterbuilder.games.builders import board as B
from masterbuilder.games.builders.data import BUILDINGS

_TEXT = re.compile(
    r'<text x="([\d.]+)" y="[\d.]+" class="([^"]*)"[^>]*?style="font-size:([\d.]+)px"'
    r'(?: textLength="([\d.]+)")?[^>]*>([^<]*)</text>'
)


def _cards(lang: str) -> str:
    with use_language(lang):
        board = B._Board({"pending_worker": None, "current_player": 0, "actions_left": 3}, [], 0)
        for b in range(len(BUILDINGS)):
            board.building_card(0, 0, b, None)
            site = {"building": b, "have": (0, 0, 0, 0), "workers": [], "missing": BUILDINGS[b].requires}
            board.site({**site, "sent_this_turn": 0}, 0, 0, False, False)
        return "".join(board.parts)


@pytest.mark.parametrize("lang", ["en", "pl", "de", "ro"])
def test_names_fit_without_crushing(lang: str) -> None:
    names = 0
    for _x, cls, size, squeezed, text in _TEXT.findall(_cards(lang)):
        if "name" not in cls:
            continue
        names += 1
        assert float(size) >= 13, text
        if squeezed:
            natural = B._measure(text, float(size), True)
            assert float(squeezed) >= 0.7 * natural - 0.1, (text, squeezed, natural)
    assert names >= 2 * len(BUILDINGS)


@pytest.mark.parametrize("lang", ["pl", "de", "ro"])
def test_score_band_captions_end_before_the_score(lang: str) -> None:
    with use_language(lang):
        svg = str(draw_board(new_game("builders", 3, 0), 0)["svg"])
        caption = B._("points")
        score = B._measure(B._("score {score}", score=0), 25, True)
    starts = re.findall(r'<text x="([\d.]+)" y="[\d.]+" class="s"[^>]*>' + re.escape(caption) + "<", svg)
    assert len(starts) == 3
    for x in starts:
        assert float(x) + B._measure(caption, 16) <= B.WIDTH - 24 - score, x
