"""Benchmark: the hex:100 poster PDF (`board --board hex:100 --pattern bonus --paper poster`) as a whole process,
side by side with poster_reference.py, a minimal standard-library program writing the same picture on a page of
the same size: user + system CPU of fresh processes taking turns in the same run (their bytecode cached, as an
installed program's is), least and median, the files' bytes and the ratio. Goal: the command at most 1.5 times
the reference.

    python bench/bench_poster.py
"""

import os
import sys
import tempfile
from pathlib import Path

from _bench import installed_env, interleaved, median, sized

HERE = Path(__file__).resolve().parent
RUNS = sized(9, 1)
ORDER = sized(100, 9)
GOAL = 1.5


def main() -> None:
    python = sys.executable
    with tempfile.TemporaryDirectory() as folder:
        files = {"the reference (standard library)": os.path.join(folder, "reference.pdf"),
                 "the command": os.path.join(folder, "poster.pdf")}
        cases = {"the reference (standard library)": [python, str(HERE / "poster_reference.py"),
                                                      files["the reference (standard library)"], str(ORDER)],
                 "the command": [python, "-m", "modlinseq_print", "board", "--board", f"hex:{ORDER}", "--pattern",
                                 "bonus", "--paper", "poster", "-o", files["the command"]]}
        times = interleaved(cases, RUNS, installed_env(os.path.join(folder, "bytecode")))
        sizes = {name: os.path.getsize(path) for name, path in files.items()}
    print(f"hex:{ORDER} poster PDF, whole processes, CPU seconds of {RUNS} runs each, taking turns")
    for name, found in times.items():
        print(f"{name:34s} least {found[0]:6.3f} s  median {median(found):6.3f} s  {sizes[name]:10,d} bytes")
    command, reference = times["the command"], times["the reference (standard library)"]
    print(f"the command / the reference: {median(command) / median(reference):.2f}x of the medians, "
          f"{command[0] / reference[0]:.2f}x of the least (goal <= {GOAL:g}x)")


if __name__ == "__main__":
    main()
