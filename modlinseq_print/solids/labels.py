"""The text of a piece's face as outlines for solids: the same lines, sizes and places as on the tile sheets.

The printables lay a face out (printables/pieces.py: the number, '#', a marker's 'mod N = 0'); the shipped
font's outlines (render/glyphs.py, fontTools) turn each line into contours, flipped so that y grows upward
and centred where the sheet centres them on the tile's bounding box.
"""

from __future__ import annotations

import math
from dataclasses import replace

from modlinseq_print.printables.pieces import PieceFaces
from modlinseq_print.printables.tiles import UNDERLINED, Piece, TileLook, centroid
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.glyphs import text_outline
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.scene import Polygon, Text
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.theme import get_theme

CUES = ("none", "underline", "dot")  # what tells a 6 from a 9 beyond the pentagon's own orientation
CURVE_STEPS = 8  # straight pieces per glyph curve: under 0.01 mm from the true curve at tile sizes
DOT_RADIUS = 0.09  # the dot after a 6 or a 9, in font sizes (a full stop of the bold face)
DOT_GAP = 0.06  # between the number and its dot, in font sizes
_DOT_SIDES = 24

Contour = tuple[tuple[float, float], ...]


def label_key(piece: Piece) -> tuple[str, str]:
    """What makes two faces the same: the kind and the text (copies of a value share one face)."""
    return piece.kind, piece.label


class FaceLabels:
    """The face text of every piece of a set as contours in mm, y upward, centred on the tile's box."""

    def __init__(self, look: TileLook, pieces: list[Piece], cue: str = "none"):
        self.cue = cue
        self.faces = PieceFaces(replace(look, underline=cue == "underline"), get_theme("green"), pieces)
        self._cache: dict[tuple[str, str], tuple[Contour, ...]] = {}

    def contours(self, piece: Piece) -> tuple[Contour, ...]:
        """The closed contours of a piece's face text (none for a blocker), computed once per kind and text."""
        key = label_key(piece)
        if key not in self._cache:
            self._cache[key] = tuple(self._draw(piece))
        return self._cache[key]

    def _draw(self, piece: Piece) -> list[Contour]:
        contours: list[Contour] = []
        for item in self.faces.labels(piece, Slot(0, 0.0, 0.0, 0)):
            if isinstance(item, Text):
                contours += [_flipped(c) for c in text_outline(item, CURVE_STEPS)]
            elif isinstance(item, Polygon):
                contours.append(_flipped(item.points))
        if self.cue == "dot" and piece.kind == "number" and piece.value in UNDERLINED:
            contours.append(_flipped(self._dot(piece)))
        return contours

    def _dot(self, piece: Piece) -> Contour:
        """A round dot on the baseline after the number, like a full stop (y downward, as the sheets draw)."""
        faces = self.faces.tiles
        text, size, dy = faces.lines(piece)[0][0]
        font, (cx, cy) = faces.look.font, centroid(faces.look.outline)
        radius = DOT_RADIUS * size
        x = cx + text_width(text, font, size) / 2 + DOT_GAP * size + radius
        y = cy + dy + cap_height(font) * size / 2 - radius  # on the baseline, as the sheets centre the capitals
        return _circle(x, y, radius)


def _flipped(points) -> Contour:
    """A contour with y turned upward."""
    return tuple((float(x), -float(y)) for x, y in points)


def _circle(x: float, y: float, radius: float) -> Contour:
    return tuple((x + radius * math.cos(2 * math.pi * k / _DOT_SIDES), y + radius * math.sin(2 * math.pi * k / _DOT_SIDES))
                 for k in range(_DOT_SIDES))
