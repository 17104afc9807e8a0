"""The PNG writer: our SVG rasterised by cairosvg (imported lazily) at a given resolution, recorded in the
file (a pHYs chunk) so that printing at "actual size" gives true millimetres.

Every PNG it makes passes resolution.check_resolution first (the one rule for a PNG's size in pixels).
"""

from __future__ import annotations

from modlinseq_print import interrupts
from modlinseq_print.render.png_resolution import with_dpi
from modlinseq_print.render.resolution import MAX_PIXELS, MAX_SIDE, PngError, check_resolution, png_size  # noqa: F401
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.svg_writer import scene_to_svg

_BASE_URL = "file:///modlinseq-print/page.svg"


def scene_to_png(scene: Scene, dpi: float = 150.0, background: str | None = "#ffffff") -> bytes:
    """The scene as PNG bytes at `dpi`, on a `background` colour (None: transparent), its resolution
    recorded in the file."""
    check_resolution(scene, dpi)
    from cairosvg.surface import PNGSurface  # lazily: only PNG output needs cairo

    class Surface(PNGSurface):
        """cairosvg's PNG surface, whose write (through a callback from cairo) a Ctrl-C cannot cut."""

        def finish(self):
            with interrupts.deferred():
                return super().finish()

    # A base URL (never fetched: the bytes are given) lets cairosvg cache the elements <use> refers to;
    # without one it searches the whole document for every glyph (3x slower for a page of text).
    png = Surface.convert(bytestring=scene_to_svg(scene), url=_BASE_URL, dpi=dpi, background_color=background)
    return with_dpi(png, dpi)
