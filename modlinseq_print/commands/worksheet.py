"""`worksheet`: practice problems as table 2F of the rules sets them, for a class,
with the answers on separate pages."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.common import add_lang_argument, add_page_arguments, write_pages
from modlinseq_print.i18n import using
from modlinseq_print.commands.numbers import POSITIVE, WHOLE
from modlinseq_print.kits.build import FLOW_INSET
from modlinseq_print.rules.exercises import check_exercise_count, make_worksheet
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.scene import Page
from modlinseq_print.rules.sequences import check_modulus


def register(sub: argparse._SubParsersAction) -> None:
    """Add the worksheet command."""
    parser = sub.add_parser("worksheet", help="practice problems (determine the modulus, extend, fill gaps)")
    parser.add_argument("--modulus", "-m", type=WHOLE, default=13,
                        help="the usual modulus of the problems (default 13)")
    parser.add_argument("--exercises", "-n", type=POSITIVE, default=24, metavar="N",
                        help="number of problems (default 24)")
    parser.add_argument("--seed", type=WHOLE, default=1,
                        help="the problem set's number: the same number always gives the same problems (default 1)")
    parser.add_argument("--no-answers", action="store_true", help="leave out the answer pages")
    add_page_arguments(parser, "output/worksheet.pdf")
    add_lang_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Generate the problems and write the worksheet."""
    check_exercise_count(args.exercises, 1)
    problems = make_worksheet(args.exercises, args.seed, check_modulus(args.modulus))
    sheet = make_sheet(args.paper, args.margin)
    with using(args.lang):
        questions, answers = worksheet_pages(problems, sheet.width, sheet.height, args.seed, sheet.margin + FLOW_INSET,
                                             args.modulus)
    pages = [Page(scene, label="problems") for scene in questions]
    if not args.no_answers:
        pages += [Page(scene, label="answers") for scene in answers]
    return write_pages(pages, args, f"MODLINSEQ practice problems, set {args.seed}", args.lang)
