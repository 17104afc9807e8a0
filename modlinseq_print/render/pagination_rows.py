"""Paginating a board into rows of pages: where each row ends, which way its sheets turn, and its pages.

The rectangles to print (cells, the header, arrows) are grouped by their vertical extent. Rows of
pages run top to bottom; a row holds every rectangle not held yet that lies wholly inside its band,
and its pages, side by side, hold each of those rectangles whole (a seam may cross a cell held by
the row above: that row prints it whole). The next row starts no lower than the top of the first
rectangle not held yet, and overlaps the band above by at least the glue margin. A dynamic
programme over where each row ends, and (for 'auto') which way each row's sheets are turned, keeps
the fewest pages, then the fewest thin pages (little content), then the least paper printed twice.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Sequence

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.render.rect import Rect

Interval = tuple[float, float]
EPS = 1e-6
CHOICES = 2  # where a row may end: among the last this many places its band allows
GRID = 0.5  # mm
THIN = 0.35  # a page whose rectangles' boxes (overlapping ones counted twice) cover less of its printable area
# than this is thin: a hexagon fills 3/4 of its box, so pages that are not thin carry well over 20 % in cells


#: What to do about a cell larger than the page area.
FIT_ADVICE = f"use larger {mention('paper')}, a smaller {mention('margin')}, or {mention('fit', True)}"


class PaginationError(FieldError):
    """A board that cannot be laid out on the chosen paper (its field: paper or overlap)."""


def spans(low: float, high: float, window: float, overlap: float, intervals: Sequence[Interval]) -> list[float]:
    """Window starts covering [low, high], overlapping by at least `overlap`, each interval inside one window."""
    return _Group.of(intervals).cover(low, high, window, overlap)


class _Group:
    """Rectangles sharing one vertical extent, as disjoint-ish x-intervals sorted by their left ends."""

    def __init__(self, top: float, bottom: float, intervals: Sequence[Interval]) -> None:
        self.top, self.bottom = top, bottom
        ordered = sorted(intervals)
        self.lefts = [a for a, _ in ordered]
        self.rights = [b for _, b in ordered]
        self.furthest = []  # the furthest right end among the first k intervals
        self.before = [0.0]  # the summed lengths of the first k intervals
        best = float("-inf")
        for a, b in ordered:
            best = max(best, b)
            self.furthest.append(best)
            self.before.append(self.before[-1] + b - a)
        self.widest = max((b - a for a, b in ordered), default=0.0)

    @classmethod
    def of(cls, intervals: Sequence[Interval]) -> "_Group":
        return cls(0.0, 0.0, intervals)

    def length_in(self, low: float, high: float) -> float:
        """How much of [low, high] the intervals cover (overlaps between them counted twice)."""
        first, last = bisect_right(self.furthest, low), bisect_left(self.lefts, high)
        if first >= last:
            return 0.0
        total = self.before[last] - self.before[first]
        total -= max(0.0, low - self.lefts[first]) + max(0.0, self.rights[last - 1] - high)
        return max(0.0, total)

    def cover(self, low: float, high: float, window: float, overlap: float,
              groups: Sequence["_Group"] = ()) -> list[float]:
        """Starts of windows `window` wide covering [low, high] with each interval of the groups inside one window."""
        groups = list(groups) or [self]
        widest = max(g.widest for g in groups)
        if widest > window + EPS:
            raise PaginationError(f"a cell {widest:.1f} mm across does not fit a {window:.1f} mm page area: "
                                  f"{FIT_ADVICE}", "paper")
        if not 0 <= overlap < window:
            raise PaginationError(f"an overlap of {overlap:g} mm does not fit a {window:.1f} mm page area: "
                                  "use a smaller one", "overlap", window)
        starts = [low]
        while starts[-1] + window < high - EPS:
            end = starts[-1] + window
            start = end - overlap
            for group in groups:  # the least left end of an interval reaching past `end` (the hottest loop)
                k = bisect_right(group.furthest, end + EPS)
                if k < len(group.lefts) and group.lefts[k] < start:
                    start = group.lefts[k]
            starts.append(start)
        if len(starts) > 1:  # the last window flush with the end: a fuller last page
            starts[-1] = max(starts[-2], high - window)
        return starts


@dataclass(frozen=True)
class Row:
    """A row of pages: where its band starts, its window size, and its pages' left edges."""

    y: float
    width: float
    height: float
    starts: tuple[float, ...]

    @property
    def windows(self) -> list[Rect]:
        """The board rectangles its pages show."""
        return [Rect(x, self.y, self.width, self.height) for x in self.starts]


