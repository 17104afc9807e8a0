"""The practice worksheet: a name and date line, numbered problems grouped by kind with room to work each one
out, and the answers on separate pages."""

from __future__ import annotations

from modlinseq_print.rules.exercises import TITLES, Problem
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.render.paper import A6_TEXT, check_room
from modlinseq_print.render.scene import Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.wording import _

# mm under each problem to work it out: the most that takes no more pages than the least
WORKING_SPACES = (22.0, 19.0, 16.0, 14.0, 12.0, 10.0, 8.0)
WRITING_LINE = Style(stroke="#000000", stroke_width=0.25)
SPACE_LINE = Style(stroke="#bdbdbd", stroke_width=0.2, dash=(1.0, 1.5))
LABEL = 10 * PT


def _grouped(problems: list[Problem]):
    kind = None
    for number, problem in enumerate(problems, 1):
        yield number, problem, problem.kind != kind
        kind = problem.kind


def name_and_date(flow: Flow) -> None:
    """'Name ______  Date ____' across the column, to write on."""
    flow.ensure(12.0)
    y = flow.y + 8.0
    x, right = flow.x, flow.x + flow.column_width
    date_x = x + flow.column_width * 0.68
    for label, start, end in ((_("Name"), x, date_x - 6.0), (_("Date"), date_x, right)):
        flow.scene.add(Text(start, y, label, LABEL, anchor="start", font="Helvetica-Bold"), "text")
        line_start = start + text_width(label, "Helvetica-Bold", LABEL) + 2.0
        flow.scene.add(Polygon(((line_start, y + 0.8), (end, y + 0.8)), WRITING_LINE, closed=False), "text")
    flow.y = y + 6.0


def working_space(flow: Flow, space: float) -> None:
    """Blank room under a problem, closed by a faint dotted line."""
    y = min(flow.y + space, flow.page_height - flow.margin)
    flow.scene.add(Polygon(((flow.x, y), (flow.x + flow.column_width, y)), SPACE_LINE, closed=False), "text")
    flow.y = y + 2.0


def worksheet_pages(problems: list[Problem], width: float, height: float, seed: int, margin: float = 15.0,
                    modulus: int | None = None) -> tuple[list[Scene], list[Scene]]:
    """The problem pages and the answer pages, each a list of page scenes; `seed` numbers the problem set (the
    same number always gives the same problems), `modulus` is the set's usual modulus. Each problem gets as
    much room to work in as WORKING_SPACES allows without adding a page."""
    check_room(width, height, margin, A6_TEXT, "the worksheet")
    heading = (_("Practice problems, modulus {modulus}").format(modulus=modulus) if modulus
               else _("Practice problems"))
    least = len(_problem_pages(problems, width, height, seed, margin, heading, WORKING_SPACES[-1]))
    sheet = next(pages for space in WORKING_SPACES
                 if len(pages := _problem_pages(problems, width, height, seed, margin, heading, space)) <= least)
    answers = Flow(width, height, margin=margin)
    answers.heading(_("Answers to problem set {number}").format(number=seed), size=15 * PT)
    if modulus:
        answers.paragraph(heading, size=9 * PT)
    for number, problem, first_of_kind in _grouped(problems):
        if first_of_kind:
            answers.heading(_(TITLES[problem.kind]), size=11 * PT)
        answers.paragraph(f"{number}.   {problem.text()}", size=9 * PT, font="Courier")
        answers.paragraph(problem.answer_text(), size=9 * PT, font="Courier-Bold", indent=8.0)
    return sheet, answers.pages


def _problem_pages(problems: list[Problem], width: float, height: float, seed: int, margin: float, heading: str,
                   space: float) -> list[Scene]:
    """The problem pages with `space` mm to work in under each problem."""
    sheet = Flow(width, height, margin=margin)
    sheet.heading(heading, size=15 * PT)
    sheet.paragraph(_("Problem set {number}: {count} problems").format(number=seed, count=len(problems)),
                    size=9 * PT)
    name_and_date(sheet)
    sheet.paragraph(_("Write the missing numbers on the blanks. Each line of numbers is a modular-linear "
                      "sequence: every term differs from the one before by the same step, modulo the modulus."))
    for number, problem, first_of_kind in _grouped(problems):
        if first_of_kind:
            sheet.ensure(11 * PT * 2 + 12 * PT * 1.3 + space + 3.0)  # a heading stays with a problem
            sheet.heading(_(TITLES[problem.kind]), size=11 * PT)
        sheet.ensure(12 * PT * 1.3 + space + 3.0)
        sheet.paragraph(f"{number}.   {problem.text()}", size=12 * PT, font="Courier")
        working_space(sheet, space)
    return sheet.pages
