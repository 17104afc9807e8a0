"""Benchmark: big valid jobs, each run as a user runs it (a fresh process): wall-clock seconds, CPU seconds (user
plus system, which a busy shared machine does not inflate), peak memory and exit status.

- `mod13 deck --per-piece DIR --dpi 2400` (refused at once: past the 300 million pixels of one run) and the same
  deck at 746 dpi, the most that fits;
- `tiles --modulus 999 --copies 100 --service thegamecrafter` (99,900 pieces: refused before the layout) and the
  largest bundle that fits, 19 slugs (1,209 tiles);
- `preflight` of two bombs of operators (tests/preflight_hostile.py), refused by the quick count.

`--smallest` runs the refused jobs only.
"""

import contextlib
import io
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import SMALLEST

ROOT = Path(__file__).resolve().parents[1]
BOMBS = ["96 MB of painting operators", "12 MB of q Q operators (3 million)"]


#: The child runs the command and reports its own peak memory (VmHWM; ru_maxrss would count this process's
#: memory at the fork).
CHILD = ("import sys\nfrom modlinseq_print.cli import main\ntry:\n    status = main(sys.argv[1:])\n"
         "finally:\n    print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')),"
         " file=sys.stderr)\nsys.exit(status)")


def run(argv: list[str]) -> tuple[float, float, float, int]:
    """The command in a child process: wall seconds, CPU seconds (user plus system), peak MB, exit status."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    start = time.monotonic()
    child = subprocess.Popen([sys.executable, "-c", CHILD, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             cwd=ROOT, env=env, text=True)
    said = child.stderr.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.monotonic() - start
    last = said.strip().splitlines()[-1] if said.strip() else ""
    peak = int(last) / 1024 if last.isdigit() else float("nan")
    return wall, usage.ru_utime + usage.ru_stime, peak, os.waitstatus_to_exitcode(status)


def bombs(folder: Path) -> list[tuple[str, list[str]]]:
    """The preflight cases: each bomb made once from the good tiles file."""
    sys.path.insert(0, str(ROOT / "tests"))
    from preflight_corpus import good_files
    from preflight_hostile import HOSTILE

    with contextlib.redirect_stdout(io.StringIO()):  # the command's "wrote ..." lines
        good = good_files(folder / "good")
    cases = []
    for index, name in enumerate(BOMBS):
        (folder / f"bomb{index}").mkdir()
        path = next(case for case in HOSTILE if case.name == name).make(folder / f"bomb{index}", good)
        cases.append((f"preflight: {name}", ["preflight", str(path)]))
    return cases


def main() -> None:
    """One line per job."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        jobs = [("mod13 deck --per-piece --dpi 2400", ["mod13", "deck", "--per-piece", str(folder / "cards"),
                                                      "--dpi", "2400", "-o", str(folder / "deck.pdf")]),
                ("tiles 99,900 --service thegamecrafter", ["tiles", "--modulus", "999", "--copies", "100",
                                                           "--service", "thegamecrafter",
                                                           "-o", str(folder / "tiles.pdf")])]
        if not SMALLEST:
            jobs += [("mod13 deck --per-piece --dpi 746", ["mod13", "deck", "--per-piece", str(folder / "c746"),
                                                          "--dpi", "746", "-o", str(folder / "d746.pdf")]),
                     ("tiles 1,209 --service thegamecrafter", ["tiles", "--modulus", "13", "--copies", "93",
                                                             "--service", "thegamecrafter",
                                                             "-o", str(folder / "t1209.pdf")])]
            jobs += bombs(folder)
        for name, argv in jobs:
            wall, cpu, peak, status = run(argv)
            print(f"{name:<52} {wall:6.2f} s wall  {cpu:6.2f} s CPU  peak {peak:6.1f} MB  exit {status}", flush=True)


if __name__ == "__main__":
    main()
