"""Arguments and helpers shared by several commands."""

from __future__ import annotations

import argparse

from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.wording import plural


def add_board_arguments(parser: argparse.ArgumentParser, pattern: bool = True) -> None:
    """Add --board SPEC and, optionally, --pattern."""
    parser.add_argument("--board", default="hex:9", metavar="SPEC",
                        help="hex:N, rect:CxR, tess:N, square:CxR or file:PATH (default hex:9)")
    if pattern:
        parser.add_argument("--pattern", choices=PATTERNS, default=None,
                            help="cell pattern (default: none; tess boards: bonus)")


def board_from_args(args: argparse.Namespace) -> Board:
    """The board named by --board."""
    return parse_board(args.board)


def add_page_arguments(parser: argparse.ArgumentParser, default_output: str) -> None:
    """Add -o, --format, --dpi, --paper and --margin for commands that print pages of text."""
    from modlinseq_print.render.output import formats
    from modlinseq_print.render.paper import DEFAULT_MARGIN

    parser.add_argument("-o", "--output", default=default_output,
                        help=f"output file .pdf, .svg or .png (default {default_output})")
    parser.add_argument("--format", choices=formats(), help="output format (default: from the extension of -o)")
    parser.add_argument("--dpi", type=float, default=150.0, help="PNG resolution (default 150)")
    parser.add_argument("--paper", default="a4", help="a4, letter, a3, tabloid, legal or WxH (default a4)")
    parser.add_argument("--margin", default=f"{DEFAULT_MARGIN:g}mm", help="blank paper edge (default 10mm)")


def write_pages(pages, args: argparse.Namespace, title: str) -> list:
    """Number the pages, write them to -o in the chosen format and say what was written."""
    from modlinseq_print.kit.build import number_pages
    from modlinseq_print.render.output import format_for, write_output
    from modlinseq_print.render.paper import make_sheet
    from modlinseq_print.render.scene import Document

    kind = format_for(args.output, args.format)
    number_pages(pages, make_sheet(args.paper, args.margin))
    written = write_output(Document(pages, title), args.output, kind, args.dpi)
    print(f"wrote {written[0]}{' ...' if len(written) > 1 else ''}: {plural(len(pages), 'page')}")
    return written
