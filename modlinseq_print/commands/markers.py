"""`markers`: modulus markers, one per modulus of a range, on print sheets and in cutting files."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import add_lang_argument
from modlinseq_print.commands.tiles import add_sheet_arguments, check_paper_and_bed, look_from_args, write_pieces
from modlinseq_print.commands.numbers import COUNT
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options_pieces import MARKER_COPIES, RANGE
from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
from modlinseq_print.commands.press_options import press_from_args
from modlinseq_print.render.theme import get_theme


def register(sub: argparse._SubParsersAction) -> None:
    """Add the markers command."""
    parser = sub.add_parser("markers", help="modulus markers (one per modulus, played as 0 on A0)")
    add_option(parser, RANGE)
    add_option(parser, MARKER_COPIES, type=COUNT)
    add_sheet_arguments(parser, "output/markers.pdf")
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Build the markers and write the sheets, manifests and cut file."""
    press_from_args(args)  # the press options, checked before anything is drawn
    check_paper_and_bed(args)
    low, high = parse_range(args.range)
    look = look_from_args(args)
    pieces = marker_set(low, high, args.copies)
    faces = MarkerFaces(look, get_theme(args.theme), list(range(low, high + 1)))
    return write_pieces(pieces, faces, args, "MODLINSEQ modulus markers")
