"""Text as outlines from the shipped fonts: glyph paths for the SVG writer, polylines in mm for cut files.

Outlines come from the same TTF files as the metrics (render/fonts.py), read with fontTools (lazily).
"""

from __future__ import annotations

import math
from functools import lru_cache

from modlinseq_print.render.fonts import anchor_shift, baseline, canonical, face, require_glyphs
from modlinseq_print.render.scene import Point, Text


@lru_cache(maxsize=None)
def _glyph_set(font: str):
    from fontTools.ttLib import TTFont  # lazily: only outlines need it

    return TTFont(face(font).path, lazy=True).getGlyphSet()


@lru_cache(maxsize=None)
def glyph_path(font: str, char: str) -> str:
    """The SVG path data of one character in font units, y downward, origin on the baseline ('' for a space)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    name = canonical(font)
    glyphs = _glyph_set(name)
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:g}")
    glyphs[face(name).glyphs[char]].draw(TransformPen(pen, (1, 0, 0, -1, 0, 0)))
    return pen.getCommands()


class _FlatteningPen:
    """A fontTools pen collecting contours as polylines, curves cut into straight pieces."""

    def __init__(self, glyph_set, steps: int):
        from fontTools.pens.basePen import BasePen

        outer = self

        class Pen(BasePen):
            def _moveTo(self, pt):
                outer.contours.append([pt])

            def _lineTo(self, pt):
                outer.contours[-1].append(pt)

            def _curveToOne(self, p1, p2, p3):
                p0 = outer.contours[-1][-1]
                for i in range(1, steps + 1):
                    t = i / steps
                    u = 1 - t
                    outer.contours[-1].append(tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                                                    for a, b, c, d in zip(p0, p1, p2, p3)))

            def _qCurveToOne(self, p1, p2):
                p0 = outer.contours[-1][-1]
                for i in range(1, steps + 1):
                    t = i / steps
                    u = 1 - t
                    outer.contours[-1].append(tuple(u * u * a + 2 * u * t * b + t * t * c for a, b, c in zip(p0, p1, p2)))

        self.contours: list[list[tuple[float, float]]] = []
        self.pen = Pen(glyph_set)


def text_outline(item: Text, steps: int = 6) -> list[tuple[Point, ...]]:
    """The outline of a Text item as closed polylines in mm (y downward, rotation applied), one per contour.

    Each curve becomes `steps` straight pieces; a FontError names any character the font lacks.
    """
    require_glyphs(item.text, item.font)
    name = canonical(item.font)
    metrics, glyphs = face(name), _glyph_set(name)
    scale = item.size / metrics.units_per_em
    x0, y0 = -anchor_shift(item), baseline(item) - item.y
    angle = math.radians(item.rotate)
    cos, sin = math.cos(angle), math.sin(angle)
    outline: list[tuple[Point, ...]] = []
    for char in item.text:
        collector = _FlatteningPen(glyphs, steps)
        glyphs[metrics.glyphs[char]].draw(collector.pen)
        for contour in collector.contours:
            points = []
            for gx, gy in contour:
                px, py = x0 + gx * scale, y0 - gy * scale
                points.append((round(item.x + px * cos - py * sin, 4), round(item.y + px * sin + py * cos, 4)))
            outline.append(tuple(points))
        x0 += metrics.widths[char] * item.size / 1000
    return outline
