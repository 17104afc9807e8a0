"""Benchmark: `describe --board hex:N --json` end to end, as a user runs it (seconds, peak memory, bytes)."""

import resource
import subprocess
import sys
import time

from _bench import smallest


def run(order: int) -> None:
    """Time one describe run in a fresh process and print its figures."""
    argv = [sys.executable, "-m", "modlinseq_print", "describe", "--board", f"hex:{order}", "--json"]
    start = time.perf_counter()
    result = subprocess.run(argv, capture_output=True, check=True)
    seconds = time.perf_counter() - start
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"describe hex:{order:<4} {seconds:6.3f} s  peak(max so far) {peak_mb:6.1f} MB  "
          f"{len(result.stdout):>10,} bytes")


if __name__ == "__main__":
    for n in smallest((9, 30, 100)):
        run(n)
