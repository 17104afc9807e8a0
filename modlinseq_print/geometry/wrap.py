"""Wrap relations: how a straight line continues past the edge of a board (none, lines, tess)."""

from __future__ import annotations

from modlinseq_print.errors import BoardSpecError
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.lattice import tess_home
from modlinseq_print.geometry.squaregrid import SquareCell
from modlinseq_print.inputs import excerpt

WRAP_MODES = ("none", "lines", "tess")
SQUARE_DIRECTIONS = {"row": Cell(1, 0), "column": Cell(0, 1), "diagonal": Cell(1, 1), "antidiagonal": Cell(-1, 1)}


def check_wrap(board: Board, mode: str) -> str:
    """Validate a wrap mode for a board and return it."""
    if mode not in WRAP_MODES:
        raise BoardSpecError(f"unknown wrap mode {excerpt(mode)}: use one of {', '.join(WRAP_MODES)}")
    if mode == "tess" and board.tess_order is None:
        raise BoardSpecError(f"wrap mode 'tess' needs a tess:N board, not {board.spec}")
    return mode


def _run_end(board: Board, cell: Cell, direction: Cell) -> Cell:
    """The last board cell reached from `cell` walking in `direction` without leaving the board."""
    while cell + direction in board.cells:
        cell = cell + direction
    return cell


def _square_size(board: Board) -> tuple[int, int]:
    """The columns and rows of a square board (read from its cells once per board, not at every wrap)."""
    return max(column for column, _row in board.cells) + 1, max(row for _column, row in board.cells) + 1


def _square_wrap(board: Board, cell: Cell) -> Cell | None:
    """The torus image of an off-board square cell, for full rectangular grids."""
    columns, rows = board.derived("square size", lambda: _square_size(board))
    column, row = cell
    home = SquareCell(column % columns, row % rows)
    return home if home in board.cells else None


def step(board: Board, cell: Cell, direction: Cell, mode: str = "none") -> Cell | None:
    """The next board cell after `cell` in `direction` under a wrap mode, or None at an edge."""
    nxt = cell + direction
    if nxt in board.cells:
        return nxt
    if mode == "tess":
        assert board.tess_order is not None  # check_wrap allows tess only on a tess board
        return tess_home(nxt, board.tess_order)
    if mode == "lines":
        if board.grid == "square":
            return _square_wrap(board, nxt)
        return _run_end(board, cell, -direction)
    return None


def line_through(board: Board, cell: Cell, direction: Cell, mode: str = "none") -> tuple[tuple[Cell, ...], bool]:
    """The ordered cells of the straight line through `cell` in `direction`, and whether it closes.

    Without wrap the line runs from its first to its last cell in `direction`; a closed line
    (wrap `lines` or `tess`) starts at `cell` and stops before returning to it.
    """
    if cell not in board.cells:
        raise BoardSpecError(f"cell {board.address(cell)} is not on board {board.spec}")
    if mode == "none":
        start = _run_end(board, cell, -direction)
        cells = [start]
        while cells[-1] + direction in board.cells:
            cells.append(cells[-1] + direction)
        return tuple(cells), False
    cells = [cell]
    nxt = step(board, cell, direction, mode)
    while nxt is not None and nxt != cell:
        cells.append(nxt)
        nxt = step(board, nxt, direction, mode)
    return tuple(cells), nxt == cell
