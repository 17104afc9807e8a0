"""What the benchmarks share: `--smallest` runs only each one's smallest case (as the tests and
`make bench BENCH_ARGS=--smallest` do), and a benchmark whose optional package is missing says so and is skipped.

Importing this module takes `--smallest` out of sys.argv, so a benchmark reads its own arguments as before.
"""

import importlib.util
import sys
from pathlib import Path

SMALLEST = "--smallest" in sys.argv
if SMALLEST:
    sys.argv.remove("--smallest")


def smallest(cases):
    """The cases, or only the first (the smallest) with --smallest."""
    return list(cases)[:1] if SMALLEST else cases


def sized(full, small):
    """`small` with --smallest, else `full`."""
    return small if SMALLEST else full


def require(module: str, package: str) -> None:
    """Skip the benchmark (exit status 0, saying so) when an optional package is not installed."""
    if importlib.util.find_spec(module) is None:
        print(f"skipped: {Path(sys.argv[0]).name} needs {package} (pip install {package})")
        sys.exit(0)
