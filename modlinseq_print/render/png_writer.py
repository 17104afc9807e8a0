"""The PNG writer: a Scene drawn straight onto a cairo image (cairocffi, imported lazily) at a given resolution,
recorded in the file (a pHYs chunk) so that printing at "actual size" gives true millimetres.

It makes the picture an SVG reader makes of our SVG (the same cairo operations: each shape filled, then
stroked with SVG's miter limit of 4; text as the outlines of the shipped fonts, glyph by glyph), without
writing and parsing that SVG: so a page of a 68,000-cell board draws in seconds, and no reader's cap on
referenced elements (cairosvg stops at 100,000, fewer than a large board's labels have glyphs) limits a page.

Every PNG it makes passes resolution.check_resolution first (the one rule for a PNG's size in pixels).
"""

from __future__ import annotations

import io
import math
from functools import lru_cache

from modlinseq_print import interrupts
from modlinseq_print.collector import collector_paused
from modlinseq_print.render.fonts import anchor_shift, baseline, canonical, face, require_glyphs
from modlinseq_print.render.png_encode import opaque_png
from modlinseq_print.render.png_resolution import with_dpi
from modlinseq_print.render.resolution import MAX_PIXELS, MAX_SIDE, PngError, check_resolution, png_size  # noqa: F401
from modlinseq_print.render.scene import Circle, Embed, Item, Polygon, Scene, Style, Text, Use

MITER_LIMIT = 4.0  # SVG's default, which every reader of the SVG output applies


@lru_cache(maxsize=1024)
def _rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' as three fractions."""
    value = colour.lstrip("#")
    return int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255


