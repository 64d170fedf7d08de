"""The OpenSpiel adapter: registration, parameters, OpenSpiel's own API checks and search bots."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from masterbuilder.core.registry import GAMES
from masterbuilder.interop import observation as obs
from masterbuilder.interop import openspiel as mo
from masterbuilder.interop.openspiel import GAME_NAMES, MasterBuilderState

Info = pyspiel.GameType.Information


def _core(state: MasterBuilderState) -> Any:
    core = state.core
    assert core is not None
    return core


def _play_random(game: Any, seed: int, check: Any = None) -> MasterBuilderState:
    """A whole game with uniformly random decisions and chance outcomes drawn by their probabilities;
    ``check(state)`` at every decision node."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            if check is not None:
                check(state)
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state  # type: ignore[no-any-return]


def _play_bots(game: Any, bots: list[Any], seed: int) -> tuple[MasterBuilderState, int]:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = int(bots[state.current_player()].step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    return state, decisions


# ---- registration and parameters -----------------------------------------------------------------


def test_every_game_is_registered_with_its_defaults() -> None:
    registered = set(pyspiel.registered_names())
    for name, short in GAME_NAMES.items():
        assert short in registered
        info = GAMES[name]
        game = pyspiel.load_game(short)
        game_type = game.get_type()
        assert game_type.min_num_players == info.min_players
        assert game_type.max_num_players == info.max_players
        assert game_type.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert game_type.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert game.num_players() == info.min_players
        assert game.num_distinct_actions() == info.num_distinct_actions(info.min_players)
        assert game.max_chance_outcomes() >= mo.DEFAULT_SETUPS
        params = game.get_parameters()
        for option, spec in info.options.items():
            assert params[option] == spec.default
        assert params["setups"] == mo.DEFAULT_SETUPS and params["utility"] == "win_loss"


def test_information_types() -> None:
    def information(text: str) -> Any:
        return pyspiel.load_game(text).get_type().information

    assert information("masterbuilder_caylus") == Info.PERFECT_INFORMATION
    assert information("masterbuilder_caylus1303") == Info.IMPERFECT_INFORMATION
    # deal="reveal" (the default): the cards are drawn by chance as they turn face up, nothing is secret
    assert information("masterbuilder_builders") == Info.PERFECT_INFORMATION
    assert information("masterbuilder_builders(deal=setup)") == Info.IMPERFECT_INFORMATION


def test_utility_types() -> None:
    def utility(text: str) -> Any:
        return pyspiel.load_game(text).get_type().utility

    zero, general = pyspiel.GameType.Utility.ZERO_SUM, pyspiel.GameType.Utility.GENERAL_SUM
    assert utility("masterbuilder_caylus(players=2)") == zero
    assert utility("masterbuilder_caylus(players=3)") == general
    assert utility("masterbuilder_caylus(players=3,utility=margin)") == zero
    game = pyspiel.load_game("masterbuilder_builders(players=4)")
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)


def test_load_with_parameters_and_options() -> None:
    game = pyspiel.load_game(
        "masterbuilder_builders(players=3,tiebreak=building_points,round_limit=7,open_worker_deck=True,"
        "setups=5,first_seed=40,deal=setup)"
    )
    assert game.num_players() == 3
    assert game.max_chance_outcomes() == 5
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 0.2) for k in range(5)]
    state.apply_action(3)
    core = _core(state)
    assert (core.game, core.num_players, core.seed) == ("builders", 3, 43)
    assert core.options == {"tiebreak": "building_points", "round_limit": 7, "open_worker_deck": True}
    assert game.max_game_length() == 13 * 7 * 3 + 10 * 3 + 448

    game = pyspiel.load_game("masterbuilder_caylus", {"players": 5, "edition": 2, "favours": "simple"})
    state = game.new_initial_state()
    state.apply_action(0)
    assert _core(state).options == {"edition": 2, "favours": "simple"}
    assert game.num_distinct_actions() == GAMES["caylus"].num_distinct_actions(5, {"edition": 2})

    game = mo.load("caylus1303", players=4, characters="recommended")
    assert game.num_players() == 4
    assert game.get_parameters()["characters"] == "recommended"


@pytest.mark.parametrize(
    "text",
    [
        "masterbuilder_caylus(players=1)",
        "masterbuilder_caylus(players=6)",
        "masterbuilder_builders(players=5)",
        "masterbuilder_caylus(edition=3)",
        "masterbuilder_caylus(favours=none)",
        "masterbuilder_caylus1303(characters=all)",
        "masterbuilder_builders(tiebreak=coins)",
        "masterbuilder_builders(round_limit=0)",
        "masterbuilder_builders(round_limit=-1)",
        "masterbuilder_builders(deal=later)",
        "masterbuilder_caylus(utility=points)",
        "masterbuilder_caylus(setups=0)",
        "masterbuilder_caylus(setups=1000001)",
        "masterbuilder_caylus(first_seed=-1)",
    ],
)
def test_bad_parameter_values_raise_value_error(text: str) -> None:
    with pytest.raises(ValueError):
        pyspiel.load_game(text)


@pytest.mark.parametrize(
    "text",
    [
        "masterbuilder_caylus(bogus=1)",
        "masterbuilder_caylus(deal=setup)",  # only The Builders has decks
        "masterbuilder_caylus(players=two)",
        "masterbuilder_builders(open_worker_deck=7)",
    ],
)
def test_unknown_or_mistyped_parameters_are_refused(text: str) -> None:
    with pytest.raises((ValueError, pyspiel.SpielError)):
        pyspiel.load_game(text)


def test_load_refuses_an_unknown_game() -> None:
    with pytest.raises(ValueError, match="known games"):
        mo.load("chess")


# ---- OpenSpiel's own consistency checks -------------------------------------------------------------------

SIMULATIONS = [
    ("masterbuilder_builders", True),
    ("masterbuilder_builders(deal=setup)", False),
    ("masterbuilder_builders(players=4,open_worker_deck=True,round_limit=8)", True),
    ("masterbuilder_builders(players=4,deal=setup)", True),
    ("masterbuilder_caylus", True),
    ("masterbuilder_caylus(players=5)", False),
    ("masterbuilder_caylus(players=5,edition=2,utility=margin)", True),
    ("masterbuilder_caylus1303", False),
    ("masterbuilder_caylus1303(players=5)", True),
]


@pytest.mark.parametrize(("text", "serialize"), SIMULATIONS)
def test_random_sim_test(text: str, serialize: bool) -> None:
    """Clones, serialisation, legal-action masks, observations of every seat, return sums and bounds,
    game length within max_game_length: OpenSpiel's C++ checks on a whole random game."""
    game = pyspiel.load_game(text)
    pyspiel.random_sim_test(game, num_sims=1, serialize=serialize, verbose=False)


def test_random_games_stay_within_max_game_length() -> None:
    for text in ("masterbuilder_caylus(players=2)", "masterbuilder_caylus1303(players=2)"):
        game = pyspiel.load_game(text)
        for seed in range(3):
            state = _play_random(game, seed)
            decisions = sum(1 for item in state.full_history() if item.player >= 0)
            assert decisions <= game.max_game_length() // 3  # documented headroom


# ---- the adapter against the engine --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "masterbuilder_builders(players=3)",
        "masterbuilder_builders(players=2,deal=setup,tiebreak=building_points)",
        "masterbuilder_caylus(players=3)",
        "masterbuilder_caylus1303(players=2)",
    ],
)
def test_legal_actions_observations_and_returns_follow_the_engine(text: str) -> None:
    game = pyspiel.load_game(text)
    n = game.num_players()
    checked = []

    def check(state: MasterBuilderState) -> None:
        core = _core(state)
        checked.append(core.current_player)
        assert state.current_player() == core.current_player
        assert state.legal_actions() == core.legal_action_ids()
        mask = obs.action_mask(core)
        assert state.legal_actions_mask() == mask.tolist()
        for seat in range(n):
            assert state.observation_string(seat) == obs.observation_string(core, seat)
        seat = state.current_player()
        np.testing.assert_array_equal(np.asarray(state.observation_tensor(seat)), obs.encode(core, seat))
        for action in state.legal_actions()[:3]:
            assert state.action_to_string(seat, action) == core.action_label(action)

    state = _play_random(game, seed=11, check=check)
    assert len(checked) == len(_core(state).history)
    core = _core(state)
    winners = core.winners()
    returns = state.returns()
    if len(winners) == 1:
        assert returns == [1.0 if seat in winners else -1.0 for seat in range(n)]
    else:
        assert returns == [0.0 if seat in winners else -1.0 for seat in range(n)]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_margin_utility_is_zero_sum_and_ranks_like_the_scores() -> None:
    game = pyspiel.load_game("masterbuilder_caylus(players=4,utility=margin)")
    state = _play_random(game, seed=3)
    returns = state.returns()
    scores = _core(state).scores()
    assert abs(sum(returns)) < 1e-9
    assert all(-1.0 <= r <= 1.0 for r in returns)
    best = max(scores)
    expected = [(s - (sum(scores) - s) / 3) / best for s in scores]
    assert returns == pytest.approx(expected)


