"""Wild tiles (seed page 3, section 7): values given every line, the policies of 7-2, figures 7B-7E."""

import pytest

from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import allowed_values

from rules_helpers import addresses, find, judge


def wild(analysis):
    return {analysis.position.board.address(c): list(v) for c, v in analysis.wild.items()}


def test_2_5_wild_11_is_an_8():
    analysis = judge("hex:4", 12, "2B2 ~ 5B1 ~ #A0 ~ 11M1")
    assert analysis.legal and wild(analysis) == {"A0": [8]}
    report = analysis.sequences[0]
    assert report.msa == "M12-S3-A2" and report.labels == ("2", "5", "#", "11")


def test_7_wild_9_modulo_12_is_ambiguous():
    analysis = judge("hex:4", 12, "7B1 ~ # ~ 9M1")
    assert analysis.legal and wild(analysis) == {"A0": [2, 8]}
    assert analysis.sequences[0].msa is None
    assert analysis.sequences[0].msa_options == ("M12-S1-A0", "M12-S5-A0")


def test_wild_tiles_do_not_count_in_the_length():
    # 2 ~ 4 ~ 6 ~ 8 ~ 10 (length 5) scores 6, 2 ~ 4 ~ # ~ 8 ~ 10 (length 4) only 3
    full = judge("hex:4", 12, "2B2 ~ 4B1 ~ 6A0 ~ 8M1 ~ 10M2").sequences[0]
    holed = judge("hex:4", 12, "2B2 ~ 4B1 ~ #A0 ~ 8M1 ~ 10M2").sequences[0]
    assert (full.tiles, full.points) == (5, 6) and (holed.tiles, holed.points) == (4, 3)


def test_several_wild_tiles_in_one_sequence():
    assert judge("hex:4", 13, "1B2 ~ # ~ # ~ 7M1 ~ 9M2").legal
    assert judge("hex:4", 13, "#B1 ~ 5 ~ 6 ~ #M2").legal
    analysis = judge("hex:4", 15, "1B1 ~ # ~ # ~ 4M2")
    assert wild(analysis) == {"A0": [2, 7, 12], "M1": [3, 8, 13]}


def test_figure_7b_ambiguity_settled_by_a_later_tile():
    base = "3B3 ~ #B1 ~ 3T1; #B1 ~ 9A0"
    assert wild(judge("hex:4", 12, base)) == {"B1": [3, 9]}
    three = judge("hex:4", 12, base + "; 3M1")
    assert wild(three) == {"B1": [3]} and find(three, "B1", "A0", "M1").msa == "M12-S6-A3"
    nine = judge("hex:4", 12, base + "; 9M1")
    assert wild(nine) == {"B1": [9]} and find(nine, "B1", "A0", "M1").msa == "M12-S0-A9"


def test_figures_7c_7d_7e_combined_settle_a0_and_p1():
    seven = judge("hex:4", 12, "7B1 ~ #A0 ~ 7M1")  # 7C
    assert wild(seven) == {"A0": [1, 7]}
    five = judge("hex:4", 12, "5E1 ~ #A0 ~ #P1 ~ 5P2")  # 7D
    assert wild(five) == {"A0": [1, 5, 9], "P1": [1, 5, 9]}
    both = judge("hex:4", 12, "7B1 ~ #A0 ~ 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2")  # 7E
    assert both.legal and wild(both) == {"A0": [1], "P1": [9]}


def test_wild_tile_with_no_value_is_a_problem():
    analysis = judge("hex:4", 12, "7B1 ~ #A0 ~ 7M1; 6E1 ~ #A0 ~ 6P1; 2T1 ~ #A0 ~ 8H1")
    assert not analysis.legal
    assert [p.kind for p in analysis.problems] == ["wild-conflict"]
    assert addresses(analysis, analysis.problems[0].cells) == ["A0"]


@pytest.mark.parametrize("policy, legal, kind", [
    ("E", True, None), ("C", False, "wild-ambiguous"), ("A", False, "wild-unsupported"),
    ("D", False, "wild-undeclared"),
])
def test_policies_on_7_wild_9(policy, legal, kind):
    analysis = judge("hex:4", 12, "7B1 ~ #A0 ~ 9M1", policy=policy)
    assert analysis.legal == legal
    assert [p.kind for p in analysis.problems] == ([kind] if kind else [])


def test_policy_a_accepts_adjacent_naturals_and_b_two_naturals():
    assert judge("hex:4", 12, "7B2 ~ 8B1 ~ #A0", policy="A").legal
    assert judge("hex:4", 13, "7B1 ~ #A0 ~ 9M1", policy="B").legal
    assert not judge("hex:4", 13, "7B1 ~ #A0 ~ #M1", policy="B").legal
    with pytest.raises(RulesError, match="prime"):
        judge("hex:4", 12, "7B1 ~ #A0 ~ 9M1", policy="B")


def test_policy_d_declared_values_act_as_naturals():
    assert judge("hex:4", 12, "7B1 ~ #=8A0 ~ 9M1", policy="D").legal
    bad = judge("hex:4", 12, "7B1 ~ #=3A0 ~ 9M1", policy="D")
    assert [p.kind for p in bad.problems] == ["not-linear"]
    declared = judge("hex:4", 12, "7B1 ~ #=8A0 ~ 9M1", policy="D").sequences[0]
    assert declared.tiles == 2 and declared.msa == "M12-S1-A0"


def test_blocked_cells_respect_wild_tiles_elsewhere():
    # A0 is fixed at 1 by figure 7E: T1 continues 4H1 ~ 1A0 with 10, M2 continues 7 ~ 1 ~ 7 with 1
    analysis = judge("hex:4", 12, "7B1 ~ #A0 ~ 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2; 4H1")
    board = analysis.position.board
    assert allowed_values(analysis.position, board.parse_address("T1")) == [10]
    assert allowed_values(analysis.position, board.parse_address("M2")) == [1]
