"""Splitting a board into rows of pages: column positions per row (or shared), and the best splits between rows.

A row of pages starts at some y and is one window high. Each rectangle to keep whole lies entirely
inside the row that holds it; the search tries every row start at which what a row holds changes
(and just short of it), and keeps the splits with the fewest pages, then the least area printed twice.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Sequence

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.paper import Rect

Interval = tuple[float, float]
EPS = 1e-6
NUDGE = 0.5  # mm: a row start tried just short of each place where what the row holds changes


class TilingError(ModlinseqError):
    """A board that cannot be laid out on the chosen paper."""


def spans(low: float, high: float, window: float, overlap: float, intervals: Sequence[Interval]) -> list[float]:
    """Window starts covering [low, high], overlapping by at least `overlap`, each interval inside one window."""
    widest = max((b - a for a, b in intervals), default=0.0)
    if widest > window + EPS:
        raise TilingError(f"a cell {widest:.1f} mm across does not fit a {window:.1f} mm page area: "
                          "use larger paper, smaller margins, or --fit")
    if not 0 <= overlap < window:
        raise TilingError(f"an overlap of {overlap:g} mm does not fit a {window:.1f} mm page area: use a smaller one")
    ordered = sorted({(round(a, 6), round(b, 6)) for a, b in intervals})
    starts = [low]
    while starts[-1] + window < high - EPS:
        end = starts[-1] + window
        cut = min((a for a, b in ordered if b > end + EPS), default=end)
        starts.append(min(end - overlap, cut))
    return starts


def flush_end(starts: list[float], high: float, window: float) -> list[float]:
    """The same windows with the last one moved back to end at `high`: a fuller last page (always valid)."""
    if len(starts) < 2:
        return starts
    return starts[:-1] + [max(starts[-2], high - window)]


class _Band:
    """Rectangles grouped by their vertical extent, to ask what lies inside or reaches into a row of pages."""

    def __init__(self, boxes: Sequence[Rect], height: float) -> None:
        groups: dict[Interval, list[Interval]] = {}
        for box in boxes:
            groups.setdefault((box.y, box.bottom), []).append((box.x, box.right))
        self.groups = sorted((top, bottom, sorted(xs)) for (top, bottom), xs in groups.items())
        self.height = height
        self.tops = sorted(top for top, _, _ in self.groups)
        self.lows = sorted(bottom - height for _, bottom, _ in self.groups)  # a row starting here ends at it
        self.reach_tops = sorted(top - height for top, _, _ in self.groups)
        self.bottoms = sorted(bottom for _, bottom, _ in self.groups)

    def inside(self, start: float) -> list[Interval]:
        """The x-intervals of the rectangles lying entirely inside the row of pages starting at `start`."""
        return [x for top, bottom, xs in self.groups if top >= start and bottom - self.height <= start for x in xs]

    def touching(self, start: float) -> list[Interval]:
        """The x-intervals, ordered, of the rectangles reaching into the row starting at `start`."""
        return sorted(x for top, bottom, xs in self.groups if top - self.height < start < bottom for x in xs)

    def key(self, start: float) -> tuple[int, int, int, int]:
        """Equal for two starts exactly when `inside` and `touching` give the same rectangles for both."""
        return (bisect_left(self.tops, start), bisect_right(self.lows, start),
                bisect_left(self.reach_tops, start), bisect_right(self.bottoms, start))

    def events(self) -> list[float]:
        """The row starts at which what a row holds can change."""
        return self.tops + self.lows + self.reach_tops + self.bottoms


def _shown(starts: Sequence[float], width: float, shown: list[Interval]) -> tuple[float, ...]:
    """The window starts whose window [x, x + width] reaches into one of the ordered intervals."""
    lefts = [a for a, _ in shown]
    furthest, best = [], float("-inf")
    for _, b in shown:
        best = max(best, b)
        furthest.append(best)
    kept = []
    for x in starts:
        count = bisect_left(lefts, x + width)
        if count and furthest[count - 1] > x:
            kept.append(x)
    return tuple(kept)


class RowSearch:
    """The splits of the board into rows of pages with the fewest pages, then the least overlap."""

    def __init__(self, top: float, bottom: float, size: Interval, overlap: float, cells: Sequence[Rect],
                 content: Sequence[Rect], columns: Sequence[float] | None = None) -> None:
        self.top, self.bottom, self.overlap = top, bottom, overlap
        self.width, self.height = size
        self.cells, self.content = _Band(cells, self.height), _Band(content, self.height)
        self.columns = columns  # one set of column starts for every row (a grid), or None: fitted per row
        by_low = sorted((bottom - self.height, top) for top, bottom, _ in self.cells.groups)
        self.lows = [low for low, _ in by_low]
        self.first_top = [float("inf")] * (len(by_low) + 1)  # the least top among the rectangles from i on
        for i in range(len(by_low) - 1, -1, -1):
            self.first_top[i] = min(by_low[i][1], self.first_top[i + 1])
        self.events = sorted(set(self.cells.events() + self.content.events()))
        self.rows: dict[tuple, tuple[float, ...]] = {}
        self.summaries: dict[float, tuple[int, float, float, float]] = {}
        self.total = (0, 0.0)

    def reach(self, start: float) -> float:
        """The furthest start of the next row: overlapping by the glue margin, no cell left split."""
        split = self.first_top[bisect_right(self.lows, start)]  # cells running past this row start in the next
        return min(start + self.height - self.overlap, split)

    def row(self, start: float) -> tuple[float, ...]:
        """The starts of the pages of the row starting at `start` that show some content."""
        key = self.content.key(start) + (self.cells.key(start) if self.columns is None else ())
        if key not in self.rows:
            shown = self.content.touching(start)
            if not shown:
                self.rows[key] = ()
            elif self.columns is not None:
                self.rows[key] = _shown(self.columns, self.width, shown)
            else:
                low, high = shown[0][0], max(b for _, b in shown)
                self.rows[key] = _shown(spans(low, high, self.width, self.overlap, self.cells.inside(start)),
                                        self.width, shown)
        return self.rows[key]

    def candidates(self, low: float, high: float) -> list[float]:
        """Starts in (low, high], largest first: `high`, each event, and each just short of an event."""
        found = {high}
        events = self.events[bisect_right(self.events, low):bisect_right(self.events, high)]
        for before, event in zip([low] + events, events):
            found.add(event)
            if event - NUDGE > before:
                found.add(event - NUDGE)
        return sorted(found, reverse=True)

    def _summary(self, start: float) -> tuple[int, float, float, float]:
        """Pages of the row at `start`, the area they share, and where the row begins and ends."""
        if start not in self.summaries:
            row = self.row(start)
            shared = sum(max(0.0, a + self.width - b) for a, b in zip(row, row[1:])) * self.height
            self.summaries[start] = (len(row), shared, row[0], row[-1] + self.width) if row else (0, 0.0, 0.0, 0.0)
        return self.summaries[start]

    def _explore(self, firsts: list[float]) -> dict[float, list[float]]:
        """Every row start reachable from the first ones, each with the starts its next row may take."""
        nexts: dict[float, list[float]] = {}
        todo = list(firsts)
        while todo:
            start = todo.pop()
            if start in nexts:
                continue
            last = start + self.height >= self.bottom - EPS
            nexts[start] = [] if last else self.candidates(start, self.reach(start))
            todo.extend(s for s in nexts[start] if s not in nexts)
        return nexts

    def search(self) -> list[tuple[float, tuple[float, ...]]]:
        """The best rows as (start, page starts), top to bottom; `total` holds their (pages, overlap area)."""
        firsts = self.candidates(self.top - self.height, self.top)
        nexts = self._explore(firsts)
        best: dict[float, tuple[int, float, float | None]] = {}  # from a start on: pages, overlap, next start
        for start in sorted(nexts, reverse=True):
            pages, shared, left, right = self._summary(start)
            options = [(pages, shared, None)] if not nexts[start] else []
            for after in nexts[start]:
                more, more_shared, next_row = best[after][0], best[after][1], self._summary(after)
                if pages and next_row[0]:  # the strip both rows print
                    across = max(0.0, min(right, next_row[3]) - max(left, next_row[2]))
                    more_shared += across * max(0.0, start + self.height - after)
                options.append((pages + more, shared + more_shared, after))
            best[start] = min(options, key=lambda option: option[:2])
        chosen: float | None = min(firsts, key=lambda s: best[s][:2])
        self.total = best[chosen][:2]
        rows = []
        while chosen is not None:
            rows.append((chosen, self.row(chosen)))
            chosen = best[chosen][2]
        return rows
