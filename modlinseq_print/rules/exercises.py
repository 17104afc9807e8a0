"""Practice problems as table 2F of the rules sets them (determine the modulus, extend both ends,
fill gaps of 1-4 tiles)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from modlinseq_print.inputs import parse_int
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.sequences import gap_fillings, is_modular_linear, progression
from modlinseq_print.wording import _

MODULUS_RANGE = range(5, 21)  # "determine the modulus" answers lie in this range
KINDS = ("modulus", "extend", "gap1", "gap2", "gap3", "gap4")
#: The most problems a worksheet holds, whoever asks: the worksheet and kit commands, a preset's
#: `[exercises] count`, the library and the studio (500 problems are about 40 pages).
MAX_EXERCISES = 500
TITLES = {
    "modulus": "Determine the modulus (between 5 and 20); each problem has exactly one answer",
    "extend": "Extend both ends by one tile",
    "gap1": "Fill the 1-tile gap (there may be several solutions, one, or none)",
    "gap2": "Fill the 2-tile gap",
    "gap3": "Fill the 3-tile gap",
    "gap4": "Fill the 4-tile gap",
}


@dataclass(frozen=True)
class Problem:
    """One exercise: its kind, the terms shown (None for a blank), the modulus (None when asked for)."""

    kind: str
    terms: tuple[int | None, ...]
    modulus: int | None
    answers: tuple[tuple[int, ...], ...]  # each full solution: the modulus alone, or the filled sequence

    def text(self) -> str:
        """The problem as printed: `7 ~ _ ~ _ ~ 6 (mod 10)`."""
        shown = " ~ ".join("_" if t is None else str(t) for t in self.terms)
        return shown if self.modulus is None else f"{shown}   (mod {self.modulus})"

    def answer_text(self) -> str:
        """The answers as printed."""
        if not self.answers:
            return _("no solution")
        if self.kind == "modulus":
            return _("modulus {modulus}").format(modulus=self.answers[0][0])
        return ";   ".join(" ~ ".join(map(str, a)) for a in self.answers)


def solve(terms: tuple[int | None, ...], modulus: int) -> list[tuple[int, ...]]:
    """Every full sequence the rules engine allows for a line with blanks: gaps between two known ends,
    or known middle terms extended at both ends."""
    if terms[0] is not None and terms[-1] is not None and all(t is None for t in terms[1:-1]):
        return sorted(tuple([terms[0], *gap, terms[-1]])
                      for gap in gap_fillings(terms[0], terms[-1], len(terms) - 2, modulus))
    known = [(i, v) for i, v in enumerate(terms) if v is not None]
    (i0, v0), (i1, v1) = known[0], known[1]
    step = (v1 - v0) * pow(i1 - i0, -1, modulus) % modulus if i1 - i0 == 1 else None
    if step is None or not is_modular_linear(terms, modulus):
        raise ValueError(f"no unique extension for {terms} mod {modulus}")
    values = tuple(progression(v0 - i0 * step, step, len(terms), modulus))
    return [values] if is_modular_linear(values, modulus) else []


def _progression(rng: random.Random, modulus: int, length: int) -> list[int]:
    start, step = rng.randrange(modulus), rng.randrange(1, modulus)
    return [(start + i * step) % modulus for i in range(length)]


def make_modulus_problem(rng: random.Random) -> Problem:
    """A sequence whose modulus, within MODULUS_RANGE, is the only one that makes it linear."""
    while True:
        modulus = rng.choice(MODULUS_RANGE)
        values = tuple(_progression(rng, modulus, rng.randint(5, 7)))
        fits = [m for m in MODULUS_RANGE if m > max(values) and is_modular_linear(values, m)]
        if fits == [modulus]:
            return Problem("modulus", values, None, ((modulus,),))


def make_extend_problem(rng: random.Random, modulus: int) -> Problem:
    """A line of three or four tiles with one blank at each end."""
    values = _progression(rng, modulus, rng.randint(5, 6))
    terms = (None, *values[1:-1], None)
    return Problem("extend", terms, modulus, tuple(solve(terms, modulus)))


def make_gap_problem(rng: random.Random, modulus: int, gap: int) -> Problem:
    """Two different known tiles with `gap` blanks between them, possibly with no solution at all."""
    first, last = rng.sample(range(modulus), 2)
    terms = (first, *([None] * gap), last)
    return Problem(f"gap{gap}", terms, modulus, tuple(solve(terms, modulus)))


def check_exercise_count(count: int, low: int = 0) -> int:
    """The count, if it is from `low` to MAX_EXERCISES; else one line naming the field (exercises) and the range."""
    if not low <= count <= MAX_EXERCISES:
        raise RulesError(f"bad count {count}: give {low} to {MAX_EXERCISES} problems", "exercises", MAX_EXERCISES)
    return count


def check_seed(seed: int, what: str = "the problem set number") -> int:
    """The worksheet's problem set number, if it is a whole number of at most inputs.MAX_DIGITS digits (as the
    command line reads it); else one line naming `what`. One rule wherever it comes from: option, preset or
    library."""
    return parse_int(seed, what, lambda message: RulesError(message, "seed"))


def make_worksheet(count: int, seed: int, modulus: int) -> list[Problem]:
    """`count` problems (at most MAX_EXERCISES) cycling through the six kinds, reproducible from `seed`."""
    check_exercise_count(count)
    check_seed(seed)
    rng = random.Random(seed)
    problems = []
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        m = rng.choice((modulus, rng.choice(range(6, 17))))
        if kind == "modulus":
            problems.append(make_modulus_problem(rng))
        elif kind == "extend":
            problems.append(make_extend_problem(rng, m))
        else:
            problems.append(make_gap_problem(rng, m, int(kind[-1])))
    return sorted(problems, key=lambda p: KINDS.index(p.kind))
