"""A0, where the first sequence passes and the modulus marker sits, carries a ring in every theme: centred on
A0, inside its cell, open where its address is printed; none on boards without A0; on the board pages too."""

import math
import textwrap

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.printables.board import START_RADIUS, BoardStyle, board_scene
from modlinseq_print.render.scene import Polygon
from modlinseq_print.render.theme import THEMES

BOARDS_WITH_A0 = ["hex:1", "hex:9", "rect:7x5", "tess:3"]


def rings(drawing, theme):
    """The stroked, unfilled polygons in the start colour on the start layer, just above the cells."""
    colour = THEMES[theme].start_mark
    return [i for i in drawing.scene.layer("start").items
            if isinstance(i, Polygon) and i.style.stroke == colour and i.style.fill is None]


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("spec", BOARDS_WITH_A0)
@pytest.mark.parametrize("labels", [True, False])
def test_a0_has_one_ring_at_its_centre_in_every_theme(spec, theme, labels):
    drawing = board_scene(parse_board(spec), BoardStyle(theme=theme, labels=labels))
    (ring,) = rings(drawing, theme)
    cx, cy = drawing.centre(Cell(0, 0))
    radius = START_RADIUS * drawing.cell_size
    assert all(abs(math.hypot(x - cx, y - cy) - radius) < 0.01 for x, y in ring.points)
    assert radius < drawing.cell_size / 2 - ring.style.stroke_width / 2  # inside A0's own cell
    below = [(x, y) for x, y in ring.points if y > cy and abs(x - cx) < radius / 4]
    if labels:  # open at the bottom: no part of the ring crosses A0's address
        assert not ring.closed and not below
        lx = drawing.label_offset[0] + cx
        assert min(abs(x - lx) for x, y in ring.points if y > cy) > 1.0
    else:
        assert ring.closed and below


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_no_ring_without_a0(theme, tmp_path):
    assert rings(board_scene(parse_board("square:5x5"), BoardStyle(theme=theme)), theme) == []
    mask = tmp_path / "ring.txt"
    mask.write_text(textwrap.dedent("""\
         . .
        . @ .
         . .
        """), encoding="utf-8")
    board = parse_board(f"file:{mask}")
    assert Cell(0, 0) not in board.cells and len(board.cells) == 6
    assert rings(board_scene(board, BoardStyle(theme=theme)), theme) == []


def test_the_board_pages_carry_the_ring_on_the_pages_holding_a0(tmp_path, cli):
    out = tmp_path / "board.svg"
    assert cli("board", "--board", "hex:9", "--paper", "a4", "-o", out).status == 0
    pages = sorted(tmp_path.glob("board-*.svg"))
    colour = THEMES["green"].start_mark
    holding = [page.name for page in pages if f'stroke="{colour}"' in page.read_text(encoding="utf-8")]
    # the assembly page's map, then the page holding A0 (and the neighbour its glue overlap reaches)
    assert len(pages) == 7 and holding[0] == "board-1.svg" and 1 <= len(holding[1:]) <= 2, holding
