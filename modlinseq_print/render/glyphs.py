"""Text as outlines from the shipped fonts: glyph paths for the SVG writer, polylines in mm for cut files.

Outlines come from the same TTF files as the metrics (render/fonts.py), read with fontTools (lazily).
"""

from __future__ import annotations

import math
from functools import lru_cache

from modlinseq_print.render.fonts import anchor_shift, baseline, canonical, face, require_glyphs
from modlinseq_print.render.scene import Point, Text


@lru_cache(maxsize=None)
def _ttfont(font: str):
    """The fontTools font of a shipped face (by canonical name), opened once."""
    from fontTools.ttLib import TTFont  # lazily: only outlines need it

    return TTFont(face(font).path, lazy=True)


@lru_cache(maxsize=None)
def glyph_set(font: str):
    """The glyphs of a shipped font (by canonical name), read once with fontTools."""
    return _ttfont(font).getGlyphSet()


@lru_cache(maxsize=None)
def glyph_names(font: str) -> dict[str, str]:
    """Character -> glyph name in a shipped font (by canonical name), as fontTools names its glyphs."""
    return {chr(code): name for code, name in _ttfont(font).getBestCmap().items()}


@lru_cache(maxsize=None)
def glyph_path(font: str, char: str) -> str:
    """The SVG path data of one character in font units, y downward, origin on the baseline ('' for a space)."""
    from fontTools.pens.svgPathPen import SVGPathPen
    from fontTools.pens.transformPen import TransformPen

    name = canonical(font)
    glyphs = glyph_set(name)
    pen = SVGPathPen(glyphs, ntos=lambda v: f"{v:g}")
    glyphs[glyph_names(name)[char]].draw(TransformPen(pen, (1, 0, 0, -1, 0, 0)))
    return pen.getCommands()


def _bezier(points: tuple, steps: int) -> list[tuple[float, float]]:
    """Points along a quadratic or cubic Bezier segment (its start excluded), `steps` straight pieces."""
    degree = len(points) - 1
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        weights = [(1 - t) ** 2, 2 * (1 - t) * t, t * t] if degree == 2 else \
            [(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3]
        out.append((sum(w * p[0] for w, p in zip(weights, points)), sum(w * p[1] for w, p in zip(weights, points))))
    return out


def _contours(glyph_set, glyph_name: str, steps: int) -> list[list[tuple[float, float]]]:
    """A glyph's contours as polylines in font units (y upward), components and curves resolved."""
    from fontTools.pens.basePen import BasePen

    contours: list[list[tuple[float, float]]] = []

    class FlatteningPen(BasePen):  # BasePen splits TrueType's implied on-curve points into single segments
        def _moveTo(self, pt):
            contours.append([pt])

        def _lineTo(self, pt):
            contours[-1].append(pt)

        def _qCurveToOne(self, p1, p2):
            contours[-1].extend(_bezier((contours[-1][-1], p1, p2), steps))

        def _curveToOne(self, p1, p2, p3):
            contours[-1].extend(_bezier((contours[-1][-1], p1, p2, p3), steps))

    glyph_set[glyph_name].draw(FlatteningPen(glyph_set))
    return contours


def text_outline(item: Text, steps: int = 6) -> list[tuple[Point, ...]]:
    """The outline of a Text item as closed polylines in mm (y downward, rotation applied), one per contour.

    Each curve becomes `steps` straight pieces; a FontError names any character the font lacks.
    """
    require_glyphs(item.text, item.font)
    name = canonical(item.font)
    metrics, glyphs, names = face(name), glyph_set(name), glyph_names(name)
    scale = item.size / metrics.units_per_em
    x0, y0 = -anchor_shift(item), baseline(item) - item.y
    angle = math.radians(item.rotate)
    cos, sin = math.cos(angle), math.sin(angle)
    outline: list[tuple[Point, ...]] = []
    for char in item.text:
        for contour in _contours(glyphs, names[char], steps):
            points = []
            for gx, gy in contour:
                px, py = x0 + gx * scale, y0 - gy * scale
                points.append((round(item.x + px * cos - py * sin, 4), round(item.y + px * sin + py * cos, 4)))
            outline.append(tuple(points))
        x0 += metrics.widths[char] * item.size / 1000
    return outline
