"""Tile tokens as transcripts write them: a number or '#', then a cell address: `10A0`, `#B3`, `#=5B3`, bare `4`."""

from __future__ import annotations

import re
from dataclasses import dataclass

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import excerpt

#: A tile's number, wherever tiles are read (transcripts, hands): ASCII digits only; a full-width 1 or a
#: superscript 2 is no tile, though Python's str.isdigit() and int() would take them.
NUMBER = "[0-9]+"
_TOKEN = re.compile(rf"^(?:(?P<value>{NUMBER})|#(?:=(?P<declared>{NUMBER}))?)(?P<address>[^\W\d_]+[0-9]+)?$")
MAX_VALUE_DIGITS = 6


def tile_value(word: str) -> int | None:
    """The number a tile's word writes (ASCII digits, at most MAX_VALUE_DIGITS of them), or None."""
    if len(word) > MAX_VALUE_DIGITS or not re.fullmatch(NUMBER, word):
        return None
    return int(word)


@dataclass(frozen=True)
class TileToken:
    """One tile of a transcript: its number (None for a wild tile), a declared wild value, and its address."""

    text: str
    value: int | None
    declared: int | None
    address: str | None

    @property
    def wild(self) -> bool:
        """True for a wild tile ('#')."""
        return self.value is None

    @property
    def label(self) -> str:
        """The number or '#'."""
        return "#" if self.wild else str(self.value)


def parse_token(text: str) -> TileToken:
    """Parse one tile token; an AddressError says what is wrong with a bad one."""
    stripped = text.strip()
    match = _TOKEN.match(stripped)
    if not match or len(match.group("value") or match.group("declared") or "") > MAX_VALUE_DIGITS:
        hint = ""
        if stripped.startswith("#") and stripped[1:2].isdigit():
            hint = " (a wild tile's declared value is written #=5B3)"
        raise AddressError(
            f"bad tile token {excerpt(stripped)}: "
            f"write a number or # followed by a cell address, e.g. 10A0 or #B3{hint}"
        )
    value = match.group("value")
    declared = match.group("declared")
    return TileToken(stripped, int(value) if value is not None else None,
                     int(declared) if declared is not None else None, match.group("address"))


def token_cell(token: TileToken, board: Board) -> Cell:
    """The board cell a token names (it must have an address)."""
    if token.address is None:
        raise AddressError(f"tile {excerpt(token.text)} has no address: write it like {token.text}A0, "
                           "or put it inside a tilde sequence between addressed tiles")
    return board.parse_address(token.address)
