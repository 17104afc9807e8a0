"""Custom board files: a list of addresses, or an ASCII-art mask of the hex grid."""

from __future__ import annotations

import re
from pathlib import Path

from modlinseq_print.errors import AddressError, BoardSpecError
from modlinseq_print.geometry.addresses import cell_of
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import TEXT_LIMIT, read_text_input, short_path

MASK_CELL = ".o"
MASK_CENTRE = "A"  # A0, on the board
MASK_CENTRE_OFF = "@"  # where A0 would be, not on the board


def _content_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if not line.lstrip().startswith("#")]


def is_mask(lines: list[str]) -> bool:
    """A mask uses only mask characters and marks A0 with A or @."""
    body = "".join(lines)
    allowed = set(MASK_CELL + MASK_CENTRE + MASK_CENTRE_OFF + " \t")
    return bool(body.strip()) and set(body) <= allowed and any(ch in body for ch in "A@")


class TooManyCells(BoardSpecError):
    """A board file with more cells than a board may have."""

    def __init__(self, path: Path | str, most: int) -> None:
        super().__init__(f"board file {short_path(path)} has more than {most:,} cells, the most a board may have "
                         "(as many as hex:150): give a smaller board")


def parse_mask(lines: list[str], path: Path | str, most: int | None = None) -> frozenset[Cell]:
    """Cells of an ASCII-art mask: one character per cell, rows offset by one character; more than `most`
    cells are refused before any is built."""
    if most is not None and sum(line.count(ch) for line in lines for ch in MASK_CELL + MASK_CENTRE) > most:
        raise TooManyCells(path, most)
    marks = [(row, col) for row, line in enumerate(lines) for col, ch in enumerate(line) if ch in "A@"]
    if len(marks) != 1:
        raise BoardSpecError(f"board file {path}: mark A0 exactly once, with A (on the board) or @ (off it)")
    row0, col0 = marks[0]
    cells = set()
    for row, line in enumerate(lines):
        for col, ch in enumerate(line):
            if ch in MASK_CELL + MASK_CENTRE:
                r = row - row0
                if (col - col0 - r) % 2:
                    raise BoardSpecError(
                        f"board file {path}: line {row + 1} column {col + 1} is off the hex grid; "
                        "cells on a line sit two characters apart and each line shifts by one"
                    )
                cells.add(Cell((col - col0 - r) // 2, r))
    return frozenset(cells)


def parse_address_list(text: str, path: Path | str, most: int | None = None) -> frozenset[Cell]:
    """Cells of an address list: addresses separated by spaces, commas or new lines; reading stops at the
    first cell past `most`."""
    cells = set()
    for token in re.split(r"[\s,;]+", "\n".join(_content_lines(text))):
        if token:
            try:
                cells.add(cell_of(token))
            except AddressError as error:
                raise BoardSpecError(f"board file {path}: {error}") from None
            if most is not None and len(cells) > most:
                raise TooManyCells(path, most)
    return frozenset(cells)


def read_board_file(path: Path, most: int | None = None) -> frozenset[Cell]:
    """Read a custom board from a file, detecting which of the two formats it uses; with `most`, a file of
    more cells is refused (geometry.boards.file_cells passes the largest board's)."""
    return board_file_cells(read_text_input(path, "board file", TEXT_LIMIT, BoardSpecError), path, most)


def board_file_cells(text: str, path: Path | str, most: int | None = None) -> frozenset[Cell]:
    """The cells of a board file's text (either format); `path` names it in messages."""
    lines = _content_lines(text)
    cells = parse_mask(lines, path, most) if is_mask(lines) else parse_address_list(text, path, most)
    if not cells:
        raise BoardSpecError(f"board file {path} lists no cells")
    return cells
