"""CPU work off the event loop, with a time budget, progress reports, and cancellation when the client goes
away, the request is replaced or the budget runs out.

Two kinds of work, stopped in two safe ways (never by raising an exception inside running code):

- **Light work** (validation, previews, position checks) runs in a thread of this process (the app's
  `LightWork`, part of its state). It is bounded up
  front by the studio's caps (limits.py), so it takes at most a second or two, and it stops at its next check
  point once its job is stopped: every progress report is one, and `Request.check()` is one.
- **Heavy work** (kit builds, page pictures, downloads) runs in a worker process (workers.py), which is killed
  and replaced when its job is stopped, whatever it is doing. A handler of a HEAVY route runs there whole; a
  light handler answering `InWorker(...)` has that part done there and its `then` back here.

Both read no file a request names (`inputs.no_file_reads()`).

A job's time budget counts its work, not its wait for a free thread or worker: the clock starts when the work
does (and stops while a light job waits for a worker process). A job that cannot start soon is refused with
Busy (503, "try again", with Retry-After) at once when LIGHT_QUEUE or QUEUE_LIMIT jobs already wait for its kind of
work (a thread, a worker process), or
after QUEUE_WAIT seconds of waiting: it never starts, and is never told to ask for less.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any, Callable

from modlinseq_print.inputs import no_file_reads
from modlinseq_print.studio.exchange import ApiError, Busy, Cancelled, Handler, InWorker, Request
from modlinseq_print.studio.workers import in_worker

LIGHT_WORKERS = 2  # threads for light work: one per core of a small machine
LIGHT_QUEUE = 4  # light jobs that may wait for a thread (they share one interpreter: about a second each)
QUEUE_LIMIT = 16  # heavy jobs that may wait for a worker (a kit page asks for six pictures at once); more are refused
QUEUE_WAIT = 10.0  # seconds a light job may wait for a thread before it is refused as busy
HEAVY_WAIT = 60.0  # seconds a heavy job may wait for a worker (behind a kit build, say) before it is refused


class _Waiting:
    """How many light jobs are in the thread pool (waiting or running), counted across event loops."""

    def __init__(self):
        self.count = 0
        self._lock = threading.Lock()

    def enter(self, limit: int | None) -> None:
        """Count one more job, or refuse it (Busy) when `limit` jobs are already in."""
        with self._lock:
            if limit is not None and self.count >= limit:
                raise Busy()
            self.count += 1

    def leave(self, _future=None) -> None:
        with self._lock:
            self.count -= 1


class LightWork:
    """The threads of an app's light work (LIGHT_WORKERS of them, started when first needed) and the count of
    the jobs given to them; `close()` ends them (jobs waiting for a thread never start)."""

    def __init__(self, workers: int = LIGHT_WORKERS):
        self.workers = workers
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="studio-light")
        self.jobs = _Waiting()

    def close(self) -> None:
        """Start no more light work; the jobs already running finish in their threads."""
        self.executor.shutdown(wait=False, cancel_futures=True)


class OverBudget(ApiError):
    """A job that ran past its time budget (and was stopped)."""

    def __init__(self, budget: float):
        super().__init__(f"the studio stopped this request after {budget:g} s of work: ask for less (a smaller "
                         "board, fewer tiles) or use the command line", 503)
        self.budget = budget


def _run_light(stopped: threading.Event, starting: Callable[[], None], function: Callable, *args) -> Any:
    """Run light work in this (pool) thread, unless its job was stopped while it waited for the thread."""
    if stopped.is_set():
        raise Cancelled()
    starting()
    with no_file_reads():
        return function(*args)


def _seen(future: asyncio.Future) -> None:
    """Take a finished future's outcome, so that a job nobody waits for any more leaves no warning."""
    if not future.cancelled():
        future.exception()


