"""The PNG encoder of opaque images: the very pixels cairo's own writer gives (read back by Pillow), whatever
the size (several bands of rows, odd widths), the resolution in its pHYs chunk, the same bytes every time, and
about as small as another writer (Pillow's) makes it on our pictures."""

from __future__ import annotations

import io
import random

import cairocffi
import numpy
import pytest
from PIL import Image

from modlinseq_print.render.png_encode import BAND, opaque_png
from modlinseq_print.render.png_resolution import png_dpi


def surface(width: int, height: int, shapes: int, pick: random.Random) -> cairocffi.ImageSurface:
    """An opaque picture: a coloured background and random shapes, some of them translucent."""
    image = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
    context = cairocffi.Context(image)
    context.set_source_rgb(pick.random(), pick.random(), pick.random())
    context.paint()
    for _ in range(shapes):
        context.set_source_rgba(pick.random(), pick.random(), pick.random(), pick.choice([1.0, 0.5, 0.2]))
        context.arc(pick.uniform(0, width), pick.uniform(0, height), pick.uniform(1, max(width, height) / 3), 0, 6.3)
        context.fill()
    image.flush()
    return image


def cairo_pixels(image: cairocffi.ImageSurface) -> numpy.ndarray:
    out = io.BytesIO()
    image.write_to_png(out)
    return numpy.asarray(Image.open(io.BytesIO(out.getvalue())).convert("RGB"))


def ours(image: cairocffi.ImageSurface, dpi: float = 300.0) -> bytes:
    return opaque_png(image.get_data(), image.get_stride(), image.get_width(), image.get_height(), dpi)


@pytest.mark.parametrize("width, height", [(1, 1), (3, 2), (17, BAND - 1), (101, BAND), (33, BAND + 1),
                                           (250, 3 * BAND + 7)])
def test_the_pixels_are_cairos(width, height):
    pick = random.Random(width * 1000 + height)
    image = surface(width, height, 30, pick)
    png = ours(image)
    read = Image.open(io.BytesIO(png))
    assert read.mode == "RGB" and read.size == (width, height)
    assert numpy.array_equal(numpy.asarray(read), cairo_pixels(image))


def test_the_resolution_is_recorded_and_the_bytes_repeat():
    image = surface(40, 30, 10, random.Random(1))
    png = ours(image, 254.0)
    assert png_dpi(png) == pytest.approx((254.0, 254.0), abs=0.01)
    assert ours(image, 254.0) == png


def test_a_card_is_as_small_as_another_writers_file():
    from modlinseq_print.printables.mod13 import CARD_HEIGHT, CARD_WIDTH
    from modlinseq_print.printables.per_piece import POD_BLEED, card_images, image_frame
    from modlinseq_print.render.png_writer import scene_to_png

    frame = image_frame((CARD_WIDTH, CARD_HEIGHT), POD_BLEED, 600)
    scene = card_images(False, frame)[0].scene
    png = scene_to_png(scene, 600)
    reference = io.BytesIO()
    Image.open(io.BytesIO(png)).save(reference, "PNG")  # Pillow's writer: another fair yardstick
    assert len(png) < 1.1 * len(reference.getvalue())
