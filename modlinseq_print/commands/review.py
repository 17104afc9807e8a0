"""`review`: a game turn by turn beside the best turns the players' hands allowed: a printable PDF, an HTML page
or JSON."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import file_names
from modlinseq_print.commands.numbers import POSITIVE
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options_play import HASH_SWAP, PLAYERS
from modlinseq_print.commands.rules_common import add_rules_arguments, start_position, transcript_text
from modlinseq_print.inputs import TEXT_LIMIT, read_text_input
from modlinseq_print.rules.errors import RulesError

DEFAULT_OUTPUT = "output/review.pdf"


def register(sub: argparse._SubParsersAction) -> None:
    """Add the review command."""
    parser = sub.add_parser("review", help="review a game: each turn beside the best its hand allowed, accuracy")
    add_rules_arguments(parser, pattern=True)
    parser.add_argument("--hands", default=None, metavar="FILE",
                        help="the hand held before each turn, one line per turn ('3,5,5,#'; '-' where not "
                             "known), as simulate --save-games writes them; without it the review shows "
                             "blocked cells and open lines only")
    add_option(parser, PLAYERS, type=POSITIVE, help="players taking unnamed turns in rotation (default "
                                                    f"{PLAYERS.default})")
    add_option(parser, HASH_SWAP)
    parser.add_argument("-o", "--output", default=DEFAULT_OUTPUT,
                        help=f"output file: .pdf (printable), .html (a web page) or .json (default {DEFAULT_OUTPUT})")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Review the game, print the summary and write the file."""
    from modlinseq_print.api import ReviewPrint
    from modlinseq_print.options import REVIEW_FORMATS
    from modlinseq_print.rules.review import parse_hands, review_game
    from modlinseq_print.rules.transcript import parse_transcript

    kind = Path(args.output).suffix.lower().lstrip(".")
    if kind not in REVIEW_FORMATS:  # refused before the review is worked out
        raise RulesError(f"cannot tell the format of {args.output!r}: name it .pdf, .html or .json", "output")
    start = start_position(args)
    turns = parse_transcript(transcript_text(args), start.topology, start.modulus)
    hands = None
    if args.hands is not None:
        hands = parse_hands(read_text_input(Path(args.hands), "hands file", TEXT_LIMIT, RulesError), start.modulus)
    reviewed = ReviewPrint(review_game(turns, start, hands, args.pattern, args.players, args.hash_swap))
    written = reviewed.save(args.output)
    print(reviewed.text)
    print(f"wrote {file_names(written)}: the review of {len(turns)} turns")
    return 0
