"""The preflight against a corpus of broken press files (tests/preflight_corpus.py): each made from a good
file by one change that hides a colour, a layer, transparency or an older fault somewhere a page paints from.
Each must fail exactly the one check, with a message naming the page and the object; the good variants pass.
Where Ghostscript is installed, it shows the hidden RGB colour really paints."""

import subprocess

import pikepdf
import pytest

from preflight_corpus import CASES, PATCH_PT, Case, build, good_files
from cli_helpers import assert_one_line_error
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
                                               "no rich black text", "die lines overprint", "spot names",
                                               "no encryption"}


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


def test_forms_nested_too_deep_fail_instead_of_being_followed_forever(good, tmp_path):
    from preflight_corpus import CMYK_FILL, form, paint
    inner = form(CMYK_FILL)
    for level in range(40, 0, -1):
        inner = form(f"/Fm{level + 1} Do".encode(), {"XObject": {f"/Fm{level + 1}": inner}})
    case = Case("deep", "4", paint(1, b"/Fm1 Do", XObject={"/Fm1": inner}), "CMYK and spot only")
    report = preflight(build(case, good, tmp_path / "deep.pdf"), "4")
    colour = next(check for check in report.checks if check.name == "CMYK and spot only")
    assert not colour.passed and "is nested more than 32 objects deep" in colour.detail
    assert colour.detail.startswith("page 1: content in form /Fm33 in form /Fm32 in")


def test_a_form_on_every_page_is_read_once_and_reported_once(good, tmp_path):
    from preflight_corpus import RGB_FILL, form

    def on_both_pages(pdf):
        shared = form(RGB_FILL)(pdf)
        for page in pdf.pages:
            page.contents_add(pdf.make_stream(b"/FmS Do"), prepend=False)
            page.obj.Resources.XObject = pikepdf.Dictionary(FmS=shared)
    report = preflight(build(Case("shared", "4", on_both_pages, None), good, tmp_path / "s.pdf"), "4")
    colour = next(check for check in report.checks if check.name == "CMYK and spot only")
    assert colour.detail == "page 1: content in form /FmS sets an RGB colour (rg)"


def test_a_content_stream_that_cannot_be_read_fails(good, tmp_path):
    def broken(pdf):
        pdf.pages[1].contents_add(pdf.make_stream(b"not compressed", Filter=pikepdf.Name.FlateDecode), prepend=False)
    report = preflight(build(Case("broken", "4", broken, None), good, tmp_path / "b.pdf"), "4")
    colour = next(check for check in report.checks if check.name == "CMYK and spot only")
    assert not colour.passed and colour.detail.startswith("page 2: the page's content cannot be read")


def test_odd_values_where_numbers_and_spaces_go_are_findings_not_errors(good, tmp_path):
    from preflight_corpus import PATCH, paint
    odd = paint(1, b"/P1 cs /P1 scn /GSx gs /CSa cs 1 sc /CSb cs 1 sc /Sh1 sh " + PATCH,
                Pattern={"/P1": pikepdf.Dictionary(PatternType=pikepdf.Name.Two, PaintType=pikepdf.String("1"))},
                ExtGState={"/GSx": pikepdf.Dictionary(ca=pikepdf.Name.Half, OP=pikepdf.Name.Yes)},
                ColorSpace={"/CSa": pikepdf.Array([pikepdf.Name.ICCBased, 3]),
                            "/CSb": pikepdf.Array([pikepdf.Name.Separation])},
                Shading={"/Sh1": pikepdf.Dictionary(ColorSpace=pikepdf.Array([pikepdf.Name.ICCBased,
                                                                              pikepdf.Dictionary(N=pikepdf.Name.N)]))})
    report = preflight(build(Case("odd", "4", odd, None), good, tmp_path / "odd.pdf"), "4")
    colour = next(check for check in report.checks if check.name == "CMYK and spot only")
    assert not colour.passed and colour.detail.startswith("page 1: colour space /P1 uses /P1, which is not a colour")
    assert "(and 3 more)" in colour.detail


def test_a_file_protected_by_a_password_is_one_line(good, tmp_path, cli):
    locked = build(Case("locked", "4", lambda pdf: None, None, passwords=("owner", "user")), good,
                   tmp_path / "locked.pdf")
    assert_one_line_error(cli("preflight", locked), "locked.pdf is protected by a password",
                          "PDF/X forbids encryption")
