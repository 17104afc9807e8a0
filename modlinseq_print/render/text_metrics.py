"""Widths of text in mm for laying out without a rendering library, from the shipped fonts (render/fonts.py).

Printables use this to wrap and align text; the writers measure with the same numbers.
"""

from __future__ import annotations

from modlinseq_print.render.fonts import em_width


def text_width(text: str, font: str = "sans", size: float = 1.0) -> float:
    """The advance width of a line of text in the units of `size` (mm in, mm out)."""
    return em_width(text, font) * size / 1000


def shrunk_to(text: str, font: str, size: float, room: float) -> float:
    """`size`, or the smaller size at which a line of `text` fits `room` mm."""
    width = text_width(text, font, size)
    return size if width <= room else size * room / width


def wrap_text(text: str, width: float, font: str = "sans", size: float = 1.0) -> list[str]:
    """Break text into lines no wider than `width` at spaces (a longer single word keeps its own line).

    A line's width grows word by word (the fonts have no kerning, so widths add up); only a candidate within
    a rounding error of `width` is measured whole, so long lines cost no more than short ones and the breaks
    are those of measuring every candidate."""
    lines: list[str] = []
    space = text_width(" ", font, size)
    for paragraph in text.split("\n"):
        line, line_width = "", 0.0
        for word in paragraph.split():
            word_width = text_width(word, font, size)
            if not line:
                line, line_width = word, word_width
                continue
            grown = line_width + space + word_width
            if abs(grown - width) <= 1e-9 * max(1.0, width):  # too close to call: measure the whole line
                grown = text_width(f"{line} {word}", font, size)
            if grown > width:
                lines.append(line)
                line, line_width = word, word_width
            else:
                line, line_width = f"{line} {word}", grown
        lines.append(line)
    return lines


def fitted_lines(text: str, width: float, size: float, least: float, font: str = "sans",
                 most: int = 2) -> tuple[float, list[str]]:
    """The largest size (from `size` down to `least`, by 0.1) at which the text fits `width` mm on one line, else
    on at most `most` lines broken at spaces; else `least` on as few lines as wrapping gives (a word wider
    than the width keeps its own line)."""
    for lines_allowed in range(1, most + 1):
        current = size
        while True:
            lines = [text] if lines_allowed == 1 else wrap_text(text, width, font, current)
            if len(lines) <= lines_allowed and all(text_width(line, font, current) <= width for line in lines):
                return current, lines
            if current <= least:
                break
            current = max(least, round(current - 0.1, 2))
    return least, wrap_text(text, width, font, least) if most > 1 else [text]