def test_returns_are_zero_before_the_end() -> None:
    game = pyspiel.load_game("masterbuilder_builders")
    state = game.new_initial_state()
    assert state.returns() == [0.0, 0.0]
    state.apply_action(0)
    assert state.returns() == [0.0, 0.0] and not state.is_terminal()


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_observation_tensor_shape_matches_the_spec(name: str) -> None:
    info = GAMES[name]
    for players in (info.min_players, info.max_players):
        game = mo.load(name, players=players)
        spec = obs.observation_spec(name, players)
        assert game.observation_tensor_shape() == [spec.size]
        extra = players if name == "caylus1303" else 0  # everyone's prestige, known by perfect recall
        assert game.information_state_tensor_shape() == [spec.size + extra]
        state = game.new_initial_state()
        assert state.observation_tensor(0) == [0.0] * spec.size  # before the setup: nothing to see
        state.apply_action(1)
        tensor = np.asarray(state.observation_tensor(state.current_player()), dtype=np.float32)
        assert tensor.shape == (spec.size,)
        assert np.all(tensor >= spec.low) and np.all(tensor <= spec.high)


def test_caylus1303_information_state_tensor_adds_every_prestige() -> None:
    game = mo.load("caylus1303", players=3)
    spec = obs.observation_spec("caylus1303", 3)
    state = _play_random(game, seed=2)
    core = _core(state)
    for seat in range(3):
        tensor = state.information_state_tensor(seat)
        assert tensor[: spec.size] == state.observation_tensor(seat)
        assert tensor[spec.size :] == [float(core.scores()[(seat + i) % 3]) for i in range(3)]


def test_python_observer_api() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("masterbuilder_caylus1303")
    state = game.new_initial_state()
    state.apply_action(7)
    observation = make_observation(game)
    observation.set_from(state, 1)
    np.testing.assert_array_equal(observation.tensor, obs.encode(_core(state), 1))
    assert observation.string_from(state, 1) == state.observation_string(1)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert info_state.string_from(state, 0) == state.information_state_string(0)
    with pytest.raises(ValueError):
        make_observation(
            game, pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        )
    with pytest.raises(ValueError):
        make_observation(game, params={"x": 1})


# ---- chance --------------------------------------------------------------------------------------


def test_setup_outcome_k_is_seed_first_seed_plus_k() -> None:
    from masterbuilder import new_game

    game = pyspiel.load_game("masterbuilder_caylus(setups=10,first_seed=100,players=3)")
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 4) == "setup seed 104"
    state.apply_action(4)
    assert _core(state) == new_game("caylus", 3, 104)
    assert not any(s.is_chance_node() for s in [state])
    with pytest.raises(ValueError):
        game.new_initial_state().apply_action(10)


@pytest.mark.parametrize("open_deck", [False, True])
def test_builders_reveals_are_chance_nodes_over_the_unseen_cards(open_deck: bool) -> None:
    game = mo.load("builders", players=2, open_worker_deck=open_deck)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    state.apply_action(0)
    reveals = 0
    while not state.is_terminal() and reveals < 40:
        if state.is_chance_node():
            pending = state.pending_action
            assert pending is not None
            core = _core(state)
            view = core.view(None)
            if pending < 47:  # start: the building below the visible top turns face up
                seen = set(view["building_row"]) | {view["building_deck_top"]}
                for p in view["players"]:
                    seen |= set(p["completed"]) | {site["building"] for site in p["sites"]}
            else:  # hire: a worker fills the row (open deck: the worker below the visible top)
                seen = set(view["worker_row"]) | {view["worker_deck_top"]} - {None}
                for p in view["players"]:
                    seen |= set(p["free_workers"]) | {w for site in p["sites"] for w in site["workers"]}
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == sorted(set(range(42)) - seen)
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            card = int(rng.choice([a for a, _ in outcomes]))
            label = state.action_to_string(pyspiel.PlayerId.CHANCE, card)
            assert label.startswith("reveal ")
            before = core.history
            state.apply_action(card)
            after = _core(state)
            assert after.history == [*before, pending]
            if pending < 47:
                assert after.view(None)["building_deck_top"] == card
            elif open_deck:
                assert after.view(None)["worker_deck_top"] == card
            else:
                assert card in after.worker_row()
            assert after.integrity_problem() is None
            reveals += 1
        else:
            legal = state.legal_actions()
            draws = [a for a in legal if 5 <= a < 89]
            state.apply_action(int(rng.choice(draws or legal)))
    assert reveals == 40


