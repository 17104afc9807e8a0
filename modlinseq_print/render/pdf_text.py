"""Text in the PDF writer: the shipped TrueType faces as reportlab fonts, text-showing operators, numbers.

Labels by the tens of thousands go through PlainTexts, the fast path of printable ASCII in one font and
size; everything else through show_text, which splits text into the font's embedded 256-glyph subsets.
"""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from modlinseq_print.render import reportlab_adapter as rl
from modlinseq_print.render.fonts import canonical, cap_height, face
from modlinseq_print.render.scene import Text


def fmt(value: float) -> str:
    """A number with at most 3 decimals and no trailing zeros."""
    rounded = round(value, 3)
    if rounded == int(rounded):
        return str(int(rounded))
    return f"{rounded:.3f}".rstrip("0")


def milli(n: int) -> str:
    """A whole number of micrometres as millimetres, e.g. 28000 -> '28', -1500 -> '-1.5'."""
    text = _MILLI.get(n)
    if text is None:
        if n % 1000 == 0:
            text = str(n // 1000)
        else:
            whole, part = divmod(abs(n), 1000)
            text = f"{'-' if n < 0 else ''}{whole}.{part:03d}".rstrip("0")
        if len(_MILLI) < _MILLI_KEEP:
            _MILLI[n] = text
    return text


_MILLI: dict[int, str] = {}  # the relative moves of a board repeat a few steps thousands of times
_MILLI_KEEP = 50_000


def ttf_font(font: str):
    """The reportlab TTFont for a shipped face (registered once per process under 'modlinseq-NAME')."""
    name = "modlinseq-" + canonical(font)
    if name not in _REGISTERED:
        from reportlab.pdfbase.ttfonts import TTFont

        pdfmetrics.registerFont(TTFont(name, str(face(font).path), asciiReadable=1))  # see show_text
        _REGISTERED.add(name)
    return pdfmetrics.getFont(name)


_REGISTERED: set[str] = set()


def show_text(canvas: Canvas, ttf, size: float, text: str, current: int) -> tuple[list[str], int]:
    """Operators showing text in a TrueType font: Tf (when the 256-glyph subset changes) and Tj runs.

    This is what reportlab's PDFTextObject does for TTF text (ttfonts.TTFont.splitString assigns the codes of
    each embedded subset and getSubsetInternalName names it); we reuse it to keep our compact streams.
    Returns the operators and the subset in effect afterwards.
    """
    if text.isascii() and text.isprintable():  # asciiReadable: codes 32-126 are themselves, in subset 0
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        if current == 0:
            return [f"({escaped}) Tj"], 0
        return [f"{rl.subset_font_name(ttf, canvas, 0)} {fmt(size)} Tf", f"({escaped}) Tj"], 0
    ops = []
    for subset, codes in rl.split_text(ttf, canvas, text):
        if subset != current:
            ops.append(f"{rl.subset_font_name(ttf, canvas, subset)} {fmt(size)} Tf")
            current = subset
        ops.append(f"({rl.escape(canvas, codes)}) Tj")
    return ops, current


class PlainTexts:
    """The fast path of a run of texts in one font and size: unrotated, printable ASCII (most labels).

    Computes what _Stream.text_origin does (the same float operations, so the same bytes) without its
    calls, and escapes as show_text does for subset 0."""

    def __init__(self, first: Text):
        self.font, self.size = first.font, first.size
        self.widths = face(first.font).ascii_widths
        self.drop = cap_height(first.font) * first.size / 2
        self.moves: dict[tuple[int, int], str] = {}  # a move -> its Td and the string's opening parenthesis

    def shown(self, item: Text, position: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
        """The operators moving from `position` (the last origin, in whole micrometres) to the text and showing
        it in subset 0, and its origin; None when it needs the general path."""
        text = item.text
        if item.rotate or item.font != self.font or not (text.isascii() and text.isprintable()):
            return None
        if item.anchor == "start":
            x = item.x
        else:
            width = sum(map(self.widths.__getitem__, text.encode())) * item.size / 1000
            x = item.x - (width / 2 if item.anchor == "middle" else width)
        origin = round(x * 1000), round((item.y + self.drop if item.middle else item.y) * 1000)
        key = (origin[0] - position[0], position[1] - origin[1])
        move = self.moves.get(key)
        if move is None:
            move = self.moves[key] = f"{milli(key[0])} {milli(key[1])} Td\n("
        if "\\" in text or "(" in text or ")" in text:
            text = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        return f"{move}{text}) Tj", origin
