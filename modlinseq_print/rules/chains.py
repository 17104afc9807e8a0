"""Straight lines of tiles: how lines run under each wrap mode, and the maximal unbroken chains of tiles.

A walk moves from cell to cell; its state is a cell and the direction it leaves that cell in. Wrap
modes `lines` and `tess` keep the direction and jump across the edge; `bounce` changes direction at
the edge. Every walk is reversible, so the chains of a position are found by tracing each link once.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from operator import itemgetter
from typing import Collection, Container, Iterable

from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import E, NE, SE, Cell, slope_of
from modlinseq_print.geometry.wrap import SQUARE_DIRECTIONS, check_wrap, step
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.bounce import Bounce
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.walks import Walk, board_walks, walk_both_ways

WRAP_MODES = ("none", "lines", "bounce", "tess")
_SQUARE_NAMES = {d: name for name, d in SQUARE_DIRECTIONS.items()}


def check_topology(board: Board, wrap: str | None = None, diagonals: bool = False) -> str:
    """The wrap mode (the board's default for None) if it and `diagonals` suit the board: the one check of
    `check`, `score`, `position` and the kit presets."""
    mode = board.default_wrap if wrap is None else wrap
    if mode not in WRAP_MODES:
        raise RulesError(f"unknown wrap mode {excerpt(mode)}: use one of {', '.join(WRAP_MODES)}")
    if diagonals and board.grid != "square":
        raise RulesError(f"diagonal lines are for square boards; {board.spec} is a hex board with three slopes")
    if mode == "bounce" and board.grid == "square":
        raise RulesError("wrap mode 'bounce' is for hexagonal boards; square boards wrap with 'lines' (a torus)")
    if mode != "bounce":
        check_wrap(board, mode)
    return mode


class Topology:
    """How straight lines run on a board under a wrap mode: directions, the next cell, bounces."""

    def __init__(self, board: Board, wrap: str | None = None, diagonals: bool = False):
        mode = check_topology(board, wrap, diagonals)
        self.bounce = Bounce(board) if mode == "bounce" else None
        self.board = board
        self.wrap = mode
        self.diagonals = diagonals
        if board.grid == "square":
            names = ("row", "column") + (("diagonal", "antidiagonal") if diagonals else ())
            self.forward = tuple(SQUARE_DIRECTIONS[n] for n in names)
        else:
            self.forward = (E, NE, SE)
        self.directions = self.forward + tuple(-d for d in self.forward)
        self._next: dict[tuple[Cell, Cell], Cell | None] = {}

    def next_cell(self, cell: Cell, direction: Cell) -> Cell | None:
        """The cell reached by leaving `cell` in `direction`, or None past an edge that does not wrap."""
        key = (cell, direction)
        try:
            return self._next[key]
        except KeyError:
            pass
        if self.bounce is not None:
            nxt = cell + direction if cell + direction in self.board.cells else None
        else:
            nxt = step(self.board, cell, direction, self.wrap)
        self._next[key] = nxt
        return nxt

    def leave(self, cell: Cell, arriving: Cell) -> Cell | None:
        """The direction a line leaves `cell` in after arriving in direction `arriving`."""
        if self.bounce is not None:
            return self.bounce.leave(cell, arriving)
        return arriving

    @cached_property
    def walks(self) -> list[Walk]:
        """Every line of the board once (rules/walks.py), traced when first asked for and kept with the topology
        (so shared by the positions on one board, and gone with it)."""
        return board_walks(self)

    def is_wrap_link(self, cell: Cell, direction: Cell) -> bool:
        """True when leaving `cell` in `direction` jumps across the edge of the board."""
        nxt = self.next_cell(cell, direction)
        return nxt is not None and nxt != cell + direction

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells one step away along every line through `cell` (wrapping or bouncing as the mode says)."""
        found = []
        for d in self.directions:
            nxt = self.next_cell(cell, d)
            if nxt is not None and nxt != cell and nxt not in found:
                found.append(nxt)
        return found

    def slope_name(self, direction: Cell) -> str:
        """The slope of a direction: zero/positive/negative on hex boards, row/column/... on squares."""
        if self.board.grid == "square":
            return _SQUARE_NAMES.get(direction) or _SQUARE_NAMES[-direction]
        return slope_of(direction)


def topology_of(board: Board, wrap: str | None = None, diagonals: bool = False) -> Topology:
    """The Topology of a board and wrap mode, made once and shared by the positions on that board object (its
    next-cell table and walks are caches: the positions of one game share them). It is kept on the board, so it
    goes when the board goes."""
    return board.derived(("topology", wrap, diagonals), lambda: Topology(board, wrap, diagonals))


@dataclass(frozen=True)
class Chain:
    """A maximal unbroken walk of two or more tiles: its cells in order (repeats where it bounces back
    over itself) and the direction of travel out of each cell (one per link)."""

    cells: tuple[Cell, ...]
    steps: tuple[Cell, ...]
    loop: bool
    wrap: bool
    bounce: bool

    def links(self) -> list[tuple[Cell, Cell]]:
        """Each (cell, direction) state of the walk, one per link."""
        return list(zip(self.cells, self.steps))


def _flags(topo: Topology, cells: list[Cell], steps: list[Cell], loop: bool) -> Chain:
    # only `lines` and `tess` jump an edge; a chain bounces where its steps are not all one direction
    wrap = topo.wrap in ("lines", "tess") and any(topo.is_wrap_link(c, d) for c, d in zip(cells, steps))
    bounce = bool(steps) and steps.count(steps[0]) != len(steps)
    return Chain(tuple(cells), tuple(steps), loop, wrap, bounce)


def _reverse(cells: list[Cell], steps: list[Cell], loop: bool) -> tuple[list[Cell], list[Cell]]:
    if loop:
        return [cells[0]] + cells[:0:-1], [-d for d in reversed(steps)]
    return cells[::-1], [-d for d in reversed(steps)]


_reading = itemgetter(1, 0)  # reading order, row then column: (r, q)


def _orient(topo: Topology, cells: list[Cell], steps: list[Cell], loop: bool) -> tuple[list[Cell], list[Cell]]:
    """The canonical orientation (and, for loops, starting cell) of a traced chain."""
    forward = topo.forward
    if not loop:  # this way or the reverse (whose first step is the last one's opposite), reversed only if so
        reverse = (-steps[-1] not in forward, _reading(cells[-1]))
        return (cells, steps) if (steps[0] not in forward, _reading(cells[0])) <= reverse else \
            _reverse(cells, steps, loop)
    candidates = [(cells, steps), _reverse(cells, steps, loop)]
    n = len(cells)

    def key(option: tuple[list[Cell], list[Cell], int]) -> tuple:
        cs, ds, i = option
        into_wrap = topo.is_wrap_link(cs[i - 1], ds[i - 1])
        return (not into_wrap, ds[i] not in forward, _reading(cs[i]), topo.directions.index(ds[i]))

    best = min(((cs, ds, i) for cs, ds in candidates for i in range(n)), key=key)
    cs, ds, i = best
    return cs[i:] + cs[:i], ds[i:] + ds[:i]


def trace(topo: Topology, occupied: Container[Cell], cell: Cell, direction: Cell) -> Chain:
    """The whole chain containing the link that leaves `cell` in `direction` (both ends occupied)."""
    cells, steps, closed = walk_both_ways(topo, occupied, cell, direction)
    cells, steps = _orient(topo, cells, steps, closed)
    return _flags(topo, cells, steps, closed)


def _mark(used: set, chain: Chain, topo: Topology) -> None:
    n = len(chain.cells)
    for i, (c, d) in enumerate(chain.links()):
        used.add((c, d))
        used.add((chain.cells[(i + 1) % n], -d))


def chains_from(topo: Topology, occupied: Container[Cell], starts: Iterable[Cell]) -> list[Chain]:
    """Every chain with a link out of one of the start cells, each once."""
    used: set[tuple[Cell, Cell]] = set()
    chains = []
    for cell in starts:
        for d in topo.directions:
            if (cell, d) in used:
                continue
            nxt = topo.next_cell(cell, d)
            if nxt is None or nxt == cell or nxt not in occupied:
                continue
            chain = trace(topo, occupied, cell, d)
            _mark(used, chain, topo)
            chains.append(chain)
    return chains


def all_chains(topo: Topology, occupied: Collection[Cell]) -> list[Chain]:
    """Every maximal chain of two or more tiles among the occupied cells (a set or a dict by cell)."""
    return chains_from(topo, occupied, sorted(occupied, key=_reading))


class _With:
    """The occupied cells plus one more."""

    def __init__(self, occupied: Container[Cell], extra: Cell):
        self.occupied, self.extra = occupied, extra

    def __contains__(self, cell: object) -> bool:
        return cell == self.extra or cell in self.occupied


def chains_through(topo: Topology, occupied: Container[Cell], cell: Cell) -> list[Chain]:
    """The chains that would pass through an empty cell if it held a tile."""
    return chains_from(topo, _With(occupied, cell), [cell])
