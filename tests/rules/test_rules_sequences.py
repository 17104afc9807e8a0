"""Sequences: residue classes, the modular-linear rule, MSA notation (tables 2B, 2C), points (table 2A), gaps."""

import itertools
import random

import pytest

from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.sequences import (ALL, Residue, check_modulus, gap_fillings, gap_solution_count,
                                             is_modular_linear, known_msa, msa, msa_options, points, solve_linear,
                                             step_class, value_class)


@pytest.mark.parametrize("n, expected", [(1, 0), (2, 0), (3, 1), (4, 3), (5, 6), (6, 10), (7, 15), (8, 21),
                                         (9, 28), (10, 36), (11, 45), (12, 55), (18, 136), (0, 0)])
def test_points_follow_table_2a(n, expected):
    assert points(n) == expected


@pytest.mark.parametrize("row, m, expected", [
    # table 2B, modulus 11: every S>0 has anchor 0, S0 keeps the value
    ("0 1 2 3 4 5 6 7 8 9 10", 11, "M11-S1-A0"),
    ("0 5 10 4 9 3 8 2 7 1 6", 11, "M11-S5-A0"),
    ("0 4 8 1 5 9 2 6 10 3 7", 11, "M11-S4-A0"),
    ("7 7 7", 11, "M11-S0-A7"),
    # table 2C, modulus 12
    ("0 5 10 3 8 1 6 11 4 9 2 7", 12, "M12-S5-A0"),
    ("1 3 5 7 9 11", 12, "M12-S2-A1"),
    ("2 5 8 11", 12, "M12-S3-A2"),
    ("3 7 11", 12, "M12-S4-A3"),
    ("5 11 5", 12, "M12-S6-A5"),
    ("11 11", 12, "M12-S0-A11"),
    # read backwards: the step is normalised to 0 <= S <= m/2
    ("11 8 5 2", 12, "M12-S3-A2"),
    # figure 12A, following tables 2B/2C rather than two of its captions
    ("3 7 11 15", 18, "M18-S4-A1"),
    ("15 2 7 12 17", 18, "M18-S5-A0"),
    ("14 17 2 5 8 11 14", 18, "M18-S3-A2"),
])
def test_msa_matches_the_tables(row, m, expected):
    values = [int(v) for v in row.split()]
    assert msa_options(values, m) == [expected]
    assert msa_options(values[::-1], m) == [expected]


def test_msa_of_a_step_and_value():
    assert msa(20, 16, 17) == "M20-S4-A1"
    assert msa(20, 0, 13) == "M20-S0-A13"
    assert msa(12, 6, 9) == "M12-S6-A3"


def test_sequence_from_page_1_repeats_mod_7():
    assert is_modular_linear([3, 5, 0, 2, 4, 6, 1, 3, 5, 0, 2, 4], 7)
    assert not is_modular_linear([4, 6, 1, 3, 5, 0, 4], 7)
    assert is_modular_linear([4, 6, 1, 3], 7) and is_modular_linear([3, 1, 6, 4], 7)


def test_any_two_tiles_form_a_sequence():
    assert all(is_modular_linear([a, b], 9) for a in range(9) for b in range(9))


def test_residue_intersection_is_the_chinese_remainder():
    assert Residue(1, 4).intersect(Residue(2, 3)) == Residue(5, 12)
    assert Residue(1, 4).intersect(Residue(0, 2)) is None
    assert Residue(3, 6).intersect(ALL) == Residue(3, 6)
    assert Residue(4, 6).members(12) == [4, 10]


def test_solve_linear():
    assert solve_linear(3, 9, 10) == Residue(3, 10)
    assert solve_linear(2, 2, 12) == Residue(1, 6)
    assert solve_linear(2, 3, 12) is None
    assert solve_linear(0, 0, 12) == ALL


def test_loops_need_the_length_times_step_to_vanish():
    # figure 13A: 8 tiles with step 5 close into a loop modulo 20; step 1 does not
    assert step_class([7, 12, 17, 2, 7, 12, 17, 2], 20, loop=True) is not None
    assert step_class([0, 1, 2, 3, 4, 5, 6, 7], 20, loop=True) is None
    # figure 12B: a 12-tile loop modulo 18 needs a step that is a multiple of 3
    assert step_class([0, 3, 6, 9, 12, 15, 0, 3, 6, 9, 12, 15], 18, loop=True) is not None


