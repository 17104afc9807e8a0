"""Square-grid cells: a square board's cells are SquareCells (column, row), equal to the Cells of the same
numbers, and stepping along the grid keeps the type."""

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.squaregrid import SquareCell
from modlinseq_print.geometry.wrap import SQUARE_DIRECTIONS, step


def test_a_square_board_is_made_of_square_cells():
    board = parse_board("square:3x2")
    assert all(type(cell) is SquareCell for cell in board.cells) and len(board.cells) == 6
    c2 = board.parse_address("c2")
    assert (c2.column, c2.row) == (2, 1) and board.address(c2) == "c2"
    assert c2 == Cell(2, 1) and hash(c2) == hash(Cell(2, 1)) and Cell(2, 1) in board.cells


def test_stepping_keeps_the_type_and_wraps_on_the_torus():
    board = parse_board("square:3x2")
    right = step(board, board.parse_address("a1"), SQUARE_DIRECTIONS["row"])
    assert type(right) is SquareCell and board.address(right) == "b1"
    wrapped = step(board, board.parse_address("c2"), SQUARE_DIRECTIONS["diagonal"], "lines")
    assert type(wrapped) is SquareCell and board.address(wrapped) == "a1"
    assert repr(SquareCell(1, 0) + Cell(1, 0)) == "SquareCell(q=2, r=0)"
