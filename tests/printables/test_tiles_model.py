"""Tile sets, counts files, number sizes and the imposition maths, without writing files."""

import math
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from modlinseq_print.geometry.layout import tile_shape
from modlinseq_print.printables.tiles import (
    Piece, TileError, TileFaces, TileLook, centroid, fit_font_size, label_box, read_counts, tile_set,
)
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.imposition import (
    ImpositionError, Slot, bounding_box, candidate_lattices, convex_hull, mirror_slot, offset_convex, pack_shapes,
    place_outline, place_rectangles, polygons_gap,
)
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.theme import get_theme

A4_AREA = Rect(10, 10, 190, 277)


def area_of(points):
    return 0.5 * abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])))


# ---- tile sets --------------------------------------------------------------------------------------------

def test_default_set_is_ten_each_of_0_to_12():
    pieces = tile_set()
    assert len(pieces) == 130 and Counter(p.value for p in pieces) == {v: 10 for v in range(13)}


def test_no_zero_counts_wild_and_blockers():
    pieces = tile_set(7, 3, no_zero=True, counts={1: 5}, wild=2, blockers=4)
    counts = Counter((p.kind, p.value) for p in pieces)
    assert counts[("number", 0)] == 0 and counts[("number", 1)] == 5 and counts[("number", 6)] == 3
    assert counts[("wild", None)] == 2 and counts[("blocker", None)] == 4 and len(pieces) == 5 + 5 * 3 + 6
    assert Piece("wild").label == "#" and Piece("number", 12).label == "12" and Piece("blocker").label == ""


@pytest.mark.parametrize("kwargs, message", [
    ({"modulus": 1}, "bad modulus 1"),
    ({"copies": -1}, "bad number of copies"),
    ({"wild": -3}, "bad number of wild tiles"),
    ({"counts": {13: 2}}, "value 13"),
    ({"counts": {4: -1}}, "tiles of value 4"),
    ({"copies": 0}, "nothing to print"),
])
def test_bad_sets_are_one_line_errors(kwargs, message):
    with pytest.raises(TileError, match=message) as error:
        tile_set(**kwargs)
    assert "\n" not in str(error.value)


def counts_file(folder, name, text):
    """A counts file of that name and text in folder."""
    path = folder / name
    path.write_text(text)
    return path


def test_counts_from_toml_and_csv(tmp_path):
    assert read_counts(counts_file(tmp_path, "counts.toml", "[counts]\n0 = 4\n12 = 20\n")) == {0: 4, 12: 20}
    assert read_counts(counts_file(tmp_path, "flat.toml", '"3" = 1\n')) == {3: 1}
    table = counts_file(tmp_path, "counts.csv", "value,count\n0,4\n7,11\n")
    assert read_counts(table) == {0: 4, 7: 11}
    assert read_counts(counts_file(tmp_path, "bare.csv", "5,2\n")) == {5: 2}
    pieces = tile_set(13, 10, counts=read_counts(table))
    assert len(pieces) == 4 + 11 + 11 * 10


@pytest.mark.parametrize("name, text, message", [
    ("bad.toml", "[counts\n", "not valid TOML"),
    ("bad.csv", "1,many\n", "bad count for 1"),
    ("bad.txt", "1,2\n", "use a .toml or .csv"),
    ("float.toml", "1 = 2.5\n", "bad count"),
])
def test_bad_counts_files(tmp_path, name, text, message):
    path = counts_file(tmp_path, name, text)
    with pytest.raises(TileError, match=message):
        read_counts(path)


# ---- faces --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", ["pentagon", "house"])
@pytest.mark.parametrize("safe", [1.5, 3.0])
def test_number_box_stays_in_the_safe_zone(shape, safe):
    look = TileLook(shape=shape, safe=safe, underline=True)
    box = label_box([str(v) for v in range(13)], look.font, True)
    size = fit_font_size(look.outline, box, safe, 100.0)
    cx, cy = centroid(look.outline)
    corners = [(cx + sx * box.half_width * size, cy + dy * size) for sx in (-1, 1) for dy in (-box.above, box.below)]
    inner = offset_convex(look.outline, -safe)
    # every corner inside the inner outline, and one touching it: the box is as large as fits
    assert max(_signed(inner, c) for c in corners) == pytest.approx(0, abs=1e-6)
    assert size > 8


def _signed(polygon, point):
    return polygons_gap(polygon, [point]) if polygons_gap(polygon, [point]) > 0 else -min(
        _edge_distance(point, a, b) for a, b in zip(polygon, polygon[1:] + polygon[:1]))


def _edge_distance(p, a, b):
    (ax, ay), (bx, by) = a, b
    return abs((bx - ax) * (ay - p[1]) - (ax - p[0]) * (by - ay)) / math.hypot(bx - ax, by - ay)


def test_numbers_are_large_and_one_size():
    faces = TileFaces(TileLook(), get_theme("green"), [str(v) for v in range(13)])
    assert 10 < faces.size <= 12.5  # about half the 25 mm tile
    assert text_width("12", "Helvetica-Bold", faces.size) > 12 and cap_height("Helvetica-Bold") * faces.size > 7


def test_turned_tile_keeps_its_text_on_the_tile():
    faces = TileFaces(TileLook(underline=True), get_theme("green"), ["9"])
    up, down = Slot(0, 50, 50, 0), Slot(0, 50, 50, 180)
    text_up = next(i for i in faces.face(Piece("number", 9), up) if hasattr(i, "text"))
    text_down = next(i for i in faces.face(Piece("number", 9), down) if hasattr(i, "text"))
    assert text_up.rotate == 0 and text_down.rotate == 180
    assert text_up.y - 50 == pytest.approx(50 - text_down.y) and text_up.y > 50  # the centroid sits low in a pentagon


