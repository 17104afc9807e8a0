"""Tile sheets as PDF: the numbers pdftotext reads agree with the manifest; output is deterministic."""

import re
from collections import Counter

import pytest
from sheet_helpers import manifest, pdf_words

from modlinseq_print.cli import main


@pytest.fixture(scope="module")
def default_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("pdf") / "tiles.pdf"
    assert main(["tiles", "-o", str(out)]) == 0
    return out


def test_pdf_numbers_agree_with_the_manifest(default_pdf, require_tool):
    require_tool("pdftotext")
    rows = manifest(default_pdf)
    tile_words = [w for w in pdf_words(default_pdf) if re.fullmatch(r"\d+", w[1]) and w[3] < 297 - 10 - 8]
    assert len(tile_words) == len(rows) == 130
    assert Counter(w[1] for w in tile_words) == {str(v): 10 for v in range(13)}
    unmatched = list(rows)
    for page, text, x, y in tile_words:  # each number sits on its own tile, as listed
        row = min(unmatched, key=lambda r: (int(r["page"]) != page,
                                            (float(r["x_mm"]) - x) ** 2 + (float(r["y_mm"]) - y) ** 2))
        assert int(row["page"]) == page and row["value"] == text
        assert abs(float(row["x_mm"]) - x) < 1.0 and abs(float(row["y_mm"]) - y) < 3.0
        unmatched.remove(row)
    assert not unmatched


def test_duplex_pdf_pages_alternate_fronts_and_backs(tmp_path, cli, require_tool):
    require_tool("pdftotext")
    out = tmp_path / "duplex.pdf"
    assert cli("tiles", "-o", out, "--duplex", "--back-text", "BACK").status == 0
    words = pdf_words(out)
    pages = Counter(p for p, text, _, _ in words if text == "BACK")
    assert set(pages) == {2, 4} and sum(pages.values()) == 130
    assert {int(r["page"]) for r in manifest(out)} == {1, 3}
    assert not [w for w in words if w[0] in (2, 4) and re.fullmatch(r"\d+", w[1]) and w[3] < 279]


def test_pdf_is_deterministic_and_compact(tmp_path, cli):
    first, second = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("tiles", "-o", first).status == 0 and cli("tiles", "-o", second).status == 0
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes().startswith(b"%PDF") and first.stat().st_size < 40_000
