"""Paginating a board by straight cuts: the board is cut in two, each part again, until every part fits a page.

A part holds the rectangles (cells, pieces of other content) whose centres lie in it, and its page holds them
whole. A page also reaches the glue margin past the top of what lies below its part and past the left of what
lies to its right, so neighbouring pages always overlap by the glue margin. A dynamic programme over every
rectangle of the grid of centres (vectorised with numpy) finds the fewest pages, then the fewest thin pages.
Pages are laid in the order of the cuts, the first part (above, or left) before the second.

Rows of pages (pagination_rows) are a special case; cuts find fewer pages for some boards, such as a hexagon
whose sloping sides waste the ends of rows. Grids too large to search (over LIMIT rectangles) are not cut.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from typing import Sequence

from modlinseq_print.render.rect import Rect

EPS = 1e-6
LIMIT = 4_000_000  # rectangles of the grid of centres searched at most (hex:20 has 2.9 million)
PAGE = 64  # the cost of a page; a thin page costs one more: the fewest pages first, then the fewest thin pages
NONE = 16_000  # the cost of a part that no page holds (int16, and two of them still add up without overflow)


@dataclass(frozen=True)
class CutPage:
    """A page of a cut plan: the board rectangle it shows, its part between the cuts, and its window size."""

    window: Rect
    part: Rect  # what the page shows once all the pages are laid: its part of the board, inside its window
    size: int  # index into the window sizes


class _Grid:
    """The rectangles' extents gathered by the row and column of their centres."""

    def __init__(self, boxes: Sequence[Rect]) -> None:
        import numpy as np

        centres = [(round(b.x + b.width / 2, 4), round(b.y + b.height / 2, 4)) for b in boxes]
        keys_x, keys_y = sorted({x for x, _ in centres}), sorted({y for _, y in centres})
        self.xs, self.ys = keys_x, keys_y
        column, row = {x: j for j, x in enumerate(keys_x)}, {y: i for i, y in enumerate(keys_y)}
        self.ny, self.nx = ny, nx = len(keys_y), len(keys_x)
        shape = (ny, nx)
        self.left, self.top = np.full(shape, np.inf), np.full(shape, np.inf)
        self.right, self.bottom = np.full(shape, -np.inf), np.full(shape, -np.inf)
        self.area, self.count = np.zeros(shape), np.zeros(shape, dtype=np.int64)
        for b, (x, y) in zip(boxes, centres):
            i, j = row[y], column[x]
            self.left[i, j] = min(self.left[i, j], b.x)
            self.right[i, j] = max(self.right[i, j], b.x + b.width)
            self.top[i, j] = min(self.top[i, j], b.y)
            self.bottom[i, j] = max(self.bottom[i, j], b.y + b.height)
            self.area[i, j] += b.width * b.height
            self.count[i, j] += 1
        occupied = self.count > 0
        self.next_left = np.append(self.left.min(axis=0)[1:], np.inf)  # the leftmost left of the next column
        self.next_top = np.append(self.top.min(axis=1)[1:], np.inf)  # the highest top of the next row
        self.last_row = np.where(occupied.any(axis=0), ny - 1 - np.argmax(occupied[::-1], axis=0), -1)
        self.last_col = np.where(occupied.any(axis=1), nx - 1 - np.argmax(occupied[:, ::-1], axis=1), -1)

    @property
    def rectangles(self) -> int:
        """How many rectangles of the grid of centres there are."""
        return self.ny * (self.ny + 1) * self.nx * (self.nx + 1) // 4

    def reach(self, most: tuple[float, float]) -> tuple[list[int], int]:
        """For each first row, how many rows a page `most` (width, height) can hold; how many columns at most.
        A part whose first and last rows (or columns) hold boxes is at least as tall (wide) as the distance
        between their centres; one with an empty end costs what it costs without it."""
        rows = [bisect_right(self.ys, y + most[1] + EPS) - i for i, y in enumerate(self.ys)]
        columns = max(bisect_right(self.xs, x + most[0] + EPS) - j for j, x in enumerate(self.xs))
        return rows, columns

    def extents(self, np, r0: int, rows: int, span: int, overlap: float) -> tuple:
        """For r1 = r0 .. r0 + rows - 1 and c1 = c0 .. c0 + span - 1: (width, height, content area, boxes, left,
        top) of what a page holding the part must show, as arrays indexed [r1 - r0, c0, c1 - c0] (entries with
        c1 past the last column are meaningless)."""
        part = slice(r0, r0 + rows)
        left = _band(np, np.minimum.accumulate(self.left[part]), span, np.minimum, np.inf)
        right = _band(np, np.maximum.accumulate(self.right[part]), span, np.maximum, -np.inf)
        top = _band(np, np.minimum.accumulate(self.top[part]), span, np.minimum, np.inf)
        bottom = _band(np, np.maximum.accumulate(self.bottom[part]), span, np.maximum, -np.inf)
        area, boxes = (_band(np, np.cumsum(values[part], axis=0), span, np.add, 0)
                       for values in (self.area, self.count))
        below = np.arange(r0, r0 + rows)[:, None, None]
        lower = _band(np, self.last_row[None], span, np.maximum, -1) > below  # something below r1: reach the
        with np.errstate(invalid="ignore"):  # glue margin past the next row's top (inf past the last: unused)
            bottom = np.where(lower, np.maximum(bottom, self.next_top[part, None, None] + overlap), bottom)
        further = np.maximum.accumulate(self.last_col[part])[:, None, None] > _window(
            np, np.arange(self.nx)[None], span, self.nx)  # something right of c1 in these rows
        reach = _window(np, self.next_left[None], span, np.inf) + overlap  # the glue margin past c1's next column
        right = np.where(further, np.maximum(right, reach), right)
        return right - left, bottom - top, area, boxes, left, top


