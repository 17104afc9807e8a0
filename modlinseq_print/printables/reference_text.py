"""The words of the reference card (the rule, MSA, gaps, every sequence) and of each kit variation."""

from __future__ import annotations

from math import gcd

from modlinseq_print.render.text_metrics import text_width, wrap_text
from modlinseq_print.rules.sequences import msa, progression
from modlinseq_print.wording import _

RULE = (
    "Wherever there is an unbroken straight line of tiles on the board, in any of the three "
    "directions, their numbers must form an arithmetic progression modulo the modulus: each "
    "tile differs from the one before it by the same step. Two tiles always form a legal "
    "sequence; a line may not bend."
)

MSA = (
    "A sequence is named M-S-A: M the modulus, S the step (a sequence read backwards has step M - S, "
    "so the step is written from 0 to M/2), and A the anchor: the value of any of its tiles reduced "
    "modulo gcd(S, M), with gcd(0, M) = M. The anchor tells apart the sequences that share a step."
)

GAPS = (
    "Filling a gap of k tiles between values x and y: the step s must satisfy (k + 1) s = y - x "
    "(mod m). With f = gcd(k + 1, m) there are f solutions when f divides y - x, and none "
    "otherwise; a prime modulus always gives exactly one."
)

NO_TABLE = (
    "Modulus {modulus} has {count} sequences of different numbers (and one of each number repeated): too many "
    "to list here. To go on along a line, add its step, the difference between two neighbouring tiles, to "
    "the last number, starting again from 0 past {modulus}."
)

WRAP = {
    "none": "Lines end at the edge of the board: a sequence cannot wrap around.",
    "lines": "Wrap-around (page 6, section 13-1): every straight line of the board closes on itself; "
             "a sequence leaving one edge continues at the opposite end of the same line, and may close into a loop.",
    "bounce": "Bounce (page 6, section 13-2): at a plain edge a sequence reflects back into the board in the "
              "other direction; along an edge it bends at a corner; into a corner it reflects back over itself, "
              "so a tile can count twice.",
    "tess": "Tess wrap (page 6, section 14): the board tiles the plane; a sequence leaving the board continues "
            "at the cell named on the red pseudocell it would enter. Pseudocells never hold tiles.",
}

PATTERN = {
    "none": None,
    "bonus": "Bonus cells (white, +): whoever first covers one adds 1 to the length of each sequence through it.",
    "bonus-malus": "Bonus (+) and malus (-) cells: whoever first covers a bonus cell adds 1 to the length of each "
                   "sequence through it; a malus cell subtracts 1. Rings alternate from the bonus centre outward.",
}

WILD = (
    "Wild tiles (#) stand for whatever number their player declares; the value never changes. For "
    "beginners, a wild tile must join a sequence holding two adjacent natural tiles, which fixes its "
    "value. Wild tiles do not count in a sequence's length."
)

MARKER = (
    "Modulus markers: put the marker of the agreed modulus on A0 before the first turn; it counts as 0 "
    "(transcribed 0A0) for every sequence through it."
)


def msa_text(modulus: int) -> str:
    """The MSA paragraph with a worked example for this modulus."""
    step = next((s for s in range(2, modulus // 2 + 1) if gcd(s, modulus) > 1), min(3, modulus // 2) or 1)
    values = " ~ ".join(map(str, progression(1, step, 4, modulus)))
    example = _("For example, {values} has modulus {modulus} and step {step}: it is {name}.")
    return f"{_(MSA)} " + example.format(values=values, modulus=modulus, step=step, name=msa(modulus, step, 1))


def sequence_table(modulus: int) -> list[tuple[str, tuple[int, ...], int]]:
    """Every modular-linear sequence of a modulus as (MSA, one period of values, period), ordered as tables 2B
    and 2C order them: by period, longest first, then by step and anchor. The constant sequences (step 0,
    period 1) come last, folded into one row without values."""
    rows = []
    for step in range(1, modulus // 2 + 1):
        group = gcd(step, modulus)
        for anchor in range(group):
            rows.append((msa(modulus, step, anchor), tuple(progression(anchor, step, modulus // group, modulus)),
                         modulus // group))
    rows.sort(key=lambda row: -row[2])  # stable: steps and anchors stay in order within a period
    rows.append((f"M{modulus}-S0-A0 … A{modulus - 1}", (), 1))
    return rows


def period_lines(values: tuple[int, ...], width: float, font: str, size: float) -> tuple[str, ...]:
    """One period of a sequence as table 2B writes it, `… 0 ~ 3 ~ 6 …`, broken after a `~` into lines no
    wider than `width` mm (the constant sequences: their one-line description)."""
    if not values:  # wrapped at its spaces on narrow paper
        return tuple(wrap_text(_("… a ~ a ~ a … (each value repeated)"), width, font, size))
    terms = [str(v) for v in values]
    lines, line = [], "…"
    for i, term in enumerate(terms):
        piece = f"{term} …" if i == len(terms) - 1 else f"{term} ~"
        candidate = f"{line} {piece}"
        if line != "…" and text_width(candidate, font, size) > width:
            lines.append(line)
            line = piece
        else:
            line = candidate
    return tuple(lines + [line])
