"""Benchmark: the standard kit end to end, process start to file written (seconds, peak memory, bytes)."""

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def run(preset: str) -> None:
    """Build one preset's kit in a fresh process and print its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"kit-{preset}.pdf"
        argv = [sys.executable, "-m", "modlinseq_print", "kit", preset, "-o", str(out), "--quiet"]
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        print(f"kit {preset:<16} {seconds:6.2f} s  peak(max so far) {peak:6.1f} MB  {out.stat().st_size:>9,} bytes")


if __name__ == "__main__":
    for name in ("standard", "starter", "tess-3"):
        run(name)
