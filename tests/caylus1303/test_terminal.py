"""The `masterbuilder` command with Caylus 1303: play (scripted input), replay, simulate, bench, games, the
renderer (hidden prestige) and the event feed."""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from masterbuilder import load_record, new_game
from masterbuilder.agents import agents_for
from masterbuilder.arena import play_game
from masterbuilder.cli import app
from masterbuilder.games.caylus1303 import Caylus1303State
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    CHARACTERS,
    MONUMENT_TILES,
    ROAD_LENGTH,
    STONE_TILES,
    TILES,
    WOOD_TILES,
    Char,
)
from masterbuilder.games.caylus1303.events import event_lines
from masterbuilder.games.caylus1303.tasks import (
    D_BAILIFF,
    D_BOARD_CHAR,
    D_BRIDGE,
    D_DELIVER,
    D_DRAFT,
    D_EARLY,
    D_EFFECT,
    D_FAVOUR,
    D_MONUMENT,
    D_PAY,
    D_PLACE,
    T_RETURN,
)
from masterbuilder.games.caylus1303.terminal import decision_text
from masterbuilder.ui import renderer_for
from masterbuilder.ui.events import log_events, summarise

runner = CliRunner()
WIDE = {"COLUMNS": "110"}
VERY_WIDE = {"COLUMNS": "200"}  # no table cell wraps: one line per player row


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def random_states(players: int, seed: int, every: int = 1) -> list[Caylus1303State]:
    """Clones of a random game's positions (every ``every``-th and the last)."""
    state = new_game("caylus1303", players=players, seed=seed)
    assert isinstance(state, Caylus1303State)
    rng = random.Random(seed)
    states = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            states.append(state.clone())
        state.apply(rng.choice(state.legal_action_ids()))
        step += 1
    states.append(state)
    return states


def draw(state: Caylus1303State, seat: int | None, width: int = 200) -> str:
    names = ["you", "random", "bob", "carol", "dave"][: state.num_players]
    buffer = io.StringIO()
    Console(file=buffer, width=width, highlight=False).print(
        renderer_for("caylus1303").table(state, seat, names)
    )
    return buffer.getvalue()


PLAYER_ROW = re.compile(
    r"^(?:▶ |  )(seat (\d) \([^)]*\))(?: ★)?(?: WINNER)?\s+[\d·].*?(\S+)(?:\s+(\+\d+))?\s*$"
)


def player_rows(text: str) -> Iterator[tuple[int, str, str | None]]:
    """(seat, PP cell, gold bonus cell or None) of every player row in ``text`` (drawn without wrapping)."""
    for line in text.splitlines():
        match = PLAYER_ROW.match(line)
        if match:
            yield int(match.group(2)), match.group(3), match.group(4)