async def in_thread(light: LightWork, stopped: threading.Event, function: Callable, *args,
                    on_start: Callable[[], None] | None = None, admitted: bool = False) -> Any:
    """Run `function(*args)` in a thread of `light` and wait for it, calling `on_start` (in this loop) when it
    starts. A job that cannot start soon (LIGHT_QUEUE jobs waiting, or QUEUE_WAIT seconds passed) is refused
    with Busy and never starts; when this is cancelled, `stopped` is set, so the work never starts or ends at
    its next check point. An `admitted` job (the last step of one that has started) is never refused."""
    loop = asyncio.get_running_loop()
    began: asyncio.Future = loop.create_future()

    def starting() -> None:  # in the pool's thread
        try:
            loop.call_soon_threadsafe(lambda: None if began.done() else began.set_result(None))
        except RuntimeError:  # that loop is closed: nobody waits
            pass

    light.jobs.enter(None if admitted else light.workers + LIGHT_QUEUE)
    try:
        future = loop.run_in_executor(light.executor, _run_light, stopped, starting, function, *args)
    except RuntimeError:  # the app is shutting down: its threads take no more work
        light.jobs.leave()
        raise Busy() from None
    future.add_done_callback(light.jobs.leave)
    future.add_done_callback(_seen)
    try:
        await asyncio.wait({future, began}, timeout=None if admitted else QUEUE_WAIT,
                           return_when=asyncio.FIRST_COMPLETED)
        if not (future.done() or began.done()):
            stopped.set()  # it never starts
            raise Busy()
        if on_start is not None:
            on_start()
        return await future
    except asyncio.CancelledError:
        stopped.set()
        raise
    finally:
        began.cancel()


class _Clock:
    """A job's time budget on its deadline: it runs while the job works, and stands still while it waits."""

    def __init__(self, deadline: asyncio.Timeout, budget: float):
        self.deadline, self.left = deadline, budget
        self.since: float | None = None
        self.loop = asyncio.get_running_loop()

    def start(self) -> None:
        if self.since is None:
            self.since = self.loop.time()
            self._set(self.since + self.left)

    def pause(self) -> None:
        if self.since is not None:
            self.left -= self.loop.time() - self.since
            self.since = None
            self._set(None)

    def _set(self, when: float | None) -> None:
        try:
            self.deadline.reschedule(when)
        except RuntimeError:  # the job is over
            pass


def _checking(request: Request) -> Request:
    """The request with every progress report a check point."""
    report = request.progress

    def progress(label: str, done: float, total: float) -> None:
        request.check()
        report(label, done, total)

    return replace(request, progress=progress)


async def run_job(handler: Handler, request: Request, budget: float, heavy: bool = False,
                  form: str | None = None, patient: bool = False) -> Any:
    """Run a handler on a request, light (in a thread of the request's studio) or heavy (in one of its worker
    processes), at most `budget` seconds
    of work (waiting for a free thread or worker not counted: a job that cannot start soon is refused with
    Busy). When the budget runs out (OverBudget) or this is cancelled (the client went away), the work is
    stopped. A worker words its failures as the `form` page labels its fields. A `patient` job (a picture a page
    shows in an image element, which cannot try again) waits its turn and is never refused as busy."""
    report, request = request.progress, _checking(request)
    light, pool = request.studio.light, request.studio.pool
    queue = None if patient else (QUEUE_LIMIT, HEAVY_WAIT)
    try:
        async with asyncio.timeout(None) as deadline:
            clock = _Clock(deadline, budget)
            if heavy:
                call = InWorker(handler, request.body, request.query, form=form)
                return await in_worker(pool, call, report, on_start=clock.start, queue=queue)
            answer = await in_thread(light, request.stopped, handler, request, on_start=clock.start,
                                     admitted=patient)
            if isinstance(answer, InWorker):
                clock.pause()
                result = await in_worker(pool, replace(answer, form=answer.form or form), report,
                                         on_start=clock.start, queue=queue)
                answer = (await in_thread(light, request.stopped, answer.then, result, admitted=True) if answer.then
                          else result)
            return answer
    except TimeoutError:
        if deadline.expired():
            raise OverBudget(budget) from None
        raise
    finally:
        request.stopped.set()  # done or not, nothing of this job goes on
