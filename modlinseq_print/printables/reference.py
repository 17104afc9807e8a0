"""The rules sheet and the teacher's reference: how to play (printables/rules_sheet.py), then the modulus's
mathematics (MSA notation, filling gaps and every sequence of the modulus), the table flowing over as many
pages as it needs (or, for a kit, only when it fits one page: else as an appendix of its own or not
at all). The players' own aids (turn cards, score pad) are in printables/player_aids.py."""

from __future__ import annotations

from math import gcd

from modlinseq_print.printables import reference_text as words
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.printables.rules_sheet import (BODY, HEAD, ReferenceSpec, columns_for, example_for,  # noqa: F401
                                                    scoring_rows, teach)
from modlinseq_print.render.paper import A6_TEXT, check_room
from modlinseq_print.render.scene import Scene
from modlinseq_print.rules.examples import ExampleGame
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.wording import _

TABLE = 8.0 * PT  # the sequence table


def reference_pages(spec: ReferenceSpec, width: float, height: float, margin: float = 12.0,
                    game: ExampleGame | None = None, teacher: bool = True, table: bool = True,
                    facts: str = "") -> list[Scene]:
    """The rules sheet, then (with `teacher`) the teacher's reference below its end, as pages of the given
    size (mm); `game` is the example game the sheet teaches with (by default the one example_for plays).
    Without `table`, the reference says how many sequences the modulus has instead of listing them. `facts`
    (players, age, playing time) stands under the title."""
    check_room(width, height, margin, A6_TEXT, "the rules and reference sheet")
    flow = Flow(width, height, margin=margin, columns=1)
    teach(flow, spec, game or example_for(spec), facts)
    if teacher:
        flow.set_columns(1, gap=4.0)
        card(flow, spec, table)
    return flow.pages


def teacher_pages(spec: ReferenceSpec, width: float, height: float, margin: float = 12.0,
                  table: bool = True) -> list[Scene]:
    """The teacher's reference alone, from the top of a page (a kit prints it under its box)."""
    flow = Flow(width, height, margin=margin, columns=1)
    card(flow, spec, table)
    return flow.pages


def table_fits_page(modulus: int, width: float, height: float, margin: float = 12.0) -> bool:
    """Whether the table of every sequence of the modulus fits one page of this size (it is laid out to see)."""
    flow = Flow(width, height, margin=margin, columns=1)
    sequences(flow, modulus)
    return len(flow.pages) == 1


def appendix_pages(modulus: int, width: float, height: float, margin: float = 12.0) -> list[Scene]:
    """The table of every sequence of the modulus on pages of its own (a kit's appendix)."""
    flow = Flow(width, height, margin=margin, columns=1)
    sequences(flow, modulus)
    return flow.pages


