"""Board shapes and patterns against seed tables 1B, 9A and 9B, drawn as ASCII art where readable."""

import pytest

from modlinseq_print.errors import BoardSpecError, PatternError
from modlinseq_print.geometry.addresses import address_of, cell_of
from modlinseq_print.geometry.ascii_art import draw
from modlinseq_print.geometry.board_files import parse_mask
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.lattice import sublattice_ring
from modlinseq_print.geometry.patterns import board_pattern

TABLE_1B = {0: 1, 1: 7, 2: 19, 3: 37, 4: 61, 5: 91, 6: 127, 7: 169, 8: 217, 9: 271, 10: 331,
            11: 397, 12: 469, 13: 547, 14: 631, 15: 721, 16: 817, 17: 919, 18: 1027}
TABLE_9A = {0: 1, 1: 1, 2: 1, 3: 7, 4: 7, 5: 13, 6: 19, 7: 25, 8: 31, 9: 37, 10: 49, 11: 55}
TABLE_9B = {0: {0}, 1: {6}, 2: {12, 20}, 3: {22, 32, 43}, 4: {48, 55, 61, 75},
            5: {68, 83, 90, 99, 116}, 6: {92, 109, 127, 134, 146, 166}}


@pytest.mark.parametrize("order, cells", TABLE_1B.items())
def test_table_1b_cell_counts(order, cells):
    assert len(parse_board(f"hex:{order}")) == cells == 3 * order * (order + 1) + 1


def test_hex_100_has_30301_cells():
    assert len(parse_board("hex:100")) == 30301


@pytest.mark.parametrize("order, bonus", TABLE_9A.items())
def test_table_9a_bonus_counts(order, bonus):
    marks = board_pattern(parse_board(f"hex:{order}"), "bonus")
    assert len(marks) == bonus


def test_figure_9a_bonus_numbers_on_order_6():
    marks = board_pattern(parse_board("hex:6"), "bonus")
    assert {int(address_of(c)[1:]) for c in marks} == {0, 6, 12, 20}
    assert {address_of(c)[0] for c in marks} == set("ABEHMPT")


def test_table_9b_ring_numbers():
    marks = board_pattern(parse_board("hex:30"), "bonus-malus")
    rings = {}
    for cell, mark in marks.items():
        ring = sublattice_ring(cell)
        assert mark == ("bonus" if ring % 2 == 0 else "malus")
        rings.setdefault(ring, set()).add(int(address_of(cell)[1:]))
    assert {k: rings[k] for k in TABLE_9B} == TABLE_9B


def test_bonus_malus_on_order_4_as_art():
    board = parse_board("hex:4")
    marks = {c: "+" if m == "bonus" else "-" for c, m in board_pattern(board, "bonus-malus").items()}
    assert draw(board.cells, marks) == "\n".join([
        "    . . . . .",
        "   . . . - . .",
        "  . - . . . . .",
        " . . . . . . - .",
        ". . . . + . . . .",
        " . - . . . . . .",
        "  . . . . . - .",
        "   . . - . . .",
        "    . . . . .",
    ])


def test_every_plain_cell_touches_exactly_one_bonus_cell():
    board = parse_board("hex:8")
    bonus = set(board_pattern(board, "bonus"))
    for cell in parse_board("hex:6").cells - bonus:
        touching = [n for n in bonus
                    if max(abs(n.q - cell.q), abs(n.r - cell.r), abs(n.q + n.r - cell.q - cell.r)) == 1]
        assert len(touching) == 1


def test_rect_board_is_a_staggered_rectangle_centred_on_a0():
    board = parse_board("rect:7x5")
    assert len(board) == 35
    assert draw(board.cells) == "\n".join([
        ". . . . . . .",
        " . . . . . . .",
        ". . . A . . .",
        " . . . . . . .",
        ". . . . . . .",
    ])


def test_truncation_keeps_addresses():
    rect = parse_board("rect:13x11")
    hexagonal = parse_board("hex:9")
    for address in ("B26", "B20", "M16", "E6"):
        assert rect.parse_address(address) == hexagonal.parse_address(address)


