"""Gutter-fold sheets: every back is its front's mirror image across the fold, nothing enters the gutter."""

import csv
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.cli import main
from modlinseq_print.printables.tile_sheets import SheetError, SheetOptions, build_sheets, gutter_fold_slots
from modlinseq_print.printables.tiles import TileFaces, TileLook, tile_set
from modlinseq_print.render.imposition import (
    Fold, ImpositionError, Slot, bounding_box, page_slots, place_outline, sheet_folds,
)
from modlinseq_print.render.paper import Sheet, make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.theme import get_theme
from sheet_helpers import SVG, cut_outlines, manifest, pdf_words, svg_items

TOLERANCE = 0.01  # mm


def polylines(path):
    """(points, dashed) of every polyline of an SVG."""
    root = ET.parse(path).getroot()
    return [([tuple(map(float, p.split(","))) for p in e.get("points").split()], e.get("stroke-dasharray") is not None)
            for e in root.iter(SVG + "polyline")]


def fold_of(path):
    """The fold measured from the SVG: its one dashed line, vertical or horizontal."""
    lines = [points for points, dashed in polylines(path) if dashed]
    assert len(lines) == 1
    (x0, y0), (x1, y1) = lines[0]
    if abs(x0 - x1) < 1e-9:
        return Fold("vertical", x0)
    assert abs(y0 - y1) < 1e-9
    return Fold("horizontal", y0)


def mirrored(points, fold):
    if fold.axis == "vertical":
        return [(2 * fold.position - x, y) for x, y in points]
    return [(x, 2 * fold.position - y) for x, y in points]


def same_polygon(a, b):
    """True when the two point lists hold the same vertices (in any order) to TOLERANCE."""
    return len(a) == len(b) and all(min(math.dist(p, q) for q in b) <= TOLERANCE for p in a)


def side_distance(points, fold):
    """Signed distances of the nearest and farthest point from the fold (negative: before the fold)."""
    coordinate = 0 if fold.axis == "vertical" else 1
    values = [p[coordinate] - fold.position for p in points]
    return min(values), max(values)


def fronts_and_backs(items):
    """The printed footprints of the fronts (the bleed, or the cut outline without one) and the backs."""
    fills = [i["points"] for i in items if i["tag"] == "polygon" and i["layer"] == "tiles"
             and i.get("stroke") in (None, "none") and len(i["points"]) == 5]
    fronts = fills or cut_outlines(items)
    backs = [i["points"] for i in items if i["tag"] == "polygon" and i["layer"] == "backs"]
    return fronts, backs


# name: (options, paper width and height as printed, margin, gutter)
CASES = {
    "default": ([], (210.0, 297.0), 10.0, 6.0),
    "bleed-crop-house": (["--bleed", "3mm", "--crop-marks", "--tile-shape", "house"], (210.0, 297.0), 10.0, 6.0),
    "letter-no-nest": (["--paper", "letter", "--no-nest", "--gutter", "4mm"], (215.9, 279.4), 10.0, 4.0),
    "a3-landscape-inch": (["--paper", "a3", "--orientation", "landscape", "--tile-width", "1in", "--bleed", "2mm",
                           "--crop-marks"], (420.0, 297.0), 10.0, 6.0),
    "odd-paper-gutter-0": (["--paper", "300x180mm", "--orientation", "landscape", "--margin", "7mm",
                            "--gutter", "0", "--gap", "0"], (300.0, 180.0), 7.0, 0.0),
}


@pytest.fixture(scope="module", params=sorted(CASES))
def case(request, tmp_path_factory):
    folder = tmp_path_factory.mktemp(request.param)
    out = folder / "gf.svg"
    options, paper, margin, gutter = CASES[request.param]
    assert main(["tiles", "--layout", "gutter-fold", "--back-text", "MODLINSEQ", "-o", str(out), *options]) == 0
    pages = sorted(folder.glob("gf-*.svg"), key=lambda p: int(p.stem.split("-")[1])) or [out]
    width, height = paper
    return request.param, pages, gutter, Rect(margin, margin, width - 2 * margin, height - 2 * margin - 8.0)


def test_every_back_mirrors_its_front_across_the_fold(case):
    _, pages, _, _ = case
    for page in pages:
        _, items = svg_items(page)
        fold = fold_of(page)
        fronts, backs = fronts_and_backs(items)
        assert fronts and len(backs) == len(fronts)
        unmatched = list(backs)
        for front in fronts:
            image = mirrored(front, fold)
            match = next(back for back in unmatched if same_polygon(image, back))
            unmatched.remove(match)
        texts = [i for i in items if i["tag"] == "text" and i["layer"] == "backs"]
        assert len(texts) == len(fronts) and {t["text"] for t in texts} == {"MODLINSEQ"}


