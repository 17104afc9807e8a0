"""CPU work off the event loop, with a time budget, progress reports, and cancellation when the client goes
away, the request is replaced or the budget runs out.

Two kinds of work, stopped in two safe ways (never by raising an exception inside running code):

- **Light work** (validation, previews, position checks) runs in a thread of this process. It is bounded up
  front by the studio's caps (limits.py), so it takes at most a second or two, and it stops at its next check
  point once its job is stopped: every progress report is one, and `Request.check()` is one.
- **Heavy work** (kit builds, page pictures, downloads) runs in a worker process (workers.py), which is killed
  and replaced when its job is stopped, whatever it is doing. A handler of a HEAVY route runs there whole; a
  light handler answering `InWorker(...)` has that part done there and its `then` back here.

Both read no file a request names (`inputs.no_file_reads()`).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Callable

from modlinseq_print.inputs import no_file_reads
from modlinseq_print.studio.exchange import ApiError, Cancelled, Handler, InWorker, Request
from modlinseq_print.studio.workers import in_worker

LIGHT_WORKERS = 2  # threads for light work: one per core of a small machine
_LIGHT = ThreadPoolExecutor(LIGHT_WORKERS, thread_name_prefix="studio-light")


class OverBudget(ApiError):
    """A job that ran past its time budget (and was stopped)."""

    def __init__(self, budget: float):
        super().__init__(f"the studio stopped this request after {budget:g} s of work: ask for less (a smaller "
                         "board, fewer tiles) or use the command line", 503)
        self.budget = budget


def _run_light(stopped: threading.Event, function: Callable, *args) -> Any:
    """Run light work in this (pool) thread, unless its job was stopped while it waited for the thread."""
    if stopped.is_set():
        raise Cancelled()
    with no_file_reads():
        return function(*args)


async def in_thread(stopped: threading.Event, function: Callable, *args) -> Any:
    """Run `function(*args)` in a light-work thread and wait for it; when this is cancelled, `stopped` is set,
    so the work never starts or ends at its next check point."""
    future = asyncio.get_running_loop().run_in_executor(_LIGHT, _run_light, stopped, function, *args)
    try:
        return await future
    except asyncio.CancelledError:
        stopped.set()
        raise


def _checking(request: Request) -> Request:
    """The request with every progress report a check point."""
    report = request.progress

    def progress(label: str, done: int, total: int) -> None:
        request.check()
        report(label, done, total)

    return replace(request, progress=progress)


async def run_job(handler: Handler, request: Request, budget: float, heavy: bool = False,
                  form: str | None = None) -> Any:
    """Run a handler on a request, light (in a thread) or heavy (in a worker process), at most `budget` seconds
    in all (waiting for a free thread or worker included). When the budget runs out (OverBudget) or this is
    cancelled (the client went away), the work is stopped. A worker words its failures as the `form` page
    labels its fields."""
    report, request = request.progress, _checking(request)
    try:
        async with asyncio.timeout(budget) as deadline:
            if heavy:
                return await in_worker(InWorker(handler, request.body, request.query, form=form), report)
            answer = await in_thread(request.stopped, handler, request)
            if isinstance(answer, InWorker):
                result = await in_worker(replace(answer, form=answer.form or form), report)
                answer = await in_thread(request.stopped, answer.then, result) if answer.then else result
            return answer
    except TimeoutError:
        if deadline.expired():
            raise OverBudget(budget) from None
        raise
    finally:
        request.stopped.set()  # done or not, nothing of this job goes on
