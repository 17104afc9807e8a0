"""The board printable, measured in the SVG it produces: pitch, tile clearance, labels, marks, pseudocells."""

import math
from collections import Counter

import pytest

from modlinseq_print.errors import ModlinseqError, UnitError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import neighbours
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.printables.board import BoardStyle, BoardStyleError, board_scene
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.scene import Use
from modlinseq_print.render.svg_writer import scene_to_svg
from render_helpers import flatten, mm_size, symbol_points
from cli_helpers import assert_one_line_error

KINDS = {"cell", "bonus", "malus", "pseudo"}


def measured_centres(board, style=None):
    """Address -> cell centre as measured in the SVG (labels matched to the nearest cell placement)."""
    drawing = board_scene(board, BoardStyle() if style is None else style)
    svg = scene_to_svg(drawing.scene)
    placements, texts = flatten(svg, KINDS)
    dx, dy = drawing.label_offset
    by_spot = {(round(x, 2), round(y, 2)): kind for kind, x, y in placements}
    centres = {}
    for text, x, y in texts:
        guess = (round(x - dx, 2), round(y - dy - cap_height("Helvetica") * drawing.label_size / 2, 2))
        nearest = min(by_spot, key=lambda p: math.dist(p, guess))
        if math.dist(nearest, guess) < 0.05:
            centres[text] = nearest
    return drawing, svg, placements, centres


def test_adjacent_cell_centres_are_one_pitch_apart_in_the_svg():
    board = parse_board("hex:5")
    drawing, svg, placements, centres = measured_centres(board)
    assert len(placements) == len(board.cells) == 91
    assert len(centres) == 91
    pairs = 0
    for cell in board.cells:
        for other in neighbours(cell):
            if other in board.cells:
                d = math.dist(centres[board.address(cell)], centres[board.address(other)])
                assert abs(d - 28.0) < 0.01, (board.address(cell), board.address(other), d)
                pairs += 1
    assert pairs == 2 * 240  # a hexagon of order 5 has 240 adjacent pairs


@pytest.mark.parametrize("tile_width, clearance", [(25.0, 1.5), (25.4, 1.5), (20.0, 3.0)])
def test_tile_outline_lies_inside_its_measured_cell_with_the_clearance(tile_width, clearance):
    board = parse_board("hex:2")
    style = BoardStyle(tile_width=tile_width, clearance=clearance)
    drawing, svg, _, centres = measured_centres(board, style)
    hexagon = symbol_points(svg, "cell")
    for cell in board.cells:
        cx, cy = centres[board.address(cell)]
        corners = [(cx + x, cy + y) for x, y in hexagon]
        for px, py in drawing.tile_outline(cell):
            for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
                # the hexagon runs clockwise on screen (y down): inside is to the right of each edge
                inside = ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / math.dist((ax, ay), (bx, by))
                assert inside >= clearance - 0.01, (cell, inside)


def test_centre_matches_the_svg_and_the_default_cell_is_28mm():
    board = parse_board("hex:3")
    drawing, _, _, centres = measured_centres(board)
    assert drawing.cell_size == pytest.approx(28.0)
    for cell in board.cells:
        assert drawing.centre(cell) == pytest.approx(centres[board.address(cell)], abs=0.01)


def test_svg_size_is_in_mm_and_contains_every_cell():
    board = parse_board("hex:9")
    drawing = board_scene(board)
    (width, height), view_box = mm_size(scene_to_svg(drawing.scene))
    assert (width, height) == (drawing.scene.width, drawing.scene.height)
    assert view_box == (0.0, 0.0, width, height)
    for cell in board.cells:
        box = drawing.cell_box(cell)
        assert box.x > 0 and box.y > 0 and box.right < width and box.bottom < height


def test_labels_sit_under_the_tile_inside_the_cell():
    board = parse_board("hex:9")
    drawing = board_scene(board)
    labels = {t.text: t for t in drawing.scene.layer("labels").items}
    assert sorted(labels) == sorted(board.address(c) for c in board.cells)
    corner = drawing.cell_size / math.sqrt(3)
    for cell in board.cells:
        label = labels[board.address(cell)]
        cx, cy = drawing.centre(cell)
        tile_bottom = max(y for _, y in drawing.tile_outline(cell))
        half_height = cap_height(label.font) * label.size / 2
        half_width = text_width(label.text, label.font, label.size) / 2
        assert label.y - half_height > tile_bottom  # the tile leaves it readable
        # both lower corners of the text box lie inside the hexagon's slanted lower edges
        assert label.x == pytest.approx(cx)
        assert (label.y + half_height - cy) + half_width / math.sqrt(3) < corner
    assert 2.0 <= labels["A0"].size <= 2.8