def test_nothing_enters_the_gutter_and_everything_stays_printable(case):
    name, pages, gutter, printable = case  # the printable area above the footer
    for page in pages:
        _, items = svg_items(page)
        fold = fold_of(page)
        fronts, backs = fronts_and_backs(items)
        for front in fronts:
            assert side_distance(front, fold)[1] <= -gutter + 1e-6
            assert printable.contains(bounding_box(front))
        for back in backs:
            assert side_distance(back, fold)[0] >= gutter - 1e-6
            assert printable.contains(bounding_box(back))
        for points, dashed in polylines(page):  # crop marks too keep out of the gutter
            if not dashed and "crop" in name:
                low, high = side_distance(points, fold)
                assert high <= -gutter + 1e-6 or low >= gutter - 1e-6
        labels = [i for i in items if i["tag"] == "text" and i["text"] == "fold"]
        assert len(labels) == 2


def test_nesting_turns_alternate_fronts_and_their_backs(case):
    name, pages, _, _ = case
    _, items = svg_items(pages[0])
    rotations = Counter(i.get("transform", "").startswith("rotate(180") for i in items
                        if i["tag"] == "text" and i["layer"] == "tiles")
    if "no-nest" in name:
        assert not rotations[True]
    else:
        assert rotations[True] and rotations[False]


def test_folds_and_their_mirror():
    vertical, horizontal = sheet_folds(210.0, 297.0)
    assert vertical == Fold("vertical", 105.0) and horizontal == Fold("horizontal", 148.5)
    assert vertical.mirror_slot(Slot(2, 30.0, 40.0, 180)) == Slot(2, 180.0, 40.0, 180)
    assert horizontal.mirror_slot(Slot(0, 30.0, 40.0, 180)) == Slot(0, 30.0, 257.0, 0)
    area = Rect(10, 10, 190, 269)
    assert vertical.front_region(area, 6.0) == Rect(10, 10, 89, 269)
    assert horizontal.front_region(area, 6.0) == Rect(10, 18, 190, 124.5)  # the mirror of the footer is left out
    with pytest.raises(ImpositionError, match="no room beside the vertical fold"):
        vertical.front_region(area, 96.0)


@pytest.mark.parametrize("shape, rotation", [("pentagon", 0), ("pentagon", 180), ("house", 0), ("house", 180)])
@pytest.mark.parametrize("axis", ["vertical", "horizontal"])
def test_a_back_drawn_at_its_slot_is_the_mirror_of_the_front(shape, rotation, axis):
    look = TileLook(shape=shape, bleed=2.0)
    faces = TileFaces(look, get_theme("green"), ["7"])
    fold = Fold(axis, 100.0)
    slot = Slot(0, 43.7, 61.2, rotation)
    back = faces.back(tile_set(13, 1)[7], fold.mirror_slot(slot))[0].points
    assert same_polygon(mirrored(place_outline(look.footprint, slot), fold), list(back))


def test_the_fold_that_holds_more_is_chosen():
    sheet = make_sheet("a4", "10mm")
    options = SheetOptions(layout="gutter-fold")
    for shape, axis, count in (("pentagon", "vertical", 38), ("house", "horizontal", 33)):
        look = TileLook(shape=shape)
        slots, fold = gutter_fold_slots(look, sheet, options, "tile")
        assert fold.axis == axis and len(slots) == count
        area = Rect(10, 10, 190, 269)
        for other in sheet_folds(210.0, 297.0):
            assert len(page_slots(look.footprint, other.front_region(area, 6.0), 2.0)) <= count


def test_pieces_per_a4_sheet_roughly_halve():
    sheet = make_sheet("a4", "10mm")
    pieces = tile_set()
    faces = TileFaces(TileLook(), get_theme("green"), [str(v) for v in range(13)])
    per_sheet = {}
    for layout in ("fronts", "duplex", "gutter-fold"):
        built = build_sheets(pieces, faces, sheet, SheetOptions(layout=layout))
        per_sheet[layout] = Counter(p.slot.page for p in built.placements)[0]
        assert len(built.placements) == 130
        assert len(built.document.pages) == {"fronts": 2, "duplex": 4, "gutter-fold": 4}[layout]
    assert per_sheet == {"fronts": 86, "duplex": 86, "gutter-fold": 38}


