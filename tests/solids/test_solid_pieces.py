"""Pieces as solids: closed and oriented, their boxes to 0.05 mm, raised text at its relief, inlaid text
flush and disjoint (volumes add up), sunk text, chamfers, the 6/9 cue, the stroke check and the cache."""

import math
import re

import numpy
import pytest

from modlinseq_print.printables.markers import marker_set
from modlinseq_print.printables.tiles import Piece, tile_set
from modlinseq_print.solids import kernel
from modlinseq_print.solids import pieces as solid_pieces
from modlinseq_print.printables.tiles import MAX_WIDTH, MIN_WIDTH
from modlinseq_print.solids.pieces import WIDTH_STEP, PieceSolids, SolidError, SolidSpec, minimum_width, solid_look
from solids_helpers import edge_report, shells, signed_volume

STANDARD = tile_set(13, 10, wild=4, blockers=2) + marker_set(8, 20)
TOLERANCE = 0.05
SIDE_RATIO = math.sin(math.radians(36)) / math.sin(math.radians(72))  # a pentagon's side over its width


def solids_for(width=25.0, pieces=STANDARD, shape="pentagon", **spec):
    return PieceSolids(solid_look(width, shape), SolidSpec(**spec), pieces)


def pentagon_area(width: float) -> float:
    """A regular pentagon's area from its width (between its two side corners), computed from its side."""
    side = width * SIDE_RATIO
    return 5 * side * side / (4 * math.tan(math.pi / 5))


def box(mesh):
    low, high = mesh.bounds
    return high - low


@pytest.mark.parametrize("style", ["raised", "sunk", "inlay"])
@pytest.mark.parametrize("piece", [Piece("number", 8), Piece("number", 12), Piece("wild"), Piece("blocker"),
                                   Piece("marker", 13)])
def test_every_part_is_closed_oriented_and_has_volume(style, piece):
    model = solids_for(number=style).model(piece)
    for part in model.parts:
        closed, why = edge_report(part.mesh.vertices, part.mesh.triangles)
        assert closed, (part.name, why)
        assert signed_volume(part.mesh.vertices, part.mesh.triangles) > 1.0, part.name


@pytest.mark.parametrize("width, thickness", [(25.0, 3.0), (25.4, 9.0), (25.0, 1.0), (40.0, 40.0), (19.0, 2.2)])
def test_a_tile_body_box_is_its_width_height_and_thickness(width, thickness):
    solids = solids_for(width, pieces=[Piece("number", 4)], thickness=thickness, relief=0.4, number="raised")
    body = solids.model(Piece("number", 4)).parts[0].mesh
    height = width / (2 * math.sin(math.radians(72))) * (1 + math.cos(math.radians(36)))  # radius + apothem
    assert numpy.allclose(box(body), [width, height, thickness], atol=TOLERANCE), box(body)


def test_the_house_shape_has_its_box_too():
    body = solids_for(30.0, pieces=[Piece("number", 1)], shape="house").model(Piece("number", 1)).parts[0].mesh
    assert numpy.allclose(box(body), [30.0, 0.95 * 30.0, 3.0], atol=TOLERANCE)


def test_raised_text_stands_on_the_face_at_the_stated_relief():
    model = solids_for(thickness=3.0, relief=0.8, number="raised").model(Piece("number", 10))
    body, text = model.parts
    assert text.filament != body.filament
    assert body.mesh.bounds[1][2] == pytest.approx(3.0, abs=1e-6)
    assert text.mesh.bounds[0][2] == pytest.approx(3.0, abs=1e-6)
    assert text.mesh.bounds[1][2] == pytest.approx(3.8, abs=1e-6)
    assert shells(text.mesh.triangles) == 2  # the '1' and the '0'


