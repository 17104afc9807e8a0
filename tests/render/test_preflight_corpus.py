"""The preflight against a corpus of broken press files (tests/preflight_corpus.py): each made from a good
file by one change that hides a colour, a layer, transparency or an older fault somewhere a page paints from.
Each must fail exactly the one check, with a message naming the page and the object; the good variants pass.
Where Ghostscript is installed, it shows the hidden RGB colour really paints."""

import subprocess

import pytest

from preflight_corpus import CASES, PATCH_PT, build, good_files
from tool_helpers import require_tool
from modlinseq_print.render.preflight import preflight

BROKEN = [case for case in CASES if case.check]
GOOD = [case for case in CASES if not case.check]


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return good_files(tmp_path_factory.mktemp("corpus"))


def test_the_corpus_is_large_and_covers_every_colour_check():
    assert len(BROKEN) >= 30 and len(GOOD) >= 8
    assert len({case.name for case in CASES}) == len(CASES)
    assert {case.check for case in BROKEN} >= {"CMYK and spot only", "no optional content", "no transparency",
                                               "output intent", "page boxes", "fonts embedded", "total ink",
                                               "no rich black text", "die lines overprint", "spot names"}


@pytest.mark.parametrize("case", BROKEN, ids=lambda case: case.name)
def test_each_broken_file_fails_one_check_naming_the_page_and_the_object(good, tmp_path, case, cli):
    path = build(case, good, tmp_path / "broken.pdf")
    report = preflight(path, case.level)
    failing = [check for check in report.checks if not check.passed]
    assert [check.name for check in failing] == [case.check], failing
    for words in case.words:
        assert words in failing[0].detail, failing[0].detail
    result = cli("preflight", path, "--pdfx", case.level)
    assert result.status == 1 and f"FAIL  {case.check}" in result.out


@pytest.mark.parametrize("case", GOOD, ids=lambda case: case.name)
def test_each_good_variant_passes(good, tmp_path, case):
    report = preflight(build(case, good, tmp_path / "good.pdf"), case.level)
    assert report.passed, [check for check in report.checks if not check.passed]


def _patch_pixel(gs: str, path, page: int) -> tuple[int, int, int]:
    """The colour Ghostscript paints at the middle of the patch on `page` (RGB, 72 dpi)."""
    done = subprocess.run([gs, "-q", "-dBATCH", "-dNOPAUSE", "-dSAFER", "-sDEVICE=ppmraw", "-r72",
                           f"-dFirstPage={page}", f"-dLastPage={page}", "-sOutputFile=-", str(path)],
                          capture_output=True, check=True)
    lines = [line for line in done.stdout.split(b"\n", 4)[:4] if not line.startswith(b"#")]  # skip comments
    header, (width, height), maximum = lines[0], lines[1].split(), lines[2]
    pixels = done.stdout[done.stdout.index(b"\n" + maximum + b"\n") + len(maximum) + 2:]
    assert header == b"P6" and maximum == b"255"
    x, y = PATCH_PT[0] + PATCH_PT[2] // 2, int(height) - (PATCH_PT[1] + PATCH_PT[3] // 2)
    offset = 3 * (y * int(width) + x)
    return tuple(pixels[offset:offset + 3])


RENDERED = ["sh with an RGB shading", "rg in a tiling pattern", "annotation appearance", "rg in a Type 3 glyph",
            "inline image /CS /RGB", "Separation with an RGB alternate", "rg in a form 3 deep"]


@pytest.mark.parametrize("name", RENDERED)
def test_ghostscript_paints_the_hidden_rgb_colour(good, tmp_path, name):
    gs = require_tool("gs")
    case = next(case for case in CASES if case.name == name)
    assert case.paints_rgb
    page = int(case.words[0].split(":")[0].split()[1])
    assert _patch_pixel(gs, good[case.level], page) == (255, 255, 255)  # nothing there in the good file
    red, green, blue = _patch_pixel(gs, build(case, good, tmp_path / "broken.pdf"), page)
    assert green > red + 60 and green > blue + 60, (red, green, blue)  # the green the fault paints
