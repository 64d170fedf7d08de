"""Property tests over random games of Caylus 1303 (2-5 players, random or recommended characters).

Each example is one game, drawn as (players, seed, characters, choices, finisher): each choice index picks one
of the legal actions (``legal[choice % len(legal)]``) so hypothesis can shrink a failing game, and a seeded
random player finishes it. The hypothesis profile ("dev", or "ci" under CI=true) sets the number of examples
(tests/conftest.py).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from masterbuilder import load_record, new_game
from masterbuilder.arena import play_game
from masterbuilder.games.caylus1303 import actions as A
from masterbuilder.games.caylus1303.data import (
    CHARACTERS,
    HOUSES,
    PROVOST_MAX,
    PROVOST_MIN,
    RECOMMENDED,
    ROUNDS,
    WORKERS_TOTAL,
)
from masterbuilder.games.caylus1303.state import Caylus1303State
from tests.caylus1303.helpers import administration as run_administration
from tests.caylus1303.helpers import check, fresh, give, houses_total
from tests.contract import (
    check_clone_independent,
    check_refused,
    check_round_trip,
    finish,
    follow,
    illegal_inputs,
)

# A round has at most a few hundred decisions (placements, effects, payments, bundles); far above that
# means the game does not end.
MAX_STEPS = ROUNDS * 400


@dataclass(frozen=True)
class Game:
    players: int
    seed: int
    characters: str
    choices: list[int]
    finisher: int  # seed of the random player that goes on after the choices

    def start(self) -> Caylus1303State:
        s = new_game(
            "caylus1303", players=self.players, seed=self.seed, options={"characters": self.characters}
        )
        assert isinstance(s, Caylus1303State)
        return s


games = st.builds(
    Game,
    players=st.integers(2, 5),
    seed=st.integers(0, 2**40),
    characters=st.sampled_from(["random", "recommended"]),
    choices=st.lists(st.integers(0, 1000), max_size=150),
    finisher=st.integers(0, 2**32),
)


def play(game: Game) -> list[Caylus1303State]:
    """The game's states after each action, the start included (each one a clone)."""
    s = game.start()
    rng = random.Random(game.finisher)
    states = [s.clone()]
    while not s.is_terminal:
        legal = s.legal_action_ids()
        step = len(states) - 1
        c = game.choices[step] if step < len(game.choices) else rng.randrange(1000)
        s.apply(legal[c % len(legal)])
        states.append(s.clone())
        assert len(states) <= MAX_STEPS, "the game does not end"
    return states


def check_invariants(s: Caylus1303State) -> None:
    # rules: Caylus 1303, "Beschränkte Mengen": "Ihr könnt maximal 15 Arbeiter nutzen"; 10 houses a colour,
    # one of them on the Guilds Bridge ("Spielaufbau"); resources are never owed
    check(s)
    for p in range(s.num_players):
        assert all(x >= 0 for x in s.resources(p))
        assert s.prestige(p) >= 0
        assert s.workers(p) + s.workers_on_board(p) + s.camp(p) == WORKERS_TOTAL
        assert 0 <= s.workers(p) <= WORKERS_TOTAL and s.camp(p) >= 0 and s.workers_on_board(p) >= 0
        assert houses_total(s, p) == HOUSES and s.houses_left(p) >= 0
    assert PROVOST_MIN <= s.provost <= PROVOST_MAX
    assert 0 <= s.round <= ROUNDS
    for space in range(1, 29):
        assert len(s.workers_at(space)) <= 2


def check_action_space(s: Caylus1303State) -> None:
    """legal_action_ids() agrees with illegal_reason() for every id; labels unique; seats right."""
    legal = s.legal_action_ids()
    assert legal == sorted(set(legal))
    reasons = [s.illegal_reason(a) for a in range(A.NUM_ACTIONS)]
    assert legal == [a for a, reason in enumerate(reasons) if reason is None]
    assert all(reason is None or reason.strip() for reason in reasons)
    actions = s.legal_actions()
    assert [a.id for a in actions] == legal
    assert len({a.label for a in actions}) == len(actions)
    assert all(a.seat == s.current_player for a in actions)
    assert (legal == []) == s.is_terminal
    assert s.is_terminal or len(legal) >= 2  # single choices are taken by the engine
    for a in legal:
        assert s.describe_action(a).strip()


def check_hidden_prestige(s: Caylus1303State) -> None:
    # rules: Caylus 1303, "Spielaufbau", Hinweis: "Gewonnene Prestigepunkte legt ihr jedoch verdeckt vor euch
    # ab." (workers and resources are public)
    n = s.num_players
    for seat in [None, *range(n)]:
        v = s.view(seat)
        for other in range(n):
            shown = v["players"][other]["prestige"]
            if s.is_terminal or other == seat:
                assert shown == s.prestige(other)
            else:
                assert shown is None
            assert v["players"][other]["resources"] == dict(
                zip(("food", "wood", "stone", "cloth", "gold"), s.resources(other), strict=True)
            )
    if not s.is_terminal:
        for seat in range(n):
            other = (seat + 1) % n
            changed = s.clone()
            changed._pp[other] += 17
            assert changed.view(seat) == s.view(seat)
            assert changed.view(None) == s.view(None)
            assert changed.view(other) != s.view(other)


# ---- every step of whole games ----------------------------------------------------------------------------


