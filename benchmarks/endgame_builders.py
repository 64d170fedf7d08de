"""What the greedy planner's wider endgame search (``ENDGAME_WEIGHTS``) finds that its ordinary search misses.

Usage: python benchmarks/endgame_builders.py [--games 100] [--players 4] [--seed 0] [--json-out FILE]

Plays games between greedy bots (game i with seed ``--seed + i``) and, at every turn start:

* in the final round (a last turn): plays the ordinary planner's best plan and the wider search's best plan
  (``GreedyBuildersAgent.root_candidates``) on copies of the state and compares the seat's score after
  each (``points_gained``: the sum of the differences);
* before the final round, with the seat at ``ENDGAME_POINTS`` or more: counts the turns where the wider
  search finds a plan that ends the game in the lead by the planner's reckoning (its win bonus) and the
  ordinary search does not.

The games themselves are the greedy bots' (the wider search only looks).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from masterbuilder import new_game
from masterbuilder.agents.plan import play_move
from masterbuilder.games.builders.heuristic import (
    DEFAULT_WEIGHTS,
    ENDGAME_POINTS,
    ENDGAME_WEIGHTS,
    GreedyBuildersAgent,
    Planner,
)
from masterbuilder.games.builders.state import BuildersState


def score_after(state: BuildersState, plan: tuple[int, ...]) -> int:
    """The seat to move's score once it has played ``plan`` (up to where its turn or the game ends)."""
    copy = state.clone()
    seat = copy.current_player
    assert seat is not None
    play_move(copy, plan)
    return copy.scores()[seat]


def wins_by_reckoning(planner: Planner) -> bool:
    """Whether the planner's best plan ends the game in the lead (its value carries the win bonus)."""
    planner.plan()
    return planner.best_value > planner.w.win / 2


def survey(games: int, players: int, seed: int) -> dict[str, Any]:
    last_turns = better = worse = points = 0
    near_turns = triggers = 0
    wide_seconds = 0.0
    for i in range(games):
        state = new_game("builders", players=players, seed=seed + i)
        assert isinstance(state, BuildersState)
        bots = [GreedyBuildersAgent(p) for p in range(players)]
        looker = GreedyBuildersAgent(0)
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            turn_start = state.actions_left == 3 and state.pending_worker is None
            if turn_start and state.final_round:
                last_turns += 1
                ordinary = score_after(state, tuple(Planner(state, DEFAULT_WEIGHTS).plan()))
                started = time.perf_counter()
                wider = score_after(state, looker.root_candidates(state, 3)[0])
                wide_seconds += time.perf_counter() - started
                better += wider > ordinary
                worse += wider < ordinary
                points += wider - ordinary
            elif turn_start and state.building_points(seat) >= ENDGAME_POINTS:
                near_turns += 1
                ordinary_wins = wins_by_reckoning(Planner(state, DEFAULT_WEIGHTS))
                if not ordinary_wins and wins_by_reckoning(Planner(state, ENDGAME_WEIGHTS)):
                    triggers += 1
            state.apply(bots[seat].choose(state))
    return {
        "games": games,
        "players": players,
        "seed": seed,
        "last_turns": last_turns,
        "last_turns_scoring_more": better,
        "last_turns_scoring_less": worse,
        "points_gained": points,
        "wide_seconds_per_last_turn": wide_seconds / max(last_turns, 1),
        "turns_near_the_end": near_turns,
        "winning_ends_found_only_by_the_wider_search": triggers,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-out", type=Path, default=Path("bench-results/endgame_builders.json"))
    a = parser.parse_args()
    result = survey(a.games, a.players, a.seed)
    a.json_out.parent.mkdir(parents=True, exist_ok=True)
    a.json_out.write_text(json.dumps(result, indent=2) + "\n")
    print(
        f"{result['games']} games of {result['players']} greedy bots: the wider search scores more in "
        f"{result['last_turns_scoring_more']} of {result['last_turns']} last turns and less in "
        f"{result['last_turns_scoring_less']} ({result['points_gained']:+d} points in all, "
        f"{result['wide_seconds_per_last_turn']:.3f} s per turn); "
        f"it finds a winning end the ordinary search misses in "
        f"{result['winning_ends_found_only_by_the_wider_search']} of {result['turns_near_the_end']} turns "
        f"of seats with {ENDGAME_POINTS}+ points before the final round"
    )


if __name__ == "__main__":
    main()
