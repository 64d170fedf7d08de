"""The CLI's language: --lang, else the environment's locale, else English; a bad --lang stops everything."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from masterbuilder import new_game
from masterbuilder.cli import app
from masterbuilder.core import i18n
from masterbuilder.ui.events import and_list
from masterbuilder.ui.renderers import seat_title
from masterbuilder.ui.terminal import parse_move
from tests.marking import marking_translations

runner = CliRunner()
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
WEB_LANG = "MASTERBUILDER_LANG"  # the web table's default language, which the server reads


@pytest.fixture(autouse=True)
def _clean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Run in a temporary folder with no locale set and a marking catalog for every language but English;
    English again afterwards (the language lives in a context variable the CLI sets)."""
    monkeypatch.chdir(tmp_path)
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(i18n, "translations", marking_translations)
    yield
    i18n.set_language("en")


def games(*args: str) -> str:
    result = runner.invoke(app, ["games", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


# ---- --lang -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["pl", "de", "ro", "PL", "pl_PL", "de-DE"])
def test_lang_speaks_the_language_given(code: str) -> None:
    out = games("--lang", code)
    assert "⟦Bots (--seats / --agents)⟧" in out
    assert "⟦Plays like⟧" in out
    assert i18n.language() == code[:2].lower()


def test_lang_en_is_the_source_text() -> None:
    out = games("--lang", "en")
    assert "Bots (--seats / --agents)" in out
    assert "⟦" not in out
    assert i18n.language() == "en"


@pytest.mark.parametrize(
    "args",
    [
        ["games", "--lang", "xx"],
        ["play", "builders", "--seed", "1", "--lang", "xx"],
        ["simulate", "builders", "-p", "2", "-n", "1", "--lang", "klingon"],
        ["replay", "missing.json", "--lang", "xx"],
        ["board", "builders", "--lang", "fr"],
    ],
)
def test_an_unknown_lang_is_one_line_naming_the_choices_and_nothing_starts(args: list[str]) -> None:
    result = runner.invoke(app, args, input="1\nq\n")
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("Error: Unknown language ")
    assert "choose one of en, pl, de, ro." in lines[0]
    assert not Path("records").exists() and not Path("board.svg").exists()


def test_an_unknown_lang_is_refused_in_the_locale_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    result = runner.invoke(app, ["games", "--lang", "xx"])
    assert result.exit_code == 2
    assert result.stderr.startswith("⟦Error: ⟦Unknown language 'xx' for --lang")


def test_lang_comes_before_the_other_options_errors() -> None:
    """The language is set before the other options are checked, so their errors are translated too."""
    result = runner.invoke(app, ["simulate", "builders", "-n", "0", "-p", "2", "--lang", "pl"])
    assert result.exit_code == 2
    assert result.stderr == "⟦Error: ⟦--games must be at least 1, not 0.⟧⟧\n"


# ---- the environment's locale ---------------------------------------------------------------------------
def test_the_locale_picks_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert "⟦Plays like⟧" in games()
    assert i18n.language() == "pl"


@pytest.mark.parametrize("value", ["C", "C.UTF-8", "POSIX", "fr_FR.UTF-8"])
def test_a_locale_without_a_catalog_is_english(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("LANG", value)
    i18n.set_language("de")  # left over from an earlier command: the CLI sets it again
    out = games()
    assert "Plays like" in out and "⟦" not in out
    assert i18n.language() == "en"


def test_no_locale_is_english() -> None:
    assert "⟦" not in games()
    assert i18n.language() == "en"


def test_lang_wins_over_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert "⟦" not in games("--lang", "en")
    monkeypatch.setenv("LC_ALL", "C")
    assert "⟦Plays like⟧" in games("--lang", "de")
    assert i18n.language() == "de"


# ---- every command --------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command", ["play", "replay", "games", "board", "simulate", "tournament", "bench", "serve"]
)
def test_every_command_takes_lang(command: str) -> None:
    result = runner.invoke(app, [command, "--help"])
    assert result.exit_code == 0
    assert "--lang" in result.stdout


def test_play_and_resume_speak_the_language(monkeypatch: pytest.MonkeyPatch) -> None:
    save = Path("game.json")
    result = runner.invoke(
        app,
        ["play", "builders", "-s", "you,random", "--seed", "3", "--save", str(save), "--lang", "pl"],
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert f"⟦Record saved to {save}⟧" in result.stdout
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "ro"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "⟦You quit the game.⟧" in result.stdout
    assert i18n.language() == "ro"
    result = runner.invoke(app, ["play", "--resume", str(save), "--lang", "en"], input="q\n")
    assert "You quit the game." in result.stdout and "⟦" not in result.stdout


def test_simulate_summary_is_translated() -> None:
    result = runner.invoke(app, ["simulate", "builders", "-p", "2", "-n", "2", "-q", "--lang", "pl"])
    assert result.exit_code == 0, result.output
    assert "⟦Mean game length: " in result.stdout
    assert "⟦Win rate⟧" in result.stdout


# ---- help screens --------------------------------------------------------------------------------------
@pytest.mark.parametrize("args", [["board", "--help", "--lang", "pl"], ["board", "--lang", "pl", "--help"]])
def test_help_is_translated_when_drawn_wherever_lang_stands(args: list[str]) -> None:
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "⟦Game seed.⟧" in out
    assert "⟦Options⟧" in out and "⟦Arguments⟧" in out
    assert "⟦Show this message and exit.⟧" in out
    assert (
        "⟦The game: builders, caylus, caylus1303 (see `masterbuilder games`); not needed with --record.⟧"
        in out
    )
    assert "⟦Draw a game's board as the web table shows it" in out


def test_help_follows_the_locale_and_is_english_again_afterwards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    root = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).stdout
    assert "⟦Commands⟧" in root
    assert "⟦Rules engines, bots and tooling for master-builder board games.⟧" in root
    assert "⟦Play in the terminal against bots, or hot-seat;" in root
    monkeypatch.setenv("LANG", "C")
    english = runner.invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"}).stdout
    assert "Number of games." in english and "⟦" not in english


def test_serve_passes_its_language_to_the_web_table(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("fastapi")
    from masterbuilder import server

    started: list[str | None] = []
    monkeypatch.setattr(server, "serve", lambda *args, **kwargs: started.append(os.environ.get(WEB_LANG)))
    monkeypatch.setenv(WEB_LANG, "")  # restored (unset) after the test, whatever serve sets
    monkeypatch.delenv(WEB_LANG)
    result = runner.invoke(app, ["serve", "--lang", "pl_PL"])
    assert result.exit_code == 0, result.output
    assert started == ["pl"]
    result = runner.invoke(app, ["serve", "--lang", "xx"])
    assert result.exit_code == 2 and started == ["pl"]  # refused before the server starts


# ---- the terminal's frame -----------------------------------------------------------------------------
def test_the_terminal_frame_speaks_the_language() -> None:
    state = new_game("builders", players=2, seed=1)
    legal = state.legal_action_ids()
    i18n.set_language("pl")
    assert parse_move(state, legal, "").error == (
        f"⟦Type a move number from 1 to {len(legal)}, a move's label, 'help' or 'quit'.⟧"
    )
    assert (
        parse_move(state, legal, "99").error
        == f"⟦There is no move 99; choose a number from 1 to {len(legal)}.⟧"
    )
    assert seat_title(1, ["you", "random"]) == "⟦seat 1 (random)⟧"
    assert seat_title(0, ["you", "random"]) == "⟦seat 0 (⟦you⟧)⟧"  # the person's name, not a bot's
    assert and_list(["a", "b", "c"]) == "a, b i c"  # Babel's Polish list
    i18n.set_language("en")
    assert seat_title(1, ["you", "random"]) == "seat 1 (random)"
    assert and_list(["a", "b", "c"]) == "a, b and c"
