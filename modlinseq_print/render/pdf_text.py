"""Text in the PDF writer: the shipped TrueType faces as reportlab fonts, text-showing operators, numbers.

Labels by the tens of thousands go through PlainTexts, the fast path of printable ASCII in one font and
size; everything else through show_text, which splits text into the font's embedded 256-glyph subsets.
"""

from __future__ import annotations

from typing import TypeGuard

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
    """The fast path of a run of texts in one font, size and colour: unrotated, printable ASCII (most labels).

    Computes what _Stream.text_origin does (the same float operations, so the same bytes) without its
    calls, and escapes as show_text does for subset 0."""

    def __init__(self, first: Text):
        self.font, self.size, self.fill = first.font, first.size, first.fill
        self.widths = face(first.font).ascii_widths
        self.drop = cap_height(first.font) * first.size / 2
        self.moves: dict[tuple[int, int], str] = {}  # a move -> its Td and the string's opening parenthesis

    def same_run(self, item: object) -> TypeGuard[Text]:
        """Whether the item is a text of this run (the same font, size and colour)."""
        return isinstance(item, Text) and item.font == self.font and item.size == self.size and item.fill == self.fill

    def stretch(self, items: list, index: int, position: tuple[int, int],
                ops: list[str]) -> tuple[int, tuple[int, int]]:
        """Show items[index:] in subset 0 while they belong to the run and take the fast path, appending the
        operators to ops; `position` is the last origin in whole micrometres. Returns where the stretch ends and
        the last origin."""
        font, size, fill, drop, moves, width_of = self.font, self.size, self.fill, self.drop, self.moves, \
            self.widths.__getitem__
        px, py = position
        for at in range(index, len(items)):
            item = items[at]
            if not (isinstance(item, Text) and item.font == font and item.size == size and item.fill == fill):
                return at, (px, py)
            text = item.text
            if item.rotate or not (text.isascii() and text.isprintable()):
                return at, (px, py)
            if item.anchor == "start":
                x = item.x
            else:
                width = sum(map(width_of, text.encode())) * item.size / 1000
                x = item.x - (width / 2 if item.anchor == "middle" else width)
            x, y = round(x * 1000), round((item.y + drop if item.middle else item.y) * 1000)
            key = (x - px, py - y)
            move = moves.get(key)
            if move is None:
                move = moves[key] = f"{milli(key[0])} {milli(key[1])} Td\n("
            if not text.isalnum() and ("\\" in text or "(" in text or ")" in text):
                text = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
            ops.append(f"{move}{text}) Tj")
            px, py = x, y
        return len(items), (px, py)
