"""Benchmark: start-up CPU (user + system) of `modlinseq-print --help`, of two commands' help and of the library's
import, side by side with the bare interpreter (`python -c pass`) in the same run: fresh processes taking turns,
their bytecode cached as an installed program's is. Goal: `--help` at most 2 times the interpreter.

    python bench/bench_startup.py
"""

import sys
import tempfile

from _bench import installed_env, interleaved, median, sized

RUNS = sized(21, 1)
GOAL = 2.0


def main() -> None:
    python = sys.executable
    cases = {"python -c pass": [python, "-c", "pass"],
             "modlinseq-print --help": [python, "-m", "modlinseq_print", "--help"],
             "modlinseq-print board --help": [python, "-m", "modlinseq_print", "board", "--help"],
             "modlinseq-print rack --help": [python, "-m", "modlinseq_print", "rack", "--help"],
             "import modlinseq_print.api": [python, "-c", "import modlinseq_print.api"]}
    with tempfile.TemporaryDirectory() as cache:
        times = interleaved(cases, RUNS, installed_env(cache))
    bare = times["python -c pass"]
    print(f"CPU seconds of {RUNS} runs each, taking turns: least and median; the ratio to the interpreter's")
    for name, found in times.items():
        print(f"{name:30s} least {found[0] * 1000:6.1f} ms  median {median(found) * 1000:6.1f} ms  "
              f"{found[0] / bare[0]:4.2f}x / {median(found) / median(bare):4.2f}x the interpreter")
    found = times["modlinseq-print --help"]
    print(f"--help / python -c pass: {median(found) / median(bare):.2f}x of the medians, "
          f"{found[0] / bare[0]:.2f}x of the least (goal <= {GOAL:g}x)")


if __name__ == "__main__":
    main()
