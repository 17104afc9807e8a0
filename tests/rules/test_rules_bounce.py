"""The bounce of seed page 6, section 13-2 (table 13A): non-corner reflection, perimeter bend, radius case."""

import pytest

from modlinseq_print.errors import BoardSpecError
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import DIRECTIONS_CLOCKWISE, E, NE, NW, SE, SW, W, Cell
from modlinseq_print.rules.bounce import Bounce, hexagon_order, reflect
from modlinseq_print.rules.chains import Topology
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import allowed_values

from rules_helpers import addresses, judge


def test_reflection_across_the_three_axes():
    assert reflect(NE, E) == SE and reflect(NW, E) == SW
    assert reflect(SE, NE) == W and reflect(NW, NE) == E
    assert reflect(E, SE) == SW and reflect(NE, SE) == W


@pytest.mark.parametrize("order", [1, 2, 3, 5])
def test_bounce_is_reversible_everywhere(order):
    bounce = Bounce(parse_board(f"hex:{order}"))
    for cell in bounce.board.cells:
        for arriving in DIRECTIONS_CLOCKWISE:
            if cell - arriving not in bounce.board.cells:
                continue
            out = bounce.leave(cell, arriving)
            assert out is not None and cell + out in bounce.board.cells
            assert bounce.leave(cell, -out) == -arriving


def test_radius_case_0_10_counts_seven_tiles():
    analysis = judge("hex:5", 20, "0T2, 10T4, 0T7, 10T11", wrap="bounce")
    assert analysis.legal
    [report] = analysis.sequences
    assert addresses(analysis, report.chain.cells) == ["T2", "T4", "T7", "T11", "T7", "T4", "T2"]
    assert (report.msa, report.tiles, report.points, report.chain.bounce) == ("M20-S10-A0", 7, 15, True)


def test_radius_case_written_in_full_parses():
    analysis = judge("hex:5", 20, "0T2 ~ 10T4 ~ 0T7 ~ 10T11 ~ 0T7 ~ 10T4 ~ 0T2", wrap="bounce")
    assert [r.tiles for r in analysis.sequences] == [7]


def test_radius_case_8_8_8_counts_five_tiles():
    analysis = judge("hex:5", 20, "8P4 ~ 8P7 ~ 8P11 ~ 8P7 ~ 8P4", wrap="bounce")
    [report] = analysis.sequences
    assert addresses(analysis, report.chain.cells) == ["P4", "P7", "P11", "P7", "P4"]
    assert (report.tiles, report.points, report.msa) == (5, 6, "M20-S0-A8")


def test_radius_case_6_7_8_blocks_m11():
    analysis = judge("hex:5", 20, "6M2 ~ 7M4 ~ 8M7", wrap="bounce")
    assert analysis.legal
    assert "M11" in addresses(analysis, analysis.blocked)
    assert allowed_values(analysis.position, analysis.position.board.parse_address("M1")) == [5]
    # without the bounce, M11 takes the 9
    plain = judge("hex:5", 20, "6M2 ~ 7M4 ~ 8M7")
    assert allowed_values(plain.position, plain.position.board.parse_address("M11")) == [9]


def test_non_corner_case_reflects_into_the_other_slope():
    analysis = judge("hex:5", 20, "6M1 ~ 9M3 ~ 12M6 ~ 15M10 ~ 18M15 ~ 1P7 ~ 4P8", wrap="bounce")
    assert analysis.legal
    [report] = [r for r in analysis.sequences if r.tiles > 2]
    assert addresses(analysis, report.chain.cells) == ["M1", "M3", "M6", "M10", "M15", "P7", "P8"]
    assert (report.tiles, report.points, report.msa, report.chain.bounce) == (7, 15, "M20-S3-A0", True)
    topo = analysis.position.topology
    assert {topo.slope_name(d) for d in report.chain.steps} == {"negative", "zero"}


def test_perimeter_case_bends_at_the_corner():
    analysis = judge("hex:5", 20, "16E13 ~ 14 ~ 12 ~ 10H11 ~ 8 ~ 6H13", wrap="bounce")
    [report] = analysis.sequences
    assert addresses(analysis, report.chain.cells) == ["E13", "E14", "E15", "H11", "H12", "H13"]
    assert (report.tiles, report.points, report.msa) == (6, 10, "M20-S2-A0")


def test_radius_succeeds_only_with_step_zero_or_half_the_modulus():
    for step in range(20):
        values = [(3 + step * i) % 20 for i in range(4)]
        transcript = ", ".join(f"{v}{a}" for v, a in zip(values, ["T2", "T4", "T7", "T11"]))
        assert judge("hex:5", 20, transcript, wrap="bounce").legal == (step in (0, 10))


def test_a_full_radius_line_is_a_loop_passing_inner_tiles_twice():
    analysis = judge("hex:2", 12, "5T2, 11T1, 5A0, 11H1, 5H2", wrap="bounce")
    radius = [r for r in analysis.sequences if r.chain.loop]
    assert len(radius) == 1 and len(radius[0].chain.cells) == 8 and radius[0].tiles == 8


def test_bounce_needs_a_regular_hexagon():
    assert hexagon_order(parse_board("hex:4")) == 4
    assert hexagon_order(parse_board("rect:5x5")) is None
    with pytest.raises(BoardSpecError, match="bounce"):
        Topology(parse_board("rect:5x5"), "bounce")
    with pytest.raises(RulesError, match="bounce"):
        Topology(parse_board("square:5x5"), "bounce")


def test_line_cells_under_bounce_are_neighbours():
    topo = Topology(parse_board("hex:3"), "bounce")
    corner = Cell(3, -3)
    assert sorted(topo.neighbours(corner)) == sorted([corner + W, corner + SW, corner + SE])
