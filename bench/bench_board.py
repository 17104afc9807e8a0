"""Benchmark: pages of paginated boards, and `board --paper poster` as PDF and SVG (seconds, peak memory, bytes).

Pages: the table of bench_pages.py (pages per board and paper beside the area bound and the planner
before). `--pages` prints only this table.

Poster: each case runs in a fresh process. `build+write` times drawing the board and serialising it
inside the process; `command` is the whole `modlinseq-print board` run, Python start-up and imports
included. Targets for hex:100 (30,301 labelled cells): PDF at most 1 s and 200 KB, SVG at most 1.5 MB.
"""

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import smallest

ORDERS = smallest((9, 18, 50, 100))
FORMATS = ("pdf", "svg")
ROOT = Path(__file__).resolve().parent.parent


def pages_table() -> None:
    """The table of pages per board and paper: see bench_pages.py."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_pages import pages_table as table

    table()


def one(order: int, fmt: str, path: str) -> None:
    """In this process: build the poster document, write it, print seconds, peak RSS (MB) and bytes."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle, board_scene
    from modlinseq_print.render.output import write_output
    from modlinseq_print.render.pagination_pages import poster_document

    start = time.perf_counter()
    drawing = board_scene(parse_board(f"hex:{order}"), BoardStyle(pattern="bonus"))
    document = poster_document(drawing.scene, 10.0, f"hex:{order}")
    written = write_output(document, path, fmt)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{seconds:.3f} {peak:.1f} {written[0].stat().st_size}")


def case(order: int, fmt: str, folder: Path) -> str:
    """One row of the table."""
    inner = subprocess.run([sys.executable, __file__, "--one", str(order), fmt, str(folder / f"in.{fmt}")],
                           capture_output=True, text=True, check=True).stdout.split()
    argv = [sys.executable, "-m", "modlinseq_print", "board", "--board", f"hex:{order}", "--pattern", "bonus",
            "--paper", "poster", "-o", str(folder / f"cli.{fmt}")]
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    command = time.perf_counter() - start
    seconds, peak, size = float(inner[0]), float(inner[1]), int(inner[2])
    cells = 3 * order * (order + 1) + 1
    return (f"hex:{order:<4} {fmt}  {cells:>6} cells  build+write {seconds:6.3f} s  command {command:6.3f} s  "
            f"peak {peak:6.1f} MB  {size:>10,} bytes")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--one":
        one(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    else:
        pages_table()
        if "--pages" in sys.argv:
            sys.exit(0)
        with tempfile.TemporaryDirectory() as tmp:
            for order in ORDERS:
                for fmt in FORMATS:
                    print(case(order, fmt, Path(tmp)), flush=True)
