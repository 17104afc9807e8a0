"""Wrap relations: the lines of page 6 (figures 13A and 14H) and tess-n pseudocell properties."""

import pytest
from hypothesis import given, strategies as st

from modlinseq_print.errors import BoardSpecError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import DIRECTIONS_CLOCKWISE, E, NE, ORIGIN, SE, SW
from modlinseq_print.geometry.lattice import tess_home, tess_translations
from modlinseq_print.geometry.wrap import check_wrap, line_through, step

TESS2 = parse_board("tess:2")
TESS3 = parse_board("tess:3")


def addresses(board, cells):
    return [board.address(c) for c in cells]


@pytest.mark.parametrize("direction, start", [
    (E, "A0 M1 M2 M4 B10 E4 E5"),
    (SW, "A0 T1 T2 T4 H10 M4 M5"),
    (SE, "A0 P1 P2 P4 E10 H4 H5"),
])
def test_figure_14h_lines_loop_through_all_49_cells(direction, start):
    cells, closed = line_through(TESS2, ORIGIN, direction, "tess")
    assert closed and len(cells) == 49 and set(cells) == TESS2.cells
    assert addresses(TESS2, cells[:7]) == start.split()


def test_figure_14h_values_are_modular_linear_on_every_line():
    # 0A0~1M1~2M2~... (E, step 1), 0A0~2T1~4T2~... (SW, step 2), 0A0~3P1~6P2~... (SE, step 3), modulus 7
    values = {}
    for direction, stride in ((E, 1), (SW, 2), (SE, 3)):
        cells, _ = line_through(TESS2, ORIGIN, direction, "tess")
        for i, cell in enumerate(cells):
            values.setdefault(cell, set()).add(i * stride % 7)
    assert all(len(v) == 1 for v in values.values())


def test_figure_13a_row_wraps_on_an_order_6_board():
    board = parse_board("hex:6")
    cells, closed = line_through(board, board.parse_address("H8"), E, "lines")
    assert closed
    assert addresses(board, cells[:9]) == "H8 H13 H19 B19 B14 B10 E4 E5 E6".split()


def test_order_6_lines_loop_in_7_to_13_cells():
    board = parse_board("hex:6")
    lengths = {len(line_through(board, c, d, "lines")[0]) for c in board.cells for d in (E, NE, SE)}
    assert lengths == set(range(7, 14))


def test_no_wrap_line_runs_edge_to_edge():
    board = parse_board("hex:3")
    cells, closed = line_through(board, ORIGIN, E, "none")
    assert not closed and addresses(board, cells) == "B4 B2 B1 A0 M1 M2 M4".split()
    assert step(board, board.parse_address("M4"), E) is None


def test_square_torus():
    board = parse_board("square:6x4")
    cells, closed = line_through(board, board.parse_address("a1"), (1, 1), "lines")
    assert closed and addresses(board, cells) == "a1 b2 c3 d4 e1 f2 a3 b4 c1 d2 e3 f4".split()


def test_wrap_mode_errors():
    with pytest.raises(BoardSpecError, match="needs a tess"):
        check_wrap(parse_board("hex:3"), "tess")
    with pytest.raises(BoardSpecError, match="unknown wrap mode"):
        check_wrap(parse_board("hex:3"), "moebius")


#: Every step that leaves tess:3: (board cell, direction) whose neighbour is a pseudocell.
TESS3_EXITS = [(cell, d) for cell in sorted(TESS3.cells) for d in DIRECTIONS_CLOCKWISE if cell + d not in TESS3]


def test_stepping_off_a_tess_board_lands_on_a_pseudocell_and_back():
    assert {cell + d for cell, d in TESS3_EXITS} == set(TESS3.pseudocells)  # every pseudocell is reached
    for cell, direction in TESS3_EXITS:
        home = TESS3.pseudocells[cell + direction]
        assert home in TESS3
        assert step(TESS3, cell, direction, "tess") == home
        back = home - direction
        assert back not in TESS3 and TESS3.pseudocells[back] == cell


@given(st.integers(-60, 60), st.integers(-60, 60), st.integers(1, 5))
def test_tess_home_is_on_the_board_and_idempotent(q, r, n):
    from modlinseq_print.geometry.hexgrid import Cell
    from modlinseq_print.geometry.lattice import tess_cells

    home = tess_home(Cell(q, r), n)
    assert home in tess_cells(n)
    assert tess_home(home, n) == home
    for t in tess_translations(n):
        assert tess_home(home + t, n) == home


class _CountedCells(frozenset):
    """A board's cells that count how often they are read in full."""

    def __iter__(self):
        self.reads = getattr(self, "reads", 0) + 1
        return super().__iter__()


def test_a_square_torus_wraps_without_reading_the_whole_board():
    """Each step across the edge costs the same on any board: the torus's size is worked out once per board,
    not by reading every cell at every wrap (62,500 cells on square:250x250)."""
    from modlinseq_print.geometry.boards import Board
    from modlinseq_print.geometry.squaregrid import SquareCell, square_cells

    board = Board("square:30x20", "square", _CountedCells(square_cells(30, 20)))
    wraps = [step(board, SquareCell(29, row), (1, 1), "lines") for row in range(20)]
    wraps += [step(board, SquareCell(column, 0), (0, -1), "lines") for column in range(30)]
    assert wraps[:3] == [SquareCell(0, 1), SquareCell(0, 2), SquareCell(0, 3)] and wraps[19] == SquareCell(0, 0)
    assert wraps[20:23] == [SquareCell(0, 19), SquareCell(1, 19), SquareCell(2, 19)]
    assert getattr(board.cells, "reads", 0) <= 2  # its columns, its rows
