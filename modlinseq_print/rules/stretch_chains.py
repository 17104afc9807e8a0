"""The chains a turn touches when it fills a stretch of a line: the stretch's own chain and those crossing it.

They depend only on which cells the turn fills, not on the values, so they are worked out once per stretch:
the own chain by one trace along the walk, the crossing chains of each empty cell once per position (the
chains that cell would join alone), reused by every stretch through that cell unless another cell of the
stretch lies just past one of their ends, when all are traced afresh. Each chain comes with what judging
and scoring a turn needs, and the chains are listed in the order `analyse` lists them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from operator import itemgetter
from typing import Iterable, Iterator, Mapping

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.chains import Chain, Topology, chains_from, chains_through, trace
from modlinseq_print.rules.position import Tile
from modlinseq_print.rules.walks import Walk


@dataclass(frozen=True)
class Line:
    """A chain a stretch's turns may touch, with what judging and scoring them needs."""

    chain: Chain
    cells: frozenset[Cell]
    changing: tuple[tuple[Cell, int], ...]  # the stretch's cells that may change on it, and how often it passes each
    fixed: int  # natural tiles on it that no turn of the stretch changes (counted as often as it passes them)
    safe: bool  # needs no check: the stretch itself, or one empty cell of it and no wild tile (allowed() covers it)
    wild: bool  # holds an open wild tile
    order: tuple[int, int, int]  # where analyse lists it: its first cell in reading order, the direction found first


class _Filled(Mapping[Cell, Tile]):
    """The tiles with some empty cells taken (by a placeholder): which cells are occupied."""

    def __init__(self, tiles: Mapping[Cell, Tile], empty: set[Cell]):
        self.tiles, self.empty = tiles, empty

    def __getitem__(self, cell: Cell) -> Tile:
        return self.tiles[cell] if cell in self.tiles else Tile(0)

    def __contains__(self, cell: object) -> bool:
        return cell in self.empty or cell in self.tiles

    def __iter__(self) -> Iterator[Cell]:
        yield from self.tiles
        yield from self.empty

    def __len__(self) -> int:
        return len(self.tiles) + len(self.empty)


reading = itemgetter(1, 0)  # reading order, row then column: a cell's (r, q)


