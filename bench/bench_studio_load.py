"""Load on the studio: 50 board designers asking for a hex:57 preview at the same moment, on the studio
command in its own process (a real server over HTTP).

Every request must be answered 200, or refused at once with 503 and Retry-After ("the studio is busy: try
again"); none may wait for its time budget to run out and then be told to ask for less. Prints the counts and
the latencies of each kind of answer, then has the refused clients try again as Retry-After says (how long
until all 50 are served), and the memory of the studio's processes: fresh and idle, at the peak of the load,
and idle after it. `--strict` exits 1 when an answer is neither. `--smallest`: 6 requests for hex:3.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import threading
import time

from _bench import SMALLEST, sized
from bench_studio import Peak, family, memory_kb, served

CLIENTS = sized(50, 6)
BOARD = "hex:3" if SMALLEST else "hex:57"
SETTLE = sized(1.0, 0.2)  # seconds left for the studio's memory to settle before it is read
IMMEDIATE = 2.0  # seconds: a refusal later than this is not "at once"


def preview(port: int) -> tuple[int, float, str | None, str]:
    """One preview over HTTP: status, seconds, Retry-After, and the error line (if any)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    body = json.dumps({"board": BOARD, "screen_width": 1200})
    start = time.perf_counter()
    connection.request("POST", "/api/board/preview", body, {"Host": f"127.0.0.1:{port}",
                                                            "Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    seconds = time.perf_counter() - start
    connection.close()
    error = json.loads(data).get("error", "") if response.status != 200 else ""
    return response.status, seconds, response.getheader("Retry-After"), error


def at_once(port: int) -> list[tuple[int, float, str | None, str]]:
    """CLIENTS previews started together (each in its own thread, released by one barrier)."""
    answers: list = [None] * CLIENTS
    barrier = threading.Barrier(CLIENTS)

    def one(i: int) -> None:
        barrier.wait()
        answers[i] = preview(port)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def until_served(port: int) -> tuple[float, int]:
    """CLIENTS previews started together, each trying again after Retry-After when refused: the seconds until
    all are served, and the number of tries in all."""
    tries = [0]
    lock = threading.Lock()
    barrier = threading.Barrier(CLIENTS)

    def one() -> None:
        barrier.wait()
        for _ in range(50):
            with lock:
                tries[0] += 1
            status, _, retry, _ = preview(port)
            if status == 200:
                return
            time.sleep(float(retry or 1))
        raise SystemExit("a client was refused fifty times")

    start = time.perf_counter()
    threads = [threading.Thread(target=one) for _ in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start, tries[0]


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    return f"{min(values):.2f} / {statistics.median(values):.2f} / {max(values):.2f} s"


def idle_memory(pid: int, within: float = 20.0) -> tuple[int, int, int]:
    """RSS and PSS (KB) and the count of the studio's processes, once its workers have all started."""
    deadline = time.monotonic() + within
    while len(family(pid)) < 5 and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(SETTLE)
    return (*memory_kb(pid), len(family(pid)))


def main() -> int:
    strict = "--strict" in sys.argv
    process, port = served()
    try:
        fresh = idle_memory(process.pid)
        single = [preview(port)[1] for _ in range(3)]
        peak = Peak(process.pid)
        peak.start()
        answers = at_once(port)
        peak.stop()
        served_in, tries = until_served(port)
        time.sleep(SETTLE)
        after = idle_memory(process.pid)
    finally:
        process.terminate()
        process.wait(timeout=30)
    ok = [s for status, s, _, _ in answers if status == 200]
    busy = [s for status, s, retry, error in answers
            if status == 503 and retry and s <= IMMEDIATE and "busy" in error]
    other = [(status, round(s, 2), error) for status, s, retry, error in answers
             if not (status == 200 or (status == 503 and retry and s <= IMMEDIATE and "busy" in error))]
    print(f"one {BOARD} preview alone: {statistics.median(single):.2f} s (median of 3)")
    print(f"{CLIENTS} {BOARD} previews at once:")
    print(f"  answered 200: {len(ok)}, latency min / median / max {spread(ok)}")
    print(f"  refused at once as busy (503, Retry-After): {len(busy)}, latency {spread(busy)}")
    print(f"  anything else: {len(other)}" + (f" {other[:5]}" if other else ""))
    print(f"  clients trying again after Retry-After: all {CLIENTS} served in {served_in:.1f} s, "
          f"{tries} requests in all")
    print(f"memory of the studio's processes ({fresh[2]}): idle fresh RSS {fresh[0] / 1024:.0f} MB, "
          f"PSS {fresh[1] / 1024:.0f} MB; peak under load RSS {peak.rss / 1024:.0f} MB, PSS {peak.pss / 1024:.0f} MB; "
          f"idle after RSS {after[0] / 1024:.0f} MB, PSS {after[1] / 1024:.0f} MB")
    return 1 if strict and other else 0


if __name__ == "__main__":
    sys.exit(main())
