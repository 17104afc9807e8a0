"""Tile sheets measured from the SVG the CLI writes: widths, overlaps, printable area, backs, manifests."""

import csv
import json
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations

import pytest
from sheet_helpers import SVG, cut_outlines, svg_items

from modlinseq_print.cli import main
from modlinseq_print.render.imposition import bounding_box, polygons_gap

@pytest.fixture(scope="module")
def default_svgs(tmp_path_factory):
    out = tmp_path_factory.mktemp("tiles") / "tiles.svg"
    assert main(["tiles", "-o", str(out)]) == 0
    return out


def test_default_sheet_is_130_tiles_25_mm_wide(default_svgs):
    pages = sorted(default_svgs.parent.glob("tiles-*.svg"))
    assert len(pages) == 2
    outlines = []
    for page in pages:
        root, items = svg_items(page)
        assert root.get("width") == "210mm" and root.get("viewBox") == "0 0 210 297"
        outlines += cut_outlines(items)
    assert len(outlines) == 130
    for points in outlines:
        assert bounding_box(points).width == pytest.approx(25.00, abs=0.02)


def test_one_inch_tiles_measure_25_4_mm(tmp_path, cli):
    out = tmp_path / "inch.svg"
    assert cli("tiles", "-o", out, "--tile-width", "1in", "--copies", "3").status == 0
    _, items = svg_items(out)
    widths = [bounding_box(p).width for p in cut_outlines(items)]
    assert len(widths) == 39 and all(w == pytest.approx(25.40, abs=0.02) for w in widths)


def test_no_overlaps_and_inside_the_printable_area(default_svgs):
    for page in sorted(default_svgs.parent.glob("tiles-*.svg")):
        _, items = svg_items(page)
        outlines = cut_outlines(items)
        for a, b in combinations(outlines, 2):
            assert polygons_gap(a, b) >= 2.0 - 0.01  # the default gap, 2 mm
        for points in outlines:
            box = bounding_box(points)
            assert box.x >= 10 - 1e-3 and box.y >= 10 - 1e-3 and box.right <= 200 + 1e-3 and box.bottom <= 287 + 1e-3


def test_nesting_turns_alternate_tiles_and_fits_more(default_svgs, tmp_path, cli):
    _, items = svg_items(sorted(default_svgs.parent.glob("tiles-*.svg"))[0])
    turned = [i for i in items if i["tag"] == "text" and (i.get("transform") or "").startswith("rotate(180")]
    nested = len(cut_outlines(items))
    assert turned and nested >= 80
    out = tmp_path / "flat.svg"
    cli("tiles", "-o", out, "--no-nest")
    _, flat = svg_items(tmp_path / "flat-1.svg")
    assert len(cut_outlines(flat)) < nested
    assert not any(i["tag"] == "text" and "rotate" in (i.get("transform") or "") for i in flat)


def test_manifest_matches_the_sheet(default_svgs):
    rows = list(csv.DictReader(open(default_svgs.with_name("tiles.manifest.csv"))))
    pieces = [r for r in rows if not r["kind"].startswith("total")]
    assert len(pieces) == 130
    assert Counter(r["value"] for r in pieces) == {str(v): 10 for v in range(13)}
    totals = {r["value"]: int(r["count"]) for r in rows if r["kind"] == "total number"}
    assert totals == {str(v): 10 for v in range(13)}
    data = json.load(open(default_svgs.with_name("tiles.manifest.json")))
    assert data["total"] == 130 and data["totals"]["number"] == {str(v): 10 for v in range(13)}
    # every manifest position is the centre of a cut outline on its page
    for sheet in (1, 2):
        _, items = svg_items(default_svgs.with_name(f"tiles-{sheet}.svg"))
        centres = sorted((round(b.x + b.width / 2, 1), round(b.y + b.height / 2, 1))
                         for b in map(bounding_box, cut_outlines(items)))
        listed = sorted((round(float(r["x_mm"]), 1), round(float(r["y_mm"]), 1)) for r in pieces
                        if r["sheet"] == str(sheet))
        assert centres == listed


def _centre(points):
    box = bounding_box(points)
    return box.x + box.width / 2, box.y + box.height / 2


def test_backs_mirror_fronts_plus_offset(tmp_path, cli):
    out = tmp_path / "duplex.svg"
    assert cli("tiles", "-o", out, "--duplex", "--back-offset", "1.5mm,-0.5mm",
               "--back-text", "MODLINSEQ", "--modulus", "7", "--copies", "4").status == 0
    _, fronts = svg_items(tmp_path / "duplex-1.svg")
    _, backs = svg_items(tmp_path / "duplex-2.svg")
    front_centres = sorted((round(210 - x + 1.5, 2), round(y - 0.5, 2)) for x, y in map(_centre, cut_outlines(fronts)))
    back_shapes = [i["points"] for i in backs if i["tag"] == "polygon" and i["layer"] == "tiles"]
    back_centres = sorted((round(x, 2), round(y, 2)) for x, y in map(_centre, back_shapes))
    assert len(front_centres) == 28 and back_centres == front_centres
    back_texts = [i for i in backs if i["tag"] == "text" and i["layer"] == "tiles"]
    assert len(back_texts) == 28 and {t["text"] for t in back_texts} == {"MODLINSEQ"}
    assert not any(re.fullmatch(r"\d+", t["text"] or "") for t in back_texts)  # backs never show numbers


