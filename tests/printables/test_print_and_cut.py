"""Print-and-cut: the cut file matches the printed sheets to 0.05 mm, with the same registration marks."""

import csv
import math

import pytest

from modlinseq_print.cli import main
from modlinseq_print.printables.cutters import MARK_CLEARANCE, get_cutter
from modlinseq_print.render.imposition import bounding_box, polygons_gap
from cli_helpers import assert_one_line_error
from sheet_helpers import cut_outlines, svg_items
from tool_helpers import require_module


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pac")
    assert main(["tiles", "-o", str(folder / "sheet.svg"), "--cut-file", str(folder / "cut.svg")]) == 0
    return folder


def _match(outline, candidates):
    """The largest vertex distance from an outline to the nearest candidate with the same vertices."""
    def distance(other):
        return max(min(math.dist(p, q) for q in other) for p in outline)
    return min(distance(other) for other in candidates)


def test_every_cut_outline_lies_on_its_printed_tile(printed):
    sheets, cuts = sorted(printed.glob("sheet-*.svg")), sorted(printed.glob("cut-*.svg"))
    assert len(sheets) == len(cuts) == 2
    total = 0
    for sheet, cut in zip(sheets, cuts):
        sheet_root, printed_items = svg_items(sheet)
        cut_root, cut_items = svg_items(cut)
        assert cut_root.get("width") == sheet_root.get("width") == "210mm"
        assert cut_root.get("viewBox") == sheet_root.get("viewBox") == "0 0 210 297"
        tiles = cut_outlines(printed_items)
        paths = [i["points"] for i in cut_items if i["layer"] == "cut"]
        assert len(paths) == len(tiles) > 50
        for path in paths:
            assert _match(path, tiles) <= 0.05
        total += len(paths)
    assert total == 130


def test_registration_marks_are_printed_and_in_the_cut_file_and_pieces_keep_clear(printed):
    for n in (1, 2):
        _, printed_items = svg_items(printed / f"sheet-{n}.svg")
        _, cut_items = svg_items(printed / f"cut-{n}.svg")
        marks = [i["points"] for i in printed_items if i["layer"] == "registration"]
        assert marks == [i["points"] for i in cut_items if i["layer"] == "registration"]
        assert len(marks) == 3
        square, top_right, bottom_left = map(bounding_box, marks)
        MARK_SQUARE, MARK_LENGTH = get_cutter("silhouette").mark_square, get_cutter("silhouette").mark_length
        assert (square.x, square.y, square.width, square.height) == (10, 10, MARK_SQUARE, MARK_SQUARE)
        assert (top_right.right, top_right.y, top_right.width) == (200, 10, MARK_LENGTH)
        assert (bottom_left.x, bottom_left.bottom, bottom_left.height) == (10, 287, MARK_LENGTH)
        assert all(i["fill"] == "#000000" for i in printed_items if i["layer"] == "registration")
        for tile in cut_outlines(printed_items):
            assert min(polygons_gap(tile, mark) for mark in marks) >= MARK_CLEARANCE - 1e-6


def test_cut_file_has_inkscape_layers_and_its_own_manifest(printed):
    text = (printed / "cut-1.svg").read_text()
    assert 'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"' in text
    for label in ("Cut", "Score", "Engrave", "Registration"):
        assert f'inkscape:groupmode="layer" inkscape:label="{label}"' in text
    sheet_rows = list(csv.DictReader(open(printed / "sheet.manifest.csv")))
    cut_rows = list(csv.DictReader(open(printed / "cut.cut.manifest.csv")))
    assert sheet_rows == cut_rows  # same pieces at the same places: the cut file is the sheet's twin


def test_duplex_sheets_get_one_cut_page_per_fronts_page(tmp_path, cli):
    assert cli("tiles", "-o", tmp_path / "d.pdf", "--duplex", "--cut-file", tmp_path / "d.svg",
               "--modulus", "5", "--copies", "4", "--kerf", "0.2mm").status == 0
    _, items = svg_items(tmp_path / "d.svg")
    paths = [i["points"] for i in items if i["layer"] == "cut"]
    rows = [r for r in csv.DictReader(open(tmp_path / "d.manifest.csv")) if not r["kind"].startswith("total")]
    assert len(paths) == len(rows) == 20
    for path, row in zip(paths, rows):  # centred on the printed tile, 0.2 mm wider (kerf)
        box = bounding_box(path)
        assert box.x + box.width / 2 == pytest.approx(float(row["x_mm"]), abs=0.01)
        assert box.y + box.height / 2 == pytest.approx(float(row["y_mm"]), abs=0.05) and box.width > 25.2


