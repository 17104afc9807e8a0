"""Worker processes for the studio's heavy work (kit builds, page pictures, downloads): a small pool per app
(its state, state.py), each worker forked from a fork server that has the renderers loaded and warmed
(warm.py), so a job starts within milliseconds. The pool starts its workers when first needed and kills them
when closed (when the app shuts down, or the program ends).

A job is stopped by killing its worker (SIGKILL), never by raising an exception inside running code: whatever
the work was in the middle of (a renderer's finaliser, a font cache half filled, a lock held), it goes with the
process, and a fresh worker takes its place. Each worker's memory is capped (MEMORY_LIMIT, as the kernel's
limit on a process's data: its heap and private memory, not the libraries it maps), it reads no file a request
names (`inputs.no_file_reads()`), and it streams its progress back. What a worker keeps between its jobs (the
pages of the kits it built) is its own, on the shelves it passes to each job (`Request.kept`).

The protocol on a worker's pipe: the server sends (function, body, query); the worker answers ("started",), any
number of ("progress", label, done, total), then ("done", result, retire) or ("failed", status, message, key, retire).
A job whose worker died before it started goes to another worker. A worker retires (ends after its answer, and a
fresh one takes its place) when its job ran out of memory, after RECYCLE_JOBS jobs, or when it has grown past
RECYCLE_RSS bytes of resident memory: what one large job made it hold is given back.
"""

from __future__ import annotations

import asyncio
import atexit
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from typing import Any, Callable

from modlinseq_print.inputs import no_file_reads
from modlinseq_print.studio.exchange import ApiError, Busy, InWorker, Request, as_api_error
from modlinseq_print.studio.shelf import Shelves

WORKERS = 2  # processes: one per core of a small machine; more jobs wait for one
MEMORY_LIMIT = 2 * 2**30  # bytes of data per worker (the largest kit takes about 100 MB, a 3D download 400 MB)
RECYCLE_JOBS = 200  # jobs a worker does before a fresh one takes its place
RECYCLE_RSS = 300 * 2**20  # bytes of resident memory past which a worker is replaced after its job (Python keeps
# what it once allocated: a worker that made a 3D download or the largest kit would hold it while idle)
PRELOAD = ["modlinseq_print.studio.warm"]  # imported once by the fork server, before any worker is forked


def _context():
    """The multiprocessing context: a fork server with the renderers preloaded where there is one, else spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


# --- in the worker process -----------------------------------------------------------------------------------

def _limit_memory(limit: int | None) -> None:
    """Cap this process's data (heap and private memory): past it an allocation fails (MemoryError) instead of
    growing on."""
    try:
        import resource
    except ImportError:  # not on this system: the caps on every request still bound the work
        return
    if limit:
        resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def resident_bytes() -> int | None:
    """This process's resident memory in bytes (None where the system does not say)."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


