"""The seeds' worked examples judged by the engine: figures 2A-2J, 7B-7E, 8B, 12A-12H, 13A, 13B, 14H."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.position import Position, Tile, allowed_values, analyse
from modlinseq_print.rules.transcript import build_position

from rules_helpers import addresses, find, judge

FIGURE_2 = {
    "2A": ("4B2, 6B1, 1A0, 3M1", "zero"),
    "2B": ("3B2, 1B1, 6A0, 4M1", "zero"),
    "2C": ("4T2, 6T1, 1A0, 3H1", "positive"),
    "2D": ("3T2, 1T1, 6A0, 4H1", "positive"),
    "2E": ("4P1, 6A0, 1E1, 3E2", "negative"),
    "2F": ("3P1, 1A0, 6E1, 4E2", "negative"),
}


@pytest.mark.parametrize("figure", sorted(FIGURE_2))
def test_figures_2a_to_2f_are_one_legal_four_tile_sequence(figure):
    transcript, slope = FIGURE_2[figure]
    analysis = judge("hex:4", 7, transcript)
    assert analysis.legal
    [report] = analysis.sequences
    assert report.msa == "M7-S2-A0" and report.tiles == 4 and report.points == 3
    assert {analysis.position.topology.slope_name(d) for d in report.chain.steps} == {slope}
    assert sorted(report.labels) == ["1", "3", "4", "6"]


def test_figure_2e_extends_with_2_on_p2_and_5_on_e4():
    analysis = judge("hex:4", 7, FIGURE_2["2E"][0])
    board = analysis.position.board
    assert allowed_values(analysis.position, board.parse_address("P2")) == [2]
    assert allowed_values(analysis.position, board.parse_address("E4")) == [5]
    assert analysis.blocked == []


def test_figure_2h_connects_with_a_3_on_m1():
    analysis = judge("hex:7", 7, "4B2, 6B1, 1A0, 5M2, 0M4, 2M7")
    assert allowed_values(analysis.position, analysis.position.board.parse_address("M1")) == [3]
    assert "M1" not in addresses(analysis, analysis.blocked)


@pytest.mark.parametrize("transcript", ["4B2, 6B1, 1A0, 0M2, 2M4, 4M7", "4B2, 6B1, 1A0, 0M2"])
def test_figures_2i_and_2j_block_m1(transcript):
    analysis = judge("hex:7", 7, transcript)
    assert analysis.legal
    assert "M1" in addresses(analysis, analysis.blocked)


def test_figure_2g_bend_is_two_sequences():
    # 4 ~ 6 ~ 1 along the row, then 1 ~ 3 ~ 5 going up from A0: two three-tile sequences, no five-tile one
    analysis = judge("hex:4", 7, "4B2, 6B1, 1A0, 3E1, 5E2")
    assert analysis.legal
    assert sorted(r.tiles for r in analysis.sequences if r.tiles >= 3) == [3, 3]
    assert max(r.tiles for r in analysis.sequences) == 3


def test_an_illegal_chain_names_its_cells():
    analysis = judge("hex:4", 7, "4B2, 6B1, 1A0, 5M1")
    assert not analysis.legal
    [problem] = analysis.problems
    assert problem.kind == "not-linear"
    assert addresses(analysis, problem.cells) == ["B2", "B1", "A0", "M1"]
    assert "breaks at M1" in problem.message


FIGURE_13A = """
17A0 ~ 1 ~ 5 ~ 9E4
3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6
7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17
4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11
"""


def test_figure_13a_sequences_from_their_captions():
    analysis = judge("hex:6", 20, FIGURE_13A, wrap="lines")
    assert analysis.legal
    first = find(analysis, "A0", "E1", "E2", "E4")
    assert (first.msa, first.tiles, first.points, first.chain.wrap) == ("M20-S4-A1", 4, 3, False)
    row = find(analysis, "H8", "H13", "H19", "B19", "B14", "B10", "E4", "E5", "E6")
    assert (row.msa, row.tiles, row.points, row.chain.wrap, row.chain.loop) == ("M20-S1-A0", 9, 28, True, False)
    loop = find(analysis, "T21", "B11", "B12", "B13", "B14", "B15", "E11", "E17")
    assert (loop.msa, loop.tiles, loop.points, loop.chain.wrap, loop.chain.loop) == ("M20-S5-A2", 8, 21, True, True)
    assert addresses(analysis, loop.chain.cells)[0] == "T21"  # the loop starts where it wraps, as the caption
    last = find(analysis, "H13", "H12", "H11", "E21", "M17", "M11")
    assert (last.msa, last.tiles, last.points, last.chain.wrap) == ("M20-S3-A0", 6, 10, True)
    assert [r.tiles for r in analysis.sequences if r.tiles >= 3] == [8, 6, 9, 4]


def test_figure_13a_e7_could_hold_13_but_h4_is_blocked():
    analysis = judge("hex:6", 20, FIGURE_13A, wrap="lines")
    board = analysis.position.board
    assert allowed_values(analysis.position, board.parse_address("E7")) == [13]
    assert allowed_values(analysis.position, board.parse_address("H4")) == []
    assert addresses(analysis, analysis.blocked) == ["H4"]


def test_figure_13a_tilde_lines_need_the_wrap():
    with pytest.raises(TranscriptError, match="not on one line"):
        judge("hex:6", 20, FIGURE_13A)


def test_figure_13b_corner_and_edge_wraps_and_b14_blocked():
    analysis = judge("hex:5", 20, "9A0 ~ 12 ~ 15 ~ 18 ~ 1 ~ 4B11 ~ 7M11 ~ 10M7; 0B15 ~ 2E11 ~ 4B11 ~ 6 ~ 8B13",
                     wrap="lines")
    assert analysis.legal
    row = find(analysis, "A0", "B1", "B2", "B4", "B7", "B11", "M11", "M7")
    assert (row.msa, row.tiles, row.points, row.chain.wrap) == ("M20-S3-A0", 8, 21, True)
    edge = find(analysis, "B15", "E11", "B11", "B12", "B13")
    assert (edge.msa, edge.tiles, edge.points, edge.chain.wrap) == ("M20-S2-A0", 5, 6, True)
    assert addresses(analysis, analysis.blocked) == ["B14"]


def test_figure_8b_modulus_marker_counts_as_zero():
    board = parse_board("hex:4")
    start = Position(board, 13, {board.parse_address("A0"): Tile(0, marker=True)})
    position, _ = build_position("7B2, 10B1, 3M1, 6M2, 4E1 ~ 0A0 ~ 9P1", start)
    analysis = analyse(position)
    assert analysis.legal
    assert sorted(r.tiles for r in analysis.sequences if r.tiles >= 3) == [3, 5]
    assert find(analysis, "B2", "B1", "A0", "M1", "M2").msa == "M13-S3-A0"


def test_figure_12_square_torus():
    # 12A: 0 ~ 1 ~ ... ~ 5 wrapping along a row; 14 ~ 17 ~ ... ~ 14 wrapping down a column
    analysis = judge("square:8x8", 18, "0f5 ~ 1 ~ 2 ~ 3a5 ~ 4 ~ 5c5; 14d6 ~ 17 ~ 2 ~ 5d1 ~ 8 ~ 11 ~ 14d4",
                     wrap="lines")
    assert analysis.legal
    row = find(analysis, "f5", "g5", "h5", "a5", "b5", "c5")
    assert (row.msa, row.tiles, row.points, row.chain.wrap) == ("M18-S1-A0", 6, 10, True)
    column = find(analysis, "d6", "d7", "d8", "d1", "d2", "d3", "d4")
    assert (column.msa, column.tiles, column.points) == ("M18-S3-A2", 7, 15)


def test_figure_12b_loop_and_12c_blocked():
    row = " ~ ".join(str(3 * i % 18) for i in range(12))
    loop = judge("square:12x3", 18, f"{row.replace('0', '0a2', 1)} ~ 15l2".replace(" ~ 15 ~ 15l2", " ~ 15l2"),
                 wrap="lines")
    [report] = loop.sequences
    assert report.chain.loop and report.tiles == 12 and report.points == 55
    gap = judge("square:12x3", 18, "0a2 ~ 1 ~ 2 ~ 3 ~ 4 ~ 5 ~ 6 ~ 7 ~ 8 ~ 9 ~ 10k2", wrap="lines")
    assert addresses(gap, gap.blocked) == ["l2"]


def test_figure_12d_and_12g_diagonal_wraps():
    analysis = judge("square:10x10", 18, "13a1 ~ 15 ~ 17 ~ 1 ~ 3 ~ 5 ~ 7 ~ 9 ~ 11i9", wrap="lines", diagonals=True)
    [report] = analysis.sequences
    assert (report.tiles, report.points) == (9, 28)
    # an 18-cell diagonal loop on a 9 x 6 torus
    tiles = ", ".join(f"{i % 18}{'abcdefghi'[i % 9]}{i % 6 + 1}" for i in range(18))
    loop = judge("square:9x6", 18, tiles, wrap="lines", diagonals=True)
    diagonal = [r for r in loop.sequences if r.tiles == 18]
    assert len(diagonal) == 1 and diagonal[0].chain.loop and diagonal[0].points == 136


def test_figure_12h_opposite_edges_must_be_read_as_a_wrap():
    analysis = judge("square:8x8", 18, "3a1, 4b1, 5c1, 6f1, 7g1, 8h1", wrap="lines")
    assert not analysis.legal
    assert addresses(analysis, analysis.problems[0].cells) == ["f1", "g1", "h1", "a1", "b1", "c1"]
    assert judge("square:8x8", 18, "3a1, 4b1, 5c1, 6f1, 7g1, 8h1").legal


def test_figure_14h_tess_2_fills_with_49_tile_loops():
    board = parse_board("tess:2")
    tiles = ", ".join(f"{(c.q + 3 * c.r) % 7}{board.address(c)}" for c in board.sorted_cells())
    analysis = judge("tess:2", 7, tiles)
    assert analysis.legal
    assert [r.tiles for r in analysis.sequences] == [49, 49, 49]
    assert all(r.chain.loop and r.points == 1128 for r in analysis.sequences)
    listed = {"zero": "A0 M1 M2 M4 B10 E4 E5", "positive": "A0 T1 T2 T4 H10 M4 M5",
              "negative": "A0 P1 P2 P4 E10 H4 H5"}
    for report in analysis.sequences:
        cells = addresses(analysis, report.chain.cells)
        slope = analysis.position.topology.slope_name(report.chain.steps[0])
        start = cells.index("A0")
        turned = cells[start:] + cells[:start]
        if turned[1] != listed[slope].split()[1]:  # read the loop the other way round
            turned = [turned[0]] + turned[:0:-1]
        assert turned[:7] == listed[slope].split()
