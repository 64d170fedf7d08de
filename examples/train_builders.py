"""Train a small masked policy on The Builders against the random bot, and watch its win rate rise.

A linear softmax policy over the legal actions (numpy only), trained with REINFORCE and a running-mean
baseline through the Gymnasium adapter. Every ``--eval-every`` episodes it plays ``--eval-games`` fixed
evaluation games (seeds 10_000, 10_001, ...) and prints its win rate, so the curve is reproducible.

    .venv/bin/python examples/train_builders.py --minutes 3
    .venv/bin/python examples/train_builders.py --episodes 40 --eval-every 20 --eval-games 10   # a quick look
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from masterbuilder.extras import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as exc:
    raise missing_extra(exc, "examples/train_builders.py", "gymnasium") from None

from masterbuilder.interop.gymnasium import MasterBuilderEnv
from masterbuilder.interop.observation import observation_spec

Vector = npt.NDArray[np.float64]
Mask = npt.NDArray[np.int8]
Episode = list[tuple[Vector, Mask, int]]


class MaskedLinearPolicy:
    """pi(a | s) = softmax over the legal actions of W x + b, with x the observation scaled to [0, 1]."""

    def __init__(self, size: int, actions: int, high: npt.NDArray[np.float32], seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.w = np.zeros((actions, size))
        self.b = np.zeros(actions)
        self.scale = 1.0 / np.where(high > 0, high, 1.0).astype(np.float64)

    def features(self, obs: npt.NDArray[np.float32]) -> Vector:
        return obs.astype(np.float64) * self.scale

    def probabilities(self, x: Vector, mask: npt.NDArray[np.int8]) -> Vector:
        legal = mask.astype(bool)
        logits = np.full(self.b.shape, -np.inf)
        logits[legal] = self.w[legal] @ x + self.b[legal]
        logits -= logits[legal].max()
        p: Vector = np.exp(logits)
        p /= p.sum()
        return p

    def act(self, x: Vector, mask: npt.NDArray[np.int8], greedy: bool = False) -> int:
        p = self.probabilities(x, mask)
        return int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))

    def update(
        self, episode: list[tuple[Vector, npt.NDArray[np.int8], int]], advantage: float, lr: float
    ) -> None:
        # REINFORCE: grad log pi(a|s) = (onehot(a) - pi) x^T, over the legal actions only
        for x, mask, a in episode:
            p = self.probabilities(x, mask)
            g = -p
            g[a] += 1.0
            legal = mask.astype(bool)
            self.w[legal] += lr * advantage * np.outer(g[legal], x) / len(episode)
            self.b[legal] += lr * advantage * g[legal] / len(episode)


def play(env: MasterBuilderEnv, policy: MaskedLinearPolicy, seed: int, greedy: bool) -> tuple[float, Episode]:
    obs, info = env.reset(seed=seed)
    steps: Episode = []
    while True:
        x = policy.features(obs)
        mask = info["action_mask"]
        a = policy.act(x, mask, greedy)
        steps.append((x, mask, a))
        obs, reward, terminated, truncated, info = env.step(a)
        if terminated or truncated:
            return float(reward), steps


def win_rate(env: MasterBuilderEnv, policy: MaskedLinearPolicy, games: int) -> float:
    wins = sum(play(env, policy, 10_000 + i, greedy=False)[0] > 0 for i in range(games))
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="stop training after this long")
    parser.add_argument("--episodes", type=int, default=0, help="stop after this many episodes (0: by time)")
    parser.add_argument("--eval-every", type=int, default=100)
    parser.add_argument("--eval-games", type=int, default=40)
    parser.add_argument("--lr", type=float, default=0.2)
    parser.add_argument("--round-limit", type=int, default=25, help="the game's safety cap, shorter episodes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args()

    env = MasterBuilderEnv(
        "builders",
        players=2,
        opponents="random",
        reward="win_loss",
        options={"round_limit": args.round_limit},
    )
    spec = observation_spec("builders", 2)
    policy = MaskedLinearPolicy(spec.size, env.num_actions, spec.high, args.seed)
    curve = [(0, win_rate(env, policy, args.eval_games))]
    print(f"episodes {0:>5}  win rate vs random {curve[-1][1]:6.1%}  (untrained)", flush=True)
    baseline, episodes, start = 0.0, 0, time.monotonic()
    while True:
        if args.episodes and episodes >= args.episodes:
            break
        if not args.episodes and time.monotonic() - start > 60 * args.minutes:
            break
        reward, steps = play(env, policy, args.seed * 1_000_000 + episodes, greedy=False)
        policy.update(steps, reward - baseline, args.lr)
        baseline += 0.05 * (reward - baseline)
        episodes += 1
        if episodes % args.eval_every == 0:
            curve.append((episodes, win_rate(env, policy, args.eval_games)))
            minutes = (time.monotonic() - start) / 60
            print(
                f"episodes {episodes:>5}  win rate vs random {curve[-1][1]:6.1%}  ({minutes:.1f} min)",
                flush=True,
            )
    if args.json_out:
        args.json_out.write_text(
            json.dumps({"curve": curve, "args": {k: str(v) for k, v in vars(args).items()}})
        )


if __name__ == "__main__":
    main()
