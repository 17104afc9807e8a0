"""The ways to fill stretches of a line from a hand, cell by cell, keeping the line modular-linear all along.

A turn's tiles fill every empty cell of one stretch of a walk (rules/walks.py): a run of cells with an empty
cell, or the edge, on either side. From each possible first cell the search extends the stretch one cell at
a time and tries the hand's values on each empty cell, so the stretches that share a beginning share the
work, and a beginning too far from the network to reach it with the hand is not explored. The terms must be
a + i*s modulo m: each value put down narrows the steps s still possible (a residue class, one linear
congruence against the first term known), so a value that breaks the line is dropped at once, and once two
terms are known the rest follow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable, Container, Iterable, Iterator, Mapping

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.position import Tile
from modlinseq_print.rules.sequences import Residue, solve_linear

#: The steps still possible: the first term known (position and value; None and 0 before any) and the steps'
#: residue class (rest, modulus).
Steps = tuple[int | None, int, int, int]
NONE_KNOWN: Steps = (None, 0, 0, 1)


@dataclass(frozen=True)
class TileSupply:
    """The tiles a filling may use, as the search reads a player's hand: natural values by count, wild tiles, the
    values each empty cell allows (None: blocked), the values a wild tile on the board may be swapped for (None:
    no hash swap), and whether wild tiles declare their value (policy D)."""

    counts: Counter
    wild: int
    allowed: Callable[[Cell], Residue | None]
    swaps: Callable[[Cell], Residue | None] | None
    declare: bool


@dataclass(frozen=True)
class FillingRules:
    """What every filling of one turn search keeps to, on whichever walk: the tiles on the board, the tiles the
    hand supplies, at most `most` of them put down, a stretch holding one of the `anchors` (any cell when None),
    and the step classes of progressions modulo m, memoised across walks."""

    tiles: Mapping[Cell, Tile]
    supply: TileSupply
    most: int
    anchors: Container[Cell] | None
    steps: Progressions


#: Whether to leave out the stretches grown from an origin: (first, last) of a run of tiles, (first, None) of
#: a stretch of new tiles.
Skip = Callable[[int, int | None], bool]
#: What the search calls with each filling found: where the stretch starts on the walk, its length, whether it
#: closes into a loop, the tiles put down, the cells swapped and how many wild tiles were put down.
Visit = Callable[[int, int, bool, dict[Cell, Tile], tuple[Cell, ...], int], None]


class Progressions:
    """The step classes of progressions modulo m, narrowed term by term (memoised: a game meets few)."""

    def __init__(self, m: int):
        self.m = m
        self.memo: dict[tuple[int, int, int, int], tuple[int, int] | None] = {}

    def meet(self, rest: int, modulus: int, distance: int, difference: int) -> tuple[int, int] | None:
        """The steps of (rest mod modulus) that also satisfy distance * s = difference (mod m)."""
        key = (rest, modulus, distance % self.m, difference % self.m)
        if key not in self.memo:
            solved = solve_linear(distance, difference, self.m)
            both = None if solved is None else Residue(rest, modulus).intersect(solved)
            self.memo[key] = None if both is None else (both.rest, both.modulus)
        return self.memo[key]

    def advance(self, steps: Steps, position: int, value: int | None) -> Steps | None:
        """The steps left once `value` (None: unknown) stands at `position`, or None when no step fits."""
        if value is None:
            return steps
        p0, v0, rest, modulus = steps
        if p0 is None:
            return position, value, rest, modulus
        met = self.meet(rest, modulus, position - p0, value - v0)
        return None if met is None else (p0, v0, *met)

    def again(self, steps: Steps, earlier: int, position: int) -> Steps | None:
        """The steps left when the line passes one tile a second time (the bounce): (position - earlier) s = 0."""
        p0, v0, rest, modulus = steps
        met = self.meet(rest, modulus, position - earlier, 0)
        return None if met is None else (p0, v0, *met)


class _Search:
    """The fillings of one walk: (start, length, loop, changes, cells swapped).

    A stretch holding tiles of the board grows from the first run of tiles it holds, rightwards over empty
    cells and further runs, then leftwards over empty cells only, so the run's known terms prune from the
    start and each stretch comes once; a stretch of new tiles only grows from its first cell."""

    def __init__(self, cells: tuple[Cell, ...], closed: bool, rules: FillingRules, visit: Visit, skip: Skip | None):
        self.skip, self.visit = skip, visit
        tiles, hand = rules.tiles, rules.supply
        self.cells, self.n, self.closed, self.tiles, self.hand = cells, len(cells), closed, tiles, hand
        self.most, self.anchors, self.steps, self.m = rules.most, rules.anchors, rules.steps, rules.steps.m
        self.counts = Counter(hand.counts)
        self.changes: dict[Cell, Tile] = {}
        self.swapped: list[Cell] = []
        self.seen: dict[Cell, int] = {}  # the stretch's cells so far: where each first stands
        self.placed = self.wilds = 0
        wild_tiles = {c for c in cells if c in tiles and tiles[c].wild}
        self.freed = len(wild_tiles) if hand.swaps is not None else 0  # wild tiles a hash swap may free
        self.choices: dict[Cell, list[int]] = {}
        self.naturals = [Tile(v) for v in range(self.m)]  # one tile object per value: tiles are immutable
        # each cell once: the cell past a stretch's right end (empty when the stretch began) stays out of it
        self.simple = len(set(cells)) == len(cells)

    def cell(self, index: int) -> Cell:
        return self.cells[index % self.n]

    def empty(self, index: int) -> bool:
        """True for an empty cell not in the stretch, or past an open walk's end (the edge)."""
        if not self.closed and not 0 <= index < self.n:
            return True
        cell = self.cells[index % self.n]
        return cell not in self.tiles and cell not in self.seen

    def run(self) -> None:
        if self.anchors is not None and not any(c in self.anchors for c in self.cells):
            return
        if self.closed:
            self._loop()
        n = self.n
        occupied = [c in self.tiles for c in self.cells]
        if all(occupied) and (self.closed or self.hand.swaps is None):
            return  # a full closed walk is the loop above; a full open one changes only by a hash swap
        for i in range(n):
            if occupied[i] and (not occupied[i - 1] or not self.closed and i == 0):
                last = i
                while occupied[(last + 1) % n] and (self.closed or last + 1 < n):
                    last += 1
                if self.skip is None or not self.skip(i, last):
                    self._from_run(i, last)
        self._new_lines()

    def _emit(self, start: int, length: int, loop: bool = False) -> None:
        """Visit the stretch of `length` cells from `start`, if it changes something and the hand covers its
        wild tiles."""
        if (self.changes or self.swapped) and self.wilds <= self.hand.wild + len(self.swapped):
            self.visit(start % self.n, length, loop, dict(self.changes), tuple(self.swapped), self.wilds)

    def _from_run(self, first: int, last: int, index: int | None = None, steps: Steps = NONE_KNOWN) -> None:
        """The stretches whose first tiles are the run first..last: over the run (swapping its wild tiles or
        not), then rightwards."""
        index = first if index is None else index
        if index > last:
            self._right(first, last + 1, steps, False)
            return
        for moved in self._step(self.cell(index), index - first, steps):
            self._from_run(first, last, index + 1, moved)

    def _new_lines(self) -> None:
        """The stretches of new tiles only, each grown from its first anchor: rightwards over empty cells,
        then leftwards over empty cells that are not anchors."""
        for first in range(self.n):
            cell = self.cell(first)
            if cell not in self.tiles and (self.anchors is None or cell in self.anchors) and self._open(
                    cell, 0, NONE_KNOWN) and (self.skip is None or not self.skip(first, None)):
                for moved in self._step(cell, 0, NONE_KNOWN):
                    self._right(first, first + 1, moved, True)

    def _right(self, first: int, index: int, steps: Steps, new: bool) -> None:
        """Grow rightwards from `index` (over runs of tiles too, unless the stretch is of new tiles only); at
        each possible right end, grow leftwards."""
        if self.empty(index):
            self._left(first, first - 1, index, steps, new)
        if index - first >= (self.n - 1 if self.closed else self.n - first) or not self.closed and index >= self.n:
            return
        cell = self.cell(index)
        if new and cell in self.tiles and cell not in self.seen or not self._open(cell, index - first, steps):
            return
        for moved in self._step(cell, index - first, steps):
            self._right(first, index + 1, moved, new)

    def _left(self, first: int, index: int, end: int, steps: Steps, new: bool) -> None:
        """Grow leftwards from `index` over empty cells: a tile there belongs to another run's stretches, and in
        a stretch of new tiles an anchor to those grown from it."""
        length = end - index - 1
        if (length > 1 or not new or not self.tiles) and self.empty(index) and (self.simple or self.empty(end)):
            self._emit(index + 1, length)
        if length >= (self.n - 1 if self.closed else self.n) or not self.closed and index < 0:
            return
        cell = self.cell(index)
        if cell not in self.seen and (cell in self.tiles or new and (self.anchors is None or cell in self.anchors)):
            return
        if self._open(cell, index - first, steps):
            for moved in self._step(cell, index - first, steps):
                self._left(first, index - 1, end, moved, new)

    def _loop(self) -> None:
        """The whole closed walk filled: a loop, whose step must bring it back to its first term."""
        empties = {c for c in self.cells if c not in self.tiles}
        if len(empties) > self.most or not (empties or self.hand.swaps):
            return
        closing = solve_linear(self.n, 0, self.m)
        if closing is not None:
            self._whole(0, (None, 0, closing.rest, closing.modulus))

    def _whole(self, index: int, steps: Steps) -> None:
        if index == self.n:
            self._emit(0, self.n, loop=True)
            return
        for moved in self._step(self.cell(index), index, steps):
            self._whole(index + 1, moved)

    def _step(self, cell: Cell, position: int, steps: Steps) -> Iterable[Steps]:
        """Each way the stretch can go on over `cell` at `position`: the steps left, with the changes made
        (and undone when the caller asks for the next way; callers take every way)."""
        if cell in self.seen:  # the bounce brings the line back over a cell of the stretch: one tile, one value
            tile = self.changes.get(cell) or self.tiles.get(cell)
            moved = self.steps.again(steps, self.seen[cell], position)
            moved = None if moved is None else self.steps.advance(moved, position, tile.known if tile else None)
            return () if moved is None else (moved,)
        if cell in self.tiles:
            return self._over(cell, position, steps)
        if self.placed < self.most and self.hand.allowed(cell) is not None:
            return self._fill(cell, position, steps)
        return ()

    def _open(self, cell: Cell, position: int, steps: Steps) -> bool:
        """False when an empty cell surely takes nothing here: blocked, the hand spent, or the one value the
        line needs not in hand (and no wild tile left); True otherwise (the search will tell)."""
        if cell in self.seen or cell in self.tiles:
            return True
        options = self.hand.allowed(cell)
        if options is None or self.placed >= self.most:
            return False
        if self.hand.wild + self.freed > self.wilds:
            return True
        p0, v0, rest, modulus = steps
        if p0 is None or modulus != self.m:
            return True
        forced = (v0 + (position - p0) * rest) % self.m
        return self.counts[forced] > 0 and forced in options

    def _over(self, cell: Cell, position: int, steps: Steps) -> Iterator[Steps]:
        """Past a tile on the board: kept, or (a wild tile, with the hash swap) swapped for a natural."""
        tile = self.tiles[cell]
        moved = self.steps.advance(steps, position, tile.known)
        self.seen[cell] = position
        if moved is not None:
            yield moved
        if not tile.wild or self.hand.swaps is None:
            del self.seen[cell]
            return
        options = self.hand.swaps(cell)
        for value in sorted(v for v, k in self.counts.items() if k > 0 and options is not None and v in options):
            moved = self.steps.advance(steps, position, value)
            if moved is not None:
                self.counts[value] -= 1
                self.changes[cell] = Tile(value)
                self.swapped.append(cell)
                yield moved
                self.swapped.pop()
                del self.changes[cell]
                self.counts[value] += 1
        del self.seen[cell]

    def _fill(self, cell: Cell, position: int, steps: Steps) -> Iterator[Steps]:
        """An empty cell: each natural of the hand its lines allow, then a wild tile."""
        options = self.hand.allowed(cell)
        assert options is not None  # a cell its lines block is never filled (an assert, not cast(): no call)
        if cell not in self.choices:
            self.choices[cell] = sorted(v for v in self.counts if v in options)
        counts = self.counts
        self.seen[cell] = position
        self.placed += 1
        p0, v0, rest, modulus = steps
        forced = None if p0 is None or modulus != self.m else (v0 + (position - p0) * rest) % self.m
        for value in self.choices[cell] if forced is None else (forced,) if forced in options else ():
            if counts[value] > 0:
                moved = self.steps.advance(steps, position, value)
                if moved is not None:
                    counts[value] -= 1
                    self.changes[cell] = self.naturals[value]
                    yield moved
                    counts[value] += 1
        if self.hand.wild + self.freed > self.wilds:
            self.wilds += 1
            for declared in (options.members(self.m) if self.hand.declare else [None]):
                moved = self.steps.advance(steps, position, declared)
                if moved is not None:
                    self.changes[cell] = Tile(None, declared)
                    yield moved
            self.wilds -= 1
        self.changes.pop(cell, None)
        self.placed -= 1
        del self.seen[cell]


def walk_fillings(cells: tuple[Cell, ...], closed: bool, rules: FillingRules, visit: Visit,
                  skip: Skip | None = None) -> None:
    """Visit every way to fill a stretch of a walk (its cells, closed or not) as the search's `rules` allow,
    keeping it modular-linear:
    visit(start on the walk, length, loop, changes, swapped, wild tiles put down), called as each is found (a
    call, not a generator: the search recurses a frame per cell, and a value passed up a chain of generators
    costs a step per frame). `skip(first, last)` leaves out the stretches grown from a run of tiles at
    first..last, `skip(first, None)` those of new tiles grown from the cell at first."""
    _Search(cells, closed, rules, visit, skip).run()