def test_tess_boards_have_7_flowers_per_sublattice_point():
    for n, cells in ((1, 7), (2, 49), (3, 133), (4, 259)):
        board = parse_board(f"tess:{n}")
        assert len(board) == cells == 7 * (3 * n * (n - 1) + 1)
        assert board.default_wrap == "tess" and board.default_pattern == "bonus"


def test_tess_2_pseudocell_right_of_m4_stands_for_b10():
    board = parse_board("tess:2")
    right_of_m4 = cell_of("M4") + (1, 0)
    assert right_of_m4 not in board
    assert address_of(board.pseudocells[right_of_m4]) == "B10"
    assert board.pseudocells[cell_of("B10") + (-1, 0)] == cell_of("M4")


def test_tess_pseudocells_are_one_wythe_and_carry_bonus():
    board = parse_board("tess:3")
    assert len(board_pattern(board, "none")) == 0
    marks = board_pattern(board)
    assert sum(1 for c in marks if c in board) == 19  # figure 14B: 19 white cells
    for pseudo, home in board.pseudocells.items():
        assert home in board and pseudo not in board


def test_square_board():
    board = parse_board("square:12x10")
    assert len(board) == 120 and board.grid == "square"
    assert board.address(board.parse_address("l10")) == "l10"
    with pytest.raises(PatternError, match="needs a hex board"):
        board_pattern(board, "bonus")


@pytest.mark.parametrize("spec, words", [
    ("hex:-1", "order must be from 0"), ("hex:abc", "whole number"), ("tess:0", "from 1"),
    ("rect:0x5", "from 1 to"), ("rect:5", "columns x rows"), ("blob:3", "there is no shape"),
    ("hex", "write its shape and size, as hex:9"), ("square:3x0", "from 1 to"),
    ("file:/nonexistent/board.txt", "cannot read board file"),
])
def test_bad_specs(spec, words):
    with pytest.raises(BoardSpecError, match=words):
        parse_board(spec)


def test_off_board_address_is_an_error():
    with pytest.raises(Exception, match="not on board hex:2"):
        parse_board("hex:2").parse_address("B26")


def test_board_file_address_list(tmp_path):
    path = tmp_path / "board.txt"
    path.write_text("# three cells\nA0, B1 M1\nH1\n", encoding="utf-8")
    assert {address_of(c) for c in parse_board(f"file:{path}").cells} == {"A0", "B1", "M1", "H1"}
    path.write_text("A0 Q9\n", encoding="utf-8")
    with pytest.raises(BoardSpecError, match="Q9"):
        parse_board(f"file:{path}")


def test_board_file_mask_round_trips_the_art(tmp_path):
    board = parse_board("tess:2")
    art = draw(board.cells)
    path = tmp_path / "mask.txt"
    path.write_text("# tess-2 as a mask\n" + art + "\n", encoding="utf-8")
    assert parse_board(f"file:{path}").cells == board.cells
    assert parse_mask(art.splitlines(), path) == board.cells


def test_board_file_mask_off_grid_is_an_error(tmp_path):
    path = tmp_path / "mask.txt"
    path.write_text(" . .\n. A.\n", encoding="utf-8")
    with pytest.raises(BoardSpecError, match="off the hex grid"):
        parse_board(f"file:{path}")


def test_template_board_files_parse():
    from pathlib import Path

    templates = Path(__file__).resolve().parents[2] / "templates"
    mask = parse_board(f"file:{templates / 'board-mask.txt'}")
    listed = parse_board(f"file:{templates / 'board-addresses.txt'}")
    assert len(mask) > 0 and len(listed) > 0
    assert cell_of("A0") in mask.cells


@pytest.mark.parametrize("spec", ["hex:0", "hex:7", "tess:2", "rect:6x4", "square:5x3"])
def test_reading_order_is_top_row_first_then_west_to_east(spec):
    from modlinseq_print.geometry.hexgrid import in_reading_order

    board = parse_board(spec)
    cells = list(board.cells) + list(board.pseudocells)
    ordered = in_reading_order(reversed(cells))
    assert sorted(ordered) == sorted(cells)
    assert all((a.r, a.q) < (b.r, b.q) for a, b in zip(ordered, ordered[1:]))
    assert board.sorted_cells() == in_reading_order(board.cells)
