"""Arguments shared by the rules commands (check, score, position): board, modulus, wrap, transcript."""

from __future__ import annotations

import argparse
from pathlib import Path

from modlinseq_print.commands.common import add_board_arguments
from modlinseq_print.commands.numbers import WHOLE
from modlinseq_print.commands.spec_flags import add_option
from modlinseq_print.options_play import WILD_POLICY
from modlinseq_print.inputs import TEXT_LIMIT, read_text_input
from modlinseq_print.rules.chains import WRAP_MODES
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.start import start_position as rules_start


def add_rules_arguments(parser: argparse.ArgumentParser, pattern: bool = False,
                        transcript_required: bool = True) -> None:
    """Add --board, --modulus, --wrap, --diagonals, --wild-policy, --marker and the transcript (which may be
    left out, for an empty board, when not `transcript_required`)."""
    add_board_arguments(parser, pattern=pattern, required=True)
    parser.add_argument("--modulus", "-m", type=WHOLE, required=True, metavar="M", help="the modulus (e.g. 13)")
    parser.add_argument("--wrap", choices=WRAP_MODES, default=None,
                        help="how lines continue at the edge (default: none; tess boards: tess; "
                             "square boards: lines is the torus)")
    parser.add_argument("--diagonals", action="store_true", help="square boards: diagonal lines count too")
    add_option(parser, WILD_POLICY)
    parser.add_argument("--marker", action="store_true", help="the modulus marker stands on A0 as a 0")
    parser.add_argument("transcript", nargs="+" if transcript_required else "*", metavar="TRANSCRIPT",
                        help="tiles like '4B2, 6B1, 1A0, 3M1' or '3H8 ~ 4 ~ 5H19'; turns split by ';' or "
                             "new lines; '-' reads standard input, @FILE reads a file"
                             + ("" if transcript_required else "; none: the empty board"))


def transcript_text(args: argparse.Namespace) -> str:
    """The transcript given on the command line, from standard input ('-') or from a file (@FILE)."""
    words = args.transcript
    if words == ["-"]:
        return read_text_input("-", "transcript", TEXT_LIMIT, TranscriptError)
    if len(words) == 1 and words[0].startswith("@"):
        return read_text_input(Path(words[0][1:]), "transcript", TEXT_LIMIT, TranscriptError)
    return " ".join(words)


def start_position(args: argparse.Namespace) -> Position:
    """The empty position (or the modulus marker alone) that a transcript is played onto."""
    return rules_start(args.board, args.modulus, args.wrap, args.diagonals, args.wild_policy, args.marker)