# ---- imposition --------------------------------------------------------------------------------------

@pytest.mark.parametrize("shape", ["pentagon", "house"])
@pytest.mark.parametrize("width, gap", [(25.0, 2.0), (25.4, 0.0), (18.0, 3.3), (40.0, 1.0)])
def test_packed_shapes_never_overlap_and_stay_inside(shape, width, gap):
    outline = tile_shape(width, shape)
    pages = pack_shapes(150, outline, A4_AREA, gap)
    assert sum(len(p) for p in pages) == 150 and all(s.page == i for i, p in enumerate(pages) for s in p)
    placed = [place_outline(outline, s) for s in pages[0]]
    for a, b in combinations(placed, 2):
        assert polygons_gap(a, b) >= gap - 1e-6
    assert all(A4_AREA.contains(bounding_box(p)) for p in placed)


def test_nesting_fits_more_than_upright_rows():
    for shape in ("pentagon", "house"):
        outline = tile_shape(25.0, shape)
        nested = len(pack_shapes(300, outline, A4_AREA, 2.0)[0])
        upright = len(pack_shapes(300, outline, A4_AREA, 2.0, nest=False)[0])
        assert nested > upright
        assert {s.rotation for s in pack_shapes(300, outline, A4_AREA, 2.0, nest=False)[0]} == {0}


def test_pentagon_lattice_reaches_the_known_densest_double_lattice():
    outline = tuple(tile_shape(25.0))
    best = candidate_lattices(outline, 0.0, True)[0]
    assert area_of(list(outline)) / best.area_per_copy == pytest.approx((5 - math.sqrt(5)) / 3, abs=0.002)
    house = tuple(tile_shape(25.0, "house"))
    assert area_of(list(house)) / candidate_lattices(house, 0.0, True)[0].area_per_copy > 0.995


def test_keep_out_rectangles_stay_clear():
    outline = tile_shape(25.0)
    square = Rect(10, 10, 100, 100)
    slots = pack_shapes(60, outline, A4_AREA, 2.0, keep_out=(square,))[0]
    corners = [(10, 10), (110, 10), (110, 110), (10, 110)]
    assert all(polygons_gap(place_outline(outline, s), corners) >= 2.0 - 1e-6 for s in slots)


def test_cards_grid_for_other_printables():
    pages = place_rectangles(20, 63, 88, A4_AREA, gap=0.0)
    assert [len(p) for p in pages] == [9, 9, 2]
    xs = sorted({round(s.x, 6) for s in pages[0]})
    ys = sorted({round(s.y, 6) for s in pages[0]})
    assert [b - a for a, b in zip(xs, xs[1:])] == [63, 63] and [b - a for a, b in zip(ys, ys[1:])] == [88, 88]
    assert xs[0] - 31.5 == pytest.approx(210 - xs[-1] - 31.5)  # centred
    with pytest.raises(ImpositionError, match="does not fit"):
        place_rectangles(1, 300, 88, A4_AREA)


def test_a_tile_too_large_for_the_paper():
    with pytest.raises(ImpositionError, match="does not fit the printable area") as error:
        pack_shapes(1, tile_shape(200.0), A4_AREA)
    assert "\n" not in str(error.value)
    with pytest.raises(ImpositionError, match="must not be negative"):
        pack_shapes(-1, tile_shape(25.0), A4_AREA)


def test_backs_mirror_across_the_vertical_centre_line():
    slot = Slot(0, 30.0, 40.0, 180)
    assert mirror_slot(slot, 210.0) == Slot(0, 180.0, 40.0, 180)
    assert mirror_slot(slot, 210.0, (1.5, -0.5)) == Slot(0, 181.5, 39.5, 180)


convex_polygons = st.lists(st.tuples(st.floats(-50, 50), st.floats(-50, 50)), min_size=3, max_size=12).map(
    convex_hull).filter(lambda p: len(p) >= 3 and area_of(p) > 50
                        and min(math.dist(a, b) for a, b in zip(p, p[1:] + p[:1])) > 0.5)


@settings(max_examples=60, deadline=None)
@given(convex_polygons, st.floats(0.01, 3.0))
def test_offset_moves_every_edge_by_exactly_the_distance(points, distance):
    grown = offset_convex(points, distance)
    for (a, b), (c, d) in zip(zip(points, points[1:] + points[:1]), zip(grown, grown[1:] + grown[:1])):
        ex, ey = b[0] - a[0], b[1] - a[1]
        assert abs(ex * (d[1] - c[1]) - ey * (d[0] - c[0])) <= 1e-6 * math.hypot(ex, ey) * math.dist(c, d) + 1e-9
        assert _edge_distance(c, a, b) == pytest.approx(distance, abs=1e-6)
    assert polygons_gap(points, grown) < 0 and area_of(grown) > area_of(points)


def test_counts_at_the_top_and_under_counts_are_merged(tmp_path):
    """Top-level counts next to a [counts] table used to be ignored without a word."""
    mixed = tmp_path / "mixed.toml"
    mixed.write_text("0 = 12\n[counts]\n5 = 3\n", encoding="utf-8")
    assert read_counts(mixed) == {0: 12, 5: 3}
    twice = tmp_path / "twice.toml"
    twice.write_text("0 = 12\n[counts]\n0 = 3\n", encoding="utf-8")
    with pytest.raises(TileError, match="value 0 is given twice"):
        read_counts(twice)
