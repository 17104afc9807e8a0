"""The fonts shipped with the package: logical names, metrics read from the TTF files, and text anchoring.

Every layout and every writer measures text here, from the same files the PDF embeds and the SVG draws
as outlines (modlinseq_print/fonts/, subsets of Liberation 2 under the SIL OFL 1.1, renamed "Modlinseq").
Canonical names are 'sans', 'sans-bold', 'sans-italic', 'mono', 'mono-bold', 'serif' and 'serif-bold';
the standard-14 names the code used before ('Helvetica', 'Courier-Bold', 'Times-Roman', ...) are aliases.
The metrics come from a small reader of the TTF's tables (render/sfnt.py), once per face, cached for the life of
the process; outlines, which need fontTools, are render/glyphs.py's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.sfnt import read_metrics

if TYPE_CHECKING:  # for the annotations only: the scene measures its text with these fonts (text_metrics)
    from modlinseq_print.render.scene import Text

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
#: canonical name -> shipped file
FACES = {
    "sans": "ModlinseqSans-Regular.ttf",
    "sans-bold": "ModlinseqSans-Bold.ttf",
    "sans-italic": "ModlinseqSans-Italic.ttf",
    "mono": "ModlinseqMono-Regular.ttf",
    "mono-bold": "ModlinseqMono-Bold.ttf",
    "serif": "ModlinseqSerif-Regular.ttf",
    "serif-bold": "ModlinseqSerif-Bold.ttf",
}
#: standard-14 names kept working: each is drawn in the metric-compatible Liberation face
ALIASES = {
    "Helvetica": "sans", "Helvetica-Bold": "sans-bold", "Helvetica-Oblique": "sans-italic",
    "Courier": "mono", "Courier-Bold": "mono-bold", "Times-Roman": "serif", "Times-Bold": "serif-bold",
}


class FontError(ModlinseqError):
    """A font name that is not shipped, or a character the font has no glyph for."""


@dataclass(frozen=True)
class Face:
    """One shipped font file and the metrics every layout uses (widths in 1/1000 of the font size)."""

    name: str
    path: Path
    units_per_em: int
    cap_height: float  # fraction of the font size, from OS/2 sCapHeight
    widths: dict[str, float]  # character -> advance width in 1/1000 em, for every character the font maps
    missing_width: float  # the advance of .notdef, for measuring a character the font lacks
    ascii_widths: tuple[float, ...]  # widths of codes 0-127 by code, the fast path of em_width


def canonical(font: str) -> str:
    """The canonical name of a font ('Helvetica-Bold' -> 'sans-bold'); a FontError for an unknown name."""
    if font in FACES:
        return font
    try:
        return ALIASES[font]
    except KeyError:
        names = ", ".join(list(FACES) + list(ALIASES))
        raise FontError(f"unknown font {excerpt(font)}: use one of {names}") from None


@lru_cache(maxsize=None)
def face(font: str) -> Face:
    """The metrics of a font by canonical name or alias, read once from its TTF (render/sfnt.py)."""
    name = canonical(font)
    if name != font:
        return face(name)
    path = FONT_DIR / FACES[name]
    metrics = read_metrics(path)
    scale = 1000 / metrics.units_per_em
    advances = metrics.advances
    widths = {char: advances[glyph] * scale for char, glyph in metrics.cmap.items()}
    missing = advances[0] * scale  # glyph 0 is .notdef
    ascii_widths = tuple(widths.get(chr(code), missing) for code in range(128))
    return Face(name, path, metrics.units_per_em, metrics.cap_height / metrics.units_per_em, widths, missing,
                ascii_widths)


def cap_height(font: str) -> float:
    """The height of capitals as a fraction of the font size."""
    return face(font).cap_height


def em_width(text: str, font: str) -> float:
    """The advance width of a line of text in 1/1000 of the font size (no kerning)."""
    metrics = face(font)
    if text.isascii():  # most labels: one C-level pass over the bytes
        return sum(map(metrics.ascii_widths.__getitem__, text.encode()))
    widths, missing = metrics.widths, metrics.missing_width
    return sum(widths.get(char, missing) for char in text)


def missing_glyphs(text: str, font: str) -> list[str]:
    """The characters of text the font cannot draw, in order of first appearance."""
    mapped = face(font).widths
    return list(dict.fromkeys(char for char in text if char not in mapped))


def require_glyphs(text: str, font: str) -> None:
    """Raise a one-line FontError naming the first character of text the font has no glyph for."""
    if text.isascii() and text.isprintable():  # every shipped face has all of printable ASCII
        return
    _require_glyphs(text, font)


@lru_cache(maxsize=4096)
def _require_glyphs(text: str, font: str) -> None:
    missing = missing_glyphs(text, font)
    if missing:
        char = missing[0]
        shown = repr(char) if char.isprintable() else "a control character"
        raise FontError(f"the font has no glyph for {shown} (U+{ord(char):04X}) in the text {excerpt(text)}: "
                        f"use Latin, Greek or Cyrillic letters, digits and common symbols")


def baseline(item: Text) -> float:
    """The y of a Text item's baseline: its y, or below it by half the cap height when `middle` is set."""
    return item.y + cap_height(item.font) * item.size / 2 if item.middle else item.y


def anchor_shift(item: Text) -> float:
    """How far left of its x a Text item starts (0 for `start`, half its width for `middle`, ...)."""
    if item.anchor == "start":
        return 0.0
    width = em_width(item.text, item.font) * item.size / 1000
    return width / 2 if item.anchor == "middle" else width


def left_edge(item: Text) -> float:
    """The x where a Text item starts, from its anchor and width."""
    return item.x - anchor_shift(item)
