"""Benchmark: pages of tiled boards, and `board --paper poster` as PDF and SVG (seconds, peak memory, bytes).

Pages: for each board and paper, the pages the tiling planner needs with 'auto' orientation (and which
it took), for portrait and for landscape, and the seconds the 'auto' plan took; `before` is the same
from the planner at commit 36a3332 (one set of columns for every row, greedy row splits), read from git
when the repository has it. `--pages` prints only this table.

Poster: each case runs in a fresh process. `build+write` times drawing the board and serialising it
inside the process; `command` is the whole `modlinseq-print board` run, Python start-up and imports
included. Targets for hex:100 (30,301 labelled cells): PDF at most 1 s and 200 KB, SVG at most 1.5 MB.
"""

import importlib.util
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ORDERS = (9, 18, 50, 100)
FORMATS = ("pdf", "svg")
TILED = ("hex:6", "hex:9", "hex:12", "hex:18", "tess:3", "tess:4", "rect:13x11")
PAPERS = ("a4", "letter")
BASELINE = "36a3332"  # the last commit with the grid-only planner
ROOT = Path(__file__).resolve().parent.parent


def baseline_tiling():
    """The tiling module as it was at BASELINE, or None when git or the commit is not at hand."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{BASELINE}:modlinseq_print/render/tiling.py"],
                                capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    spec = importlib.util.spec_from_loader("tiling_before", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules["tiling_before"] = module  # dataclasses look their module up here
    exec(compile(source, "tiling_before.py", "exec"), module.__dict__)
    return module


def page_counts(tiling, drawing, paper: str):
    """'7 L   8   7': pages for auto (with the orientation taken), portrait and landscape; the auto plan; its seconds."""
    from modlinseq_print.render.paper import make_sheet

    options = dict(keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(), avoid=drawing.label_boxes())
    size = drawing.scene.width, drawing.scene.height
    start = time.perf_counter()
    auto = tiling.best_plan(*size, make_sheet(paper), "auto", **options)
    seconds = time.perf_counter() - start
    fixed = [len(tiling.best_plan(*size, make_sheet(paper), o, **options).pages) for o in ("portrait", "landscape")]
    text = f"{len(auto.pages):>3} {'L' if auto.sheet.landscape else 'P'} {fixed[0]:>3} {fixed[1]:>3}"
    return text, auto, seconds


def pages_table() -> None:
    """Print the pages table: before and after, for auto (and the orientation it took), portrait, landscape."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import board_scene
    from modlinseq_print.render import tiling

    before = baseline_tiling()
    print(f"{'board':<11} {'paper':<7} {'before: auto P L':>17} {'after: auto P L':>17}  after: plan taken, seconds")
    for spec in TILED:
        drawing = board_scene(parse_board(spec))
        for paper in PAPERS:
            old = page_counts(before, drawing, paper)[0] if before else "(no git)"
            new, plan, seconds = page_counts(tiling, drawing, paper)
            print(f"{spec:<11} {paper:<7} {old:>17} {new:>17}  {plan.arrangement}, {seconds:.2f} s", flush=True)


def one(order: int, fmt: str, path: str) -> None:
    """In this process: build the poster document, write it, print seconds, peak RSS (MB) and bytes."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle, board_scene
    from modlinseq_print.render.output import write_output
    from modlinseq_print.render.tiling import poster_document

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
