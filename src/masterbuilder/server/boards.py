"""The SVG boards of the state messages, drawn in a pool of worker processes.

Drawing a board takes 4-13 ms per seat and move, a long time for the event loop that serves every game:
the pool draws them on the other cores meanwhile. A game's drawing reads only the seat's view and its legal
actions (the contract in ``masterbuilder.core.board``), so that is all a worker gets. With no workers (or
if the pool fails) the board is drawn in the server's process, exactly as ``draw_board`` does.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from masterbuilder import State
from masterbuilder.core.board import BoardAction, board_actions, draw_board, panel_actions
from masterbuilder.server.bots import exit_with_parent

log = logging.getLogger("masterbuilder.server.boards")


def draw_svg(
    game: str, view: Mapping[str, Any], actions: list[tuple[int, str, str]], seat: int | None
) -> str:
    """Run in a worker: the game's board drawing for this view and these legal actions."""
    from masterbuilder.core.registry import game_info

    draw = game_info(game).piece("board")
    if draw is None:
        return ""
    svg: str = draw(view, [BoardAction(*a) for a in actions], seat)
    return svg


def _warm() -> None:
    import masterbuilder  # noqa: F401  (the games and their boards, imported once per worker)


class BoardPool:
    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=exit_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def warm_up(self) -> None:
        if self.workers:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers)))

    async def draw(self, state: State, seat: int | None) -> dict[str, Any]:
        """``draw_board(state, seat)``, drawn in the pool: ``{"svg": ..., "panel": [...]}``."""
        if not self.workers:
            return draw_board(state, seat)
        actions = board_actions(state, seat)
        try:
            loop = asyncio.get_running_loop()
            plain = [(a.id, a.label, a.description) for a in actions]
            svg = await loop.run_in_executor(
                self._executor(), draw_svg, state.game, state.view(seat), plain, seat
            )
        except Exception:
            log.exception("the board pool failed; drawing in the server's process")
            self.close()
            return draw_board(state, seat)
        return {
            "svg": svg,
            "panel": [
                {"id": a.id, "label": a.label, "description": a.description}
                for a in panel_actions(svg, actions)
            ],
        }

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
