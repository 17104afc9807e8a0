"""Wild tiles as a small constraint problem: the values each can take so that every line stays modular-linear."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.sequences import Residue, step_class, value_class

#: Page 3, section 7-2: A adjacent naturals, B two naturals (prime modulus), C unique by any means,
#: D declared values, E ambiguity allowed until settled.
WILD_POLICIES = ("A", "B", "C", "D", "E")
MAX_SEARCH_NODES = 200_000


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

    def _filled(self, assignment: Mapping[Cell, int], skip: Cell | None = None):
        values = list(self.values)
        tied = []
        for cell, positions in self.slots:
            if cell != skip and cell in assignment:
                for p in positions:
                    values[p] = assignment[cell]
            elif len(positions) > 1:
                tied.append(positions)
        return values, tied

    def allowed(self, cell: Cell, assignment: Mapping[Cell, int], m: int) -> Residue | None:
        """The values the variable `cell` can take given the other assigned variables."""
        values, tied = self._filled(assignment, skip=cell)
        return value_class(values, m, dict(self.slots)[cell][0], self.loop, tied)

    def satisfied(self, assignment: Mapping[Cell, int], m: int) -> bool:
        """True when some step fits the known values and the assigned variables (the rest free)."""
        values, tied = self._filled(assignment)
        return step_class(values, m, self.loop, tied) is not None


class _Search:
    """Backtracking with propagation over one connected group of variables."""

    def __init__(self, constraints: list[Constraint], m: int):
        self.constraints = constraints
        self.m = m
        self.by_variable: dict[Cell, list[Constraint]] = {}
        for c in constraints:
            for cell in c.variables:
                self.by_variable.setdefault(cell, []).append(c)
        self.nodes = 0

    def propagate(self, domains: dict[Cell, set[int]]) -> bool:
        """Narrow the domains to values each chain allows; False when one empties."""
        if any(not domains[cell] for cell in self.by_variable):
            return False
        queue = list(self.constraints)
        queued = {id(c) for c in queue}  # each chain waits at most once: the queue stays as short as the chain list
        while queue:
            constraint = queue.pop()
            queued.discard(id(constraint))
            fixed = {v: next(iter(d)) for v in constraint.variables if len(d := domains[v]) == 1}
            if len(fixed) == len(constraint.slots):
                if not constraint.satisfied(fixed, self.m):
                    return False
                continue
            for cell in constraint.variables:
                allowed = constraint.allowed(cell, {k: v for k, v in fixed.items() if k != cell}, self.m)
                narrowed = {x for x in domains[cell] if allowed is not None and x in allowed}
                if narrowed != domains[cell]:
                    if not narrowed:
                        return False
                    domains[cell] = narrowed
                    for other in self.by_variable[cell]:
                        if other is not constraint and id(other) not in queued:
                            queue.append(other)
                            queued.add(id(other))
                    if len(narrowed) == 1:
                        fixed[cell] = next(iter(narrowed))
        return True

    def solve(self, domains: dict[Cell, set[int]]) -> dict[Cell, int] | None:
        """One assignment satisfying every constraint, or None."""
        self.nodes += 1
        if self.nodes > MAX_SEARCH_NODES:
            return None
        domains = {k: set(v) for k, v in domains.items()}
        if not self.propagate(domains):
            return None
        open_cells = [c for c, d in domains.items() if len(d) > 1]
        if not open_cells:
            return {c: next(iter(d)) for c, d in domains.items()}
        cell = min(open_cells, key=lambda c: (len(domains[c]), c))
        for value in sorted(domains[cell]):
            found = self.solve({**domains, cell: {value}})
            if found is not None:
                return found
        return None


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


def solve_domains(constraints: Iterable[Constraint], domains: Mapping[Cell, Iterable[int]],
                  m: int, targets: Iterable[Cell] | None = None) -> dict[Cell, set[int]]:
    """Every value each variable takes in some assignment satisfying all constraints of its group.

    A group with no solution gives its variables empty sets. Variables in no constraint keep their domain.
    With `targets`, only those variables' values are searched for (the others get the values that the
    solutions found happen to use): one search per value of a target, not per value of every variable.
    """
    wanted = None if targets is None else set(targets)
    result = {cell: set(values) for cell, values in domains.items()}
    for group in _groups([c for c in constraints if c.slots]):
        search = _Search(group, m)
        cells = sorted(search.by_variable)
        start = {c: set(result[c]) for c in cells}
        if not search.propagate(start):
            result.update({c: set() for c in cells})
            continue
        supported: dict[Cell, set[int]] = {c: set() for c in cells}
        for cell in cells if wanted is None else [c for c in cells if c in wanted] or cells[:1]:
            for value in sorted(start[cell] - supported[cell]):
                found = search.solve({**start, cell: {value}})
                if found is not None:
                    for k, v in found.items():
                        supported[k].add(v)
            if not supported[cell]:
                break
        if any(not s for s in supported.values()):
            supported = {c: set() for c in cells}
        result.update(supported)
    return result
