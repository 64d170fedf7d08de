"""The mcts bot: legal moves only, determinism, the budget, presets by name, and a little strength."""

from __future__ import annotations

import random

import pytest

from masterbuilder import new_game
from masterbuilder.agents import Agent, agent_spec, agents_for, make_agent, register_agent
from masterbuilder.agents.mcts import PRESETS, MCTSAgent, preset_config
from masterbuilder.core.state import State

GAMES = ["builders", "caylus", "caylus1303"]


def _play(game: str, players: int, agent: MCTSAgent, seed: int, max_moves: int) -> list[int]:
    """Seat 0 is the bot, the rest play randomly; returns the bot's moves. Checks every move is legal and
    that choosing leaves the state unchanged."""
    state = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    moves = []
    for _ in range(max_moves):
        if state.is_terminal:
            break
        legal = state.legal_action_ids()
        if state.current_player == 0:
            before = state.to_json()
            action = agent.choose(state)
            assert state.to_json() == before
            assert action in legal
            moves.append(action)
        else:
            action = rng.choice(legal)
        state.apply(action)
    return moves


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_only_legal_moves(game: str, players: int) -> None:
    agent = MCTSAgent(game, seed=players, iterations=12, rollout_depth=6)
    moves = _play(game, players, agent, seed=11 + players, max_moves=400 if game == "builders" else 10_000)
    assert moves


def test_five_players_max_n() -> None:
    agent = MCTSAgent("caylus1303", seed=5, iterations=10, rollout_depth=4)
    assert _play("caylus1303", 5, agent, seed=2, max_moves=120)


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_moves(game: str) -> None:
    def run(seed: int) -> list[int]:
        return _play(game, 2, MCTSAgent(game, seed=seed, iterations=15, rollout_depth=8), 4, 80)

    assert run(1) == run(1)


@pytest.mark.parametrize("iterations", [1, 7, 40])
def test_iteration_budget_is_counted(iterations: int, monkeypatch: pytest.MonkeyPatch) -> None:
    agent = MCTSAgent("caylus", seed=0, iterations=iterations, rollout_depth=5)
    calls = 0
    original = agent._iterate

    def counting(root: object, s: State) -> None:
        nonlocal calls
        calls += 1
        original(root, s)  # type: ignore[arg-type]

    monkeypatch.setattr(agent, "_iterate", counting)
    state = new_game("caylus", players=2, seed=3)
    while len(state.legal_action_ids()) == 1:
        state.apply(state.legal_action_ids()[0])
    agent.choose(state)
    assert calls == iterations == agent.last_iterations


def test_seconds_budget_runs() -> None:
    agent = MCTSAgent("caylus1303", seed=0, seconds=0.05, rollout_depth=5)
    assert agent.config.iterations is None
    state = new_game("caylus1303", players=2, seed=1)
    while len(state.legal_action_ids()) == 1:
        state.apply(state.legal_action_ids()[0])
    assert agent.choose(state) in state.legal_action_ids()
    assert agent.last_iterations >= 1


def test_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        MCTSAgent("caylus", iterations=None, seconds=None, config=PRESETS["easy"].__class__(iterations=None))
    with pytest.raises(ValueError, match="at least 1"):
        MCTSAgent("caylus", iterations=0)


@pytest.mark.parametrize("game", GAMES)
def test_presets_resolve_by_name(game: str) -> None:
    names = agents_for(game)
    for preset in ("easy", "medium", "hard"):
        name = f"mcts:{preset}"
        assert name in names
        spec = agent_spec(name, game)
        assert spec is not None and spec.name == name
        agent = make_agent(name, game, 3)
        assert isinstance(agent, MCTSAgent)
        assert agent.name == name
        assert agent.config == preset_config(game, preset)
        # A preset's budget is counted, never timed, so the bot is deterministic for a seed.
        assert agent.config.seconds is None
        assert agent.config.iterations is not None or agent.config.max_steps is not None
    plain = make_agent("mcts", game, 3)
    assert isinstance(plain, MCTSAgent)
    assert plain.config == preset_config(game, "medium")
    medium, hard = preset_config(game, "medium"), preset_config(game, "hard")
    assert medium.guided and hard.guided and not preset_config(game, "easy").guided
    assert medium.max_steps is not None and hard.max_steps is not None
    assert medium.max_steps < hard.max_steps
    assert medium.candidates < hard.candidates


def test_unknown_presets_are_named() -> None:
    assert agent_spec("mcts:brutal", "caylus") is None
    with pytest.raises(ValueError, match="easy, medium, hard"):
        make_agent("mcts:brutal", "caylus", 0)
    with pytest.raises(ValueError, match="no presets"):
        make_agent("random:hard", "caylus", 0)
    with pytest.raises(ValueError, match="Unknown bot"):
        make_agent("nobody:hard", "caylus", 0)


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_beats_random_in_caylus1303() -> None:
    """A small budget already beats random play clearly (the presets are far stronger)."""
    wins = 0
    for seed in range(10):
        seats: list[Agent] = [MCTSAgent("caylus1303", seed=seed, iterations=40)]
        seats.insert(seed % 2, make_agent("random", "caylus1303", seed))
        me = 1 - seed % 2
        state = new_game("caylus1303", players=2, seed=100 + seed)
        while (seat := state.current_player) is not None:
            state.apply(seats[seat].choose(state))
        if me in state.winners():
            wins += 1
    assert wins >= 8


@pytest.mark.parametrize("game", GAMES)
def test_heuristic_rollouts_stay_legal(game: str) -> None:
    agent = MCTSAgent(game, seed=1, iterations=3, rollout_depth=3, heuristic_steps=2)
    assert _play(game, 2, agent, seed=9, max_moves=30)


def test_preset_separator_is_reserved() -> None:
    with pytest.raises(ValueError, match="may not contain"):
        register_agent("odd:name", "never registered", lambda game, seed: make_agent("random", game, seed))
    with pytest.raises(ValueError, match="may not contain"):
        register_agent(
            "odd",
            "never registered",
            lambda g, s: make_agent("random", g, s),
            presets={"a:b": lambda g, s: make_agent("random", g, s)},
        )
    assert "odd" not in agents_for("caylus")
