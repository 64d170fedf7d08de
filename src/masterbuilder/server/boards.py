"""The SVG boards of the state messages, drawn in a pool of worker processes.

Drawing a board takes 4-13 ms per seat and move, a long time for the event loop that serves every game:
the pool draws them on the other cores meanwhile. A game's drawing reads only the seat's view, its legal
actions and the players' names (the contract in ``masterbuilder.core.board``), so that is all a worker gets.
With no workers (or if the pool fails) the board is drawn in the server's process, as ``draw_board`` does.

A worker also computes the board as changes (``server/board_changes``) to the boards the seat's connections
were sent before (the server hands it those drawings' text: usually one, more when a connection joined late),
so that neither the split nor the comparison runs on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from masterbuilder import State
from masterbuilder.core.board import BoardAction, board_actions, board_message, draw_board, draw_svg
from masterbuilder.core.i18n import SOURCE, use_language
from masterbuilder.server.board_changes import Change, Drawing, changes
from masterbuilder.server.workers import WorkerPool

log = logging.getLogger("masterbuilder.server.boards")


def draw_in_worker(
    game: str,
    view: Mapping[str, Any],
    actions: list[tuple[int, str, str]],
    seat: int | None,
    lang: str,
    names: Sequence[str] = (),
    previous: Sequence[str] = (),
) -> tuple[str, list[list[Change] | None]]:
    """Run in a worker: the game's board drawing for this view and these legal actions, the seats named by
    ``names``, its words in ``lang`` (the language is the message's: a worker draws for players of every
    language); and the changes from each of the ``previous`` drawings to it (None: send it whole)."""
    with use_language(lang):
        svg = draw_svg(game, view, [BoardAction(*a) for a in actions], seat, names)
    return svg, changes_from(previous, svg)


def changes_from(previous: Sequence[str], svg: str) -> list[list[Change] | None]:
    """The changes from each of the ``previous`` drawings to ``svg`` (the new one split once)."""
    if not previous:
        return []
    new = Drawing(svg)
    return [changes(Drawing(old), new) for old in previous]


def _unnamed() -> Sequence[str]:
    return ()


class BoardPool(WorkerPool):
    """The board drawings, in ``workers`` processes (0: in the server's process)."""

    async def draw(
        self,
        state: State,
        seat: int | None,
        lang: str = SOURCE,
        names: Callable[[], Sequence[str]] = _unnamed,
    ) -> dict[str, Any]:
        """``draw_board(state, seat, names())`` in ``lang``, drawn in the pool: ``{"svg": ..., "panel":
        [...]}``. ``names`` gives the seats' names as the page's panel shows them, asked in ``lang`` (an
        unnamed seat is 'gracz 2' in Polish)."""
        board, _ = await self.draw_changes(state, seat, lang, names)
        return board

    async def draw_changes(
        self,
        state: State,
        seat: int | None,
        lang: str = SOURCE,
        names: Callable[[], Sequence[str]] = _unnamed,
        previous: Sequence[str] = (),
    ) -> tuple[dict[str, Any], list[list[Change] | None]]:
        """The board as :meth:`draw` and, computed where it is drawn, the changes from each of the
        ``previous`` drawings (their SVG text) to it: None where the whole board must be sent."""
        with use_language(lang):
            seats = list(names())
            if not self.workers:
                board = draw_board(state, seat, seats)
                return board, changes_from(previous, board["svg"])
            actions = board_actions(state, seat, seats)
            view = state.view(seat)
        try:
            loop = asyncio.get_running_loop()
            plain = [(a.id, a.label, a.description) for a in actions]
            svg, found = await loop.run_in_executor(
                self._executor(), draw_in_worker, state.game, view, plain, seat, lang, seats, tuple(previous)
            )
        except Exception:
            log.exception("the board pool failed; drawing in the server's process")
            self.close()
            with use_language(lang):
                board = draw_board(state, seat, seats)
            return board, changes_from(previous, board["svg"])
        return board_message(svg, actions), found
