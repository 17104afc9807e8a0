"""A board drawing laid out on paper: tiled over sheets at true size, one poster page, or fitted to a sheet."""

from __future__ import annotations

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.i18n import using
from modlinseq_print.printables.board import BoardDrawing
from modlinseq_print.render.paper import BOARD_MARGIN, DEFAULT_MARGIN, is_poster, make_sheet, parse_margin
from modlinseq_print.render.scene import Document
from modlinseq_print.render.pagination import DEFAULT_OVERLAP
from modlinseq_print.render.pagination_pages import fit_document, paginated_document, poster_document
from modlinseq_print.units import parse_length
from modlinseq_print.wording import _


class BoardOptionError(ModlinseqError):
    """Board paper options that do not go together."""


def board_document(drawing: BoardDrawing, paper: str = "a4", margin: str | float | None = None,
                   overlap: str | float | None = None, orientation: str = "auto", fit: bool = False,
                   cull: bool = False) -> tuple[Document, str]:
    """The pages of a board on `paper` (a sheet name or size, or "poster"), and a one-line summary of them.

    `margin` defaults to 6 mm on sheets and 10 mm around a poster; `overlap` (glue margin between tiled
    pages) to 10 mm; `fit` scales the board onto one sheet; `cull` leaves out of each tiled page what
    falls outside it (the SVG and PNG writers want that; a PDF clips instead).
    """
    title = _("MODLINSEQ board {spec}").format(spec=drawing.board.spec)
    margin = parse_margin(margin if margin is not None else DEFAULT_MARGIN if is_poster(paper) else BOARD_MARGIN)
    size = f"{drawing.scene.width:g} x {drawing.scene.height:g} mm"
    if is_poster(paper):
        if fit:
            raise BoardOptionError("--fit needs a sheet size: use --paper a4 (or another paper) with --fit")
        return poster_document(drawing.scene, margin, title), f"one poster page, board {size} plus {margin:g} mm margin"
    sheet = make_sheet(paper, margin)
    if fit:
        document, scale = fit_document(drawing.scene, sheet, title, orientation)
        return document, f"one {paper} sheet at {scale * 100:.1f} % of the board's {size}"
    overlap = DEFAULT_OVERLAP if overlap is None else parse_length(overlap, "overlap")
    document, plan = paginated_document(drawing.scene, sheet, title, overlap, orientation,
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                                        avoid=drawing.label_boxes(), cull=cull)
    with using("en"):  # the summary is a message: English, whatever language the pages print in
        return document, _tiled_summary(plan, size)


def _tiled_summary(plan, size: str) -> str:
    pages = len(plan.pages)
    if pages == 1:
        return f"one {plan.sheet_of(plan.pages[0]).describe()} page at actual size, board {size}"
    return (f"{pages} {plan.describe_sheets()} pages at actual size in {plan.arrangement}, "
            f"after an assembly page; board {size}")
