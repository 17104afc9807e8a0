"""Duplex calibration: rulers on the back where the front's lines land, read as the --back-offset to pass."""

import re
import subprocess

import pytest

from modlinseq_print.printables.calibrate import calibration_document
from modlinseq_print.render.imposition import Slot, mirror_slot
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Polygon
from cli_helpers import assert_one_line_error
from sheet_helpers import cut_outlines, svg_items


def lines(scene, layer):
    return [i.points for i in scene.layer(layer).items if isinstance(i, Polygon) and not i.closed]


def front_lines(document):
    vertical, horizontal = sorted(lines(document.pages[0].scene, "targets"), key=lambda p: p[0][1] == p[1][1])
    return vertical, horizontal


def ruler_ticks(document):
    """The x ruler's tick positions (vertical ticks) and the y ruler's (horizontal ticks) on the back."""
    ticks = lines(document.pages[1].scene, "rulers")
    xs = sorted(p[0][0] for p in ticks if p[0][0] == p[1][0])
    ys = sorted(p[0][1] for p in ticks if p[0][1] == p[1][1])
    return xs, ys


@pytest.mark.parametrize("paper, orientation, flip, mirrored", [
    ("a4", "portrait", "long", "x"), ("a4", "portrait", "short", "y"),
    ("letter", "landscape", "long", "y"), ("letter", "landscape", "short", "x"),
])
def test_rulers_sit_where_the_front_lines_land(paper, orientation, flip, mirrored):
    sheet = make_sheet(paper, "10mm", orientation)
    document = calibration_document(sheet, flip)
    assert len(document.pages) == 2
    vertical, horizontal = front_lines(document)
    xs, ys = ruler_ticks(document)
    assert len(xs) == len(ys) == 41  # -10 to +10 mm
    assert all(b - a == pytest.approx(0.5, abs=1e-9) for a, b in zip(xs, xs[1:]))
    assert all(b - a == pytest.approx(0.5, abs=1e-9) for a, b in zip(ys, ys[1:]))
    front_x, front_y = vertical[0][0], horizontal[0][1]
    # the zero ticks are the front lines seen through the paper: mirrored across the flip axis
    expected_x = sheet.width - front_x if mirrored == "x" else front_x
    expected_y = sheet.height - front_y if mirrored == "y" else front_y
    assert xs[20] == pytest.approx(expected_x) and ys[20] == pytest.approx(expected_y)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_the_tick_read_is_the_back_offset_that_puts_backs_on_their_fronts(flip):
    sheet = make_sheet("a4")
    document = calibration_document(sheet, flip)
    vertical, horizontal = front_lines(document)
    xs, ys = ruler_ticks(document)
    shift = (1.5, -2.0)  # the printer prints the back side this far off (back-page coordinates)
    # the front's lines, seen from the back, stay where the unshifted zero ticks are; the printed ticks moved
    seen_x, seen_y = xs[20], ys[20]
    read_x = next(k * 0.5 - 10 for k, x in enumerate(xs) if x + shift[0] == pytest.approx(seen_x))
    read_y = next(k * 0.5 - 10 for k, y in enumerate(ys) if y + shift[1] == pytest.approx(seen_y))
    assert (read_x, read_y) == (-1.5, 2.0)
    # a tile's back placed with that offset and printed with the shift lands behind its front
    slot = Slot(0, 60.0, 80.0, 0)
    corrected = mirror_slot(slot, sheet.width, (read_x, read_y), flip, sheet.height)
    ideal = mirror_slot(slot, sheet.width, (0.0, 0.0), flip, sheet.height)
    assert (corrected.x + shift[0], corrected.y + shift[1]) == pytest.approx((ideal.x, ideal.y))


def test_cli_writes_a_two_page_pdf_naming_the_flip_edge(tmp_path, cli, require_tool):
    pdfinfo, pdftotext = require_tool("pdfinfo"), require_tool("pdftotext")
    out = tmp_path / "cal.pdf"
    assert cli("calibrate", "--paper", "letter", "--flip", "short", "-o", out).status == 0
    info = subprocess.run([pdfinfo, out], capture_output=True, text=True).stdout
    assert re.search(r"Pages:\s+2\n", info) and "612 x 792 pts" in info
    text = subprocess.run([pdftotext, "-layout", out, "-"], capture_output=True, text=True).stdout
    assert "flipping on the short edge" in text and "--back-offset X,Y with --flip short" in text
    assert "back_offset" in text
    again = tmp_path / "again.pdf"
    assert cli("calibrate", "--paper", "letter", "--flip", "short", "-o", again).status == 0
    assert again.read_bytes() == out.read_bytes()


def test_tiles_flip_short_mirrors_backs_top_to_bottom(tmp_path, cli):
    out = tmp_path / "d.svg"
    assert cli("tiles", "-o", out, "--duplex", "--flip", "short", "--back-offset", "1mm,0.5mm",
               "--modulus", "5", "--copies", "2").status == 0
    _, fronts = svg_items(tmp_path / "d-1.svg")
    _, backs = svg_items(tmp_path / "d-2.svg")

    def centres(outlines):
        return sorted((round(sum(x for x, _ in p) / 5, 2), round(sum(y for _, y in p) / 5, 2)) for p in outlines)

    backs_outlines = [i["points"] for i in backs if i["tag"] == "polygon" and len(i["points"]) == 5]
    front_centres = centres(cut_outlines(fronts))
    # the back is the front turned upside down (mirror top to bottom): the centroid mirrors across y = 148.5
    expected = sorted((round(x + 1, 2), round(297 - y + 0.5, 2)) for x, y in front_centres)
    found = centres(backs_outlines)
    assert len(found) == len(expected) == 10
    assert [c for p in found for c in p] == pytest.approx([c for p in expected for c in p], abs=0.02)


@pytest.mark.parametrize("argv, message, usage", [
    (["--flip", "sideways"], "invalid choice", True),
    (["--paper", "20x20mm"], "margin", False),
    (["--paper", "banana"], "paper", False),
])
def test_bad_calibrate_input_is_one_line(tmp_path, cli, argv, message, usage):
    result = cli("calibrate", "-o", tmp_path / "c.pdf", *argv)
    assert_one_line_error(result, message, usage=usage, folder=tmp_path)


def test_tiles_bad_flip_is_one_line(tmp_path, cli):
    assert_one_line_error(cli("tiles", "-o", tmp_path / "t.pdf", "--flip", "diagonal"), "invalid choice",
                          usage=True, folder=tmp_path)
