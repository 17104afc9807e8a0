"""CPU work off the event loop: each request's handler runs as a job in a worker thread, with a time budget,
progress reports, and cancellation when the client goes away or the budget runs out.

A job runs inside `inputs.no_file_reads()` (the library reads no file for a request). Cancelling a job stops
its work: the worker thread gets a `Cancelled` exception raised inside it at its next Python instruction
(CPython's PyThreadState_SetAsyncExc), so even code with no cancellation points of its own (the rules
engine's search, a renderer) stops, and the thread returns to the pool for the next request.
"""

from __future__ import annotations

import asyncio
import ctypes
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, TypeVar

from modlinseq_print.inputs import no_file_reads

T = TypeVar("T")
LIGHT_WORKERS = 2  # previews, checks, validation: one per core of a small machine
HEAVY_WORKERS = 1  # kit builds and downloads: one at a time bounds the server's memory
_POOLS: dict[str, ThreadPoolExecutor] = {}
_POOLS_LOCK = threading.Lock()


class Cancelled(BaseException):
    """Raised inside a job's thread to stop it (a BaseException: library code catching Exception lets it pass)."""


def _raise_in(thread_id: int, exception: type[BaseException] | None) -> None:
    """Schedule `exception` in another thread (None clears one scheduled and not yet raised)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id),
                                               ctypes.py_object(exception) if exception else None)


class Job:
    """One handler call in a worker thread; `cancel()` stops it wherever it is, once."""

    def __init__(self, work: Callable[[], T]):
        self.work = work
        self._lock = threading.Lock()
        self._thread: int | None = None
        self.cancelled = False

    def run(self) -> T:
        """Run the work in this (worker) thread, reading no file a request could name."""
        with self._lock:
            if self.cancelled:
                raise Cancelled()
            self._thread = threading.get_ident()
        try:
            with no_file_reads():
                return self.work()
        finally:
            self._leave()

    def _leave(self) -> None:
        """Forget the thread; an exception scheduled just before is cleared or swallowed here, not later."""
        thread = threading.get_ident()
        while True:
            try:
                with self._lock:
                    self._thread = None
                _raise_in(thread, None)
                return
            except Cancelled:
                continue

    def cancel(self) -> None:
        """Stop the job: before it starts, it never runs; while it runs, Cancelled is raised in its thread."""
        with self._lock:
            if self.cancelled:
                return
            self.cancelled = True
            if self._thread is not None:
                _raise_in(self._thread, Cancelled)


def pool(kind: str) -> ThreadPoolExecutor:
    """The worker threads of one kind of job ("light" or "heavy"), made on first use."""
    with _POOLS_LOCK:
        if kind not in _POOLS:
            workers = HEAVY_WORKERS if kind == "heavy" else LIGHT_WORKERS
            _POOLS[kind] = ThreadPoolExecutor(workers, thread_name_prefix=f"studio-{kind}")
        return _POOLS[kind]


def _settled(future: asyncio.Future) -> None:
    """Take the outcome of a job nobody waits for any more (stopped), so it is not reported as lost."""
    if not future.cancelled():
        future.exception()


class OverBudget(Exception):
    """A job that ran past its time budget (and was stopped)."""


async def run_job(work: Callable[[], T], budget: float, kind: str = "light") -> T:
    """Run `work` in a worker thread and wait for it, at most `budget` seconds; when the budget runs out or the
    waiting task is cancelled (the client went away), the job is stopped."""
    job = Job(work)
    future = asyncio.get_running_loop().run_in_executor(pool(kind), job.run)
    future.add_done_callback(_settled)
    try:
        return await asyncio.wait_for(asyncio.shield(future), budget)
    except asyncio.TimeoutError:
        job.cancel()
        raise OverBudget(budget) from None
    except asyncio.CancelledError:
        job.cancel()
        raise
