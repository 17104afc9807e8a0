"""`score`: play a transcript's turns in order and score them, stopping at the first illegal turn."""

from __future__ import annotations

import argparse
import json

from modlinseq_print.commands.rules_common import add_rules_arguments, start_position, transcript_text
from modlinseq_print.commands.numbers import POSITIVE
from modlinseq_print.rules.report import game_json, game_text
from modlinseq_print.rules.transcript import parse_transcript
from modlinseq_print.rules.turns import play


def register(sub: argparse._SubParsersAction) -> None:
    """Add the score command."""
    parser = sub.add_parser("score", help="play turns in order: points per turn and running totals per player")
    add_rules_arguments(parser, pattern=True)
    parser.add_argument("--players", type=POSITIVE, default=2, metavar="N",
                        help="players taking unnamed turns in rotation (default 2)")
    parser.add_argument("--hash-swap", action="store_true",
                        help="allow swapping wild tiles on the board for naturals (page 3, 7-4)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print each turn's score and the totals; exit status 1 at an illegal turn."""
    start = start_position(args)
    turns = parse_transcript(transcript_text(args), start.topology, start.modulus)
    game = play(turns, start, args.pattern, args.players, args.hash_swap)
    print(json.dumps(game_json(game)) if args.json else game_text(game))
    return 0 if game.illegal is None else 1
