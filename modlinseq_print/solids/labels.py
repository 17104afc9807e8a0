"""The text of a piece's face as outlines for solids: the tile sheets' text, size and place.

The printables lay a tile's face out (printables/pieces.py: the number or '#', with the sheets' bar under
every number that reads as another turned round: 6 and 9, 16 and 91...); a marker keeps 'mod' above its modulus, larger
than on the sheets so that it prints, and drops the sheets' '= 0'. The shipped font's outlines (render/glyphs.py,
fontTools) turn each line into contours, flipped so that y grows upward, centred where the sheets centre them on the
tile's bounding box.
"""

from __future__ import annotations

import math
from dataclasses import replace

from modlinseq_print.printables.markers import TOP_LINE
from modlinseq_print.printables.pieces import PieceFaces
from modlinseq_print.printables.tiles import (LabelBox, Piece, TileLook, centroid, face_labels, fit_font_size,
                                              marked_values)
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.glyphs import text_outline
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.scene import Polygon, Text
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.theme import get_theme

#: What tells a 6 from a 9 (and 16 from 91...) beyond the pentagon's own orientation: a bar under, or a dot
#: after, every number that reads as another turned round.
CUES = ("none", "underline", "dot")
CURVE_STEPS = 8  # straight pieces per glyph curve: under 0.01 mm from the true curve at tile sizes
DOT_RADIUS = 0.09  # the dot after a 6, a 9 (or another turnable number), in font sizes (a full stop of the bold face)
DOT_GAP = 0.06  # between the number and its dot, in font sizes
MARKER_SMALL = 0.5  # a marker's 'mod' line, as a share of the modulus's size: larger than on the sheets, to print
MARKER_GAP = 0.22  # between a marker's two lines, in the modulus's size
_DOT_SIDES = 24

Contour = tuple[tuple[float, float], ...]


def label_key(piece: Piece) -> tuple[str, str]:
    """What makes two faces the same: the kind and the text (copies of a value share one face)."""
    return piece.kind, piece.label


class FaceLabels:
    """The face text of every piece of a set as contours in mm, y upward, centred on the tile's box."""

    def __init__(self, look: TileLook, pieces: list[Piece], cue: str = "none"):
        self.cue = cue
        self.look = replace(look, underline="ambiguous" if cue == "underline" else "none")
        self.faces = PieceFaces(self.look, get_theme("green"), pieces)
        numbers = [p.value for p in pieces if p.kind == "number" and p.value is not None]
        self.dotted = marked_values("ambiguous", numbers) if cue == "dot" else frozenset()
        self.marker_size = self._marker_size([p.label for p in pieces if p.kind == "marker"])
        self._cache: dict[tuple[str, str], tuple[Contour, ...]] = {}

    def contours(self, piece: Piece) -> tuple[Contour, ...]:
        """The closed contours of a piece's face text (none for a blocker), computed once per kind and text."""
        key = label_key(piece)
        if key not in self._cache:
            self._cache[key] = tuple(self._draw(piece))
        return self._cache[key]

    def _marker_size(self, moduli: list[str]) -> float:
        """The size of every marker's modulus: the largest whose two lines stay inside the safe zone."""
        font, cap = self.look.font, cap_height(self.look.font)
        reach = cap * (1 + MARKER_SMALL) / 2 + MARKER_GAP / 2
        widest = max([text_width(m, font, 1.0) for m in moduli or ["0"]]
                     + [MARKER_SMALL * text_width(TOP_LINE, font, 1.0)])
        return fit_font_size(self.look.outline, LabelBox(widest / 2, reach, reach), self.look.safe_margin,
                             self.look.width / 2)

    def marker_lines(self, piece: Piece) -> list[tuple[str, float, float]]:
        """A marker's two lines (text, size, dy of the capitals' middle from the centroid, y downward): 'mod'
        above the modulus, the two centred together."""
        size, cap = self.marker_size, cap_height(self.look.font)
        small, large = cap * MARKER_SMALL * size, cap * size
        half = (small + MARKER_GAP * size + large) / 2
        return [(TOP_LINE, MARKER_SMALL * size, small / 2 - half), (piece.label, size, half - large / 2)]

    def _items(self, piece: Piece):
        if piece.kind == "marker":
            return face_labels(self.marker_lines(piece), Slot(0, 0.0, 0.0, 0), self.look.outline, self.look.font,
                               "#000000")
        return self.faces.labels(piece, Slot(0, 0.0, 0.0, 0))

    def _draw(self, piece: Piece) -> list[Contour]:
        contours: list[Contour] = []
        for item in self._items(piece):
            if isinstance(item, Text):
                contours += [_flipped(c) for c in text_outline(item, CURVE_STEPS)]
            elif isinstance(item, Polygon):
                contours.append(_flipped(item.points))
        if piece.kind == "number" and piece.value in self.dotted:
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
    angles = [2 * math.pi * k / _DOT_SIDES for k in range(_DOT_SIDES)]
    return tuple((x + radius * math.cos(a), y + radius * math.sin(a)) for a in angles)
