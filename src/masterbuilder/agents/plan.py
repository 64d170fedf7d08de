"""Playing a planned multi-action move one decision at a time, as long as the game goes as planned."""

from __future__ import annotations

from masterbuilder.core.state import State

# (game seed, players, seat to move, history): the state the next planned action expects
Expectation = tuple[int, int, int | None, list[int]]


def _key(state: State, history: list[int]) -> Expectation:
    return (state.seed, state.num_players, state.current_player, history)


class PlannedMoves:
    """The rest of a plan and the state it expects next; anything else (another seat to move, another
    history, the next action no longer legal) means the plan is stale."""

    def __init__(self) -> None:
        self.rest: list[int] = []
        self.expected: Expectation | None = None

    def next_action(self, state: State) -> int | None:
        """The plan's next action if ``state`` is the one it expects and the action is legal, else None."""
        if not self.rest or self.expected != _key(state, state.history):
            return None
        if self.rest[0] not in state.legal_action_ids():
            return None
        return self.play(state, self.rest)

    def play(self, state: State, plan: list[int]) -> int:
        """Start on ``plan`` in ``state``: its first action, keeping the rest for the next decisions."""
        action = plan[0]
        self.rest = plan[1:]
        self.expected = _key(state, [*state.history, action])
        return action

    def forget(self) -> None:
        self.rest = []
        self.expected = None


def play_move(s: State, move: tuple[int, ...]) -> int:
    """Apply the actions of a multi-action move (a search's tree move, a planned turn) for the seat to
    move, the first of which must be legal; stop early where a later one is not (a different
    determinisation can reveal other cards part-way through a turn) or where the turn has passed to
    another seat or the game has ended (a planned END_TURN after the actions ran out). Returns the actions
    applied."""
    done = 0
    player = s.current_player
    for a in move:
        if done and (s.current_player != player or a not in s.legal_action_ids()):
            break  # the turn ended early (or the game did): the rest is not this seat's to play
        s._apply_legal(a)
        done += 1
    return done
