"""Press-ready PDF: its options (plain values), the PDF/X levels, and the geometry of bleed, printer's marks
and die spacing.

A press-ready page is the printable's page (its scene) as the TrimBox, grown by the bleed for the
BleedBox, inside a MediaBox with room for crop marks. Artwork that touches the trim is carried into
the bleed; pieces' cut outlines (Style.die) become a stroke-only spot colour. The PDF writer reads
these options; nothing here imports a PDF library. Errors carry the field at fault and its limit, so a
command line can name its flag and a form its field.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from modlinseq_print.errors import FieldError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.output_intents import DEFAULT_OUTPUT_INTENT, OUTPUT_INTENTS
from modlinseq_print.render.scene import Embed, Item, Polygon, Style

DEFAULT_BLEED = 3.0  # mm past the trim on every side
MAX_BLEED = 20.0
DEFAULT_DIELINE = "CutContour"  # the spot name print-and-cut RIPs match exactly
MAX_DIELINE_NAME = 40  # characters: even escaped three bytes each, a PDF name stays within 127 bytes
DEFAULT_DIE_SPACING = 3.0  # mm between die-cut shapes
MAX_DIE_SPACING = 50.0
DIE_LINE_PT = 0.25  # die line width in points
CREASE_NAME = "Crease"  # the spot colour of fold (crease) lines, apart from the die line's: a cutter never cuts it
CREASE_DASH = (3.0, 2.0)  # mm: crease lines are dashed, as die-line drawings show folds
MARK_PT = 0.25  # crop mark width in points
MARK_OFFSET = 1.0  # mm between the BleedBox and the start of a crop mark
MARK_LENGTH = 6.0
SLUG_SPARE = 1.0  # mm of paper beyond the end of a crop mark
_EDGE = 1e-3  # mm: how close to the trim a point must be to touch it


@dataclass(frozen=True)
class PdfxLevel:
    """A PDF/X conformance level: its identification, its PDF version, and whether optional content (the
    die line's own layer) is allowed."""

    name: str  # the GTS_PDFXVersion value
    pdf_version: tuple[int, int]
    layers: bool


#: The PDF/X levels a press-ready file can claim, by the short name users give.
PDFX_LEVELS = {
    "4": PdfxLevel("PDF/X-4", (1, 6), layers=True),
    "1a": PdfxLevel("PDF/X-1a:2003", (1, 4), layers=False),
}
DEFAULT_PDFX = "4"


class PressError(FieldError):
    """Press options that cannot be used: a bleed out of range, a die-line name a PDF cannot carry. Its field
    is press.bleed, press.dieline_name, press.die_spacing, press.pdfx or press.output_intent (the options given
    as `press`)."""


def check_dieline_name(name: str) -> str:
    """The die line's spot-colour name, if a PDF name carries it exactly and a RIP can match it: 1 to
    MAX_DIELINE_NAME printable ASCII characters (letters, digits, spaces, punctuation), no space at either
    end. The one check of the name, wherever it comes from."""
    if not name:
        raise PressError(f"an empty die-line name: give a spot colour name such as {DEFAULT_DIELINE} or Dieline",
                         "press.dieline_name", MAX_DIELINE_NAME)
    if len(name) > MAX_DIELINE_NAME:
        raise PressError(f"a die-line name of {len(name)} characters is too long: use at most {MAX_DIELINE_NAME}, "
                         f"e.g. {DEFAULT_DIELINE}", "press.dieline_name", MAX_DIELINE_NAME)
    if not all(" " <= ch <= "~" for ch in name) or name != name.strip(" "):
        raise PressError(f"bad die-line name {excerpt(name)}: use printable ASCII (letters, digits, spaces and "
                         f"punctuation) without a space at either end, e.g. {DEFAULT_DIELINE}, Dieline or Thru-cut",
                         "press.dieline_name", MAX_DIELINE_NAME)
    return name


def check_range(value: float, low: float, high: float, what: str, field: str, example: str) -> float:
    """A length in mm from low to high, or a PressError naming the field and the limit."""
    if not low <= value <= high:
        raise PressError(f"a {what} of {value:g} mm is out of range: use {low:g} to {high:g} mm, e.g. {example}",
                         field, high)
    return value


@dataclass(frozen=True)
class PressOptions:
    """How a press-ready PDF is framed: bleed (mm), the die line's spot-colour name, the least space between
    die-cut shapes (mm), the PDF/X level ("4" or "1a"), whether crop marks are printed around the bleed, and
    the printing condition the output intent names (a key of OUTPUT_INTENTS: "fogra39" or "swop")."""

    bleed: float = DEFAULT_BLEED
    dieline_name: str = DEFAULT_DIELINE
    die_spacing: float = DEFAULT_DIE_SPACING
    pdfx: str = DEFAULT_PDFX
    print_marks: bool = True  # False: no crop marks, the MediaBox is the BleedBox (a page per card, say)
    output_intent: str = DEFAULT_OUTPUT_INTENT

    def __post_init__(self) -> None:
        check_range(self.bleed, 0, MAX_BLEED, "press bleed", "press.bleed", f"{DEFAULT_BLEED:g}mm or 0.125in")
        check_dieline_name(self.dieline_name)
        check_range(self.die_spacing, 0, MAX_DIE_SPACING, "die spacing", "press.die_spacing",
                    f"{DEFAULT_DIE_SPACING:g}mm")
        if self.pdfx not in PDFX_LEVELS:
            raise PressError(f"unknown PDF/X level {excerpt(self.pdfx)}: use {' or '.join(PDFX_LEVELS)}", "press.pdfx",
                             tuple(PDFX_LEVELS))
        if self.output_intent not in OUTPUT_INTENTS:
            raise PressError(f"unknown printing condition {excerpt(self.output_intent)}: use "
                             f"{' or '.join(OUTPUT_INTENTS)}", "press.output_intent", tuple(OUTPUT_INTENTS))

    @property
    def level(self) -> PdfxLevel:
        """The PDF/X level the file claims."""
        return PDFX_LEVELS[self.pdfx]

    @property
    def slug(self) -> float:
        """The paper (mm) beyond the trim on every side: bleed, then room for the crop marks (if any)."""
        return self.bleed + (MARK_OFFSET + MARK_LENGTH + SLUG_SPARE if self.print_marks else 0.0)

    def media_size(self, trim_width: float, trim_height: float) -> tuple[float, float]:
        """The MediaBox (mm) around a trim of this size."""
        return trim_width + 2 * self.slug, trim_height + 2 * self.slug

    def crop_marks(self, width: float, height: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """Crop marks as line segments in trim coordinates: two at each trim corner, in line with its edges,
        starting MARK_OFFSET outside the bleed."""
        start = self.bleed + MARK_OFFSET
        end = start + MARK_LENGTH
        marks = []
        for x, sx in ((0.0, -1.0), (width, 1.0)):
            for y, sy in ((0.0, -1.0), (height, 1.0)):
                marks.append(((x + sx * start, y), (x + sx * end, y)))
                marks.append(((x, y + sy * start), (x, y + sy * end)))
        return marks

    def piece_bleed(self, bleed: float, width: float) -> float:
        """A piece's own bleed past its die line: at least half the die spacing (so a die that cuts a
        little off still finds colour), never more than a quarter of the piece's width."""
        return max(bleed, min(self.die_spacing / 2, width / 4))

    def sheet_spacing(self, gap: float, bleed: float, width: float) -> tuple[float, float]:
        """A sheet's gap between cut lines and its pieces' bleed in press mode: the gap at least the die
        spacing, the bleed as piece_bleed."""
        return max(gap, self.die_spacing), self.piece_bleed(bleed, width)


def bleed_items(items: list[Item], width: float, height: float, bleed: float) -> list[Item]:
    """The items with artwork that touches the trim carried into the bleed: a filled polygon with an edge
    on the trim gets the strip beyond that edge filled too; a clip on the trim grows by the bleed."""
    if bleed <= 0:
        return list(items)
    out: list[Item] = []
    for item in items:
        if isinstance(item, Embed) and item.clip is not None:
            item = replace(item, clip=_grown_clip(item.clip, width, height, bleed))
        out.append(item)
        if isinstance(item, Polygon) and item.closed and item.style.fill:
            out += _edge_strips(item, width, height, bleed)
    return out


def _grown_clip(clip, width: float, height: float, bleed: float):
    x, y, w, h = clip
    left = bleed if abs(x) < _EDGE else 0.0
    top = bleed if abs(y) < _EDGE else 0.0
    right = bleed if abs(x + w - width) < _EDGE else 0.0
    bottom = bleed if abs(y + h - height) < _EDGE else 0.0
    return x - left, y - top, w + left + right, h + top + bottom


def _past_corner(value: float, other: float, limit: float, bleed: float) -> float:
    """An edge strip's end moved `bleed` further out when it ends at a trim corner (0 or `limit`), so that the
    strips of two edges meeting there also fill the bleed's corner square."""
    if abs(value) < _EDGE and value <= other:
        return value - bleed
    if abs(value - limit) < _EDGE and value >= other:
        return value + bleed
    return value


def _edge_strips(polygon: Polygon, width: float, height: float, bleed: float) -> list[Polygon]:
    """Rectangles filling the bleed beyond each polygon edge that lies on the trim (and, where such an edge
    ends at a trim corner, the corner of the bleed too)."""
    style = Style(fill=polygon.style.fill, stroke=None)
    points = list(polygon.points)
    strips = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        for line, outward in ((0.0, -1), (width, 1)):
            if abs(x0 - line) < _EDGE and abs(x1 - line) < _EDGE and abs(y1 - y0) > _EDGE:
                far = line + outward * bleed
                c, d = _past_corner(y0, y1, height, bleed), _past_corner(y1, y0, height, bleed)
                strips.append(Polygon(((line, c), (far, c), (far, d), (line, d)), style))
        for line, outward in ((0.0, -1), (height, 1)):
            if abs(y0 - line) < _EDGE and abs(y1 - line) < _EDGE and abs(x1 - x0) > _EDGE:
                far = line + outward * bleed
                a, b = _past_corner(x0, x1, width, bleed), _past_corner(x1, x0, width, bleed)
                strips.append(Polygon(((a, line), (a, far), (b, far), (b, line)), style))
    return strips