def sequence_count(modulus: int) -> int:
    """How many sequences of two or more different values the modulus has (the rows of tables 2B and 2C, the
    constant sequences aside)."""
    return sum(gcd(step, modulus) for step in range(1, modulus // 2 + 1))


def card(flow: Flow, spec: ReferenceSpec, table: bool = True) -> None:
    """The teacher's reference: MSA notation and filling gaps side by side, then every sequence of the modulus
    (or, without `table`, a line on how to do without the table)."""
    title = _("Teacher's reference: the mathematics of modulus {modulus}").format(modulus=spec.modulus)
    msa, gaps = words.msa_text(spec.modulus), _(words.GAPS)
    columns = columns_for(flow)
    # the title, the two paragraphs (side by side in two columns, each at most twice as tall) and a few rows of
    # the table stay together: the reference starts on a new page rather than split under the rules
    paragraphs = max(flow.paragraph_height(msa, BODY), flow.paragraph_height(gaps, BODY)) * (2 if columns == 2 else 1)
    flow.ensure(15 * PT * 1.7 + 2 * HEAD * 1.7 + paragraphs + 6 * TABLE * 1.45)
    flow.heading(title, size=15 * PT)
    flow.set_columns(columns, gap=0.0)
    flow.heading(_("MSA notation"), size=HEAD)
    flow.paragraph(msa, size=BODY)
    if flow.columns == 2:
        flow.next_column()
    flow.heading(_("Filling gaps"), size=HEAD)
    flow.paragraph(gaps, size=BODY)
    flow.set_columns(1)
    if table:
        sequences(flow, spec.modulus)
    else:
        flow.heading(_("Every sequence of modulus {modulus}").format(modulus=spec.modulus), size=HEAD)
        flow.paragraph(_(words.NO_TABLE).format(modulus=spec.modulus, count=sequence_count(spec.modulus)),
                       size=BODY)


def sequences(flow: Flow, modulus: int) -> None:
    """Every sequence as tables 2B and 2C list them: one period per row, wrapped onto further lines when
    long, the period given once for each group; groups of short rows in two columns side by side. The table
    goes on under a 'continued' heading."""
    head = [_("MSA"), _("one period of the sequence"), _("period")]
    table = words.sequence_table(modulus)
    msa_width = max([text_width(msa, "Helvetica", TABLE) for msa, _values, _period in table] +
                    [text_width(head[0], "Helvetica-Bold", TABLE)]) + 3.0
    period_width = max(12.0, text_width(head[2], "Helvetica-Bold", TABLE) + 3.0)
    half = (flow.column_width - flow.gutter) / 2
    title = _("Every sequence of modulus {modulus} (as tables 2B and 2C of the rules)").format(modulus=modulus)
    flow.ensure(HEAD * 2 + min(len(table), 6) * TABLE * 1.45)
    flow.heading(title, size=HEAD)
    continued = _("Every sequence of modulus {modulus} (continued)").format(modulus=modulus)
    least = text_width(head[1], "Helvetica-Bold", TABLE) + 2.5  # the values column holds its heading
    for rows, columns in _segments(table, msa_width, period_width, flow.column_width, half, least):
        width = flow.column_width if columns == 1 else half
        widths = [msa_width, width - msa_width - period_width, period_width]
        if columns == 1:
            flow.table([head] + rows, widths=widths, size=TABLE, continued=continued, heading_size=HEAD)
        else:
            _side_by_side(flow, head, rows, widths, continued)


def _segments(table, msa_width: float, period_width: float, full: float, half: float, least: float):
    """The table's rows in runs for one column or two: a group of one period goes in two columns when every
    row of it fits half the width on one line. Each row is [MSA, its lines, the period on a group's first row]."""
    segments: list[tuple[list[list], int]] = []
    for period in dict.fromkeys(p for _msa, _values, p in table):
        group = [(msa, values) for msa, values, p in table if p == period]
        narrow = half - msa_width - period_width - 1.5
        columns = 2 if len(group) > 3 and narrow >= least and all(
            len(words.period_lines(v, narrow, "Helvetica", TABLE)) == 1 for _m, v in group) else 1
        wide = (narrow if columns == 2 else full - msa_width - period_width - 1.5)
        rows = [[msa, words.period_lines(values, wide, "Helvetica", TABLE), str(period) if i == 0 else ""]
                for i, (msa, values) in enumerate(group)]
        if segments and segments[-1][1] == columns:  # one table for neighbouring groups set alike
            segments[-1][0].extend(rows)
        else:
            segments.append((rows, columns))
    return segments


def _side_by_side(flow: Flow, head: list[str], rows: list[list], widths: list[float], continued: str) -> None:
    """Rows of one line each in two columns, balanced on each page, the header over both columns."""
    leading = TABLE * 1.45
    while rows:
        fit = int((flow.page_height - flow.margin - flow.y) // leading) - 1
        if fit < 3:
            flow.next_column()
            flow.heading(continued, size=HEAD)
            continue
        take = min(len(rows), 2 * fit)
        left = -(-take // 2)
        flow.set_columns(2, gap=0.0)
        flow.table([head] + rows[:left], widths=widths, size=TABLE)
        flow.next_column()
        flow.table([head] + rows[left:take], widths=widths, size=TABLE)
        flow.set_columns(1, gap=0.0)
        rows = rows[take:]
        if rows:
            flow.next_column()
            flow.heading(continued, size=HEAD)
