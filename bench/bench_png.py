"""Benchmark: PNG (and SVG) pages of boards and kits: seconds, peak memory, bytes and pages per command.

Each case is one `modlinseq-print` run in a fresh process (Python start-up and imports included), timed
from outside; its peak memory is the child's largest resident set. A case that fails prints its one-line
error instead of figures.

    python bench/bench_png.py                 # this checkout
    python bench/bench_png.py --root DIR      # the code in DIR (e.g. an older commit unpacked there)

The first case is the one reported slow: a tiled hex:9 board as PNG at 30 dpi (6 pages and an assembly
page), about 9 s when every page drew the whole board.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import smallest

ROOT = Path(__file__).resolve().parent.parent
STANDARD = ROOT / "modlinseq_print" / "presets" / "standard.toml"

CASES = [
    ("tiled hex:9 board, PNG at 30 dpi", ["board", "--board", "hex:9", "--format", "png", "--dpi", "30"]),
    ("tiled hex:9 board, SVG", ["board", "--board", "hex:9", "--format", "svg"]),
    ("tiled hex:20 board, PNG at 30 dpi", ["board", "--board", "hex:20", "--format", "png", "--dpi", "30"]),
    ("hex:57 board fitted on A4, PNG", ["board", "--board", "hex:57", "--fit", "--format", "png"]),
    ("hex:150 board fitted on A4, PNG", ["board", "--board", "hex:150", "--fit", "--format", "png"]),
    ("hex:150 poster, bonus-malus, PNG at 29 dpi (81 Mpx)",
     ["board", "--board", "hex:150", "--pattern", "bonus-malus", "--paper", "poster", "--dpi", "29", "--format",
      "png"]),
    ("standard kit, PNG", ["kit", "standard", "--quiet", "--format", "png"]),
    ("hex:57 kit (159 pages), PNG", ["kit", "{hex57}", "--quiet", "--format", "png"]),
]


def hex57_preset(folder: Path) -> Path:
    """The standard kit's preset on a hex:57 board."""
    path = folder / "hex57.toml"
    path.write_text(STANDARD.read_text(encoding="utf-8").replace('spec = "hex:9"', 'spec = "hex:57"'), encoding="utf-8")
    return path


def run(number: int, label: str, argv: list[str], code: Path, folder: Path) -> str:
    """One row: seconds, peak MB, pages and bytes written (or the command's error)."""
    out = folder / f"case{number}"
    out.mkdir()
    argv = [a.replace("{hex57}", str(hex57_preset(folder))) for a in argv]
    env = dict(os.environ, PYTHONPATH=str(code))
    command = [sys.executable, "-c", _CHILD, *argv, "-o", str(out / "page")]
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=folder)  # not this checkout
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        error = (done.stderr.strip().splitlines() or ["?"])[-1]
        return f"{label:52s} failed after {seconds:6.1f} s: {error[:110]}"
    module, peak = done.stdout.split()[-2], float(done.stdout.split()[-1])
    assert Path(module).is_relative_to(code), f"ran {module}, not the code in {code}"
    files = [p for p in out.iterdir() if p.suffix in (".png", ".svg")]
    size = sum(p.stat().st_size for p in files)
    return f"{label:52s} {seconds:7.2f} s  peak {peak:6.0f} MB  {len(files):4d} pages  {size:>12,} bytes"


#: The child: runs the command in-process, then prints its own peak resident set in MB.
_CHILD = """
import resource, sys
import modlinseq_print
from modlinseq_print.cli import main
status = main(sys.argv[1:])
print(modlinseq_print.__file__, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
sys.exit(status)
"""


if __name__ == "__main__":
    code = Path(sys.argv[sys.argv.index("--root") + 1]).resolve() if "--root" in sys.argv else ROOT
    only = [a for a in sys.argv[1:] if a.isdigit()]
    print(f"code: {code}")
    with tempfile.TemporaryDirectory() as tmp:
        for number, (label, argv) in enumerate(smallest(CASES), start=1):
            if not only or str(number) in only:
                print(f"{number}. " + run(number, label, argv, code, Path(tmp)), flush=True)
