"""`board`: a board at true size as PDF, SVG or PNG: tiled over sheets, as one poster page, or fitted to a sheet."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import (
    add_board_arguments, add_dpi_argument, add_lang_argument, board_from_args, write_document,
)
from modlinseq_print.commands.press_options import add_press_arguments, press_from_args
from modlinseq_print.geometry.layout import DEFAULT_CLEARANCE, DEFAULT_TILE_WIDTH, TILE_SHAPES
from modlinseq_print.i18n import using
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.board_pages import board_document, check_sheet_count
from modlinseq_print.collector import collector_paused
from modlinseq_print.commands.numbers import WHOLE
from modlinseq_print.progress import Progress
from modlinseq_print.render.output import format_for, formats
from modlinseq_print.render.paper import BOARD_MARGIN, DEFAULT_MARGIN, DEFAULT_OVERLAP, ORIENTATIONS
from modlinseq_print.render.theme import THEMES
from modlinseq_print.units import parse_length

DEFAULT_OUTPUT = "output/board.pdf"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the board command."""
    parser = sub.add_parser("board", help="a board at actual size: PDF, SVG or PNG, tiled, poster or fitted")
    add_board_arguments(parser)
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT,
                        help=f"output file .pdf, .svg or .png (default {DEFAULT_OUTPUT}); "
                             "SVG/PNG of several pages write NAME-1.svg, NAME-2.svg, ...")
    parser.add_argument("--format", choices=formats(), help="output format (default: from the extension of -o)")
    add_dpi_argument(parser)
    parser.add_argument("--paper", default="a4",
                        help="a4, a5, letter, a3, tabloid, legal, WxH (e.g. 300x200mm, 11x17in) or poster (default a4)")
    parser.add_argument("--orientation", choices=ORIENTATIONS, default="auto",
                        help="auto picks portrait, landscape or rows of either, whichever needs fewer pages "
                             "(default auto)")
    parser.add_argument("--margin", default=None,
                        help=f"blank paper edge (default {BOARD_MARGIN:g}mm on sheets, which home printers honour; "
                             f"{DEFAULT_MARGIN:g}mm around a poster)")
    parser.add_argument("--overlap", default=f"{DEFAULT_OVERLAP:g}mm",
                        help="least overlap (glue margin) between tiled pages (default 10mm)")
    parser.add_argument("--fit", action="store_true", help="scale the board onto one sheet and print the scale")
    parser.add_argument("--theme", choices=tuple(THEMES), default="green",
                        help="green (like the rule pages) or bw line art (default green)")
    parser.add_argument("--tile-width", default=f"{DEFAULT_TILE_WIDTH:g}mm", help="tile width, any unit (default 25mm)")
    parser.add_argument("--tile-shape", choices=TILE_SHAPES, default="pentagon", help="tile shape (default pentagon)")
    parser.add_argument("--clearance", default=f"{DEFAULT_CLEARANCE:g}mm",
                        help="space between a tile and its cell's edges (default 1.5mm)")
    parser.add_argument("--cell-size", default=None,
                        help="cell size across flats (default: the smallest that holds the tile, 28mm)")
    parser.add_argument("--labels", action=argparse.BooleanOptionalAction, default=True,
                        help="print each cell's address (default on)")
    parser.add_argument("--label-size", default=None, help="address height, any unit (default: fits under a tile)")
    parser.add_argument("--centre-dots", action="store_true", help="a small dot at each cell centre")
    parser.add_argument("--title", default=None, help="a title printed above the board")
    parser.add_argument("--modulus", type=WHOLE, default=None, help="print a note of the modulus, e.g. 13")
    parser.add_argument("--arrows", action="store_true",
                        help="arrows at the edges showing the direction of addition for each slope")
    add_press_arguments(parser, bleed_alias=True, board=True)
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def style_from_args(args: argparse.Namespace, press=None) -> BoardStyle:
    """The board style from the command-line options; with --dieline-board the edge cells' colour runs the
    press bleed past the die line."""
    return BoardStyle(
        theme=args.theme,
        tile_width=parse_length(args.tile_width, "tile width"),
        clearance=parse_length(args.clearance, "clearance"),
        tile_shape=args.tile_shape,
        cell_size=parse_length(args.cell_size, "cell size") if args.cell_size else None,
        labels=args.labels,
        label_size=parse_length(args.label_size, "label size") if args.label_size else None,
        pattern=args.pattern,
        centre_dots=args.centre_dots,
        title=args.title,
        modulus=args.modulus,
        arrows=args.arrows,
        die_outline=args.dieline_board,
        die_bleed=press.bleed if press is not None and args.dieline_board else 0.0,
    )


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
