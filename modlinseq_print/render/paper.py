"""Paper: named sheet sizes, orientation, margins and the printable area, all in millimetres."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.rect import Rect
from modlinseq_print.units import parse_length, parse_size

#: Portrait width x height in mm.
PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
    "legal": (215.9, 355.6),
    "a5": (148.0, 210.0),
}
POSTER = "poster"
DEFAULT_MARGIN = 10.0  # mm; home printers cannot print to the edge
# mm around a paginated board: home laser and inkjet printers leave 3-5 mm unprinted at the edges
# (5 mm on some trailing edges); 6 mm clears that with 1 mm to spare for paper skew, and gives a board
# page 9 % more room (A4: 198 x 278 mm of board under the 7 mm footer, against 190 x 265 mm with 10 mm margins
# and the former 12 mm footer).
BOARD_MARGIN = 6.0
ORIENTATIONS = ("auto", "portrait", "landscape")
DEFAULT_OVERLAP = 10.0  # mm of glue margin between neighbouring pages of a tiled board
FOOTER = 7.0  # mm at the bottom of a board page's printable area: page label and scale bar, on one line
#: The largest sheet or cutter bed side in mm: 5 m, under the 200 in (5080 mm) page side that PDF
#: viewers accept (PDF's 14,400-unit limit), and larger than any printer, plotter or laser bed.
MAX_PAPER_SIDE = 5000.0


class PaperError(FieldError):
    """An unknown paper, a bad orientation or a margin that leaves no room to print (its field: paper, margin or
    orientation)."""


class PaperSizeError(PaperError):
    """Paper too small for what is printed on it; `limit` is the least printable area, (short, long) in mm."""


@dataclass(frozen=True)
class LeastPaper:
    """The smallest paper a printable's layout holds: the least room (short side, long side, in mm) inside the
    margin its layout is given, and the paper that leaves that room with the default 10 mm margins, as the
    message and the docs name it."""

    short: float
    long: float
    paper: str  # e.g. "A6 (105 x 148 mm)"


#: Flowing text (rules sheet, reference card, worksheet), laid out 6 mm inside the paper's margin: A6.
A6_TEXT = LeastPaper(73.0, 116.0, "A6 (105 x 148 mm)")
#: Pages of pieces and boards, whose footers carry a 50 mm scale bar and a caption: the printable area of A6.
A6_SHEET = LeastPaper(85.0, 128.0, "A6 (105 x 148 mm)")
#: Fixed layouts that need a page of A5 inside the margins (the calibration sheet, a kit's cover).
A5_LEAST = LeastPaper(128.0, 190.0, "A5 (148 x 210 mm)")


def check_room(width: float, height: float, margin: float, least: LeastPaper, what: str) -> None:
    """Refuse in one line, before any layout work, paper whose room inside `margin` (either way round) is smaller
    than `what` needs, naming the smallest paper that holds it."""
    short, long = sorted((width - 2 * margin, height - 2 * margin))
    if short + 1e-6 < least.short or long + 1e-6 < least.long:
        raise PaperSizeError(f"{what} does not fit {width:g} x {height:g} mm paper with these margins: it needs at "
                             f"least {least.paper} with {DEFAULT_MARGIN:g} mm margins; use larger {mention('paper')} "
                             f"or a smaller {mention('margin')}", "paper", (least.short, least.long))


def smallest_paper(holds, margin: float) -> str | None:
    """The smallest named paper (by area) on which `holds(sheet)` is true with this margin, in portrait or
    landscape: its name, or None when none holds it (for messages that name the paper that works)."""
    for name in sorted(PAPERS, key=lambda n: PAPERS[n][0] * PAPERS[n][1]):
        width, height = PAPERS[name]
        sheets = [Sheet(width, height, margin, name), Sheet(height, width, margin, name)]
        if any(holds(sheet) for sheet in sheets if sheet.width > 2 * margin and sheet.height > 2 * margin):
            return name
    return None


def check_paper_size(size: tuple[float, float], text: str) -> tuple[float, float]:
    """The (width, height) if neither side exceeds MAX_PAPER_SIDE, else a one-line error (before any work)."""
    if max(size) > MAX_PAPER_SIDE:
        raise PaperError(f"paper size {excerpt(text.strip())} is too large: each side must be at most "
                         f"{MAX_PAPER_SIDE:g} mm (5 m)", "paper", MAX_PAPER_SIDE)
    return size


def parse_paper(text: str) -> tuple[float, float]:
    """Portrait (width, height) in mm for a paper name (a4, a5, letter, a3, tabloid, legal) or a size like 300x200mm."""
    name = text.strip().lower()
    if name in PAPERS:
        return PAPERS[name]
    if name == POSTER:
        raise PaperError("paper 'poster' has no fixed size: it is sized to the board (use make_sheet only for sheets)",
                         "paper")
    if "x" in name or "×" in name:
        return check_paper_size(parse_size(name, "paper size", "paper"), text)
    raise PaperError(f"unknown paper {excerpt(text)}: use {', '.join(PAPERS)}, poster, or a size such as 300x200mm or "
                     "11x17in", "paper", tuple(PAPERS))


def parse_margin(text: str | float) -> float:
    """A margin in mm from '10mm', '0.5in' or a number; negative margins are an error."""
    value = parse_length(text, "margin", allow_negative=True, field="margin")
    if value < 0:
        raise PaperError(f"bad margin {excerpt(text)}: a margin cannot be negative; use 0 or more, e.g. 10mm",
                         "margin", 0)
    return value


@dataclass(frozen=True)
class Sheet:
    """A sheet of paper of a given size (as oriented) with an even margin on all four sides."""

    width: float
    height: float
    margin: float = DEFAULT_MARGIN
    name: str = ""

    def __post_init__(self) -> None:
        if self.margin < 0:
            raise PaperError(f"bad margin {self.margin:g} mm: a margin cannot be negative", "margin", 0)
        if self.width - 2 * self.margin <= 0 or self.height - 2 * self.margin <= 0:
            raise PaperError(
                f"a margin of {self.margin:g} mm leaves nothing printable on a "
                f"{self.width:g} x {self.height:g} mm sheet: "
                f"use a smaller {mention('margin')} or larger {mention('paper')}", "margin",
                min(self.width, self.height) / 2
            )

    @property
    def landscape(self) -> bool:
        """True when the sheet is wider than tall."""
        return self.width > self.height

    @property
    def printable(self) -> Rect:
        """The area inside the margins, in sheet coordinates."""
        return Rect(self.margin, self.margin, self.width - 2 * self.margin, self.height - 2 * self.margin)

    def rotated(self) -> "Sheet":
        """The same sheet turned by a quarter turn."""
        return Sheet(self.height, self.width, self.margin, self.name)

    def oriented(self, orientation: str) -> "Sheet":
        """This sheet as portrait or landscape ('auto' keeps it as it is)."""
        if orientation == "auto" or (orientation == "landscape") == self.landscape or self.width == self.height:
            return self
        return self.rotated()

    def describe(self) -> str:
        """A short human description, e.g. 'a4 portrait (210 x 297 mm)'."""
        shape = "landscape" if self.landscape else "portrait"
        label = f"{self.name} {shape}" if self.name else shape
        return f"{label} ({self.width:g} x {self.height:g} mm)"


def check_orientation(orientation: str) -> str:
    """The orientation, or a one-line error listing the choices."""
    if orientation not in ORIENTATIONS:
        raise PaperError(f"unknown orientation {excerpt(orientation)}: use one of {', '.join(ORIENTATIONS)}",
                         "orientation", ORIENTATIONS)
    return orientation


def make_sheet(paper: str, margin: str | float = DEFAULT_MARGIN, orientation: str = "portrait") -> Sheet:
    """A Sheet for a paper name or size, a margin (mm or with a unit) and 'portrait' or 'landscape'."""
    width, height = parse_paper(paper)
    name = paper.strip().lower()
    sheet = Sheet(min(width, height), max(width, height), parse_margin(margin), name)
    return sheet.oriented(check_orientation(orientation))


def is_poster(paper: str) -> bool:
    """True for the 'poster' paper, sized to the board."""
    return paper.strip().lower() == POSTER
