"""Bleed behind the board's die line: with --dieline-board in a press-ready file the edge cells' colour runs the
press bleed past the board's outline (checked in pixels all along the outline), and stops there."""

import math
import subprocess

import pytest
from PIL import Image

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene, outline_loops
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.press import PressOptions
from modlinseq_print.render.scene import Document, Page

PX_PER_MM = 10  # 254 dpi


def green(pixel) -> bool:
    r, g, b = pixel[:3]
    return g > r + 40 and g > b + 40


def white(pixel) -> bool:
    return min(pixel[:3]) > 235


@pytest.mark.parametrize("spec", ["hex:2", "square:3x2"])
def test_the_edge_cells_colour_runs_the_bleed_past_the_die_line(tmp_path, require_tool, spec):
    press = PressOptions(bleed=3.0)
    drawing = board_scene(parse_board(spec), BoardStyle(die_outline=True, die_bleed=press.bleed))
    pdf = tmp_path / "b.pdf"
    pdf.write_bytes(document_to_pdf(Document([Page(drawing.scene)]), press))
    subprocess.run([require_tool("pdftoppm"), "-r", str(25.4 * PX_PER_MM), "-png", str(pdf), str(tmp_path / "p")],
                   check=True)
    image = Image.open(next(tmp_path.glob("p*.png"))).convert("RGB")

    def pixel(x, y):
        return image.getpixel((round((x + press.slug) * PX_PER_MM), round((y + press.slug) * PX_PER_MM)))

    cells = [drawing.corners(cell) for cell in drawing.board.cells]
    cx = sum(x for c in cells for x, _ in c) / sum(len(c) for c in cells)
    cy = sum(y for c in cells for _, y in c) / sum(len(c) for c in cells)
    checked = 0
    for loop in outline_loops(cells):
        for (x0, y0), (x1, y1) in zip(loop, loop[1:] + loop[:1]):
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            nx, ny = (y1 - y0), -(x1 - x0)
            length = math.hypot(nx, ny)
            nx, ny = nx / length, ny / length
            if (mx - cx) * nx + (my - cy) * ny < 0:
                nx, ny = -nx, -ny
            assert green(pixel(mx - 1.5 * nx, my - 1.5 * ny))  # the cell itself
            assert green(pixel(mx + 1.5 * nx, my + 1.5 * ny)), (mx, my)  # its bleed, past the die line
            assert green(pixel(mx + 2.6 * nx, my + 2.6 * ny))
            assert white(pixel(mx + 4.5 * nx, my + 4.5 * ny))  # nothing beyond the bleed
            checked += 1
    assert checked >= 10


def test_without_a_die_line_the_board_has_no_bleed_layer():
    plain = board_scene(parse_board("hex:2"), BoardStyle(die_bleed=3.0))
    assert "bleed" not in [layer.name for layer in plain.scene.layers]
    cut = board_scene(parse_board("hex:2"), BoardStyle(die_outline=True, die_bleed=3.0))
    edge_cells = 12  # hex:2 has 19 cells, 12 of them on the rim
    assert len(cut.scene.layer("bleed").items) == edge_cells
