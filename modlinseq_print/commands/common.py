"""Arguments and helpers shared by several commands."""

from __future__ import annotations

import argparse

from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.geometry.patterns import PATTERNS


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