def _band(np, values, span: int, reduce, empty):
    """[k, c0, b] -> reduce(values[k, c0 .. c0 + b]) for b < span; columns past the last count as `empty`."""
    return reduce.accumulate(_window(np, values, span, empty), axis=2)


def _window(np, values, span: int, empty):
    """[k, c0, b] -> values[k, c0 + b] for b < span, `empty` past the last column (a view)."""
    from numpy.lib.stride_tricks import sliding_window_view

    padded = np.concatenate((values, np.full((values.shape[0], span - 1), empty, dtype=values.dtype)), axis=1)
    return sliding_window_view(padded, span, axis=1)


def _leaves(np, grid: _Grid, sizes: Sequence[tuple[float, float]], overlap: float, thin: float):
    """The cost of every rectangle as one page (or none, when empty), and which size holds it, laid out
    [rows - 1, columns - 1, first row, first column]."""
    ny, nx = grid.ny, grid.nx
    cost = np.full((ny, nx, ny, nx), NONE, dtype=np.int16)
    held = np.zeros((ny, nx, ny, nx), dtype=np.uint8)  # 0: no page holds it, else 1 + the size's index
    reach, span = grid.reach((max(w for w, _ in sizes), max(h for _, h in sizes)))
    c0, b = np.nonzero(np.arange(nx)[:, None] + np.arange(span)[None, :] < nx)  # the parts inside the grid
    for r0 in range(ny):
        width, height, area, boxes, _, _ = grid.extents(np, r0, reach[r0], span, overlap)
        fits = np.zeros(width.shape, dtype=np.uint8)
        for index in range(len(sizes) - 1, -1, -1):  # the first size that holds it
            w, h = sizes[index]
            fits = np.where((width <= w + EPS) & (height <= h + EPS), index + 1, fits)
        leaf = np.where(boxes == 0, 0, np.where(fits > 0, PAGE + (area < thin), NONE))
        spans = np.arange(reach[r0])[:, None]
        cost[spans, b, r0, c0] = leaf[:, c0, b]
        held[spans, b, r0, c0] = fits[:, c0, b]
    return cost, held


