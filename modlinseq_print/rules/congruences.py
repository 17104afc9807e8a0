"""Linear congruences: systems of linear equations modulo m, solved exactly by elimination, never by trial.

The solutions of such a system, when there are any, are one solution plus every combination of a few
generators (a coset of a submodule of (Z/m)^n), so each variable, and each linear form in them, takes
exactly the values of one residue class modulo a divisor of m. The modulus is split into prime powers
(the Chinese remainder theorem); modulo a prime power p^k, elimination picks a pivot of the lowest power
of p left, which divides every entry still to be eliminated, so no division ever fails. numpy does the
row operations (imported when a system is solved).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Mapping, Sequence

from modlinseq_print.rules.sequences import Residue


@dataclass(frozen=True)
class Form:
    """An affine form c + sum(coefficient * variable) modulo m: variables are numbered from 0."""

    terms: Mapping[int, int]
    constant: int = 0

    def minus(self, other: "Form") -> "Form":
        """This form less another."""
        terms = dict(self.terms)
        for var, coefficient in other.terms.items():
            terms[var] = terms.get(var, 0) - coefficient
        return Form(terms, self.constant - other.constant)


def prime_powers(m: int) -> list[tuple[int, int]]:
    """The prime powers of m as (p, k), smallest p first."""
    found, p = [], 2
    while p * p <= m:
        if m % p == 0:
            k = 0
            while m % p == 0:
                m //= p
                k += 1
            found.append((p, k))
        p += 1
    if m > 1:
        found.append((m, 1))
    return found


@dataclass(frozen=True)
class Coset:
    """Every solution of a system: `base` plus any combination of the generators, modulo m.

    `generators[v]` lists variable v's entry in each generator (one tuple per variable, all of one length).
    """

    modulus: int
    base: tuple[int, ...]
    generators: tuple[tuple[int, ...], ...]

    def expand(self, form: Form) -> tuple[int, tuple[int, ...]]:
        """A form over the solutions: its value at `base` and its coefficient on each generator."""
        m = self.modulus
        rest = (form.constant + sum(c * self.base[v] for v, c in form.terms.items())) % m
        gens = tuple(sum(c * self.generators[v][j] for v, c in form.terms.items()) % m for j in range(self.width))
        return rest, gens

    def values(self, form: Form) -> Residue:
        """The values a form takes over all the solutions: a residue class modulo a divisor of m."""
        rest, gens = self.expand(form)
        divisor = gcd(self.modulus, *gens)
        return Residue(rest % divisor, divisor)

    @property
    def width(self) -> int:
        """How many generators there are."""
        return len(self.generators[0]) if self.generators else 0


def _local(matrix, rhs, p: int, k: int):
    """Solve modulo p^k: (base, generator columns) as numpy arrays, or None when there is no solution."""
    import numpy as np

    q = p ** k
    a, b = matrix % q, rhs % q
    rows_left = np.ones(a.shape[0], dtype=bool)
    cols_left = np.ones(a.shape[1], dtype=bool)
    pivots = []  # (row, column, level): in that row the column's coefficient is p^level
    for level in range(k):
        scale = p ** level
        # a row with no entry of exactly this power of p gets none by eliminating others: one pass suffices
        for i in range(a.shape[0]):
            if not rows_left[i]:
                continue
            hits = np.flatnonzero(cols_left & ((a[i] // scale) % p != 0))
            if not len(hits):
                continue
            j = int(hits[0])
            unit = pow(int(a[i, j]) // scale, -1, q)
            a[i] = a[i] * unit % q
            b[i] = b[i] * unit % q
            rows_left[i] = cols_left[j] = False
            below = np.flatnonzero(rows_left & (a[:, j] != 0))
            if len(below):
                factors = a[below, j] // scale
                a[below] = (a[below] - np.outer(factors, a[i])) % q
                b[below] = (b[below] - factors * b[i]) % q
            pivots.append((i, j, level))
    if b[rows_left].any() or any(int(b[i]) % p ** level for i, _, level in pivots):
        return None
    free = np.flatnonzero(cols_left)
    raised = [t for t, (_, _, level) in enumerate(pivots) if level]
    base = np.zeros(a.shape[1], dtype=np.int64)
    gens = np.zeros((a.shape[1], len(free) + len(raised)), dtype=np.int64)
    gens[free, np.arange(len(free))] = 1
    column = {t: len(free) + n for n, t in enumerate(raised)}
    for t in range(len(pivots) - 1, -1, -1):
        i, j, level = pivots[t]
        row = a[i] // p ** level
        row[j] = 0
        base[j] = (int(b[i]) // p ** level - int(row @ base)) % q
        gens[j] = (-(row @ gens)) % q
        if level:
            gens[j, column[t]] = p ** (k - level)
    return base, gens


def solve(equations: Sequence[Form], variables: int, m: int) -> Coset | None:
    """Every solution of the equations (each form = 0 modulo m) in `variables` unknowns, or None if none."""
    import numpy as np

    matrix = np.zeros((len(equations), variables), dtype=np.int64)
    rhs = np.zeros(len(equations), dtype=np.int64)
    for row, form in enumerate(equations):
        for var, coefficient in form.terms.items():
            matrix[row, var] = (matrix[row, var] + coefficient) % m
        rhs[row] = -form.constant % m
    base = np.zeros(variables, dtype=np.int64)
    blocks = []
    for p, k in prime_powers(m):
        q = p ** k
        solved = _local(matrix, rhs, p, k)
        if solved is None:
            return None
        lift = (m // q) * pow(m // q, -1, q) % m if q != m else 1  # 1 modulo q, 0 modulo the other powers
        base = (base + solved[0] * lift) % m
        blocks.append(solved[1] * lift % m)
    gens = np.concatenate(blocks, axis=1) if blocks else np.zeros((variables, 0), dtype=np.int64)
    gens = gens[:, gens.any(axis=0)] if gens.size else gens
    return Coset(m, tuple(int(x) for x in base), tuple(tuple(int(x) for x in row) for row in gens))

