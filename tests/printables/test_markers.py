"""Modulus markers (seed section 8): one per modulus of the range, contrasting, standing for 0."""

import json
from collections import Counter

import pytest

from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
from modlinseq_print.printables.tiles import TileError, TileLook, centroid, offset_convex
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.imposition import Slot, bounding_box, polygons_gap
from modlinseq_print.render.theme import THEMES, get_theme
from sheet_helpers import cut_outlines, svg_items


@pytest.mark.parametrize("text, expected", [("8-20", (8, 20)), ("13", (13, 13)), (" 2 - 5 ", (2, 5))])
def test_parse_range(text, expected):
    assert parse_range(text) == expected


@pytest.mark.parametrize("text, message", [("20-8", "lowest modulus comes first"), ("1-5", "from 2"),
                                           ("eight", "bad range"), ("8-1000", "from 2 to 999")])
def test_bad_ranges(text, message):
    with pytest.raises(TileError, match=message) as error:
        parse_range(text)
    assert "\n" not in str(error.value)


def test_marker_set_has_one_per_modulus():
    pieces = marker_set(8, 20)
    assert [p.value for p in pieces] == list(range(8, 21)) and {p.kind for p in pieces} == {"marker"}
    assert len(marker_set(8, 9, copies=3)) == 6


def test_markers_sheet(tmp_path, cli):
    out = tmp_path / "markers.svg"
    assert cli("markers", "-o", out).status == 0
    _, items = svg_items(out)
    outlines = cut_outlines(items)
    assert len(outlines) == 13 and all(bounding_box(p).width == pytest.approx(25.0, abs=0.02) for p in outlines)
    fills = {i["fill"] for i in items if i["tag"] == "polygon" and i["layer"] == "tiles"}
    assert fills == {get_theme("green").marker_fill} and get_theme("green").marker_fill != get_theme("green").tile_fill
    texts = Counter(i["text"] for i in items if i["tag"] == "text" and i["layer"] == "tiles")
    assert all(texts[str(m)] == 1 for m in range(8, 21))
    assert texts["= 0"] == 13 and texts["mod"] == 13  # each marker stands for 0
    data = json.load(open(tmp_path / "markers.manifest.json"))
    assert data["totals"] == {"marker": {str(m): 1 for m in range(8, 21)}}


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_marker_colours_contrast_with_tiles(theme):
    colours = get_theme(theme)
    assert colours.marker_fill != colours.tile_fill and colours.marker_text != colours.marker_fill


@pytest.mark.parametrize("shape", ["pentagon", "house"])
def test_marker_text_fits_inside_the_tile(shape):
    look = TileLook(shape=shape)
    faces = MarkerFaces(look, get_theme("green"), list(range(8, 21)))
    assert faces.size > 7  # the modulus is large
    inner = offset_convex(look.outline, -look.safe_margin)
    cx, cy = centroid(look.outline)
    for text, size, dy in faces.lines(marker_set(20, 20)[0]):
        half = text_width(text, look.font, size) / 2
        top, bottom = cy + dy - cap_height(look.font) * size / 2, cy + dy + cap_height(look.font) * size / 2
        box = [(cx - half, top), (cx + half, top), (cx + half, bottom), (cx - half, bottom)]
        assert polygons_gap(inner, box) < 0  # overlapping the inside...
        for corner in box:  # ...with every corner inside (or on) the safe outline
            assert polygons_gap(inner, [corner]) <= 1e-6
    items = faces.face(marker_set(8, 8)[0], Slot(0, 20, 20, 180))
    assert {getattr(i, "rotate", 180) for i in items} == {180.0}
