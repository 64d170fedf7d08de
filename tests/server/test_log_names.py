"""The names the web table's log uses for seats."""

from masterbuilder import new_game
from masterbuilder.server.tables import log_names


def test_a_name_two_seats_share_gets_the_seat() -> None:
    assert log_names(["Ann", "mcts:easy", "mcts:easy"]) == ["Ann", "mcts:easy (seat 1)", "mcts:easy (seat 2)"]
    assert log_names(["Ann", "Bob"]) == ["Ann", "Bob"]


def test_a_logged_move_names_its_player_in_the_third_person() -> None:
    state = new_game("caylus", 3, 1)
    names = log_names(["Ann", "mcts:easy", "mcts:easy"])
    action = state.legal_action_ids()[-1]
    text = state.describe_action(action, reader=None, names=names)
    assert text.startswith("Ann ") and "you" not in text.lower().split()
