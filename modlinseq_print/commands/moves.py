"""`moves`: every legal turn a hand allows on a position (rules, page 1, section 3), the best first."""

from __future__ import annotations

import argparse

from modlinseq_print.commands.rules_common import add_rules_arguments, start_position, transcript_text
from modlinseq_print.commands.numbers import COUNT
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options_play import HASH_SWAP
from modlinseq_print.rules.move_report import moves_json_text, moves_text
from modlinseq_print.rules.moves import generate_turns, parse_hand, require_legal
from modlinseq_print.rules.transcript import build_position


def register(sub: argparse._SubParsersAction) -> None:
    """Add the moves command."""
    parser = sub.add_parser("moves", help="every legal turn a hand allows on a position, the best first")
    add_rules_arguments(parser, pattern=True, transcript_required=False)
    parser.add_argument("--hand", required=True, metavar="TILES",
                        help="the hand, e.g. 3,5,5,8,11,#,0 (# a wild tile; 1 to 12 tiles below the modulus)")
    add_option(parser, HASH_SWAP)
    parser.add_argument("--top", type=COUNT, default=10, metavar="N",
                        help="list the best N turns (default 10; 0 lists every one)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """List the legal turns; exit status 0 (a hand with no legal turn is a frozen player, not an error)."""
    start = start_position(args)
    hand = parse_hand(args.hand, start.modulus)
    written = transcript_text(args) if args.transcript else ""
    position = build_position(written, start)[0] if written.strip() else start
    moves = generate_turns(require_legal(position), hand, args.pattern, args.hash_swap, listed=args.top)
    print(moves_json_text(position, hand, moves, args.top) if args.json
          else moves_text(position, hand, moves, args.top))
    return 0