def test_wild_values_from_section_7():
    # 2 ~ 5 ~ # ~ 11: the wild tile cannot be anything except an 8 (modulus 12 here)
    assert value_class([2, 5, None, 11], 12, 2).members(12) == [8]
    # 7 ~ # ~ 9 modulo 12: 8 or 2
    assert value_class([7, None, 9], 12, 1).members(12) == [2, 8]
    # 1 ~ # ~ # ~ 4 modulo 15: the first wild is 2, 7 or 12; 1 ~ 2 ~ 13 ~ 4 is not modular-linear
    assert value_class([1, None, None, 4], 15, 1).members(15) == [2, 7, 12]
    assert value_class([1, 2, None, 4], 15, 2).members(15) == [3]
    assert not is_modular_linear([1, 2, 13, 4], 15)
    assert is_modular_linear([1, None, None, 7, 9], 13) and is_modular_linear([None, 5, 6, None], 13)


def test_tied_positions_are_one_tile():
    # a tile passed twice by a bounce must agree with itself: 6 ~ 7 ~ 8 ~ x ~ 8 ~ 7 ~ 6 has no x (table 13A)
    values = [6, 7, 8, None, 8, 7, 6]
    assert value_class(values, 20, 3, tied=[(3,)]) is None
    assert value_class([0, 10, 0, None, 0, 10, 0], 20, 3, tied=[(3,)]).members(20) == [10]


def test_gap_filling_counts_page_1_section_2_6():
    # 7 ~ x ~ y ~ 6 modulo 10: f = 1 solution, 7 ~ 0 ~ 3 ~ 6
    assert gap_solution_count(7, 6, 2, 10) == 1
    assert gap_fillings(7, 6, 2, 10) == [[0, 3]]
    # a prime modulus always gives exactly one
    assert all(gap_solution_count(a, b, k, 13) == 1 for a in range(13) for b in range(13) for k in range(1, 5))
    # 1-tile gap modulo 12: 7 ~ x ~ 9 has two, 7 ~ x ~ 8 none
    assert gap_solution_count(7, 9, 1, 12) == 2 and gap_fillings(7, 9, 1, 12) == [[8], [2]]
    assert gap_solution_count(7, 8, 1, 12) == 0 and gap_fillings(7, 8, 1, 12) == []


def test_gap_count_agrees_with_brute_force():
    for m in (6, 8, 10, 12):
        for gap in range(1, 5):
            for a in range(m):
                for b in range(m):
                    brute = sum(1 for s in range(m) if (a + (gap + 1) * s - b) % m == 0)
                    assert gap_solution_count(a, b, gap, m) == brute == len(gap_fillings(a, b, gap, m))


def _one_msa(values, m, loop):
    options = msa_options(values, m, loop, limit=2)
    return options[0] if len(options) == 1 else None


def test_the_msa_of_known_values_is_msa_options_own():
    """known_msa (for a report's lines) against the residue classes: every sequence of 2 to 4 values modulo
    2, 4, 6 and 12 (steps sharing factors with m), 2 and 3 values modulo 13, and long random ones, open and
    closed, progressions and not."""
    cases = [(values, m) for m in (2, 4, 6, 12) for n in (2, 3, 4) for values in itertools.product(range(m), repeat=n)]
    cases += [(values, 13) for n in (2, 3) for values in itertools.product(range(13), repeat=n)]
    rng = random.Random(7)
    for _ in range(2000):
        m, n = rng.choice((6, 12, 13, 18)), rng.randrange(5, 15)
        first, step = rng.randrange(m), rng.randrange(m)
        values = [(first + k * step) % m for k in range(n)]
        if rng.random() < 0.3:
            values[rng.randrange(n)] = rng.randrange(m)
        cases.append((tuple(values), m))
    found = {True: 0, False: 0}
    for (values, m), loop in itertools.product(cases, (False, True)):
        expected = _one_msa(values, m, loop)
        assert known_msa(values, m, loop) == expected, (values, m, loop)
        found[expected is None] += 1
    assert min(found.values()) > 2_000  # both kinds, many times


@pytest.mark.parametrize("bad", [1, 0, -3, 100_000])
def test_bad_modulus(bad):
    with pytest.raises(RulesError, match="modulus"):
        check_modulus(bad)
