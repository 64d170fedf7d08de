"""Strength of the heuristic bot for Caylus: win rates against the random bot and against itself.

Usage: python benchmarks/strength_caylus.py [--games 500] [--json-out FILE]

Matchups (game i is played with seed i and default options; the heuristic seat rotates as i % players):
  heuristic vs random (2 players), heuristic vs 2 random (3), heuristic vs 3 random (4),
  and the heuristic against itself in 2 and 4 players (win rate of each seat).
A win is being the only winner; shared wins are counted as ties. Intervals are 95% Wilson intervals
(masterbuilder.arena.simulate.wilson_interval). Decision times are CPU time (time.process_time).
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
from masterbuilder.agents import make_agent
from masterbuilder.arena.match import agent_seeds
from masterbuilder.arena.simulate import wilson_interval
from masterbuilder.arena.tally import Tally
from masterbuilder.games.caylus import actions as A
from masterbuilder.games.caylus.state import CaylusState
from masterbuilder.games.caylus.tasks import D_CASTLE

GAME = "caylus"
BOT = "heuristic"
DEFAULT_OUT = Path("bench-results/strength_caylus.json")


@dataclass
class Watch:
    """The heuristic bot's decisions: CPU time, and castle visits that ended with no batch given."""

    seconds: float = 0.0
    decisions: int = 0
    slowest: float = 0.0
    castle_visits: int = 0
    castle_penalties: int = 0

    def summary(self) -> dict[str, Any]:
        return {
            "decisions": self.decisions,
            "ms_per_decision": round(1000 * self.seconds / max(1, self.decisions), 4),
            "slowest_decision_ms": round(1000 * self.slowest, 2),
            "castle_visits": self.castle_visits,
            "castle_penalties": self.castle_penalties,
        }


def play(agents: list[str], seed: int, watch: Watch) -> tuple[list[int], list[int], int]:
    """One game (as arena.play_game plays it), watching the heuristic seats: scores, winners, turns."""
    state = new_game(GAME, players=len(agents), seed=seed)
    assert isinstance(state, CaylusState)
    bots = [make_agent(name, GAME, s) for name, s in zip(agents, agent_seeds(seed, len(agents)), strict=True)]
    gave: dict[int, int] = {}  # seat -> the last turn it gave a batch
    while (seat := state.current_player) is not None:
        bot = bots[seat]
        if agents[seat] != BOT:
            state.apply(bot.choose(state))
            continue
        start = time.process_time()
        action = bot.choose(state)
        spent = time.process_time() - start
        watch.seconds += spent
        watch.decisions += 1
        watch.slowest = max(watch.slowest, spent)
        if state._stack[-1][0] == D_CASTLE:
            if action != A.PASS:
                if gave.get(seat) != state.turn:
                    watch.castle_visits += 1
                gave[seat] = state.turn
            elif gave.get(seat) != state.turn:
                watch.castle_visits += 1
                watch.castle_penalties += 1
        state.apply(action)
    return state.scores(), state.winners(), state.turn


def against_random(players: int, games: int) -> dict[str, Any]:
    watch = Watch()
    tally = Tally()
    turns = []
    for i in range(games):
        seat = i % players
        agents = ["random"] * players
        agents[seat] = BOT
        scores, winners, played = play(agents, i, watch)
        tally.add(seat, scores, winners)
        turns.append(played)
    return {
        "players": players,
        **tally.summary(),
        "mean_turns": round(statistics.mean(turns), 2),
        **watch.summary(),
    }


def self_play(players: int, games: int) -> dict[str, Any]:
    watch = Watch()
    seats = [Tally() for _ in range(players)]
    turns = []
    ties = 0
    for i in range(games):
        scores, winners, played = play([BOT] * players, i, watch)
        for seat, tally in enumerate(seats):
            tally.add(seat, scores, winners)
        turns.append(played)
        ties += len(winners) > 1
    return {
        "players": players,
        "games": games,
        "seat_win_rates": [round(t.wins / games, 4) for t in seats],
        "seat_win_rates_95": [[round(x, 4) for x in wilson_interval(t.wins, games)] for t in seats],
        "ties": ties,
        "mean_score": round(statistics.mean(s for t in seats for s in t.scores), 2),
        "mean_winning_score": round(
            statistics.mean(max(t.scores[g] for t in seats) for g in range(games)), 2
        ),
        "mean_turns": round(statistics.mean(turns), 2),
        **watch.summary(),
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
        "game": GAME,
        "bot": BOT,
        "date": date.today().isoformat(),
        "python": platform.python_version(),
        "games_per_matchup": args.games,
        "vs_random": [],
        "self_play": [],
    }
    print(f"{BOT} vs random, {args.games} games each (win = sole winner; 95% Wilson interval)")
    for players in (2, 3, 4):
        r = against_random(players, args.games)
        results["vs_random"].append(r)
        print(
            f"  {players}p vs {players - 1} random: win {interval(r)}  ties {r['ties']}  "
            f"mean score {r['mean_score']} vs best random {r['mean_best_opponent_score']}  "
            f"turns {r['mean_turns']}  castle penalties {r['castle_penalties']}/{r['castle_visits']}  "
            f"{r['ms_per_decision']} ms/decision"
        )
    print(f"{BOT} vs {BOT}, {args.games} games each")
    for players in (2, 4):
        r = self_play(players, args.games)
        results["self_play"].append(r)
        seats = " ".join(f"{100 * w:.1f}%" for w in r["seat_win_rates"])
        print(
            f"  {players}p: seat wins {seats}  ties {r['ties']}  mean score {r['mean_score']}  "
            f"winner {r['mean_winning_score']}  turns {r['mean_turns']}  "
            f"castle penalties {r['castle_penalties']}/{r['castle_visits']}  "
            f"{r['ms_per_decision']} ms/decision"
        )
    runs = results["vs_random"] + results["self_play"]
    decisions = sum(r["decisions"] for r in runs)
    seconds = sum(r["decisions"] * r["ms_per_decision"] / 1000 for r in runs)
    results["decisions"] = decisions
    results["ms_per_decision"] = round(1000 * seconds / decisions, 4)
    results["slowest_decision_ms"] = max(r["slowest_decision_ms"] for r in runs)
    results["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(
        f"{BOT}: {decisions} decisions, {results['ms_per_decision']} ms CPU each on average, "
        f"slowest {results['slowest_decision_ms']} ms; {results['wall_seconds']} s wall in all"
    )
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.json_out}")


if __name__ == "__main__":
    main()