def test_builders_reveal_refuses_a_seen_card_and_an_illegal_draw() -> None:
    game = mo.load("builders")
    state = game.new_initial_state()
    state.apply_action(0)
    core = _core(state)
    row = core.worker_row()
    absent = next(w for w in range(42) if w not in row)
    with pytest.raises(ValueError):  # hiring a worker that is not in the row
        state.apply_action(47 + absent)
    state.apply_action(47 + row[0])
    assert state.is_chance_node()
    with pytest.raises(ValueError):  # a worker already on the table cannot be drawn
        state.apply_action(row[1])


# ---- imperfect information -----------------------------------------------------------------------


def test_builders_setup_resample_keeps_what_the_seat_saw() -> None:
    game = pyspiel.load_game("masterbuilder_builders(deal=setup)")
    state = game.new_initial_state()
    state.apply_action(5)
    rng = np.random.RandomState(0)
    for _ in range(60):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(3)]
    for world in worlds:
        assert isinstance(world, MasterBuilderState)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.observation_tensor(seat) == state.observation_tensor(seat)
        assert world.legal_actions() == state.legal_actions()
        assert world.history() == state.history()
    assert len({str(w) for w in worlds} | {str(state)}) > 1  # the unseen deck order differs
    # a resampled world serialises and deserialises exactly (not as a replay of its history)
    world = worlds[0]
    again = game.deserialize_state(world.serialize())
    assert str(again) == str(world) and again.history() == world.history()


def test_information_state_string_hides_the_seed() -> None:
    game = pyspiel.load_game("masterbuilder_builders(deal=setup,setups=3)")
    state = game.new_initial_state()
    state.apply_action(2)
    key = state.information_state_string(0)
    assert key.startswith("seat 0\n")
    assert '"seed"' not in key
    assert state.information_state_string(0) != state.information_state_string(1)
    row = _core(state).worker_row()
    state.apply_action(47 + row[0])  # hire: the card that fills the row joins the information state
    assert state.information_state_string(0).endswith(f"\n{47 + row[0]}:w{_core(state).worker_row()[0]}")


def test_caylus1303_resample_is_a_copy() -> None:
    game = pyspiel.load_game("masterbuilder_caylus1303(players=3)")
    state = game.new_initial_state()
    state.apply_action(0)
    for _ in range(20):
        state.apply_action(state.legal_actions()[-1])
    world = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert str(world) == str(state)
    assert world.information_state_string(1) == state.information_state_string(1)
    # the opening as seat 1 saw it, then the decisions: not the setup outcome
    assert state.information_state_string(1).split("\n")[-1] == " ".join(map(str, state.history()[1:]))


def test_clone_is_independent() -> None:
    game = pyspiel.load_game("masterbuilder_caylus")
    state = game.new_initial_state()
    state.apply_action(1)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1
    assert _core(state).history == []
    assert str(game.deserialize_state(state.serialize())) == str(state)


# ---- search bots ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(GAME_NAMES))
def test_mcts_bots_play_whole_games(name: str) -> None:
    game = mo.load(name, players=2)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(1), max_length=10
    )
    bots = [
        mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=2, evaluator=evaluator, random_state=np.random.RandomState(s)
        )
        for s in range(2)
    ]
    state, decisions = _play_bots(game, bots, seed=4)
    assert state.is_terminal() and 0 < decisions <= game.max_game_length()
    assert _core(state).winners()


@pytest.mark.parametrize("text", ["masterbuilder_builders(deal=setup)", "masterbuilder_caylus1303"])
def test_ismcts_bots_play_whole_games(text: str) -> None:
    game = pyspiel.load_game(text)
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(2), max_length=10
    )
    bots = [
        ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(s))
        for s in range(2)
    ]
    state, decisions = _play_bots(game, bots, seed=5)
    assert state.is_terminal() and 0 < decisions <= game.max_game_length()
    assert _core(state).winners()
