"""Golden files: one small output of every printable, compared with the copy kept in tests/golden/data in
a canonical form (canonical.py): SVG as its XML, pretty-printed with sorted attributes and rounded numbers;
PDF by its structure (pages, boxes, fonts, content operators) read with pikepdf. A change that alters the
picture fails here with a readable diff; one that only reorders attributes or reformats numbers does not.
When a change is meant to alter an output, look at the new file, then run `pytest --regen-golden` and
commit the new copies with the change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from canonical import pdf_lines, svg_lines

DATA = Path(__file__).parent / "data"

#: name -> the command line (output path last) that makes it: one per printable.
CASES = {
    "board-hex2.svg": ("board", "--board", "hex:2", "--pattern", "bonus", "--paper", "poster", "--title",
                       "hex:2", "-o"),
    "board-tiled.pdf": ("board", "--board", "hex:3", "--paper", "a5", "-o"),
    "tiles-mod5.svg": ("tiles", "--modulus", "5", "--copies", "2", "--wild", "1", "--markers", "5",
                       "--paper", "120x150mm", "-o"),
    "cut-mod5.svg": ("tiles", "--modulus", "5", "--copies", "2", "--cut-mode", "bed", "--paper", "150x150mm",
                     "-o", "{tmp}/sheet.pdf", "--cut-file"),
    "markers-5-7.svg": ("markers", "--range", "5-7", "--paper", "120x150mm", "-o"),
    "position-fig2.svg": ("position", "--board", "hex:3", "-m", "11", "--crop", "4B2, 7B1, 10A0, 2M1, 5M2", "-o"),
    "reference-m7.pdf": ("reference", "-m", "7", "--paper", "148x210mm", "-o"),
    "worksheet-6.pdf": ("worksheet", "-n", "6", "-o"),
    "mod13-deck.pdf": ("mod13", "deck", "--backs", "-o"),
    "mod13-reference.svg": ("mod13", "reference", "-o"),
    "coprimality-sheet.svg": ("coprimality", "sheet", "--size", "12", "-o"),
    "calibrate.pdf": ("calibrate", "-o"),
    "kit-starter.pdf": ("kit", "starter", "--quiet", "-o"),
}


def readable(data: bytes, name: str) -> list[str]:
    """The canonical lines of an output: its structure for a PDF, its pretty-printed XML for an SVG."""
    return pdf_lines(data) if name.endswith(".pdf") else svg_lines(data)


def golden_diff(old: list[str], new: list[str], name: str, limit: int = 40) -> str:
    """A short unified diff between the kept and the new output's canonical lines."""
    lines = list(difflib.unified_diff(old, new, f"kept/{name}", f"new/{name}", lineterm="", n=1))
    more = f"\n... {len(lines) - limit} more lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more


@pytest.mark.parametrize("name", sorted(CASES))
def test_output_matches_its_golden_file(name, cli, tmp_path, request):
    out = tmp_path / name
    argv = [word.format(tmp=tmp_path) for word in CASES[name]] + [out]
    result = cli(*argv)
    assert result.status == 0, result
    new = out.read_bytes()
    kept = DATA / name
    if request.config.getoption("--regen-golden"):
        DATA.mkdir(exist_ok=True)
        kept.write_bytes(new)
        pytest.skip(f"regenerated {kept}")
    assert kept.exists(), f"no golden file {kept}: run pytest --regen-golden and commit it"
    old, now = readable(kept.read_bytes(), name), readable(new, name)
    assert now == old, f"{name} differs from its golden file:\n{golden_diff(old, now, name)}"
