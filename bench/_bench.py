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


def installed_env(cache: str) -> dict[str, str]:
    """The environment for a child Python that runs as an installed program does: its bytecode compiled once and
    cached (in the folder `cache`, so no source folder is written to), even where PYTHONDONTWRITEBYTECODE is set."""
    import os

    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = cache
    return env


def process_cpu(argv: list[str], env: dict[str, str] | None = None) -> float:
    """User plus system CPU seconds of one run of argv in a fresh process (which must succeed)."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=True, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def interleaved(cases: dict[str, list[str]], runs: int, env: dict[str, str] | None = None) -> dict[str, list[float]]:
    """The CPU seconds of `runs` runs of each case, the cases taking turns (after one warm-up run each), so that
    a busy moment of a shared machine falls on all of them alike; each case's times sorted."""
    for argv in cases.values():
        process_cpu(argv, env)
    times: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs):
        for name, argv in cases.items():
            times[name].append(process_cpu(argv, env))
    return {name: sorted(found) for name, found in times.items()}


def median(values: list[float]) -> float:
    """The middle value (the mean of the two middle ones)."""
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2
