"""The jobs behind the studio's requests: heavy work in worker processes killed when stopped (over budget,
client gone, cancelled build), light work stopped at its check points, and everything after a stop as if on a
fresh server."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import studio_work
from modlinseq_print.studio.jobs import LIGHT_WORKERS
from modlinseq_print.studio.workers import MEMORY_LIMIT
from studio_client import post_head, request

HEAVY = "/api/position/export"  # a route whose handler runs in a worker process
LIGHT = "/api/position/check"  # a route whose handler runs in a thread of the server
SECRET = "the sentinel's secret line"


SERVED = {}  # the studio this module's requests are served by


@pytest.fixture(autouse=True)
def served_here(served):
    SERVED["server"] = served


def worker_pool():
    """The pool of worker processes of the studio served for this module."""
    return SERVED["server"].app.state.pool


@pytest.fixture
def route(served, monkeypatch):
    """Set a route's handler (and its budget) for one test, once the workers are all started."""
    app = served.app
    full_pool()

    def set_route(path: str, handler, budget: float | None = None) -> None:
        monkeypatch.setitem(app.routes, ("POST", path), handler)
        if budget is not None:
            monkeypatch.setitem(app.budgets, path, budget)
    return set_route


def gone(pid: int, within: float = 5.0) -> bool:
    """True when the process ends within `within` seconds (it uses no CPU any more: it is not there)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists():
            return True
        time.sleep(0.02)
    return False


def full_pool(within: float = 10.0) -> set[int]:
    """The pids of the pool's workers, once there are as many as it keeps."""
    pool = worker_pool()
    deadline = time.monotonic() + within
    while len(pool.workers) < pool.size and time.monotonic() < deadline:
        time.sleep(0.02)
    return {worker.pid for worker in pool.workers}


def replaced(before: set[int], within: float = 10.0) -> set[int]:
    """The workers of `before` that are no longer in the pool, once the pool is full again without them."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        now = full_pool()
        if now != before and len(now) == worker_pool().size:
            return before - now
        time.sleep(0.02)
    return set()


class Stream:
    """A streamed (NDJSON) request on its own connection, read line by line."""

    def __init__(self, port: int, path: str, body: dict):
        data = json.dumps(body).encode()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=60)
        self.sock.sendall(post_head(port, path, f"Accept: application/x-ndjson\r\nContent-Length: {len(data)}\r\n")
                          + data)
        self.buffer = b""

    def line(self) -> dict:
        """The next JSON line of the answer (chunked transfer: lines arrive whole, between chunk sizes)."""
        while True:
            for raw in self.buffer.split(b"\r\n"):
                if raw.startswith(b"{"):
                    self.buffer = self.buffer[self.buffer.index(raw) + len(raw):]
                    return json.loads(raw)
            chunk = self.sock.recv(65536)
            assert chunk, "the connection closed"
            self.buffer += chunk

    def close(self) -> None:
        self.sock.close()


# --- heavy work: a worker process, killed ----------------------------------------------------------------------

def test_heavy_work_that_never_checks_in_is_killed_at_its_budget(served, route):
    route(HEAVY, studio_work.spin, budget=1.0)
    stream = Stream(served.port, HEAVY, {})
    start = time.monotonic()
    pid = int(stream.line()["progress"].split()[1])
    last = stream.line()
    stream.close()
    assert last["status"] == 503 and "stopped this request after 1 s" in last["error"]
    assert time.monotonic() - start < 4
    assert gone(pid)
    route(HEAVY, studio_work.pid)
    status, answer = request(served.port, HEAVY, {})
    assert status == 200 and answer["pid"] != pid  # a fresh worker took its place


def test_a_plain_request_over_its_budget_kills_its_worker(served, route):
    before = full_pool()
    route(HEAVY, studio_work.spin, budget=0.5)
    status, answer = request(served.port, HEAVY, {})
    assert status == 503 and "after 0.5 s" in answer["error"]
    killed = replaced(before)
    assert len(killed) == 1 and gone(killed.pop())


def test_heavy_work_whose_client_goes_away_is_killed(served, route):
    route(HEAVY, studio_work.spin, budget=60)
    stream = Stream(served.port, HEAVY, {})
    pid = int(stream.line()["progress"].split()[1])
    assert not gone(pid, within=0.3)  # it runs on while the client waits
    stream.close()
    assert gone(pid)


def test_a_worker_reads_no_file_a_request_names(served, route, tmp_path, monkeypatch):
    """Defence in depth: with the central guard gone, a handler's read is refused in a worker as in a thread."""
    monkeypatch.setattr("modlinseq_print.studio.app.refuse_file_names", lambda value: None)
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET + "\n")
    for path in (HEAVY, LIGHT):
        route(path, studio_work.read_named)
        status, answer = request(served.port, path, {"path": str(secret)})
        assert status == 400 and "uploaded" in answer["error"] and SECRET not in json.dumps(answer)


