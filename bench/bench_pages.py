"""Benchmark: pages per board and paper beside the area bound, and the time and memory of paginated output.

Pages: for each board and paper with the `board` command's defaults (6 mm margin, 10 mm overlap, auto
orientation), the pages the planner takes and how they are turned (P portrait, L landscape, M rows of
either; "cut": blocks between straight cuts rather than rows); `bound` is the fewest pages the cells' area
allows (their area over one page's board area, rounded up); `before` is the planner this one replaced
(commit 4bb16ce, 10 mm margins and a 12 mm footer), read from git when the repository has it. The least
share of a page's printable area in cells is the 20 % rule's measure. `--pages` prints only this table
(the one in the README).

Speed: `board --board hex:100` on A4 against the poster of the same board, each a fresh process, CPU
seconds (user + system, so other work on the machine matters less) and peak memory; target: A4 at most
twice the poster. SVG: `board --board hex:90 --paper a4` as SVG, one file per page.
"""

import importlib.util
import math
import subprocess
import sys
import tempfile
from pathlib import Path

from _bench import sized, smallest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
BOARDS = smallest(tuple(f"hex:{n}" for n in range(4, 21)) + ("tess:3", "tess:4", "rect:13x11"))
PAPERS = ("a4", "letter")
LARGE = sized(100, 14)  # the board of the speed figures (and a board 10 smaller for the SVG pages)
BEFORE = "4bb16ce"  # the last commit with the planner of rows of one orientation and 10 mm margins


def _module(name: str, path: str):
    """A module from a file at BEFORE, registered under `name`, or None when git or the commit is missing."""
    try:
        source = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:{path}"], capture_output=True,
                                text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    sys.modules[name] = module  # dataclasses and the old tiling module look their modules up here
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)
    return module


def before_planner():
    """The old planner's best_plan, or None."""
    if _module("modlinseq_print.render.tile_rows", "modlinseq_print/render/tile_rows.py") is None:
        return None
    old = _module("tiling_before", "modlinseq_print/render/tiling.py")
    return old.best_plan if old else None


def area_bound(drawing, sheet) -> int:
    """The fewest pages the cells' area allows on this sheet."""
    from modlinseq_print.render.pagination import window_size

    cell = drawing.corners(drawing.cells()[0])
    area = abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(cell, cell[1:] + cell[:1]))) / 2
    width, height = window_size(sheet)
    return math.ceil(area * len(drawing.cells()) / (width * height) - 1e-9)


def pages_table() -> None:
    """Print the table of pages per board, A4 and Letter side by side (Markdown, as in the README)."""
    from pagination_helpers import content_share, plan_for

    from modlinseq_print.render.paper import make_sheet

    old = before_planner()
    print("| board | A4 pages | A4 bound | A4 before | A4 least share | Letter pages | Letter bound | Letter before "
          "| Letter least share |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for spec in BOARDS:
        cells = []
        for paper in PAPERS:
            drawing, plan = plan_for(spec, paper)
            turned = ("M" if plan.mixed else "L" if plan.sheet.landscape else "P") + (" cut" if plan.cut else "")
            previous = "-"
            if old:
                previous = len(old(drawing.scene.width, drawing.scene.height, make_sheet(paper), "auto",
                                   keep_whole=drawing.cell_boxes(), content=drawing.content_boxes()).pages)
            share = min(content_share(drawing, plan, page) for page in plan.pages)
            cells += [f"{len(plan.pages)} {turned}", str(area_bound(drawing, plan.sheet)), str(previous),
                      f"{share:.0%}"]
        print(f"| {spec} | " + " | ".join(cells) + " |", flush=True)


MEASURE = """import resource, runpy, sys
sys.argv = ["modlinseq-print"] + sys.argv[1:]
try:
    runpy.run_module("modlinseq_print", run_name="__main__")
except SystemExit as stop:
    assert not stop.code, stop.code
usage = resource.getrusage(resource.RUSAGE_SELF)
print(usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, file=sys.stderr)
"""


def run(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (imports included) and peak memory (MB) of one command in a fresh process."""
    done = subprocess.run([sys.executable, "-c", MEASURE, *argv], capture_output=True, text=True, check=True)
    cpu, peak = done.stderr.split()[-2:]
    return float(cpu), float(peak)


def speed() -> None:
    """Print the hex:100 A4-against-poster comparison and the hex:90 A4 SVG."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, paper, out in (("poster", "poster", "p.pdf"), ("a4", "a4", "a.pdf")):
            cpu, peak = min(run(["board", "--board", f"hex:{LARGE}", "--paper", paper, "-o", f"{tmp}/{out}"])
                            for _ in range(sized(3, 1)))
            print(f"hex:{LARGE} {name:<6} pdf: {cpu:6.2f} s CPU (best of 3), peak {peak:6.1f} MB", flush=True)
        cpu, peak = run(["board", "--board", f"hex:{LARGE - 10}", "--paper", "a4", "-o", f"{tmp}/svg/b.svg"])
        files = list(Path(tmp, "svg").iterdir())
        size = sum(f.stat().st_size for f in files)
        print(f"hex:{LARGE - 10}  a4 svg: {cpu:6.2f} s CPU, peak {peak:6.1f} MB, {len(files)} files, {size:,} bytes")


if __name__ == "__main__":
    pages_table()
    if "--pages" not in sys.argv:
        speed()
