"""The guided search of the mcts bot (the ``medium`` and ``hard`` presets): the heuristics' candidate
moves, whole-turn moves in The Builders, the step budget, opponents modelled by their heuristic, and
determinism."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace

import pytest

from masterbuilder import new_game
from masterbuilder.agents import Agent, make_agent
from masterbuilder.agents import mcts as mcts_module
from masterbuilder.agents.mcts import MCTSAgent, MCTSConfig, _Node, preset_config
from masterbuilder.agents.plan import play_move
from masterbuilder.core.state import State
from masterbuilder.games.builders.actions import END_TURN, HIRE, SEND, START, TO
from masterbuilder.games.builders.heuristic import ENDGAME_POINTS, GreedyBuildersAgent, Planner, turn_choice
from masterbuilder.games.builders.state import BuildersState
from tests.builders.test_endgame_survey import load_script as load_survey

GAMES = ["builders", "caylus", "caylus1303"]


def guided(game: str, max_steps: int, **changes: int) -> MCTSConfig:
    """The hard preset of ``game`` with a small step budget and short rollouts (scored at the cutoff), for
    quick tests."""
    return replace(preset_config(game, "hard"), max_steps=max_steps, rollout_depth=12, **changes)  # type: ignore[arg-type]


def advance(state: State, moves: int, seed: int) -> State:
    """Play ``moves`` random moves (fewer if the game ends)."""
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def choose_with_tree(agent: MCTSAgent, state: State) -> tuple[int, _Node]:
    """The bot's choice and the root of the tree its search built."""
    roots: list[_Node] = []
    real = mcts_module._most_visited

    def spy(root: _Node, seat: int) -> Hashable | None:
        roots.append(root)
        return real(root, seat)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(mcts_module, "_most_visited", spy)
        action = agent.choose(state)
    (root,) = roots
    return action, root


def play_out(game: str, players: int, bots: list[Agent], seed: int, max_moves: int) -> State:
    """Play with one bot per seat, checking each choice is legal and leaves the state unchanged."""
    state = new_game(game, players=players, seed=seed)
    for _ in range(max_moves):
        seat = state.current_player
        if seat is None:
            break
        before = state.to_json()
        action = bots[seat].choose(state)
        assert state.to_json() == before
        assert action in state.legal_action_ids()
        state.apply(action)
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_candidates_are_legal_and_best_first(game: str, seed: int) -> None:
    """Each heuristic's candidates are distinct moves of the seat to move; the first is what the bot plays."""
    state = advance(new_game(game, players=2, seed=seed), 12 + 7 * seed, seed)
    if state.is_terminal:
        pytest.skip("the random moves ended the game")
    heuristic = make_agent("heuristic", game, seed)
    moves = heuristic.candidates(state, 4)  # type: ignore[attr-defined]
    assert 1 <= len(moves) <= 4
    assert len(set(moves)) == len(moves)
    legal = state.legal_action_ids()
    for move in moves:
        assert move and move[0] in legal
    assert moves[0][0] == heuristic.choose(state.clone()) or game != "builders"
    if game != "builders":
        assert all(len(move) == 1 for move in moves)
        assert len(moves) == min(4, len(legal))


def test_builders_candidates_are_whole_turns() -> None:
    """The Builders' candidates are whole-turn plans of the greedy planner, best first, each ending the turn;
    the first is the plan the greedy bot plays."""
    state = advance(new_game("builders", players=2, seed=4), 20, 4)
    assert isinstance(state, BuildersState)
    greedy = GreedyBuildersAgent(0)
    plans = greedy.candidates(state, 3)
    assert plans[0] == tuple(Planner(state, greedy.weights).plan())
    assert greedy.candidates(state, 1) == plans[:1]
    for plan in plans:
        assert plan[-1] == END_TURN
        copy = state.clone()
        seat = copy.current_player
        for i, action in enumerate(plan):
            if copy.current_player != seat:
                # The engine ends a turn by itself once no action is left: the planned END_TURN is moot.
                assert plan[i:] == (END_TURN,)
                break
            copy.apply(action)  # every action of the plan is legal in turn
        assert copy.current_player != seat or copy.is_terminal
    assert len({tuple(sorted(plan)) for plan in plans}) == len(plans)  # no plan is another's reordering


