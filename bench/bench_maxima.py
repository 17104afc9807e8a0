"""Benchmark: time and peak memory of the commands at each documented maximum (docs/limits-of-inputs.md).

Each case runs the real command in a fresh process; the figures are the wall-clock seconds, the CPU seconds
(user + system) and the peak resident memory of that process alone (os.wait4's rusage). The maxima live in
geometry/boards.py (boards), printables/board_pages.py (pages), rules/exercises.py (problems) and
render/paper.py (paper and bed sides), printables/tiles.py (pieces). `python bench/bench_maxima.py [WORD]` runs the
cases whose command line holds WORD.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import SMALLEST

CASES = [
    ["describe", "--board", "hex:150"],
    ["describe", "--board", "hex:150", "--json"],
    ["describe", "--board", "tess:55"],
    ["describe", "--board", "tess:55", "--json"],
    ["describe", "--board", "rect:250x250", "--json"],
    ["describe", "--board", "square:250x250", "--json"],
    ["describe", "--board", "file:hex150.txt", "--json"],
    ["board", "--board", "hex:150", "--paper", "poster", "-o", "poster.pdf"],
    ["board", "--board", "hex:150", "--paper", "poster", "-o", "poster.svg"],
    ["board", "--board", "tess:55", "--paper", "poster", "-o", "tess.pdf"],
    ["board", "--board", "rect:250x250", "--paper", "poster", "-o", "rect.pdf"],
    ["board", "--board", "hex:150", "--paper", "a4", "-o", "a4.pdf"],
    ["board", "--board", "hex:150", "--paper", "a4", "-o", "a4.svg"],
    ["board", "--board", "tess:55", "--paper", "a4", "-o", "tess-a4.pdf"],
    ["board", "--board", "hex:150", "--paper", "a5", "-o", "refused.pdf"],  # refused before drawing
    ["board", "--board", "hex:150", "--paper", "170x240mm", "-o", "refused.pdf"],  # refused after planning
    ["tiles", "--bed", "5000x5000mm", "--cut-file", "cut.dxf", "-o", "tiles.pdf"],
    ["tiles", "--modulus", "2", "--copies", "50000", "-o", "many.pdf"],  # 100,000 pieces, the most per run
    ["kit", "dotted-key.toml", "-o", "refused.pdf"],  # a preset of one key of 131,068 parts, at the size limit
    ["worksheet", "-n", "500", "-o", "worksheet.pdf"],
]


def board_file(folder: Path) -> None:
    """hex150.txt: a board file listing every cell of hex:150, the most cells a file board may have."""
    from modlinseq_print.geometry.addresses import address_of
    from modlinseq_print.geometry.hexgrid import hexagon

    (folder / "hex150.txt").write_text(" ".join(address_of(c) for c in hexagon(150)) + "\n")


def dotted_key_preset(folder: Path) -> None:
    """dotted-key.toml: a preset at the size limit holding one dotted key of as many parts as fit."""
    from modlinseq_print.inputs import PRESET_LIMIT

    (folder / "dotted-key.toml").write_text(".".join(["a"] * ((PRESET_LIMIT - 8) // 2)) + " = 1\n")


def measure(argv: list[str], folder: Path) -> tuple[float, float, float, int, str]:
    """Wall seconds, CPU seconds, peak MB, exit status and the start of the output of one run."""
    with open(folder / "out.txt", "wb") as out:
        start = time.perf_counter()
        child = subprocess.Popen([sys.executable, "-m", "modlinseq_print", *argv], cwd=folder, stdout=out,
                                 stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
    with open(folder / "out.txt", "rb") as out:
        first = out.read(200).decode("utf-8", "replace").splitlines()
    return (wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, os.waitstatus_to_exitcode(status),
            first[0][:60] if first else "")


def main(word: str = "") -> None:
    """Run the cases and print one line each."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        board_file(folder)
        dotted_key_preset(folder)
        print(f"{'command':<62} {'wall s':>7} {'CPU s':>7} {'peak MB':>8}  exit  output")
        for argv in CASES[-1:] if SMALLEST else CASES:  # the worksheet of 500 problems is the quickest
            line = " ".join(argv)
            if word in line:
                wall, cpu, peak, status, first = measure(argv, folder)
                print(f"{line:<62} {wall:7.2f} {cpu:7.2f} {peak:8.1f}  {status:>4}  {first}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "")
