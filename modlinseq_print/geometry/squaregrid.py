"""Square-grid cells (the square boards of the rules' section 12, and the coprimality game's grid).

A SquareCell is a Cell whose q is the column and r the row, both from 0 (a1 is (0, 0), rows growing
downward): boards, cell sets, straight lines and wrap treat both grids alike, and the square grid's own
code reads `column` and `row` instead of the hex axes' names.
"""

from __future__ import annotations

from modlinseq_print.geometry.hexgrid import Cell


class SquareCell(Cell):
    """A cell of a square grid: its column and row from 0; equal to the Cell of the same two numbers."""

    __slots__ = ()

    @property
    def column(self) -> int:
        """The column, from 0 at the left (a)."""
        return self.q

    @property
    def row(self) -> int:
        """The row, from 0 at the top (row 1)."""
        return self.r


def square_cells(columns: int, rows: int) -> frozenset[SquareCell]:
    """Every cell of a full grid of `columns` x `rows`."""
    return frozenset(SquareCell(c, r) for c in range(columns) for r in range(rows))
