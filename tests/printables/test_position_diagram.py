"""Position diagrams: tiles on their cells, blocked cells in red, the modulus note, the legend, crop, output."""

import math
import subprocess
from dataclasses import replace

import pytest

from modlinseq_print.geometry.hexgrid import distance
from modlinseq_print.printables.board import BoardStyle
from modlinseq_print.printables.position import (PositionStyle, PositionStyleError, cropped_board, legend_rows,
                                                 position_document, position_scene)
from modlinseq_print.render.output import write_output
from modlinseq_print.render.scene import Polygon, Text
from modlinseq_print.render.svg_writer import scene_to_svg
from modlinseq_print.render.theme import get_theme

from cli_helpers import assert_one_line_error
from render_helpers import flatten, mm_size
from rules_helpers import judge

FIGURE_13A = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "
              "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11")


@pytest.fixture(scope="module")
def figure_13a():
    return judge("hex:6", 20, FIGURE_13A, wrap="lines")


def flat(points):
    return [v for point in points for v in point]


def layer(scene, name):
    return next(layer for layer in scene.layers if layer.name == name)


def tile_items(scene):
    """The items of the tiles layer with each face symbol placed where it is used."""
    placed = []
    for use in layer(scene, "tiles").items:
        for item in scene.symbols[use.symbol]:
            if isinstance(item, Polygon):
                placed.append(replace(item, points=tuple((x + use.x, y + use.y) for x, y in item.points)))
            elif isinstance(item, Text):
                placed.append(replace(item, x=item.x + use.x, y=item.y + use.y))
    return placed


def test_tiles_are_the_tile_sheet_pentagons_on_their_cells(figure_13a):
    drawing = position_scene(figure_13a)
    board = drawing.board
    outlines = [item for item in tile_items(board.scene) if isinstance(item, Polygon)]
    assert len(outlines) == len(figure_13a.position.tiles) == 24
    for cell, outline in zip(sorted(figure_13a.position.tiles, key=lambda c: (c.r, c.q)), outlines):
        assert flat(outline.points) == pytest.approx(flat(board.tile_outline(cell)), abs=1e-6)
        xs = [x for x, _ in outline.points]
        assert max(xs) - min(xs) == pytest.approx(12.0, abs=0.01)  # the diagram's 12 mm tile
        cx, cy = board.centre(cell)
        assert all(math.hypot(x - cx, y - cy) < board.cell_size / math.sqrt(3) for x, y in outline.points)


def test_tile_numbers_sit_on_their_tiles(figure_13a):
    drawing = position_scene(figure_13a)
    board = drawing.board
    numbers = [item for item in tile_items(board.scene) if isinstance(item, Text)]
    expected = {board.board.address(c): t.label for c, t in figure_13a.position.tiles.items()}
    found = {}
    for text in numbers:
        cell = min(figure_13a.position.tiles, key=lambda c: math.dist(board.centre(c), (text.x, text.y)))
        assert math.dist(board.centre(cell), (text.x, text.y)) < board.cell_size / 3
        found[board.board.address(cell)] = text.text
    assert found == expected


def test_blocked_cells_are_red_under_the_addresses(figure_13a):
    drawing = position_scene(figure_13a)
    board = drawing.board
    names = [layer_.name for layer_ in board.scene.layers]
    assert names.index("cells") < names.index("blocked") < names.index("labels") < names.index("tiles")
    [red] = layer(board.scene, "blocked").items
    assert red.style.fill == get_theme("green").blocked_fill
    assert flat(red.points) == pytest.approx(flat(board.corners(board.board.parse_address("H4"))))
    hidden = position_scene(figure_13a, PositionStyle(show_blocked=False))
    assert "blocked" not in [layer_.name for layer_ in hidden.board.scene.layers]


def test_modulus_note_in_a_free_cell(figure_13a):
    drawing = position_scene(figure_13a, PositionStyle(note_cell="auto"))
    assert drawing.board.board.address(drawing.note_cell) == "E16"  # the first free cell in reading order
    texts = [item.text for item in layer(drawing.board.scene, "note").items]
    assert texts == ["mod", "20"]
    named = position_scene(figure_13a, PositionStyle(note_cell="B16"))
    x, y = named.board.centre(named.note_cell)
    assert all(abs(t.x - x) < 1e-6 and abs(t.y - y) < named.board.cell_size / 3
               for t in layer(named.board.scene, "note").items)
    with pytest.raises(PositionStyleError, match="not free"):
        position_scene(figure_13a, PositionStyle(note_cell="H4"))


