"""Golden files: five small outputs compared byte for byte with the copies kept in tests/golden/data.

They guard refactoring: a change that alters any output byte fails here with a readable diff. When a
change is meant to alter an output, look at the new file, then run `pytest --regen-golden` and commit the
new copies with the change.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tool_helpers import run_tool

DATA = Path(__file__).parent / "data"

#: name -> the command line (output path last) that makes it.
CASES = {
    "board-hex2.svg": ("board", "--board", "hex:2", "--pattern", "bonus", "--paper", "poster", "--title",
                       "hex:2", "-o"),
    "tiles-mod5.svg": ("tiles", "--modulus", "5", "--copies", "2", "--wild", "1", "--markers", "5",
                       "--paper", "120x150mm", "-o"),
    "cut-mod5.svg": ("tiles", "--modulus", "5", "--copies", "2", "--cut-mode", "bed", "--paper", "150x150mm",
                     "-o", "{tmp}/sheet.pdf", "--cut-file"),
    "position-fig2.svg": ("position", "--board", "hex:3", "-m", "11", "--crop", "4B2, 7B1, 10A0, 2M1, 5M2", "-o"),
    "reference-m7.pdf": ("reference", "-m", "7", "--paper", "148x210mm", "-o"),
}


def readable(data: bytes, name: str) -> list[str]:
    """Lines to diff: the text of an SVG, or what pdftotext reads and the PDF's byte length."""
    if name.endswith(".pdf"):
        text = run_tool("pdftotext", "-layout", "-", "-", input=data).stdout.decode("utf-8", "replace")
        return [f"{len(data)} bytes"] + text.splitlines()
    return data.decode("utf-8", "replace").replace("><", ">\n<").splitlines()


def golden_diff(old: bytes, new: bytes, name: str, limit: int = 40) -> str:
    """A short unified diff between the kept and the new output."""
    lines = list(difflib.unified_diff(readable(old, name), readable(new, name), f"kept/{name}", f"new/{name}",
                                      lineterm="", n=1))
    more = f"\n... {len(lines) - limit} more lines" if len(lines) > limit else ""
    return "\n".join(lines[:limit]) + more or "(the bytes differ; the readable forms do not)"


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
    old = kept.read_bytes()
    assert new == old, f"{name} differs from its golden file:\n{golden_diff(old, new, name)}"
