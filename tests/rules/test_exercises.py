"""Worksheet problems: reproducible from a seed, answers complete and consistent with section 2-6."""

from math import gcd

import pytest

from modlinseq_print.rules.exercises import MODULUS_RANGE, make_worksheet, solve
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.scene import Text


def brute_force(terms, modulus):
    """Every filling of the blanks, by trying every start and step: independent of the rules engine."""
    found = set()
    for start in range(modulus):
        for step in range(modulus):
            values = tuple((start + i * step) % modulus for i in range(len(terms)))
            if all(t is None or t == v for t, v in zip(terms, values)):
                found.add(values)
    return sorted(found)


def is_linear(values, modulus):
    return len({(b - a) % modulus for a, b in zip(values, values[1:])}) <= 1


def test_seed_example_7_x_y_6_mod_10():
    assert solve((7, None, None, 6), 10) == brute_force((7, None, None, 6), 10) == [(7, 0, 3, 6)]


@pytest.mark.parametrize("gap", [1, 2, 3, 4])
@pytest.mark.parametrize("modulus", [7, 10, 12, 13])
def test_engine_answers_match_brute_force(gap, modulus):
    for first in range(modulus):
        for last in range(modulus):
            terms = (first, *([None] * gap), last)
            answers = solve(terms, modulus)
            assert answers == brute_force(terms, modulus)
            assert len(answers) in (0, gcd(gap + 1, modulus))


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
        assert list(problem.answers) == brute_force(problem.terms, problem.modulus)
        if problem.kind == "extend":
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


def test_answers_are_indented_under_their_problem():
    problems = make_worksheet(6, 2, 13)
    _, answers = worksheet_pages(problems, 210, 297, seed=2)
    texts = [i for p in answers for i in p.items() if isinstance(i, Text) and i.font.startswith("Courier")]
    questions = [t for t in texts if t.font == "Courier"]
    solutions = [t for t in texts if t.font == "Courier-Bold"]
    assert len(solutions) >= len(problems)
    assert min(s.x for s in solutions) == max(q.x for q in questions) + 8.0
