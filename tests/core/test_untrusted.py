"""Untrusted input (docs/state-json.md, "Validation"; docs/api.md, "Arguments"): every example of the issue
"Untrusted input: every state document, record and call from outside is checked" as a regression test.

Each bad document, record or call is refused with a ValueError (IllegalAction for a move) whose message
says why in a sentence and echoes at most a short excerpt of the input.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest

from masterbuilder import GAMES, Action, IllegalAction, State, load_record, new_game
from masterbuilder.games.builders.state import BuildersState

GAMES_AND_COUNTS = [("builders", 3), ("caylus", 3), ("caylus1303", 3)]
CAYLUSES = ["caylus", "caylus1303"]
Doc = dict[str, Any]


def played(game: str, players: int = 3, seed: int = 4, moves: int = 40) -> State:
    """A game some random moves in."""
    state = new_game(game, players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def document(game: str) -> Doc:
    doc: Doc = json.loads(played(game).to_json())
    return doc


def refused(text: Any, *, replay: bool = True, match: str | None = None) -> str:
    """from_json refuses ``text`` with a ValueError with a short message; the message."""
    with pytest.raises(ValueError, match=match) as info:
        State.from_json(text, replay=replay)
    message = str(info.value)
    assert message and len(message) < 600, message
    return message


def edited(game: str, edit: Callable[[Doc], Any]) -> str:
    doc = document(game)
    edit(doc)
    return dumps(doc)


def dumps(doc: Doc) -> str:
    return json.dumps(doc, separators=(",", ":"))


def both_ways(text: str, match: str | None = None) -> None:
    """Refused whether or not the actions are replayed (the schema or integrity catches it first)."""
    refused(text, match=match)
    refused(text, replay=False, match=match)


# ---- the JSON text ---------------------------------------------------------------------------------------


def test_deep_nesting_is_refused_quickly() -> None:
    started = time.perf_counter()
    refused("[" * 100000 + "]" * 100000, match="Not valid JSON")
    for game, _ in GAMES_AND_COUNTS:
        doc = dumps(document(game))
        deep = "[" * 100000 + "]" * 100000
        both_ways(doc.replace('"options":', f'"junk":{deep},"options":', 1))
        both_ways(doc.replace('"actions":[', '"actions":[' + deep + ",", 1))
    assert time.perf_counter() - started < 2


@pytest.mark.parametrize("number", ["Infinity", "-Infinity", "NaN", "1e400", "-1e400", "1" + "0" * 5000])
@pytest.mark.parametrize("game", [g for g, _ in GAMES_AND_COUNTS])
def test_non_finite_and_huge_numbers_are_refused(game: str, number: str) -> None:
    doc = document(game)
    text = dumps(doc)
    # in actions
    both_ways(text.replace('"actions":[', f'"actions":[{number},', 1))
    # in every integer field of the state, one at a time
    for key, value in doc["state"].items():
        if isinstance(value, int) and not isinstance(value, bool):
            bad = dumps({**doc, "state": {**doc["state"], key: 0}}).replace(f'"{key}":0', f'"{key}":{number}')
            both_ways(bad, match=f"state.{key}|Not valid JSON")
        elif isinstance(value, list) and value and isinstance(value[0], int):
            state = {**doc["state"], key: ["X", *value[1:]]}
            bad = dumps({**doc, "state": state}).replace('["X"', f"[{number}", 1)
            both_ways(bad, match=f"state.{key}|Not valid JSON")


def test_caylus_stack_with_a_huge_number() -> None:
    for game in CAYLUSES:
        doc = document(game)
        doc["state"]["stack"][0] = [0, 7]
        text = dumps(doc).replace("[0,7]", "[0,1e400]", 1)
        both_ways(text, match="state.stack")


@pytest.mark.parametrize("text", [None, 42, 1.5, [], {}, object()])
def test_from_json_of_something_that_is_not_text(text: Any) -> None:
    refused(text, match="must be text")


@pytest.mark.parametrize("text", ["\ud800", b"\xff\xfe{}", b"", "", bytearray(b"{")])
def test_from_json_of_text_that_is_not_json(text: Any) -> None:
    refused(text, match="Not valid JSON")


def test_a_document_too_long_is_refused_quickly() -> None:
    started = time.perf_counter()
    refused(" " * 16_000_001, match="at most")
    assert time.perf_counter() - started < 1


def test_truncated_documents() -> None:
    text = played("caylus").to_json()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
        refused(text[:cut], match="Not valid JSON")


# ---- the Caylus games' states ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", CAYLUSES)
def test_an_automatic_task_on_top_of_the_stack(game: str) -> None:
    both_ways(edited(game, lambda d: d["state"]["stack"].append([1, 1])), match="automatic task")
    both_ways(edited(game, lambda d: d["state"]["stack"].append([1, 0])), match="stack")  # the issue's


def game_of(state: Doc) -> str:
    return "caylus" if "turn" in state and "deniers" in state and "cubes" in state else "caylus1303"


CAYLUS_BAD: list[tuple[str, Callable[[Doc], Any]]] = [
    ("phase 99", lambda s: s.update(phase=99)),
    ("phase -1", lambda s: s.update(phase=-1)),
    ("phase text", lambda s: s.update(phase="2")),
    ("phase float", lambda s: s.update(phase=2.0)),
    ("turn negative", lambda s: s.update(turn=-1)),
    ("turn bool", lambda s: s.update(turn=True)),
    ("scored ints", lambda s: s.update(scored=[1, 0, 0])),
    ("scored short", lambda s: s.update(scored=[False])),
    ("rows_used 99", lambda s: s["rows_used"].__setitem__(0, 99)),
    ("rows_used text", lambda s: s["rows_used"].__setitem__(0, "1")),
    ("given negative", lambda s: s["given"].__setitem__(0, -1)),
    ("given float", lambda s: s["given"].__setitem__(0, 0.5)),
    ("special 9", lambda s: s["special"].__setitem__(0, 9)),
    ("special 4 in 3 players", lambda s: s["special"].__setitem__(0, 4)),
    ("special short", lambda s: s.update(special=[-1])),
    ("inn 7", lambda s: s.update(inn=[7, -1])),
    ("inn object", lambda s: s.update(inn={"left": -1})),
    ("passed object", lambda s: s.update(passed={})),
    ("passed -1", lambda s: s.update(passed=[-1])),
    ("passed twice", lambda s: s.update(passed=[0, 0])),
    ("over int", lambda s: s.update(over=1)),
    ("over text", lambda s: s.update(over="no")),
    ("supply negative", lambda s: s["supply"].__setitem__(len(s["supply"]) - 1, -1)),
    (
        "houses negative",
        lambda s: (s["houses"][0] if game_of(s) == "caylus" else s["houses"]).__setitem__(0, -1),
    ),
    ("deniers NaN", lambda s: s["deniers"].__setitem__(0, float("nan"))),
    ("deniers negative", lambda s: s["deniers"].__setitem__(0, -3)),
    ("stack argument below the top", lambda s: s["stack"].__setitem__(0, [s["stack"][0][0], 999])),
    ("stack task unknown", lambda s: s["stack"].__setitem__(0, [55])),
    ("stack task empty", lambda s: s["stack"].__setitem__(0, [])),
    ("stack decision for seat 7", lambda s: s["stack"].append([s["stack"][-1][0], 7])),
    ("unknown field", lambda s: s.update(colour="red")),
    ("missing field", lambda s: s.pop("over")),
]


@pytest.mark.parametrize("what, edit", CAYLUS_BAD, ids=[w for w, _ in CAYLUS_BAD])
@pytest.mark.parametrize("game", CAYLUSES)
def test_caylus_fields_out_of_range_or_of_the_wrong_type(game: str, what: str, edit: Any) -> None:
    doc = document(game)
    state = doc["state"]
    renames = {"turn": "round", "given": "bundles", "deniers": "pp", "special": "w2", "inn": "slots"}
    renames |= {"rows_used": "hand", "scored": "residence"}
    if game == "caylus1303":  # the same kinds of field under Caylus 1303's names
        for old, new in renames.items():
            state[old] = state[new]
    edit(state)
    if game == "caylus1303":
        for old, new in renames.items():
            state[new] = state.pop(old)
    both_ways(dumps(doc))


def test_phase_99_then_view_no_longer_crashes() -> None:
    doc = document("caylus")
    doc["state"]["phase"] = 99
    both_ways(json.dumps(doc), match=r"state\.phase")


def test_passed_as_an_object_then_three_moves_no_longer_crashes() -> None:
    doc = document("caylus")
    doc["state"]["passed"] = {}
    both_ways(json.dumps(doc), match=r"state\.passed")


@pytest.mark.parametrize("game", CAYLUSES)
def test_a_stack_no_game_reaches_is_a_document_problem(game: str) -> None:
    """``replay=False`` trusts the task stack (set-up positions stop a turn early); ``document_problem()``
    says whether a game reaches it: never a problem along random games, always one for a stack without
    the turn's (round's) end, with a new turn (round) pending inside it, or with a task twice."""
    for seed in range(6):
        state = new_game(game, 2 + seed % 4, seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            assert state.document_problem() is None  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_action_ids()))
            if rng.random() < 0.05:
                doc = json.loads(state.to_json())
                stack = doc["state"]["stack"]
                if not stack:
                    continue
                variants = [stack[1:], [*stack[:1], [0], *stack[1:]], [*stack[:1], *stack]]
                for variant in variants:
                    doc["state"]["stack"] = variant
                    try:
                        loaded = State.from_json(dumps(doc), replay=False)
                    except ValueError:
                        continue
                    assert loaded.document_problem() is not None, variant  # type: ignore[attr-defined]


# ---- The Builders' state ---------------------------------------------------------------------------------

BUILDERS_BAD: list[tuple[str, Callable[[Doc], Any]]] = [
    ("coins as text", lambda s: s["coins"].__setitem__(0, "10")),
    ("coins as a fraction", lambda s: s["coins"].__setitem__(0, 10.9)),
    ("coins as a whole float", lambda s: s["coins"].__setitem__(0, 10.0)),
    ("coins as a bool", lambda s: s["coins"].__setitem__(0, True)),
    ("final_round as text", lambda s: s.update(final_round="no")),
    ("final_round as an int", lambda s: s.update(final_round=0)),
    ("turns negative", lambda s: s.update(turns=-7)),
    ("actions negative", lambda s: s.update(actions=-1)),
    ("seat out of range", lambda s: s.update(seat=9)),
    ("unknown card", lambda s: s["worker_deck"].__setitem__(0, 99)),
    ("duplicated card", lambda s: s["building_deck"].__setitem__(0, s["building_row"][0])),
    ("missing card", lambda s: s["building_deck"].pop()),
    ("crew on a building id out of range", lambda s: s.update(crew={"77": [0]})),
    ("crew keyed by a non-number", lambda s: s.update(crew={"x": [0]})),
    ("sent zero", lambda s: s.update(sent={str(s["building_row"][0]): 0})),
]


@pytest.mark.parametrize("what, edit", BUILDERS_BAD, ids=[w for w, _ in BUILDERS_BAD])
def test_builders_values_are_not_coerced(what: str, edit: Any) -> None:
    both_ways(edited("builders", lambda d: edit(d["state"])))


@pytest.mark.parametrize("value", [True, 1.0, "1", 2, None])
def test_the_format_must_be_the_integer_1(value: Any) -> None:
    both_ways(edited("builders", lambda d: d.update(format=value)), match="format")


# ---- the actions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", [g for g, _ in GAMES_AND_COUNTS])
def test_actions_that_do_not_replay_are_refused(game: str) -> None:
    text = edited(game, lambda d: d.update(actions=[999, -5]))
    refused(text, match=r"actions\[1\]")  # -5 is no action id
    text = edited(game, lambda d: d.update(actions=[999]))
    refused(text, match=r"actions\[0\]: action id 999 is illegal")
    text = edited(game, lambda d: d["actions"].pop())
    message = refused(text, match="replayed from seed")
    assert "replay=False" in message
    text = edited(game, lambda d: d.update(actions=[True, *d["actions"]]))
    refused(text, match=r"actions\[0\]")


@pytest.mark.parametrize("game", [g for g, _ in GAMES_AND_COUNTS])
def test_a_document_that_replays_is_the_replayed_state(game: str) -> None:
    state = played(game)
    loaded = State.from_json(state.to_json())
    assert loaded == state and loaded.record() == state.record()
    assert load_record(loaded.record()) == state


def test_a_position_set_up_by_code_loads_with_replay_false_only() -> None:
    state = played("builders")
    assert isinstance(state, BuildersState)
    state._coins[0] += 1  # not what the actions give
    message = refused(state.to_json(), match=r"state\.coins")
    assert "replay=False" in message
    loaded = State.from_json(state.to_json(), replay=False)
    assert loaded == state


# ---- calls -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game, players", GAMES_AND_COUNTS)
def test_bools_are_not_action_ids(game: str, players: int) -> None:
    state = played(game, players)
    seat = state.current_player
    assert seat is not None
    before = state.to_json()
    for flag in (True, False):
        assert state.illegal_reason(flag) is not None
        with pytest.raises(IllegalAction):
            state.apply(flag)
        with pytest.raises(IllegalAction):
            state.apply(Action(flag, state.action_label(int(flag)), seat))
        with pytest.raises(IllegalAction):
            legal = state.legal_action_ids()[0]
            not_a_seat: Any = True if seat == 1 else seat + 0.0
            state.apply(Action(legal, state.action_label(legal), not_a_seat))
    assert state.to_json() == before


def test_builders_buy_action_with_a_bool_id() -> None:
    state = new_game("builders", 2, 1)
    seat = state.current_player
    assert seat is not None and "buy action" in [a.label for a in state.legal_actions()]
    with pytest.raises(IllegalAction, match="True is not an action id"):
        state.apply(Action(True, "buy action", seat))
    assert state.history == [] and json.loads(state.to_json())["actions"] == []


@pytest.mark.parametrize("game, players", GAMES_AND_COUNTS)
@pytest.mark.parametrize(
    "bad", [1.0, 2.5, float("nan"), float("inf"), -float("inf"), None, b"1", [1], 10**400, -1]
)
def test_numbers_that_are_not_action_ids(game: str, players: int, bad: Any) -> None:
    state = played(game, players)
    before = state.to_json()
    reason = state.illegal_reason(bad)
    assert isinstance(reason, str) and len(reason) < 300
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)
    assert len(str(info.value)) < 300
    assert state.to_json() == before


@pytest.mark.parametrize("game, players", GAMES_AND_COUNTS)
@pytest.mark.parametrize("seat", [1.5, "0", True, False, -1, 3, 10**400, float("nan"), [0]])
def test_view_refuses_what_is_not_a_seat(game: str, players: int, seat: Any) -> None:
    state = played(game, players)
    with pytest.raises(ValueError, match="There is no seat"):
        state.view(seat)
    with pytest.raises(ValueError, match="There is no seat"):
        state.resample_hidden(seat, 0)
    state.view(None)  # a spectator
    bad_seeds: list[Any] = [1.5, True, None, "1"]
    for seed in bad_seeds:
        with pytest.raises(ValueError, match="seed"):
            state.resample_hidden(0, seed)


@pytest.mark.parametrize(
    "options",
    [
        {1: 2, "nope": 3},
        {None: 1},
        {("edition",): 2},
        {"edition": 2.0},
        {"edition": True},
        {"edition": float("nan")},
    ],
)
def test_new_game_options_with_non_string_keys_or_bad_values(options: Any) -> None:
    with pytest.raises(ValueError) as info:
        new_game("caylus", 2, 1, options)
    assert len(str(info.value)) < 300


@pytest.mark.parametrize("seed", [True, 1.0, float("nan"), float("inf"), "1", None, 2**64, -(2**63) - 1])
def test_new_game_seeds(seed: Any) -> None:
    with pytest.raises(ValueError, match="seed"):
        new_game("builders", 2, seed)


@pytest.mark.parametrize("players", [True, 2.0, float("nan"), "2", None, 10**400])
def test_new_game_player_counts(players: Any) -> None:
    with pytest.raises(ValueError, match="players") as info:
        new_game("builders", players)
    assert len(str(info.value)) < 300


def test_an_unknown_game_name_is_not_repeated_whole() -> None:
    name = "x" * 50_000_000
    for call in (
        lambda: new_game(name),
        lambda: load_record({"game": name, "players": 2, "seed": 0, "actions": []}),
        lambda: State.from_json(json.dumps({**document("builders"), "game": name})),
        lambda: GAMES["builders"].resolve_options({name: 1}),
    ):
        with pytest.raises(ValueError) as info:
            call()
        assert len(str(info.value)) < 300


RECORD_BAD: list[tuple[str, Callable[[Doc], Any]]] = [
    ("an action as a bool", lambda r: r["actions"].insert(0, True)),
    ("an action as a float", lambda r: r["actions"].insert(0, 1.0)),
    ("an action as NaN", lambda r: r["actions"].insert(0, float("nan"))),
    ("an action out of range", lambda r: r["actions"].insert(0, 10**400)),
    ("an illegal action", lambda r: r["actions"].append(-5)),
    ("a seed as a bool", lambda r: r.update(seed=True)),
    ("a seed as a float", lambda r: r.update(seed=4.0)),
    ("a huge seed", lambda r: r.update(seed=10**400)),
    ("players as a float", lambda r: r.update(players=3.0)),
    ("an option key that is not a string", lambda r: r.update(options={1: 2})),
    ("options as a list", lambda r: r.update(options=[1])),
    ("actions as an object", lambda r: r.update(actions={})),
    ("no actions", lambda r: r.pop("actions")),
]


@pytest.mark.parametrize("what, edit", RECORD_BAD, ids=[w for w, _ in RECORD_BAD])
@pytest.mark.parametrize("game", [g for g, _ in GAMES_AND_COUNTS])
def test_tampered_records(game: str, what: str, edit: Any) -> None:
    record = played(game).record()
    edit(record)
    with pytest.raises(ValueError) as info:
        load_record(record)
    assert len(str(info.value)) < 400


# ---- The Builders without a round cap ----------------------------------------------------------------------


def test_builders_without_a_round_cap_always_ends() -> None:
    # rules: Builders, end of the game — see docs/rules-notes.md: a dead position ends the game
    ended_dead = 0
    for seed in range(60):
        players = 2 + seed % 3
        state = new_game("builders", players, seed, {"round_limit": 0})
        assert isinstance(state, BuildersState)
        rng = random.Random(seed)
        moves = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_action_ids()))
            moves += 1
            assert moves < 5000
        assert state.current_player is None and state.winners()
        if not state.final_round:
            ended_dead += 1
            assert state.dead_position()
            assert max(state.building_points(p) for p in range(players)) < 17
            assert state.round * players == state._turns // players * players  # a whole round
    assert ended_dead > 10  # random play reaches dead positions often


def test_a_dead_position_stays_dead_and_the_capped_game_does_not_end_early() -> None:
    """Soundness on random games with the usual cap: once no seat can reach 17 points, none does; with a
    round cap the dead-position rule does not apply (the pinned bot games and records are unchanged)."""
    seen = 0
    for seed in range(24):
        players = 2 + seed % 3
        state = new_game("builders", players, seed)
        assert isinstance(state, BuildersState)
        rng = random.Random(seed)
        dead = False
        while not state.is_terminal:
            if state.actions_left == 3 and state.current_player == state.first_player:  # a round's start
                dead = dead or state.dead_position()
                if dead:
                    assert state.dead_position()
            state.apply(rng.choice(state.legal_action_ids()))
        seen += dead
        if dead:
            assert not state.final_round
            assert state.round == 100  # played to the cap
    assert seen > 5


def test_the_opening_is_not_a_dead_position() -> None:
    state = new_game("builders", 2, 7)
    assert isinstance(state, BuildersState)
    for seat in range(2):
        assert state.reachable_points(seat) >= 17  # the opening can still reach anything
    assert not state.dead_position()


# ---- weight --------------------------------------------------------------------------------------------


def test_import_and_new_game_do_not_load_pydantic() -> None:
    code = (
        "import sys, masterbuilder; masterbuilder.new_game('caylus', 2, 0); "
        "assert 'pydantic' not in sys.modules and 'pydantic_core' not in sys.modules, 'loaded'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