def test_inlaid_text_is_flush_disjoint_and_the_volumes_add_up():
    solids = solids_for(thickness=3.0, relief=0.6, number="inlay", chamfer=0.4)
    piece = Piece("number", 8)
    body, text = solids.solids(piece)
    assert kernel.volume(kernel.intersection(body, text)) == pytest.approx(0.0, abs=1e-6)
    plain = kernel.volume(solids.body())
    assert kernel.volume(body) + kernel.volume(text) == pytest.approx(plain, rel=1e-9)
    parts = solids.model(piece).parts
    assert parts[1].mesh.bounds[1][2] == pytest.approx(3.0, abs=1e-6)  # flush with the face
    assert parts[1].mesh.bounds[0][2] == pytest.approx(2.4, abs=1e-6)
    assert parts[0].mesh.bounds[1][2] == pytest.approx(3.0, abs=1e-6)


def test_sunk_text_is_a_hollow_in_a_single_part():
    solids = solids_for(thickness=3.0, relief=0.6, number="sunk")
    parts = solids.model(Piece("number", 7)).parts
    assert len(parts) == 1
    text_area = kernel.region_area(solids.region(Piece("number", 7)))
    assert parts[0].mesh.volume == pytest.approx(kernel.volume(solids.body()) - 0.6 * text_area, rel=1e-6)


def test_the_bottom_chamfer_insets_the_first_layer():
    width, chamfer = 25.0, 0.5
    solids = solids_for(width, pieces=[Piece("blocker")], chamfer=chamfer, top_chamfer=0.3)
    mesh = solids.model(Piece("blocker")).parts[0].mesh
    vertices, triangles = mesh.vertices, mesh.triangles
    apothem = width * SIDE_RATIO / (2 * math.tan(math.pi / 5))
    for z, inset in ((0.0, chamfer), (3.0, 0.3)):
        face = [t for t in triangles if numpy.allclose(vertices[t][:, 2], z)]
        area = sum(0.5 * abs(numpy.cross(*(vertices[t][1:] - vertices[t][0]))[2]) for t in face)
        assert area == pytest.approx(pentagon_area(width) * ((apothem - inset) / apothem) ** 2, rel=1e-6)


@pytest.mark.parametrize("cue, extra", [("none", 0), ("underline", 1), ("dot", 1)])
def test_the_6_9_cue_marks_6_and_9_only(cue, extra):
    solids = solids_for(pieces=tile_set(13, 1), cue=cue)
    for value in range(13):
        text = solids.model(Piece("number", value)).parts[1].mesh
        glyphs = len(str(value))
        assert shells(text.triangles) == glyphs + (extra if value in (6, 9) else 0), value


def test_markers_are_dark_with_light_text_and_tiles_the_reverse():
    solids = solids_for()
    tile, marker, blocker = (solids.model(p) for p in (Piece("number", 3), Piece("marker", 13), Piece("blocker")))
    assert [p.filament for p in tile.parts] == [1, 2]
    assert [p.filament for p in marker.parts] == [2, 1]
    assert [p.filament for p in blocker.parts] == [2]


def test_the_thinnest_stroke_of_known_shapes():
    bar = kernel.region([[(0, 0), (10, 0), (10, 1), (0, 1)]])
    assert kernel.thinnest_stroke(bar) == pytest.approx(1.0, abs=0.01)
    square_and_hair = kernel.region([[(0, 0), (4, 0), (4, 4), (0, 4)], [(6, 0), (6.3, 0), (6.3, 3), (6, 3)]])
    assert kernel.thinnest_stroke(square_and_hair) == pytest.approx(0.3, abs=0.01)  # the hair would vanish
    hole = [(0.8, 0.8), (0.8, 9.2), (9.2, 9.2), (9.2, 0.8)]  # winding the other way
    frame = kernel.region([[(0, 0), (10, 0), (10, 10), (0, 10)], hole])
    assert kernel.thinnest_stroke(frame) == pytest.approx(0.8, abs=0.02)


def test_the_standard_set_at_25mm_is_printable_with_a_04mm_nozzle():
    solids = solids_for()
    assert 0.4 < solids.check_strokes(STANDARD) < 1.0  # the marker's small lines are the thinnest


@pytest.mark.parametrize("width, nozzle", [(5.0, 0.4), (12.0, 0.4), (25.0, 0.6)])
def test_glyphs_thinner_than_the_nozzle_are_refused(width, nozzle):
    solids = solids_for(width, nozzle=nozzle)
    with pytest.raises(SolidError, match="thinner|thin, under the"):
        solids.check_strokes(STANDARD)


