"""Benchmark: 1,000 tiles to PDF (and the cut file as SVG and DXF): seconds, peak memory and bytes.

Each case runs in a fresh process: `build+write` times packing, drawing and serialising inside the
process; `command` is the whole `modlinseq-print tiles` run, Python start-up and imports included.
1,000 tiles = modulus 20, 50 copies of each value.
"""

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import sized, smallest

ARGS = ["--modulus", "20", "--copies", str(sized(50, 2))]
CASES = smallest((("sheet", "pdf"), ("sheet", "svg"), ("cut", "svg"), ("cut", "dxf")))


def one(kind: str, fmt: str, path: str) -> None:
    """In this process: build and write 1,000 tiles, print seconds, peak RSS (MB), bytes and pages."""
    from modlinseq_print.cli import main

    argv = (["tiles", *ARGS, "-o", path] if kind == "sheet"
            else ["tiles", *ARGS, "-o", path + ".pdf", "--cut-file", path, "--bed", "600x400mm"])
    start = time.perf_counter()
    status = main(argv)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stem = Path(path)
    files = [f for f in stem.parent.glob(f"{stem.stem}*{stem.suffix}")]
    assert status == 0 and files
    print(f"FIGURES {seconds:.3f} {peak:.1f} {sum(f.stat().st_size for f in files)} {len(files)}")


def case(kind: str, fmt: str, folder: Path) -> str:
    """One row of the table."""
    target = folder / f"{kind}.{fmt}"
    inner = subprocess.run([sys.executable, __file__, "--one", kind, fmt, str(target)],
                           capture_output=True, text=True, check=True).stdout
    inner = next(line for line in inner.splitlines() if line.startswith("FIGURES ")).split()[1:]
    argv = [sys.executable, "-m", "modlinseq_print", "tiles", *ARGS, "-o", str(folder / f"cli-{kind}.{fmt}")]
    if kind == "cut":
        argv = [*argv[:-1], str(folder / "cli-cut.pdf"), "--cut-file", str(folder / f"cli-cut.{fmt}"),
                "--bed", "600x400mm"]
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    command = time.perf_counter() - start
    seconds, peak, size, files = float(inner[0]), float(inner[1]), int(inner[2]), int(inner[3])
    return (f"{20 * int(ARGS[-1])} tiles  {kind:<5} {fmt}  build+write {seconds:6.3f} s  command {command:6.3f} s  "
            f"peak {peak:6.1f} MB  {size:>9,} bytes in {files} file(s)")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--one":
        one(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        with tempfile.TemporaryDirectory() as tmp:
            for kind, fmt in CASES:
                print(case(kind, fmt, Path(tmp)), flush=True)
