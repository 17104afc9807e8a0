"""Print-and-cut: registration marks on printed sheets and a cut file in the sheets' own coordinates.

Hobby cutters (Silhouette, Cricut and the like) find a printed sheet by three corner marks: a filled
square at the top left and L-shaped corner marks at the top right and bottom left. The marks sit at the
corners of the printable area; the pieces keep a band of MARK_BAND mm inside it clear of them.
"""

from __future__ import annotations

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables.cutfile import CUT_LAYER, CutLayout, CutSpec, cut_scene, kerf_outline
from modlinseq_print.printables.tile_sheets import Placement
from modlinseq_print.render.imposition import place_outline
from modlinseq_print.render.paper import PaperError, Sheet
from modlinseq_print.render.scene import Document, Polygon, Style

MARK_SQUARE = 5.0  # mm: side of the filled square at the top left
MARK_LENGTH = 20.0  # mm: length of each arm of an L-shaped corner mark
MARK_THICKNESS = 0.5  # mm
MARK_CLEARANCE = 3.0  # mm kept clear between the marks and any piece
MARK_BAND = MARK_SQUARE + MARK_CLEARANCE
REGISTRATION_LAYER = "registration"
MARK_STYLE = Style(fill="#000000", stroke=None)


class PrintAndCutError(ModlinseqError):
    """A print-and-cut sheet that cannot be made: paper too small for the marks, a fold layout."""


def registration_marks(sheet: Sheet) -> list[Polygon]:
    """The three registration marks at the corners of the sheet's printable area: a filled square at the
    top left, L-shaped marks (arms along the edges, pointing inward) at the top right and bottom left."""
    area = sheet.printable
    x0, y0, x1, y1 = area.x, area.y, area.right, area.bottom
    s, n, t = MARK_SQUARE, MARK_LENGTH, MARK_THICKNESS
    square = ((x0, y0), (x0 + s, y0), (x0 + s, y0 + s), (x0, y0 + s))
    top_right = ((x1, y0), (x1, y0 + n), (x1 - t, y0 + n), (x1 - t, y0 + t), (x1 - n, y0 + t), (x1 - n, y0))
    bottom_left = ((x0, y1), (x0, y1 - n), (x0 + t, y1 - n), (x0 + t, y1 - t), (x0 + n, y1 - t), (x0 + n, y1))
    return [Polygon(points, MARK_STYLE) for points in (square, top_right, bottom_left)]


def pieces_sheet(sheet: Sheet) -> Sheet:
    """The sheet the pieces are laid out on: the same paper with the marks' band added to the margin."""
    try:
        return Sheet(sheet.width, sheet.height, sheet.margin + MARK_BAND, sheet.name)
    except PaperError:
        raise PrintAndCutError(f"a {sheet.width:g} x {sheet.height:g} mm sheet with a {sheet.margin:g} mm margin "
                               f"has no room inside the {MARK_BAND:g} mm band of registration marks: use larger "
                               "paper, a smaller --margin or --cut-mode bed") from None


def mark_sheets(document: Document, placements: list[Placement], sheet: Sheet) -> None:
    """Print the registration marks on every page that holds fronts (the pages a cutter cuts)."""
    for page in sorted({placement.page for placement in placements}):
        document.pages[page].scene.layer(REGISTRATION_LAYER).items.extend(registration_marks(sheet))


def print_cut_layout(placements: list[Placement], outline, sheet: Sheet, spec: CutSpec = CutSpec()) -> CutLayout:
    """One cut-file page per printed sheet, the paper's size: every piece's cut path (grown by half the kerf)
    exactly where the sheet prints it, and the registration marks. Placements keep their slots; their
    page is the cut-file page."""
    path_outline = kerf_outline(outline, spec.kerf)
    style = Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline)
    count = max((p.slot.page + 1 for p in placements), default=0)
    scenes = [cut_scene(sheet.width, sheet.height) for _ in range(count)]
    for scene in scenes:
        marks = scene.layer(REGISTRATION_LAYER)
        marks.label = "Registration"
        marks.items.extend(registration_marks(sheet))
    for placement in placements:
        scenes[placement.slot.page].layer(CUT_LAYER).items.append(
            Polygon(tuple(place_outline(path_outline, placement.slot)), style))
    return CutLayout(scenes, [Placement(p.piece, p.slot, p.slot.page) for p in placements])
