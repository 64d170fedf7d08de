"""The `masterbuilder` command: play (scripted input), replay, simulate, games."""

from __future__ import annotations

import io
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from masterbuilder import State, load_record, new_game
from masterbuilder.arena import play_game
from masterbuilder.cli import app
from masterbuilder.games.builders.actions import END_TURN, TAKE_COINS
from masterbuilder.ui import renderer_for, terminal
from masterbuilder.ui.terminal import Command, parse_move

runner = CliRunner()


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def one_line(text: str) -> bool:
    return len(text.strip().splitlines()) == 1


# ---- play ---------------------------------------------------------------------------------------------
def test_play_scripted_input_then_quit(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # seed 7: the bot at seat 1 moves first; then seat 0 has 10 coins and 3 actions, so the moves are
    # 1 end turn, 2 buy action, 3 take 1 coin, ...
    script = "3\n99\nfoo\nhire W99\nhelp\nTAKE 1 COIN\nt\nq\n"
    result = runner.invoke(
        app, ["play", "builders", "--players", "you,random", "--seed", "7", "--save", str(save)], input=script
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Face-up buildings" in out and "Face-up workers" in out
    assert "Choose an action (3 actions left this turn)" in out
    assert "There is no move 99; choose a number from 1 to" in out
    assert "'foo' is not a move" in out
    assert "'hire W99' is not a move" in out
    assert "Type a move's number" in out
    assert "seat 0 (you): Take 1 coin from the bank (1 action)" in out
    assert "You quit the game." in out
    assert f"Record saved to {save}" in out
    assert "Since your last move:\n  seat 1 (random): " in out
    assert "Traceback" not in out
    record = read_json(save)
    assert record["names"] == ["you", "random"]
    assert record["actions"][-2:] == [TAKE_COINS, TAKE_COINS]
    state = load_record(record)
    assert state.current_player == 0 and state.coins(0) == 12  # type: ignore[attr-defined]


def test_play_explains_an_illegal_label() -> None:
    result = runner.invoke(app, ["play", "builders", "-p", "you,random", "--seed", "7"], input="to Inn\nq\n")
    assert result.exit_code == 0
    assert "'to Inn' is not possible now:" in result.output


def test_play_saves_to_the_default_path_on_end_of_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "builders", "--players", "random,you", "--seed", "3"], input="1\n")
    assert result.exit_code == 0, result.output
    assert "End of input." in result.output
    saved = list((tmp_path / "records").glob("builders-seed3-*.json"))
    assert len(saved) == 1
    assert load_record(read_json(saved[0])).num_players == 2


