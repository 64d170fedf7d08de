"""Fuzzing the untrusted input (docs/state-json.md, "Validation"): corrupted state documents, tampered
records and bad calls, on every game, player count and option setting.

Each input is refused with a ValueError (IllegalAction for a move) whose message is short, or accepted, and
then the state keeps every promise of the contract while random moves play it to its end
(``contract.check_playable``). Documents are tried both ways: as untrusted input (the actions replayed)
and as a position set up by code (``replay=False``: the schema and the game's integrity rules only; such a
document is played on when its task stack is also one a game reaches, ``document_problem()``).

Quick by default; the long run is the ``fuzz`` hypothesis profile (docs/state-json.md gives the command).
``FUZZ_REPORT=FILE`` writes the counts of what was tried, refused and accepted.
"""

from __future__ import annotations

import json
import math
import os
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from masterbuilder import GAMES, Action, IllegalAction, State, load_record, new_game
from tests.contract import check_playable

FUZZ = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
QUICK = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
limited = (lambda f: f) if FUZZ else QUICK
MAX_MESSAGE = 1_000

OPTION_SETTINGS: tuple[tuple[str, list[dict[str, Any]]], ...] = (
    ("caylus", [{}, {"edition": 2}, {"favours": "simple"}]),
    ("caylus1303", [{}, {"characters": "recommended"}]),
    (
        "builders",
        [{}, {"round_limit": 0}, {"tiebreak": "building_points"}, {"open_worker_deck": True}],
    ),
)
SETTINGS: list[tuple[str, int, dict[str, Any]]] = [
    (game, players, options)
    for game, options_list in OPTION_SETTINGS
    for options in options_list
    for players in GAMES[game].player_range
]
COUNTS: Counter[str] = Counter()


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    yield
    where = os.environ.get("FUZZ_REPORT")
    if where:
        with open(where, "w") as out:
            json.dump(dict(sorted(COUNTS.items())), out, indent=1)


# ---- strategies ----------------------------------------------------------------------------------------


@st.composite
def states(draw: st.DrawFn) -> tuple[State, int]:
    """A game of some setting, some random moves in (possibly over); and a seed for later moves."""
    game, players, options = draw(st.sampled_from(SETTINGS))
    seed = draw(st.integers(0, 2**32))
    state = new_game(game, players, seed, options)
    rng = random.Random(seed)
    for _ in range(draw(st.integers(0, 700))):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state, seed


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 1.0, -1.0, 10.9, 1e400, -1e400]),
    st.text(max_size=6),
    st.lists(st.integers(-2, 50), max_size=6),
    st.dictionaries(st.text(max_size=3), st.integers(-2, 50), max_size=3),
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    yield here
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*here, index))


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def corrupted(draw: st.DrawFn, original: str) -> str:
    """The document with one to three corruptions, as JSON text (maybe no longer JSON)."""
    doc = json.loads(original)
    for _ in range(draw(st.integers(1, 3))):
        places = [p for p in paths(doc) if p]
        in_stack = [p for p in places if p[:2] == ("state", "stack") and len(p) > 2]
        # the Caylus games' task stack is a quarter of the corruptions where there is one
        path = draw(st.sampled_from(in_stack if in_stack and draw(st.integers(0, 3)) == 0 else places))
        parent, key = at(doc, path[:-1]), path[-1]
        old = parent[key]
        how = draw(
            st.sampled_from(
                ["delete", "junk", "nudge", "copy", "swap", "append", "nest", "drop", "move", "move"]
            )
        )
        COUNTS[f"corruption {how}"] += 1
        if how == "delete":
            del parent[key]
        elif how == "junk":
            parent[key] = draw(JUNK)
        elif how == "nudge" and isinstance(old, int) and not isinstance(old, bool):
            parent[key] = old + draw(st.sampled_from([-1, 1, -2, 2, 50, -(old * 2) - 1, 2**63, 2**64]))
        elif how == "nudge" and isinstance(old, bool):
            parent[key] = not old
        elif how == "copy":  # a value from elsewhere: a card or a seat twice, a list in an int's place
            parent[key] = json.loads(json.dumps(at(doc, draw(st.sampled_from(places)))))
        elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = draw(st.integers(0, len(parent) - 1))
            parent[key], parent[other] = parent[other], parent[key]
        elif how == "append" and isinstance(old, list):
            copy_first: bool = draw(st.booleans())
            old.append(json.loads(json.dumps(old[0])) if old and copy_first else draw(JUNK))
        elif how == "nest":
            parent[key] = nested(draw(st.sampled_from([2, 5, 199, 300, 600])))
        elif how == "drop" and isinstance(old, list) and old:
            old.pop(draw(st.integers(0, len(old) - 1)))
        elif how == "move" and isinstance(parent, list):  # a card (or seat) moved to another list
            lists = [
                p
                for p in places
                if isinstance(at(doc, p), list) and p != path[:-1] and p[: len(path)] != path
            ]
            if lists:
                target = at(doc, draw(st.sampled_from(lists)))
                parent.pop(key)
                target.append(old)
        else:
            parent[key] = draw(JUNK)
    text = json.dumps(doc, separators=(",", ":"))  # NaN and Infinity come out as they are
    if draw(st.integers(0, 9)) == 0:
        COUNTS["corruption truncate"] += 1
        text = text[: draw(st.integers(0, len(text)))]
    if draw(st.integers(0, 9)) == 0:
        COUNTS["corruption token"] += 1
        token = draw(
            st.sampled_from(
                ["NaN", "Infinity", "-Infinity", "1e400", "1" * 5000, '"' + "x" * 99, "[" * 5000 + "]" * 5000]
            )
        )
        digits = [i for i, c in enumerate(text) if c.isdigit()]
        if digits:
            i = draw(st.sampled_from(digits))
            text = text[:i] + token + text[i + 1 :]
    return text