@lru_cache(maxsize=16384)  # bounded: a long-running studio meets many sizes
def _outline(font: str, size: float, char: str):
    """A character's outline at a font size in mm (y downward, origin on the baseline) as a cairo path, with
    the array its points live in (which must outlive it); None for an empty glyph (a space)."""
    operations = _operations(font, char)
    if not operations:
        return None
    from cairocffi import STATUS_SUCCESS, ffi

    scale = float(f"{size / face(font).units_per_em:.6g}")  # as the SVG writes it
    length = sum(1 + len(points) // 2 for _, points in operations)
    data = ffi.new("cairo_path_data_t[]", length)
    position = 0
    for kind, points in operations:
        data[position].header.type = kind
        data[position].header.length = 1 + len(points) // 2
        for i in range(0, len(points), 2):
            position += 1
            data[position].point.x, data[position].point.y = points[i] * scale, -points[i + 1] * scale
        position += 1
    return ffi.new("cairo_path_t *", {"status": STATUS_SUCCESS, "data": data, "num_data": length}), data


@lru_cache(maxsize=4096)
def _operations(font: str, char: str) -> tuple[tuple[int, tuple[float, ...]], ...]:
    """A character's outline in font units, y upward, as cairo's path operations and their points; quadratic
    curves become the cubics an SVG reader makes of them."""
    import cairocffi
    from fontTools.pens.basePen import BasePen

    from modlinseq_print.render.glyphs import glyph_names, glyph_set

    operations: list[tuple[int, tuple[float, ...]]] = []

    class Pen(BasePen):
        def _moveTo(self, pt):
            operations.append((cairocffi.PATH_MOVE_TO, pt))

        def _lineTo(self, pt):
            operations.append((cairocffi.PATH_LINE_TO, pt))

        def _curveToOne(self, p1, p2, p3):
            operations.append((cairocffi.PATH_CURVE_TO, (*p1, *p2, *p3)))

        def _qCurveToOne(self, p1, p2):
            (x1, y1), (x2, y2), (x3, y3) = self._getCurrentPoint(), p1, p2
            self._curveToOne((x2 * 2 / 3 + x1 / 3, y2 * 2 / 3 + y1 / 3),
                             (x2 * 2 / 3 + x3 / 3, y2 * 2 / 3 + y3 / 3), (x3, y3))

        def _closePath(self):
            operations.append((cairocffi.PATH_CLOSE_PATH, ()))

    glyphs = glyph_set(font)
    glyphs[glyph_names(font)[char]].draw(Pen(glyphs))
    return tuple(operations)


class _Painter:
    """Draws a scene's items onto a cairo context whose unit is the millimetre, through cairo's C functions
    (cairocffi's documented CFFI API: a board draws a few calls per cell, and each wrapped call would cost
    a check of cairo's status; cairo keeps an error in its status, checked once at the end)."""

    def __init__(self, context):
        from cairocffi import cairo

        self.c = cairo
        self.p = context._pointer

    def scene(self, scene: Scene) -> None:
        """Every layer of the scene, in order."""
        for layer in scene.layers:
            self.items(layer.items, scene)

    def items(self, items: list[Item], scene: Scene) -> None:
        """Items in drawing order; a Use draws a symbol of `scene`."""
        for item in items:  # by exact type (mypy narrows `type(x) is C` too)
            if type(item) is Use:
                self.use(item, scene)
            elif type(item) is Text:
                self.text(item)
            elif type(item) is Polygon:
                self.polygon(item)
            elif type(item) is Circle:
                self.circle(item)
            elif type(item) is Embed:
                self.embed(item)
            else:
                raise TypeError(f"cannot draw {type(item).__name__} in PNG")

    def use(self, item: Use, scene: Scene) -> None:
        if item.symbol not in scene.symbols:
            raise KeyError(f"symbol {item.symbol!r} is used but not defined in the scene")
        c, p = self.c, self.p
        c.cairo_save(p)
        c.cairo_translate(p, item.x, item.y)
        self.items(scene.symbols[item.symbol], scene)
        c.cairo_restore(p)

    def polygon(self, item: Polygon) -> None:
        c, p = self.c, self.p
        (x, y), *rest = item.points
        c.cairo_move_to(p, x, y)
        for x, y in rest:
            c.cairo_line_to(p, x, y)
        if item.closed:
            c.cairo_close_path(p)
        self.paint(item.style)

    def circle(self, item: Circle) -> None:
        if not item.radius:
            return  # as an SVG reader does with r="0"
        c, p = self.c, self.p
        c.cairo_new_sub_path(p)
        c.cairo_arc(p, item.x, item.y, item.radius, 0.0, 2 * math.pi)
        c.cairo_close_path(p)
        self.paint(item.style)

    def paint(self, style: Style) -> None:
        """Fill the current path, then stroke it, as the style says; then clear it."""
        c, p = self.c, self.p
        if style.fill:
            c.cairo_set_source_rgb(p, *_rgb(style.fill))
            c.cairo_fill_preserve(p)
        if style.stroke:
            c.cairo_set_source_rgb(p, *_rgb(style.stroke))
            c.cairo_set_line_width(p, style.stroke_width)
            dash = style.dash if style.dash and sum(style.dash) else ()  # all gaps: solid, as in an SVG reader
            c.cairo_set_dash(p, _dashes(dash), len(dash), 0.0)
            c.cairo_stroke(p)
        c.cairo_new_path(p)

    def text(self, item: Text) -> None:
        """The text's glyphs, each filled on its own as an SVG reader fills each glyph's path."""
        require_glyphs(item.text, item.font)
        font = canonical(item.font)
        widths = face(font).widths
        c, p = self.c, self.p
        c.cairo_save(p)
        if item.rotate:
            c.cairo_translate(p, item.x, item.y)
            c.cairo_rotate(p, math.radians(item.rotate))
            c.cairo_translate(p, -item.x, -item.y)
        c.cairo_translate(p, item.x, baseline(item))
        c.cairo_set_source_rgb(p, *_rgb(item.fill))
        x, at = -anchor_shift(item), 0.0
        for char in item.text:
            outline = _outline(font, item.size, char)  # held while drawn: the cache may drop it meanwhile
            if outline is not None:
                c.cairo_translate(p, x - at, 0.0)
                c.cairo_append_path(p, outline[0])
                c.cairo_fill(p)
                at = x
            x += widths[char] * item.size / 1000
        c.cairo_restore(p)

    def embed(self, item: Embed) -> None:
        c, p = self.c, self.p
        c.cairo_save(p)
        if item.clip is not None:
            c.cairo_rectangle(p, *item.clip)
            c.cairo_clip(p)
        c.cairo_translate(p, item.x, item.y)
        if item.scale != 1.0:
            c.cairo_scale(p, item.scale, item.scale)
        self.scene(item.scene)
        c.cairo_restore(p)


@lru_cache(maxsize=256)
def _dashes(dash: tuple[float, ...]):
    """A dash pattern as the C array cairo takes (cairo copies it)."""
    from cairocffi import ffi

    return ffi.new("double[]", dash) if dash else ffi.NULL


def scene_to_png(scene: Scene, dpi: float = 150.0, background: str | None = "#ffffff") -> bytes:
    """The scene as PNG bytes at `dpi`, on a `background` colour '#rrggbb' (None: transparent), its resolution
    recorded in the file: RGB through png_encode when opaque, RGBA through cairo's writer when transparent."""
    width, height = check_resolution(scene, dpi)
    import cairocffi  # lazily: only PNG output needs cairo

    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
    context = cairocffi.Context(surface)
    if background:  # every pixel, the last row and column too where the page ends inside them
        context.set_source_rgb(*_rgb(background))
        context.paint()
    per_mm = dpi / 25.4
    context.rectangle(0, 0, scene.width * per_mm, scene.height * per_mm)  # the page, not its whole pixels
    context.clip()
    context.scale(per_mm, per_mm)
    context.set_miter_limit(MITER_LIMIT)
    with collector_paused():
        _Painter(context).scene(scene)
    context.save()  # raises cairo's error, if any, kept in its status by the unchecked calls above
    context.restore()
    surface.flush()
    if background:  # opaque: our encoder, twice as fast as cairo's writer (which keeps the transparent ones)
        return opaque_png(surface.get_data(), surface.get_stride(), width, height, dpi)
    out = io.BytesIO()
    with interrupts.deferred():  # cairo writes through a callback into Python, which a Ctrl-C must not cut
        surface.write_to_png(out)
    return with_dpi(out.getvalue(), dpi)
