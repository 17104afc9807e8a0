"""Print-and-cut: registration marks on printed sheets and a cut file in the sheets' own coordinates.

Each cutter reads its own marks and registers its own area (printables/cutters.py, data/cutters.toml):
Silhouette's print-and-cut finds a sheet by three corner marks (a filled square at the top left, L-shaped
marks at the top right and bottom left) printed on it and drawn in the cut file; Cricut, ScanNCut and Summa
software print or find their own. The pieces keep clear of the marks' band.
"""

from __future__ import annotations

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables.cutfile import CUT_LAYER, DEFAULT_CUT_SPEC, CutLayout, CutSpec, cut_scene, kerf_outline
from modlinseq_print.printables.cutters import Cutter, cut_sheet, get_cutter, registration_marks
from modlinseq_print.printables.tile_sheets import Placement
from modlinseq_print.render.imposition import place_outline
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.scene import Document, Polygon, Style

REGISTRATION_LAYER = "registration"


class PrintAndCutError(ModlinseqError):
    """A print-and-cut sheet that cannot be made: paper too small for the marks, a fold layout."""


def mark_sheets(document: Document, placements: list[Placement], sheet: Sheet, cutter: Cutter | None = None) -> None:
    """Print the cutter's registration marks on every page that holds fronts (the pages a cutter cuts)."""
    marks = registration_marks(cutter or get_cutter(None), sheet)
    if marks:
        for page in sorted({placement.page for placement in placements}):
            document.pages[page].scene.layer(REGISTRATION_LAYER).items.extend(marks)


def print_cut_layout(placements: list[Placement], outline, sheet: Sheet, spec: CutSpec = DEFAULT_CUT_SPEC,
                     cutter: Cutter | None = None) -> CutLayout:
    """One cut-file page per printed sheet, the printed page's size: every piece's cut path (grown by half the
    kerf) exactly where the sheet prints it, and the cutter's registration marks. Placements keep their
    slots; their page is the cut-file page."""
    cutter = cutter or get_cutter(None)
    page = cut_sheet(cutter, sheet)
    path_outline = kerf_outline(outline, spec.kerf)
    style = Style(fill=None, stroke=spec.cut_colour, stroke_width=spec.hairline)
    count = max((p.slot.page + 1 for p in placements), default=0)
    scenes = [cut_scene(page.width, page.height) for _ in range(count)]
    marks = registration_marks(cutter, page)
    for scene in scenes:
        if marks:
            layer = scene.layer(REGISTRATION_LAYER)
            layer.label = "Registration"
            layer.items.extend(marks)
    for placement in placements:
        scenes[placement.slot.page].layer(CUT_LAYER).items.append(
            Polygon(tuple(place_outline(path_outline, placement.slot)), style))
    return CutLayout(scenes, [Placement(p.piece, p.slot, p.slot.page) for p in placements])