ADVICE = re.compile(r"use a tile width of at least ([0-9.]+) mm or a finer nozzle")


def advised_width(width, pieces, **spec):
    """The narrowest width the refusal at `width` advises (None when the width is not refused)."""
    try:
        solids_for(width, pieces=pieces, **spec).check_strokes(pieces)
    except SolidError as error:
        return float(ADVICE.search(str(error)).group(1))
    return None


@pytest.mark.parametrize("pieces, widths, shape, nozzle", [
    (tile_set(13, 1), (5.0, 8.0, 10.0), "pentagon", 0.4),
    (tile_set(13, 1, wild=1), (11.0, 12.0), "pentagon", 0.4),
    (tile_set(13, 1) + marker_set(8, 20), (11.0, 12.0, 18.0), "pentagon", 0.4),
    (tile_set(13, 1), (5.0, 15.0), "house", 0.8),
], ids=["tiles", "wild tile", "markers", "house, wide nozzle"])
def test_the_advised_width_is_one_minimum_whatever_width_was_tried(pieces, widths, shape, nozzle):
    advised = {advised_width(width, pieces, shape=shape, nozzle=nozzle) for width in widths}
    assert len(advised) == 1 and None not in advised, advised
    narrowest = advised.pop()
    assert narrowest > max(widths)
    assert advised_width(narrowest, pieces, shape=shape, nozzle=nozzle) is None  # following the advice works
    assert advised_width(round(narrowest - WIDTH_STEP, 1), pieces, shape=shape, nozzle=nozzle) == narrowest


def test_the_narrowest_width_is_from_the_whole_range_of_widths(monkeypatch):
    pieces = tile_set(3, 1)
    assert minimum_width("pentagon", SolidSpec(nozzle=0.1), pieces) == MIN_WIDTH  # the smallest tile prints
    for printable, narrowest in ((lambda self, pieces: self.look.width >= 33.3, 33.3), (lambda self, pieces: False,
                                                                                        None)):
        solid_pieces._minimum_width.cache_clear()  # computed once for the same settings: here, the rules change
        monkeypatch.setattr(PieceSolids, "printable", printable)
        assert minimum_width("pentagon", SolidSpec(), pieces) == narrowest
    with pytest.raises(SolidError, match=f"no tile up to {MAX_WIDTH:g} mm prints it: use a finer nozzle"):
        solids_for(25.0, pieces=pieces).check_strokes(pieces)
    solid_pieces._minimum_width.cache_clear()


def test_a_finer_nozzle_prints_what_a_wider_refuses():
    assert solids_for(12.0, pieces=tile_set(13, 1), nozzle=0.25).check_strokes(tile_set(13, 1)) >= 0.25


def test_solids_are_built_once_per_kind_and_text():
    solids = solids_for()
    first = solids.model(Piece("number", 5))
    assert solids.model(Piece("number", 5)) is first
    for piece in STANDARD:
        solids.model(piece)
    assert len(solids._models) == 13 + 1 + 1 + 13


@pytest.mark.parametrize("spec, words", [
    ({"thickness": 0.5}, "thickness of 0.5 mm"),
    ({"thickness": 41}, "use 1 to 40 mm"),
    ({"relief": 0.2}, "relief of 0.2 mm"),
    ({"relief": 4.0, "thickness": 3.0}, "thicker than the 3 mm tile"),
    ({"relief": 2.1, "thickness": 3.0, "number": "inlay"}, "leaves 0.9 mm of the 3 mm tile under it, less than the "
                                                            "1 mm floor: use a depth .* of at most 2 mm"),
    ({"relief": 0.4, "thickness": 1.3, "number": "sunk"}, "needs a tile at least 1.4 mm thick"),
    ({"chamfer": 1.2, "thickness": 3.0}, "bottom chamfer"),
    ({"top_chamfer": -0.1}, "top chamfer"),
    ({"nozzle": 0.05}, "nozzle width"),
    ({"number": "engraved"}, "unknown number style"),
    ({"cue": "star"}, "unknown 6/9 cue"),
])
def test_bad_specs_are_one_line_errors(spec, words):
    with pytest.raises(SolidError, match=words) as caught:
        SolidSpec(**spec)
    assert "\n" not in str(caught.value)


