"""Print-and-cut profiles of hobby and sign cutters, read from data/cutters.toml: the registration marks each
one's print-then-cut mode reads, the area it registers and cuts, and how its software takes the print.

A profile turns the paper of a print-and-cut run into the sheet the pieces are laid out on (`cut_sheet`),
or refuses it in one line naming the limit; `registration_marks` draws the marks the sheets and cut files
carry (none when the cutter's own software prints them).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from modlinseq_print.errors import FieldError
from modlinseq_print.inputs import excerpt
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.scene import Polygon, Style

CUTTERS_FILE = Path(__file__).resolve().parent.parent / "data" / "cutters.toml"
DEFAULT_CUTTER = "silhouette"
MARK_CLEARANCE = 3.0  # mm kept clear between the marks and any piece
MARK_STYLE = Style(fill="#000000", stroke=None)
MARK_KINDS = ("three-corner", "software")


class CutterError(FieldError):
    """A print-and-cut layout a cutter cannot take: an unknown cutter, paper outside its area."""


@dataclass(frozen=True)
class Cutter:
    """One cutter's print-and-cut profile (see data/cutters.toml for the meaning of each field)."""

    name: str
    label: str  # short, for messages
    title: str
    marks: str
    images: bool = False
    press: bool = False
    mark_square: float = 0.0
    mark_length: float = 0.0
    mark_thickness: float = 0.0
    mark_inset: float = 0.0
    area: tuple[float, float] | None = None
    design_area: dict[str, tuple[float, float]] = field(default_factory=dict)
    sources: tuple[str, ...] = ()
    notes: str = ""

    @property
    def band(self) -> float:
        """The band (mm) inside the marks' corners that pieces keep clear of."""
        return self.mark_square + MARK_CLEARANCE if self.marks == "three-corner" else 0.0


@lru_cache(maxsize=1)
def cutters() -> dict[str, Cutter]:
    """Every profile of the data table, by name."""
    table = tomllib.loads(CUTTERS_FILE.read_text(encoding="utf-8"))
    profiles = {}
    for name, row in table.items():
        if row["marks"] not in MARK_KINDS:
            raise ValueError(f"cutters.toml: {name} has marks {row['marks']!r}, not one of {MARK_KINDS}")
        profiles[name] = Cutter(
            name=name, label=row["label"], title=row["title"], marks=row["marks"], images=row.get("images", False),
            press=row.get("press", False), mark_square=row.get("mark_square", 0.0),
            mark_length=row.get("mark_length", 0.0), mark_thickness=row.get("mark_thickness", 0.0),
            mark_inset=row.get("mark_inset", 0.0), area=tuple(row["area"]) if "area" in row else None,
            design_area={paper: tuple(size) for paper, size in row.get("design_area", {}).items()},
            sources=tuple(row.get("sources", ())), notes=row.get("notes", ""))
    return profiles


def get_cutter(name: str | None) -> Cutter:
    """The profile of this name (the default, Silhouette's, for None); a one-line error naming the choices."""
    try:
        return cutters()[name or DEFAULT_CUTTER]
    except KeyError:
        raise CutterError(f"unknown cutter {excerpt(name)}: use one of {', '.join(cutters())}", "cutter",
                          tuple(cutters())) from None


def _fits(size: tuple[float, float], area: tuple[float, float]) -> bool:
    width, height = sorted(size)
    return width <= min(area) + 1e-6 and height <= max(area) + 1e-6


def cut_sheet(cutter: Cutter, sheet: Sheet) -> Sheet:
    """The page print-and-cut sheets use with this cutter: the paper when it lies in the cutter's area (a
    one-line refusal naming the area otherwise), or for software that takes images, the largest image it
    accepts on that paper."""
    if cutter.design_area:
        if sheet.name not in cutter.design_area:
            papers = " or ".join(cutter.design_area)
            raise CutterError(f"{cutter.label} prints on {papers} paper, not {sheet.name or sheet.describe()}: use "
                              f"{papers}", "paper", tuple(cutter.design_area))
        width, height = cutter.design_area[sheet.name]
        return Sheet(*((height, width) if sheet.landscape else (width, height)), 0.0, sheet.name)
    if cutter.area and not _fits((sheet.width, sheet.height), cutter.area):
        width, height = cutter.area
        raise CutterError(f"a {sheet.width:g} x {sheet.height:g} mm sheet is larger than the {width:g} x {height:g} mm "
                          f"the {cutter.label} can register and cut: use smaller paper", "paper", cutter.area)
    return sheet


def pieces_sheet(cutter: Cutter, sheet: Sheet) -> Sheet:
    """The sheet the pieces are laid out on: the cut sheet with the marks (and their band) kept clear."""
    page = cut_sheet(cutter, sheet)
    if cutter.marks != "three-corner":
        return page
    margin = max(page.margin, cutter.mark_inset) + cutter.band
    if page.width <= 2 * margin or page.height <= 2 * margin:
        raise CutterError(f"a {page.width:g} x {page.height:g} mm sheet has no room for pieces inside its registration "
                          f"marks ({margin:g} mm from each edge): use larger paper or a smaller margin", "paper",
                          margin)
    return Sheet(page.width, page.height, margin, page.name)


def registration_marks(cutter: Cutter, sheet: Sheet) -> list[Polygon]:
    """The marks the cutter reads, in sheet coordinates: for three-corner marks a filled square at the top
    left and L-shaped marks (arms along the edges, pointing inward) at the top right and bottom left, their
    outer corners the larger of the margin and the cutter's inset from the paper's edges; none when the
    cutter's software prints its own."""
    if cutter.marks != "three-corner":
        return []
    inset = max(sheet.margin, cutter.mark_inset)
    x0, y0, x1, y1 = inset, inset, sheet.width - inset, sheet.height - inset
    s, n, t = cutter.mark_square, cutter.mark_length, cutter.mark_thickness
    square = ((x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s))
    top_right = ((x1, y0), (x1, y0 + n), (x1 - t, y0 + n), (x1 - t, y0 + t), (x1 - n, y0 + t), (x1 - n, y0))
    bottom_left = ((x0, y1), (x0, y1 - n), (x0 + t, y1 - n), (x0 + t, y1 - t), (x0 + n, y1 - t), (x0 + n, y1))
    return [Polygon(points, MARK_STYLE) for points in (square, top_right, bottom_left)]
