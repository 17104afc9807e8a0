"""Widths of text in mm for laying out without a rendering library, from the shipped fonts (render/fonts.py).

Printables use this to wrap and align text; the writers measure with the same numbers.
"""

from __future__ import annotations

from modlinseq_print.render.fonts import em_width


def text_width(text: str, font: str = "sans", size: float = 1.0) -> float:
    """The advance width of a line of text in the units of `size` (mm in, mm out)."""
    return em_width(text, font) * size / 1000


def wrap_text(text: str, width: float, font: str = "sans", size: float = 1.0) -> list[str]:
    """Break text into lines no wider than `width` at spaces (a longer single word keeps its own line)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, font, size) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines
