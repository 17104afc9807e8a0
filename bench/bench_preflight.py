"""Benchmark: the preflight of press-ready files (CPU seconds in this process, start-up and the file's making
excluded; the best of a few runs), with the number of pages and objects of each file.

Each file is made once with the command line (`kit standard --press`, PDF/X-4 and PDF/X-1a, and the tiles),
then `preflight()` reads it again and again.
"""

import contextlib
import io
import tempfile
import time
from pathlib import Path

from _bench import require, sized, smallest

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
                seconds = best_of(runs, lambda: preflight(path, level))
                result = "PASS" if preflight(path, level).passed else "FAIL"
                print(f"{label:<14} {mode:<9} {pages:4} pages {objects:7,} objects  "
                      f"preflight {seconds:6.3f} s (best of {runs})  {result}")


if __name__ == "__main__":
    main()