class RowPlanner:
    """The best rows for a board, given its rectangles, the window sizes allowed and the glue overlap."""

    def __init__(self, keep_whole: Sequence[Rect], content: Sequence[Rect], sizes: Sequence[Interval],
                 overlap: float, printable: float) -> None:
        self.sizes, self.overlap, self.thin = list(sizes), overlap, THIN * printable
        most = (min(w for w, _ in sizes) / 2, min(h for _, h in sizes) / 2)
        same = {id(b) for b in keep_whole}  # content usually repeats the very cell boxes: skip them quickly
        rest = [b for b in content if id(b) not in same]
        if rest:
            whole = set(keep_whole)
            rest = [b for b in rest if b not in whole]
        self.boxes = boxes = list(keep_whole) + _pieces(rest, most)  # every rectangle a page must hold whole
        self.groups = _grouped(boxes)  # by bottom
        self.bottoms = [g.bottom for g in self.groups]
        self.first_top = [float("inf")] * (len(self.groups) + 1)
        for i in range(len(self.groups) - 1, -1, -1):
            self.first_top[i] = min(self.groups[i].top, self.first_top[i + 1])
        self.by_top = sorted(self.groups, key=lambda g: g.top)
        self.tops = [g.top for g in self.by_top]
        self.tallest = tallest = max(g.bottom - g.top for g in self.groups)
        if tallest > max(h for _, h in sizes) + EPS:
            raise PaginationError(f"a cell {tallest:.1f} mm tall does not fit a {max(h for _, h in sizes):.1f} mm page "
                                  f"area: {FIT_ADVICE}", "paper")
        self.best: dict[tuple, tuple] = {}
        self.starts: dict[tuple, tuple[float, ...]] = {}

    @property
    def cost(self) -> tuple[int, int, int, float]:
        """Pages, thin pages, turns between portrait and landscape rows, and area printed twice."""
        return self._best(0, self.first_top[0])[:4]

    def plan(self) -> list[Row]:
        """The rows, top to bottom."""
        rows: list[Row] = []
        state = (0, self.first_top[0])
        while True:
            choice = self._best(*state)
            if choice[4] is None:
                return rows
            rows.append(choice[4])
            state = choice[5]

    def _after(self, end: float) -> tuple[int, float]:
        """The first group not held once a band ends at `end`, and the lowest start of the next band (on a
        grid of GRID mm, so that nearly equal bands share their search)."""
        first = bisect_right(self.bottoms, end + EPS)
        return first, min(self.first_top[first], math.floor((end - self.overlap) / GRID) * GRID)

    def _best(self, first: int, y_max: float) -> tuple:
        """(pages, thin pages, turns, shared area, next row, next state) for groups from `first` on, when the
        next band may start no lower than `y_max`."""
        key = (first, round(y_max, 3))
        if key in self.best:
            return self.best[key]
        if first == len(self.groups):
            self.best[key] = (0, 0, 0, 0.0, None, None)
            return self.best[key]
        candidates = []  # (pages, row, next state, best after it)
        for width, height in self.sizes:
            if self.groups[first].bottom > y_max + height + EPS:
                continue
            last = bisect_right(self.bottoms, y_max + height + EPS)
            ends = [k for k in range(first, last) if k + 1 == last or self.bottoms[k + 1] > self.bottoms[k] + EPS]
            for k in ends[-CHOICES:]:  # hold all the groups ending at one height together; end low in the band
                after = self.bottoms[k + 1] if k + 1 < len(self.bottoms) else float("inf")
                y = min(y_max, after - height - 2 * EPS)
                row = self._row(first, k + 1, y, width, height)
                state = self._after(y + height)
                rest = self._best(*state)
                candidates.append((len(row.starts) + rest[0], row, state, rest))
        if not candidates:
            raise PaginationError(f"the board's rows do not fit the page with this overlap: use a smaller "
                                  f"{mention('overlap')}", "overlap")
        fewest = min(pages for pages, *_ in candidates)
        options = []
        for pages, row, state, rest in candidates:
            if pages == fewest:  # the other costs only break ties: work them out for the fewest pages alone
                thin, shared = self._cost(row, None if first == 0 else y_max + self.overlap)
                turns = int(rest[4] is not None and rest[4].width != row.width)
                options.append((pages, thin + rest[1], turns + rest[2], shared + rest[3], row, state))
        self.best[key] = min(options, key=lambda option: option[:4])
        return self.best[key]

    def _row(self, first: int, stop: int, y: float, width: float, height: float) -> Row:
        """The pages of a row holding groups first..stop-1 whole, its band starting at y."""
        key = (first, stop, width)
        if key not in self.starts:  # where the pages go depends only on what the row holds
            held = self.groups[first:stop]
            low, high = min(g.lefts[0] for g in held), max(g.furthest[-1] for g in held)
            self.starts[key] = tuple(held[0].cover(low, high, width, self.overlap, held))
        return Row(y, width, height, self.starts[key])

    def _cost(self, row: Row, end: float | None) -> tuple[int, float]:
        """Thin pages and area printed twice (with its neighbour and with the row above)."""
        shared = sum(max(0.0, a + row.width - b) for a, b in zip(row.starts, row.starts[1:])) * row.height
        if end is not None:
            shared += max(0.0, end - row.y) * (row.starts[-1] + row.width - row.starts[0])
        top, bottom = row.y, row.y + row.height
        reach = bisect_left(self.tops, bottom)
        near = [(g, min(g.bottom, bottom) - max(g.top, top))  # each group with the height of it inside the band
                for g in self.by_top[bisect_left(self.tops, top - self.tallest):reach] if g.bottom > top]
        thin = 0
        ends = row.starts[:1] + row.starts[-2:] if len(row.starts) > 3 else row.starts
        for x in ends:  # slivers come at the ends of a row, where it meets the board's outline
            covered = sum(g.length_in(x, x + row.width) * height for g, height in near)
            thin += covered < self.thin
        return thin, shared


def _pieces(boxes: Sequence[Rect], most: Interval) -> list[Rect]:
    """Content that need not be kept whole, cut into pieces at most `most` (width, height) so any page holds one."""
    pieces: list[Rect] = []
    for box in boxes:
        across, down = int(box.width // most[0]) + 1, int(box.height // most[1]) + 1
        step_x, step_y = box.width / across, box.height / down
        pieces.extend(Rect(box.x + i * step_x, box.y + j * step_y, step_x, step_y)
                      for j in range(down) for i in range(across))
    return pieces


def _grouped(boxes: Sequence[Rect]) -> list[_Group]:
    """The rectangles grouped by (top, bottom), ordered by bottom then top."""
    groups: dict[Interval, list[Interval]] = {}
    setdefault = groups.setdefault
    for x, y, width, height in boxes:  # cells of one row share their top and bottom exactly (computed alike)
        setdefault((y, y + height), []).append((x, x + width))
    return [_Group(top, bottom, xs) for (top, bottom), xs in sorted(groups.items(), key=lambda kv: kv[0][::-1])]
