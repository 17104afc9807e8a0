"""Die-line names that need escaping in a PDF name: written correctly (qpdf finds nothing wrong, pikepdf reads
back the same name, as the Separation's colourant and the layer's name), or refused in one line."""

import subprocess

import pikepdf
import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.render.press import MAX_DIELINE_NAME, PressError, PressOptions

NAMES = ["Die Line", "Cut/Contour", "Die#1", "(Thru) <cut> [x] {y} %z", "~!$&'*+,-.:;=?@^_`|", "C" * MAX_DIELINE_NAME]


@pytest.mark.parametrize("level", ["4", "1a"])
@pytest.mark.parametrize("name", NAMES)
def test_a_name_that_needs_escaping_reads_back_the_same(cli, tmp_path, require_tool, name, level):
    out = tmp_path / "deck.pdf"
    assert cli("mod13", "deck", "--press", "--pdfx", level, "--dieline-name", name, "-o", out).status == 0
    check = subprocess.run([require_tool("qpdf"), "--check", str(out)], capture_output=True, text=True)
    assert check.returncode == 0 and "No syntax or stream encoding errors" in check.stdout, check.stdout
    with pikepdf.open(out) as pdf:
        spaces = [space for page in pdf.pages for space in page.Resources.ColorSpace.values()]
        assert spaces and {str(space[1]) for space in spaces} == {"/" + name}
        if level == "4":
            assert [str(group.Name) for group in pdf.Root.OCProperties.OCGs] == [name]
        else:
            assert "/OCProperties" not in pdf.Root


@pytest.mark.parametrize("name, words", [
    ("", ["empty die-line name"]),
    ("C" * (MAX_DIELINE_NAME + 1), [f"at most {MAX_DIELINE_NAME}"]),
    (" CutContour", ["either end"]),
    ("CutContour ", ["either end"]),
    ("Schnittlinie\u00e9", ["printable ASCII"]),
    ("Cut\nContour", ["printable ASCII"]),
    ("Cut\x00", ["printable ASCII"]),
])
def test_a_name_a_pdf_cannot_carry_is_one_line_wherever_it_comes_from(cli, tmp_path, name, words):
    with pytest.raises(PressError) as error:  # the library's check ...
        PressOptions(dieline_name=name)
    assert error.value.field == "press.dieline_name"
    result = cli("tiles", "--press", "--dieline-name", name, "-o", tmp_path / "out" / "t.pdf")  # ... is the CLI's
    said = ["is empty"] if name == "" else words  # the command line's one rule for an empty value
    assert_one_line_error(result, "--dieline-name", *said, folder=tmp_path / "out")
