"""Strength of the greedy bot for The Builders: win rates against the random bot and against itself.

Usage: python benchmarks/strength_builders.py [--games 500] [--json-out FILE]

Matchups (game i is played with seed i; the greedy seat rotates as i % players):
  greedy vs random (2 players), greedy vs 2 random (3), greedy vs 3 random (4),
  and greedy against itself in 2, 3 and 4 players (win rate of each seat).
A win is being the only winner; shared wins are counted as ties.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from masterbuilder import new_game
from masterbuilder.agents import Agent, make_agent
from masterbuilder.arena.match import agent_seeds
from masterbuilder.arena.tally import Tally
from masterbuilder.games.builders.state import BuildersState

DEFAULT_OUT = Path("bench-results/strength_builders.json")


@dataclass
class Clock:
    """CPU time (time.process_time) spent in the greedy bot's decisions: steady on a busy machine."""

    seconds: float = 0.0
    decisions: int = 0
    slowest: float = 0.0

    def ms_per_decision(self) -> float:
        return round(1000 * self.seconds / max(1, self.decisions), 4)

    def timed(self, agent: Agent, state: Any) -> int:
        start = time.process_time()
        action = agent.choose(state)
        spent = time.process_time() - start
        self.seconds += spent
        self.decisions += 1
        self.slowest = max(self.slowest, spent)
        return action


def play(agents: list[str], seed: int, clock: Clock) -> tuple[list[int], list[int], int]:
    """One game (as arena.play_game plays it), timing the greedy decisions: scores, winners, rounds."""
    state = new_game("builders", players=len(agents), seed=seed)
    assert isinstance(state, BuildersState)
    bots = [
        make_agent(name, "builders", s)
        for name, s in zip(agents, agent_seeds(seed, len(agents)), strict=True)
    ]
    while (seat := state.current_player) is not None:
        bot = bots[seat]
        state.apply(clock.timed(bot, state) if agents[seat] == "greedy" else bot.choose(state))
    return state.scores(), state.winners(), state.round


def against_random(players: int, games: int) -> dict[str, Any]:
    clock = Clock()
    tally = Tally()
    rounds = []
    for i in range(games):
        seat = i % players
        agents = ["random"] * players
        agents[seat] = "greedy"
        scores, winners, played = play(agents, i, clock)
        tally.add(seat, scores, winners)
        rounds.append(played)
    return {
        "players": players,
        **tally.summary(),
        "mean_rounds": round(statistics.mean(rounds), 2),
        "greedy_decisions": clock.decisions,
        "greedy_ms_per_decision": clock.ms_per_decision(),
        "greedy_slowest_decision_ms": round(1000 * clock.slowest, 2),
    }


def self_play(players: int, games: int) -> dict[str, Any]:
    clock = Clock()
    seats = [Tally() for _ in range(players)]
    first = Tally()
    rounds = []
    ties = 0
    for i in range(games):
        scores, winners, played = play(["greedy"] * players, i, clock)
        for seat, tally in enumerate(seats):
            tally.add(seat, scores, winners)
        first.add(new_game("builders", players=players, seed=i).current_player or 0, scores, winners)
        rounds.append(played)
        ties += len(winners) > 1
    return {
        "players": players,
        "games": games,
        "seat_win_rates": [round(t.wins / games, 4) for t in seats],
        "first_player": first.summary(),
        "ties": ties,
        "mean_score": round(statistics.mean(s for t in seats for s in t.scores), 2),
        "mean_winning_score": round(
            statistics.mean(max(t.scores[g] for t in seats) for g in range(games)), 2
        ),
        "mean_rounds": round(statistics.mean(rounds), 2),
        "greedy_decisions": clock.decisions,
        "greedy_ms_per_decision": clock.ms_per_decision(),
        "greedy_slowest_decision_ms": round(1000 * clock.slowest, 2),
    }


def interval(result: dict[str, Any]) -> str:
    low, high = result["win_rate_95"]
    return f"{100 * result['win_rate']:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=500, help="games per matchup (default 500)")
    parser.add_argument("--json-out", type=Path, default=DEFAULT_OUT, help=f"default: {DEFAULT_OUT}")
    args = parser.parse_args(argv)
    if args.games <= 0:
        parser.error("--games must be positive")
    started = time.perf_counter()
    results: dict[str, Any] = {
        "date": date.today().isoformat(),
        "python": platform.python_version(),
        "games_per_matchup": args.games,
        "vs_random": [],
        "self_play": [],
    }
    print(f"greedy vs random, {args.games} games each (win = sole winner; 95% Wilson interval)")
    for players in (2, 3, 4):
        r = against_random(players, args.games)
        results["vs_random"].append(r)
        print(
            f"  {players}p vs {players - 1} random: win {interval(r)}  ties {r['ties']}  "
            f"mean score {r['mean_score']} vs best random {r['mean_best_opponent_score']}  "
            f"rounds {r['mean_rounds']}  {r['greedy_ms_per_decision']} ms/decision"
        )
    print(f"greedy vs greedy, {args.games} games each")
    for players in (2, 3, 4):
        r = self_play(players, args.games)
        results["self_play"].append(r)
        seats = " ".join(f"{100 * w:.1f}%" for w in r["seat_win_rates"])
        print(
            f"  {players}p: seat wins {seats}  first player {interval(r['first_player'])}  ties {r['ties']}  "
            f"mean score {r['mean_score']}  winner {r['mean_winning_score']}  rounds {r['mean_rounds']}  "
            f"{r['greedy_ms_per_decision']} ms/decision"
        )
    runs = results["vs_random"] + results["self_play"]
    decisions = sum(r["greedy_decisions"] for r in runs)
    seconds = sum(r["greedy_decisions"] * r["greedy_ms_per_decision"] / 1000 for r in runs)
    results["greedy_decisions"] = decisions
    results["greedy_ms_per_decision"] = round(1000 * seconds / decisions, 4)
    results["greedy_slowest_decision_ms"] = max(r["greedy_slowest_decision_ms"] for r in runs)
    results["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(
        f"greedy: {decisions} decisions, {results['greedy_ms_per_decision']} ms CPU each on average, "
        f"slowest {results['greedy_slowest_decision_ms']} ms; {results['wall_seconds']} s wall in all"
    )
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.json_out}")


if __name__ == "__main__":
    main()
