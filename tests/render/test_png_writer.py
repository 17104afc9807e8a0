"""The PNG writer draws a scene straight onto cairo: the picture an SVG reader (cairosvg) makes of our SVG, to
the shade of an edge pixel, for every kind of item; and pages far past that reader's 100,000 references."""

import io
from dataclasses import replace

import numpy as np
import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.render.paper import BOARD_MARGIN, make_sheet
from modlinseq_print.render.pagination_pages import fit_document, paginated_document
from modlinseq_print.render.png_resolution import png_dpi
from modlinseq_print.render.png_writer import scene_to_png
from modlinseq_print.render.scene import Circle, Embed, Polygon, Scene, Style, Text, Use
from modlinseq_print.render.svg_writer import scene_to_svg

DPI = 60


def pixels(png: bytes) -> np.ndarray:
    """The picture's pixels, RGBA, colours weighted by their opacity (a nearly transparent edge pixel's colour
    counts for little, as it shows for little)."""
    from PIL import Image

    rgba = np.asarray(Image.open(io.BytesIO(png)).convert("RGBA")).astype(int)
    rgba[:, :, :3] = rgba[:, :, :3] * rgba[:, :, 3:] // 255
    return rgba


def through_svg(scene: Scene, dpi: float = DPI, background: str | None = "#ffffff") -> np.ndarray:
    """The picture cairosvg makes of the scene's SVG."""
    import cairosvg

    return pixels(cairosvg.svg2png(bytestring=scene_to_svg(scene), dpi=dpi, background_color=background))


def differences(first: np.ndarray, second: np.ndarray) -> tuple[int, float]:
    """The largest difference of a channel, and the share of pixels differing by more than 8 of 255.

    The last row and column are left out: where the page ends inside a pixel, the SVG reader paints the
    background over part of it (a half-transparent edge), our writer over all of it."""
    assert first.shape == second.shape
    delta = np.abs(first[:-1, :-1] - second[:-1, :-1]).max(axis=2)
    return int(delta.max()), float((delta > 8).mean())


def assert_same_picture(scene: Scene, dpi: float = DPI, background: str | None = "#ffffff") -> None:
    """Our PNG is the SVG reader's picture but for a few edge pixels' shades (no shape, glyph or colour moved)."""
    largest, share = differences(pixels(scene_to_png(scene, dpi, background)), through_svg(scene, dpi, background))
    assert largest <= 40 and share < 0.0005, (largest, share)


def every_kind_of_item() -> Scene:
    """Shapes filled and stroked, open and dashed, circles, symbols used in runs and nested, texts in every
    anchor, rotation and several fonts and colours, a scaled and clipped embedded drawing."""
    inner = Scene(40, 30)
    inner.define("dot", [Circle(0, 0, 1.5, Style(fill="#ff0000", stroke=None))])
    inner.add(Polygon(((0, 0), (40, 0), (40, 30), (0, 30)), Style(fill="#ddeeff", stroke="#003366", stroke_width=1)))
    inner.add(Text(20, 15, "Ωμέγα 12", 6, font="serif-bold", middle=True))
    for i in range(8):
        inner.add(Use("dot", 3 + 5 * i, 25))
    scene = Scene(120, 80)
    scene.define("hex", [Polygon(((0, -4), (3.5, -2), (3.5, 2), (0, 4), (-3.5, 2), (-3.5, -2)),
                                 Style(fill="#3a9a4a", stroke="#ffffff", stroke_width=0.3))])
    scene.define("pair", [Use("hex", 0, 0), Use("hex", 7, 0)])
    for row in range(3):
        for column in range(6):
            scene.add(Use("pair" if row == 2 else "hex", 6 + 7.5 * column, 6 + 8 * row), "cells")
    scene.add(Polygon(((60, 5), (110, 5), (100, 30)), Style(fill=None, stroke="#aa00aa", stroke_width=0.6,
                                                              dash=(2.0, 1.0))), "lines")
    scene.add(Polygon(((60, 40), (80, 35), (70, 50)), Style(fill="#ffcc00", stroke=None), closed=False), "lines")
    scene.add(Circle(95, 45, 6, Style(fill="#ffffff", stroke="#000000", stroke_width=0.4)), "lines")
    scene.add(Circle(95, 45, 0, Style(fill="#000000", stroke="#000000")), "lines")
    for anchor, y in (("start", 60), ("middle", 66), ("end", 72)):
        scene.add(Text(60, y, f"A37 {anchor} — ½", 4, anchor=anchor, font="Helvetica-Bold", fill="#1a237e"), "text")
    scene.add(Text(10, 70, "rotated mono", 3.5, font="mono", rotate=-30), "text")
    scene.add(Text(30, 75, "italic, middle", 3, font="sans-italic", middle=True, rotate=12), "text")
    scene.add(Embed(inner, 70, 52, 0.6, (72, 54, 20, 14)), "figures")
    scene.add(Embed(inner, 2, 40, 0.5), "figures")
    return scene


