"""Press-ready PDF (`--press`): options, checks, and the geometry of bleed, printer's marks and die spacing.

A press-ready page is the printable's page (its scene) as the TrimBox, grown by the bleed for the
BleedBox, inside a MediaBox with room for crop marks. Artwork that touches the trim is carried into
the bleed; pieces' cut outlines (Style.die) become a stroke-only spot colour. The PDF writer reads
these options; nothing here imports a PDF library.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass, replace
from pathlib import Path

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.scene import Embed, Item, Polygon, Style
from modlinseq_print.units import parse_length

DEFAULT_BLEED = 3.0  # mm past the trim on every side
MAX_BLEED = 20.0
DEFAULT_DIELINE = "CutContour"  # the spot name print-and-cut RIPs match exactly
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
_PDF_NAME = re.compile(r"[A-Za-z0-9_.+\-*!$&'`^|~:;=?@\"]{1,127}")  # printable ASCII but PDF delimiters and #


class PressError(ModlinseqError):
    """Press options that cannot be used: a negative bleed, a die-line name PDF cannot carry."""


@dataclass(frozen=True)
class PressOptions:
    """How a press-ready PDF is framed: bleed (mm), the die line's spot-colour name, and the least
    space between die-cut shapes (mm)."""

    bleed: float = DEFAULT_BLEED
    dieline_name: str = DEFAULT_DIELINE
    die_spacing: float = DEFAULT_DIE_SPACING

    def __post_init__(self) -> None:
        if not 0 <= self.bleed <= MAX_BLEED:
            raise PressError(f"a press bleed of {self.bleed:g} mm is out of range: use 0 to {MAX_BLEED:g} mm, "
                             f"e.g. {DEFAULT_BLEED:g}mm or 0.125in")
        if not self.dieline_name:
            raise PressError(f"an empty die-line name: give a spot colour name such as {DEFAULT_DIELINE} or Dieline")
        if not _PDF_NAME.fullmatch(self.dieline_name):
            raise PressError(f"bad die-line name {excerpt(self.dieline_name)}: use ASCII letters, digits, - and _ "
                             f"without spaces (at most 127), e.g. {DEFAULT_DIELINE}, Dieline or Thru-cut")
        if not 0 <= self.die_spacing <= MAX_DIE_SPACING:
            raise PressError(f"a die spacing of {self.die_spacing:g} mm is out of range: use 0 to "
                             f"{MAX_DIE_SPACING:g} mm, e.g. {DEFAULT_DIE_SPACING:g}mm")

    @property
    def slug(self) -> float:
        """The paper (mm) beyond the trim on every side: bleed, then room for the crop marks."""
        return self.bleed + MARK_OFFSET + MARK_LENGTH + SLUG_SPARE

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


def _edge_strips(polygon: Polygon, width: float, height: float, bleed: float) -> list[Polygon]:
    """Rectangles filling the bleed beyond each polygon edge that lies on the trim."""
    style = Style(fill=polygon.style.fill, stroke=None)
    points = list(polygon.points)
    strips = []
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        for line, (a, b), (c, d), outward in ((0.0, (x0, x1), (y0, y1), -1), (width, (x0, x1), (y0, y1), 1)):
            if abs(a - line) < _EDGE and abs(b - line) < _EDGE and abs(d - c) > _EDGE:
                far = line + outward * bleed
                strips.append(Polygon(((line, c), (far, c), (far, d), (line, d)), style))
        for line, outward in ((0.0, -1), (height, 1)):
            if abs(y0 - line) < _EDGE and abs(y1 - line) < _EDGE and abs(x1 - x0) > _EDGE:
                far = line + outward * bleed
                strips.append(Polygon(((x0, line), (x0, far), (x1, far), (x1, line)), style))
    return strips


# ---- command-line options ---------------------------------------------------------------------------------

_PRESS_ONLY = (("press_bleed", "--press-bleed"), ("dieline_name", "--dieline-name"),
               ("die_spacing", "--die-spacing"), ("dieline_board", "--dieline-board"))


def add_press_arguments(parser: argparse.ArgumentParser, board: bool = False) -> None:
    """Add --press and its options (and --dieline-board for a board)."""
    group = parser.add_argument_group("press-ready PDF")
    group.add_argument("--press", action="store_true",
                       help="a press-ready PDF: CMYK only, TrimBox and BleedBox, crop marks, die lines as a spot colour")
    # --bleed names the page bleed too where the command has no piece bleed of its own (board, kit).
    names = ["--press-bleed"] + ([] if "--bleed" in parser._option_string_actions else ["--bleed"])
    group.add_argument(*names, dest="press_bleed", default=None, metavar="LENGTH",
                       help=f"bleed past the trim of every page (default {DEFAULT_BLEED:g}mm)")
    group.add_argument("--dieline-name", default=None, metavar="NAME",
                       help=f"spot colour and layer name of the die lines (default {DEFAULT_DIELINE})")
    group.add_argument("--die-spacing", default=None, metavar="LENGTH",
                       help=f"least space between die-cut pieces (default {DEFAULT_DIE_SPACING:g}mm)")
    if board:
        group.add_argument("--dieline-board", action="store_true", help="a die line around the board's outline")


def press_from_args(args: argparse.Namespace) -> PressOptions | None:
    """The press options of --press (None without it); in press mode a sheet command's --gap is raised to
    the die spacing and its --bleed to half of it. One-line errors for bad values."""
    if not getattr(args, "press", False):
        for dest, flag in _PRESS_ONLY:
            if getattr(args, dest, None) not in (None, False):
                raise PressError(f"{flag} sets up a press-ready PDF: add --press, or leave out {flag}")
        return None
    output = getattr(args, "output", None)
    kind = getattr(args, "format", None) or (Path(output).suffix.lower().lstrip(".") if output else "pdf")
    if kind != "pdf":
        raise PressError(f"--press writes a press-ready PDF, not {kind.upper()}: name the output .pdf")
    press = PressOptions(
        bleed=parse_length(args.press_bleed, "press bleed") if args.press_bleed is not None else DEFAULT_BLEED,
        dieline_name=args.dieline_name if args.dieline_name is not None else DEFAULT_DIELINE,
        die_spacing=parse_length(args.die_spacing, "die spacing") if args.die_spacing is not None
        else DEFAULT_DIE_SPACING)
    if hasattr(args, "gap") and hasattr(args, "bleed") and hasattr(args, "tile_width"):
        gap, width = parse_length(args.gap, "gap"), parse_length(args.tile_width, "tile width")
        args.gap = f"{max(gap, press.die_spacing):g}mm"
        args.bleed = f"{press.piece_bleed(parse_length(args.bleed or 0, 'bleed'), width):g}mm"
    return press
