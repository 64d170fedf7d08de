"""The SVG boards of the state messages, drawn in a pool of worker processes.

Drawing a board takes 1.5-2 ms per seat and move, a long time for the event loop that serves every game:
the pool draws them on the other cores meanwhile, a move's boards (every seat and language) in one call. A
game's drawing reads only the seat's view, its legal actions and the players' names (the contract in
``masterbuilder.core.board``), so that is all a worker gets. With no workers (or if the pool fails) the
board is drawn in the server's process, as ``draw_board`` does.

A worker also computes the board as changes (``server/board_changes``) to the boards the seat's connections
were sent before (the server hands it those drawings' text: usually one, more when a connection joined late),
so that neither the split nor the comparison runs on the event loop. Each worker keeps the drawings it drew,
split once they were compared (an LRU keyed by their text, ``board_kept`` of them), and the pool sends a
move's boards to the worker that drew the ones before: the next move's changes split only the new drawing,
and of that only the elements that changed (``split`` against the previous one). A worker that does not
hold a previous drawing (restarted, or its LRU moved on) splits its text, as sent.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
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
    limit: int | None = None,
) -> tuple[str, list[list[Change] | None]]:
    """Run in a worker: the game's board drawing for this view and these legal actions, the seats named by
    ``names``, its words in ``lang`` (the language is the message's: a worker draws for players of every
    language); and the changes from each of the ``previous`` drawings to it (None: send it whole). The worker
    keeps at most ``limit`` drawings (default ``KEPT``)."""
    with use_language(lang):
        svg = draw_svg(game, view, [BoardAction(*a) for a in actions], seat, names)
    return svg, changes_from(previous, svg, limit)


def draw_all_in_worker(
    game: str,
    jobs: Sequence[
        tuple[Mapping[str, Any], list[tuple[int, str, str]], int | None, str, Sequence[str], Sequence[str]]
    ],
    limit: int | None = None,
) -> list[tuple[str, list[list[Change] | None]]]:
    """Run in a worker: :func:`draw_in_worker` for each of a move's boards (its view, legal actions, seat,
    language, names and previous drawings), in turn."""
    return [draw_in_worker(game, *job, limit) for job in jobs]


# a worker's drawings, newest last: one per seat and language of the games routed to it, so that a seat's
# drawing before is at hand (not split again) for the next move's changes; a Caylus drawing kept takes about
# 170 kB (its text and tree), The Builders' 280 kB. The server's setting ``board_kept`` sets it.
KEPT = 1024
_kept: OrderedDict[str, Drawing] = OrderedDict()
_kept_lock = threading.Lock()  # with no workers, the server's threads share it


def kept(svg: str) -> Drawing:
    """The drawing of ``svg``: the one kept (split already, if it was compared) or a new one."""
    with _kept_lock:
        drawing = _kept.get(svg)
        if drawing is not None:
            _kept.move_to_end(svg)
            return drawing
    return Drawing(svg)


def keep(drawing: Drawing, limit: int | None = None) -> None:
    with _kept_lock:
        _kept[drawing.svg] = drawing
        _kept.move_to_end(drawing.svg)
        while len(_kept) > (KEPT if limit is None else limit):
            _kept.popitem(last=False)


def changes_from(previous: Sequence[str], svg: str, limit: int | None = None) -> list[list[Change] | None]:
    """The changes from each of the ``previous`` drawings to ``svg`` (each split at most once in this
    process while it is kept); ``svg`` is kept for the next move's changes."""
    new = kept(svg)
    found = [changes(kept(old), new) for old in previous]
    keep(new, limit)
    return found


def _unnamed() -> Sequence[str]:
    return ()


class BoardPool(WorkerPool):
    """The board drawings, in ``workers`` processes (0: in the server's process). With more than one, each
    worker is a pool of its own (a lane), so that a seat's next board goes to the worker that keeps its last
    drawing; a seat's first board goes to the next lane in turn. Each worker keeps ``kept`` drawings."""

    def __init__(self, workers: int, nice: int = 0, kept: int = KEPT) -> None:
        super().__init__(workers, nice)
        self.kept = kept
        self._lanes = [WorkerPool(1, nice) for _ in range(workers)] if workers > 1 else []
        self._lane_of: OrderedDict[str, int] = OrderedDict()  # a drawing's text -> the lane that drew it
        self._turn = 0

    def _lane(self, previous: Sequence[str]) -> tuple[int, ProcessPoolExecutor]:
        if not self._lanes:
            return 0, self._executor()
        lane = next((self._lane_of[old] for old in previous if old in self._lane_of), None)
        if lane is None:
            lane, self._turn = self._turn, (self._turn + 1) % len(self._lanes)
        return lane, self._lanes[lane]._executor()

    def _drawn(self, svg: str, lane: int) -> None:
        if self._lanes:
            self._lane_of[svg] = lane
            self._lane_of.move_to_end(svg)
            while len(self._lane_of) > self.kept * len(self._lanes):
                self._lane_of.popitem(last=False)

    async def warm_up(self) -> None:
        if self._lanes:
            await asyncio.gather(*(lane.warm_up() for lane in self._lanes))
        else:
            await super().warm_up()

    def close(self) -> None:
        super().close()
        for lane in self._lanes:
            lane.close()

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
        drawn = await self.draw_all(state, [(seat, lang)], names, {(seat, lang): previous})
        return drawn[0]

    async def draw_all(
        self,
        state: State,
        wanted: Sequence[tuple[int | None, str]],
        names: Callable[[], Sequence[str]] = _unnamed,
        previous: Mapping[tuple[int | None, str], Sequence[str]] | None = None,
    ) -> list[tuple[dict[str, Any], list[list[Change] | None]]]:
        """:meth:`draw_changes` for each (seat, language) of ``wanted`` (the boards of one move), in one
        call to one worker: one round trip, and the fragments the seats' drawings share made once there."""
        previous = previous or {}
        prepared = []
        for seat, lang in wanted:
            with use_language(lang):
                seats = list(names())
                if self.workers:
                    prepared.append((seat, lang, seats, board_actions(state, seat, seats), state.view(seat)))
                else:
                    prepared.append((seat, lang, seats, [], {}))
        if self.workers:
            try:
                loop = asyncio.get_running_loop()
                lane, executor = self._lane([old for key in wanted for old in previous.get(key, ())])
                jobs = [
                    (
                        view,
                        [(a.id, a.label, a.description) for a in actions],
                        seat,
                        lang,
                        seats,
                        tuple(previous.get((seat, lang), ())),
                    )
                    for seat, lang, seats, actions, view in prepared
                ]
                found = await loop.run_in_executor(executor, draw_all_in_worker, state.game, jobs, self.kept)
            except Exception:
                log.exception("the board pool failed; drawing in the server's process")
                self.close()
            else:
                out = []
                for (_seat, _lang, _seats, actions, _view), (svg, ops) in zip(prepared, found, strict=True):
                    self._drawn(svg, lane)
                    out.append((board_message(svg, actions), ops))
                return out
        out = []
        for seat, lang, seats, _actions, _view in prepared:
            with use_language(lang):
                board = draw_board(state, seat, seats)
            out.append((board, changes_from(previous.get((seat, lang), ()), board["svg"], self.kept)))
        return out