def serve(connection, memory_limit: int | None, recycle: tuple[int, int | None] = (RECYCLE_JOBS, RECYCLE_RSS)) -> None:
    """A worker's life: run each job the server sends, until the server closes the pipe or it retires (after
    `recycle` = (jobs, resident bytes))."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C stops the server, which stops its workers
    for module in PRELOAD:  # already there when forked from the fork server; imported now after a spawn
        __import__(module)
    _limit_memory(memory_limit)
    most_jobs, most_bytes = recycle
    kept = Shelves()  # what this worker keeps between its jobs (the kits it built, to picture their pages)
    done = 0
    while True:
        try:
            function, body, query, form = connection.recv()
        except EOFError:
            return
        connection.send(("started",))
        answer = run_one(function, body, query, form, connection, kept)
        done += 1
        size = resident_bytes() if most_bytes else None
        retire = done >= most_jobs or (size is not None and most_bytes is not None and size > most_bytes)
        if answer[0] == "done":
            answer = ("done", answer[1], retire)
        else:
            answer = (*answer[:4], answer[4] or retire)
        try:
            connection.send(answer)
        except Exception as error:  # noqa: BLE001 - an answer that cannot be sent is a failure like any other
            failure = as_api_error(error)
            connection.send(("failed", failure.status, str(failure), failure.key, True))
        if answer[-1]:
            return


def run_one(function: Callable[[Request], Any], body: dict, query: dict, form: str | None, connection,
            kept: Shelves | None = None) -> tuple:
    """Run one job here, reading no file a request names, with what this worker `kept` from its jobs before;
    its outcome as the message to send back (a failure worded for the `form` page)."""
    def progress(label: str, done: float, total: float) -> None:
        connection.send(("progress", label, done, total))

    try:
        with no_file_reads():
            return ("done", function(Request(body, query, progress, kept=kept)))
    except Exception as error:  # noqa: BLE001 - every failure becomes one line for the server to answer
        failure = as_api_error(error, form)
        return ("failed", failure.status, str(failure), failure.key, isinstance(error, MemoryError))


# --- in the server -------------------------------------------------------------------------------------------

class WorkerLost(ApiError):
    """The worker process died during a job (it ran out of memory, or was killed from outside)."""

    def __init__(self):
        super().__init__("the work stopped unexpectedly (it may have needed too much memory): ask for less, or "
                         "use the command line", 503)


class Worker:
    """One worker process, its pipe, and the thread that reads what it sends and hands it to the job waiting."""

    def __init__(self, context, memory_limit: int | None, on_lost: Callable[["Worker"], None],
                 recycle: tuple[int, int | None] = (RECYCLE_JOBS, RECYCLE_RSS)):
        here, there = context.Pipe()
        self.process = context.Process(target=serve, args=(there, memory_limit, recycle), name="studio-worker",
                                       daemon=True)
        self.process.start()
        there.close()
        self.connection = here
        self.pid = self.process.pid
        self.affinities: deque[str] = deque(maxlen=4)
        self.lost = False
        self._on_lost = on_lost
        self._listener: tuple[asyncio.AbstractEventLoop, Callable[[tuple], None]] | None = None
        self._lock = threading.Lock()
        threading.Thread(target=self._read, name=f"studio-worker-{self.pid}", daemon=True).start()

    def _read(self) -> None:
        """Hand each message to the job's event loop; at the end of the pipe, reap the process and report it."""
        while True:
            try:
                message = self.connection.recv()
            except Exception:  # noqa: BLE001 - EOF, a broken pipe, a message that cannot be read: the end
                message = ("lost",)
            with self._lock:
                listener = self._listener
            if listener is not None:
                loop, deliver = listener
                try:
                    loop.call_soon_threadsafe(deliver, message)
                except RuntimeError:  # that loop is closed: nobody waits
                    pass
            if message[0] == "lost":
                break
        self.lost = True
        self.process.join(0.5)
        if self.process.exitcode is None:  # its pipe closed, yet it runs on: end it
            self.process.kill()
            self.process.join(10)
        self.connection.close()
        self._on_lost(self)

    @property
    def busy(self) -> bool:
        """True while the worker runs a job."""
        return self._listener is not None

    async def run(self, call: InWorker, progress: Callable[[str, float, float], None]) -> tuple:
        """Send the job, pass its progress on, and return its last message ("done", "failed" or "lost"; "unsent"
        when the process was gone before the job started)."""
        loop = asyncio.get_running_loop()
        outcome: asyncio.Future = loop.create_future()
        started = False

        def deliver(message: tuple) -> None:
            nonlocal started
            if outcome.done():
                return
            if message[0] == "started":
                started = True
            elif message[0] == "progress":
                progress(*message[1:])
            else:
                outcome.set_result(message if started or message[0] != "lost" else ("unsent",))

        with self._lock:
            self._listener = (loop, deliver)
        try:
            try:
                self.connection.send((call.function, call.body, call.query, call.form))
            except OSError:  # the process is gone (its end of the pipe closed): the job never reached it
                return ("unsent",)
            return await outcome
        finally:
            with self._lock:
                self._listener = None

    def kill(self) -> None:
        """Stop the process at once, wherever it is; the reading thread reaps it and reports it lost."""
        self.lost = True
        try:
            self.process.kill()
        except (OSError, ValueError, AttributeError):  # already gone
            pass


