"""The PNG writer: our SVG rasterised by cairosvg (imported lazily) at a given resolution, recorded in the
file (a pHYs chunk) so that printing at "actual size" gives true millimetres.

Every PNG the tool makes (pages, per-piece images, the studio's previews) passes `check_resolution` before
anything is drawn: at least one pixel a side, at most cairo's 32,767 pixels a side and MAX_PIXELS in all.
"""

from __future__ import annotations

import math

from modlinseq_print import interrupts
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.png_resolution import with_dpi
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.svg_writer import scene_to_svg

MAX_SIDE = 32767  # cairo's largest image side
#: The most pixels one image may have: A3 at 600 dpi (70 million) fits; cairo holds 4 bytes a pixel, so this
#: bounds an image at 400 MB of memory (and about ten seconds of drawing).
MAX_PIXELS = 100_000_000
_BASE_URL = "file:///modlinseq-print/page.svg"


class PngError(ModlinseqError):
    """A PNG that cannot be made at the requested resolution."""


def png_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """Width and height in pixels of the scene at `dpi` dots per inch."""
    return round(scene.width / 25.4 * dpi), round(scene.height / 25.4 * dpi)


def check_resolution(scene: Scene, dpi: float, what: str = "page") -> tuple[int, int]:
    """The pixel size of the scene at `dpi`, or a PngError saying which dpi would do: at least one pixel a
    side, at most MAX_SIDE a side and MAX_PIXELS in all."""
    size = f"a {scene.width:g} x {scene.height:g} mm {what}"
    if isinstance(dpi, bool) or not isinstance(dpi, (int, float)) or not (math.isfinite(dpi) and dpi > 0):
        raise PngError(f"bad resolution {excerpt(dpi)} dpi: give a positive --dpi, e.g. 150")
    width, height = png_size(scene, dpi)
    if min(width, height) < 1:
        side = min(scene.width, scene.height)
        least = math.floor(12.7 / side * 100 + 1) / 100  # more than half a pixel rounds up to one
        raise PngError(f"{size} at {dpi:g} dpi is less than a pixel a side: use --dpi {least:g} or more")
    largest = math.floor(min(MAX_SIDE * 25.4 / max(scene.width, scene.height),
                             math.sqrt(MAX_PIXELS / (scene.width * scene.height)) * 25.4))
    if max(width, height) > MAX_SIDE or width * height > MAX_PIXELS:
        raise PngError(f"{size} at {dpi:g} dpi is {width} x {height} pixels, more than a PNG here may have "
                       f"({MAX_SIDE} a side, {MAX_PIXELS // 1_000_000} million in all): use --dpi {largest} or "
                       "less, or PDF/SVG")
    return width, height


def scene_to_png(scene: Scene, dpi: float = 150.0) -> bytes:
    """The scene as PNG bytes at `dpi`, on a white background, its resolution recorded in the file."""
    check_resolution(scene, dpi)
    from cairosvg.surface import PNGSurface  # lazily: only PNG output needs cairo

    class Surface(PNGSurface):
        """cairosvg's PNG surface, whose write (through a callback from cairo) a Ctrl-C cannot cut."""

        def finish(self):
            with interrupts.deferred():
                return super().finish()

    # A base URL (never fetched: the bytes are given) lets cairosvg cache the elements <use> refers to;
    # without one it searches the whole document for every glyph (3x slower for a page of text).
    png = Surface.convert(bytestring=scene_to_svg(scene), url=_BASE_URL, dpi=dpi, background_color="#ffffff")
    return with_dpi(png, dpi)
