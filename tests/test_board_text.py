"""Every game's board, in every language, over random positions: no text a player reads is drawn under
10 px at 1:1 (its font size narrowed by any squeeze), every fitted text fits its box and every text stays on
the board; the boards name the players as the page's panel does."""

from __future__ import annotations

import random
import re

import pytest

from masterbuilder import new_game
from masterbuilder.core import board as core
from masterbuilder.core.board import LEGIBLE, Fit, draw_board, fit_text, text_width
from masterbuilder.core.i18n import use_language
from masterbuilder.games.builders import board as builders_board
from masterbuilder.games.caylus import board as caylus_board
from masterbuilder.games.caylus1303 import board as caylus1303_board
from tests.board_texts import texts

LANGUAGES = ("en", "pl", "de", "ro")
# (game, players, seed, moves between drawings, drawings)
GAMES = [
    ("caylus", 4, 3, 13, 12),
    ("caylus", 5, 8, 29, 6),
    ("caylus1303", 4, 5, 9, 12),
    ("caylus1303", 2, 9, 21, 6),
    ("builders", 3, 7, 8, 12),
    ("builders", 4, 1, 15, 8),
]
# long names (the panel's, with a bot's seat) where a board names players
NAMES = ["Bartholomew Ironhand of Castle Greymoor", "mcts:easy (seat 1)", "Ania", "mcts:easy (seat 3)"]
WIDTH = 1200  # every board's viewBox width


def _positions(game: str, players: int, seed: int, every: int, count: int) -> list[str]:
    """The boards of a random game every ``every`` moves, as the seat to move sees them (named, every
    other one) and at the end as a spectator sees it."""
    rng = random.Random(seed)
    state = new_game(game, players, seed)
    svgs = []
    for k in range(count):
        seat = state.current_player
        svgs.append(str(draw_board(state, seat, NAMES[:players] if k % 2 else ())["svg"]))
        for _ in range(every):
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
    svgs.append(str(draw_board(state, None, NAMES[:players])["svg"]))
    return svgs


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players", "seed", "every", "count"), GAMES)
def test_no_text_under_ten_pixels_or_off_its_box(
    game: str, players: int, seed: int, every: int, count: int, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # texts fit_text could not fit legibly into their boxes, as they would be drawn: (text, size, length)
    overflowing: set[tuple[str, float, float]] = set()

    def spy(text: str, size: float, room: float, **kw: object) -> Fit:
        fit = core.fit_text(text, size, room, **kw)  # type: ignore[arg-type]
        if not fit.fits and fit.length is not None:
            overflowing.add((text, round(fit.size, 1), round(fit.length)))
        return fit

    for module in (caylus_board, caylus1303_board, builders_board):
        monkeypatch.setattr(module, "fit_text", spy)
    with use_language(lang):
        svgs = _positions(game, players, seed, every, count)
    seen = 0
    for svg in svgs:
        drawn = texts(svg, game)
        # such a text is drawn otherwise: on two lines, or shortened
        crushed = overflowing & {(t.text, round(t.size, 1), round(t.width)) for t in drawn}
        assert not crushed, crushed
        for t in drawn:
            seen += 1
            assert t.effective >= LEGIBLE - 0.01, (t.text, t.size, t.effective)
            left = t.x - {"start": 0.0, "middle": t.width / 2, "end": t.width}[t.anchor]
            assert left >= -0.5 and left + t.width <= WIDTH + 0.5, (t.text, left, t.width)
    assert seen > 100 * len(svgs)


def test_fit_text_shrinks_then_squeezes_no_further_than_legible() -> None:
    wide = "Laboratorium alchemiczne"
    assert fit_text(wide, 15, 500) == fit_text(wide, 15, 500, least=12)  # fits: as given
    assert fit_text(wide, 15, 500).length is None and fit_text(wide, 15, 500).size == 15
    shrunk = fit_text(wide, 15, 170, bold=True, least=12)
    assert shrunk.length is None and 12 < shrunk.size < 15
    assert 165 < text_width(wide, shrunk.size, True) <= 170
    squeezed = fit_text(wide, 15, 140, bold=True, least=12)
    assert squeezed.size == 12 and squeezed.length == 140 and squeezed.fits
    assert squeezed.effective >= LEGIBLE
    crushed = fit_text(wide, 15, 100, bold=True, least=12)
    assert not crushed.fits and crushed.length is not None and crushed.length > 100
    assert crushed.effective == pytest.approx(LEGIBLE, abs=0.01)


def _visible(svg: str) -> str:
    """The board's words outside the tooltips."""
    return " ".join(re.findall(r"<text[^>]*>([^<]*)</text>", svg))


@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_the_board_names_players_as_the_panel_does(game: str) -> None:
    rng = random.Random(4)
    state = new_game(game, 3, 2)
    names = ["Ania", "mcts:easy (seat 1)", "mcts:easy (seat 2)"]
    for _ in range(40):  # past the first placements: workers, owners and passes are named too
        state.apply(rng.choice(state.legal_action_ids()))
    mover = state.current_player
    assert mover is not None
    svg = str(draw_board(state, mover, names)["svg"])
    words = _visible(svg)
    assert f"{names[mover]} (you)" in words
    for name in names:
        assert name in words, name
    # nowhere a seat by its number, tooltips and the actions' descriptions included
    assert not re.search(r"\b[Ss]eat [0-9]\b(?!\))", svg)
    assert re.search(r"\b[Ss]eat [0-9]\b(?!\))", str(draw_board(state, mover)["svg"]))  # unnamed: as before
    with use_language("pl"):
        polish = _visible(str(draw_board(state, mover, names)["svg"]))
    assert f"{names[mover]} (ty)" in polish


@pytest.mark.parametrize("game", ["caylus", "caylus1303", "builders"])
def test_the_winner_is_named(game: str) -> None:
    rng = random.Random(1)
    state = new_game(game, 2, 1, {"round_limit": 3} if game == "builders" else None)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_action_ids()))
    winners = state.view(None)["winners"]
    names = ["Ania", "Bolek"]
    words = _visible(str(draw_board(state, None, names)["svg"]))
    assert all(names[w] in words for w in winners)
    assert "Seat" not in words and "seat 0" not in words


def test_a_replay_frame_names_the_players_as_its_log_does() -> None:
    from masterbuilder.server.pages import frame

    state = new_game("caylus", 2, 3)
    rng = random.Random(0)
    for _ in range(12):
        state.apply(rng.choice(state.legal_action_ids()))
    words = _visible(frame(state.record(), 12, ["Ania", "Ania"])["board"]["svg"])
    assert "Ania (seat 0)" in words and "Ania (seat 1)" in words