@given(games)
def test_invariants_after_every_action(game: Game) -> None:
    states = play(game)
    rounds = [s.round for s in states]
    for s in states:
        check_invariants(s)
    # the draft (round 0), then rounds 1 to 9 in order, then the end
    assert rounds[0] == 0 and rounds[-1] == ROUNDS
    assert all(b - a in (0, 1) for a, b in itertools.pairwise(rounds))
    assert sorted(set(rounds)) == list(range(ROUNDS + 1))
    assert all(not s.is_terminal for s in states[:-1]) and states[-1].is_terminal
    end = states[-1]
    assert end.phase == 5 and end.current_player is None and end.pending_decision is None
    assert end.legal_actions() == [] and end.legal_action_ids() == []


@given(games)
def test_action_space_after_every_action(game: Game) -> None:
    for s in play(game):
        check_action_space(s)


@given(games)
def test_prestige_is_hidden_until_the_end(game: Game) -> None:
    states = play(game)
    for s in states[::3]:
        check_hidden_prestige(s)
    check_hidden_prestige(states[-1])


@given(games)
def test_the_characters_dealt(game: Game) -> None:
    # rules: Caylus 1303, "Spielaufbau": players + 3 characters, one for each player, the other 3 on the
    # board; "Empfohlene Charaktere" for the first game
    states = play(game)
    first = next(s for s in states if s.round == 1)
    in_play = first.characters_in_play
    assert len(in_play) == game.players + 3
    if game.characters == "recommended":
        assert sorted(in_play) == sorted(RECOMMENDED[game.players])
    assert len(first.board_characters) == 3
    for seat in range(game.players):
        assert len(first.characters_of(seat)) == 1
    for s in states[1:]:  # characters only move between players and from the board; none come back
        assert sorted(s.characters_in_play) == sorted(in_play) or s.round == 0
    assert all(0 <= c < len(CHARACTERS) for c in in_play)


@given(games)
def test_the_end_scores_and_winners(game: Game) -> None:
    # rules: Caylus 1303, "Spielende": "Fügt je 2 PP pro [Gold] hinzu, das ihr noch besitzt. Wer die meisten
    # PP hat, gewinnt das Spiel. Im Falle eines Gleichstands teilt ihr euch den Sieg."
    s = game.start()
    follow(s, game.choices)
    assert s.winners() == [] or s.is_terminal
    finish(s, game.finisher, MAX_STEPS)
    assert s.is_terminal
    scores = s.scores()
    assert scores == [s.prestige(p) for p in range(game.players)]
    assert s.final_bonus == [2 * s.resources(p)[4] for p in range(game.players)]
    assert s.winners() == [p for p in range(game.players) if scores[p] == max(scores)]
    assert s.round == ROUNDS


def test_the_final_score_adds_two_pp_per_gold() -> None:
    # rules: Caylus 1303, "Spielende": "Deckt eure Prestigepunkte auf. Fügt je 2 PP pro [Gold] hinzu, das ihr
    # noch besitzt." — and nothing for the other resources
    s = fresh(3, round=ROUNDS)
    s._pp = [10, 14, 3]
    give(s, 0, gold=2, food=5)
    give(s, 1, wood=3, stone=3, cloth=3)
    give(s, 2, gold=6)
    run_administration(s, end_round=True)
    assert s.is_terminal and s.phase == 5
    assert s.final_bonus == [4, 0, 12]
    assert s.scores() == [14, 14, 15]
    assert s.winners() == [2]
    assert s.view(0)["players"][1]["prestige"] == 14  # revealed at the end


def test_a_tie_shares_the_victory() -> None:
    # rules: Caylus 1303, "Spielende": "Im Falle eines Gleichstands teilt ihr euch den Sieg."
    s = fresh(3, round=ROUNDS)
    s._pp = [20, 18, 20]
    for seat in range(3):
        give(s, seat)
    run_administration(s, end_round=True)
    assert s.winners() == [0, 2]


# ---- the API contract ------------------------------------------------------------------------------------


@given(games)
def test_records_and_json_round_trip_mid_game_and_at_the_end(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    for _ in range(2):  # mid-game, then at the end
        loaded = check_round_trip(s, game.finisher, 60)
        assert isinstance(loaded, Caylus1303State) and loaded.prompt() == s.prompt()
        for seat in range(game.players):
            assert loaded.view(seat) == s.view(seat)
        finish(s, game.finisher)


@given(games)
def test_clone_is_independent(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    check_clone_independent(s, game.finisher)


@given(games)
def test_illegal_actions_raise_and_change_nothing(game: Game) -> None:
    s = game.start()
    follow(s, game.choices)
    for _ in range(2):  # a reachable state, then the end of the game
        check_refused(s, illegal_inputs(s, ["PASS", "place 0", "place 29", "bundle food", "slot 4"]))
        finish(s, game.finisher)


@given(st.integers(2, 5), st.integers(0, 2**32))
def test_random_bot_games_replay_from_their_record(players: int, seed: int) -> None:
    result = play_game("caylus1303", ["random"] * players, seed)
    assert len(result.scores) == players and result.winners
    state = load_record(result.record)
    assert state.is_terminal
    assert tuple(state.scores()) == result.scores and tuple(state.winners()) == result.winners
    assert len(state.history) == result.actions
    assert play_game("caylus1303", ["random"] * players, seed).record == result.record
