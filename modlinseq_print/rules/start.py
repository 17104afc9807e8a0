"""The position a transcript is played onto: an empty board, or the modulus marker alone on A0."""

from __future__ import annotations

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.position import Position, marker_tile
from modlinseq_print.rules.wilds import WildPolicy


def start_position(board: str, modulus: int, wrap: str | None = None, diagonals: bool = False,
                   wild_policy: str = "E", marker: bool = False) -> Position:
    """The empty position of a board spec (with the modulus marker on A0 when `marker`), as `check` plays."""
    parsed = parse_board(board)
    tiles = dict([marker_tile()]) if marker else {}
    if marker and parsed.grid != "hex":
        raise TranscriptError(f"the modulus marker stands on A0; {parsed.spec} is a square board with no A0")
    return Position(parsed, modulus, tiles, wrap, diagonals, WildPolicy.parse(wild_policy))
