"""Pools of worker processes for the server (bots, hints, boards, replays): started with ``spawn``, warmed
up once, and ended with the server process, even when it is killed with -9.

A :class:`WorkerPool` hands a task to a process only when one is free (:meth:`WorkerPool.submit`), so a
time limit counts the task's own work, never its wait in the queue; a task that overran its limit keeps
its process until it finishes (it cannot be stopped), and the pool counts that process as busy meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Any, TypeVar

R = TypeVar("R")


class Busy(Exception):
    """Too many tasks are waiting for the pool: the request is refused rather than queued."""


def exit_with_parent(parent: int, nice: int = 0) -> None:
    """Run in each worker at its start: a thread that ends the worker once the server process is gone (a
    server killed with -9 must not leave its workers behind); ``nice``: a lower scheduling priority. Ctrl-C
    reaches every process of the terminal: the workers leave it to the server, which stops them (no
    KeyboardInterrupt traceback from each)."""
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


class _QuietProcess(SpawnProcess):
    """A worker started with Ctrl-C ignored, so that it is ignored while the worker is still importing too
    (Python keeps an ignored SIGINT ignored); a Ctrl-C in that instant reaches neither process."""

    def start(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            super().start()
            return
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            super().start()
        finally:
            signal.signal(signal.SIGINT, previous)


class _QuietContext(SpawnContext):
    Process = _QuietProcess


class Slots:
    """``count`` processes to hand out: first to the urgent waiters (a game's own replays), then to the
    others (the pages' replays), each in order of arrival."""

    def __init__(self, count: int) -> None:
        self.free = count
        self._waiters: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()

    @property
    def waiting(self) -> int:
        return sum(1 for *_, future in self._waiters if not future.done())

    async def acquire(self, urgent: bool = False) -> None:
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._waiters, (0 if urgent else 1, next(self._order), future))
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():  # handed a process, but gone: pass it on
                self.release()
            raise

    def release(self) -> None:
        while self._waiters:
            *_, future = heapq.heappop(self._waiters)
            if not future.done():
                future.set_result(None)
                return
        self.free += 1


def _warm() -> None:
    import masterbuilder  # noqa: F401  (every game, bot and board, imported once per worker)


class WorkerPool:
    """A process pool of ``workers`` processes, started on first use; none with 0 workers. ``nice``: the
    workers' priority below the server's (hints and replays run below the bots)."""

    def __init__(self, workers: int, nice: int = 0) -> None:
        self.workers = workers
        self.nice = nice
        self._pool: ProcessPoolExecutor | None = None
        self._free: Slots | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=_QuietContext(),
                initializer=exit_with_parent,
                initargs=(os.getpid(), self.nice),
            )
        return self._pool

    async def warm_up(self) -> None:
        """Start the workers and import the games in them, so that the first task is not late."""
        if self.workers:  # through submit: a task's clock starts once the warm-up is over
            await asyncio.gather(*[await self.submit(_warm) for _ in range(self.workers)])

    @property
    def waiting(self) -> int:
        """Tasks waiting for a free process."""
        return 0 if self._free is None else self._free.waiting

    async def submit(
        self, fn: Callable[..., R], *args: Any, queue: int | None = None, urgent: bool = False
    ) -> asyncio.Future[R]:
        """Wait for a free process (Busy if ``queue`` tasks are waiting already; ``urgent`` tasks go before
        the others), then start ``fn(*args)`` in it; the future of its result. The process counts as busy
        until the task ends, even if the caller stops waiting."""
        if self._free is None:
            self._free = Slots(max(1, self.workers))
        free = self._free
        if queue is not None and free.free == 0 and free.waiting >= queue:
            raise Busy
        await free.acquire(urgent)
        loop = asyncio.get_running_loop()
        try:
            try:
                task: Future[R] = self._executor().submit(fn, *args)
            except (BrokenProcessPool, RuntimeError):
                self.close()
                task = self._executor().submit(fn, *args)
        except BaseException:
            free.release()
            raise

        def done(_: Future[R]) -> None:
            if not loop.is_closed():  # a task that outlived the server (or the test) frees nothing
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(free.release)

        task.add_done_callback(done)
        return asyncio.wrap_future(task)

    async def run(
        self,
        fn: Callable[..., R],
        *args: Any,
        timeout: float | None = None,
        queue: int | None = None,
        urgent: bool = False,
    ) -> R:
        """``fn(*args)`` in a worker (in a thread of this process with 0 workers); TimeoutError after
        ``timeout`` seconds of its own work; Busy and ``urgent`` as :meth:`submit`."""
        if not self.workers:
            return await asyncio.wait_for(asyncio.to_thread(fn, *args), timeout)
        future = await self.submit(fn, *args, queue=queue, urgent=urgent)
        try:
            return await asyncio.wait_for(future, timeout)
        except BrokenProcessPool:
            self.close()
            raise

    def close(self) -> None:
        """Stop the workers now, a bot thinking too: its move was not stored, and the next start asks again
        (a new pool starts on the next task)."""
        pool, self._pool = self._pool, None
        self._free = None
        if pool is not None:
            processes = list((pool._processes or {}).values())  # the executor offers no way to end them
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
