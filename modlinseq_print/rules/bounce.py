"""The bounce (rules, page 6, section 13-2): how a line continues at the edge of a regular hexagonal board.

Three cases: at a side cell that is not a corner the line reflects into the board in the other slope;
a line running along a side bends at the corner and follows the next side; a line reaching a corner
along its radius reflects back over itself, so the tiles it passes count twice.
"""

from __future__ import annotations

import math

from modlinseq_print.errors import BoardSpecError
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import DIRECTIONS_CLOCKWISE, E, NE, SE, Cell, distance, hexagon, rotate_cw

_SQRT3_2 = math.sqrt(3.0) / 2


def hexagon_order(board: Board) -> int | None:
    """The order of a board that is a whole regular hexagon around A0, else None."""
    if board.grid != "hex" or board.pseudocells or not board.cells:
        return None
    order = max(distance(c) for c in board.cells)
    return order if len(board.cells) == 3 * order * (order + 1) + 1 and board.cells == hexagon(order) else None


def _pixel(d: Cell) -> tuple[float, float]:
    return d.q + d.r / 2, d.r * _SQRT3_2


def reflect(direction: Cell, axis: Cell) -> Cell:
    """The mirror image of a direction in a line along `axis` (both unit hex directions)."""
    x, y = _pixel(direction)
    ax, ay = _pixel(axis)
    dot = x * ax + y * ay
    rx, ry = 2 * dot * ax - x, 2 * dot * ay - y
    r = round(ry / _SQRT3_2)
    return Cell(round(rx - r / 2), r)


def side_axis(cell: Cell, order: int) -> Cell:
    """The direction of the board side that a non-corner edge cell lies on."""
    q, r = cell
    if abs(r) == order:
        return E
    if abs(q) == order:
        return SE
    return NE


class Bounce:
    """The bounce on a hex:N board: which way a line leaves a cell it reached travelling `arriving`."""

    def __init__(self, board: Board):
        order = hexagon_order(board)
        if order is None:
            raise BoardSpecError(
                f"wrap mode 'bounce' needs a regular hexagonal board such as hex:6, not {board.spec}"
            )
        self.board = board
        self.order = order
        self.corners = {d.scaled(order): d for d in DIRECTIONS_CLOCKWISE} if order else {}

    def leave(self, cell: Cell, arriving: Cell) -> Cell | None:
        """The direction of travel after `cell`: straight on inside the board, else the bounce."""
        if cell + arriving in self.board.cells:
            return arriving
        if self.order == 0:
            return None
        ray = self.corners.get(cell)
        if ray is None:
            out = reflect(arriving, side_axis(cell, self.order))
            return out if cell + out in self.board.cells else None
        if ray == arriving:  # the radius case: back over itself
            return -arriving
        for turn in (1, -1):  # the perimeter case: bend to follow the next side
            out = rotate_cw(arriving, turn)
            if cell + out in self.board.cells and distance(cell + out) == self.order:
                return out
        return None