def test_builders_candidates_are_different_choices() -> None:
    """Candidates differ in what the turn takes, starts, hires or buys before they differ only in where
    the workers go (near-copies teach the search little), and come best first within that rule."""
    assert turn_choice((HIRE + 3, SEND + 3, TO + 7, START + 7, END_TURN)) == (END_TURN, START + 7, HIRE + 3)
    checked = 0
    for seed in range(6):
        state = advance(new_game("builders", players=2, seed=seed), 12 + 4 * seed, seed)
        assert isinstance(state, BuildersState)
        if state.is_terminal or state.pending_worker is not None:
            continue
        planner = Planner(state, GreedyBuildersAgent(0).weights)
        plans = planner.top_plans(3)
        found = sorted(planner._found.values(), key=lambda f: (-f[0], f[1]))
        choices = [turn_choice(plan) for plan in plans]
        available = {turn_choice(plan) for _, _, plan in found}
        assert plans[0] == found[0][2]  # the greedy bot's own plan comes first
        assert len(set(choices)) == min(3, len(available))
        assert len(plans) == min(3, len(found))
        checked += len(available) > 1
    assert checked >= 3


def greedy_game_at(players: int, seed: int, moves: int) -> BuildersState:
    """The state after ``moves`` moves of a game between greedy bots."""
    state = new_game("builders", players=players, seed=seed)
    assert isinstance(state, BuildersState)
    bots = [GreedyBuildersAgent(seat) for seat in range(players)]
    for _ in range(moves):
        seat = state.current_player
        assert seat is not None
        state.apply(bots[seat].choose(state))
    return state


SURVEY = load_survey()  # benchmarks/endgame_builders.py


def score_after(state: BuildersState, plan: tuple[int, ...]) -> int:
    """The seat to move's score once it has played ``plan`` (the survey's ``score_after``)."""
    return int(SURVEY.score_after(state, plan))


def test_builders_root_candidates_search_wider_near_the_end() -> None:
    """The search's own decision in the final round comes from the wider plan search, which finds turns
    the greedy planner misses: in this 4-player game seat 1's last turn scores 20 instead of 18. Before the
    seat nears the end (fewer than ENDGAME_POINTS and not the final round) the root candidates are the
    ordinary candidates."""
    last_turn = greedy_game_at(4, 6, 163)
    assert last_turn.final_round and last_turn.current_player == 1 and last_turn.actions_left == 3
    greedy = GreedyBuildersAgent(0)
    ordinary = greedy.candidates(last_turn, 3)
    wider = greedy.root_candidates(last_turn, 3)
    assert score_after(last_turn, ordinary[0]) == 18
    assert score_after(last_turn, wider[0]) == 20
    assert max(score_after(last_turn, plan) for plan in ordinary) == 18
    early = greedy_game_at(4, 6, 40)
    seat = early.current_player
    assert seat is not None and not early.final_round
    assert early.building_points(seat) < ENDGAME_POINTS
    assert greedy.root_candidates(early, 3) == greedy.candidates(early, 3)


def test_builders_hard_takes_its_root_moves_from_the_wider_search() -> None:
    """``wide_root`` (The Builders' hard preset): the root moves are the heuristic's ``root_candidates``,
    and the moves of the simulated turns below them its ordinary ``candidates``; the planner's extra work
    is charged to the step budget."""
    assert preset_config("builders", "hard").wide_root
    assert not preset_config("builders", "medium").wide_root
    state = greedy_game_at(4, 6, 123)  # seat 3 has 12 points: near the end, not in the final round
    assert state.current_player == 3 and state.building_points(3) >= ENDGAME_POINTS
    asked: list[str] = []
    real_root, real = GreedyBuildersAgent.root_candidates, GreedyBuildersAgent.candidates

    def root_spy(self: GreedyBuildersAgent, s: State, k: int) -> list[tuple[int, ...]]:
        asked.append("root")
        return real_root(self, s, k)

    def spy(self: GreedyBuildersAgent, s: State, k: int) -> list[tuple[int, ...]]:
        asked.append("tree")
        return real(self, s, k)

    agent = MCTSAgent("builders", seed=1, config=preset_config("builders", "hard"))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(GreedyBuildersAgent, "root_candidates", root_spy)
        patch.setattr(GreedyBuildersAgent, "candidates", spy)
        agent.choose(state)
    assert asked[0] == "root" and asked.count("root") == 1 and "tree" in asked
    assert agent.last_iterations > 3 and agent.last_steps >= 26_000
    # The same search without the wider root is cheaper in steps per simulation.
    narrow = MCTSAgent("builders", seed=1, config=replace(preset_config("builders", "hard"), wide_root=False))
    narrow.choose(state)
    assert narrow.last_iterations > agent.last_iterations


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3])
def test_guided_bot_plays_legal_moves(game: str, players: int) -> None:
    bots: list[Agent] = [MCTSAgent(game, seed=players, config=guided(game, 60))]
    bots += [make_agent("random", game, seat) for seat in range(1, players)]
    play_out(game, players, bots, seed=7, max_moves=70)


