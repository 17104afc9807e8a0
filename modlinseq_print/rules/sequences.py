"""Modular-linear sequences: residue classes of steps and values, the rule, MSA notation, points, gap filling."""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Iterable, Sequence

from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.errors import RulesError

MAX_MODULUS = 10_000


@dataclass(frozen=True)
class Residue:
    """The integers congruent to `rest` modulo `modulus`, a divisor of the game's modulus (1 means all)."""

    rest: int
    modulus: int

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and (value - self.rest) % self.modulus == 0

    def intersect(self, other: "Residue") -> "Residue | None":
        """The common members of two residue classes (a residue class), or None when there are none."""
        g = gcd(self.modulus, other.modulus)
        if (other.rest - self.rest) % g:
            return None
        lcm = self.modulus // g * other.modulus
        step = other.modulus // g
        k = 0 if step == 1 else (other.rest - self.rest) // g * pow(self.modulus // g, -1, step) % step
        return Residue((self.rest + self.modulus * k) % lcm, lcm)

    def members(self, m: int) -> list[int]:
        """The members from 0 to m - 1."""
        return list(range(self.rest % self.modulus, m, self.modulus))


ALL = Residue(0, 1)


def check_modulus(m: int) -> int:
    """Validate a modulus (2 to MAX_MODULUS) and return it."""
    if not isinstance(m, int) or not 2 <= m <= MAX_MODULUS:
        raise RulesError(f"bad modulus {excerpt(m)}: use a whole number from 2 to {MAX_MODULUS:,} "
                         "(the rules suggest 8 to 20)", "modulus", MAX_MODULUS)
    return m


def is_prime(m: int) -> bool:
    """True for prime numbers."""
    return m >= 2 and all(m % d for d in range(2, int(m ** 0.5) + 1))


def solve_linear(coefficient: int, target: int, m: int) -> Residue | None:
    """The steps s with coefficient * s = target (mod m), as a residue class, or None."""
    c, t = coefficient % m, target % m
    g = gcd(c, m)  # gcd(0, m) = m
    if t % g:
        return None
    n = m // g
    if n == 1:
        return ALL
    return Residue(t // g * pow(c // g, -1, n) % n, n)


def _meet(current: Residue | None, extra: Residue | None) -> Residue | None:
    if current is None or extra is None:
        return None
    return current.intersect(extra)


def step_class(values: Sequence[int | None], m: int, loop: bool = False,
               tied: Iterable[Sequence[int]] = ()) -> Residue | None:
    """The steps that make a sequence modular-linear, or None when none does.

    `values` holds a value or None (an unknown: a wild tile or an empty cell) per position; a loop
    also closes from its last position back to its first; each group in `tied` lists positions that
    hold one physical tile (a bounce passing it twice), so their values must agree.
    """
    steps: Residue | None = ALL
    known = [(p, v) for p, v in enumerate(values) if v is not None]
    if known:
        p0, v0 = known[0]
        for p, v in known[1:]:
            steps = _meet(steps, solve_linear(p - p0, v - v0, m))
    if loop:
        steps = _meet(steps, solve_linear(len(values), 0, m))
    for group in tied:
        for p in group[1:]:
            steps = _meet(steps, solve_linear(p - group[0], 0, m))
    return steps


def is_modular_linear(values: Sequence[int | None], m: int, loop: bool = False) -> bool:
    """True when some step makes the sequence an arithmetic progression modulo m (unknowns free)."""
    return step_class(values, m, loop) is not None


def value_class(values: Sequence[int | None], m: int, position: int, loop: bool = False,
                tied: Iterable[Sequence[int]] = ()) -> Residue | None:
    """The values an unknown at `position` can take in a modular-linear sequence, or None if none."""
    steps = step_class(values, m, loop, tied)
    if steps is None:
        return None
    known = [(p, v) for p, v in enumerate(values) if v is not None]
    if not known:
        return ALL
    p0, v0 = known[0]
    g = gcd((position - p0) * steps.modulus % m, m)
    return Residue((v0 + (position - p0) * steps.rest) % g, g)


def normal_step(step: int, m: int) -> int:
    """The step as MSA writes it, 0 <= S <= m/2 (reading the sequence backwards if needed)."""
    s = step % m
    return min(s, m - s)


def msa(m: int, step: int, value: int) -> str:
    """MSA notation M{m}-S{S}-A{anchor}; the anchor is any term modulo gcd(S, m)."""
    s = normal_step(step, m)
    return f"M{m}-S{s}-A{value % gcd(s, m)}"


def msa_options(values: Sequence[int | None], m: int, loop: bool = False,
                tied: Iterable[Sequence[int]] = (), limit: int | None = None) -> list[str]:
    """Every MSA notation a sequence can have (one when its step is fixed), in order of step; empty if it has
    no natural. With `limit`, only that many of the first (found without listing every step)."""
    steps = step_class(values, m, loop, tied)
    known = [v for v in values if v is not None]
    if steps is None or not known:
        return []
    members: Sequence[int] = range(steps.rest % steps.modulus, m, steps.modulus)
    if limit is not None and len(members) > 2 * limit:  # the smallest normal steps come from either end
        members = [*members[:limit], *members[-limit:]]
    options = sorted({msa(m, s, known[0]) for s in members}, key=_msa_key)
    return options if limit is None else options[:limit]


def known_msa(values: Sequence[int], m: int, loop: bool = False) -> str | None:
    """The MSA of a sequence of two or more values all known (no None), or None when it is not modular-linear:
    what msa_options(values, m, loop, limit=2) gives when it gives one, worked out without residue classes (a
    report of thousands of turns asks it of hundreds of lines). The first step fixes the step s modulo m; the
    sequence is modular-linear when each value is the first plus its place times s, and a loop closes
    (n * s = 0 modulo m)."""
    first = values[0]
    step = (values[1] - first) % m
    for place in range(2, len(values)):
        if (values[place] - first - place * step) % m:
            return None
    if loop and len(values) * step % m:
        return None
    return msa(m, step, first)


def _msa_key(text: str) -> tuple[int, ...]:
    return tuple(int(part[1:]) for part in text.split("-"))


def points(tiles: int) -> int:
    """Points of a sequence of n tiles (wild tiles excluded): (n-1)(n-2)/2, none below three."""
    return (tiles - 1) * (tiles - 2) // 2 if tiles >= 3 else 0


def progression(start: int, step: int, length: int, m: int) -> list[int]:
    """The terms start, start + step, ... modulo m."""
    return [(start + i * step) % m for i in range(length)]


def gap_solution_count(first: int, last: int, gap: int, m: int) -> int:
    """How many ways fill `gap` cells between two tiles (page 1, section 2-6): f = gcd(gap+1, m) if f | d, else 0."""
    f = gcd(gap + 1, m)
    d = (last - first) % m
    return f if d % f == 0 else 0


def gap_fillings(first: int, last: int, gap: int, m: int) -> list[list[int]]:
    """Every filling of `gap` cells between two tiles, as the values of the gap in order."""
    steps = solve_linear(gap + 1, last - first, m)
    if steps is None:
        return []
    return [progression(first + s, s, gap, m) for s in steps.members(m)]
