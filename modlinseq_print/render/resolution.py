"""The one rule for a PNG's size in pixels, wherever the PNG comes from (pages, per-piece images, service
bundles, the studio's downloads): at least one pixel a side, at most cairo's 32,767 pixels a side and
MAX_PIXELS in all, checked before anything is drawn, with the dpi that would do in the message; and a run of many
images at most MAX_RUN_PIXELS in all."""

from __future__ import annotations

import math

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.scene import Scene

MAX_SIDE = 32767  # cairo's largest image side
#: The most pixels one image may have: A3 at 600 dpi (70 million) fits; cairo holds 4 bytes a pixel, so this
#: bounds an image at 400 MB of memory (and about ten seconds of drawing).
MAX_PIXELS = 100_000_000


#: The most pixels one run draws as PNG images in all (a folder of per-piece images, a service's bundle): at
#: some 27 million pixels a second drawn and compressed, about 11 seconds of work on a small machine.
MAX_RUN_PIXELS = 300_000_000


class PngError(FieldError):
    """A PNG that cannot be made at the requested resolution (its field: dpi)."""


def png_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """Width and height in pixels of the scene at `dpi` dots per inch."""
    return round(scene.width / 25.4 * dpi), round(scene.height / 25.4 * dpi)


def check_resolution(scene: Scene, dpi: float, what: str = "page") -> tuple[int, int]:
    """The pixel size of the scene at `dpi`, or a PngError saying which dpi would do: at least one pixel a
    side, at most MAX_SIDE a side and MAX_PIXELS in all."""
    size = f"a {scene.width:g} x {scene.height:g} mm {what}"
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not (math.isfinite(dpi) and dpi > 0):
        raise PngError(f"bad resolution {excerpt(dpi)} dpi: give a positive {mention('dpi')}, e.g. 150", "dpi", 0)
    width, height = png_size(scene, dpi)
    if min(width, height) < 1:
        side = min(scene.width, scene.height)
        least = math.floor(12.7 / side * 100 + 1) / 100  # more than half a pixel rounds up to one
        raise PngError(f"{size} at {dpi:g} dpi is {width} x {height} pixels, less than one pixel a side: use "
                       f"{mention('dpi', least)} or more", "dpi", least)
    largest = math.floor(min(MAX_SIDE * 25.4 / max(scene.width, scene.height),
                             math.sqrt(MAX_PIXELS / (scene.width * scene.height)) * 25.4))
    if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
        raise PngError(f"{size} at {dpi:g} dpi is {width} x {height} pixels, more than a PNG here may have "
                       f"({MAX_SIDE} a side, {MAX_PIXELS // 1_000_000} million in all): use {mention('dpi', largest)} "
                       "or less, or PDF/SVG", "dpi", largest)
    return width, height


def run_pixels(count: int, pixels: tuple[int, int]) -> int:
    """The pixels of `count` images of `pixels` (width, height) each."""
    return count * pixels[0] * pixels[1]


def over_run(count: int, pixels: tuple[int, int]) -> bool:
    """Whether `count` images of `pixels` each are more than one run draws (MAX_RUN_PIXELS)."""
    return run_pixels(count, pixels) > MAX_RUN_PIXELS


def run_message(count: int, what: str, pixels: tuple[int, int]) -> str:
    """The start of a refusal: the images' count and size, and their pixels in all past the run's budget."""
    return (f"{count:,} {what} of {pixels[0]:,} x {pixels[1]:,} pixels ({run_pixels(count, pixels) / 1e6:,.0f} "
            f"million) are more than one run draws ({MAX_RUN_PIXELS // 1_000_000} million pixels)")