@pytest.mark.parametrize("game", GAMES)
def test_guided_bot_same_seed_same_moves(game: str) -> None:
    def moves(seed: int) -> list[int]:
        bots: list[Agent] = [
            MCTSAgent(game, seed=seed, config=guided(game, 80)),
            make_agent("heuristic", game, 1),
        ]
        return play_out(game, 2, bots, seed=3, max_moves=40).history

    assert moves(5) == moves(5)


@pytest.mark.parametrize("max_steps", [1, 50, 300])
def test_step_budget_is_counted(max_steps: int) -> None:
    """The search stops once the simulated steps reach the budget and every root move has been tried, not
    earlier; a simulation counts at least one step, so the budget always ends the search."""
    state = advance(new_game("caylus", players=2, seed=2), 10, 2)
    agent = MCTSAgent("caylus", seed=0, config=guided("caylus", max_steps, candidates=3))
    _, root = choose_with_tree(agent, state)
    assert agent.last_steps >= max_steps
    assert agent.last_iterations >= len(root.children) == min(3, len(state.legal_action_ids()))
    assert all(child.visits for child in root.children.values())
    assert sum(child.visits for child in root.children.values()) == agent.last_iterations
    # Without the last simulation the budget was not yet spent (or a root move was still untried).
    assert agent.last_iterations == len(root.children) or agent.last_steps < max_steps + 400


def test_opponents_are_modelled_by_their_heuristic() -> None:
    """With one reply candidate, the tree branches only at the bot's own decisions: every other seat's
    node has a single child, the heuristic's move (in Caylus, where every deal is the same; in The
    Builders a node may hold one such move per deal)."""
    state = advance(new_game("caylus", players=3, seed=1), 12, 1)
    seat = state.current_player
    agent = MCTSAgent("caylus", seed=0, config=guided("caylus", 600, candidates=3, reply_candidates=1))
    _, root = choose_with_tree(agent, state)

    # Below each of the bot's own moves (tried in the real state, as the root's moves are public), the
    # next seat's node.
    branching: list[int] = []
    for move, child in root.children.items():
        assert isinstance(move, tuple)
        t = state.clone()
        play_move(t, move)
        while not t.is_terminal and len(t.legal_action_ids()) == 1:
            t.apply(t.legal_action_ids()[0])
        if child.children and t.current_player != seat:
            branching.append(len(child.children))
    assert agent.last_iterations > 3
    assert branching and set(branching) == {1}
    assert len(root.children) == 3


def test_builders_bot_plays_its_whole_turn() -> None:
    """In The Builders a tree move is a whole turn: after the search, the rest of the chosen plan is played
    without searching again, unless the state is not the one the plan expects."""
    state = advance(new_game("builders", players=2, seed=6), 16, 6)
    agent = MCTSAgent("builders", seed=2, config=guided("builders", 2_000))
    seat = state.current_player
    first = agent.choose(state)
    assert agent.last_iterations > 0
    plan = [first, *agent._plan.rest]
    state.apply(first)
    played = [first]
    while state.current_player == seat and len(played) < len(plan):
        legal = state.legal_action_ids()
        action = agent.choose(state)
        if len(legal) > 1:
            assert agent.last_iterations == 0  # from the plan, no search
        assert action == plan[len(played)]
        state.apply(action)
        played.append(action)
    # The whole plan was played, or its END_TURN was moot (the turn ended with the last action).
    assert played == plan or (plan[len(played) :] == [END_TURN] and state.current_player != seat)
    # A state the plan did not expect is searched afresh.
    other = advance(new_game("builders", players=2, seed=8), 30, 8)
    agent._plan.rest, agent._plan.expected = [END_TURN], (0, 2, 0, [])
    if len(other.legal_action_ids()) > 1:
        agent.choose(other)
        assert agent.last_iterations > 0


def test_a_move_stops_where_the_turn_passes() -> None:
    """A tree move is applied only while its seat is to move and each action is legal: a plan that spends
    every action ends the turn without its END_TURN, which must not end the next seat's turn."""
    state = advance(new_game("builders", players=2, seed=4), 20, 4)
    assert isinstance(state, BuildersState)
    seat = state.current_player
    plan = GreedyBuildersAgent(0).candidates(state, 1)[0]
    copy = state.clone()
    assert isinstance(copy, BuildersState)
    for action in plan[:-1]:
        copy.apply(action)
    assert copy.current_player != seat  # this plan's last action ends the turn by itself
    next_seat_actions = copy.actions_left
    copy = state.clone()
    assert isinstance(copy, BuildersState)
    assert play_move(copy, plan) == len(plan) - 1
    assert copy.current_player != seat
    assert copy.actions_left == next_seat_actions  # the next seat's turn is untouched