class StretchChains:
    """The chains touched by the turns of each stretch of a position's walks (cached per empty cell); with the
    hash swap, the wild tiles of a stretch may change too."""

    def __init__(self, topo: Topology, tiles: Mapping[Cell, Tile], hash_swap: bool):
        self.topo, self.tiles, self.hash_swap = topo, tiles, hash_swap
        self._through: dict[Cell, list[Chain]] = {}
        self._crossing: dict[Cell, list[tuple[Line, set[Cell], tuple[Cell, ...]]]] = {}
        self._near: dict[Cell, list[Cell]] = {}
        self._steps: dict[Cell, list[tuple[Cell, Cell | None]]] = {}

    def lines(self, walk: Walk, start: int, length: int, loop: bool,
              crossing: list[tuple[Cell, Line]] | None = None) -> list[Line]:
        """The lines a turn filling this stretch touches, in the order analyse lists them (`crossing`: the
        lines crossing it, when crossings() has already found them)."""
        n = len(walk.cells)
        cells = tuple(walk.cells[(start + k) % n] for k in range(length))
        empty = {c for c in cells if c not in self.tiles}
        changing = {c for c in cells if c not in self.tiles or self.hash_swap and self.tiles[c].wild}
        if changing - empty:  # wild tiles to swap: their own crossing chains too
            chains = chains_from(self.topo, _Filled(self.tiles, empty), sorted(changing, key=reading))
            return sorted((self._line(chain, changing, cells, loop) for chain in chains), key=_listed)
        found = crossing if crossing is not None else self.crossings(walk, start, length, empty)
        if found is None:
            chains = chains_from(self.topo, _Filled(self.tiles, empty), sorted(changing, key=reading))
            return sorted((self._line(chain, changing, cells, loop) for chain in chains), key=_listed)
        lines = [line for _, line in found]
        if length > 1:
            own = trace(self.topo, _Filled(self.tiles, empty), cells[0], walk.steps[start])
            lines.append(self._line(own, changing, cells, loop))
        return sorted(lines, key=_listed)

    def crossings(self, walk: Walk, start: int, length: int, empty: Iterable[Cell]) -> list[tuple[Cell, Line]] | None:
        """The lines crossing a stretch with no wild tile to swap, each with its empty cell, or None when one
        would run on into another cell of the stretch, or two of its cells lie side by side on another line
        (wrap and bounce do that): then every chain is traced afresh."""
        links = walk.links
        n = len(walk.cells)
        along: dict[Cell, frozenset[Cell]] = {}
        for k in range(length):
            i = (start + k) % n
            cell = walk.cells[i]
            along[cell] = along[cell] | links[i] if cell in along else links[i]
        empty = set(empty)
        found = []
        for cell in empty:
            for d, nxt in self.steps(cell):  # two new tiles side by side on another line: a chain of their own
                if nxt in empty and d not in along[cell]:
                    return None
            for line, crossed, beyond in self.crossing(cell):
                if crossed & along[cell]:
                    continue
                if empty.intersection(beyond):
                    return None
                found.append((cell, line))
        return found

    def steps(self, cell: Cell) -> list[tuple[Cell, Cell | None]]:
        """Each direction out of a cell with the cell it leads to (cached)."""
        found = self._steps.get(cell)
        if found is None:
            found = self._steps[cell] = [(d, self.topo.next_cell(cell, d)) for d in self.topo.directions]
        return found

    def through(self, cell: Cell) -> list[Chain]:
        """The chains an empty cell would join alone (traced once)."""
        if cell not in self._through:
            self._through[cell] = chains_through(self.topo, self.tiles, cell)
        return self._through[cell]

    def crossing(self, cell: Cell) -> list[tuple[Line, set[Cell], tuple[Cell, ...]]]:
        """The lines an empty cell would join alone: each with its links' directions at the cell and the
        cells just past its ends."""
        if cell not in self._crossing:
            self._crossing[cell] = [(self._line(chain, {cell}, (), False), _links_at(chain, cell), self._beyond(chain))
                                    for chain in self.through(cell)]
        return self._crossing[cell]

    def _line(self, chain: Chain, changing: set[Cell], cells: tuple[Cell, ...], loop: bool) -> Line:
        passes = Counter(chain.cells)
        mine = tuple((c, passes[c]) for c in passes if c in changing)
        fixed = sum(k for c, k in passes.items() if c not in changing and not self.tiles[c].wild)
        wild = any(self.tiles[c].known is None for c in passes if c in self.tiles)
        crossing = len(mine) == 1 and mine[0][0] not in self.tiles and not wild
        return Line(chain, frozenset(passes), mine, fixed, crossing or _same(chain, cells, loop), wild,
                    self._order(chain))

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The cells one step away along every line through a cell (cached)."""
        if cell not in self._near:
            self._near[cell] = self.topo.neighbours(cell)
        return self._near[cell]

    def _beyond(self, chain: Chain) -> tuple[Cell, ...]:
        if chain.loop:
            return ()
        found = []
        for end, step in ((chain.cells[-1], chain.steps[-1]), (chain.cells[0], -chain.steps[0])):
            direction = self.topo.leave(end, step)
            nxt = self.topo.next_cell(end, direction) if direction is not None else None
            if nxt is not None:
                found.append(nxt)
        return tuple(found)

    def _order(self, chain: Chain) -> tuple[int, int, int]:
        first = min(chain.cells, key=reading)
        return first.r, first.q, min(self.topo.directions.index(d) for d in _links_at(chain, first))


def _listed(line: Line) -> tuple[int, int, int]:
    return line.order


def _links_at(chain: Chain, cell: Cell) -> set[Cell]:
    """The directions of the chain's links out of a cell: at each place it passes the cell, the link leaving
    that place and the one arriving there (from the place before it, the last one's for a loop's first)."""
    cells, steps = chain.cells, chain.steps
    found = set()
    at = cells.index(cell)
    while True:
        if at < len(steps):
            found.add(steps[at])
        if (at - 1) % len(cells) < len(steps):
            found.add(-steps[(at - 1) % len(cells)])
        if cell not in cells[at + 1:]:
            return found
        at = cells.index(cell, at + 1)


def _same(chain: Chain, cells: tuple[Cell, ...], loop: bool) -> bool:
    """True when the chain is the stretch itself (either way round; a loop from any cell)."""
    if len(chain.cells) != len(cells):
        return False
    if not loop:
        return chain.cells in (cells, cells[::-1])
    doubled = cells + cells
    turned = chain.cells[::-1]
    n = len(cells)
    return any(doubled[i:i + n] in (chain.cells, turned) for i in range(n))
