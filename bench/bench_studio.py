"""Benchmark the studio's server time: board previews (hex:9, hex:30), the page split, a 200-tile position check.

Requests go to the WSGI app in-process (no network), so the times are the server's own work; each figure is
the median of several runs after one warm-up. Targets: preview hex:9 <= 50 ms, hex:30 <= 250 ms; a check of a
200-tile position <= 50 ms.
"""

from __future__ import annotations

import io
import json
import statistics
import sys
import time

from _bench import sized, smallest
from bench_rules import random_legal_position
from modlinseq_print.geometry.addresses import address_of
from modlinseq_print.geometry.hexgrid import ring
from modlinseq_print.rules.position import analyse
from modlinseq_print.studio.server import StudioApp

RUNS = sized(7, 1)
APP = StudioApp("127.0.0.1", 8000)


def call(path: str, body: dict) -> tuple[float, int]:
    """One POST to the app: its time in ms and the size of the answer."""
    raw = json.dumps(body).encode()
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": path, "QUERY_STRING": "", "HTTP_HOST": "127.0.0.1:8000",
               "CONTENT_TYPE": "application/json", "CONTENT_LENGTH": str(len(raw)), "wsgi.input": io.BytesIO(raw)}
    status = []
    start = time.perf_counter()
    size = sum(len(part) for part in APP(environ, lambda s, h: status.append(s)))
    elapsed = (time.perf_counter() - start) * 1000
    if not status[0].startswith("200"):
        raise SystemExit(f"{path} answered {status[0]}")
    return elapsed, size


def median_ms(work) -> float:
    """The median time of RUNS calls of work() (after a warm-up) in ms."""
    work()
    return statistics.median(work() for _ in range(RUNS))


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def main() -> int:
    rows, failed = [], False
    for spec, target in smallest((("hex:9", 50), ("hex:30", 250))):
        body = {"board": spec, "pattern": "bonus", "remove": ["B3", "E2", "H4"]}
        # a new edit each run, so no cache helps: remove one more cell of the outer ring every time
        edits = iter(address_of(cell) for cell in ring(int(spec[4:])))
        ms = median_ms(lambda: call("/api/board/preview", {**body, "remove": body["remove"] + [next(edits)]})[0])
        size = call("/api/board/preview", body)[1]
        rows.append((f"preview {spec}", ms, target, f"{size / 1024:.0f} KB"))
        pages = median_ms(lambda: call("/api/board/pages", {**body, "remove": body["remove"] + [next(edits)]})[0])
        rows.append((f"page split {spec} (planner)", pages, None, ""))
    position = random_legal_position(tiles=sized(200, 20))
    transcript = ", ".join(position.notation(c) for c in position.tiles)
    check = median_ms(lambda: timed(lambda: analyse(position)))
    rows.append((f"check {len(position.tiles)} tiles (judgement)", check, 50, f"{len(position.tiles)} tiles on hex:30"))
    body = {"board": "hex:30", "modulus": position.modulus, "transcript": transcript}
    full, size = call("/api/position/check", body)
    full = median_ms(lambda: call("/api/position/check", body)[0])
    rows.append((f"check {len(position.tiles)} tiles (API, with the diagram)", full, None, f"{size / 1024:.0f} KB"))
    for name, ms, target, note in rows:
        verdict = "" if target is None else ("ok" if ms <= target else "SLOW")
        failed |= verdict == "SLOW"
        goal = f"<= {target} ms" if target else ""
        print(f"{name:42} {ms / 1000:8.3f} s  {goal:10} {verdict:4} {note}")
    return 1 if failed and "--strict" in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