def test_bed_nesting_is_kept_for_blank_material(tmp_path, cli):
    assert cli("tiles", "-o", tmp_path / "s.pdf", "--cut-file", tmp_path / "c.svg", "--bed", "300x300mm").status == 0
    _, items = svg_items(tmp_path / "c.svg")
    assert not [i for i in items if i["layer"] == "registration"]
    assert sum(len(i["points"]) == 4 for i in items if i["layer"] == "cut") == 1  # the reference square
    assert (tmp_path / "c.svg").read_text().count('viewBox="0 0 300 300"') == 1


@pytest.mark.parametrize("argv, message", [
    (["-o", "OUT/t.dxf", "--cut-mode", "print"], "needs a printed sheet"),
    (["--cut-file", "OUT/c.svg", "--cut-mode", "print", "--bed", "600x400mm"], "drop --bed"),
    (["--cut-file", "OUT/c.svg", "--layout", "gutter-fold"], "gutter-fold"),
    (["--cut-file", "OUT/c.svg", "--paper", "50x50mm", "--margin", "20mm"], "registration marks"),
    (["--cut-file", "OUT/c.svg", "--cut-mode", "laser"], "invalid choice"),
    (["--cut-file", "OUT/c.svg", "--score-color", "blue-ish"], "bad colour"),
    (["--cut-file", "OUT/c.svg", "--reference-size", "2mm", "--cut-mode", "bed"], "reference square of 2 mm"),
    (["--cut-file", "OUT/c.svg", "--reference-size", "10mm"], "add --cut-mode bed"),
    (["--cut-file", "OUT/c.svg", "--bed-margin", "3mm"], "--bed-margin sets up bed nesting"),
])
def test_bad_print_and_cut_input_is_one_line(tmp_path, cli, argv, message):
    argv = [a.replace("OUT/", f"{tmp_path}/") for a in argv]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "s.pdf")]
    result = cli("tiles", *argv)
    assert_one_line_error(result, message, folder=tmp_path, usage="invalid choice" in message)


def test_print_and_cut_dxf_has_the_cut_paths_and_marks_in_page_coordinates(tmp_path, cli):
    ezdxf = require_module("ezdxf", "dxf")
    assert cli("markers", "-o", tmp_path / "m.pdf", "--cut-file", tmp_path / "m.dxf", "--range", "8-12").status == 0
    document = ezdxf.readfile(tmp_path / "m.dxf")
    entities = list(document.modelspace())
    cut = [e for e in entities if e.dxf.layer == "CUT"]
    marks = [e for e in entities if e.dxf.layer == "REGISTRATION"]
    assert len(cut) == 5 and len(marks) == 3
    assert document.layers.get("CUT").dxf.color == 1 and document.layers.get("REGISTRATION").dxf.color == 7
    rows = [r for r in csv.DictReader(open(tmp_path / "m.cut.manifest.csv")) if not r["kind"].startswith("total")]
    for entity, row in zip(cut, rows):  # y upward in DXF: the page's y is 297 - y
        xs, ys = zip(*[p[:2] for p in entity.get_points()])
        assert (min(xs) + max(xs)) / 2 == pytest.approx(float(row["x_mm"]), abs=0.01)
        assert 297 - max(ys) < float(row["y_mm"]) < 297 - min(ys)
    square = bounding_box([p[:2] for p in marks[0].get_points()])
    assert (square.x, square.bottom, square.width) == pytest.approx((10, 287, get_cutter("silhouette").mark_square))
    low, high = document.header["$EXTMIN"], document.header["$EXTMAX"]
    assert (low[0], low[1], high[0], high[1]) == pytest.approx((10, 10, 200, 287))
