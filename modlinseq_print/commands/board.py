"""`board`: a board at true size as PDF, SVG or PNG: tiled over sheets, as one poster page, or fitted to a sheet."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import (
    add_board_arguments, add_dpi_argument, add_lang_argument, board_from_args, write_document,
)
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.commands.spec_flags import add_option, add_options
from modlinseq_print.i18n import using
from modlinseq_print.options import FIT, ORIENTATION, OVERLAP, PAGE_FORMATS, PAPER, PATTERN, STYLE, Group, board_style
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.board_pages import board_document, check_sheet_count
from modlinseq_print.collector import collector_paused
from modlinseq_print.progress import Progress
from modlinseq_print.render.output import format_for
from modlinseq_print.render.paper import BOARD_MARGIN, DEFAULT_MARGIN

DEFAULT_OUTPUT = "output/board.pdf"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the board command."""
    parser = sub.add_parser("board", help="a board at actual size: PDF, SVG or PNG, tiled, poster or fitted")
    add_board_arguments(parser)
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT,
                        help=f"output file .pdf, .svg or .png (default {DEFAULT_OUTPUT}); "
                             "SVG/PNG of several pages write NAME-1.svg, NAME-2.svg, ...")
    parser.add_argument("--format", choices=PAGE_FORMATS, help="output format (default: from the extension of -o)")
    add_dpi_argument(parser)
    add_option(parser, PAPER, help=f"a4, a5, letter, a3, tabloid, legal, WxH (e.g. 300x200mm, 11x17in) or poster "
                                   f"(default {PAPER.default})")
    add_option(parser, ORIENTATION)
    parser.add_argument("--margin", default=None,
                        help=f"blank paper edge (default {BOARD_MARGIN:g}mm on sheets, which home printers honour; "
                             f"{DEFAULT_MARGIN:g}mm around a poster)")
    add_options(parser, Group("sheets", (OVERLAP, FIT)))
    add_options(parser, STYLE, leave_out=(PATTERN.name,))
    add_press_arguments(parser, bleed_alias=True, board=True)
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def style_from_args(args: argparse.Namespace, press=None) -> BoardStyle:
    """The board style from the command-line options; with --dieline-board the edge cells' colour runs the
    press bleed past the die line."""
    return board_style(vars(args), die_outline=args.dieline_board,
                       die_bleed=press.bleed if press is not None and args.dieline_board else 0.0)


def run(args: argparse.Namespace) -> int:
    """Draw the board and write it; on a terminal, a status line follows the planning and writing of the pages."""
    format_for(args.output, args.format)  # a bad name or format fails before any drawing
    with collector_paused():  # the board, its drawing and its pages stay alive until written: see collector.py
        return _draw_and_write(args)


def _draw_and_write(args: argparse.Namespace) -> int:
    """The board drawn, paginated and written (with the collector paused: see run)."""
    press = press_from_args(args)
    board, style = board_from_args(args), style_from_args(args, press)
    least = check_sheet_count(board, style.resolved_cell_size(), args.paper, args.margin, args.fit)  # before drawing
    bar = Progress(1)
    try:
        if least > 1:
            bar.note(f"drawing {board.spec} and planning its {least:,}+ pages")
        drawing = board_scene(board, style)
        with using(args.lang):
            document, summary = board_document(drawing, args.paper, args.margin, args.overlap, args.orientation,
                                               args.fit)
        bar.restart(len(document.pages))
        return write_document(document, args, summary, bar.step if len(document.pages) > 1 else None)
    finally:
        bar.finish()
