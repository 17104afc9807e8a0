"""Cell patterns on hex boards: none, bonus (figure 9A of the rules) and bonus-malus (table 9B)."""

from __future__ import annotations

from modlinseq_print.errors import PatternError
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.lattice import bonus_malus, is_sublattice
from modlinseq_print.inputs import excerpt

PATTERNS = ("none", "bonus", "bonus-malus")


def pattern_of(cell: Cell, pattern: str) -> str | None:
    """'bonus', 'malus' or None for one cell under a named pattern."""
    if pattern == "bonus":
        return "bonus" if is_sublattice(cell) else None
    if pattern == "bonus-malus":
        return bonus_malus(cell)
    return None


def board_pattern(board: Board, pattern: str | None = None) -> dict[Cell, str]:
    """The marked cells of a board (real cells and pseudocells) under a pattern, default the board's own."""
    name = board.default_pattern if pattern is None else pattern
    if name not in PATTERNS:
        raise PatternError(f"unknown pattern {excerpt(name)}: use one of {', '.join(PATTERNS)}")
    if name != "none" and board.grid != "hex":
        raise PatternError(f"pattern {excerpt(name)} needs a hex board; {board.spec} is a square grid")
    if name == "bonus" and not board.pseudocells:  # the common case, one test a cell
        return {cell: "bonus" for cell in board.cells if is_sublattice(cell)}
    marked = {}
    for cell in list(board.cells) + list(board.pseudocells):
        mark = pattern_of(board.pseudocells.get(cell, cell), name)
        if mark:
            marked[cell] = mark
    return marked
