"""Benchmark: the preflight of press-ready files (CPU seconds in this process, start-up and the file's making
excluded; the best of a few runs), with the number of pages and objects of each file; then the preflight of
hostile files (decompression bombs, bombs of operators, damaged files, from tests/preflight_hostile.py) as a
user runs it, each in a child process: wall-clock seconds, peak memory and exit status.

Each file is made once with the command line (`kit standard --press`, PDF/X-4 and PDF/X-1a, and the tiles),
then `preflight()` reads it again and again.
"""

import contextlib
import functools
import io
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import SMALLEST as SMALL, require, sized, smallest

ROOT = Path(__file__).resolve().parents[1]
MEMORY_CAP = 4 * 1024 ** 3  # a child growing past this is stopped (shown as "out of memory"), not the machine
#: The hostile files timed (names in tests/preflight_hostile.py), smallest first, and a 60 MB tail made here.
HOSTILE = ["cut before startxref", "a broken xref offset", "8 MB of junk after %%EOF",
           "a flate bomb of 1 GiB in a page's content", "96 MB of painting operators",
           "12 MB of q Q operators (3 million)", "an XMP metadata bomb", "an output profile bomb"]

CASES = [
    ("tiles", ["tiles"]),
    ("kit standard", ["kit", "standard", "--quiet"]),
]
LEVELS = (("PDF/X-4", "4"), ("PDF/X-1a", "1a"))


def best_of(runs: int, job) -> float:
    """The fewest seconds of CPU `job()` took in `runs` runs (CPU time: other programs running do not count)."""
    times = []
    for _ in range(runs):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    """Print one line per file: its pages and objects, the preflight's seconds and its result."""
    require("pikepdf", "pikepdf")
    import pikepdf

    from modlinseq_print.cli import main as cli
    from modlinseq_print.render.preflight import preflight

    runs = sized(10, 1)
    with tempfile.TemporaryDirectory() as folder:
        for label, argv in smallest(CASES):
            for mode, level in LEVELS:
                path = Path(folder) / f"{label.replace(' ', '-')}-{level}.pdf"
                with contextlib.redirect_stdout(io.StringIO()):  # the command's "wrote ..." line
                    assert cli([*argv, "--press", "--pdfx", level, "-o", str(path)]) == 0
                with pikepdf.open(path) as pdf:
                    pages, objects = len(pdf.pages), len(pdf.objects)
                seconds = best_of(runs, functools.partial(preflight, path, level))
                result = "PASS" if preflight(path, level).passed else "FAIL"
                print(f"{label:<14} {mode:<9} {pages:4} pages {objects:7,} objects  "
                      f"preflight {seconds:6.3f} s (best of {runs})  {result}")
        hostile(Path(folder))


def _peak_of_child(path: Path) -> tuple[float, float, int, str]:
    """Run `preflight FILE` in a child process of its own: wall-clock seconds, its peak memory (MB), exit status
    and "out of memory" if it ran out. The child reports its own peak (VmHWM: ru_maxrss would count the parent's
    memory at the fork)."""
    code = ("import sys\nfrom modlinseq_print.cli import main\nstatus = main(['preflight', sys.argv[1]])\n"
            "print(next(line.split()[1] for line in open('/proc/self/status') if line.startswith('VmHWM')), "
            "file=sys.stderr)\nsys.exit(status)")

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))

    start = time.monotonic()
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, cwd=ROOT,
                          preexec_fn=cap,
                          env={**os.environ,
                               "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))})
    seconds = time.monotonic() - start
    last = done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""
    peak = int(last) / 1024 if last.isdigit() else float("nan")  # no figure: it ended in an error
    return seconds, peak, done.returncode, "out of memory" if "out of memory" in done.stderr else ""


def hostile(folder: Path) -> None:
    """Time the hostile files: each made once, then checked in a child process."""
    sys.path.insert(0, str(ROOT / "tests"))
    from preflight_corpus import good_files
    from preflight_hostile import HOSTILE as CORPUS, MIB

    with contextlib.redirect_stdout(io.StringIO()):  # the command's "wrote ..." lines
        good = good_files(folder / "good")
    junk = folder / "junk-60mb.pdf"
    with open(junk, "wb") as out:
        out.write(Path(good["4"]).read_bytes())
        for _ in range(60):
            out.write(bytes(range(256)) * (MIB // 256))
    cases = [(name, next(case for case in CORPUS if case.name == name)) for name in smallest(HOSTILE)]
    made = [(name, case.make(folder / f"h{index}", good)) for index, (name, case) in enumerate(cases)
            if (folder / f"h{index}").mkdir() is None]
    if not SMALL:
        made.append(("60 MB of junk after %%EOF", junk))
    for name, path in made:
        seconds, peak, status, memory = _peak_of_child(path)
        print(f"hostile: {name:<42} {path.stat().st_size / MIB:7.2f} MB file  {seconds:6.2f} s  "
              f"peak {peak:7.1f} MB  exit {status} {memory}".rstrip())


if __name__ == "__main__":
    main()
