"""Cell addresses: `A0`, `B26` ... on the hex plane, and `a1`, `c7` ... on square grids."""

from __future__ import annotations

import re
from math import isqrt

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry.hexgrid import DIRECTIONS_CLOCKWISE, ORIGIN, Cell
from modlinseq_print.geometry.squaregrid import SquareCell
from modlinseq_print.inputs import excerpt, parse_int

#: Sextant letters clockwise from the west, matching DIRECTIONS_CLOCKWISE.
SEXTANTS = "BEHMPT"

# Greek and Cyrillic look-alikes (capital and lower case) of the address letters, table 1A of the rules.
# Greek P is Rho by its glyph; table 1A names pi, so Pi is accepted too.
_LOOKALIKES = {
    "A": "AaΑαАа",
    "B": "BbΒβВв",
    "E": "EeΕεЕе",
    "H": "HhΗηНн",
    "M": "MmΜμМм",
    "P": "PpΡρΠπРр",
    "T": "TtΤτТт",
}
_NORMALISE = {glyph: latin for latin, glyphs in _LOOKALIKES.items() for glyph in glyphs}
_HEX_ADDRESS = re.compile(r"^(\S)([0-9]+)$")


def _ring_start(k: int) -> int:
    """The first address number of ring k within a sextant."""
    return k * (k - 1) // 2 + 1


def ring_of_number(n: int) -> int:
    """The ring k whose numbers k(k-1)/2+1 .. k(k+1)/2 include n (n >= 1)."""
    k = (isqrt(8 * n + 1) - 1) // 2
    return k if k * (k + 1) // 2 >= n else k + 1


def sextant_cell(letter: str, number: int) -> Cell:
    """The cell with a normalised sextant letter and a positive number."""
    i = SEXTANTS.index(letter)
    k = ring_of_number(number)
    j = number - _ring_start(k)
    return DIRECTIONS_CLOCKWISE[i].scaled(k) + DIRECTIONS_CLOCKWISE[(i + 2) % 6].scaled(j)


def address_of(cell: Cell) -> str:
    """The address of a hex cell, e.g. Cell(-3, -4) -> 'B26'.

    The ring k is the cell's distance from A0; in cube coordinates (q, r, s = -q - r) each sextant's part of the
    ring is a side where one coordinate is k or -k, numbered from its first corner clockwise. Worked out directly
    (a poster asks for 30,301 of them), it gives what turning the cell into sextant B's frame gives."""
    q, r = cell
    s = -q - r
    k = max(abs(q), abs(r), abs(s))
    if k == 0:
        return "A0"
    start = k * (k - 1) // 2 + 1  # _ring_start(k)
    if s == k and r <= 0 < r + k:
        return f"B{start - r}"
    if r == -k and 0 <= q < k:
        return f"E{start + q}"
    if q == k and s <= 0 < s + k:
        return f"H{start - s}"
    if s == -k and 0 <= r < k:
        return f"M{start + r}"
    if r == k and q <= 0 < q + k:
        return f"P{start - q}"
    return f"T{start + s}"  # q == -k and 0 <= s < k: the side left


def normalise_letter(glyph: str, text: str) -> str:
    """The Latin address letter for a glyph, or an AddressError naming the problem."""
    if glyph in _NORMALISE:
        return _NORMALISE[glyph]
    if glyph in "OoΟοОо":
        hint = "letter O is not used (it looks like 0)"
    elif glyph in "IiΙι":
        hint = "letter I is not used (it looks like 1)"
    else:
        hint = f"unknown sextant letter {excerpt(glyph)}"
    raise AddressError(f"bad address {excerpt(text)}: {hint}; "
                       "use A0 or one of B E H M P T followed by a number, e.g. B26")


def cell_of(text: str) -> Cell:
    """Parse a hex address (any case, Latin/Greek/Cyrillic look-alikes) into its cell."""
    stripped = text.strip()
    if not stripped:
        raise AddressError("empty address: use A0 or a sextant letter B E H M P T and a number, e.g. B26")
    match = _HEX_ADDRESS.match(stripped)
    if not match:
        raise AddressError(
            f"bad address {excerpt(text)}: expected a letter followed by a whole number, e.g. A0 or B26"
        )
    letter = normalise_letter(match.group(1), text)
    number = parse_int(match.group(2), f"bad address {excerpt(text)}: the number", AddressError)
    if letter == "A":
        if number != 0:
            raise AddressError(f"bad address {excerpt(text)}: the centre cell is A0; A takes no other number")
        return ORIGIN
    if number == 0:
        raise AddressError(f"bad address {excerpt(text)}: sextant cells are numbered from 1 ({letter}1 is next to A0)")
    return sextant_cell(letter, number)


def column_letters(col: int) -> str:
    """Spreadsheet-style column letters for a 0-based column: 0 -> a, 25 -> z, 26 -> aa."""
    letters = ""
    col += 1
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(ord("a") + rem) + letters
    return letters


def square_address_of(cell: Cell) -> str:
    """The address of a square-grid cell (a SquareCell, or any Cell of the same column and row): column
    letters, then the 1-based row (row 1 on top)."""
    column, row = cell
    return f"{column_letters(column)}{row + 1}"


_SQUARE_ADDRESS = re.compile(r"^([a-zA-Z]+)([0-9]+)$")


def square_cell_of(text: str) -> SquareCell:
    """Parse a square-grid address such as `a1` or `AB12` into its cell."""
    match = _SQUARE_ADDRESS.match(text.strip())
    if match:
        row = parse_int(match.group(2), f"bad square address {excerpt(text)}: the row", AddressError)
    if not match or row == 0:
        raise AddressError(f"bad square address {excerpt(text)}: use column letters and a row from 1, e.g. a1 or c12")
    col = 0
    for ch in match.group(1).lower():
        col = col * 26 + (ord(ch) - ord("a") + 1)
    return SquareCell(col - 1, row - 1)
