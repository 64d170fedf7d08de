"""Speed of the research adapters against the bare engine, per game, on one core.

Every column plays whole games with uniformly random legal actions for about ``--seconds``:

- engine: ``state.apply(random legal id)`` on a bare State (the baseline);
- engine+encode: the same plus ``observation.encode`` of the seat to move before every action (what any
  adapter must at least do);
- PettingZoo AEC: ``env.last()`` (which encodes the observation) and ``env.step(random id from its mask)``
  through the wrapped ``masterbuilder.interop.pettingzoo.env``;
- Gymnasium: ``MasterBuilderEnv.step(random id from info["action_mask"])`` against random bots; steps/s
  counts the agent's steps, actions/s every seat's;
- OpenSpiel (when ``masterbuilder.interop.openspiel`` is importable): ``state.apply_action(random legal)``
  on ``pyspiel.load_game("masterbuilder_<game>(players=N)")``.

Usage: python benchmarks/bench_interop.py [--seconds 2] [--players 2] [--json-out FILE]
(default output: bench-results/interop.json)
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table

from masterbuilder import GAMES, new_game
from masterbuilder.bench import machine_info
from masterbuilder.interop import pettingzoo as mb_pettingzoo
from masterbuilder.interop.gymnasium import MasterBuilderEnv
from masterbuilder.interop.observation import encode

DEFAULT_OUT = Path("bench-results") / "interop.json"

# One measurement: play one whole seeded game, return (steps, actions) taken in it.
Episode = Callable[[int], tuple[int, int]]


def engine_episode(game: str, players: int) -> Episode:
    def run(seed: int) -> tuple[int, int]:
        state = new_game(game, players=players, seed=seed)
        choice = random.Random(seed).choice
        while not state.is_terminal:
            state.apply(choice(state.legal_action_ids()))
        n = len(state.history)
        return n, n

    return run


def encode_episode(game: str, players: int) -> Episode:
    """The engine plus one observation encoding (of the seat to move) per action: the floor under the
    adapters, which encode an observation on every step."""

    def run(seed: int) -> tuple[int, int]:
        state = new_game(game, players=players, seed=seed)
        choice = random.Random(seed).choice
        while True:
            seat = state.current_player
            if seat is None:
                break
            encode(state, seat)
            state.apply(choice(state.legal_action_ids()))
        n = len(state.history)
        return n, n

    return run


def pettingzoo_episode(game: str, players: int) -> Episode:
    env = mb_pettingzoo.env(game, players=players)

    def run(seed: int) -> tuple[int, int]:
        env.reset(seed=seed)
        choice = random.Random(seed).choice
        steps = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
            else:
                env.step(choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        return steps, steps

    return run


def gymnasium_episode(game: str, players: int) -> Episode:
    env = MasterBuilderEnv(game, players=players, opponents="random")

    def run(seed: int) -> tuple[int, int]:
        _, info = env.reset(seed=seed)
        choice = random.Random(seed).choice
        steps = 0
        while True:
            _, _, terminated, truncated, info = env.step(choice(np.flatnonzero(info["action_mask"]).tolist()))
            steps += 1
            if terminated or truncated:
                return steps, len(env.game_state.history)

    return run


def openspiel_episode(game: str, players: int) -> Episode | None:
    """None when the OpenSpiel adapter (or pyspiel) is not available."""
    try:
        import pyspiel

        import masterbuilder.interop.openspiel  # noqa: F401  (registers the games with pyspiel)
    except ImportError:
        return None
    spiel_game = pyspiel.load_game(f"masterbuilder_{game}(players={players})")

    def run(seed: int) -> tuple[int, int]:
        rng = random.Random(seed)
        state = spiel_game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights=probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps, steps

    return run


def measure(episode: Episode, seconds: float) -> dict[str, Any]:
    """Whole games for about ``seconds`` (at least one)."""
    games = steps = actions = 0
    start = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        s, a = episode(games)
        games += 1
        steps += s
        actions += a
        elapsed = time.perf_counter() - start
    return {
        "games": games,
        "steps": steps,
        "actions": actions,
        "seconds": elapsed,
        "steps_per_second": steps / elapsed,
        "actions_per_second": actions / elapsed,
    }


COLUMNS = {
    "engine": engine_episode,
    "engine_encode": encode_episode,
    "pettingzoo": pettingzoo_episode,
    "gymnasium": gymnasium_episode,
    "openspiel": openspiel_episode,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=2.0, help="per game and column (default 2)")
    parser.add_argument("--players", type=int, default=2, help="player count (default 2)")
    parser.add_argument("--json-out", type=Path, default=DEFAULT_OUT, help=f"default: {DEFAULT_OUT}")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")
    console = Console(width=max(Console().width, 120))
    results: dict[str, dict[str, Any]] = {}
    for game, info in sorted(GAMES.items()):
        try:
            info.check_players(args.players)
        except ValueError as exc:
            parser.error(str(exc))
        results[game] = {}
        for column, make in COLUMNS.items():
            episode = make(game, args.players)
            if episode is None:
                continue
            with console.status(f"{game}: {column}"):
                results[game][column] = measure(episode, args.seconds)

    table = Table(title=f"Random playouts, {args.players} players, one core: steps/s (% of the engine)")
    table.add_column("Game")
    table.add_column("Engine", justify="right")
    table.add_column("Engine+encode", justify="right")
    table.add_column("PettingZoo", justify="right")
    table.add_column("Gym agent", justify="right")
    table.add_column("Gym all", justify="right")
    has_openspiel = any("openspiel" in r for r in results.values())
    if has_openspiel:
        table.add_column("OpenSpiel", justify="right")
    for game, r in results.items():
        base = r["engine"]["steps_per_second"]

        def cell(rate: float, base: float = base) -> str:
            return f"{rate:,.0f} ({rate / base:.0%})"

        row = [
            game,
            f"{base:,.0f}",
            cell(r["engine_encode"]["steps_per_second"]),
            cell(r["pettingzoo"]["steps_per_second"]),
            cell(r["gymnasium"]["steps_per_second"]),
            cell(r["gymnasium"]["actions_per_second"]),
        ]
        if has_openspiel:
            row.append(cell(r["openspiel"]["steps_per_second"]) if "openspiel" in r else "–")
        table.add_row(*row)
    console.print(table)
    console.print(
        "Gym agent: the agent's steps; Gym all: every seat's actions (the random bots' too). "
        "OpenSpiel: apply_action only, no observation.",
        markup=False,
        soft_wrap=True,
    )

    doc = {
        "timestamp": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": args.players,
        "seconds": args.seconds,
        "machine": machine_info(),
        "results": results,
    }
    args.json_out.parent.mkdir(parents=True, exist_ok=True)
    args.json_out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    console.print(f"Wrote {args.json_out}", markup=False)


if __name__ == "__main__":
    main()
