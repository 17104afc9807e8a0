"""A board described as data: every cell's address, coordinates, centre in mm, pattern and wrap partner."""

from __future__ import annotations

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry import addresses
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.layout import layout_for
from modlinseq_print.geometry.patterns import board_pattern


def describe_board(board: Board, pattern: str | None = None, cell_size: float | None = None,
                   only: list[str] | None = None) -> dict:
    """The JSON-ready description of a board: spec, counts and one entry per cell and pseudocell
    (or only for the cells at the addresses in `only`)."""
    layout = layout_for(board.grid, cell_size)
    marks = board_pattern(board, pattern)
    entries = [(c, None) for c in board.sorted_cells()] + sorted(board.pseudocells.items())
    if only is not None:
        entries = [_named_cell(board, text) for text in only]
    cells = []
    for cell, stands_for in entries:
        x, y = layout.centre(cell)
        cells.append({
            "address": board.address(cell), "q": cell.q, "r": cell.r,
            "x_mm": round(x, 3) + 0.0, "y_mm": round(y, 3) + 0.0,
            "pattern": marks.get(cell), "pseudo": stands_for is not None,
            "stands_for": board.address(stands_for) if stands_for is not None else None,
        })
    return {"board": board.spec, "cell_count": len(board.cells), "cells": cells}


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
    """Width and height in mm of the board's cell outlines, pseudocells included."""
    layout = layout_for(board.grid, cell_size)
    points = [p for c in list(board.cells) + list(board.pseudocells) for p in layout.corners(c)]
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return max(xs) - min(xs), max(ys) - min(ys)