def test_every_kind_of_item_draws_as_an_svg_reader_draws_it():
    scene = every_kind_of_item()
    assert_same_picture(scene, 150)
    assert_same_picture(scene, 47.3, background=None)  # transparent, at a dpi whose pixels split the page


def test_the_comparison_would_notice_a_text_moved_by_a_quarter_millimetre_or_a_shade_changed():
    scene = every_kind_of_item()
    ours = pixels(scene_to_png(scene, 150))
    for layer in scene.layers:
        for i, item in enumerate(layer.items):
            if isinstance(item, Text):
                layer.items[i] = Text(item.x + 0.25, item.y, item.text, item.size, item.anchor, item.font,
                                      item.fill, item.middle, item.rotate)
    assert differences(ours, through_svg(scene, 150))[1] > 0.001
    recoloured = every_kind_of_item()
    cell = recoloured.symbols["hex"][0]
    recoloured.symbols["hex"] = [replace(cell, style=replace(cell.style, fill="#4a9a4a"))]
    largest, share = differences(ours, through_svg(recoloured, 150))
    assert share > 0.01  # 16 levels of red over whole cells: noticed


@pytest.mark.parametrize("page", [0, 1], ids=["assembly", "board page"])
def test_printed_pages_draw_as_an_svg_reader_draws_them(page):
    """(The reference card's pictures are compared, with the PDF's, in test_fonts_pictures.py.)"""
    drawing = board_scene(parse_board("hex:4"), BoardStyle(pattern="bonus-malus", centre_dots=True, arrows=True))
    document, _ = paginated_document(drawing.scene, make_sheet("a4", BOARD_MARGIN), "hex:4",
                                     keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    assert_same_picture(document.pages[page].scene)


def test_the_resolution_is_recorded_and_the_page_has_its_size_in_pixels():
    png = scene_to_png(Scene(210, 297), 72)
    assert png_dpi(png) == pytest.approx((72, 72), abs=0.01)
    assert pixels(png).shape == (842, 595, 4) and (pixels(png) == 255).all()  # white, opaque


def test_a_page_with_far_more_references_than_an_svg_reader_follows():
    """150,000 placed symbols (cairosvg stops at 100,000 references): each is drawn, the last one too."""
    scene = Scene(300, 500)
    scene.define("dot", [Polygon(((0, 0), (1, 0), (1, 1), (0, 1)), Style(fill="#000000", stroke=None))])
    for n in range(150_000):
        scene.add(Use("dot", 1 + (n % 300) * 0.99, 1 + (n // 300) * 0.99))
    inked = (pixels(scene_to_png(scene, 25.4))[:, :, 0] < 128)  # one pixel a millimetre
    assert inked[1:496, 1:298].all() and not inked[498:, :].any()


def test_a_whole_large_board_on_one_sheet():
    """A hex:57 board (9,919 cells, some 40,000 glyphs) fitted onto A4: what a kit's cover and `--fit` draw."""
    drawing = board_scene(parse_board("hex:57"), BoardStyle(pattern="bonus"))
    document, scale = fit_document(drawing.scene, make_sheet("a4"), "hex:57")
    image = pixels(scene_to_png(document.pages[0].scene, 30))
    green = (image[:, :, 1] > image[:, :, 0] + 40).mean()
    assert scale < 0.07 and 0.3 < green < 0.6  # the board covers about half the sheet
