"""Benchmark: the standard set (130 tiles, 4 wild tiles, 13 markers) as 3D-printable 3MF plates, and STL,
with the target of at most 10 s and 500 MB; then sets of equal size with more or fewer distinct faces, to
show that the time grows with the number of distinct faces (each solid is built once), not with the pieces.

Each case runs in a fresh process: `in process` times `pieces3d` from the parsed command to the files
written (solids, stroke check, plates, thumbnails, zip), with the CPU time it used (steadier than the clock
on a shared machine); `command` is the whole run, Python start-up and imports included; peak is the
process's peak resident memory. Phases of the standard 3MF are timed apart. `--smallest`: one small set as 3MF.
"""

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import SMALLEST, require, sized

STANDARD = ["--preset", "standard"]
CASES = (
    ("standard set, 3MF", STANDARD, "3mf"),
    ("standard set, STL", STANDARD, "stl"),
    ("130 tiles, 13 faces", ["--modulus", "13", "--copies", "10"], "3mf"),
    ("520 tiles, 13 faces", ["--modulus", "13", "--copies", "40"], "3mf"),
    ("130 tiles, 65 faces", ["--modulus", "65", "--copies", "2"], "3mf"),
)
SMALL = (("5 tiles, 5 faces", ["--modulus", "5", "--copies", "1"], "3mf"),)


def one(args: list[str], path: str) -> None:
    """In this process: run pieces3d, print seconds, peak RSS (MB), bytes and files."""
    from modlinseq_print.cli import main

    start, cpu = time.perf_counter(), time.process_time()
    status = main(["pieces3d", *args, "-o", path])
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    stem = Path(path)
    files = [f for f in stem.parent.iterdir() if f.name.startswith(stem.stem) and f.suffix == stem.suffix]
    assert status == 0 and files
    print(f"FIGURES {seconds:.3f} {cpu:.3f} {peak:.1f} {sum(f.stat().st_size for f in files)} {len(files)}")


def phases() -> str:
    """The standard 3MF's time by phase, in this process."""
    from modlinseq_print.kits.build import kit_pieces
    from modlinseq_print.kits.preset_loading import load_preset
    from modlinseq_print.solids.files import PrintJob, threemf_files
    from modlinseq_print.solids.pieces import PieceSolids, SolidSpec, solid_look
    from modlinseq_print.solids.plates import plan_plates
    from modlinseq_print.solids.files import PieceRun

    pieces = kit_pieces(load_preset("standard"))
    look, spec, job = solid_look(25.0), SolidSpec(), PrintJob()
    marks = [time.perf_counter()]
    solids = PieceSolids(look, spec, pieces)
    stroke = solids.check_strokes(pieces)
    marks.append(time.perf_counter())
    for piece in pieces:
        solids.model(piece)
    marks.append(time.perf_counter())
    run = PieceRun(solids, plan_plates(pieces, look.outline, job.bed, job.spacing), job, stroke)
    marks.append(time.perf_counter())
    threemf_files(run, "/dev/null/x.3mf")
    marks.append(time.perf_counter())
    names = ("stroke check", f"solids of {len(solids._models)} faces", "plates", "3MF files with thumbnails")
    return "  ".join(f"{name} {b - a:.2f} s" for name, a, b in zip(names, marks, marks[1:]))


def case(name: str, args: list[str], fmt: str, folder: Path) -> str:
    """One row of the table."""
    target = folder / f"{name.replace(' ', '_').replace(',', '')}.{fmt}"
    inner = subprocess.run([sys.executable, __file__, "--one", str(target), *args],
                           capture_output=True, text=True, check=True).stdout
    figures = next(line for line in inner.splitlines() if line.startswith("FIGURES ")).split()[1:]
    seconds, cpu, peak, size, files = figures
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "modlinseq_print", "pieces3d", *args, "-o", str(folder / f"cli.{fmt}")],
                   capture_output=True, check=True)
    command = time.perf_counter() - start
    return (f"{name:<22} in process {float(seconds):5.2f} s (CPU {float(cpu):5.2f} s)  command {command:5.2f} s  "
            f"peak {float(peak):5.1f} MB  {int(size):>10,} bytes in {files} file(s)")


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--one":
        one(sys.argv[3:], sys.argv[2])
    else:
        require("manifold3d", "manifold3d")
        print("target for the standard set as 3MF: <= 10 s and <= 500 MB peak")
        with tempfile.TemporaryDirectory() as tmp:
            for name, args, fmt in sized(CASES, SMALL):
                print(case(name, args, fmt, Path(tmp)), flush=True)
        if not SMALLEST:
            print("standard 3MF by phase:", phases(), flush=True)