def test_legend_rows_read_like_the_captions_of_figure_13a(figure_13a):
    assert legend_rows(figure_13a) == [
        ("M20-S5-A2", "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17", "8", "21", "loop wrap, positive slope"),
        ("M20-S3-A0", "9M11 ~ 12M17 ~ 15E21 ~ 18 ~ 1 ~ 4H13", "6", "10", "wrap, negative slope"),
        ("M20-S1-A0", "3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6", "9", "28", "wrap, zero slope"),
        ("M20-S4-A1", "9E4 ~ 5 ~ 1 ~ 17A0", "4", "3", "negative slope"),
    ]
    assert len(legend_rows(figure_13a, "all")) == len(figure_13a.sequences) == 9
    assert legend_rows(figure_13a, "none") == []


def test_legend_is_drawn_under_the_board(figure_13a):
    drawing = position_scene(figure_13a)
    texts = [item for item in layer(drawing.scene, "legend").items if isinstance(item, Text)]
    assert {"M20-S1-A0", "3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6", "blocked: H4"} <= {t.text for t in texts}
    board_bottom = drawing.board.scene.height
    assert all(board_bottom < t.y < drawing.scene.height for t in texts)
    assert all(0 <= t.x <= drawing.scene.width for t in texts)


def test_crop_keeps_the_cells_around_the_tiles(figure_13a):
    full = position_scene(figure_13a)
    cropped = position_scene(figure_13a, PositionStyle(crop=True))
    cells = cropped.board.board.cells
    tiles = set(figure_13a.position.tiles)
    assert tiles <= cells < full.board.board.cells
    assert all(min(distance(c, t) for t in tiles) <= 1 for c in cells)
    assert cropped.board.board.parse_address("H4") in cells
    assert cropped.board.scene.height < full.board.scene.height
    tight = cropped_board(figure_13a.position.board, tiles, 0)
    assert tight.cells == frozenset(tiles)


def test_svg_is_deterministic_and_carries_the_legend(figure_13a):
    drawing = position_scene(figure_13a, PositionStyle(board=BoardStyle(tile_width=10.0), note_cell="auto"))
    svg = scene_to_svg(drawing.scene)
    assert svg == scene_to_svg(position_scene(figure_13a, PositionStyle(board=BoardStyle(tile_width=10.0),
                                                                        note_cell="auto")).scene)
    (width, height), _ = mm_size(svg)
    assert (width, height) == pytest.approx((drawing.scene.width, drawing.scene.height))
    _, texts = flatten(svg, set())
    words = [t for t, _, _ in texts]
    assert "M20-S5-A2" in words and "H4" in words and words.count("12") >= 3


