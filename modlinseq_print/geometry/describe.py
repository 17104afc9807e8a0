"""A board described as data: every cell's address, coordinates, centre in mm, pattern and wrap partner.

The description is made cell by cell (`cell_entries`), so a large board can be written out as it goes
without holding an object per cell; counts and extent are computed without per-cell objects at all.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Iterator, TextIO

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry import addresses
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.layout import layout_for
from modlinseq_print.geometry.patterns import board_pattern

CHUNK = 2048  # cells formatted per write when a description is streamed


def cell_entries(board: Board, pattern: str | None = None, cell_size: float | None = None,
                 only: list[str] | None = None) -> Iterator[dict]:
    """One JSON-ready entry per cell, real cells in reading order then pseudocells (or only the cells at the
    addresses in `only`, in that order), made one at a time. A bad pattern or address fails here, at once,
    before any entry is made."""
    layout = layout_for(board.grid, cell_size)
    marks = board_pattern(board, pattern)
    if only is not None:
        entries = [_named_cell(board, text) for text in only]
    else:
        entries = [(c, None) for c in board.sorted_cells()] + sorted(board.pseudocells.items())
    return (_entry(board, layout, marks, cell, stands_for) for cell, stands_for in entries)


def _entry(board: Board, layout, marks: dict[Cell, str], cell: Cell, stands_for: Cell | None) -> dict:
    x, y = layout.centre(cell)
    return {
        "address": board.address(cell), "q": cell.q, "r": cell.r,
        "x_mm": round(x, 3) + 0.0, "y_mm": round(y, 3) + 0.0,
        "pattern": marks.get(cell), "pseudo": stands_for is not None,
        "stands_for": board.address(stands_for) if stands_for is not None else None,
    }


def describe_board(board: Board, pattern: str | None = None, cell_size: float | None = None,
                   only: list[str] | None = None) -> dict:
    """The JSON-ready description of a board: spec, counts and one entry per cell and pseudocell
    (or only for the cells at the addresses in `only`)."""
    return {"board": board.spec, "cell_count": len(board.cells),
            "cells": list(cell_entries(board, pattern, cell_size, only))}


def write_description(board: Board, out: TextIO, pattern: str | None = None, cell_size: float | None = None,
                      only: list[str] | None = None) -> None:
    """Write describe_board's JSON to `out` as it is made, a chunk of cells at a time: the same text as
    json.dumps of the whole description, without holding it. Nothing is written when the pattern or an address
    is bad."""
    entries = cell_entries(board, pattern, cell_size, only)
    out.write(f'{{"board": {json.dumps(board.spec)}, "cell_count": {len(board.cells)}, "cells": [')
    chunk: list[str] = []
    first = True
    for entry in entries:
        chunk.append(json.dumps(entry))
        if len(chunk) == CHUNK:
            out.write(("" if first else ", ") + ", ".join(chunk))
            chunk, first = [], False
    if chunk:
        out.write(("" if first else ", ") + ", ".join(chunk))
    out.write("]}\n")


def pattern_counts(board: Board, pattern: str | None = None) -> Counter:
    """How many real cells are plain, bonus and malus under a pattern."""
    counts = Counter(mark for cell, mark in board_pattern(board, pattern).items() if cell in board.cells)
    counts["plain"] = len(board.cells) - sum(counts.values())
    return counts


def _named_cell(board: Board, text: str) -> tuple[Cell, Cell | None]:
    """The cell at an address and, for a pseudocell of a tess board, the cell it stands for."""
    try:
        return board.parse_address(text), None
    except AddressError:
        if board.pseudocells:
            cell = addresses.cell_of(text)  # a malformed address raises its own error here
            if cell in board.pseudocells:
                return cell, board.pseudocells[cell]
        raise


def extent_mm(board: Board, cell_size: float | None = None) -> tuple[float, float]:
    """Width and height in mm of the board's cell outlines, pseudocells included: the extent of the centres
    widened by a cell's own corners (every cell has the same corners about its centre)."""
    layout = layout_for(board.grid, cell_size)
    low_x = low_y = float("inf")
    high_x = high_y = float("-inf")
    for group in (board.cells, board.pseudocells):
        for cell in group:
            x, y = layout.centre(cell)
            low_x, high_x = min(low_x, x), max(high_x, x)
            low_y, high_y = min(low_y, y), max(high_y, y)
    corners = layout.corners(Cell(0, 0))
    xs = [x for x, _ in corners]
    ys = [y for _, y in corners]
    return (high_x + max(xs)) - (low_x + min(xs)), (high_y + max(ys)) - (low_y + min(ys))