def test_bonus_malus_cells_and_marks_follow_the_pattern():
    board = parse_board("hex:9")
    drawing = board_scene(board, BoardStyle(pattern="bonus-malus"))
    uses = Counter(u.symbol for u in drawing.scene.layer("cells").items if isinstance(u, Use))
    marks = Counter(board_pattern(board, "bonus-malus").values())
    assert uses["bonus"] == marks["bonus"] and uses["malus"] == marks["malus"]
    assert uses["cell"] == 271 - marks["bonus"] - marks["malus"]
    assert drawing.scene.symbols["bonus"][0].style.fill == "#ffffff"
    strokes = [p for p in drawing.scene.symbols["bonus"][1:] if not p.closed]
    assert len(strokes) == 2  # '+'
    assert len([p for p in drawing.scene.symbols["malus"][1:] if not p.closed]) == 1  # '-'


def test_tess_pseudocells_are_red_with_an_x_and_their_pseudo_address():
    board = parse_board("tess:2")
    drawing = board_scene(board)
    uses = [u for u in drawing.scene.layer("cells").items if isinstance(u, Use)]
    assert Counter(u.symbol for u in uses)["pseudo"] == len(board.pseudocells)
    pseudo = drawing.scene.symbols["pseudo"]
    assert pseudo[0].style.fill == "#e57373" and len([p for p in pseudo if not p.closed]) == 2
    labels = {(round(t.x, 2), round(t.y, 2)): t for t in drawing.scene.layer("labels").items}
    dx, dy = drawing.label_offset
    for cell, home in board.pseudocells.items():
        x, y = drawing.centre(cell)
        label = labels[(round(x + dx, 2), round(y + dy, 2))]
        assert label.text == board.address(home) and label.font == "Helvetica-Bold"
    # seed page 6: the pseudocell to the right of M4 is B10
    m4 = board.parse_address("M4")
    x, y = drawing.centre(m4 + (1, 0))
    assert labels[(round(x + dx, 2), round(y + dy, 2))].text == "B10"


def test_bw_theme_is_black_and_white_line_art():
    drawing = board_scene(parse_board("tess:2"), BoardStyle(theme="bw"))
    colours = set()
    for items in drawing.scene.symbols.values():
        for item in items:
            colours.update(c for c in (getattr(item, "style", None) and (item.style.fill, item.style.stroke) or ())
                           if c)
    assert colours <= {"#000000", "#ffffff"}


def test_arrows_one_per_line_and_slope_and_optional_extras():
    board = parse_board("hex:4")
    drawing = board_scene(board, BoardStyle(arrows=True, centre_dots=True, title="My board", modulus=13))
    arrows = drawing.scene.layer("arrows").items
    assert Counter(a.symbol for a in arrows) == {"arrow-zero": 9, "arrow-positive": 9, "arrow-negative": 9}
    notes = [t.text for t in drawing.scene.layer("notes").items]
    assert notes == ["My board", "modulus 13"]
    assert any(type(i).__name__ == "Circle" for i in drawing.scene.symbols["cell"])
    for arrow in arrows:  # outside every cell
        assert all(math.dist((arrow.x, arrow.y), drawing.centre(c)) > 14 for c in board.cells)


def test_no_labels_and_square_boards():
    assert not board_scene(parse_board("hex:2"), BoardStyle(labels=False)).scene.layer("labels").items
    drawing = board_scene(parse_board("square:8x8"))
    assert drawing.centre(parse_board("square:8x8").parse_address("b1"))[0] - drawing.centre(
        parse_board("square:8x8").parse_address("a1"))[0] == pytest.approx(28.0)


@pytest.mark.parametrize("style, message", [
    (BoardStyle(cell_size=26.0), "does not fit"),
    (BoardStyle(tile_width=-1.0), "tile width"),
    (BoardStyle(clearance=-0.5), "clearance"),
    (BoardStyle(label_size=0.0), "label size"),
    (BoardStyle(modulus=0), "modulus"),
    (BoardStyle(theme="pink"), "theme"),
])
def test_bad_styles_are_one_line_errors(style, message):
    with pytest.raises(ModlinseqError, match=message) as caught:
        board_scene(parse_board("hex:2"), style)
    assert "\n" not in str(caught.value)


def test_a_one_inch_tile_gets_a_bigger_cell_and_a_given_cell_size_is_kept():
    inch = board_scene(parse_board("hex:1"), BoardStyle(tile_width=25.4))
    assert inch.cell_size > 28.0
    assert board_scene(parse_board("hex:1"), BoardStyle(cell_size=30.0)).cell_size == 30.0
    with pytest.raises(UnitError):
        BoardStyle(tile_width=30.0, cell_size=28.0).resolved_cell_size()


def test_label_size_too_large_for_the_cell_is_an_error(cli, tmp_path):
    """An explicit label size used to be drawn whatever its size, running out of the cells."""
    with pytest.raises(BoardStyleError, match=r"use label_size [0-9.]+mm or less"):
        board_scene(parse_board("hex:1"), BoardStyle(label_size=50.0))
    with pytest.raises(BoardStyleError, match="does not fit"):
        board_scene(parse_board("square:2x2"), BoardStyle(label_size=40.0))
    board_scene(parse_board("hex:9"), BoardStyle(label_size=2.5))  # a size that fits still works
    result = cli("board", "--board", "hex:1", "--label-size", "50mm", "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "label does not fit", folder=tmp_path)
