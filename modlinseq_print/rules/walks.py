"""The straight lines of a board as walks, and the stretches of a walk a turn can fill.

A walk follows one line under the wrap mode from edge to edge, or round and round when the line closes
(wrap `lines` and `tess`, and every line under the bounce, which may pass a cell twice). A turn's tiles lie
in one chain: a stretch of a walk whose empty cells the turn fills, with an empty cell (or the edge) on
either side, or the whole walk when it closes into a loop.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from modlinseq_print.geometry.hexgrid import Cell, in_reading_order
from modlinseq_print.rules.chains import Topology, walk_both_ways


@dataclass(frozen=True)
class Walk:
    """One line of the board: its cells in order (a cell may come twice under the bounce) and whether the last
    cell leads back to the first."""

    cells: tuple[Cell, ...]
    steps: tuple[Cell, ...]  # the direction leaving each cell (the last one only when the walk closes)
    closed: bool

    @cached_property
    def links(self) -> tuple[frozenset[Cell], ...]:
        """The directions of the walk's links out of each of its places (worked out once per walk)."""
        n, steps = len(self.cells), self.steps
        return tuple(frozenset(([steps[i]] if self.closed or i < n - 1 else []) +
                               ([-steps[i - 1]] if self.closed or i > 0 else [])) for i in range(n))


@dataclass(frozen=True)
class Stretch:
    """A run of a walk that a turn makes into one whole chain: its cells (repeats kept), the empty ones the
    turn fills (each once, in order) and whether it is the whole closed walk."""

    cells: tuple[Cell, ...]
    empty: tuple[Cell, ...]
    loop: bool


def board_walks(topo: Topology) -> list[Walk]:
    """Every line of the board once (a line and its reverse are one), in reading order of where they start."""
    cached = getattr(topo, "_walks", None)
    if cached is not None:
        return cached
    seen: set[tuple[Cell, Cell]] = set()
    walks = []
    for cell in in_reading_order(topo.board.cells):
        for d in topo.directions:
            if (cell, d) in seen:
                continue
            nxt = topo.next_cell(cell, d)
            if nxt is None or nxt == cell:
                continue
            walk = _trace(topo, cell, d, seen)
            walks.append(walk)
    topo._walks = walks  # type: ignore[attr-defined]
    return walks


class _EveryCell:
    """Every cell counts as occupied: a walk follows the board's links to the edge (or round a loop)."""

    def __contains__(self, cell: object) -> bool:
        return True


EVERY_CELL = _EveryCell()


def _trace(topo: Topology, cell: Cell, d: Cell, seen: set[tuple[Cell, Cell]]) -> Walk:
    """The whole walk through the link leaving `cell` in `d`, its links marked in `seen` (both ways)."""
    cells, steps, closed = walk_both_ways(topo, EVERY_CELL, cell, d)
    n = len(cells)
    for i, step in enumerate(steps):
        seen.add((cells[i], step))
        seen.add((cells[(i + 1) % n], -step))
    return Walk(tuple(cells), tuple(steps), closed)