def test_a_worker_over_its_memory_limit_answers_one_line_and_is_replaced(served, route):
    before = full_pool()
    route(HEAVY, studio_work.allocate)
    status, answer = request(served.port, HEAVY, {"bytes": MEMORY_LIMIT + 1})
    assert status == 503 and answer["error"] == "the studio ran out of memory for this request: ask for less"
    retired = replaced(before)
    assert len(retired) == 1 and gone(retired.pop())
    assert request(served.port, HEAVY, {"bytes": 1000})[1] == {"size": 1000}  # a modest job is served


def test_a_worker_that_dies_is_answered_and_replaced(served, route):
    route(HEAVY, studio_work.die)
    status, answer = request(served.port, HEAVY, {})
    assert status == 503 and "stopped unexpectedly" in answer["error"] and "\n" not in answer["error"]
    route(HEAVY, studio_work.pid)
    assert request(served.port, HEAVY, {})[0] == 200


def test_workers_killed_while_idle_cost_no_request(served, route):
    route(HEAVY, studio_work.pid)
    killed = full_pool()
    for pid in killed:
        os.kill(pid, signal.SIGKILL)  # from outside: the system's out-of-memory killer, say
    answers = [request(served.port, HEAVY, {}) for _ in range(3)]
    assert [status for status, _ in answers] == [200] * 3
    assert not {answer["pid"] for _, answer in answers} & killed


def fresh_workers() -> None:
    """Kill every worker of the pool and wait for the ones that take their place (started with its settings now)."""
    before = full_pool()
    for worker in list(worker_pool().workers):
        worker.kill()
    replaced(before)


def test_a_worker_grown_past_its_memory_cap_is_replaced_after_its_job(served, route):
    pool = worker_pool()
    route(HEAVY, studio_work.pid)
    assert len({request(served.port, HEAVY, {})[1]["pid"] for _ in range(3)}) == 1  # under the cap: kept
    default = pool.recycle_rss
    try:
        pool.recycle_rss = 1  # every worker is past this cap
        fresh_workers()  # the workers that take their place have the new cap
        first = request(served.port, HEAVY, {})[1]["pid"]
        assert gone(first)  # it retired after its job
        second = request(served.port, HEAVY, {})
        assert second[0] == 200 and second[1]["pid"] != first
    finally:
        pool.recycle_rss = default
        fresh_workers()


def test_a_worker_retires_after_its_share_of_jobs(served, route):
    pool = worker_pool()
    route(HEAVY, studio_work.pid)
    default = pool.recycle_jobs
    try:
        pool.recycle_jobs = 2
        fresh_workers()
        pids = [request(served.port, HEAVY, {})[1]["pid"] for _ in range(4)]
        # which worker takes which job is the pool's choice: a worker with its share done is gone, none did more
        retired = {pid for pid in pids if pids.count(pid) == 2}
        assert max(pids.count(pid) for pid in pids) == 2 and len(set(pids)) >= 2
        assert retired and all(gone(pid, within=20.0) for pid in retired)
    finally:
        pool.recycle_jobs = default
        fresh_workers()


# --- a kit build cancelled, and what comes after -----------------------------------------------------------------

def kit_values(port: int, name: str, **changes) -> dict:
    status, answer = request(port, f"/api/kit/preset?name={name}")
    return {**answer["values"], **changes}


def fetch(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}"})
    response = connection.getresponse()
    assert response.status == 200, response.read()
    return response.read()


