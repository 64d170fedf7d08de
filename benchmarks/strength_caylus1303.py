"""Strength of the heuristic bot for Caylus 1303: win rates against the random bot and against itself.

Usage: python benchmarks/strength_caylus1303.py [--games 500] [--players 2 3 4 5] [--self-play 2 4]
                                                [--json-out FILE]

Matchups (game i is played with seed i and default options, i.e. random characters; the heuristic seat
rotates as i % players): the heuristic against players - 1 random bots for each ``--players`` count, and
the heuristic against itself for each ``--self-play`` count (win rate of each seat; none by default).
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
from masterbuilder.games.caylus1303.state import Caylus1303State

GAME = "caylus1303"
BOT = "heuristic"
DEFAULT_OUT = Path("bench-results/strength_caylus1303.json")


@dataclass
class Watch:
    """The heuristic bot's decisions (CPU time) and what its seats did in their games."""

    seconds: float = 0.0
    decisions: int = 0
    slowest: float = 0.0
    bundles: int = 0  # bundles the heuristic seats delivered
    buildings: int = 0  # wood and stone buildings they built
    monuments: int = 0
    residences: int = 0  # start buildings they claimed
    seat_games: int = 0

    def summary(self) -> dict[str, Any]:
        games = max(1, self.seat_games)
        return {
            "decisions": self.decisions,
            "ms_per_decision": round(1000 * self.seconds / max(1, self.decisions), 4),
            "slowest_decision_ms": round(1000 * self.slowest, 2),
            "bundles_per_game": round(self.bundles / games, 2),
            "buildings_per_game": round(self.buildings / games, 2),
            "claims_per_game": round(self.residences / games, 2),
            "monuments_per_game": round(self.monuments / games, 2),
        }


def play(agents: list[str], seed: int, watch: Watch) -> tuple[list[int], list[int]]:
    """One game (as arena.play_game plays it), watching the heuristic seats: scores and winners."""
    state = new_game(GAME, players=len(agents), seed=seed)
    assert isinstance(state, Caylus1303State)
    state.log_events()
    bots = [make_agent(name, GAME, s) for name, s in zip(agents, agent_seeds(seed, len(agents)), strict=True)]
    mine = {seat for seat, name in enumerate(agents) if name == BOT}
    while (seat := state.current_player) is not None:
        bot = bots[seat]
        if seat not in mine:
            state.apply(bot.choose(state))
            continue
        start = time.process_time()
        action = bot.choose(state)
        spent = time.process_time() - start
        watch.seconds += spent
        watch.decisions += 1
        watch.slowest = max(watch.slowest, spent)
        state.apply(action)
        count(state, mine, watch)
    count(state, mine, watch)
    watch.seat_games += len(mine)
    return state.scores(), state.winners()


def count(state: Caylus1303State, mine: set[int], watch: Watch) -> None:
    """Tally the heuristic seats' deliveries, buildings, claims and monuments from the event log."""
    for event in state.take_events():
        if event[0] in ("delivered", "built", "monument", "claimed") and event[1] in mine:
            if event[0] == "delivered":
                watch.bundles += 1
            elif event[0] == "built":
                watch.buildings += 1
            elif event[0] == "monument":
                watch.monuments += 1
            else:
                watch.residences += 1


def against_random(players: int, games: int) -> dict[str, Any]:
    watch = Watch()
    tally = Tally()
    for i in range(games):
        seat = i % players
        agents = ["random"] * players
        agents[seat] = BOT
        scores, winners = play(agents, i, watch)
        tally.add(seat, scores, winners)
    return {"players": players, **tally.summary(), **watch.summary()}


def self_play(players: int, games: int) -> dict[str, Any]:
    watch = Watch()
    seats = [Tally() for _ in range(players)]
    ties = 0
    for i in range(games):
        scores, winners = play([BOT] * players, i, watch)
        for seat, tally in enumerate(seats):
            tally.add(seat, scores, winners)
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
        **watch.summary(),
    }


def interval(result: dict[str, Any]) -> str:
    low, high = result["win_rate_95"]
    return f"{100 * result['win_rate']:5.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def table(results: dict[str, Any]) -> str:
    """The results as a Markdown table (for docs/strength.md)."""
    lines = [
        "| matchup | heuristic wins | 95% interval | ties | mean score: heuristic / best random "
        "| bundles / buildings / claims / monuments per game | ms per decision |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in results["vs_random"]:
        n = r["players"]
        low, high = r["win_rate_95"]
        others = "random" if n == 2 else f"{n - 1} random"
        lines.append(
            f"| heuristic vs {others}, {n} players | {r['wins']} / {r['games']} | "
            f"{100 * low:.1f}–{100 * high:.1f}% | {r['ties']} | {r['mean_score']} / "
            f"{r['mean_best_opponent_score']} | {r['bundles_per_game']} / {r['buildings_per_game']} / "
            f"{r['claims_per_game']} / {r['monuments_per_game']} | {r['ms_per_decision']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=500, help="games per matchup (default 500)")
    parser.add_argument(
        "--players", type=int, nargs="+", default=[2, 3, 4, 5], help="player counts against random"
    )
    parser.add_argument(
        "--self-play", type=int, nargs="*", default=[], help="player counts of heuristic-only games"
    )
    parser.add_argument("--json-out", type=Path, default=DEFAULT_OUT, help=f"default: {DEFAULT_OUT}")
    args = parser.parse_args(argv)
    if args.games <= 0:
        parser.error("--games must be positive")
    if any(not 2 <= p <= 5 for p in [*args.players, *args.self_play]):
        parser.error("player counts are 2 to 5")
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
    for players in args.players:
        r = against_random(players, args.games)
        results["vs_random"].append(r)
        print(
            f"  {players}p vs {players - 1} random: win {interval(r)}  ties {r['ties']}  "
            f"mean score {r['mean_score']} vs best random {r['mean_best_opponent_score']}  "
            f"bundles {r['bundles_per_game']}  buildings {r['buildings_per_game']}  "
            f"claims {r['claims_per_game']}  monuments {r['monuments_per_game']}  "
            f"{r['ms_per_decision']} ms/decision (slowest {r['slowest_decision_ms']} ms)",
            flush=True,
        )
    if args.self_play:
        print(f"{BOT} vs {BOT}, {args.games} games each")
    for players in args.self_play:
        r = self_play(players, args.games)
        results["self_play"].append(r)
        seats = " ".join(f"{100 * w:.1f}%" for w in r["seat_win_rates"])
        print(
            f"  {players}p: seat wins {seats}  ties {r['ties']}  mean score {r['mean_score']}  "
            f"winner {r['mean_winning_score']}  {r['ms_per_decision']} ms/decision",
            flush=True,
        )
    runs = results["vs_random"] + results["self_play"]
    decisions = sum(r["decisions"] for r in runs)
    seconds = sum(r["decisions"] * r["ms_per_decision"] / 1000 for r in runs)
    results["decisions"] = decisions
    results["ms_per_decision"] = round(1000 * seconds / max(1, decisions), 4)
    results["slowest_decision_ms"] = max((r["slowest_decision_ms"] for r in runs), default=0.0)
    results["wall_seconds"] = round(time.perf_counter() - started, 1)
    print(
        f"{BOT}: {decisions} decisions, {results['ms_per_decision']} ms CPU each on average, "
        f"slowest {results['slowest_decision_ms']} ms; {results['wall_seconds']} s wall in all"
    )
    if results["vs_random"]:
        print(table(results))
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(results, indent=2) + "\n")
    print(f"wrote {args.json_out}")


if __name__ == "__main__":
    main()