@pytest.mark.slow  # a whole bot match: CI runs it, `make quick` skips it
def test_guided_search_beats_random_in_caylus1303() -> None:
    """Even a tiny guided budget wins every game against random play (the presets are far stronger)."""
    for seed in range(3):
        bots: list[Agent] = [
            MCTSAgent("caylus1303", seed=seed, config=guided("caylus1303", 20, candidates=2)),
            make_agent("random", "caylus1303", seed),
        ]
        if seed % 2:
            bots.reverse()
        state = play_out("caylus1303", 2, bots, seed=200 + seed, max_moves=10_000)
        assert state.is_terminal
        assert state.winners() == [seed % 2]


def test_builders_greedy_forgets_its_plan() -> None:
    """``forget`` drops the cached plan, so a copy with other cards to come is planned afresh."""
    state = advance(new_game("builders", players=2, seed=5), 14, 5)
    greedy = GreedyBuildersAgent(0)
    greedy.choose(state)
    assert greedy._plan.expected is not None
    greedy.forget()
    assert greedy._plan.rest == [] and greedy._plan.expected is None
    work = greedy.work
    greedy.choose(state)
    assert greedy.work > work  # it searched again


def test_rollout_bot_plays_the_rollouts() -> None:
    """``rollout_bot`` swaps the bot of the rollouts (here the greedy planner with a quarter of the search);
    the candidates still come from the heuristic, and both report their search work to the budget."""
    state = advance(new_game("builders", players=2, seed=2), 12, 2)
    agent = MCTSAgent("builders", seed=1, config=guided("builders", 1_500, rollout_bot="greedy:fast"))  # type: ignore[arg-type]
    assert isinstance(agent._player, GreedyBuildersAgent) and agent._player is not agent._heuristic
    assert agent._player.weights.search_budget < GreedyBuildersAgent(0).weights.search_budget
    assert agent.choose(state) in state.legal_action_ids()
    assert agent._player.work > 0 and getattr(agent._heuristic, "work", 0) > 0
    assert make_agent("greedy:fast", "builders", 0).name == "greedy:fast"


def test_prior_favours_the_heuristic_move() -> None:
    """With a strong progressive bias the heuristic's favourite gets most of the simulations and is played."""
    state = advance(new_game("caylus", players=2, seed=3), 15, 3)
    favourite = make_agent("heuristic", "caylus", 0).candidates(state, 1)[0]  # type: ignore[attr-defined]
    agent = MCTSAgent("caylus", seed=0, config=guided("caylus", 400, candidates=3, prior=100))
    action, root = choose_with_tree(agent, state)
    assert action == favourite[0]
    visits = {move: child.visits for move, child in root.children.items()}
    assert all(v == 1 for move, v in visits.items() if move != favourite)
    assert visits[favourite] == agent.last_iterations - (len(visits) - 1)


def test_builders_estimate_values_positions() -> None:
    """The greedy bot's position estimate: one value per seat, in building points. At the start every
    seat holds the same coins and one apprentice; more coins or more points raise only that seat's value,
    a point by one; in the final round and at the end there is no estimate (the score is the measure)."""
    greedy = GreedyBuildersAgent(0)
    state = new_game("builders", players=3, seed=11)
    assert isinstance(state, BuildersState)
    worth = greedy.estimate(state)
    assert worth is not None and len(worth) == 3
    assert all(w > 0 for w in worth)
    richer = state.clone()
    richer._coins[1] += 4
    more = greedy.estimate(richer)
    assert more is not None
    assert more[1] > worth[1] and (more[0], more[2]) == (worth[0], worth[2])
    scored = state.clone()
    scored._points[2] += 3
    higher = greedy.estimate(scored)
    assert higher is not None
    assert higher[2] == pytest.approx(worth[2] + 3)
    final = state.clone()
    final._final_round = True
    assert greedy.estimate(final) is None


def test_builders_estimate_counts_the_sites_and_the_crew() -> None:
    """Mid-game, a seat's estimate counts its points, coins, workers and part-built sites: it is above its
    points, and a site's progress adds to it."""
    state = advance(new_game("builders", players=2, seed=9), 40, 9)
    assert isinstance(state, BuildersState) and not state.final_round
    greedy = GreedyBuildersAgent(0)
    worth = greedy.estimate(state)
    assert worth is not None
    for seat in range(2):
        assert worth[seat] > state.building_points(seat)
    seat, site = next((p, b) for p in range(2) for b in state.sites(p) if any(state.have(b)))
    bare = state.clone()
    bare._have[site] = (0, 0, 0, 0)
    less = greedy.estimate(bare)
    assert less is not None
    assert less[seat] < worth[seat] and less[1 - seat] == worth[1 - seat]


