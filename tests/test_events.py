"""What a move set off: the Caylus and Builders event summarisers on real games, and the feed in the
terminal (live, in the recap and in replays)."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from masterbuilder import load_record, new_game
from masterbuilder.arena import play_game
from masterbuilder.cli import app
from masterbuilder.core.state import State
from masterbuilder.games.builders.data import BUILDINGS, WAGE
from masterbuilder.games.caylus import CaylusState
from masterbuilder.games.caylus.data import BY_KEY, SECTION_FAVOURS, SECTION_NAMES, SECTION_PENALTY
from masterbuilder.ui import TerminalTable
from masterbuilder.ui.events import amount, and_list, log_events, signed, summarise, summariser_for

runner = CliRunner()
WIDE = {"COLUMNS": "110"}


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


@dataclass(frozen=True)
class Step:
    """One applied action: the state before and after it, their public views, and the events."""

    before: State
    action: int
    after: State
    lines: list[str]

    @property
    def seat(self) -> int:
        seat = self.before.current_player
        assert seat is not None
        return seat

    def view(self, which: str) -> dict[str, Any]:
        return (self.before if which == "before" else self.after).view(None)

    def change(self, seat: int, field: str) -> int:
        after: int = self.view("after")["players"][seat][field]
        before: int = self.view("before")["players"][seat][field]
        return after - before

    def line(self, prefix: str) -> str | None:
        return next((line for line in self.lines if line.startswith(prefix)), None)

    def mentions(self, seat: int) -> list[str]:
        return [line for line in self.lines if re.search(rf"\bs{seat}\b", line)]


def steps(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Iterator[Step]:
    """A random game, action by action."""
    state = new_game(game, players=players, seed=seed, options=options)
    log_events(state)  # as the terminal does: Caylus's engine records what each move sets off
    rng = random.Random(seed)
    while not state.is_terminal:
        action = rng.choice(state.legal_action_ids())
        before = state.clone()
        state.apply(action)
        yield Step(before, action, state.clone(), summarise(before, action, state))


def events_of(record: dict[str, Any]) -> list[str]:
    """Every event of a recorded game, in order."""
    state = new_game(
        record["game"], players=record["players"], seed=record["seed"], options=record["options"]
    )
    log_events(state)
    lines = []
    for action in record["actions"]:
        before = state.clone()
        state.apply(action)
        lines += summarise(before, action, state)
    return lines


def seat_amounts(text: str, unit: str = "") -> dict[int, int]:
    """{seat: n} from 's0 +3 deniers, s1 +2' or 's2 −2 PP'."""
    pattern = r"\bs(\d) ([+−]\d+)" + (rf" {unit}" if unit else "")
    return {int(s): int(n.replace("−", "-")) for s, n in re.findall(pattern, text)}


# ---- the wording helpers --------------------------------------------------------------------------------
def test_wording_helpers() -> None:
    assert [signed(3), signed(-2), signed(0)] == ["+3", "−2", "0"]
    assert amount(3, "deniers") == "+3 deniers" and amount(1, "deniers") == "+1 denier"
    assert amount(-2, "PP") == "−2 PP" and amount(1, "food") == "+1 food"
    assert [and_list([]), and_list(["a"]), and_list(["a", "b", "c"])] == ["", "a", "a, b and c"]


def test_a_game_without_a_summariser_has_no_events() -> None:
    state = new_game("builders", players=2, seed=1)
    assert summariser_for("no such game")(state, 0, state) == []


# ---- Caylus ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 1, {}), (3, 2, {"favours": "simple"}), (4, 3, {"edition": 2}), (5, 4, {})],
)
def test_caylus_events_account_for_every_change(players: int, seed: int, options: dict[str, Any]) -> None:
    """Every change of another seat's deniers, cubes and PP is an event of the engine's log (the mover's
    are its action's own, or events): nothing is left for 'Also'."""
    game = list(steps("caylus", players, seed, options))
    lines = [line for step in game for line in step.lines]
    assert not [line for line in lines if line.startswith("Also")]
    last = game[-1].after
    assert isinstance(last, CaylusState)
    turns = last.turn
    assert sum(line.startswith("End of turn") for line in lines) == turns
    assert [line.split(" ·")[0] for line in lines if " · income: " in line] == [
        f"Turn {t}" for t in range(2, turns + 1)
    ]
    assert [line.split(" scored")[0] for line in lines if " scored: " in line] == list(SECTION_NAMES)
    (over,) = [line for line in lines if line.startswith("Game over")]
    assert seat_amounts(over, "PP") == dict(enumerate(last.final_bonus))


def test_caylus_events_without_the_log_replay_the_move() -> None:
    """A state that keeps no log is summarised by replaying the move on a copy: the same lines."""
    state = new_game("caylus", players=3, seed=8)
    rng = random.Random(8)
    for step in steps("caylus", 3, 8):
        action = rng.choice(state.legal_action_ids())
        assert action == step.action
        before = state.clone()
        state.apply(action)
        assert summarise(before, action, state) == step.lines
        if step.after.view(None)["turn"] > 3:
            break


def test_caylus_also_reports_what_no_event_explains() -> None:
    """The self-check: a change to another seat that no event accounts for comes out as 'Also: ...'."""
    state = new_game("caylus", players=3, seed=2)
    assert isinstance(state, CaylusState)
    before = state.clone()
    action = state.legal_action_ids()[0]
    state.apply(action)
    other = (before.view(None)["current_player"] + 1) % 3
    state._pp[other] += 2
    state._cubes[other][0] -= 1
    lines = summarise(before, action, state)
    assert lines[-1] == f"Also: s{other} −1 food, +2 PP"


def test_caylus_income_line() -> None:
    """At each new turn the income is listed per seat: the deniers the views show them gaining."""
    seen_more = False
    for step in steps("caylus", 3, 7):
        if step.view("after")["turn"] == step.view("before")["turn"]:
            continue
        line = step.line("Turn ")
        assert line is not None and " · income: s0 +" in line and " deniers, s1 +" in line
        income = seat_amounts(line)
        road = step.view("after")["road"]
        for seat in range(3):
            owned = sum(BY_KEY[r["tile"]].income for r in road if r["owner"] == seat and r["tile"])
            assert income[seat] == 2 + owned
            if seat != step.seat:  # the seat that moved may also have spent or gained deniers
                assert income[seat] == step.change(seat, "deniers")
        seen_more |= max(income.values()) > 2  # a residence's income
    assert seen_more


def test_caylus_castle_penalty() -> None:
    """A castle worker who has no batch to give stops without being asked and loses 2 PP (as many as
    they have, if fewer)."""
    checked = 0
    for seed in range(3):
        for step in steps("caylus", 4, seed):
            line = step.line("Castle, no batch: ")
            if line is None:
                continue
            losses = {int(s): int(n) for s, n in re.findall(r"\bs(\d) loses (\d) PP", line)}
            for seat in re.findall(r"\bs(\d) has no PP to lose", line):
                losses[int(seat)] = 0
            assert losses
            before = step.before
            assert isinstance(before, CaylusState)
            for seat, loss in losses.items():
                assert seat in before.castle_workers and before.batches_given(seat) == 0
                if seat != step.seat:
                    assert loss == min(2, before.prestige(seat))
                    if step.mentions(seat) == [line]:
                        assert step.change(seat, "prestige") == -loss
                        checked += loss > 0
    assert checked


@pytest.mark.parametrize("favours", ["table", "simple"])
def test_caylus_section_scoring(favours: str) -> None:
    """When the bailiff reaches a section's mark, players without a house there lose PP and players with
    2+ houses gain favours (3 PP each in the simplified variant)."""
    scorings = 0
    for step in steps("caylus", 3, 5, {"favours": favours}):
        line = next((x for x in step.lines if " scored: " in x), None)
        if line is None:
            continue
        scorings += 1
        section = SECTION_NAMES.index(line.split(" scored")[0])
        castle = step.view("after")["castle"][section]
        gains, _, losses = line.partition("no house: ")
        for seat in range(3):
            houses = castle["houses"][seat]
            favoured = SECTION_FAVOURS[section][min(houses, 6)]
            if houses == 0:
                assert re.search(rf"\bs{seat} (−\d+ PP|\(has no PP\))", losses)
                if seat != step.seat and step.mentions(seat) == [line]:
                    lost = -seat_amounts(losses, "PP").get(seat, 0)
                    assert step.change(seat, "prestige") == -lost
                    assert lost == min(
                        SECTION_PENALTY[section], step.view("before")["players"][seat]["prestige"]
                    )
            elif favoured:
                word = "favour" if favoured == 1 else "favours"
                extra = f" ({3 * favoured} PP)" if favours == "simple" else ""
                assert f"s{seat} +{favoured} {word}{extra}" in gains
            else:
                assert f"s{seat}" not in line
    assert scorings == 3


def test_caylus_other_automatic_steps() -> None:
    """The trading post's deniers, the stables' new order, the inn, workers beyond the provost and the
    bailiff's move, each checked against the views."""
    found: set[str] = set()
    for step in steps("caylus", 4, 2):
        before, after = step.view("before"), step.view("after")
        trading = step.line("Trading post: ")
        if trading is not None:
            (seat,) = before["special"]["Trading post"] or [step.seat]
            assert trading == f"Trading post: s{seat} +3 deniers"
            found.add("trading post")
        stables = step.line("Stables: ")
        if stables is not None:
            spots = before["special"]["Stables"] or [step.seat]
            order = [f"s{s}" for s in spots + [s for s in before["turn_order"] if s not in spots]]
            assert stables.endswith(", ".join(order))
            if after["turn"] == before["turn"]:
                assert [f"s{s}" for s in after["turn_order"]] == order
            found.add("stables")
        inn = step.line("Inn: ")
        if inn is not None:
            assert inn.startswith(f"Inn: s{before['inn']['left']} moves to the right circle")
            found.add("inn")
        beyond = step.line("Beyond the provost")
        if beyond is not None:
            provost = int(re.findall(r"\((\d+)\)", beyond)[0])
            idle = [r for r in before["road"] if r["worker"] is not None and r["space"] > provost]
            assert len(re.findall(r"\bs\d from the ", beyond)) == len(idle) > 0
            found.add("beyond the provost")
        bailiff = step.line("End of turn")
        if bailiff is not None:
            moved = after["bailiff"] - before["bailiff"]
            assert f"bailiff moves to {after['bailiff']} (+{moved})" in bailiff and moved in (1, 2)
            assert bailiff.endswith(f" {after['bailiff']}")  # the provost joins the bailiff
            found.add("bailiff")
    assert found == {"trading post", "stables", "inn", "beyond the provost", "bailiff"}


def test_caylus_owner_gains_a_pp_when_their_building_is_used() -> None:
    for step in steps("caylus", 3, 1):
        line = next((x for x in step.lines if " +1 PP as the owner of the " in x), None)
        if line is not None:
            owner = int(line[1])
            assert owner != step.seat and step.change(owner, "prestige") == 1
            return
    pytest.fail("nobody used another player's building")


# ---- The Builders ---------------------------------------------------------------------------------------
def test_builders_completion_line() -> None:
    """A completed building pays its coins and points, and its workers come back."""
    completions = 0
    for step in steps("builders", 3, 4):
        before, after = step.view("before"), step.view("after")
        seat = step.seat
        new = after["players"][seat]["completed"][len(before["players"][seat]["completed"]) :]
        if not new:
            assert not any("completed the" in line for line in step.lines)
            continue
        (building,) = new
        card = BUILDINGS[building]
        wage = WAGE[before["pending_worker"]]
        coins = step.change(seat, "coins") + wage  # the wage is the move's own cost
        points = step.change(seat, "building_points")
        free = before["players"][seat]["free_workers"]
        back = len(after["players"][seat]["free_workers"]) - (len(free) - 1)  # the worker sent comes back too
        if card.is_machine:
            back -= 1  # the machine itself joins the free workers
        assert (coins, points) == (card.coins, card.points)
        line = step.line(f"s{seat} completed the {card.name}: ")
        assert line is not None and line.endswith(f"; {back} worker{'s' if back != 1 else ''} back")
        if coins:
            assert f": +{coins} coins" in line
        if points:
            assert f"+{points} point" in line
        completions += 1
    assert completions >= 3


def test_builders_turns_and_rounds() -> None:
    for step in steps("builders", 2, 3):
        before, after = step.view("before"), step.view("after")
        changed = after["current_player"] != before["current_player"] or after["is_terminal"]
        auto = changed and step.action != 0  # 0: end the turn (the move says so itself)
        assert (step.line(f"s{step.seat}'s turn ends (no actions left)") is not None) == auto
        if after["round"] > before["round"]:
            assert f"round {after['round']}" in " ".join(step.lines).casefold()
    assert step.line("Game over after round ") is not None


def test_builders_final_round() -> None:
    record = play_game("builders", ["greedy", "greedy"], 1).record
    lines = events_of(record)
    final = load_record(record).view(None)
    assert final["is_terminal"] and final["final_round"]
    assert any(re.match(r"s\d has \d+ building points \(17 end the game\)", line) for line in lines)
    over = lines[-1]
    assert over.startswith(f"Game over after round {final['round']} · 1 point per 10 coins: ")
    for p in final["players"]:
        if p["coins"] >= 10:
            assert f"s{p['seat']} +{p['coins'] // 10} ({p['coins']} coins)" in over


# ---- the terminal -----------------------------------------------------------------------------------------
def _in_order(out: str, lines: list[str]) -> None:
    at = 0
    for line in lines:
        found = out.find(f"↳ {line}", at)
        assert found >= 0, line
        at = found + len(line)


def test_play_prints_events_as_they_happen(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "caylus", "--players", "random,random,random", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    lines = events_of(json.loads(save.read_text(encoding="utf-8")))
    _in_order(out, lines)
    assert "↳ Turn 2 · income: s0 +2 deniers, s1 +2, s2 +2" in out
    assert "↳ Dungeon scored: " in out and "↳ Game over · end bonus" in out
    assert out.index("↳ Game over · end bonus") < out.index("Final scores")


def test_builders_play_prints_completions() -> None:
    result = runner.invoke(
        app, ["play", "builders", "-p", "greedy,greedy", "--seed", "11", "--save", "b.json"]
    )
    assert result.exit_code == 0, result.output
    assert re.search(r"↳ s\d completed the .+: \+\d+ coins, \+\d+ points?; \d workers? back", result.output)
    assert "turn ends (no actions left)" in result.output


def test_recap_includes_events_and_the_own_move_they_follow() -> None:
    # seed 7: seat 1 (random) starts; seat 0 (you) ends round 1 with its turn, and round 2 begins
    result = runner.invoke(app, ["play", "builders", "-p", "you,random", "--seed", "7"], input="1\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seat 0 (you): End the turn  [end turn]\n  ↳ Round 2\n" in out
    recap = out[out.rindex("Since your last move:") :]
    assert recap.startswith(
        "Since your last move:\n  seat 0 (you): End the turn  [end turn]\n    ↳ Round 2\n"
    )
    assert "\n  seat 1 (random): " in recap


def test_recap_of_a_caylus_turn() -> None:
    # seed 3: seat 0 (you) places 4 workers and passes; the bots finish placing, the special buildings act
    script = "trading post\nroad 16\ncastle\nstables\npass\nq\n"
    args = ["play", "caylus", "--players", "you,random,random", "--seed", "3", "--save", "c.json"]
    result = runner.invoke(app, args, input=script, env=WIDE)
    assert result.exit_code == 0, result.output
    recap = result.output[result.output.rindex("Since your last move:") :]
    assert "\n    ↳ Trading post: s0 +3 deniers\n" in recap
    assert "\n    ↳ Stables: " in recap and "\n    ↳ Inn: s2 moves to the right circle" in recap


def test_replay_shows_events(tmp_path: Path) -> None:
    record = play_game("caylus", ["random", "random"], 6).record
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--no-pause"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    _in_order(out, events_of(record))
    total = len(record["actions"])
    assert (
        out.index(f"Move {total}/{total} · ")
        < out.index("↳ Game over · end bonus")
        < out.index("Final scores")
    )


def test_event_lines_go_under_the_move() -> None:
    buffer = io.StringIO()
    state = new_game("caylus", players=2, seed=2)
    table = TerminalTable(state, ["a", "b"], Console(file=buffer, width=200))
    rng = random.Random(2)
    while state.view(None)["turn"] == 1:
        action = rng.choice(state.legal_action_ids())
        before = state.clone()
        state.apply(action)
        table.report(before, action)
    text = buffer.getvalue()
    assert text.endswith("↳ Turn 2 · income: s0 +2 deniers, s1 +2 · s1 places first\n") or text.endswith(
        "↳ Turn 2 · income: s0 +2 deniers, s1 +2 · s0 places first\n"
    )
    assert all(line.startswith("  ↳ ") for line in text.splitlines())
