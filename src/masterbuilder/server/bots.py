"""Bots on the server: decisions are computed in a pool of worker processes, never on the event loop.

A worker rebuilds the game from its record (``load_record``) and asks the bot (``make_agent``) for its move.
A bot that raises, whose worker dies, or that overruns its time limit is replaced for that move by the
game's heuristic (and that is logged); if the heuristic fails too, the first legal action is taken.
An overrunning computation cannot be stopped inside the pool: it finishes in its worker and is discarded.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

from masterbuilder.server.workers import WorkerPool

log = logging.getLogger("masterbuilder.server.bots")

FALLBACK = "heuristic"


def decide(record: dict[str, Any], bot: str, seed: int) -> int:
    """Run in a worker: the move of ``bot`` in the game ``record`` leads to."""
    from masterbuilder import load_record
    from masterbuilder.agents import make_agent

    state = load_record(record)
    return make_agent(bot, state.game, seed).choose(state)


@dataclass(frozen=True)
class Decision:
    action: int
    bot: str  # the bot that decided: the one asked for, the fallback, or "first legal"
    note: str | None  # why the bot asked for did not decide, if it did not


class BotPool(WorkerPool):
    """A process pool sized to the cores (``workers``), with a time limit per decision that counts the
    bot's own thinking (a decision waits for a free process before its clock starts). ``fallback``: the
    pool the fallback bot runs in when the bot fails (its own process, so that a fallback never waits behind
    this pool's queue); None: this pool."""

    def __init__(
        self,
        workers: int | None = None,
        timeout: float = 10.0,
        nice: int = 0,
        fallback: WorkerPool | None = None,
    ) -> None:
        super().__init__(max(1, workers or os.cpu_count() or 1), nice)
        self.timeout = timeout
        self.fallback = fallback

    async def choose(
        self, record: dict[str, Any], bot: str, seed: int, legal: list[int], timeout: float | None = None
    ) -> Decision:
        """``bot``'s move; on a crash or timeout the fallback's (logged), else the first legal action."""
        limit = self.timeout if timeout is None else timeout
        try:
            action = await self.run(decide, record, bot, seed, timeout=limit)
            if action in legal:
                return Decision(action, bot, None)
            note = f"bot {bot!r} chose action {action!r}, which is not legal"
        except TimeoutError:
            note = f"bot {bot!r} overran its time limit of {limit:g} s"
        except Exception as exc:  # a crashing bot must not stop the game
            note = f"bot {bot!r} failed: {type(exc).__name__}: {exc}"
        game = record.get("game", "?")
        if bot != FALLBACK:
            pool = self.fallback or self
            try:
                action = await pool.run(decide, record, FALLBACK, seed, timeout=max(limit, self.timeout))
                if action in legal:
                    log.warning(
                        "%s game, ply %d: %s; the %s bot moved instead",
                        game,
                        len(record["actions"]),
                        note,
                        FALLBACK,
                    )
                    return Decision(action, FALLBACK, note)
            except Exception as exc:
                note += f"; the {FALLBACK} bot failed too: {type(exc).__name__}: {exc}"
        log.warning(
            "%s game, ply %d: %s; the first legal action was taken", game, len(record["actions"]), note
        )
        return Decision(legal[0], "first legal", note)
