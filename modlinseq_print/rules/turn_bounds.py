"""The most points a turn can score from each place the turn search starts on a walk, so a search for the
best turns only (the computer players') can leave out the places that cannot beat the best found so far.

On a board whose lines do not wrap, every turn fills a stretch of one straight walk, with an empty cell or
the edge at either end; the fillings search (rules/fillings.py) grows each stretch from one origin: the
first run of board tiles it holds, or, for a stretch of new tiles only, its first cell. A turn's points are
those of its own line (its tiles, wild tiles not counted, plus the bonus and malus marks of the cells it
fills) and of each line crossing one of its new tiles (the tiles already in that line, the new one, its
mark). The bound of an origin relaxes the rules, never tightens them:
- a run of tiles whose values fix the step needs given values beside it: each side is extended as far as
  the hand holds those values and the crossing lines allow them (a wild tile standing in, not counted),
  each side with the whole hand, at most a hand of new tiles in all;
- a stretch of new tiles is at most as long as the hand's longest modular-linear line, over cells where the
  crossing lines allow some tile of the hand;
- the values a cell allows come from its crossing lines alone (wild tiles in them left open), and every
  crossing line counts the new tile as a natural.
tests/rules/test_best_turns.py compares the best turns found with the whole search's.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Mapping

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.chains import Topology
from modlinseq_print.rules.walks import walk_along
from modlinseq_print.rules.turn_data import Hand
from modlinseq_print.rules.position import Tile
from modlinseq_print.rules.sequences import ALL, Residue, points, step_class, value_class

#: An origin of the fillings search on a walk: (first, last) for a run of tiles at those places, or
#: (first, None) for stretches of new tiles grown from the empty cell at `first`.
Origin = tuple[int, int | None]


#: What a new tile on an empty cell meets across a walk: the points the crossing lines give it (counted as a
#: natural) and the values they let it take (None: none; the cell takes nothing).
Crossing = tuple[int, Residue | None]


class TurnBounds:
    """The bounds of every origin on the walks of one position and hand (crossing lines traced once)."""

    def __init__(self, topo: Topology, tiles: Mapping[Cell, Tile], marks: Mapping[Cell, int], hand: Hand, m: int):
        self.topo, self.tiles, self.marks, self.m = topo, tiles, marks, m
        self.naturals, self.wild, self.size = Counter(hand.naturals), hand.wild, hand.size
        self.values = sorted(self.naturals)
        self.axes = [(d, -d) for d in topo.forward]
        self._lines: dict[tuple[Cell, int], Crossing] = {}
        self._crossings: dict[tuple[Cell, int], Crossing] = {}
        self._fit: dict[Residue, bool] = {}
        self.near = {n for c in tiles for n in topo.neighbours(c) if n not in tiles}
        self.longest, self.counted = longest_progression(self.naturals, self.wild, self.size, m)

    def walk(self, cells: tuple[Cell, ...], axis: Cell) -> dict[Origin, int]:
        """The bound of each origin on a straight open walk whose links run along `axis` (-1: no turn)."""
        skip = next(k for k, pair in enumerate(self.axes) if axis in pair)
        crossing = [None if c in self.tiles else self._crossing(c, skip) if c in self.near else (0, ALL)
                    for c in cells]
        occupied = [c in self.tiles for c in cells]
        bounds: dict[Origin, int] = {}
        n, i = len(cells), 0
        while i < n:
            j = i
            while j + 1 < n and occupied[j + 1] == occupied[i]:
                j += 1
            if occupied[i]:
                bounds[i, j] = self._run(cells, crossing, i, j)
            else:
                empty = self._empty(cells, crossing, i, j)
                for k in range(i, j + 1):
                    bounds[k, None] = empty
            i = j + 1
        return bounds

    def _crossing(self, cell: Cell, skip: int) -> Crossing:
        """The crossing lines at an empty cell, the walk's own axis (number `skip`) left out."""
        key = (cell, skip)
        if key not in self._crossings:
            allowed: Residue | None
            gain, allowed = 0, ALL
            for k in range(len(self.axes)):
                if k != skip:
                    line = self._line(cell, k)
                    gain += line[0]
                    allowed = None if allowed is None or line[1] is None else allowed.intersect(line[1])
            self._crossings[key] = gain, allowed
        return self._crossings[key]

    def _line(self, cell: Cell, k: int) -> Crossing:
        """The line along axis k through an empty cell: its points with a natural there, the values it allows."""
        key = (cell, k)
        if key not in self._lines:
            ahead, behind = (walk_along(self.topo, self.tiles, cell, way, len(self.tiles))[0][1:]
                             for way in self.axes[k])
            before, after = [self.tiles[c] for c in reversed(behind)], [self.tiles[c] for c in ahead]
            if not before and not after:
                self._lines[key] = (0, ALL)
            else:
                count = 1 + self.marks.get(cell, 0) + sum(1 for t in before + after if not t.wild)
                values = [t.known for t in before] + [None] + [t.known for t in after]
                self._lines[key] = (points(count), value_class(values, self.m, len(before)))
        return self._lines[key]

    def _fits(self, allowed: Residue | None) -> bool:
        """True when some natural of the hand may go where these values are allowed."""
        if allowed is None:
            return False
        fits = self._fit.get(allowed)
        if fits is None:
            fits = self._fit[allowed] = any(v in allowed for v in self.values)
        return fits

    def _empty(self, cells: tuple[Cell, ...], crossing: list, first: int, last: int) -> int:
        """Stretches of new tiles only (two or more) within the empty cells first..last: the best window as
        long as the hand's longest progression, over cells a tile of the hand may take."""
        best, k = -1, first
        if not any(c in self.near for c in cells[first:last + 1]):
            return best  # no cell beside the network: no turn starts here
        while k <= last:
            if not self._takes(crossing[k][1]):
                k += 1
                continue
            end = k
            while end + 1 <= last and self._takes(crossing[end + 1][1]):
                end += 1
            width = min(self.longest, end - k + 1)
            for start in range(k, end - width + 2) if width >= 2 else ():
                window = range(start, start + width)
                lift = sum(max(self.marks.get(cells[j], 0), 0) for j in window)
                natural = min(self.counted, sum(1 for j in window if self._fits(crossing[j][1])))
                best = max(best, points(natural + lift) + sum(crossing[j][0] for j in window))
            k = end + 1
        return best

    def _takes(self, allowed: Residue | None) -> bool:
        """True when some tile of the hand (a wild one included) may go where these values are allowed."""
        return allowed is not None and (self.wild > 0 or self._fits(allowed))

    def _run(self, cells: tuple[Cell, ...], crossing: list, first: int, last: int) -> int:
        """Stretches holding the run of tiles first..last: extended rightwards (over further runs) and
        leftwards, each side as far as the hand reaches, at most a hand of new tiles in all."""
        run = [self.tiles[c] for c in cells[first:last + 1]]
        base = sum(1 for t in run if not t.wild)
        values = [t.known for t in run]
        steps = step_class(values, self.m)
        known = next(((p, v) for p, v in enumerate(values) if v is not None), None)
        need = None
        if steps is not None and steps.modulus == self.m and known is not None:
            p0, v0, step = first + known[0], known[1], steps.rest
            need = lambda k: (v0 + (k - p0) * step) % self.m  # noqa: E731
        right = self._side(cells, crossing, range(last + 1, len(cells)), need, True)
        left = self._side(cells, crossing, range(first - 1, -1, -1), need, False)
        best = -1
        for rightwards, (r_count, r_gain) in enumerate(right):
            for leftwards, (l_count, l_gain) in enumerate(left[:self.size - rightwards + 1]):
                if rightwards or leftwards:
                    best = max(best, points(base + r_count + l_count) + r_gain + l_gain)
        return best

    def _side(self, cells: tuple[Cell, ...], crossing: list, places: range, need: Callable[[int], int] | None,
              join: bool) -> list[tuple[int, int]]:
        """Going one way from a run: for 0, 1, 2... new tiles, the tiles counted and the crossing points gained
        (passing further runs of tiles when `join`, as long as their values fit)."""
        naturals, wild, free = Counter(self.naturals), self.wild, sum(self.naturals.values())
        count = total = 0
        reached = [(0, 0)]
        for k in places:
            tile = self.tiles.get(cells[k])
            if tile is not None:
                if not join or need is not None and tile.known is not None and tile.known != need(k):
                    break
                count += 0 if tile.wild else 1
                reached[-1] = (count, total)
                continue
            gain, allowed = crossing[k]
            if len(reached) > self.size or allowed is None:
                break
            mark = self.marks.get(cells[k], 0)
            value = None if need is None else need(k)
            if value is not None and value in allowed and naturals[value] > 0:
                naturals[value] -= 1
                count += 1 + mark
            elif value is None and free > 0 and self._fits(allowed):
                free -= 1
                count += 1 + mark
            elif wild > 0 and (value is None or value in allowed):
                wild -= 1
                count += mark
            else:
                break
            total += gain
            reached.append((count, total))
        return reached


def longest_progression(naturals: Counter, wild: int, size: int, m: int) -> tuple[int, int]:
    """The most tiles of a hand in one modular-linear line (a wild tile standing for any term), and the most
    naturals among them (for a large modulus, simply the hand's size and its naturals)."""
    count = sum(naturals.values())
    if m > 64 or not count:
        return size, count
    longest = counted = 0
    for first in naturals:
        for step in range(m):
            left, jokers, tiles, real = Counter(naturals), wild, 0, 0
            value = first
            while tiles < size:
                if left[value] > 0:
                    left[value] -= 1
                    real += 1
                elif jokers:
                    jokers -= 1
                else:
                    break
                tiles += 1
                value = (value + step) % m
            longest, counted = max(longest, tiles), max(counted, real)
    return max(longest, min(size, 2 if wild else 1)), counted