# ---- games -------------------------------------------------------------------------------------------------
def test_games_lists_caylus1303() -> None:
    result = runner.invoke(app, ["games"], env=VERY_WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "caylus1303: Caylus 1303, 2 to 5 players" in out
    section = out[out.index("caylus1303:") :]
    assert "characters" in section and "recommended" in section and "random" in section


# ---- play ---------------------------------------------------------------------------------------------
def test_play_caylus1303_scripted_input_then_quit(tmp_path: Path) -> None:
    save = tmp_path / "c1303.json"
    # seed 3: seat 1 (random) drafts first, then seat 0 (you) chooses among 4 characters, then places first
    script = "architect\n99\nplace 5\nhelp\nt\nSITE\npass\nq\n"
    args = ["play", "caylus1303", "--players", "you,random", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, input=script, env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Caylus 1303 · seed 3 · seat 0: you, seat 1: random" in out
    assert "Caylus 1303 · setup: the character draft · seat 0 (you) to decide" in out
    assert "Choose a character:" in out
    assert "seat 0 (you): take the Architect: " in out
    assert "Caylus 1303 · round 1/9 · phase 1/4: planning · seat 0 (you) to decide" in out
    for part in (
        "Road · ▲ the provost stands after space 13",
        "── provost ──",
        "Guilds Bridge",
        "Construction site",
        "from round 4",
        "from round 7",
        "Lots (they deliver in this order): nobody yet",
        "Buildings to build",
        "Monuments",
        "Mansion 5S+5G→20 PP",
        "Characters",
        "Players",
    ):
        assert part in out, part
    assert "Place a worker or pass:" in out
    assert "There is no move 99" in out
    assert "'place 5' is not possible now: The Guilds Bridge takes no workers" in out
    assert "A round: 1 planning" in out  # the Caylus 1303 part of the help
    assert "seat 0 (you): place a worker at the construction site (lot 1)  [site]" in out
    assert "seat 0 (you): pass: put your house on the Guilds Bridge  [pass]" in out
    assert "You quit the game." in out and f"Record saved to {save}" in out
    assert "Traceback" not in out
    record = read_json(save)
    assert record["game"] == "caylus1303" and record["names"] == ["you", "random"]
    assert A.SITE in record["actions"] and A.CHAR + Char.ARCHITECT in record["actions"]
    state = load_record(record)
    assert isinstance(state, Caylus1303State)
    assert Char.ARCHITECT in state.characters_of(0) and 0 in state.passing_order

    replayed = runner.invoke(app, ["replay", str(save), "--no-pause"], env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    assert "seat 0 (you): place a worker at the construction site (lot 1)" in replayed.output
    assert "the game was not finished" in replayed.output


def test_play_caylus1303_default_opponent() -> None:
    result = runner.invoke(app, ["play", "caylus1303", "--seed", "1", "--save", "d.json"], input="q\n")
    assert result.exit_code == 0, result.output
    bot = "heuristic" if "heuristic" in agents_for("caylus1303") else "random"
    assert read_json(Path("d.json"))["names"] == ["you", bot]


def test_play_caylus1303_all_bots_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "caylus1303", "--players", "random,random,random", "--seed", "11", "--save", str(save)]
    result = runner.invoke(app, args, env=VERY_WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    state = load_record(read_json(save))
    assert isinstance(state, Caylus1303State) and state.is_terminal
    assert state.history == play_game("caylus1303", ["random"] * 3, 11).record["actions"]
    assert "Caylus 1303 · game over after round 9" in out
    assert "Final scores" in out and "WINNER" in out
    assert ("Winner:" in out) == (len(state.winners()) == 1)
    final = out[out.index("Game over") :]
    rows = list(player_rows(final))
    assert sorted(seat for seat, _, _ in rows) == [0, 1, 2]
    for seat, pp, bonus in rows:
        assert pp == str(state.prestige(seat)) and bonus == f"+{state.final_bonus[seat]}"
    assert "hidden" not in final


def test_a_human_never_sees_other_seats_pp_before_the_end(tmp_path: Path) -> None:
    """A whole game by a person who always takes the first move: every table they are shown has their own
    PP and "hidden" for the others; the table at the end has everyone's, with the gold bonus."""
    save = tmp_path / "human.json"
    args = ["play", "caylus1303", "--players", "you,random,random", "--seed", "5", "--save", str(save)]
    result = runner.invoke(app, args, input="1\n" * 600, env=VERY_WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    state = load_record(read_json(save))
    assert isinstance(state, Caylus1303State) and state.is_terminal
    during, _, final = out.partition("─ Game over ─")
    tables = during.count("Caylus 1303 · round ") + during.count("Caylus 1303 · setup")
    assert tables > 20
    rows = list(player_rows(during))
    assert len(rows) == 3 * tables
    for seat, pp, bonus in rows:
        assert bonus is None
        if seat == 0:
            assert pp.isdigit()
        else:
            assert pp == "hidden"
    end_rows = list(player_rows(final))
    assert [seat for seat, _, _ in end_rows] == [0, 1, 2]
    for seat, pp, bonus in end_rows:
        assert pp == str(state.prestige(seat)) and bonus == f"+{state.final_bonus[seat]}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_play_caylus1303_renders_every_player_count(players: int) -> None:
    names = ",".join(["you"] + ["random"] * (players - 1))
    result = runner.invoke(
        app,
        ["play", "caylus1303", "-p", names, "--seed", str(players), "--save", "r.json"],
        input="q\n",
        env=WIDE,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    for seat in range(players):
        assert f"seat {seat} (" in out
    table = out[out.index("Caylus 1303 · ") :]
    assert max(len(line) for line in table.splitlines()) <= 110


# ---- the renderer ---------------------------------------------------------------------------------------
def test_the_viewer_sees_only_their_own_pp() -> None:
    for state in random_states(4, seed=6, every=23):
        over = state.is_terminal
        for viewer in (None, 0, 1, 2, 3):
            rows = list(player_rows(draw(state, viewer)))
            assert [seat for seat, _, _ in rows] == [0, 1, 2, 3]
            for seat, pp, bonus in rows:
                if over or seat == viewer:
                    assert pp == str(state.prestige(seat))
                else:
                    assert pp == "hidden"
                assert (bonus is not None) == over


def test_the_road_shows_the_provost_between_two_spaces() -> None:
    for state in random_states(3, seed=2, every=17):
        text = draw(state, None)
        lines = text.splitlines()
        (marker,) = [k for k, line in enumerate(lines) if "── provost ──" in line]
        provost = state.provost
        assert f"spaces 1–{provost} act" in lines[marker]
        before = next(line for line in reversed(lines[:marker]) if re.match(r"^\s*\d", line))
        numbers = re.match(r"^\s*(\d+)(?:–(\d+))?\s", before)
        assert numbers is not None and int(numbers.group(2) or numbers.group(1)) == provost
        if provost < ROAD_LENGTH:
            after = next(line for line in lines[marker + 1 :] if re.match(r"^\s*\d", line))
            assert after.split()[0].split("–")[0] == str(provost + 1)


def test_the_table_shows_the_site_the_bridge_the_supply_and_the_characters() -> None:
    for state in random_states(2, seed=9, every=31)[1:]:
        text = draw(state, None)
        if state.is_terminal:  # the end: the road, the characters and the players only
            assert "Buildings to build" not in text and "Construction site" not in text
            assert "Guilds Bridge (passed" not in text and "Characters" in text
            continue
        for tile in (*WOOD_TILES, *STONE_TILES, *MONUMENT_TILES):
            if state.in_supply(tile):
                assert TILES[tile].name in text
        for k, tile in enumerate(state.slots):
            status = "open" if k < state.open_slots else f"from round {(1, 4, 7)[k]}"
            assert re.search(rf"^\s*{k + 1}\s+{re.escape(TILES[tile].name)}.*{status}\s*$", text, re.M)
        for lot, seat in enumerate(state.site, start=1):
            assert f"{lot}. seat {seat}" in text
        assert "Guilds Bridge" in text and f"first player: seat {state.first_player}" in text
        for character in state.characters_in_play:
            c = CHARACTERS[character]
            holder = state.character_holder(character)
            where = f"seat {holder}" if holder is not None else "(the board|draft)"
            assert re.search(rf"^{re.escape(c.name)}\s+{where}.*{re.escape(c.text)}", text, re.M), c.name


@pytest.mark.parametrize("width", [110, 80, 60])
def test_caylus1303_renderer_draws_every_kind_of_position(width: int) -> None:
    renderer = renderer_for("caylus1303")
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, highlight=False)
    for players in (2, 5):
        for state in random_states(players, seed=players, every=37):
            names = ["you", "a", "b", "c", "d"][:players]
            console.print(renderer.table(state, state.current_player, names))
            assert renderer.status(state)
            decision = renderer.decision(state)
            assert decision and not decision.startswith("Seat") and decision[-1] not in ".?"
    text = buffer.getvalue()
    assert max(len(line) for line in text.splitlines()) <= width
    assert "game over after round 9" in text and "character draft" in text
    assert renderer.help()


def test_decision_text_keeps_the_character_of_the_prompt() -> None:
    state = new_game("caylus1303", players=5, seed=1, options={"characters": "recommended"})
    assert isinstance(state, Caylus1303State)
    rng = random.Random(1)
    while state.pending_decision is None or state.pending_decision[0] != D_EARLY:
        assert state.round < 3
        state.apply(rng.choice(state.legal_action_ids()))
    assert state.prompt().startswith("Seat ")
    assert decision_text(state).startswith("Early Riser: place a worker first")
    spectator = draw(state, None)
    assert "▶ Early Riser: place a worker first" in spectator  # a spectator sees the decision in the header


# ---- the event feed ---------------------------------------------------------------------------------------
def engine_event_kinds() -> set[str]:
    """Every event kind the engine records, read from its source (and the shared task-stack driver's): the
    source tree's files, as the compiled build has no source to inspect."""
    src = Path(__file__).resolve().parents[2] / "src" / "masterbuilder"
    paths = (src / "games" / "caylus1303" / "rules.py", src / "core" / "task_stack.py")
    source = "".join(p.read_text(encoding="utf-8") for p in paths)
    kinds = set(re.findall(r"_event\(\s*\"(\w+)\"", source))
    kinds |= set(re.findall(r"_events\.append\(\(\"(\w+)\"", source))
    return kinds


def biased(state: Caylus1303State, rng: random.Random) -> int:
    """A random player that likes building, claiming, monuments and bundles (so every event happens)."""
    legal = state.legal_action_ids()
    keen = [a for a in legal if A.BUILD <= a < A.PAY or A.CLAIM <= a < A.OFFER or a >= A.BUNDLE]
    if keen:
        return rng.choice(keen)
    placing = [a for a in legal if a != A.PASS]
    return rng.choice(placing if placing and rng.random() < 0.8 else legal)


def plant_a_residence(state: Caylus1303State, seat: int) -> None:
    """Give ``seat`` a claimed start building and plenty of resources (a monument is rare in random play):
    it turns into a residence in the administration, where a monument can replace it."""
    space = next(s for s in range(6, 14) if state.owner_at(s) is None)
    state._owner[space] = seat
    state._houses[seat] -= 1
    state._res[seat] = [3, 6, 6, 3, 6]
    assert state.integrity_problem() is None


def test_the_feed_has_a_line_for_every_event_of_real_games() -> None:
    kinds = engine_event_kinds()
    assert {"round", "phase", "gain", "forced", "monument", "final", "owner_bonus"} <= kinds
    seen: set[str] = set()
    for seed in range(60):
        state = new_game("caylus1303", players=2 + seed % 4, seed=seed)
        assert isinstance(state, Caylus1303State)
        log_events(state)
        rng = random.Random(seed)
        planted = seed > 0
        while not state.is_terminal:
            if not planted and state.round == 2:
                plant_a_residence(state, 0)
                planted = True
            action = biased(state, rng)
            if planted and seed == 0 and state.current_player == 0:  # keep the resources for a monument
                legal = state.legal_action_ids()
                monuments = [
                    a for a in legal if A.BUILD <= a < A.PAY and A.BUILDABLE[a - A.BUILD] in MONUMENT_TILES
                ]
                action = next(iter(monuments or [a for a in legal if a in (A.PASS, A.DECLINE)]), action)
            before = state.clone()
            replica = state.clone()
            replica.log_events()
            replica.apply(action)
            events = replica.take_events()
            state.apply(action)
            lines = summarise(before, action, state)
            assert len(lines) == len(events)
            for event, line in zip(events, lines, strict=True):
                assert line and "\n" not in line and not line.startswith(f"{event[0]}:"), (event, line)
                seen.add(event[0])
        if seen >= kinds:
            break
    assert seen == kinds


def test_the_feed_formats_every_event_kind() -> None:
    state = random_states(2, seed=4, every=1000)[0]  # the first position: the draft
    assert isinstance(state, Caylus1303State)
    road = {space: state.tile_at(space) for space in range(1, ROAD_LENGTH + 1)}
    start = road[6]
    assert start is not None
    wood, theatre = WOOD_TILES[0], MONUMENT_TILES[4]
    events: dict[str, tuple[Any, ...]] = {
        "round": ("round", 2, 1),
        "phase": ("phase", 2),
        "gain": ("gain", 0, start, [1, 0, 0, 0, 0], 0, 0),
        "owner_bonus": ("owner_bonus", 1, 2, 19),
        "owner_pp": ("owner_pp", 1, 2, 0, 14),
        "unused": ("unused", 0, 19),
        "forced": ("forced", 1, A.PASS, D_PLACE),
        "most_bundles": ("most_bundles", 0, 2),
        "residence": ("residence", 0, 6),
        "recruit": ("recruit", 1, 2, 3, [0, 0, 0, 1, 0]),
        "provost": ("provost", 15),
        "provost_moved": ("provost_moved", 1, -2, 11),
        "built": ("built", 0, wood, 15, 4),
        "claimed": ("claimed", 0, 6),
        "delivered": ("delivered", 1, [1, 1, 0, 0, 1], 11),
        "monument": ("monument", 0, theatre, 6, 12),
        "final": ("final", [2, 0], [33, 10]),
    }
    assert set(events) == engine_event_kinds()
    lines = dict(zip(events, event_lines(state, A.DECLINE, state, list(events.values())), strict=True))
    start_name = TILES[start].name
    assert lines["round"] == "Round 2/9 begins · seat 1 is the first player"
    assert lines["phase"].startswith("Phase 2/4: activation · ")
    assert lines["gain"].startswith(f"seat 0 gets +1 food from the {start_name}")
    assert "space 6)" in lines["gain"]
    assert lines["owner_bonus"].startswith("seat 1 +1 stone as the owner of the ")
    assert lines["owner_pp"].startswith("seat 1 +2 PP (the Steward) as the owner of the ")
    assert lines["owner_pp"].endswith("where seat 0 placed a worker")
    assert lines["unused"].endswith("is beyond the provost: back to the camp unused")
    assert lines["forced"] == "seat 1 cannot place another worker and passes onto the Guilds Bridge"
    assert lines["most_bundles"] == "seat 0 delivered the most bundles this round (2): a favour"
    assert "claimed by seat 0, turns into their residence" in lines["residence"]
    assert (
        lines["recruit"]
        == "Recruitment: seat 1 +2 workers from the camp (3 due; no more in the camp), +1 cloth (monuments)"
    )
    assert lines["provost"].startswith("End of round: the provost moves to after space 15")
    assert lines["provost_moved"] == (
        "seat 1 moves the provost 2 steps back: now after space 11 (spaces 1–11 act)"
    )
    assert lines["built"] == f"seat 0 built the {TILES[wood].name} (wood) on space 15: +4 PP"
    assert lines["claimed"].startswith(f"seat 0 claimed the {start_name}")
    assert (
        lines["delivered"]
        == "seat 1 delivered a bundle (1 food + 1 wood + 1 gold): +11 PP (5 + 6, Foreman and Goldsmith)"
    )
    assert (
        lines["monument"]
        == "seat 0 built the Theatre (monument) over their residence on space 6: +12 PP and a favour"
    )
    assert (
        lines["final"] == "Game over · gold bonus (PP): seat 0 +2, seat 1 +0 · final PP: seat 0 33, seat 1 10"
    )


def test_decisions_without_a_choice_are_said_for_every_decision_kind() -> None:
    state = random_states(2, seed=4, every=1000)[0]
    assert isinstance(state, Caylus1303State)
    forced = [
        (A.CHAR + Char.FOREMAN, D_DRAFT, "takes the last character of the draft: the Foreman"),
        (A.DECLINE, D_EARLY, "(Early Riser) cannot place a worker early"),
        (A.PASS, D_PLACE, "cannot place another worker and passes"),
        (A.DECLINE, D_EFFECT, "cannot use their building"),
        (A.PAY + 1, D_PAY, "pays 1 wood (the only resource left to pay with)"),
        (A.DECLINE, D_BRIDGE, "has no worker left to move the provost"),
        (A.move(1), D_BAILIFF, "without a choice (the Bailiff): provost +1"),
        (A.DECLINE, D_DELIVER, "has no bundle to deliver"),
        (A.CHAR + Char.THIEF, D_FAVOUR, "favour has one choice: take the Thief"),
        (A.SLOT, D_FAVOUR, f"favour has one choice: the construction site's {TILES[state.slots[0]].name}"),
        (A.DECLINE, D_BOARD_CHAR, "without a choice (a character from the board): decline"),
        (A.DECLINE, D_MONUMENT, "cannot pay for a monument to replace their residence"),
    ]
    events = [("forced", 1, action, kind) for action, kind, _ in forced]
    for line, (_, _, words) in zip(event_lines(state, A.DECLINE, state, events), forced, strict=True):
        assert line.startswith("seat 1") and words in line, line


def test_the_feed_names_the_building_a_forced_decline_comes_from(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's "forced" event does not say which building's effect was declined; the feed follows the
    activation to name it. Checked against the engine's own task (the worker's space is on its stack)."""
    calls: list[tuple[tuple[int, ...], tuple[int, ...] | None]] = []
    decide = Caylus1303State._decide

    def spy(self: Caylus1303State, task: tuple[int, ...], action: int) -> None:
        calls.append((task, self._stack[-1] if self._stack else None))
        decide(self, task, action)

    monkeypatch.setattr(Caylus1303State, "_decide", spy)
    checked = 0
    for seed in range(12):
        state = new_game("caylus1303", players=2 + seed % 4, seed=seed)
        assert isinstance(state, Caylus1303State)
        log_events(state)
        rng = random.Random(seed)
        while not state.is_terminal:
            action = biased(state, rng)
            before = state.clone()
            calls.clear()
            state.apply(action)
            # the first call is the move itself; the others had no choice (the summariser's own replay of
            # the move, below, calls it again)
            tasks = [(task, top) for task, top in calls[1:] if task[0] in (D_EFFECT, D_MONUMENT)]
            lines = summarise(before, action, state)
            said = [x for x in lines if " cannot use " in x or " cannot pay for a monument " in x]
            assert len(said) == len(tasks)
            for line, (task, top) in zip(said, tasks, strict=True):
                assert line.startswith(f"seat {task[1]} ")
                if task[0] == D_MONUMENT:
                    assert line.endswith(f"their residence on space {task[2]}")
                elif top is not None and top[0] == T_RETURN:  # a worker on the road
                    name = TILES[task[2]].name.removesuffix(")")  # 'Guild (4 workers, start, space 9)'
                    assert f"cannot use the {name}" in line and f"space {top[2]})" in line
                else:  # a favour using a construction-site tile
                    assert f"cannot use the construction site's {TILES[task[2]].name}" in line
                checked += 1
    assert checked > 100


def test_play_prints_the_events_under_the_moves(tmp_path: Path) -> None:
    save = tmp_path / "bots.json"
    args = ["play", "caylus1303", "--players", "random,random", "--seed", "3", "--save", str(save)]
    result = runner.invoke(app, args, env=VERY_WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    record = read_json(save)
    at = 0
    for line in record_events(record, [f"seat {s} (random)" for s in range(2)]):  # named as the moves are
        found = out.find(f"↳ {line}", at)
        assert found >= 0, line
        at = found + len(line)
    assert "↳ Round 1/9 begins · seat " in out and "↳ Round 9/9 begins" in out
    assert "↳ Phase 2/4: activation" in out and "↳ Recruitment: seat 0 (random) +" in out
    assert out.index("↳ Game over · gold bonus") < out.index("Final scores")


def record_events(record: dict[str, Any], names: Sequence[str] = ()) -> list[str]:
    """Every event line of a recorded game, in order, naming the seats ``names`` (default: 'seat 2')."""
    state = new_game(
        record["game"], players=record["players"], seed=record["seed"], options=record["options"]
    )
    log_events(state)
    lines = []
    for action in record["actions"]:
        before = state.clone()
        state.apply(action)
        lines += summarise(before, action, state, names)
    return lines


def test_the_feed_without_the_log_replays_the_move() -> None:
    """A state that keeps no log is summarised by replaying the move on a copy: the same lines."""
    logged = new_game("caylus1303", players=3, seed=8)
    plain = new_game("caylus1303", players=3, seed=8)
    log_events(logged)
    rng = random.Random(8)
    while not logged.is_terminal:
        action = rng.choice(logged.legal_action_ids())
        before_logged, before_plain = logged.clone(), plain.clone()
        logged.apply(action)
        plain.apply(action)
        assert summarise(before_plain, action, plain) == summarise(before_logged, action, logged)


# ---- replay -------------------------------------------------------------------------------------------
def test_replay_a_caylus1303_game(tmp_path: Path) -> None:
    record = play_game("caylus1303", ["random", "random", "random"], 4).record
    record["names"] = ["random"] * 3
    path = tmp_path / "c.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    total = len(record["actions"])
    result = runner.invoke(app, ["replay", str(path), "--no-pause"], env=VERY_WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Replay: caylus1303, 3 players, seed 4, {total} moves" in out
    assert f"Move 1/{total} · seat" in out and f"Move {total}/{total} · seat" in out
    assert "Final scores" in out and "game over after round 9" in out
    at = 0
    for line in record_events(record, [f"seat {s} (random)" for s in range(3)]):
        found = out.find(f"↳ {line}", at)
        assert found >= 0, line
        at = found + len(line)
    middle = runner.invoke(app, ["replay", str(path), "--to", str(total // 2)], env=VERY_WIDE)
    assert middle.exit_code == 0, middle.output
    assert f"Position after move {total // 2} of {total}" in middle.output
    assert "Caylus 1303 · round " in middle.output
    rows = list(player_rows(middle.output))
    assert len(rows) == 3 and all(pp == "hidden" for _, pp, _ in rows)  # a spectator sees no PP


# ---- simulate and bench ---------------------------------------------------------------------------------
def test_simulate_caylus1303_text() -> None:
    result = runner.invoke(
        app, ["simulate", "caylus1303", "--agents", "random,random,random", "--games", "4"]
    )
    assert result.exit_code == 0, result.output
    assert "Caylus 1303: 4 games" in result.stdout
    assert "Mean game length:" in result.stdout and "9.0 rounds" in result.stdout


def test_simulate_caylus1303_json() -> None:
    args = ["simulate", "caylus1303", "--players", "4", "--games", "4", "--seed", "2", "--json"]
    result = runner.invoke(app, [*args, "-o", "characters=recommended"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] == 4 and doc["players"] == 4
    assert doc["options"] == {"characters": "recommended"}
    assert sum(s["wins"] for s in doc["seats"]) >= 4
    assert doc["mean_rounds"] == 9
    assert doc["mean_actions"] > 50


def test_bench_caylus1303(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = runner.invoke(
        app,
        ["bench", "caylus1303", "--seconds", "0.4", "-p", "3", "--mcts-moves", "0", "--json-out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "Caylus 1303: random playouts" in result.output
    (row,) = read_json(out)["results"]
    assert row["players"] == 3 and row["games"] >= 1
    assert 50 < row["mean_actions_per_game"] < 1000
    assert row["actions_per_second"] > 0 and row["clones_per_second"] > 0
