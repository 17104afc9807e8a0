"""Benchmark: press-ready PDF/X files, the preflight, service bundles and the Tabletop Simulator export
(seconds, peak memory, bytes), each command in a fresh process, Python start-up and imports included.

The press rows compare PDF/X-4 and PDF/X-1a with the plain RGB file of the same command: the difference is
what the press-ready structures cost (CMYK, boxes, die lines, and the pikepdf pass that adds the output
intent with its 120 KB profile, the metadata and the IDs).
"""

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _bench import SMALLEST, require, sized, smallest

CASES = [
    sized(("tiles", ["tiles"]), ("tiles, modulus 5", ["tiles", "--modulus", "5", "--copies", "1"])),
    ("kit standard", ["kit", "standard", "--quiet"]),
    ("board hex:9 poster", ["board", "--board", "hex:9", "--paper", "poster"]),
    ("board hex:50 poster", ["board", "--board", "hex:50", "--paper", "poster"]),
    ("mod13 deck", ["mod13", "deck"]),
]


def run(argv: list[str]) -> tuple[float, float]:
    """Seconds and peak memory (MB) of one command in a fresh process."""
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", sys.executable, "-m", "modlinseq_print", *argv],
                            capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - start
    return seconds, int(result.stderr.strip().splitlines()[-1]) / 1024


def size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder."""
    return path.stat().st_size if path.is_file() else sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    """Print one line per case (with --smallest, the first press case on a small set of tiles, and no bundles)."""
    require("pikepdf", "pikepdf")
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        for label, argv in smallest(CASES):
            for mode, extra in (("plain", []), ("PDF/X-4", ["--press"]), ("PDF/X-1a", ["--press", "--pdfx", "1a"])):
                path = out / f"{label.replace(' ', '-').replace(':', '')}-{len(extra)}.pdf"
                seconds, peak = run([*argv, *extra, "-o", str(path)])
                print(f"{label:<20} {mode:<9} {seconds:6.2f} s  peak {peak:6.1f} MB  {size(path):>10,} bytes")
            if mode != "plain":
                seconds, peak = run(["preflight", str(path)])
                print(f"{label:<20} preflight {seconds:6.2f} s  peak {peak:6.1f} MB")
        if SMALLEST:
            return
        for label, argv in [("bundle tgc tiles", ["tiles", "--service", "thegamecrafter"]),
                            ("bundle tgc deck", ["mod13", "deck", "--service", "thegamecrafter"]),
                            ("bundle dtc deck", ["mod13", "deck", "--service", "drivethrucards"])]:
            seconds, peak = run([*argv, "-o", str(out / f"{label.replace(' ', '-')}.pdf")])
            bundle = next(out.glob(f"{label.replace(' ', '-')}-*.zip"))
            print(f"{label:<20} {'':<9} {seconds:6.2f} s  peak {peak:6.1f} MB  {size(bundle):>10,} bytes (ZIP)")
        seconds, peak = run(["tts", "standard", "-o", str(out / "tts")])
        print(f"{'tts standard':<20} {'':<9} {seconds:6.2f} s  peak {peak:6.1f} MB  {size(out / 'tts'):>10,} bytes")


if __name__ == "__main__":
    main()
