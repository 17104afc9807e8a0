"""The rules summary and reference card: the rule, a turn, scoring (table 2A), MSA, all sequences, variations."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.printables import reference_text as words
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.render.scene import Scene
from modlinseq_print.render.text_metrics import text_width, wrap_text
from modlinseq_print.rules.sequences import points
from modlinseq_print.wording import _

HEAD = 10.5 * PT  # section headings
BODY = 8.5 * PT  # body text and tables


@dataclass(frozen=True)
class ReferenceSpec:
    """What the card describes: the modulus and the variation in use."""

    modulus: int
    wrap: str = "none"
    pattern: str = "none"
    wild: int = 0
    markers: bool = True
    title: str = "MODLINSEQ"


def scoring_rows(longest: int = 12) -> list[list[str]]:
    """Table 2A as rows: length and points, in two column pairs."""
    half = (longest + 1) // 2
    rows = [[_("length"), _("points"), _("length"), _("points")]]
    for n in range(1, half + 1):
        rows.append([str(n), str(points(n)), str(n + half), str(points(n + half))])
    return rows


def reference_pages(spec: ReferenceSpec, width: float, height: float, margin: float = 12.0) -> list[Scene]:
    """The reference card as pages of the given size (mm): rules in two columns, then every sequence."""
    flow = Flow(width, height, margin=margin, columns=1)
    flow.heading(_("{title}: rules and reference, modulus {modulus}").format(title=spec.title, modulus=spec.modulus),
                 size=15 * PT)
    flow.set_columns(2, gap=0.0)
    flow.heading(_("The modular-linear rule"), size=HEAD)
    flow.paragraph(_(words.RULE), size=BODY)
    flow.heading(_("A turn"), size=HEAD)
    flow.bullets([_(step) for step in words.TURN], size=BODY)
    flow.heading(_("Scoring"), size=HEAD)
    flow.paragraph(_("A sequence of n tiles scores (n - 1)(n - 2) / 2 points:"), size=BODY)
    flow.table(scoring_rows(), widths=[16, 16, 16, 16], size=BODY)
    flow.next_column()
    _variations(flow, spec)
    flow.heading(_("MSA notation"), size=HEAD)
    flow.paragraph(words.msa_text(spec.modulus), size=BODY)
    flow.heading(_("Filling gaps"), size=HEAD)
    flow.paragraph(_(words.GAPS), size=BODY)
    flow.set_columns(1)
    heading = ["MSA", _("one period"), _("period")]
    widths = _sequence_widths(flow.column_width, heading[2])
    rows = [heading] + _sequence_rows(spec.modulus, widths[1] - 1.0)
    flow.ensure(HEAD * 2 + min(len(rows), 8) * BODY * 1.45)
    every = _("Every sequence of modulus {modulus} (as tables 2B and 2C of the rules)")
    flow.heading(every.format(modulus=spec.modulus), size=HEAD)
    flow.table(rows, size=BODY, widths=widths)
    return flow.pages


def _sequence_rows(modulus: int, values_width: float) -> list[list[str]]:
    """The rows of the sequence table; a period too long for its column goes on over the rows below it."""
    rows = []
    for msa, values, period in words.sequence_table(modulus):
        lines = wrap_text(values, values_width, "Helvetica", BODY)
        rows.append([msa, lines[0], str(period)])
        rows += [["", line, ""] for line in lines[1:]]
    return rows


def _variations(flow: Flow, spec: ReferenceSpec) -> None:
    """The paragraphs for the variations this kit uses."""
    flow.heading(_("This kit's variations"), size=HEAD)
    flow.paragraph(_(words.WRAP[spec.wrap]), size=BODY)
    if words.PATTERN.get(spec.pattern):
        flow.paragraph(_(words.PATTERN[spec.pattern]), size=BODY)
    if spec.wild:
        flow.paragraph(_(words.WILD), size=BODY)
    if spec.markers:
        flow.paragraph(_(words.MARKER), size=BODY)


def _sequence_widths(column: float, period_heading: str) -> list[float]:
    """Column widths for the sequence table: name, values, period (at least 14 mm, wide enough for its
    heading in the kit's language)."""
    period = max(14.0, text_width(period_heading, "Helvetica-Bold", BODY) + 2.5)
    return [32.0, column - 32.0 - period, period]
