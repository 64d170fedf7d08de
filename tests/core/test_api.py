"""The public API of docs/api.md, exercised through The Builders."""

from __future__ import annotations

import json
from typing import Any

import pytest

from masterbuilder import GAMES, Action, GameInfo, IllegalAction, State, load_record, new_game
from masterbuilder.core.state import JSON_FORMAT_VERSION


def played(players: int = 3, seed: int = 11, moves: int = 25) -> State:
    """A game some moves in, made by fixed choices among the legal actions."""
    state = new_game("builders", players=players, seed=seed)
    for i in range(moves):
        legal = state.legal_action_ids()
        state.apply(legal[i % len(legal)] if len(legal) > 1 else legal[0])
    return state


def finished(players: int = 2, seed: int = 3) -> State:
    state = new_game("builders", players=players, seed=seed, options={"round_limit": 2})
    while state.current_player is not None:
        state.apply("end turn")
    return state


# ---- imports and the registry -----------------------------------------------------------------------------


def test_public_names() -> None:
    import masterbuilder

    for name in ("new_game", "load_record", "GAMES", "IllegalAction", "State", "Action"):
        assert hasattr(masterbuilder, name)
    assert issubclass(IllegalAction, ValueError)
    err = IllegalAction("You have no cloth.")
    assert err.reason == "You have no cloth." and str(err) == "You have no cloth."


def test_games_registry_describes_builders() -> None:
    info = GAMES["builders"]
    assert isinstance(info, GameInfo)
    assert info.title == "The Builders: Middle Ages"
    assert (info.min_players, info.max_players) == (2, 4)
    assert info.player_range == range(2, 5)
    assert {name: opt.default for name, opt in info.options.items()} == {
        "tiebreak": "shared",
        "round_limit": 100,
        "open_worker_deck": False,
    }
    assert info.options["tiebreak"].choices == ("shared", "building_points")
    assert all(opt.doc for opt in info.options.values())
    for players in info.player_range:
        assert info.num_distinct_actions(players) == 181
        assert info.num_distinct_actions(players, {"round_limit": 0}) == 181
    with pytest.raises(ValueError):
        info.num_distinct_actions(5)


def test_unknown_game_names_the_known_games() -> None:
    with pytest.raises(ValueError, match="builders") as info:
        new_game("chess")
    assert "chess" in str(info.value)
    with pytest.raises(ValueError):
        new_game(None)


@pytest.mark.parametrize("players", [0, 1, 5, -2, True, 2.0, "3", None])
def test_player_count_out_of_range(players: Any) -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        new_game("builders", players=players)