def test_builders_rollouts_stop_at_the_cutoff() -> None:
    """The Builders' presets cut the rollouts after three turns and score the position with the greedy
    bot's estimate (the reward is the margin over the best other seat); with 3 or 4 players the cutoff
    then waits for the start of the bot's own turn, so that every simulation is scored at the same
    point of the round; in the final round they play to the end."""
    config = preset_config("builders", "hard")
    assert config.cutoff_turns == 3 and config.own_turn_cutoff == 3
    real = GreedyBuildersAgent.estimate

    def cutoff(players: int, bot_after: int) -> tuple[BuildersState, int, list[float]]:
        """The rollout's cut, the seat to move first and the rewards, from the start of a game in which the
        bot's own turn comes ``bot_after`` turns after the seat to move."""
        agent = MCTSAgent("builders", seed=0, config=config)
        state = new_game("builders", players=players, seed=3)
        start = state.current_player
        assert start is not None
        agent._seat = (start + bot_after) % players
        seen: list[State] = []

        def spy(self: GreedyBuildersAgent, s: State) -> list[float] | None:
            seen.append(s.clone())
            return real(self, s)

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(GreedyBuildersAgent, "estimate", spy)
            rewards = agent._rollout(state)
        (cut,) = seen
        assert isinstance(cut, BuildersState)
        return cut, start, rewards

    # A leaf right after the bot's move in 4 players: the three replies, then the bot's turn.
    cut, start, rewards = cutoff(4, 3)
    assert cut.current_player == (start + 3) % 4 and cut._turns == 3
    worth = real(GreedyBuildersAgent(0), cut)
    assert worth is not None
    assert rewards == pytest.approx(mcts_module.margin_rewards(worth, config.scale))
    # A deeper leaf, where the bot is next to move: three turns reach another seat's, so the rollout
    # carries on to the bot's own turn (four turns).
    cut, start, _ = cutoff(4, 0)
    assert cut.current_player == start and cut._turns == 4
    # In 2 players the cut is after three turns wherever it falls, as before.
    cut, start, _ = cutoff(2, 0)
    assert cut.current_player == 1 - start and cut._turns == 3
    # In the final round: to the end of the game.
    final = advance(new_game("builders", players=2, seed=1), 10, 1)
    assert isinstance(final, BuildersState)
    final._final_round = True
    MCTSAgent("builders", seed=0, config=config)._rollout(final)
    assert final.is_terminal


def test_builders_planner_work_grows_with_crowded_sites() -> None:
    """The planner reports its work to the search budget: 5 units per plan step while the seat has at most
    four sites and 50 site-worker pairs, more beyond (those steps take longer), so a search against a seat
    with many sites or workers (a random or human player) still keeps to its time."""
    state = advance(new_game("builders", players=2, seed=9), 40, 9)
    assert isinstance(state, BuildersState)
    while state.pending_worker is not None or state.current_player is None:
        state.apply(state.legal_action_ids()[0])
    seat = state.current_player
    assert seat is not None
    few = state.clone()
    assert isinstance(few, BuildersState)
    few._sites[seat] = few._sites[seat][:2]
    planner = Planner(few, GreedyBuildersAgent(0).weights)
    planner.plan()
    assert planner.searched > 0 and planner.work == 5 * planner.searched
    assert len(state.sites(seat)) > 4
    crowded = Planner(state, GreedyBuildersAgent(0).weights)
    crowded.plan()
    assert crowded.searched > 0 and crowded.work > 5 * crowded.searched
    greedy = GreedyBuildersAgent(0)
    greedy.choose(state.clone())
    assert greedy.work == crowded.work  # the bot reports its planner's work
    # Four sites but many workers: each plan step tries every worker on every site, and counts more.
    staffed = few.clone()
    assert isinstance(staffed, BuildersState)
    staffed._sites[seat] = state._sites[seat][:4]
    busy = {worker for crew in staffed._crew for worker in crew}
    staffed._free[seat] = [worker for worker in range(20) if worker not in busy]
    heavy = Planner(staffed, GreedyBuildersAgent(0).weights)
    heavy.plan()
    assert len(heavy.workers) * 4 > 50
    assert heavy.searched > 0 and heavy.work > 5 * heavy.searched
