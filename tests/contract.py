"""The core API contract every game must keep (DESIGN.md), as checks the games' property tests share.

Each check takes a state reached in some random game and asserts one promise of the API: records replay,
JSON round-trips, clones are independent, illegal input is refused and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from masterbuilder import GAMES, Action, IllegalAction, State, load_record


def follow(state: State, choices: list[int]) -> None:
    """Apply the choices (each picks a legal action by index) until they run out or the game ends."""
    for c in choices:
        legal = state.legal_action_ids()
        if not legal:
            return
        state.apply(legal[c % len(legal)])


def finish(state: State, seed: int, max_steps: int | None = None) -> int:
    """Play seeded random legal moves to the end (or for ``max_steps``); the number of moves made."""
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal and (max_steps is None or steps < max_steps):
        state.apply(rng.choice(state.legal_action_ids()))
        steps += 1
    return steps


def check_round_trip(s: State, seed: int, steps: int) -> State:
    """load_record(record()) and from_json(to_json()) rebuild ``s`` exactly, and both copies go on the same
    way for ``steps`` seeded random moves. Returns the state read back from JSON."""
    replayed = load_record(s.record())
    assert replayed == s and replayed.to_json() == s.to_json()
    text = s.to_json()
    loaded = State.from_json(text)
    assert type(loaded) is type(s)
    assert loaded == s and loaded.to_json() == text
    assert loaded.view(None) == s.view(None)
    assert loaded.legal_action_ids() == s.legal_action_ids()
    if not s.is_terminal:
        a, b = s.clone(), State.from_json(text)
        finish(a, seed, steps)
        finish(b, seed, steps)
        assert a.to_json() == b.to_json()
    return loaded


def check_clone_independent(s: State, seed: int, steps: int = 300) -> None:
    """Playing on a clone leaves the original unchanged, and playing on the original leaves the clone.
    Both are played on: pass a copy if ``s`` is needed afterwards."""
    original = s.to_json()
    c = s.clone()
    assert c == s and c.to_json() == original
    finish(c, seed, steps)
    if c.history != s.history:
        assert c.to_json() != original
    assert s.to_json() == original
    after_clone = c.to_json()
    finish(s, seed + 1, steps)
    assert c.to_json() == after_clone


def illegal_inputs(state: State, words: list[str]) -> list[Action | int | str]:
    """Inputs that must all be refused now: every id that is not legal, ids out of range, unknown words
    (``words`` adds game-specific near misses), labels of illegal actions, legal actions of another seat,
    and a legal id with the wrong label."""
    n = GAMES[state.game].num_distinct_actions(state.num_players, state.options)
    seat = state.current_player
    legal = state.legal_action_ids()
    bad: list[Action | int | str] = [a for a in range(n) if a not in legal]
    bad += [-1, n, 10**9, "fly to the moon", "", *words]
    bad += [state.action_label(a) for a in range(n) if a not in legal][:20]
    if seat is not None:
        other = (seat + 1) % state.num_players
        bad += [Action(a, state.action_label(a), other) for a in legal]
        bad += [Action(a, state.action_label(a) + "!", seat) for a in legal]
    else:
        bad += [Action(0, state.action_label(0), 0)]
    return bad


def check_refused(s: State, inputs: list[Action | int | str]) -> None:
    """Each input raises IllegalAction (a ValueError with a reason) and leaves the state exactly as it was."""
    before = s.to_json()
    for bad in inputs:
        try:
            s.apply(bad)
        except IllegalAction as exc:
            assert isinstance(exc, ValueError) and exc.reason
        else:
            raise AssertionError(f"{bad!r} was accepted")
        assert s.to_json() == before, bad


def check_playable(state: State, seed: int, max_moves: int = 50_000) -> int:
    """``state`` (read from outside) keeps every promise while seeded random moves play it to its end:
    it is consistent, round-trips through JSON, shows every seat a view, always offers a move until the
    game is over, and does end. The number of moves made."""
    integrity: Callable[[], str | None] = state.integrity_problem  # type: ignore[attr-defined]
    rng = random.Random(seed)
    moves = 0
    while True:
        if moves < 40 or moves % 25 == 0 or state.is_terminal:
            assert integrity() is None, integrity()
            assert State.from_json(state.to_json(), replay=False) == state
            for seat in [None, *range(state.num_players)]:
                state.view(seat)
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        assert legal and state.current_player is not None
        state.apply(rng.choice(legal))
        moves += 1
        assert moves < max_moves, "the game does not end"
    assert state.current_player is None and state.legal_action_ids() == []
    scores = state.scores()
    assert len(scores) == state.num_players and all(isinstance(x, int) for x in scores)
    assert state.winners() and set(state.winners()) <= set(range(state.num_players))
    return moves
