"""Benchmark: start-up and whole-process CPU, each run a fresh process, best of 5 (user + system CPU).

- the interpreter alone (`python -c pass`), `modlinseq-print --help` and `modlinseq-print board --help`;
- the hex:100 poster PDF (`board --board hex:100 --pattern bonus --paper poster`) as a whole process, against
  a whole process that writes the same picture by bench_writers.py's hand-written bound (a minimal reportlab
  canvas loop; its imports included). Goal: the command at most 1.5x the bound.

    python bench/bench_startup.py          (`--bound FILE` runs the bound's process alone)
"""

import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

from _bench import sized

HERE = Path(__file__).resolve().parent
RUNS = sized(5, 1)


def cpu_seconds(argv: list[str]) -> float:
    """User plus system CPU time of one run of argv in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(argv: list[str]) -> float:
    """The least CPU time of RUNS runs."""
    return min(cpu_seconds(argv) for _ in range(RUNS))


def write_bound(path: str, order: int = 100) -> None:
    """The bound's whole process: parse the board, compute its plain picture, write the PDF."""
    sys.path.insert(0, str(HERE))
    from bench_writers import PlainBoard, pdf_bound

    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.printables.board import BoardStyle

    Path(path).write_bytes(pdf_bound(PlainBoard(parse_board(f"hex:{order}"), BoardStyle(pattern="bonus"))))


def main() -> None:
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        rows = [("python -c pass", [python, "-c", "pass"]),
                ("modlinseq-print --help", [python, "-m", "modlinseq_print", "--help"]),
                ("modlinseq-print board --help", [python, "-m", "modlinseq_print", "board", "--help"]),
                ("hex:100 poster PDF, the bound", [python, __file__, "--bound", os.path.join(folder, "bound.pdf")]),
                ("hex:100 poster PDF, the command", [python, "-m", "modlinseq_print", "board", "--board", "hex:100",
                                                     "--pattern", "bonus", "--paper", "poster", "-o",
                                                     os.path.join(folder, "poster.pdf")])]
        times = {name: best(argv) for name, argv in rows}
    bare, bound = times["python -c pass"], times["hex:100 poster PDF, the bound"]
    for name, seconds in times.items():
        print(f"{name:34s} {seconds * 1000:7.1f} ms CPU  {seconds / bare:5.1f}x the interpreter")
    print(f"the poster command / the bound: {times['hex:100 poster PDF, the command'] / bound:.2f}x (goal <= 1.5x)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--bound"]:
        write_bound(sys.argv[2])
    else:
        main()