# ---- the checks ----------------------------------------------------------------------------------------


def try_document(text: str, seed: int, replay: bool) -> None:
    mode = "replayed" if replay else "trusted"
    try:
        loaded = State.from_json(text, replay=replay)
    except ValueError as exc:
        assert 0 < len(str(exc)) < MAX_MESSAGE, str(exc)[:2000]
        COUNTS[f"documents refused ({mode})"] += 1
        return
    COUNTS[f"documents accepted ({mode})"] += 1
    if replay:
        assert load_record(loaded.record()) == loaded
    else:
        assert State.from_json(loaded.to_json(), replay=False) == loaded
        for seat in [None, *range(loaded.num_players)]:
            loaded.view(seat)
        # replay=False trusts the document's task stack (set-up positions stop a turn early); a stack that
        # no game reaches is not played on
        problem = getattr(loaded, "document_problem", lambda: None)()
        if problem is not None:
            COUNTS["documents accepted (trusted) with a stack no game reaches"] += 1
            return
    COUNTS["moves played after acceptance"] += check_playable(loaded, seed)


@limited
@given(states(), st.data())
def test_corrupted_documents_are_refused_or_playable(base: tuple[State, int], data: st.DataObject) -> None:
    state, seed = base
    text = data.draw(corrupted(state.to_json()))
    COUNTS["documents"] += 1
    try_document(text, seed, replay=True)
    try_document(text, seed, replay=False)


@limited
@given(states())
def test_untouched_documents_load(base: tuple[State, int]) -> None:
    state, _ = base
    for replay in (True, False):
        assert State.from_json(state.to_json(), replay=replay) == state
    COUNTS["untouched documents"] += 1


@st.composite
def tampered(draw: st.DrawFn, record: dict[str, Any]) -> dict[str, Any]:
    for _ in range(draw(st.integers(1, 2))):
        field = draw(st.sampled_from(["game", "players", "seed", "options", "actions", "actions", "actions"]))
        COUNTS[f"tampered {field}"] += 1
        if field == "actions" and record.get("actions") and isinstance(record["actions"], list):
            actions = record["actions"]
            i = draw(st.integers(0, len(actions) - 1))
            how = draw(st.sampled_from(["change", "drop", "insert", "junk"]))
            if how == "change":
                actions[i] = draw(st.integers(-2, 300))
            elif how == "drop":
                actions.pop(i)
            elif how == "insert":
                actions.insert(i, draw(st.integers(-2, 300)))
            else:
                actions[i] = draw(JUNK)
        elif field == "options":
            record["options"] = draw(
                st.one_of(
                    JUNK, st.dictionaries(st.one_of(st.text(max_size=12), st.integers()), JUNK, max_size=2)
                )
            )
        elif draw(st.booleans()):
            record.pop(field, None)
        else:
            record[field] = draw(JUNK)
    return record


@limited
@given(states(), st.data())
def test_tampered_records_are_refused_or_replay(base: tuple[State, int], data: st.DataObject) -> None:
    state, seed = base
    record = data.draw(tampered(state.record()))
    COUNTS["records"] += 1
    try:
        loaded = load_record(record)
    except ValueError as exc:  # IllegalAction included
        assert 0 < len(str(exc)) < MAX_MESSAGE
        COUNTS["records refused"] += 1
        return
    COUNTS["records accepted"] += 1
    assert State.from_json(loaded.to_json()) == loaded
    COUNTS["moves played after acceptance"] += check_playable(loaded, seed)


CALL_JUNK = st.one_of(
    JUNK,
    st.integers(-5, 400),
    st.builds(Action, JUNK, st.one_of(st.text(max_size=8), JUNK), JUNK),
    st.sampled_from(["end turn", "pass", "", " pass ", "x" * 10_000]),
)


@limited
@given(states(), st.lists(CALL_JUNK, min_size=1, max_size=8))
def test_bad_calls_are_refused_and_change_nothing(base: tuple[State, int], junk: list[Any]) -> None:
    state, _ = base
    for value in junk:
        COUNTS["calls"] += 1
        before = state.to_json()
        reason = state.illegal_reason(value)
        assert reason is None or (isinstance(reason, str) and 0 < len(reason) < MAX_MESSAGE)
        legal_id = (
            isinstance(value, int) and not isinstance(value, bool) and value in state.legal_action_ids()
        )
        assert (reason is None) == legal_id
        try:
            state.apply(value)
        except IllegalAction as exc:
            assert 0 < len(exc.reason) < MAX_MESSAGE
            assert state.to_json() == before
            COUNTS["calls refused"] += 1
        else:
            COUNTS["calls accepted"] += 1
        try:
            view = state.view(value)
        except ValueError as exc:
            assert 0 < len(str(exc)) < MAX_MESSAGE
        else:
            ok_seat = (
                isinstance(value, int) and not isinstance(value, bool) and 0 <= value < state.num_players
            )
            assert value is None or ok_seat
            assert view["viewer"] == value


@limited
@given(
    st.sampled_from(sorted(GAMES)),
    JUNK,
    JUNK,
    st.one_of(JUNK, st.dictionaries(st.one_of(st.text(max_size=12), st.integers()), JUNK, max_size=2)),
)
def test_new_game_with_bad_arguments(game: str, players: Any, seed: Any, options: Any) -> None:
    COUNTS["new_game calls"] += 1
    try:
        state = new_game(game, players, seed, options)
    except ValueError as exc:
        assert 0 < len(str(exc)) < MAX_MESSAGE
        COUNTS["new_game refused"] += 1
        return
    assert isinstance(seed, int) and not isinstance(seed, bool) and not math.isnan(float(seed))
    assert state.num_players == players and not state.is_terminal