def test_gutter_fold_pdf_agrees_with_the_manifest(tmp_path, cli, require_tool):
    require_tool("pdftotext")
    out = tmp_path / "gf.pdf"
    assert cli("tiles", "-o", out, "--layout", "gutter-fold", "--back-text", "BACK").status == 0
    rows = manifest(out)
    words = pdf_words(out)
    numbers = [w for w in words if re.fullmatch(r"\d+", w[1]) and w[3] < 297 - 10 - 8]
    assert len(numbers) == len(rows) == 130 and Counter(w[1] for w in numbers) == {str(v): 10 for v in range(13)}
    backs = [w for w in words if w[1] == "BACK"]
    assert len(backs) == 130
    for listed, kind, x_key, y_key in ((numbers, "value", "x_mm", "y_mm"), (backs, None, "back_x_mm", "back_y_mm")):
        unmatched = list(rows)
        page_key = "page" if kind else "back_page"
        for page, text, x, y in listed:  # each word sits on the piece (or back) the manifest lists there
            row = min(unmatched, key=lambda r: (int(r[page_key]) != page,
                                                (float(r[x_key]) - x) ** 2 + (float(r[y_key]) - y) ** 2))
            assert int(row[page_key]) == page and (kind is None or row[kind] == text)
            assert abs(float(row[x_key]) - x) < 1.0 and abs(float(row[y_key]) - y) < 3.0
            unmatched.remove(row)
    assert Counter(int(r["page"]) for r in rows) == {1: 38, 2: 38, 3: 38, 4: 16}
    for row in rows:  # the back is the front's mirror image across the vertical fold, on the same page
        assert row["back_page"] == row["page"]
        assert float(row["back_x_mm"]) == pytest.approx(210 - float(row["x_mm"]), abs=0.002)
        assert float(row["back_y_mm"]) == pytest.approx(float(row["y_mm"]), abs=0.002)


def test_markers_fold_too(tmp_path, cli):
    out = tmp_path / "markers.svg"
    assert cli("markers", "-o", out, "--layout", "gutter-fold").status == 0
    _, items = svg_items(out)
    fold = fold_of(out)
    fronts, backs = fronts_and_backs(items)
    assert len(fronts) == 13 and all(any(same_polygon(mirrored(f, fold), b) for b in backs) for f in fronts)
    assert {i["fill"] for i in items if i["tag"] == "polygon" and i["layer"] == "backs"} == {
        get_theme("green").marker_fill}
    rows = list(csv.DictReader(open(tmp_path / "markers.manifest.csv")))
    assert all(r["back_page"] == "1" for r in rows if r["kind"] == "marker")


def test_duplex_layout_is_the_duplex_flag(tmp_path, cli):
    one, two = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("tiles", "-o", one, "--duplex", "--copies", "2").status == 0
    assert cli("tiles", "-o", two, "--layout", "duplex", "--copies", "2").status == 0
    assert one.read_bytes() == two.read_bytes()
    rows = manifest(one)
    assert all(int(r["back_page"]) == int(r["page"]) + 1 for r in rows)
    fronts = manifest(tmp_path / "a.pdf")
    assert all(float(r["back_x_mm"]) == pytest.approx(210 - float(r["x_mm"]), abs=0.002) for r in fronts)
    assert cli("tiles", "-o", tmp_path / "c.pdf", "--copies", "1").status == 0
    assert all(r["back_page"] == "" for r in manifest(tmp_path / "c.pdf"))


@pytest.mark.parametrize("argv, message", [
    (["tiles", "--layout", "folded"], "invalid choice: 'folded'"),
    (["tiles", "--layout", "gutter-fold", "--gutter", "80mm"], "gutter of 80 mm"),
    (["tiles", "--layout", "gutter-fold", "--gutter=-1mm"], "bad gutter"),
    (["tiles", "--gutter", "8mm"], "add --layout gutter-fold or drop --gutter"),
    (["tiles", "--duplex", "--layout", "gutter-fold"], "give one of them"),
    (["tiles", "--layout", "gutter-fold", "--back-offset", "1mm,0"], "a back offset corrects a duplex printer"),
    (["markers", "--back-offset", "1mm,0"], "the fronts layout"),
    (["tiles", "--layout", "gutter-fold", "--tile-width", "140mm"], "does not fit half of the printable area"),
    (["markers", "--layout", "gutter-fold", "--paper", "105x148mm", "--tile-width", "60mm"],
     "does not fit half of the printable area"),
])
def test_bad_layouts_are_one_line_errors_and_no_file(tmp_path, cli, argv, message):
    result = cli(*argv, "-o", tmp_path / "out.pdf")
    assert_one_line_error(result, message, folder=tmp_path, usage=argv[2] == "folded")


def test_sheet_options_check_their_values():
    with pytest.raises(SheetError, match="unknown layout 'both'"):
        SheetOptions(layout="both")
    assert SheetOptions(layout="duplex").duplex and not SheetOptions(layout="gutter-fold").duplex
    look = TileLook(width=90.0)
    with pytest.raises(SheetError, match="gutter-fold"):
        gutter_fold_slots(look, Sheet(210.0, 297.0), SheetOptions(layout="gutter-fold", gutter=50.0), "tile")
