"""`calibrate`: a two-page duplex calibration sheet that shows the printer's back-side offset."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import add_page_arguments, write_document
from modlinseq_print.printables.calibrate import calibration_document
from modlinseq_print.render.imposition import FLIPS
from modlinseq_print.render.paper import make_sheet


def register(sub: argparse._SubParsersAction) -> None:
    """Add the calibrate command."""
    parser = sub.add_parser("calibrate", help="duplex calibration sheet: read the back offset of your printer")
    parser.add_argument("--flip", choices=FLIPS, default="long",
                        help="the edge the printer flips the sheet on, long (default) or short")
    parser.add_argument("--orientation", choices=("portrait", "landscape"), default="portrait",
                        help="sheet orientation, as the sheets you will print (default portrait)")
    add_page_arguments(parser, "output/calibrate.pdf")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Lay out the front and back pages and write them."""
    sheet = make_sheet(args.paper, args.margin, args.orientation)
    advice = f"Pass them as --back-offset X,Y with --flip {args.flip}, or set back_offset = \"Xmm,Ymm\" in a preset."
    document = calibration_document(sheet, args.flip, advice)
    return write_document(document, args, f"duplex calibration, flip on the {args.flip} edge (2 pages)")
