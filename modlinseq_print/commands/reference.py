"""`reference`: the rules sheet and reference card for one modulus and variation, on its own."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import add_lang_argument, add_page_arguments, write_pages
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.patterns import PATTERNS
from modlinseq_print.i18n import using
from modlinseq_print.commands.numbers import COUNT, WHOLE
from modlinseq_print.kits.build import FLOW_INSET
from modlinseq_print.kits.presets import MAX_KIT_MODULUS, WRAPS
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Page


def register(sub: argparse._SubParsersAction) -> None:
    """Add the reference command."""
    parser = sub.add_parser("reference", help="the rules sheet and reference card for a modulus")
    parser.add_argument("--modulus", "-m", type=WHOLE, default=13, help="the modulus (default 13)")
    parser.add_argument("--board", default="hex:9", metavar="SPEC",
                        help="the board the diagrams are drawn on (default hex:9; a board too small for the "
                             "example game leaves them on hex:9)")
    parser.add_argument("--wrap", choices=WRAPS, default=None,
                        help="the wrap variation to explain (default: the board's own, none on hex boards)")
    parser.add_argument("--pattern", choices=PATTERNS, default=None,
                        help="bonus/malus cells to explain (default: the board's own, none on hex boards)")
    parser.add_argument("--wild", type=COUNT, default=0, metavar="N", help="explain wild tiles when N > 0")
    parser.add_argument("--copies", type=COUNT, default=10, metavar="N",
                        help="tiles of each value in the set, for the table of hands (default 10)")
    parser.add_argument("--no-markers", action="store_true", help="leave out the modulus-marker rule")
    parser.add_argument("--title", default="MODLINSEQ", help="title at the top (default MODLINSEQ)")
    add_page_arguments(parser, "output/reference.pdf")
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Lay out the reference card and write it."""
    if not 2 <= args.modulus <= MAX_KIT_MODULUS:
        raise ModlinseqError(f"bad modulus {args.modulus}: the reference card takes 2 to {MAX_KIT_MODULUS} "
                             "(it lists every sequence); the rules suggest 8 to 20")
    board = parse_board(args.board)
    spec = ReferenceSpec(args.modulus, args.wrap or board.default_wrap, args.pattern or board.default_pattern,
                         args.wild, not args.no_markers, args.title, args.board, args.copies * args.modulus + args.wild)
    sheet = make_sheet(args.paper, args.margin)
    with using(args.lang):
        scenes = reference_pages(spec, sheet.width, sheet.height, sheet.margin + FLOW_INSET)
    return write_pages([Page(scene, label=f"reference {i}") for i, scene in enumerate(scenes, 1)], args,
                f"{args.title} reference, modulus {args.modulus}", args.lang)
