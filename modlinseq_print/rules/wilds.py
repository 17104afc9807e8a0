"""Wild tiles as linear congruences: the values each can take so that every line stays modular-linear.

A line of tiles is modular-linear when its terms are a + i*s modulo m. Its natural tiles fix the step to a
residue class (gcd and linear congruences, as `step_class` works it out), so each wild tile on the line is
an affine form in one unknown (the line's step), or in two (start and step) when the line holds no natural.
A wild tile on several lines equates their forms: the crossing lines become one system of linear
congruences, solved exactly by elimination (rules/congruences.py). Its solutions are a coset, so each wild
tile takes exactly the values of one residue class; nothing is tried value by value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Hashable, Iterable, Mapping

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.congruences import Coset, Form, solve
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.sequences import ALL, Residue, step_class, value_class


class WildPolicy(StrEnum):
    """The wild-tile policies of page 3, section 7-2, by the letters that files, transcripts and the command
    line use (a policy is its letter: it compares, prints and writes to JSON as one)."""

    A = "A"  # an open wild tile lies in a sequence with two adjacent naturals
    B = "B"  # ... with two naturals, on a prime modulus
    C = "C"  # every wild tile has exactly one value, by any means
    D = "D"  # every wild tile's value is declared when it is put down
    E = "E"  # values may stay ambiguous until settled

    @classmethod
    def parse(cls, given: str) -> WildPolicy:
        """The policy of a letter (or a policy), the one reading of them; RulesError for any other text."""
        try:
            return cls(given)
        except ValueError:
            raise RulesError(f"unknown wild-tile policy {excerpt(str(given))}: "
                             f"use one of {', '.join(WILD_POLICIES)}") from None

    @property
    def declares(self) -> bool:
        """True when a wild tile's value is written down as it is put down (D)."""
        return self is WildPolicy.D

    @property
    def unique(self) -> bool:
        """True when every open wild tile must have exactly one value (C)."""
        return self is WildPolicy.C

    @property
    def supported(self) -> bool:
        """True when an open wild tile must lie in a sequence with two naturals (A: adjacent ones; B)."""
        return self is WildPolicy.A or self is WildPolicy.B

    @property
    def adjacent(self) -> bool:
        """True when a wild tile's two naturals must be adjacent to each other (A)."""
        return self is WildPolicy.A

    @property
    def support(self) -> str:
        """What a sequence through an open wild tile must hold, in words ('' when nothing)."""
        return "two adjacent naturals" if self.adjacent else "two naturals" if self.supported else ""

    @property
    def prime_only(self) -> bool:
        """True when the policy needs a prime modulus (B)."""
        return self is WildPolicy.B


#: The policies' letters, for the command line's and the studio's choices.
WILD_POLICIES = tuple(policy.value for policy in WildPolicy)
#: The most wild tiles a position may hold: 1,000 in one cluster are judged in about a second, any modulus.
MAX_WILD_TILES = 1_000


@dataclass(frozen=True)
class Constraint:
    """One chain as a constraint: its known values (None where a variable sits) and where each variable sits."""

    values: tuple[int | None, ...]
    slots: tuple[tuple[Cell, tuple[int, ...]], ...]
    loop: bool

    @property
    def variables(self) -> list[Cell]:
        """The variable cells of this chain."""
        return [cell for cell, _ in self.slots]

    def satisfied(self, m: int) -> bool:
        """True when some step fits the known values with the variables free (a variable met twice agrees)."""
        tied = [positions for _, positions in self.slots if len(positions) > 1]
        return step_class(self.values, m, self.loop, tied) is not None


class _System:
    """Linear congruences built line by line: each variable cell's value as a form, and equations between forms."""

    def __init__(self, m: int, forms: Mapping[Cell, Form] | None = None, variables: int = 0):
        self.m = m
        self.forms: dict[Cell, Form] = dict(forms or {})
        self.equations: list[Form] = []
        self.variables = variables
        self.feasible = True

    def _fresh(self) -> int:
        self.variables += 1
        return self.variables - 1

    def add(self, constraint: Constraint) -> None:
        """The line's rule: every variable on it is start + position * step, the step in its residue class."""
        m = self.m
        steps = step_class(constraint.values, m, constraint.loop)
        if steps is None:
            self.feasible = False
            return
        known = next(((p, v) for p, v in enumerate(constraint.values) if v is not None), None)
        free_step = self._fresh() if steps.modulus % m else None  # the step is steps.rest + modulus * t
        start = self._fresh() if known is None else None
        p0, v0 = known if known is not None else (0, 0)
        for cell, positions in constraint.slots:
            for p in positions:
                terms = {} if start is None else {start: 1}
                if free_step is not None and (p - p0) * steps.modulus % m:
                    terms[free_step] = (p - p0) * steps.modulus % m
                form = Form(terms, (v0 + (p - p0) * steps.rest) % m)
                if cell in self.forms:
                    self.equations.append(self.forms[cell].minus(form))
                else:
                    self.forms[cell] = form

    def solve(self) -> Coset | None:
        """Every solution, or None when the lines contradict each other."""
        return solve(self.equations, self.variables, self.m) if self.feasible else None


