"""The rules summary and reference card: the rule, a turn, scoring (table 2A), MSA, all sequences, variations."""

from __future__ import annotations

from dataclasses import dataclass

from modlinseq_print.kit import reference_text as words
from modlinseq_print.printables.flow import PT, Flow
from modlinseq_print.render.scene import Scene


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
    rows = [["length", "points", "length", "points"]]
    for n in range(1, half + 1):
        rows.append([str(n), str(words.points(n)), str(n + half), str(words.points(n + half))])
    return rows


def reference_pages(spec: ReferenceSpec, width: float, height: float, margin: float = 12.0) -> list[Scene]:
    """The reference card as pages of the given size (mm)."""
    flow = Flow(width, height, margin=margin, columns=2, gutter=8.0)
    flow.heading(f"{spec.title}: rules and reference, modulus {spec.modulus}", size=15 * PT)
    flow.heading("The modular-linear rule", size=11 * PT)
    flow.paragraph(words.RULE)
    flow.heading("A turn", size=11 * PT)
    flow.bullets(words.TURN)
    flow.heading("Scoring", size=11 * PT)
    flow.paragraph("A sequence of n tiles scores (n - 1)(n - 2) / 2 points:")
    flow.table(scoring_rows(), widths=[16, 16, 16, 16])
    _variations(flow, spec)
    flow.heading("MSA notation", size=11 * PT)
    flow.paragraph(words.MSA.format(m=spec.modulus, s="{s}", a="{a}"))
    flow.heading("Filling gaps", size=11 * PT)
    flow.paragraph(words.GAPS)
    flow.heading(f"Every sequence of modulus {spec.modulus}", size=11 * PT)
    rows = [["MSA", "one period", "period"]] + [[msa, values, str(period)]
                                               for msa, values, period in words.sequence_table(spec.modulus)]
    flow.table(rows, size=7 * PT, widths=_sequence_widths(flow.column_width))
    return flow.pages


def _variations(flow: Flow, spec: ReferenceSpec) -> None:
    """The paragraphs for the variations this kit uses."""
    flow.heading("This kit's variations", size=11 * PT)
    flow.paragraph(words.WRAP[spec.wrap])
    if words.PATTERN.get(spec.pattern):
        flow.paragraph(words.PATTERN[spec.pattern])
    if spec.wild:
        flow.paragraph(words.WILD)
    if spec.markers:
        flow.paragraph(words.MARKER)


def _sequence_widths(column: float) -> list[float]:
    """Column widths for the sequence table: name, values, period."""
    return [25.0, column - 25.0 - 11.0, 11.0]