@pytest.mark.parametrize(
    "options",
    [
        {"colour": "red"},
        {"tiebreak": "coin_flip"},
        {"tiebreak": 1},
        {"round_limit": -1},
        {"round_limit": 10_001},
        {"round_limit": "100"},
        {"round_limit": True},
        {"round_limit": 2.5},
        {"open_worker_deck": 1},
        {"open_worker_deck": "yes"},
    ],
)
def test_unknown_option_or_bad_value(options: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        new_game("builders", players=2, options=options)


@pytest.mark.parametrize("seed", [None, "7", 1.5, True])
def test_bad_seed(seed: Any) -> None:
    with pytest.raises(ValueError):
        new_game("builders", players=2, seed=seed)


def test_options_are_filled_in_with_defaults() -> None:
    state = new_game("builders", players=2, seed=1, options={"round_limit": 5})
    assert state.options == {"tiebreak": "shared", "round_limit": 5, "open_worker_deck": False}
    assert new_game("builders").options == {
        "tiebreak": "shared",
        "round_limit": 100,
        "open_worker_deck": False,
    }


# ---- a state ----------------------------------------------------------------------------------------------


def test_state_basics() -> None:
    state = new_game("builders", players=3, seed=7)
    assert isinstance(state, State)
    assert state.game == "builders" and state.num_players == 3 and state.seed == 7
    assert state.current_player in (0, 1, 2)
    assert not state.is_terminal and state.winners() == [] and len(state.scores()) == 3
    actions = state.legal_actions()
    assert actions and all(isinstance(a, Action) for a in actions)
    assert all(a.seat == state.current_player for a in actions)
    assert [a.id for a in actions] == state.legal_action_ids()
    assert all(isinstance(a.label, str) and a.label for a in actions)
    assert len({a.label for a in actions}) == len(actions)


@pytest.mark.parametrize("form", ["action", "id", "label"])
def test_apply_by_action_id_or_label(form: str) -> None:
    state = new_game("builders", players=2, seed=5)
    action = next(a for a in state.legal_actions() if a.label == "take 3 coins")
    forms: dict[str, Action | int | str] = {"action": action, "id": action.id, "label": action.label}
    given = forms[form]
    seat = state.current_player
    assert seat is not None
    state.apply(given)
    assert state.history == [action.id]
    assert state.scores()[seat] == 1  # 13 coins
    assert json.loads(state.to_json())["state"]["coins"][seat] == 13


def test_apply_label_ignores_surrounding_spaces() -> None:
    state = new_game("builders", players=2, seed=5)
    state.apply("  end turn ")
    assert state.history == [0]


@pytest.mark.parametrize("bad", [-1, 181, 10**12, "no such action", True, 2.0, None, b"end turn"])
def test_apply_refuses_and_leaves_the_state_unchanged(bad: Any) -> None:
    state = played()
    before = state.to_json()
    with pytest.raises(IllegalAction) as info:
        state.apply(bad)
    assert info.value.reason
    assert state.to_json() == before


def test_an_action_for_another_seat_is_refused() -> None:
    state = played()
    seat = state.current_player
    assert seat is not None
    action = state.legal_actions()[0]
    before = state.to_json()
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(Action(action.id, action.label, (seat + 1) % state.num_players))
    assert state.to_json() == before


def test_after_the_end() -> None:
    state = finished()
    assert state.is_terminal and state.current_player is None
    assert state.legal_actions() == [] and state.legal_action_ids() == []
    assert state.winners() and len(state.scores()) == 2
    for bad in (0, "end turn", Action(0, "end turn", 0)):
        with pytest.raises(IllegalAction, match="over"):
            state.apply(bad)
    assert state.illegal_reason(0) is not None


def test_clone_is_equal_and_independent() -> None:
    state = played()
    copy = state.clone()
    assert copy == state and copy is not state
    copy.apply(copy.legal_action_ids()[0])
    assert copy != state and len(copy.history) == len(state.history) + 1
    assert state.__hash__ is None


def test_history_is_a_copy() -> None:
    state = played()
    history = state.history
    history.append(999)
    assert state.history != history


def test_view_is_json_ready() -> None:
    state = played()
    for seat in (None, 0, 1, 2):
        view = state.view(seat)
        assert view["viewer"] == seat
        assert json.loads(json.dumps(view)) == view
    with pytest.raises(ValueError):
        state.view(3)


# ---- records ----------------------------------------------------------------------------------------------


def test_record_fields_and_replay() -> None:
    state = played(players=4, seed=99, moves=40)
    record = state.record()
    assert set(record) == {"game", "players", "seed", "options", "actions"}
    assert record["game"] == "builders" and record["players"] == 4 and record["seed"] == 99
    assert record["options"] == state.options and record["actions"] == state.history
    assert json.loads(json.dumps(record)) == record
    replayed = load_record(record)
    assert replayed == state and replayed.to_json() == state.to_json()
    record["actions"].append(12345)
    assert state.history != record["actions"]  # the record is a copy


def test_record_without_options_uses_the_defaults() -> None:
    state = played()
    record = state.record()
    del record["options"]
    assert load_record(record) == state


@pytest.mark.parametrize("missing", ["game", "players", "seed", "actions"])
def test_load_record_missing_field(missing: str) -> None:
    record = played().record()
    del record[missing]
    with pytest.raises(ValueError, match=missing):
        load_record(record)


@pytest.mark.parametrize(
    "change",
    [
        {"actions": "0,1,2"},
        {"actions": None},
        {"actions": [0, "x"]},
        {"actions": [0, 1.0]},
        {"actions": [True]},
        {"game": "chess"},
        {"players": 9},
        {"options": {"colour": "red"}},
        {"seed": "x"},
    ],
)
def test_load_record_bad_fields(change: dict[str, Any]) -> None:
    record = played().record()
    record.update(change)
    with pytest.raises(ValueError):
        load_record(record)


def test_load_record_not_an_object() -> None:
    with pytest.raises(ValueError):
        load_record([1, 2, 3])


def test_load_record_names_the_illegal_action() -> None:
    record = played(moves=10).record()
    record["actions"] = [*record["actions"][:6], 180, *record["actions"][6:]]
    with pytest.raises(IllegalAction, match=r"Move 7\b") as info:  # counted from 1
        load_record(record)
    assert "180" in str(info.value)


# ---- JSON -------------------------------------------------------------------------------------------------


def test_to_json_document() -> None:
    state = played()
    doc = json.loads(state.to_json())
    assert set(doc) == {"format", "game", "players", "seed", "options", "actions", "state"}
    assert doc["format"] == JSON_FORMAT_VERSION == 1
    assert doc["game"] == "builders" and doc["players"] == 3 and doc["seed"] == 11
    assert doc["actions"] == state.history and doc["options"] == state.options
    assert isinstance(doc["state"], dict)
    loaded = State.from_json(state.to_json())
    assert loaded == state and loaded.to_json() == state.to_json()
    assert State.from_json(state.to_json().encode()) == state  # bytes too


def corrupt(state: State, edit: Any) -> str:
    doc = json.loads(state.to_json())
    edit(doc)
    return json.dumps(doc)


def _dup_building(doc: dict[str, Any]) -> None:
    doc["state"]["building_deck"][0] = doc["state"]["building_deck"][1]


def _dup_worker(doc: dict[str, Any]) -> None:
    doc["state"]["worker_row"][0] = doc["state"]["free"][0][0]


def _lose_worker(doc: dict[str, Any]) -> None:
    doc["state"]["worker_deck"].pop()


def _negative_coins(doc: dict[str, Any]) -> None:
    doc["state"]["coins"][0] = -1


def _wrong_points(doc: dict[str, Any]) -> None:
    doc["state"]["points"][0] += 1


def _bad_seat(doc: dict[str, Any]) -> None:
    doc["state"]["seat"] = 7


def _bad_pending(doc: dict[str, Any]) -> None:
    doc["state"]["pending"] = doc["state"]["worker_row"][0]


def _short_row(doc: dict[str, Any]) -> None:
    doc["state"]["building_row"].pop()


def _extra_player(doc: dict[str, Any]) -> None:
    doc["state"]["coins"].append(10)


def _crew_off_site(doc: dict[str, Any]) -> None:
    in_deck = doc["state"]["building_deck"][0]
    doc["state"]["crew"] = {str(in_deck): [doc["state"]["worker_deck"].pop()]}


def _unknown_card(doc: dict[str, Any]) -> None:
    doc["state"]["worker_deck"][0] = 99


def _text_coins(doc: dict[str, Any]) -> None:
    doc["state"]["coins"][0] = "ten"


@pytest.mark.parametrize(
    "edit",
    [
        _dup_building,
        _dup_worker,
        _lose_worker,
        _negative_coins,
        _wrong_points,
        _bad_seat,
        _bad_pending,
        _short_row,
        _extra_player,
        _crew_off_site,
        _unknown_card,
        _text_coins,
    ],
)
def test_from_json_inconsistent_state(edit: Any) -> None:
    with pytest.raises(ValueError):
        State.from_json(corrupt(played(), edit))


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2]", "42", "null", '"builders"'])
def test_from_json_malformed(text: str) -> None:
    with pytest.raises(ValueError):
        State.from_json(text)