def test_play_saves_on_ctrl_c(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    answers = iter(["1"])

    def ask(prompt: str) -> str:
        for answer in answers:
            return answer
        raise KeyboardInterrupt

    monkeypatch.setattr(terminal, "console_ask", lambda console: ask)
    save = tmp_path / "interrupted.json"
    result = runner.invoke(app, ["play", "builders", "-p", "you,you", "--seed", "1", "--save", str(save)])
    assert result.exit_code == 130
    assert "Interrupted." in result.output
    record = read_json(save)
    assert record["actions"] == [END_TURN]
    assert load_record(record).current_player is not None


def test_play_all_bots_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "builders", "--players", "random,random", "--seed", "11", "--save", str(save)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    assert "Winner:" in result.output or "Shared win:" in result.output
    state = load_record(read_json(save))
    assert state.is_terminal
    # the same seeds as the arena: the CLI game is the game play_game plays
    assert state.history == play_game("builders", ["random", "random"], 11).record["actions"]


def test_play_is_deterministic_for_a_seed(tmp_path: Path) -> None:
    outputs = []
    for name in ("a.json", "b.json"):
        args = ["play", "builders", "-p", "you,random,random", "--seed", "5", "--save", str(tmp_path / name)]
        result = runner.invoke(app, args, input="4\n1\nq\n")
        assert result.exit_code == 0, result.output
        outputs.append(result.output.replace(name, ""))
    assert outputs[0] == outputs[1]
    assert read_json(tmp_path / "a.json") == read_json(tmp_path / "b.json")


def test_play_with_options() -> None:
    args = ["play", "builders", "-p", "random,random", "--seed", "2", "-o", "round_limit=3"]
    args += ["-o", "tiebreak=building_points", "--save", "r.json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    record = read_json(Path("r.json"))
    assert record["options"]["round_limit"] == 3
    assert record["options"]["tiebreak"] == "building_points"
    assert load_record(record).is_terminal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "Unknown game 'chess'"),
        (["builders", "-p", "you,nobot"], "Unknown bot 'nobot'"),
        (["builders", "-p", "you"], "is for 2 to 4 players"),
        (["builders", "--seats", "you"], "is for 2 to 4 players"),
        (["builders", "--players", "5"], "is for 2 to 4 players, not 5"),
        (["builders", "--players", "3", "--seats", "you,random"], "--players is 3 but --seats names 2"),
        (["builders", "--players", "you,random", "--seats", "you,random"], "Give the seats once"),
        (["builders", "-s", "you,,random"], "--seats takes comma-separated names"),
        (["builders", "-o", "round_limit=x"], "must be an integer"),
        (["builders", "-o", "colour=red"], "has no option 'colour'"),
    ],
)
def test_play_bad_arguments(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in result.stderr and one_line(result.stderr)


def test_play_seats_by_name_and_players_by_count(tmp_path: Path) -> None:
    def seats(args: list[str]) -> list[str]:
        result = runner.invoke(
            app, ["play", "builders", *args, "--seed", "5", "--save", "s.json"], input="q\n"
        )
        assert result.exit_code == 0, result.output
        names: list[str] = read_json(tmp_path / "s.json")["names"]
        (tmp_path / "s.json").unlink()
        return names

    assert seats(["--seats", "you,random,greedy"]) == ["you", "random", "greedy"]
    assert seats(["-s", "random,You"]) == ["random", "you"]
    assert seats(["--players", "you,random"]) == ["you", "random"]  # the older spelling of --seats
    assert seats(["--players", "3"]) == ["you", "greedy", "greedy"]  # a count, as in simulate
    assert seats(["--players", "3", "--seats", "random,you,random"]) == ["random", "you", "random"]
    assert seats([]) == ["you", "greedy"]
    result = runner.invoke(
        app, ["play", "builders", "-p", "3", "--seed", "5", "--save", "s.json"], input="q\n"
    )
    assert "seat 0: you, seat 1: greedy, seat 2: greedy" in result.output
    assert "(Choose who sits where with --seats, e.g. --seats you,greedy,random.)" in result.output


class SlowBot:
    """A bot that takes its time over the first legal move."""

    name = "slow"

    def choose(self, state: State) -> int:
        time.sleep(0.3)
        return state.legal_action_ids()[0]


def test_a_bot_thinks_under_a_spinner_on_a_terminal_only() -> None:
    for is_terminal in (True, False):
        out = io.StringIO()
        console = Console(file=out, force_terminal=is_terminal, width=100, highlight=False)
        state = new_game("builders", players=2, seed=7)  # seat 1 moves first
        table = terminal.TerminalTable(state, ["you", "slow"], console, ask=lambda prompt: "q")
        assert table.play({1: SlowBot()}) is terminal.Ending.QUIT
        assert ("seat 1 (slow) is thinking…" in out.getvalue()) is is_terminal


def test_parse_move() -> None:
    state = new_game("builders", players=2, seed=7)
    legal = state.legal_action_ids()
    assert parse_move(state, legal, " 1 ").action == legal[0]
    assert parse_move(state, legal, "End Turn").action == END_TURN
    assert parse_move(state, legal, "Q").command is Command.QUIT
    assert parse_move(state, legal, "?").command is Command.HELP
    for bad in ("", "0", "-2", str(len(legal) + 1), "xyzzy", "send W01"):
        parsed = parse_move(state, legal, bad)
        assert parsed.action is None and parsed.command is None and parsed.error


# ---- replay -------------------------------------------------------------------------------------------
def _saved_game(path: Path, seed: int = 4) -> dict[str, Any]:
    record = play_game("builders", ["random", "random"], seed).record
    path.write_text(json.dumps(record), encoding="utf-8")
    return record


def test_replay_prints_every_move(tmp_path: Path) -> None:
    record = _saved_game(tmp_path / "g.json")
    total = len(record["actions"])
    result = runner.invoke(app, ["replay", str(tmp_path / "g.json"), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert f"Move 1/{total} · seat" in result.output
    assert f"Move {total}/{total} · seat" in result.output
    assert "Final scores" in result.output


def test_replay_to_a_move(tmp_path: Path) -> None:
    _saved_game(tmp_path / "g.json")
    result = runner.invoke(app, ["replay", str(tmp_path / "g.json"), "--to", "10"])
    assert result.exit_code == 0, result.output
    assert "Position after move 10 of" in result.output
    assert "Move 11/" not in result.output  # stdin is not a terminal: no stepping on


def test_replay_of_a_quit_game(tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    runner.invoke(
        app, ["play", "builders", "-p", "you,random", "--seed", "7", "--save", str(save)], input="3\nq\n"
    )
    result = runner.invoke(app, ["replay", str(save), "--no-pause"])
    assert result.exit_code == 0, result.output
    assert "seat 0 (you): Take 1 coin" in result.output
    assert "the game was not finished" in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "No such file"),
        ("{not json", "is not valid JSON"),
        ("[1, 2]", "does not hold a game record"),
        ('{"game": "builders", "players": 2, "seed": 1, "actions": [0, 180]}', "Move 2 of the record"),
        ('{"game": "builders", "players": 9, "seed": 1, "actions": []}', "2 to 4 players"),
        ('{"game": "builders", "players": 2, "seed": 1}', "no 'actions' field"),
    ],
)
def test_replay_errors(tmp_path: Path, content: str | None, message: str) -> None:
    path = tmp_path / "r.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 2
    assert message in result.stderr and one_line(result.stderr)


def test_replay_to_out_of_range(tmp_path: Path) -> None:
    _saved_game(tmp_path / "g.json")
    result = runner.invoke(app, ["replay", str(tmp_path / "g.json"), "--to", "100000"])
    assert result.exit_code == 2
    assert "--to must be between 0 and" in result.stderr


# ---- simulate -----------------------------------------------------------------------------------------
def test_simulate_text() -> None:
    result = runner.invoke(app, ["simulate", "builders", "--agents", "random,random,random", "--games", "20"])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.stdout
    assert "Mean game length:" in result.stdout and "rounds" in result.stdout
    assert "games/s" in result.stdout


def test_simulate_json() -> None:
    args = ["simulate", "builders", "--players", "3", "--agents", "random,random,random", "--games", "20"]
    result = runner.invoke(app, [*args, "--seed", "5", "--json", "-o", "round_limit=40"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 20 and doc["players"] == 3 and doc["seed"] == 5
    assert doc["options"]["round_limit"] == 40
    seats = doc["seats"]
    assert [s["agent"] for s in seats] == ["random"] * 3
    assert sum(s["wins"] for s in seats) >= 20
    assert sum(s["wins"] for s in seats) - sum(s["shared_wins"] for s in seats) <= 20
    for s in seats:
        assert 0 <= s["win_rate_low"] <= s["win_rate"] <= s["win_rate_high"] <= 1
        assert s["shared_wins"] <= s["wins"]
        assert s["mean_score"] >= 0
    assert 0 < doc["mean_rounds"] <= 40
    assert doc["mean_actions"] > 0 and doc["games_per_second"] > 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--agents", "random,random"], "Unknown game"),
        (["builders", "--agents", "random,nobot"], "Unknown bot 'nobot'"),
        (["builders", "--agents", "random,random", "--players", "3"], "--players is 3"),
        (["builders", "--agents", "random"], "2 to 4 players"),
        (["builders", "--players", "5"], "2 to 4 players"),
        (["builders", "--agents", "random,random", "--games", "0"], "--games must be at least 1"),
        (["builders", "--agents", "random,random", "-o", "round_limit"], "key=value"),
        (["builders", "--agents", "random,random", "-o", "tiebreak=best"], "must be one of"),
        (["builders"], "Give --agents"),
    ],
)
def test_simulate_bad_arguments(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2
    assert message in result.stderr and one_line(result.stderr)


# ---- games --------------------------------------------------------------------------------------------
def test_games_lists_games_options_and_bots() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for text in ("builders", "The Builders: Middle Ages", "round_limit", "tiebreak", "random"):
        assert text in result.output


def test_builders_renderer_draws_every_kind_of_position() -> None:
    renderer = renderer_for("builders")
    buffer = io.StringIO()
    console = Console(file=buffer, width=100)
    for seed in range(3):
        state = new_game("builders", players=4, seed=seed, options={"open_worker_deck": True})
        rng = random.Random(seed)
        step = 0
        while True:
            if step % 37 == 0 or state.is_terminal:
                seat = state.current_player
                console.print(renderer.table(state, seat, ["you", "a", "b", "c"]))
                assert renderer.decision(state)
                assert renderer.status(state)
            if state.is_terminal:
                break
            state.apply(rng.choice(state.legal_action_ids()))
            step += 1
    text = buffer.getvalue()
    assert "top of the deck" in text and "WINNER" in text


# ---- --save -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("save", "message"),
    [
        ("blocker/game.json", "Cannot save the record there: blocker is a file, not a folder."),
        ("blocker/deeper/game.json", "Cannot save the record there: blocker is a file, not a folder."),
        ("folder", "Cannot save the record there: folder is a folder; give a file name."),
        ("old.json", "Cannot save the record there: old.json already exists; give --force to overwrite it"),
    ],
)
def test_save_is_checked_before_the_game(tmp_path: Path, save: str, message: str) -> None:
    (tmp_path / "blocker").write_text("a file", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    result = runner.invoke(app, ["play", "builders", "-s", "random,random", "--seed", "1", "--save", save])
    assert result.exit_code == 2
    assert message in result.stderr and one_line(result.stderr)
    assert "seat 0" not in result.stdout  # no game was played
    assert (tmp_path / "old.json").read_text(encoding="utf-8") == "{}"


def test_save_overwrites_only_with_force(tmp_path: Path) -> None:
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    args = ["play", "builders", "-s", "you,random", "--seed", "1", "--save", "old.json", "--force"]
    result = runner.invoke(app, args, input="q\n")
    assert result.exit_code == 0, result.output
    assert read_json(tmp_path / "old.json")["names"] == ["you", "random"]


def test_a_save_that_fails_at_the_end_falls_back_to_the_records_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "out").mkdir()

    def ask(prompt: str) -> str:  # during the game, the folder of --save turns into a file
        (tmp_path / "out").rmdir()
        (tmp_path / "out").write_text("now a file", encoding="utf-8")
        return "q"

    monkeypatch.setattr(terminal, "console_ask", lambda console: ask)
    result = runner.invoke(
        app, ["play", "builders", "-s", "you,random", "--seed", "3", "--save", "out/g.json"]
    )
    assert result.exit_code == 0, result.output
    saved = list((tmp_path / "records").glob("builders-seed3-*.json"))
    assert len(saved) == 1
    assert "Could not save to out/g.json (" in result.output
    assert f"Record saved to {saved[0].relative_to(tmp_path)}" in result.output
    assert read_json(saved[0])["names"] == ["you", "random"]


# ---- --resume -----------------------------------------------------------------------------------------
def test_a_quit_game_resumes_with_its_seats_and_saves_back(tmp_path: Path) -> None:
    args = ["play", "builders", "-s", "you,random", "--seed", "7", "--save", "g.json"]
    first = runner.invoke(app, args, input="3\nq\n")
    assert first.exit_code == 0, first.output
    assert "Continue it with: masterbuilder play --resume g.json" in first.output
    saved = read_json(tmp_path / "g.json")["actions"]

    again = runner.invoke(app, ["play", "--resume", "g.json"], input="3\nq\n")
    assert again.exit_code == 0, again.output
    assert f"seed 7 · resumed after move {len(saved)} · seat 0: you, seat 1:" in again.output
    record = read_json(tmp_path / "g.json")
    assert record["names"] == ["you", "random"]
    assert record["actions"][: len(saved)] == saved and record["actions"][len(saved)] == TAKE_COINS
    assert load_record(record).coins(0) == 12  # type: ignore[attr-defined]  # two coins taken, one per run

    # new seats: two bots finish it, into another file; the first is left as it was
    done = runner.invoke(
        app, ["play", "builders", "--resume", "g.json", "-s", "random,random", "--save", "end.json"]
    )
    assert done.exit_code == 0, done.output
    assert "Final scores" in done.output and "Continue it with" not in done.output
    end = read_json(tmp_path / "end.json")
    assert (
        end["names"] == ["random", "random"] and end["actions"][: len(record["actions"])] == record["actions"]
    )
    assert load_record(end).is_terminal
    assert read_json(tmp_path / "g.json") == record


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--resume", "nothing.json"], "No such file: nothing.json"),
        (
            ["--resume", "done.json"],
            "The game in done.json is over; step through it with: masterbuilder replay",
        ),
        (["--resume", "quit.json", "--seed", "3"], "--resume continues the saved game with its own seed"),
        (
            ["--resume", "quit.json", "-o", "round_limit=3"],
            "--resume continues the saved game with its own seed",
        ),
        (["caylus", "--resume", "quit.json"], "quit.json holds a game of builders, not caylus."),
        (["--resume", "quit.json", "-s", "you,random,random"], "is a 2-player game; give 2 seats, not 3."),
        (["--resume", "quit.json", "--players", "3"], "quit.json is a 2-player game, not 3."),
        (["--resume", "nameless.json"], "nameless.json does not say who sat where; give --seats"),
        ([], "Give the game to play"),
    ],
)
def test_resume_refusals(tmp_path: Path, args: list[str], message: str) -> None:
    runner.invoke(app, ["play", "builders", "-s", "random,random", "--seed", "2", "--save", "done.json"])
    runner.invoke(
        app, ["play", "builders", "-s", "you,random", "--seed", "2", "--save", "quit.json"], input="q\n"
    )
    (tmp_path / "nameless.json").write_text(json.dumps(new_game("builders", players=2, seed=1).record()))
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 2
    assert message in result.stderr and one_line(result.stderr)


# ---- help ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "command", [[], ["games"], ["play"], ["replay"], ["simulate"], ["tournament"], ["bench"]]
)
def test_help_shows_plain_metavariables(command: list[str]) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    text = result.output
    for label in ("<str>", "<bool>", "<int>", "<float>", "<path>", "<list", "{game}", "{GAME}", "{file}"):
        assert label not in text
    if command and command != ["games"]:
        assert "Usage: masterbuilder " + command[0] + " [OPTIONS] " in text
        assert ("[GAME]" if command == ["play"] else "FILE" if command == ["replay"] else " GAME") in text
    if command in (["play"], ["simulate"], ["tournament"], ["bench"]):
        assert "The game: builders, caylus, caylus1303" in text


def test_command_summaries_are_one_paragraph() -> None:
    text = runner.invoke(app, ["--help"], env={"COLUMNS": "200"}).output
    assert (
        "bench       Measure the engine on one core: random playouts, clone() and the MCTS presets' time"
        in text
    )
    assert (
        "play        Play in the terminal against bots, or hot-seat; every game is saved, and --resume"
        in text
    )
