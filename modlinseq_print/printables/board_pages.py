"""A board drawing laid out on paper: tiled over sheets at true size, one poster page, or fitted to a sheet."""

from __future__ import annotations

import math

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.geometry.boards import Board
from modlinseq_print.i18n import using
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.board import BoardDrawing
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.render.paper import (A6_SHEET, BOARD_MARGIN, DEFAULT_MARGIN, DEFAULT_OVERLAP, Sheet, check_room,
                                          is_poster, make_sheet, parse_margin)
from modlinseq_print.render.scene import Document
from modlinseq_print.render.pagination_pages import fit_document, paginated_document, poster_document
from modlinseq_print.units import parse_length
from modlinseq_print.wording import _


#: The most pages a board is paginated over at actual size. The largest board, hex:150, takes 989 A4 pages; a
#: board needing more is better printed on bigger paper, as a poster or fitted to one sheet.
MAX_SHEETS = 1500


class BoardOptionError(FieldError):
    """Board paper options that do not go together (its field: paper or fit)."""


#: What to do about a board of too many pages.
BOARD_ADVICE = (f"use bigger paper ({mention('paper', 'a3')}), {mention('paper', 'poster')}, or {mention('fit', True)} "
                "to scale it onto one sheet")


def check_page_count(spec: str, paper: str, pages: int, least: bool = False, advice: str = BOARD_ADVICE,
                     field: str = "paper") -> int:
    """The page count, if it is at most MAX_SHEETS; else one line saying how many `paper` pages the board
    takes (or, with `least`, needs at least) and what to do (the paper's field: `field`)."""
    if pages > MAX_SHEETS:
        needs = "needs at least" if least else "takes"
        raise BoardOptionError(f"board {excerpt(spec)} {needs} {pages:,} {excerpt(paper.strip())} pages at actual "
                               f"size, more than the {MAX_SHEETS:,} printed at most: {advice}", field, MAX_SHEETS)
    return pages


def least_pages(board: Board, cell_size: float, sheet: Sheet) -> int:
    """A lower bound of the pages that print the board's cells at actual size: their area over a page's
    printable area (each cell lies whole on some page), rounded up. Known before the board is drawn."""
    cell_area = cell_size ** 2 if board.grid == "square" else cell_size ** 2 * math.sqrt(3) / 2
    room = sheet.printable.width * sheet.printable.height  # the same turned either way
    return math.ceil(len(board.cells) * cell_area / room - 1e-9)


def check_sheet_count(board: Board, cell_size: float, paper: str = "a4", margin: str | float | None = None,
                      fit: bool = False) -> int:
    """Before the board is drawn: least_pages on this paper (0 on a poster or fitted), or a one-line error
    when even that is more than MAX_SHEETS."""
    if fit or is_poster(paper):
        return 0
    sheet = make_sheet(paper, BOARD_MARGIN if margin is None else margin)
    return check_page_count(board.spec, paper, least_pages(board, cell_size, sheet), least=True)


def board_document(drawing: BoardDrawing, paper: str = "a4", margin: str | float | None = None,
                   overlap: str | float | None = None, orientation: str = "auto",
                   fit: bool = False) -> tuple[Document, str]:
    """The pages of a board on `paper` (a sheet name or size, or "poster"), and a one-line summary of them.

    `margin` defaults to 6 mm on sheets and 10 mm around a poster; `overlap` (glue margin between tiled
    pages) to 10 mm; `fit` scales the board onto one sheet.
    """
    title = _("MODLINSEQ board ({shape})").format(shape=board_shape(drawing.board))
    margin = parse_margin(margin if margin is not None else DEFAULT_MARGIN if is_poster(paper) else BOARD_MARGIN)
    size = f"{drawing.scene.width:g} x {drawing.scene.height:g} mm"
    if is_poster(paper):
        if fit:
            raise BoardOptionError(f"{mention('fit', True)} needs a sheet size: use {mention('paper', 'a4')} (or "
                                   f"another paper) with {mention('fit', True)}", "fit")
        return poster_document(drawing.scene, margin, title), f"one poster page, board {size} plus {margin:g} mm margin"
    sheet = make_sheet(paper, margin)
    check_room(sheet.width, sheet.height, sheet.margin, A6_SHEET, "a board page")
    if fit:
        document, scale = fit_document(drawing.scene, sheet, title, orientation)
        return document, f"one {paper} sheet at {scale * 100:.1f} % of the board's {size}"
    overlap = DEFAULT_OVERLAP if overlap is None else parse_length(overlap, "overlap")
    document, plan = paginated_document(drawing.scene, sheet, title, overlap=overlap, orientation=orientation,
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                                        avoid=drawing.label_boxes())
    check_page_count(drawing.board.spec, paper, len(plan.pages))  # the plan, before any page is written
    with using("en"):  # the summary is a message: English, whatever language the pages print in
        return document, _tiled_summary(plan, size)


def _tiled_summary(plan, size: str) -> str:
    pages = len(plan.pages)
    if pages == 1:
        return f"one {plan.sheet_of(plan.pages[0]).describe()} page at actual size, board {size}"
    return (f"{pages} {plan.describe_sheets()} pages at actual size in {plan.arrangement}, "
            f"after an assembly page; board {size}")