@pytest.mark.parametrize("field", ["format", "game", "players", "seed", "options", "actions", "state"])
def test_from_json_missing_field(field: str) -> None:
    with pytest.raises(ValueError):
        State.from_json(corrupt(played(), lambda doc: doc.pop(field)))


@pytest.mark.parametrize(
    "change",
    [
        {"format": 2},
        {"format": "1"},
        {"game": "chess"},
        {"players": 5},
        {"options": {"colour": "red"}},
        {"seed": "x"},
        {"actions": "none"},
        {"actions": ["x"]},
        {"state": []},
    ],
)
def test_from_json_wrong_format_or_field(change: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        State.from_json(corrupt(played(), lambda doc: doc.update(change)))


@pytest.mark.parametrize(
    "change",
    [
        lambda doc: doc.update(options=[1, 2]),
        lambda doc: doc.update(options=5),
        lambda doc: doc["state"].update(crew=[]),
        lambda doc: doc["state"].update(sent=[]),
    ],
)
def test_from_json_non_object_fields_raise_value_error(change: Any) -> None:
    text = corrupt(played(), change)
    with pytest.raises(ValueError):
        State.from_json(text)


@pytest.mark.parametrize("options", [5, [1, 2], 2.5])
def test_options_that_are_not_a_mapping(options: Any) -> None:
    with pytest.raises(ValueError):
        new_game("builders", players=2, options=options)
    record = played().record()
    record["options"] = options
    with pytest.raises(ValueError):
        load_record(record)


# ---- determinism ------------------------------------------------------------------------------------------


def test_same_seed_and_actions_give_the_same_state() -> None:
    a = played(players=4, seed=1234, moves=60)
    b = played(players=4, seed=1234, moves=60)
    assert a.to_json() == b.to_json()
    assert a.view(None) == b.view(None)


def test_different_seeds_give_different_setups() -> None:
    setups = {new_game("builders", players=2, seed=seed).to_json().split('"state":')[1] for seed in range(50)}
    assert len(setups) == 50
    views = {json.dumps(new_game("builders", players=3, seed=seed).view(None)) for seed in range(50)}
    assert len(views) >= 45  # the visible setup differs for (almost) every seed


def test_an_action_whose_label_does_not_match_its_id_is_refused() -> None:
    state = new_game("builders", players=2, seed=3)
    seat = state.current_player
    assert seat is not None
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not labelled"):
        state.apply(Action(2, "end turn", seat))  # id 2 is "take 1 coin"
    assert state.to_json() == before
