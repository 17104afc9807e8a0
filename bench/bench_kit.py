"""Benchmark: the kits end to end, process start to file written (seconds, peak memory, bytes, pages), and
each kit's pages by section with its sheets of card for the pieces."""

import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import smallest


def run(preset: str) -> None:
    """Build one preset's kit in a fresh process and print its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / f"kit-{preset}.pdf"
        argv = [sys.executable, "-m", "modlinseq_print", "kit", preset, "-o", str(out), "--quiet"]
        start = time.perf_counter()
        report = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
        seconds = time.perf_counter() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        pages = re.search(r": (\d+ pages \(.*?\))", report)
        print(f"kit {preset:<16} {seconds:6.2f} s  peak(max so far) {peak:6.1f} MB  {out.stat().st_size:>9,} bytes  "
              f"{pages.group(1) if pages else '?'}  {card_sheets(preset)}")


def card_sheets(preset: str) -> str:
    """The sheets of card the kit's pieces take (a duplex sheet is two pages, a gutter-fold or fronts one)."""
    from modlinseq_print.kits.build import kit_pieces, sheet_options, tile_look
    from modlinseq_print.kits.measures import measure
    from modlinseq_print.kits.preset_loading import load_preset
    from modlinseq_print.printables.tile_sheets import sheet_slots
    from modlinseq_print.wording import plural

    loaded = load_preset(preset)
    m = measure(loaded)
    per_sheet = len(sheet_slots(tile_look(loaded, m), m.pieces_sheet, sheet_options(loaded, m, ""))[0])
    pieces = len(kit_pieces(loaded))
    return f"{plural(pieces, 'piece')}, {plural(-(-pieces // per_sheet), 'sheet')} of card ({per_sheet} a sheet)"


if __name__ == "__main__":
    for name in smallest(("starter", "standard", "standard-letter", "bonus-malus", "tess-3")):
        run(name)
