"""The PNG writer: our SVG rasterised by cairosvg (imported lazily) at a given resolution, recorded in the
file (a pHYs chunk) so that printing at "actual size" gives true millimetres."""

from __future__ import annotations

import struct
import zlib

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.svg_writer import scene_to_svg

MAX_PIXELS = 32767  # cairo's largest image side
_BASE_URL = "file:///modlinseq-print/page.svg"


class PngError(ModlinseqError):
    """A PNG that cannot be made at the requested resolution."""


def png_size(scene: Scene, dpi: float) -> tuple[int, int]:
    """Width and height in pixels of the scene at `dpi` dots per inch."""
    return round(scene.width / 25.4 * dpi), round(scene.height / 25.4 * dpi)


def scene_to_png(scene: Scene, dpi: float = 150.0, background: str | None = "#ffffff") -> bytes:
    """The scene as PNG bytes at `dpi`, on a `background` colour (None: transparent)."""
    if not dpi > 0:
        raise PngError(f"bad resolution {dpi:g} dpi: give a positive --dpi, e.g. 150")
    width, height = png_size(scene, dpi)
    if max(width, height) > MAX_PIXELS:
        largest = int(MAX_PIXELS * 25.4 / max(scene.width, scene.height))
        raise PngError(f"a {scene.width:g} x {scene.height:g} mm page at {dpi:g} dpi is {width} x {height} pixels, "
                       f"more than {MAX_PIXELS}: use --dpi {largest} or less, or PDF/SVG")
    import cairosvg  # lazily: only PNG output needs cairo

    # A base URL (never fetched: the bytes are given) lets cairosvg cache the elements <use> refers to;
    # without one it searches the whole document for every glyph (3x slower for a page of text).
    png = cairosvg.svg2png(bytestring=scene_to_svg(scene), url=_BASE_URL, dpi=dpi, background_color=background)
    return with_resolution(png, dpi)


def with_resolution(png: bytes, dpi: float) -> bytes:
    """The PNG with a pHYs chunk saying `dpi` (in pixels per metre, as PNG stores it) right after IHDR."""
    signature, header_end = png[:8], 8 + 8 + 13 + 4  # signature, then IHDR: length, type, 13 bytes, CRC
    if signature != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise PngError("cairo did not return a PNG")
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)  # unit 1: metre
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    rest = png[header_end:]
    if b"pHYs" in rest[:64]:
        raise PngError("cairo's PNG already has a resolution chunk")
    return png[:header_end] + chunk + rest
