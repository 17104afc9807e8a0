"""Metrics of the standard-14 fonts we use, without a backend: cap heights and Helvetica widths (AFM values)."""

from __future__ import annotations

from modlinseq_print.render.scene import Text

# Advance widths in 1/1000 em of ASCII 32..126 (from the Adobe AFM files).
_HELVETICA = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
    556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
    556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
    500, 500, 500, 334, 260, 334, 584,
)
_HELVETICA_BOLD = (
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722,
    611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556,
    611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
    556, 556, 500, 389, 280, 389, 584,
)
_WIDTHS = {"Helvetica": _HELVETICA, "Helvetica-Bold": _HELVETICA_BOLD}
_AVERAGE = {"Courier": 600, "Times": 500}
#: Cap height in 1/1000 em by font family prefix.
CAP_HEIGHT = {"Helvetica": 718, "Times": 662, "Courier": 562}


def cap_height(font: str) -> float:
    """The height of capitals as a fraction of the font size."""
    for prefix, value in CAP_HEIGHT.items():
        if font.startswith(prefix):
            return value / 1000
    return 0.7


def text_width(text: str, size: float, font: str = "Helvetica") -> float:
    """The advance width of a line of text in the units of `size` (exact for Helvetica, close otherwise)."""
    table = _WIDTHS.get(font.replace("-Oblique", "").replace("-BoldOblique", "-Bold"))
    if table is None:
        average = next((v for k, v in _AVERAGE.items() if font.startswith(k)), 556)
        return len(text) * average * size / 1000
    return sum(table[ord(ch) - 32] if 32 <= ord(ch) < 127 else 556 for ch in text) * size / 1000


def baseline(item: Text) -> float:
    """The y of a Text item's baseline: its y, or below it by half the cap height when `middle` is set."""
    return item.y + cap_height(item.font) * item.size / 2 if item.middle else item.y


def left_edge(item: Text) -> float:
    """The x where a Text item starts, from its anchor and width."""
    if item.anchor == "start":
        return item.x
    width = text_width(item.text, item.size, item.font)
    return item.x - (width / 2 if item.anchor == "middle" else width)
