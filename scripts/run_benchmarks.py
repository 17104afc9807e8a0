"""Run every benchmark of bench/ (bench_*.py) in turn, each in its own process, and name the ones that failed.

`--smallest` runs each on its smallest case, as the tests do. A benchmark whose optional package is missing
says so and is skipped; a failure does not stop the others.
"""

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def benchmarks() -> list[Path]:
    """The benchmark scripts, by name."""
    return sorted((ROOT / "bench").glob("bench_*.py"))


def main(argv: list[str]) -> int:
    """Run them all with `argv`; exit status 1 when any failed."""
    failed = []
    for script in benchmarks():
        print(f"== {script.relative_to(ROOT)}", flush=True)
        start = time.perf_counter()
        status = subprocess.run([sys.executable, str(script), *argv]).returncode
        print(f"   ({time.perf_counter() - start:.1f} s{f', exit status {status}' if status else ''})", flush=True)
        if status:
            failed.append(script.name)
    if failed:
        print(f"failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