def _groups(constraints: list[Constraint]) -> list[list[Constraint]]:
    """Constraints grouped by shared variables (connected components)."""
    parent: dict[Cell, Cell] = {}

    def find(x: Cell) -> Cell:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for c in constraints:
        cells = c.variables
        for other in cells[1:]:
            parent[find(other)] = find(cells[0])
        find(cells[0])
    groups: dict[Cell, list[Constraint]] = {}
    for c in constraints:
        groups.setdefault(find(c.variables[0]), []).append(c)
    return list(groups.values())


@dataclass(frozen=True)
class _Solved:
    """A wild tile's value over its group's solutions: rest + sum(gens[j] * u_j), u free; group numbers it."""

    group: int
    rest: int
    gens: tuple[int, ...]


class WildSolution:
    """The open wild tiles of a position solved group by group: their values, and the values of an empty cell."""

    def __init__(self, constraints: Iterable[Constraint], wild_cells: Iterable[Cell], m: int):
        self.m = m
        self.values: dict[Cell, Residue | None] = {cell: ALL for cell in wild_cells}
        self._solved: dict[Cell, _Solved | None] = {}
        for number, group in enumerate(_groups([c for c in constraints if c.slots])):
            system = _System(m)
            for constraint in group:
                system.add(constraint)
            coset = system.solve()
            for cell in {cell for constraint in group for cell in constraint.variables}:
                if coset is None:
                    self.values[cell], self._solved[cell] = None, None
                else:
                    self.values[cell] = coset.values(system.forms[cell])
                    self._solved[cell] = _Solved(number, *coset.expand(system.forms[cell]))

    def allowed(self, through: list[Constraint], cell: Cell) -> Residue | None:
        """The values an empty cell can take, given the lines `through` it would lie on and these wild tiles."""
        settled = self.settle(through, {}, [cell])
        return None if settled is None else settled[cell]

    def settle(self, lines: list[Constraint], fixed: Mapping[Cell, int],
               wanted: Iterable[Cell]) -> dict[Cell, Residue] | None:
        """After a turn: the values of the `wanted` unknown cells of `lines` (the lines the turn made or changed)
        with these wild tiles, those in `fixed` now natural tiles of the values given; None if none fits.

        Wild tiles of one value are written in as numbers; when every line then holds one unknown cell at
        most, each cell's values are those its lines allow (value_class), with no system to solve."""
        forms: dict[Cell, Form] = {}
        constants: dict[Cell, int] = {}
        offsets: dict[int, int] = {}
        width = 0
        equations = []
        cells = {c for constraint in lines for c in constraint.variables} | set(fixed)
        for wild in sorted(cells):
            if wild not in self._solved:
                continue
            solved = self._solved[wild]
            if solved is None:
                return None  # the wild tile's own lines contradict each other
            if not any(solved.gens):
                if fixed.get(wild, solved.rest) != solved.rest:
                    return None
                constants[wild] = solved.rest
                continue
            if solved.group not in offsets:
                offsets[solved.group] = width
                width += len(solved.gens)
            form = Form({offsets[solved.group] + j: g for j, g in enumerate(solved.gens) if g}, solved.rest)
            if wild in fixed:
                equations.append(Form(form.terms, form.constant - fixed[wild]))
            else:
                forms[wild] = form
        lines = [_written_in(constraint, constants) for constraint in lines] if constants else lines
        if not forms and not equations and all(len(constraint.slots) <= 1 for constraint in lines):
            return _separate(lines, wanted, self.m)
        system = _System(self.m, forms, width)
        system.equations.extend(equations)
        for constraint in lines:
            system.add(constraint)
        coset = system.solve()
        if coset is None:
            return None
        return {cell: coset.values(system.forms[cell]) if cell in system.forms else ALL for cell in wanted}

    def group(self, cell: Cell) -> Hashable | None:
        """What a wild tile's value hangs together with: its group of wild tiles (the tile itself when it is in
        no line yet), or None when its value is fixed."""
        if cell not in self._solved:
            return cell
        solved = self._solved[cell]
        return solved.group if solved is not None and any(solved.gens) else None

    def constant(self, cell: Cell) -> int | None:
        """The one value a solved wild tile stands for, or None when it has several, none, or is unknown."""
        solved = self._solved.get(cell)
        return solved.rest if solved is not None and not any(solved.gens) else None


def _written_in(constraint: Constraint, constants: Mapping[Cell, int]) -> Constraint:
    """The constraint with the wild tiles of one value written in as numbers."""
    if not any(cell in constants for cell in constraint.variables):
        return constraint
    values = list(constraint.values)
    slots = []
    for cell, positions in constraint.slots:
        if cell in constants:
            for p in positions:
                values[p] = constants[cell]
        else:
            slots.append((cell, positions))
    return Constraint(tuple(values), tuple(slots), constraint.loop)


def _separate(lines: list[Constraint], wanted: Iterable[Cell], m: int) -> dict[Cell, Residue] | None:
    """The values of unknown cells that share no line: what each of their lines allows (None if a line
    allows nothing)."""
    found: dict[Cell, Residue] = {}
    for constraint in lines:
        if not constraint.slots:
            if step_class(constraint.values, m, constraint.loop) is None:
                return None
            continue
        [(cell, positions)] = constraint.slots
        here = value_class(constraint.values, m, positions[0], constraint.loop, [positions])
        meet = None if here is None else found.get(cell, ALL).intersect(here)
        if meet is None:
            return None
        found[cell] = meet
    return {cell: found.get(cell, ALL) for cell in wanted}