class WorkerPool:
    """WORKERS worker processes, each running one job at a time; a worker killed, lost or retired (recycle_jobs
    jobs done, or past recycle_rss bytes) is replaced at once.

    Used from any event loop (the server's, or a test client's): waiting for a free worker is a future of the
    waiting loop, handed a worker from whichever thread frees one."""

    def __init__(self, size: int = WORKERS, memory_limit: int | None = MEMORY_LIMIT,
                 recycle_jobs: int = RECYCLE_JOBS, recycle_rss: int | None = RECYCLE_RSS):
        self.size, self.memory_limit = size, memory_limit
        self.recycle_jobs, self.recycle_rss = recycle_jobs, recycle_rss
        self.workers: set[Worker] = set()
        self._idle: list[Worker] = []
        self._waiters: deque[tuple[asyncio.AbstractEventLoop, asyncio.Future]] = deque()
        self._starting = 0
        self._closed = False
        self._at_exit = False
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start workers until the pool is full, each in a background thread (the first start of the fork
        server takes a second or two: the server goes on meanwhile). A pool that has started is closed when the
        program ends, if it was not before."""
        with self._lock:
            missing = 0 if self._closed else self.size - len(self.workers) - self._starting
            self._starting += missing
            if missing and not self._at_exit:
                import multiprocessing.util  # noqa: F401 - its exit handler (which ends the workers) is registered
                atexit.register(self.close)  # before this one, so this runs first: no worker is replaced at exit
                self._at_exit = True
        for _ in range(missing):
            threading.Thread(target=self._start_one, name="studio-worker-start", daemon=True).start()

    def _start_one(self) -> None:
        try:
            worker = Worker(_context(), self.memory_limit, self._lost, (self.recycle_jobs, self.recycle_rss))
        except Exception as error:  # noqa: BLE001 - no worker: the jobs waiting are answered, not left hanging
            print(f"studio: a worker process could not start: {error}", file=sys.stderr)
            with self._lock:
                self._starting -= 1
                waiters, self._waiters = list(self._waiters), deque()
            for loop, waiter in waiters:
                self._call_in(loop, _fail, waiter)
            return
        with self._lock:
            self._starting -= 1
            self.workers.add(worker)
        self.give(worker)

    def _lost(self, worker: Worker) -> None:
        """A worker's process is gone (killed after a stopped job, or died): forget it and start another."""
        with self._lock:
            self.workers.discard(worker)
            if worker in self._idle:
                self._idle.remove(worker)
        self.start()

    @staticmethod
    def _call_in(loop: asyncio.AbstractEventLoop, callback, *args) -> bool:
        try:
            loop.call_soon_threadsafe(callback, *args)
            return True
        except RuntimeError:  # that loop is closed
            return False

    def give(self, worker: Worker) -> None:
        """A worker free for the next job: the longest-waiting job gets it, or it waits idle."""
        with self._lock:
            if worker.lost or worker not in self.workers:
                return
            while self._waiters:
                loop, waiter = self._waiters.popleft()
                if self._call_in(loop, self._hand, waiter, worker):
                    return
            self._idle.append(worker)

    def _hand(self, waiter: asyncio.Future, worker: Worker) -> None:
        """In the waiting job's loop: give it the worker, or pass the worker on if that job stopped waiting."""
        if waiter.done():
            self.give(worker)
        else:
            waiter.set_result(worker)

    def _pick(self, affinity: str | None) -> Worker | None:
        """An idle worker (one that worked on `affinity` lately when there is one), taken from the idle list."""
        self._idle = [worker for worker in self._idle if not worker.lost]
        if not self._idle:
            return None
        chosen = next((w for w in self._idle if affinity in w.affinities), self._idle[-1])
        self._idle.remove(chosen)
        return chosen

    def crowded(self, limit: int) -> bool:
        """True when no worker is free and `limit` jobs already wait for one."""
        with self._lock:
            free = any(not worker.lost for worker in self._idle)
            return not free and sum(not waiter.done() for _, waiter in self._waiters) >= limit

    async def take(self, affinity: str | None = None) -> Worker:
        """A free worker, waiting for one when all are busy."""
        self.start()
        loop = asyncio.get_running_loop()
        with self._lock:
            worker = self._pick(affinity)
            if worker is None:
                waiter = loop.create_future()
                self._waiters.append((loop, waiter))
        if worker is None:
            try:
                worker = await waiter
            except asyncio.CancelledError:
                if waiter.done() and not waiter.cancelled() and waiter.exception() is None:
                    self.give(waiter.result())  # handed over just as this job stopped waiting
                raise
        if affinity:
            worker.affinities.append(affinity)
        return worker

    def close(self) -> None:
        """Kill every worker and start no more."""
        with self._lock:
            self._closed = True
            workers = list(self.workers)
            if self._at_exit:
                atexit.unregister(self.close)
                self._at_exit = False
        for worker in workers:
            worker.kill()

    @property
    def closed(self) -> bool:
        """True once the pool is closed: it has killed its workers and starts no more."""
        return self._closed


def _fail(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_exception(ApiError("the studio could not start a worker process for this request: see the "
                                      "terminal where the studio runs", 503))


async def in_worker(pool: WorkerPool, call: InWorker, progress: Callable[[str, float, float], None],
                    on_start: Callable[[], None] | None = None, queue: tuple[int, float] | None = None) -> Any:
    """Run `call` in a worker process of `pool` and return its result, calling `on_start` when a worker takes it. With
    `queue` (limit, seconds), a job that finds `limit` jobs already waiting, or waits that long, is refused
    with Busy. If this is cancelled (the client went away, the budget ran out) while the job runs, the worker
    is killed and replaced; a failure in the job is raised here as the ApiError it is answered with."""
    limit, wait = queue or (None, None)
    if limit is not None and pool.crowded(limit):
        raise Busy()
    message: tuple = ("unsent",)
    for _ in range(pool.size + 1):  # a worker that died while idle is replaced: the job goes to another
        try:
            worker = await asyncio.wait_for(pool.take(call.affinity), wait)
        except TimeoutError:
            raise Busy() from None
        if on_start is not None:
            on_start()
        try:
            message = await worker.run(call, progress)
        except BaseException:
            worker.kill()  # stopped in the middle of a job: nothing of it is kept
            raise
        if message[0] != "unsent":
            break
        worker.kill()
    if message[0] == "done":
        if message[2]:
            worker.kill()  # it retires: it ends on its own, and a fresh worker takes its place
        else:
            pool.give(worker)
        return message[1]
    if message[0] == "failed":
        _, status, text, key, retire = message
        if retire:
            worker.kill()
        else:
            pool.give(worker)
        raise ApiError(text, status, key)
    raise WorkerLost()