def _search(np, cost) -> None:
    """Fill `cost` with the cheapest cutting of every rectangle, smaller rectangles first."""
    from numpy.lib.stride_tricks import as_strided

    ny, nx = cost.shape[0], cost.shape[1]
    s0, s1, s2, s3 = cost.strides
    for a in range(ny):
        for b in range(nx):
            best = cost[a, b, :ny - a, :nx - b]
            if a:  # cut below row r0 + k: the part above, then the part below (rows r0 + k + 1 ..)
                above = cost[:a, b, :ny - a, :nx - b]
                below = as_strided(cost[a - 1, b, 1:, :], (a, ny - a, nx - b), (s2 - s0, s2, s3))
                np.minimum(best, (above + below).min(axis=0), out=best)
            if b:  # cut right of column c0 + k
                left = cost[a, :b, :ny - a, :nx - b]
                right = as_strided(cost[a, b - 1, :, 1:], (b, ny - a, nx - b), (s3 - s1, s2, s3))
                np.minimum(best, (left + right).min(axis=0), out=best)
            np.minimum(best, NONE, out=best)


def cut_pages(boxes: Sequence[Rect], sizes: Sequence[tuple[float, float]], overlap: float,
              thin: float) -> list[CutPage] | None:
    """The pages of the best cutting of the board into parts that each fit a page of one of `sizes`, in the
    order they are laid; None when the grid is too large to search or no cutting fits."""
    grid = _Grid(boxes)
    if grid.rectangles > LIMIT:
        return None
    import numpy as np

    cost, held = _leaves(np, grid, sizes, overlap, thin)
    _search(np, cost)
    if cost[grid.ny - 1, grid.nx - 1, 0, 0] >= NONE:
        return None
    parts: list[tuple[int, int, int, int]] = []
    _cut(cost, held, 0, grid.ny - 1, 0, grid.nx - 1, parts)
    return [_page(np, grid, part, sizes, overlap, held) for part in parts]


def _cut(cost, held, r0: int, r1: int, c0: int, c1: int, parts: list) -> None:
    """Append the parts of the best cutting of rows r0..r1, columns c0..c1, in laying order."""
    a, b = r1 - r0, c1 - c0
    total = cost[a, b, r0, c0]
    if total == 0:
        return
    if held[a, b, r0, c0]:
        parts.append((r0, r1, c0, c1))
        return
    for k in range(a):
        if cost[k, b, r0, c0] + cost[a - 1 - k, b, r0 + k + 1, c0] == total:
            _cut(cost, held, r0, r0 + k, c0, c1, parts)
            _cut(cost, held, r0 + k + 1, r1, c0, c1, parts)
            return
    for k in range(b):
        if cost[a, k, r0, c0] + cost[a, b - 1 - k, r0, c0 + k + 1] == total:
            _cut(cost, held, r0, r1, c0, c0 + k, parts)
            _cut(cost, held, r0, r1, c0 + k + 1, c1, parts)
            return
    raise AssertionError("no cut gives the cost found")  # cannot happen: the search found one


def _page(np, grid: _Grid, part: tuple[int, int, int, int], sizes, overlap: float, held) -> CutPage:
    """A part's page: the window centred on what it must show, and the part between its cuts."""
    r0, r1, c0, c1 = part
    index = int(held[r1 - r0, c1 - c0, r0, c0]) - 1
    extents = grid.extents(np, r0, r1 - r0 + 1, c1 - c0 + 1, overlap)
    width, height, _, _, left, top = (float(v[r1 - r0, c0, c1 - c0]) for v in extents)
    w, h = sizes[index]
    window = Rect(left - (w - width) / 2, top - (h - height) / 2, w, h)
    cut_left = (grid.xs[c0 - 1] + grid.xs[c0]) / 2 if c0 else window.x
    cut_right = (grid.xs[c1] + grid.xs[c1 + 1]) / 2 if c1 + 1 < grid.nx else window.right
    cut_top = (grid.ys[r0 - 1] + grid.ys[r0]) / 2 if r0 else window.y
    cut_bottom = (grid.ys[r1] + grid.ys[r1 + 1]) / 2 if r1 + 1 < grid.ny else window.bottom
    x0, y0 = max(cut_left, window.x), max(cut_top, window.y)
    x1, y1 = min(cut_right, window.right), min(cut_bottom, window.bottom)
    return CutPage(window, Rect(x0, y0, max(0.0, x1 - x0), max(0.0, y1 - y0)), index)
