"""Cutter profiles: each cutter's marks and area from the data table, the sheets and cut files that follow
them, and a one-line refusal naming the limit when a layout does not fit."""

import csv

import pytest
from PIL import Image

from cli_helpers import assert_one_line_error
from modlinseq_print.printables.cutters import cutters, get_cutter
from modlinseq_print.render.imposition import bounding_box
from sheet_helpers import svg_items


def test_every_profile_names_its_marks_area_and_sources():
    assert set(cutters()) == {"silhouette", "cricut", "scanncut", "summa"}
    for cutter in cutters().values():
        assert cutter.title and cutter.label and cutter.notes
        assert cutter.area or cutter.design_area
        assert all(source.startswith("https://") for source in cutter.sources)
    assert get_cutter(None).name == "silhouette"


def cut_paths(path):
    _, items = svg_items(path)
    return [i for i in items if i["layer"] == "cut"], [i for i in items if i["layer"] == "registration"]


def test_silhouette_marks_sit_10mm_from_the_edge_whatever_the_margin(tmp_path, cli):
    assert cli("tiles", "--modulus", "5", "--copies", "2", "--margin", "5mm", "--cutter", "silhouette",
               "-o", tmp_path / "s.svg", "--cut-file", tmp_path / "c.svg").status == 0
    paths, marks = cut_paths(tmp_path / "c.svg")
    square = bounding_box(marks[0]["points"])
    assert (square.x, square.y, square.width) == (10, 10, 5)
    for path in paths:  # every piece inside the marks' band: 10 mm + the 5 mm square + 3 mm clear
        box = bounding_box(path["points"])
        assert box.x >= 18 - 1e-6 and box.y >= 18 - 1e-6 and box.right <= 192 + 1e-6


def test_cricut_sheets_are_transparent_images_of_the_design_area_without_marks(tmp_path, cli):
    assert cli("tiles", "--modulus", "5", "--copies", "4", "--paper", "letter", "--cutter", "cricut", "--dpi", "100",
               "-o", tmp_path / "s.png", "--cut-file", tmp_path / "c.svg").status == 0
    image = Image.open(tmp_path / "s.png")
    assert image.mode == "RGBA" and image.size == (round(7.44 * 100), round(9.94 * 100))
    assert image.getpixel((image.size[0] - 1, image.size[1] - 1))[3] == 0  # no background, no footer
    paths, marks = cut_paths(tmp_path / "c.svg")
    assert marks == [] and len(paths) == 20
    rows = [r for r in csv.DictReader(open(tmp_path / "s.manifest.csv")) if not r["kind"].startswith("total")]
    for row in rows:  # each piece opaque at its centre, clear just outside its cut (Design Space adds the bleed)
        x, y = float(row["x_mm"]) / 25.4 * 100, float(row["y_mm"]) / 25.4 * 100
        assert image.getpixel((round(x), round(y)))[3] == 255
    width_px = 25 / 25.4 * 100
    first = rows[0]
    outside = (float(first["x_mm"]) / 25.4 * 100 - width_px / 2 - 3, float(first["y_mm"]) / 25.4 * 100)
    assert image.getpixel(tuple(round(v) for v in outside))[3] == 0


def test_summa_cuts_the_die_lines_of_a_press_ready_pdf(tmp_path, cli):
    assert cli("tiles", "--modulus", "5", "--copies", "2", "--cutter", "summa", "--press", "-o", tmp_path / "s.pdf",
               "--cut-file", tmp_path / "c.svg").status == 0
    assert cli("preflight", tmp_path / "s.pdf").status == 0
    _, marks = cut_paths(tmp_path / "c.svg")
    assert marks == []  # Summa's software prints the OPOS marks


@pytest.mark.parametrize("argv, words", [
    (["--cutter", "cricut", "--paper", "a3", "-o", "OUT/s.png"], ["--paper", "letter or a4", "not a3"]),
    (["--cutter", "cricut", "-o", "OUT/s.pdf"], ["--output", "PNG or SVG"]),
    (["--cutter", "scanncut", "--paper", "a3", "-o", "OUT/s.pdf"], ["--paper", "296 x 298 mm"]),
    (["--cutter", "silhouette", "--paper", "13x25in", "-o", "OUT/s.pdf"], ["--paper", "304.8 x 609.6 mm"]),
    (["--cutter", "summa", "-o", "OUT/s.pdf"], ["--press", "press-ready PDF"]),
    (["--cutter", "sizzix", "-o", "OUT/s.pdf"], ["--cutter", "invalid choice"]),
])
def test_a_layout_the_cutter_cannot_take_is_one_line(tmp_path, cli, argv, words):
    argv = [a.replace("OUT/", f"{tmp_path}/out/") for a in argv]
    result = cli("tiles", *argv, "--cut-file", tmp_path / "out" / "c.svg")
    assert_one_line_error(result, *words, folder=tmp_path / "out", usage="invalid choice" in words)


def test_a_cutter_without_print_and_cut_is_one_line(tmp_path, cli):
    assert_one_line_error(cli("tiles", "--cutter", "cricut", "-o", tmp_path / "out" / "s.png"),
                          "--cutter", "print-and-cut", folder=tmp_path / "out")