def test_pdf_text_lists_the_sequences(tmp_path, figure_13a, require_tool):
    pdftotext = require_tool("pdftotext")
    qpdf = require_tool("qpdf")
    [path] = write_output(position_document(position_scene(figure_13a)), tmp_path / "f.pdf")
    subprocess.run([qpdf, "--check", str(path)], check=True, capture_output=True)
    text = subprocess.run([pdftotext, "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    for caption in ("M20-S5-A2", "M20-S3-A0", "M20-S1-A0", "M20-S4-A1", "blocked: H4", "wrap, zero slope"):
        assert caption in text


def test_wild_tiles_and_the_marker_are_drawn(tmp_path):
    analysis = judge("hex:3", 12, "7B1, #A0, 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2")
    drawing = position_scene(analysis)
    tiles = tile_items(drawing.board.scene)
    assert [t.text for t in tiles if isinstance(t, Text)].count("#") == 2
    wild_fill = get_theme("green").wild_fill
    assert sum(1 for t in tiles if isinstance(t, Polygon) and t.style.fill == wild_fill) == 2
    footer = {t.text for t in layer(drawing.scene, "legend").items if isinstance(t, Text)}
    assert {"wild A0: 1", "wild P1: 9"} <= footer


def test_position_command_writes_the_figure(tmp_path, cli):
    target = tmp_path / "fig13a.svg"
    status, out, _ = cli("position", "--board", "hex:6", "-m", "20", "--wrap", "lines", "--crop",
                         "--modulus-note", "-o", target, FIGURE_13A)
    assert status == 0 and target.exists() and "1 blocked cell," in out
    assert b"M20-S1-A0" in target.read_bytes()


def test_position_command_errors_leave_no_file(tmp_path, cli):
    for argv, message in (
        (["-m", "20", "4B2, 6B2"], "two tiles on one cell"),
        (["-m", "7", "--modulus-note", "B2", "4B2, 6B1"], "not free"),
        (["-m", "7", "--crop-margin", "-1", "--crop", "4B2, 6B1"], "argument --crop-margin: -1 is out of range"),
    ):
        result = cli("position", "--board", "hex:4", *argv, "-o", tmp_path / "bad.svg")
        assert_one_line_error(result, message, folder=tmp_path, usage="argument" in message)


def test_modulus_note_is_readable_and_never_under_a_mark():
    """The note was dark green on a green cell, and on a bonus cell it was drawn over the '+'."""
    analysis = judge("hex:6", 20, "17A0 ~ 1 ~ 5 ~ 9E4")
    bonus = BoardStyle(pattern="bonus")
    drawing = position_scene(analysis, PositionStyle(board=bonus, note_cell="auto"))
    address = drawing.board.board.address(drawing.note_cell)
    assert address not in {"A0", "B6", "E12"}  # the first free cell in reading order that is plain
    note = next(layer for layer in drawing.board.scene.layers if layer.name == "note")
    assert {item.fill for item in note.items} == {get_theme("green").label}
    with pytest.raises(PositionStyleError, match="B6 is a bonus cell"):
        position_scene(analysis, PositionStyle(board=bonus, note_cell="B6"))


def test_figure_2a_on_a_large_board_is_cropped_by_default_and_fits_a_text_width(cli, tmp_path):
    analysis = judge("hex:9", 7, "4B2, 6B1, 1A0, 3M1")
    default = position_scene(analysis)
    assert default.scene.width <= 170.0  # an A4 page's text width
    assert len(default.board.board.cells) < 30
    whole = position_scene(analysis, PositionStyle(crop=False))
    assert len(whole.board.board.cells) == 271 and whole.scene.width > 250
    status, out, _ = cli("position", "--board", "hex:9", "-m", "7", "--no-crop", "-o", tmp_path / "w.svg",
                         "4B2, 6B1, 1A0, 3M1")
    assert status == 0 and "figure 264 x" in out
    status, out, _ = cli("position", "--board", "hex:9", "-m", "7", "-o", tmp_path / "c.svg", "4B2, 6B1, 1A0, 3M1")
    assert status == 0 and "figure 150 x" in out


def test_a_position_filling_most_of_the_board_keeps_the_whole_board_by_default():
    analysis = judge("hex:2", 7, "0A0, 0B1, 0E1, 0H1, 0M1, 0P1, 0T1")
    assert len(position_scene(analysis).board.board.cells) == 19
    assert len(position_scene(analysis, PositionStyle(crop=True, crop_margin=0)).board.board.cells) == 7


@pytest.mark.parametrize("spec", ["hex:5", "tess:2", "square:7x5", "rect:9x5"])
def test_cropping_grows_the_tiles_ring_by_ring_as_far_as_the_distance_says(spec):
    from random import Random

    from modlinseq_print.geometry.boards import parse_board

    board = parse_board(spec)
    cells = sorted(board.cells, key=lambda c: (c.r, c.q))
    rng = Random(spec)
    square = board.grid == "square"

    def steps(a, b):
        return max(abs(a.q - b.q), abs(a.r - b.r)) if square else distance(a, b)

    for margin in (0, 1, 2, 5, 40):
        tiles = set(rng.sample(cells, 3))
        near = cropped_board(board, tiles, margin)
        assert near.cells == frozenset(c for c in board.cells if min(steps(c, t) for t in tiles) <= margin)
        assert set(near.pseudocells) == {p for p in board.pseudocells if min(steps(p, t) for t in tiles) <= margin}