def built_files(port: int) -> list[bytes]:
    """The starter kit built on a server: its PDF and the pictures of two of its pages; and a board's PDF."""
    values = kit_values(port, "starter")
    status, kit = request(port, "/api/kit/build", {"name": "starter", "values": values})
    assert status == 200 and kit["ok"], kit
    board = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    board.request("POST", "/api/board/download?format=pdf", json.dumps({"board": "hex:4", "remove": ["B1"]}),
                  {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"})
    return [fetch(port, f"/api/kit/download?id={kit['id']}"), fetch(port, f"/api/kit/page?id={kit['id']}&page=1"),
            fetch(port, f"/api/kit/page?id={kit['id']}&page={kit['pages']}"), board.getresponse().read()]


@pytest.fixture(scope="module")
def fresh_server_files():
    """The same files from a studio started afresh in its own process."""
    process = subprocess.Popen([sys.executable, "-m", "modlinseq_print", "studio", "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, text=True)
    try:
        port = int(process.stdout.readline().split()[2].rstrip("/").rsplit(":", 1)[1])
        yield built_files(port)
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.mark.slow  # a second studio in its own process, and four kits
def test_a_cancelled_kit_build_stops_and_the_next_is_as_a_fresh_servers(served, fresh_server_files):
    values = kit_values(served.port, "standard", **{"board.spec": "hex:57", "tiles.copies": "100"})
    stream = Stream(served.port, "/api/kit/build", {"name": "big", "values": values})
    assert "progress" in stream.line()
    busy = [worker.pid for worker in worker_pool().workers if worker.busy]
    assert len(busy) == 1
    stream.close()  # Cancel, or a new build replacing this one
    assert gone(busy[0])
    assert built_files(served.port) == fresh_server_files  # byte for byte


# --- light work: a thread, stopped at its check points -------------------------------------------------------------

def stops_counting(counter: list[int]) -> bool:
    time.sleep(0.3)
    stopped_at = counter[0]
    time.sleep(0.3)
    return counter[0] == stopped_at


def test_light_work_over_its_budget_stops_at_its_next_check_point(served, route):
    counter = [0]
    route(LIGHT, studio_work.counting(counter), budget=0.5)
    start = time.monotonic()
    status, answer = request(served.port, LIGHT, {})
    assert status == 503 and "stopped this request after 0.5 s" in answer["error"]
    assert time.monotonic() - start < 3
    assert counter[0] > 0 and stops_counting(counter)
    assert request(served.port, "/api/board/preview", {"board": "hex:1"})[0] == 200  # the thread is free again


def test_light_work_whose_client_goes_away_stops(served, route):
    counter = [0]
    route(LIGHT, studio_work.counting(counter), budget=60)
    body = b"{}"
    with socket.create_connection(("127.0.0.1", served.port)) as sock:
        sock.sendall(post_head(served.port, LIGHT, f"Content-Length: {len(body)}\r\n") + body)
        time.sleep(0.5)
        assert counter[0] > 0
    assert stops_counting(counter)


def test_a_streamed_light_request_reports_progress_and_stops_when_cancelled(served, route):
    counter = [0]
    route(LIGHT, studio_work.reporting(counter))
    stream = Stream(served.port, LIGHT, {})
    steps = [stream.line() for _ in range(3)]
    assert steps[0] == {"progress": "step 1", "done": 1, "total": 1000}
    stream.close()
    assert stops_counting(counter)


def test_a_streamed_request_sends_every_report_before_its_answer(served, route):
    """A handler that reports in a burst and ends at once: no report is lost behind the answer, the last one
    included (the designer's download shows "drawn N of N" from it)."""
    def burst(request):
        for step in range(1, 301):
            request.progress(f"step {step}", step, 300)
        return {"ok": True}

    route(LIGHT, burst)
    for _ in range(5):
        stream = Stream(served.port, LIGHT, {})
        lines = [stream.line() for _ in range(301)]
        stream.close()
        assert [line["done"] for line in lines[:-1]] == list(range(1, 301)) and lines[-1] == {"result": {"ok": True}}


def hold_threads(served, route, count: int):
    """`count` requests to a light route that block until the returned event is set, once they are in."""
    release = threading.Event()

    def blocking(request):
        while not release.wait(0.02):
            request.check()
        return {}

    route("/api/board/pages", blocking, budget=30)
    threads = [threading.Thread(target=request, args=(served.port, "/api/board/pages", {})) for _ in range(count)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10
    while served.app.state.light.jobs.count < count and time.monotonic() < deadline:  # every one of them is in
        time.sleep(0.02)
    time.sleep(0.1)
    return release, threads


def answered(port: int, path: str, body: dict) -> tuple[int, dict, dict, float]:
    """A request's status, JSON answer, headers and seconds taken."""
    start = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    connection.request("POST", path, json.dumps(body),
                       {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"})
    response = connection.getresponse()
    answer = json.loads(response.read())
    connection.close()
    return response.status, answer, {k.lower(): v for k, v in response.getheaders()}, time.monotonic() - start


def test_a_request_that_cannot_start_soon_is_refused_at_once_as_busy(served, route):
    """Every light thread taken and LIGHT_QUEUE jobs waiting: one more is told to try again, at once, and never
    runs; it is not told to ask for less."""
    from modlinseq_print.studio.jobs import LIGHT_QUEUE

    ran = []
    route(LIGHT, lambda request: ran.append(1) or {}, budget=30)
    release, threads = hold_threads(served, route, LIGHT_WORKERS + LIGHT_QUEUE)
    try:
        status, answer, headers, seconds = answered(served.port, LIGHT, {})
    finally:
        release.set()
        for thread in threads:
            thread.join(10)
    assert status == 503 and seconds < 1, (status, seconds)
    assert answer["error"] == "the studio is busy with other requests: try again in a few seconds"
    assert int(headers["retry-after"]) > 0
    time.sleep(0.2)
    assert ran == []
    assert request(served.port, LIGHT, {})[0] == 200  # the queue is free again


def test_a_picture_a_page_shows_waits_its_turn_and_is_never_refused(served, route, monkeypatch):
    """The kit's page pictures are image elements, which cannot try again: with every thread taken and the
    queue full they wait and are answered (a refusal is a broken picture and an error in the browser)."""
    from modlinseq_print.studio.jobs import LIGHT_QUEUE

    app = served.app
    assert "/api/kit/page" in app.patient
    monkeypatch.setattr(app, "patient", app.patient | {LIGHT})
    ran = []
    route(LIGHT, lambda request: ran.append(1) or {}, budget=30)
    release, threads = hold_threads(served, route, LIGHT_WORKERS + LIGHT_QUEUE)
    answers = []
    waiting = threading.Thread(target=lambda: answers.append(answered(served.port, LIGHT, {})))
    waiting.start()
    time.sleep(0.5)
    assert ran == [] and not answers  # still waiting, not refused
    release.set()
    for thread in [*threads, waiting]:
        thread.join(10)
    assert answers[0][0] == 200 and ran == [1]


def test_a_heavy_request_that_cannot_start_soon_is_refused_at_once_as_busy(served, route, monkeypatch):
    monkeypatch.setattr("modlinseq_print.studio.jobs.QUEUE_LIMIT", 0)
    route(HEAVY, studio_work.spin, budget=60)
    streams = [Stream(served.port, HEAVY, {}) for _ in range(worker_pool().size)]
    try:
        for stream in streams:
            assert "progress" in stream.line()  # every worker busy
        extra = Stream(served.port, HEAVY, {})  # waits for a worker: the queue is now full
        time.sleep(0.3)
        status, answer, headers, seconds = answered(served.port, HEAVY, {})
        extra.close()
    finally:
        for stream in streams:
            stream.close()
    assert status == 503 and seconds < 1 and "busy" in answer["error"] and "retry-after" in headers


def test_light_work_that_waits_too_long_for_a_thread_is_busy_and_never_starts(served, route, monkeypatch):
    monkeypatch.setattr("modlinseq_print.studio.jobs.QUEUE_WAIT", 0.5)
    ran = []
    route(LIGHT, lambda request: ran.append(1) or {}, budget=30)
    release, threads = hold_threads(served, route, LIGHT_WORKERS)
    status, answer, headers, seconds = answered(served.port, LIGHT, {})
    release.set()
    for thread in threads:
        thread.join(10)
    assert status == 503 and "busy" in answer["error"] and "retry-after" in headers and seconds < 3
    time.sleep(0.2)
    assert ran == []


def test_the_budget_counts_work_not_the_wait_for_a_thread(served, route):
    """A job of 0.3 s with a budget of 0.5 s is answered though it waited a second for a free thread."""
    def short(request):
        time.sleep(0.3)
        return {"ok": True}

    route(LIGHT, short, budget=0.5)
    release, threads = hold_threads(served, route, LIGHT_WORKERS)
    threading.Timer(1.0, release.set).start()
    status, answer, _, seconds = answered(served.port, LIGHT, {})
    for thread in threads:
        thread.join(10)
    assert (status, answer) == (200, {"ok": True}) and seconds > 1
