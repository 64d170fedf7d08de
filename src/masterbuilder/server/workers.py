"""Pools of worker processes for the server (bots, boards): started with ``spawn``, warmed up once, and ended
with the server process, even when it is killed with -9."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import SpawnContext, SpawnProcess


def exit_with_parent(parent: int) -> None:
    """Run in each worker at its start: a thread that ends the worker once the server process is gone (a
    server killed with -9 must not leave its workers behind). Ctrl-C reaches every process of the terminal:
    the workers leave it to the server, which stops them (no KeyboardInterrupt traceback from each)."""
    import time

    signal.signal(signal.SIGINT, signal.SIG_IGN)

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


def _warm() -> None:
    import masterbuilder  # noqa: F401  (every game, bot and board, imported once per worker)


class WorkerPool:
    """A process pool of ``workers`` processes, started on first use; none with 0 workers."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=_QuietContext(),
                initializer=exit_with_parent,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def warm_up(self) -> None:
        """Start the workers and import the games in them, so that the first task is not late."""
        if self.workers:
            loop = asyncio.get_running_loop()
            pool = self._executor()
            await asyncio.gather(*(loop.run_in_executor(pool, _warm) for _ in range(self.workers)))

    def close(self) -> None:
        """Stop the workers now, a bot thinking too: its move was not stored, and the next start asks again
        (a new pool starts on the next task)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            processes = list((pool._processes or {}).values())  # the executor offers no way to end them
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
