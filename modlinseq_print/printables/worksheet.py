"""The practice worksheet: numbered problems grouped by kind, and the answers on separate pages."""

from __future__ import annotations

from modlinseq_print.rules.exercises import TITLES, Problem
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.render.scene import Scene
from modlinseq_print.wording import _


def _grouped(problems: list[Problem]):
    kind = None
    for number, problem in enumerate(problems, 1):
        yield number, problem, problem.kind != kind
        kind = problem.kind


def worksheet_pages(problems: list[Problem], width: float, height: float, seed: int,
                    margin: float = 15.0) -> tuple[list[Scene], list[Scene]]:
    """The problem pages and the answer pages, each a list of page scenes."""
    sheet = Flow(width, height, margin=margin)
    sheet.heading(_("Practice problems (worksheet {seed})").format(seed=seed), size=15 * PT)
    sheet.paragraph(_("Write the missing numbers on the blanks. Each line of numbers is a modular-linear "
                      "sequence: every term differs from the one before by the same step, modulo the modulus."))
    answers = Flow(width, height, margin=margin)
    answers.heading(_("Answers (worksheet {seed})").format(seed=seed), size=15 * PT)
    for number, problem, first_of_kind in _grouped(problems):
        if first_of_kind:
            sheet.heading(_(TITLES[problem.kind]), size=11 * PT)
            answers.heading(_(TITLES[problem.kind]), size=11 * PT)
        sheet.paragraph(f"{number}.   {problem.text()}", size=12 * PT, font="Courier")
        sheet.space(4.0)
        answers.paragraph(f"{number}.   {problem.text()}", size=9 * PT, font="Courier")
        answers.paragraph(problem.answer_text(), size=9 * PT, font="Courier-Bold", indent=8.0)
    return sheet.pages, answers.pages