def test_bleed_keeps_the_number_in_the_safe_zone(tmp_path, cli):
    out = tmp_path / "bleed.svg"
    assert cli("tiles", "-o", out, "--bleed", "3mm", "--copies", "2", "--underline").status == 0
    _, items = svg_items(out)
    outlines = cut_outlines(items)
    bleeds = [i["points"] for i in items if i["tag"] == "polygon" and i["layer"] == "tiles"
              and i.get("stroke") in (None, "none") and len(i["points"]) == 5]
    assert len(outlines) == len(bleeds) == 26
    for a, b in combinations(outlines, 2):
        assert polygons_gap(a, b) >= 6.0 - 0.01  # cut lines two bleeds apart
    for a, b in combinations(bleeds, 2):
        assert polygons_gap(a, b) >= -0.01  # bleeds may touch, never overlap
    for outline, bleed in zip(outlines, bleeds):
        assert polygons_gap(bleed, outline) < 0 and bounding_box(bleed).width > bounding_box(outline).width + 5.9
    underlines = [i for i in items if i["tag"] == "polygon" and len(i["points"]) == 4 and i["layer"] == "tiles"]
    assert len(underlines) == 4  # two 6s and two 9s


def test_crop_marks_stay_outside_the_tiles(tmp_path, cli):
    out = tmp_path / "crop.svg"
    assert cli("tiles", "-o", out, "--crop-marks", "--tile-shape", "house", "--copies", "3").status == 0
    root = ET.parse(out).getroot()
    marks = [[tuple(map(float, p.split(","))) for p in e.get("points").split()]
             for e in root.iter(SVG + "polyline") if len(e.get("points").split()) == 2]
    _, items = svg_items(out)
    outlines = cut_outlines(items)
    edges_y = {round(y, 2) for points in outlines for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])
               if abs(y0 - y1) < 1e-6 for y in (y0,)}
    horizontal = [m for m in marks if abs(m[0][1] - m[1][1]) < 1e-6 and abs(m[0][0] - m[1][0]) == pytest.approx(5)]
    assert {round(m[0][1], 2) for m in horizontal} == edges_y
    for mark in horizontal:
        for points in outlines:
            assert polygons_gap(mark, points) >= 1.5 - 0.01
            assert 10 <= min(x for x, _ in mark) and max(x for x, _ in mark) <= 200


def test_dashed_and_no_cut_lines(tmp_path, cli):
    cli("tiles", "-o", tmp_path / "dash.svg", "--cut-lines", "dashed", "--copies", "1")
    _, items = svg_items(tmp_path / "dash.svg")
    assert all(i.get("stroke-dasharray") for i in items if i["tag"] == "polygon" and i in items
               and i["layer"] == "tiles" and len(i["points"]) == 5)
    cli("tiles", "-o", tmp_path / "none.svg", "--cut-lines", "none", "--copies", "1")
    _, items = svg_items(tmp_path / "none.svg")
    polygons = [i for i in items if i["tag"] == "polygon" and i["layer"] == "tiles"]
    assert not cut_outlines(items) and len([i for i in polygons if len(i["points"]) == 5]) == 13
    assert len([i for i in polygons if len(i["points"]) == 4]) == 2  # the bars under 6 and 9, by default


def test_wild_tiles_and_blockers(tmp_path, cli):
    out = tmp_path / "extra.svg"
    assert cli("tiles", "-o", out, "--copies", "1", "--wild", "3", "--blockers", "2").status == 0
    _, items = svg_items(out)
    texts = Counter(i["text"] for i in items if i["tag"] == "text" and i["layer"] == "tiles")
    assert texts["#"] == 3 and sum(texts[str(v)] for v in range(13)) == 13
    fills = Counter(i["fill"] for i in items if i["tag"] == "polygon" and i["layer"] == "tiles")
    assert fills["#d32f2f"] == 2 and fills["#fff3c4"] == 3 and fills["#ffd54f"] == 13
    data = json.load(open(tmp_path / "extra.manifest.json"))
    assert data["totals"]["wild"] == {"": 3} and data["totals"]["blocker"] == {"": 2} and data["total"] == 18


def test_house_tiles_nest_roof_to_roof(tmp_path, cli):
    out = tmp_path / "house.svg"
    assert cli("tiles", "-o", out, "--tile-shape", "house", "--gap", "0").status == 0
    _, items = svg_items(tmp_path / "house-1.svg")
    outlines = cut_outlines(items)
    area = sum(0.5 * abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(p, p[1:] + p[:1]))) for p in outlines)
    box = bounding_box([q for p in outlines for q in p])
    assert len(outlines) >= 90 and area / (box.width * box.height) > 0.9
    for a, b in combinations(outlines, 2):
        assert polygons_gap(a, b) >= -0.01
    assert math.isclose(bounding_box(outlines[0]).width, 25.0, abs_tol=0.02)
