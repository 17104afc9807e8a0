"""Modulus markers (rules, page 3, section 8): one special tile per modulus of a range, standing for 0 on cell A0."""

from __future__ import annotations

import re

from modlinseq_print.errors import mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.tiles import (
    MAX_MODULUS, LabelBox, Piece, TileError, TileLook, check_count, face_labels, fit_font_size, outline_items,
    piece_colours, back_items, back_text_size,
)
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.imposition import Slot
from modlinseq_print.render.scene import Item
from modlinseq_print.render.theme import Theme

DEFAULT_RANGE = "8-20"  # the rules' practical range of moduli (page 3, section 8)
TOP_LINE = "mod"
BOTTOM_LINE = "= 0"  # the marker is played as a 0 (transcribed 0A0)
SMALL = 0.34  # the small lines' size, as a fraction of the modulus size
LINE_GAP = 0.16  # between lines, in modulus sizes


def parse_range(text: str) -> tuple[int, int]:
    """(low, high) moduli from '8-20' or a single modulus such as '13'; a one-line error otherwise."""
    match = re.fullmatch(r"\s*([0-9]{1,9})\s*(?:-\s*([0-9]{1,9})\s*)?", text)
    if not match:
        raise TileError(f"bad range {excerpt(text)}: give the lowest and highest modulus, e.g. 8-20, or one modulus, "
                        "e.g. 13", "range")
    low = int(match.group(1))
    high = int(match.group(2) or low)
    if low > high:
        raise TileError(f"bad range {excerpt(text)}: the lowest modulus comes first, e.g. {high}-{low}", "range")
    if low < 2 or high > MAX_MODULUS:
        raise TileError(f"bad range {excerpt(text)}: moduli run from 2 to {MAX_MODULUS}, e.g. 8-20", "range",
                        MAX_MODULUS)
    return low, high


def marker_set(low: int, high: int, copies: int = 1) -> list[Piece]:
    """`copies` markers for each modulus from low to high."""
    check_count(copies, "copies of each marker", "copies")
    pieces = [Piece("marker", modulus) for modulus in range(low, high + 1) for _ in range(copies)]
    if not pieces:
        raise TileError(f"nothing to print: give {mention('copies', 1)} or more", "copies", 1)
    return pieces


class MarkerFaces:
    """Draws modulus markers: the modulus large, 'mod' above it and '= 0' below, in the marker colours."""

    def __init__(self, look: TileLook, theme: Theme, moduli: list[int]):
        self.look = look
        self.theme = theme
        self.moduli = list(moduli)
        cap = cap_height(look.font)
        self.step = cap * (1 + SMALL) / 2 + LINE_GAP  # from the modulus's middle to a small line's middle
        widest = max([text_width(str(m), look.font, 1.0) for m in moduli or [0]]
                     + [SMALL * text_width(t, look.font, 1.0) for t in (TOP_LINE, BOTTOM_LINE)])
        reach = self.step + SMALL * cap / 2
        self.size = fit_font_size(look.outline, LabelBox(widest / 2, reach, reach), look.safe_margin, look.width / 2)
        self.back_size = back_text_size(look)  # sized to the back text, as on the tiles

    def with_look(self, look: TileLook) -> "MarkerFaces":
        """The same markers drawn with another look (a bleed, no printed cut line)."""
        return MarkerFaces(look, self.theme, self.moduli)

    def lines(self, piece: Piece) -> list[tuple[str, float, float]]:
        """The three text lines of a marker (text, size, dy from the centroid)."""
        small = self.size * SMALL
        return [(TOP_LINE, small, -self.step * self.size), (piece.label, self.size, 0.0),
                (BOTTOM_LINE, small, self.step * self.size)]

    def labels(self, piece: Piece, slot: Slot, colour: str | None = None) -> list[Item]:
        """The text of a marker at a slot (for engraving, in `colour`)."""
        colour = colour or piece_colours(piece, self.theme).text
        return face_labels(self.lines(piece), slot, self.look.outline, self.look.font, colour)

    def face(self, piece: Piece, slot: Slot) -> list[Item]:
        """The printed face of a marker at a slot."""
        fill = piece_colours(piece, self.theme).fill
        return outline_items(slot, self.look, fill, self.theme.tile_stroke) + self.labels(piece, slot)

    def back(self, piece: Piece, slot: Slot) -> list[Item]:
        """The back of a marker at its mirrored slot: the marker colour, with the back text if any."""
        return back_items(piece, slot, self.look, self.theme, self.back_size)