def test_the_ends_of_the_ranges_work():
    for spec in ({"thickness": 1.0, "relief": 0.4, "chamfer": 0.0}, {"thickness": 40.0, "relief": 5.0},
                 {"nozzle": 1.2}, {"nozzle": 0.1}, {"chamfer": 1.0},
                 {"thickness": 9.0, "chamfer": 1.5, "top_chamfer": 1.5}, {"thickness": 1.0},
                 {"thickness": 1.4, "relief": 0.4, "number": "sunk"},
                 {"thickness": 3.0, "relief": 2.0, "number": "inlay"},
                 {"thickness": 1.0, "chamfer": 0.33, "top_chamfer": 0.33}):
        SolidSpec(**spec)


@pytest.mark.parametrize("thickness, chamfer", [(1.0, 0.33), (1.1, 0.36), (1.2, 0.4), (3.0, 0.4), (40.0, 0.4)])
def test_the_default_chamfer_is_0_4mm_and_a_third_of_thinner_tiles(thickness, chamfer):
    spec = SolidSpec(thickness=thickness)
    assert spec.chamfer == pytest.approx(chamfer)
    body = solids_for(pieces=[Piece("blocker")], thickness=thickness).body()
    assert kernel.volume(body) < kernel.volume(solids_for(pieces=[Piece("blocker")], thickness=thickness,
                                                          chamfer=0.0).body())


RANGE = re.compile(r"use ([0-9.]+) to ([0-9.]+) mm, e\.g\. ([0-9.]+)mm")


@pytest.mark.parametrize("thickness", [1.0, 1.2, 2.0, 3.0, 40.0])
@pytest.mark.parametrize("field, bad", [("chamfer", 9.0), ("top_chamfer", 9.0), ("relief", 0.1), ("nozzle", 2.0)])
def test_every_range_error_gives_an_example_inside_its_range(thickness, field, bad):
    with pytest.raises(SolidError) as caught:
        SolidSpec(thickness=thickness, **{field: bad})
    low, high, example = map(float, RANGE.search(str(caught.value)).groups())
    assert low <= example <= high, str(caught.value)
    SolidSpec(thickness=thickness, **{"relief": 0.4, field: example})  # the example works


@pytest.mark.parametrize("number", ["sunk", "inlay"])
@pytest.mark.parametrize("thickness, relief", [(3.0, 1.7), (3.0, 2.0), (1.4, 0.4), (9.0, 5.0)])
def test_the_floor_under_sunk_text_is_the_thickness_less_the_depth(number, thickness, relief):
    solids = solids_for(thickness=thickness, relief=relief, number=number)
    piece = Piece("number", 8)
    body, _ = solids.solids(piece)
    text = solids.region(piece)
    under = kernel.intersection(body, kernel.extrude(text, 0.0, thickness))  # the body under the text's footprint
    assert kernel.volume(under) == pytest.approx(kernel.region_area(text) * (thickness - relief), rel=1e-6)
    assert solids.floor([piece]) == pytest.approx(thickness - relief)


def test_text_over_the_bottom_chamfer_counts_in_the_floor():
    pieces = [Piece("marker", 8)]
    solids = solids_for(5.0, pieces=pieces, thickness=4.5, chamfer=1.5, number="sunk", relief=3.2, nozzle=0.1)
    floor = solids.floor(pieces)
    body, _ = solids.solids(pieces[0])
    text = solids.region(pieces[0])
    under = kernel.intersection(body, kernel.extrude(text, 0.0, 4.5))
    assert 1.0 <= floor < 4.5 - 3.2  # the chamfer takes some of it
    assert kernel.volume(under) < kernel.region_area(text) * (4.5 - 3.2) * (1 - 1e-4)
    deeper = solids_for(5.0, pieces=pieces, thickness=4.5, chamfer=1.5, number="sunk", relief=3.4, nozzle=0.1)
    with pytest.raises(SolidError, match=r"over the 1.5 mm bottom chamfer, leaving 0\.\d+ mm under it"):
        deeper.floor(pieces)
