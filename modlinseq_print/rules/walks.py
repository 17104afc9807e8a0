"""The straight lines of a board as walks, and the stretches of a walk a turn can fill.

A walk follows one line under the wrap mode from edge to edge, or round and round when the line closes
(wrap `lines` and `tess`, and every line under the bounce, which may pass a cell twice). A turn's tiles lie
in one chain: a stretch of a walk whose empty cells the turn fills, with an empty cell (or the edge) on
either side, or the whole walk when it closes into a loop. Walking a line through occupied cells
(`walk_along`, `walk_both_ways`) is here too: rules/chains.py traces chains of tiles with it, and its Topology
keeps the board's walks (`Topology.walks`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Container

from modlinseq_print.geometry.hexgrid import Cell, in_reading_order

if TYPE_CHECKING:  # a Topology keeps its walks (Topology.walks): this module only names it
    from modlinseq_print.rules.chains import Topology


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
    """Every line of the board once (a line and its reverse are one), in reading order of where they start
    (traced afresh: `Topology.walks` keeps them)."""
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
    return walks


def walk_along(topo: Topology, occupied: Container[Cell], cell: Cell, direction: Cell | None,
               limit: int) -> tuple[list[Cell], list[Cell], bool]:
    """Walk from (cell, direction) while the next cell is occupied: cells, leaving directions, closed."""
    cells: list[Cell] = [cell]
    steps: list[Cell] = []
    current, d = cell, direction
    known, bounce = topo._next, topo.bounce is not None  # the next-cell table read here: a step per cell
    while d is not None and len(steps) <= limit:
        key = (current, d)
        nxt = known[key] if key in known else topo.next_cell(current, d)
        if nxt is None or nxt == current or nxt not in occupied:
            break
        steps.append(d)
        if bounce:
            d = topo.leave(nxt, d)
        if nxt == cell and d == direction:
            return cells, steps, True
        cells.append(nxt)
        current = nxt
    return cells, steps, False


def walk_both_ways(topo: Topology, occupied: Container[Cell], cell: Cell,
                   direction: Cell) -> tuple[list[Cell], list[Cell], bool]:
    """The whole run of occupied cells through the link leaving `cell` in `direction`, walked both ways from
    `cell`: cells in order, leaving directions, and whether it closes into a loop."""
    limit = 6 * len(topo.board.cells) + 6
    ahead, ahead_steps, closed = walk_along(topo, occupied, cell, direction, limit)
    if closed:
        return ahead, ahead_steps, True
    back, back_steps, _ = walk_along(topo, occupied, cell, topo.leave(cell, -direction), limit)
    return back[::-1] + ahead[1:], [-d for d in reversed(back_steps)] + ahead_steps, False


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
