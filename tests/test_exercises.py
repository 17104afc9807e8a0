"""Worksheet problems: reproducible from a seed, answers complete and consistent with section 2-6."""

from math import gcd

import pytest

from modlinseq_print.kit.exercises import (
    MODULUS_RANGE, fillings, gap_solution_count, is_linear, make_worksheet,
)
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.scene import Text


def test_seed_example_7_x_y_6_mod_10():
    assert fillings((7, None, None, 6), 10) == [(7, 0, 3, 6)]
    assert gap_solution_count(2, 6 - 7, 10) == 1


@pytest.mark.parametrize("gap", [1, 2, 3, 4])
@pytest.mark.parametrize("modulus", [7, 10, 12, 13])
def test_gap_counts_follow_the_formula(gap, modulus):
    for first in range(modulus):
        for last in range(modulus):
            terms = (first, *([None] * gap), last)
            assert len(fillings(terms, modulus)) == gap_solution_count(gap, last - first, modulus)


def test_worksheet_is_reproducible_and_covers_every_kind():
    one, two = make_worksheet(24, 5, 13), make_worksheet(24, 5, 13)
    assert one == two and one != make_worksheet(24, 6, 13)
    assert {p.kind for p in one} == {"modulus", "extend", "gap1", "gap2", "gap3", "gap4"}


def test_every_answer_checks_out():
    for problem in make_worksheet(60, 11, 12):
        if problem.kind == "modulus":
            (modulus,), = problem.answers
            fits = [m for m in MODULUS_RANGE if m > max(problem.terms) and is_linear(problem.terms, m)]
            assert fits == [modulus]
            continue
        for answer in problem.answers:
            assert is_linear(answer, problem.modulus)
            assert all(t is None or t == v for t, v in zip(problem.terms, answer))
        if problem.kind.startswith("gap"):
            gap = int(problem.kind[-1])
            expected = gap_solution_count(gap, problem.terms[-1] - problem.terms[0], problem.modulus)
            assert len(problem.answers) == expected
            assert expected in (0, gcd(gap + 1, problem.modulus))
        else:
            assert len(problem.answers) == 1


def test_pages_show_problems_and_answers_separately():
    problems = make_worksheet(12, 2, 13)
    sheet, answers = worksheet_pages(problems, 210, 297, seed=2)
    def words(pages):
        return " ".join(" ".join(i.text.split()) for p in pages for i in p.items() if isinstance(i, Text))

    def squeeze(text):
        return " ".join(text.split())

    sheet_text, answer_text = words(sheet), words(answers)
    for problem in problems:
        assert squeeze(problem.text()) in sheet_text and squeeze(problem.answer_text()) in answer_text
        if problem.answers and problem.kind != "modulus":
            assert squeeze(problem.answer_text()) not in sheet_text
