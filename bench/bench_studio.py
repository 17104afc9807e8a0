"""Benchmark the studio: the board designer at hex:9, hex:30 and hex:57 (server time, and in the browser the time
to the updated page), the position check with wild tiles at modulus 13, 1,000 and 10,000, the time to start a
heavy job (fresh, and just after a cancelled build), and the peak memory of the server and its worker processes
while it builds the largest kit it accepts.

Server times are requests to the application in-process (no network), the median of several runs after a
warm-up. Browser times need Playwright and /usr/bin/chromium (else they are left out): a real server, a headless
chromium, times read in the page (performance.now()). Targets (the issue's): the designer at hex:57, first
preview <= 1 s, a cell click <= 150 ms to the updated preview, hover with no request; one wild tile at modulus
10,000 <= 50 ms and 60 wild tiles <= 1 s of server time. `--strict` exits 1 when a target is missed.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
from functools import cache
from pathlib import Path


from _bench import SMALLEST, sized, smallest

from modlinseq_print.geometry.addresses import address_of
from modlinseq_print.geometry.hexgrid import hexagon, ring

RUNS = sized(5, 1)
CHROMIUM = "/usr/bin/chromium"


@cache
def client():
    """The application in-process (made on first use: worker processes may import this file)."""
    from starlette.testclient import TestClient

    from modlinseq_print.studio.app import StudioApp

    return TestClient(StudioApp("127.0.0.1", 8000), base_url="http://127.0.0.1:8000")


def post(path: str, body: dict) -> tuple[float, int, dict]:
    """One POST to the app: its time in ms, the size of the answer, and the answer."""
    start = time.perf_counter()
    response = client().post(path, json=body)
    elapsed = (time.perf_counter() - start) * 1000
    data = response.json()
    return elapsed, len(response.content), data if response.status_code == 200 else {"error": data.get("error")}


def median_ms(work) -> float:
    """The median time of RUNS calls of work() (after a warm-up) in ms."""
    work()
    return statistics.median(work() for _ in range(RUNS))


def designer_server(rows: list) -> None:
    for order in smallest((9, 30, 57)):
        spec = f"hex:{order}"
        edits = iter(address_of(cell) for cell in ring(order))  # a new cell removed each run: no cache helps
        screen = {"board": spec, "screen_width": 950}  # as the page asks at 1280 px wide
        preview = median_ms(lambda screen=screen, edits=edits: post("/api/board/preview",
                                                                     {**screen, "remove": [next(edits)]})[0])
        size = post("/api/board/preview", screen)[1]
        pages = median_ms(lambda spec=spec, edits=edits: post("/api/board/pages",
                                                               {"board": spec, "remove": [next(edits)]})[0])
        rows.append((f"designer {spec}: preview (server)", preview, None, f"{size / 1024:.0f} KB answer"))
        rows.append((f"designer {spec}: page split (server)", pages, None, ""))


def wild_transcript(modulus: int, wilds: int) -> tuple[str, str]:
    """A position on a board big enough: lines of tiles k, k+1, ... with every other tile wild (# ), `wilds` of them."""
    if wilds == 1:
        return "hex:4", "1B2, 2B1, #A0, 4M1"
    cells = sorted(hexagon(9), key=lambda c: (c.r, c.q))[: 2 * wilds]
    tiles = [("#" if i % 2 else str((c.q + 2 * c.r) % modulus)) + address_of(c) for i, c in enumerate(cells)]
    return "hex:9", ", ".join(tiles)


def wild_tiles(rows: list) -> None:
    for wilds, target in ((1, 50), (60, 1000)):
        for modulus in (13, 1000, 10_000):
            board, transcript = wild_transcript(modulus, wilds)
            body = {"board": board, "modulus": modulus, "transcript": transcript}
            ms, _, data = post("/api/position/check", body)
            if "error" in data:
                rows.append((f"check {wilds} wild at modulus {modulus:,}", ms, target, data["error"][:60]))
                continue
            ms = min(ms, median_ms(lambda body=body: post("/api/position/check", body)[0])) if ms < 2000 else ms
            rows.append((f"check {wilds} wild at modulus {modulus:,}", ms, target if modulus == 10_000 else None,
                         "legal" if data["report"]["legal"] else "illegal"))


def largest_kit() -> dict:
    """The standard kit on hex:57 with as many tiles as the studio's caps let through (the most cells, about the
    most pages and pieces)."""
    values = client().get("/api/kit/preset?name=standard").json()["values"]
    values["board.spec"] = "hex:57"
    for copies in range(240, 0, -2):
        values["tiles.copies"] = copies
        if client().post("/api/kit/validate", json={"values": values}).json().get("ok"):
            return values
    raise SystemExit("no hex:57 kit passes the caps")


def served() -> tuple[subprocess.Popen, int]:
    """The studio command in its own process (its memory is its own and its workers'), and its port."""
    process = subprocess.Popen([sys.executable, "-m", "modlinseq_print", "studio", "--port", "0", "--no-browser"],
                               stdout=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    return process, int(line.split()[2].rstrip("/").rsplit(":", 1)[1])


def call(port: int, path: str, body: dict) -> tuple[float, bytes]:
    """One POST over HTTP: its time in ms and the answer's bytes."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    start = time.perf_counter()
    connection.request("POST", path, json.dumps(body), {"Host": f"127.0.0.1:{port}",
                                                        "Content-Type": "application/json"})
    data = connection.getresponse().read()
    elapsed = (time.perf_counter() - start) * 1000
    connection.close()
    return elapsed, data


def family(pid: int) -> list[int]:
    """The process and all its descendants (the studio's fork server and worker processes)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += [child for child, parent in parents.items() if parent == found[-1]]
    return found


def memory_kb(pid: int) -> tuple[int, int]:
    """The resident memory of a process family in KB: the sum of RSS (shared pages counted in each process) and of
    PSS (shared pages divided among the processes sharing them)."""
    rss = pss = 0
    for member in family(pid):
        try:
            lines = Path(f"/proc/{member}/smaps_rollup").read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            if line.startswith("Rss:"):
                rss += int(line.split()[1])
            elif line.startswith("Pss:"):
                pss += int(line.split()[1])
    return rss, pss


class Peak(threading.Thread):
    """Samples a process family's memory every 20 ms until stopped; keeps the peaks."""

    def __init__(self, pid: int):
        super().__init__(daemon=True)
        self.pid, self.rss, self.pss, self.running = pid, 0, 0, True

    def run(self) -> None:
        while self.running:
            rss, pss = memory_kb(self.pid)
            self.rss, self.pss = max(self.rss, rss), max(self.pss, pss)
            time.sleep(0.02)

    def stop(self) -> "Peak":
        self.running = False
        self.join()
        return self


def cancelled_build(port: int, values: dict) -> None:
    """Start a streamed kit build, and cancel it (close the connection) at its first progress line."""
    data = json.dumps({"name": "largest", "values": values}).encode()
    with socket.create_connection(("127.0.0.1", port), timeout=600) as sock:
        sock.sendall(b"POST /api/kit/build HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Type: application/json\r\n"
                     b"Accept: application/x-ndjson\r\nContent-Length: %d\r\n\r\n%s" % (port, len(data), data))
        received = b""
        while b'"progress"' not in received:
            received += sock.recv(4096)


SMALL_JOB = ("/api/board/download?format=svg", {"board": "hex:1"})  # a heavy route with next to no work


def job_start(rows: list, port: int, values: dict) -> None:
    """The time to start a heavy job: the smallest heavy request (about 2 ms of work), idle and right after a
    cancelled build; a light request of the same size beside it."""
    light = median_ms(lambda: call(port, "/api/board/preview", {"board": "hex:1"})[0])
    heavy = median_ms(lambda: call(port, *SMALL_JOB)[0])
    after = []
    for _ in range(RUNS):
        time.sleep(1)  # the workers are all idle and in place
        cancelled_build(port, values)
        after.append(call(port, *SMALL_JOB)[0])
    rows.append(("job start: smallest light request (hex:1 preview)", light, None, "round trip over HTTP"))
    rows.append(("job start: smallest heavy request (hex:1 SVG download)", heavy, None, "round trip over HTTP"))
    rows.append(("job start: the same just after a cancelled build", statistics.median(after), None,
                 "the build stopped, its worker replaced"))


def worker_start(rows: list) -> None:
    """How long the worker processes take to start: the pool from nothing (the fork server loads and warms the
    renderers), and one worker replacing a killed one (a fork of the warm fork server)."""
    try:
        from modlinseq_print.studio.workers import WorkerPool
    except ImportError:  # a studio without worker processes
        return
    pool = WorkerPool()
    start = time.perf_counter()
    pool.start()
    while len(pool.workers) < pool.size:
        time.sleep(0.005)
    first = (time.perf_counter() - start) * 1000
    replaced = []
    for _ in range(RUNS):
        before = {worker.pid for worker in pool.workers}
        start = time.perf_counter()
        next(iter(pool.workers)).kill()
        while {worker.pid for worker in pool.workers} == before or len(pool.workers) < pool.size:
            time.sleep(0.002)
        replaced.append((time.perf_counter() - start) * 1000)
    pool.close()
    rows.append(("workers: the pool started from nothing", first, None, "the fork server loads and warms up"))
    rows.append(("workers: a killed worker replaced", statistics.median(replaced), None, "forked, ready for a job"))


def kit_memory(rows: list) -> None:
    values = largest_kit()
    process, port = served()
    try:
        time.sleep(5)  # the workers start warm in the background
        idle = memory_kb(process.pid)
        peak = Peak(process.pid)
        peak.start()
        seconds, data = call(port, "/api/kit/build", {"name": "largest", "values": values})
        peak.stop()
        result = json.loads(data)
        processes = len(family(process.pid))
        job_start(rows, port, values)
    finally:
        process.terminate()
        process.wait(timeout=30)
    what = (f"hex:57, {values['tiles.copies']} copies of 13 values: {result.get('pages')} pages, "
            f"{result.get('bytes', 0) // 1024} KB PDF")
    rows.append(("largest kit: build (server)", seconds, None, what))
    rows.append((f"largest kit: memory of {processes} processes, idle / peak", None, None,
                 f"RSS {idle[0] / 1024:.0f} MB / {peak.rss / 1024:.0f} MB, "
                 f"PSS {idle[1] / 1024:.0f} MB / {peak.pss / 1024:.0f} MB"))


def designer_browser(rows: list) -> None:
    """In chromium: first preview, a cell click to the updated page, a hover, a click to the server's redraw."""
    from playwright.sync_api import sync_playwright

    from modlinseq_print.studio.server import StudioServer

    server = StudioServer("127.0.0.1", 0).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            for order in (9, 30, 57):
                page.goto(f"http://127.0.0.1:{server.port}/board?board=hex:{order}")
                page.wait_for_function("() => document.body.dataset.busy === '0' && document.body.dataset.drawnAt",
                                       timeout=60_000)
                first = float(page.evaluate("document.body.dataset.drawnAt"))
                timings = page.evaluate(CLICK_AND_HOVER, address_of(next(iter(ring(order // 2)))))
                rows.append((f"designer hex:{order}: first preview drawn (browser)", first,
                             1000 if order == 57 else None, "from navigation to the board image shown"))
                rows.append((f"designer hex:{order}: cell click to updated page", timings["click"],
                             150 if order == 57 else None, "the cell shown removed and counted, painted"))
                rows.append((f"designer hex:{order}: hover to label", timings["hover"], None,
                             f"painted; {timings['requests']} requests"))
                rows.append((f"designer hex:{order}: click to server redraw", timings["redraw"], None,
                             "the server's new drawing shown"))
            browser.close()
    finally:
        server.stop()


CLICK_AND_HOVER = """async (address) => {
    const [x, y] = view.cells.get(address);
    const p = new DOMPoint(x, y).matrixTransform(view.svg.getScreenCTM());
    const at = (type) => new PointerEvent(type, {clientX: p.x, clientY: p.y, bubbles: true, pointerType: 'mouse'});
    const painted = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    await painted();
    let requests = 0;
    const fetch0 = window.fetch; window.fetch = (...a) => { requests++; return fetch0(...a); };
    let t0 = performance.now();
    view.svg.dispatchEvent(at('pointermove'));
    await painted();
    const hover = performance.now() - t0;
    const hoverRequests = requests;
    await painted();
    t0 = performance.now();
    view.svg.dispatchEvent(at('pointerdown'));
    window.dispatchEvent(at('pointerup'));
    await painted();
    const click = performance.now() - t0;
    const shown = document.querySelector(`#marks polygon[data-address="${address}"]`) !== null || !isOn(address);
    while (document.body.dataset.busy !== '0' || document.querySelector('#marks polygon')) await painted();
    const redraw = performance.now() - t0;
    window.fetch = fetch0;
    return {hover, click: shown ? click : NaN, redraw, requests: hoverRequests};
}"""


class Rows(list):
    """The figures, each printed as soon as it is measured."""

    failed = False

    def append(self, row) -> None:
        super().append(row)
        name, ms, target, note = row
        verdict = "" if target is None or ms is None else ("ok" if ms <= target else "SLOW")
        self.failed |= verdict == "SLOW"
        goal = f"<= {target} ms" if target else ""
        shown = f"{ms / 1000:8.3f} s" if ms is not None else " " * 10
        print(f"{name:55} {shown}  {goal:11} {verdict:4} {note}", flush=True)


def main() -> int:
    rows = Rows()
    designer_server(rows)
    if SMALLEST:  # the designer at hex:9 only
        return 0
    wild_tiles(rows)
    kit_memory(rows)
    worker_start(rows)
    if os.access(CHROMIUM, os.X_OK):
        try:
            designer_browser(rows)
        except ImportError:
            print("Playwright is not installed: the browser figures are left out")
    return 1 if rows.failed and "--strict" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
