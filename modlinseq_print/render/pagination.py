"""Pagination of a board at 1:1 over sheets: which board rectangle each page shows, and its alignment marks.

Pages come in rows (see pagination_rows), or, where that saves pages, in blocks between straight cuts (see
pagination_cuts). Pages are laid in number order, each over those already laid. Every edge segment a page
shares with a page laid before it carries alignment marks (two when it is long enough, else one, moved
along it off the rectangles in `avoid`, such as cell labels) at the same board coordinates on both pages:
on the page beneath, where it is not covered yet, and on the page above exactly on its trim edge, so the
two halves meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterable, Iterator, Sequence

from modlinseq_print.collector import collector_paused
from modlinseq_print.render.pagination_cuts import CutPage, cut_pages
from modlinseq_print.render.pagination_rows import EPS, Row, RowPlanner, PaginationError
from modlinseq_print.render.paper import DEFAULT_OVERLAP, FOOTER, Sheet  # noqa: F401  (DEFAULT_OVERLAP: importers)
from modlinseq_print.render.rect import Rect
from modlinseq_print.wording import _, plural

Point = tuple[float, float]
Interval = tuple[float, float]
MARK_REACH = 3.8  # mm from an alignment mark's centre that it covers (half its 7 mm cross, and a little more)
BUCKET = 10.0  # mm: the grid of the index of rectangles that marks keep off
MIN_SEGMENT = 25.0  # mm: a shorter stretch of shared edge (a corner of a neighbour) carries no mark
TWO_MARKS = 60.0  # mm: a shared edge this long carries two marks (at 25 % and 75 %), a shorter one one
CUT_PAGES = 40  # boards taking more pages in rows are not searched for cuts (their grids are too large)

__all__ = ["DEFAULT_OVERLAP", "FOOTER", "MARK_REACH", "PlannedPage", "PagePlan", "PaginationError", "best_plan",
           "cut_edges", "laid_over", "plan_pages", "shared_edges", "trimmed", "window_size"]


@dataclass(frozen=True)
class PlannedPage:
    """One sheet of a paginated board: its place in the layout, the board rectangle it shows, its sheet."""

    row: int  # from 1, top to bottom
    column: int  # from 1, left to right: the grid column, or the place in its row when rows are offset
    number: int  # from 1, in reading order, counting only pages that are printed
    window: Rect  # board coordinates (mm) shown on this page
    marks: tuple[Point, ...]  # alignment marks in board coordinates
    sheet: Sheet | None = None  # this page's sheet as turned (None: the plan's sheet)
    trims: tuple[bool, bool, bool, bool] | None = None  # cut plans: edges trimmed (left, top, right, bottom)
    part: Rect | None = None  # cut plans: what the page shows once every page is laid


@dataclass(frozen=True)
class PagePlan:
    """Where each page of a paginated board goes: pages, the sheet, and the board size."""

    sheet: Sheet
    board_width: float
    board_height: float
    overlap: float
    rows: int
    columns: int  # grid columns, or the most pages in one row when rows are offset
    pages: tuple[PlannedPage, ...]
    aligned: bool = True  # every row uses the same column positions; False for offset (brick) rows
    shared_area: float = 0.0  # mm²: the overlaps of neighbouring pages added up (paper printed twice)
    cut: bool = False  # pages in blocks between straight cuts (pagination_cuts), not in rows

    @property
    def window_origin(self) -> Point:
        """Where a page's board window starts on the sheet (the printable area's top-left corner)."""
        return self.sheet.printable.x, self.sheet.printable.y

    def sheet_of(self, page: PlannedPage) -> Sheet:
        """The sheet a page is printed on, turned as that page needs."""
        return page.sheet or self.sheet

    def to_sheet(self, page: PlannedPage, point: Point) -> Point:
        """A board point in a page's sheet coordinates."""
        area = self.sheet_of(page).printable
        return point[0] - page.window.x + area.x, point[1] - page.window.y + area.y

    def place(self, page: PlannedPage) -> str:
        """Where a page goes, in words: 'row 2, column 3', 'row 2, position 3' when rows are offset, or
        'page 5' in a cut plan (its frame on the assembly page shows where)."""
        if self.cut:
            return _("page {number}").format(number=page.number)
        where = _("row {row}, column {column}") if self.aligned else _("row {row}, position {column}")
        return where.format(row=page.row, column=page.column)

    @cached_property
    def _rows(self) -> dict[int, list[PlannedPage]]:
        rows: dict[int, list[PlannedPage]] = {}
        for page in self.pages:
            rows.setdefault(page.row, []).append(page)
        return rows

    def row_pages(self, row: int) -> list[PlannedPage]:
        """The pages of a row (from 1), left to right; none for a row that does not exist."""
        return self._rows.get(row, [])

    @property
    def mixed(self) -> bool:
        """True when some pages are portrait and others landscape."""
        return len({self.sheet_of(p).landscape for p in self.pages}) > 1

    @property
    def arrangement(self) -> str:
        """'3 rows and 3 columns', '3 rows of 2, 3 and 2 pages' when rows are offset, or 'blocks between
        straight cuts'."""
        if self.cut:
            return _("blocks between straight cuts")
        if self.aligned:
            return _("{rows} and {columns}").format(rows=plural(self.rows, "row"),
                                                    columns=plural(self.columns, "column"))
        counts = [str(sum(p.row == row for p in self.pages)) for row in range(1, self.rows + 1)]
        listed = counts[0] if len(counts) == 1 else _("{list} and {last}").format(list=", ".join(counts[:-1]),
                                                                                   last=counts[-1])
        return _("{rows} of {listed} pages").format(rows=plural(self.rows, "row"), listed=listed)

    def describe_sheets(self) -> str:
        """'a4 landscape (297 x 210 mm)', or 'a4 (4 portrait, 2 landscape)' when rows are turned differently."""
        if not self.mixed:
            return self.sheet.describe()
        turned = sum(self.sheet_of(p).landscape for p in self.pages)
        return f"{self.sheet.name or 'sheet'} ({len(self.pages) - turned} portrait, {turned} landscape)"


def window_size(sheet: Sheet) -> tuple[float, float]:
    """The board area of a page: the printable area less the footer."""
    area = sheet.printable
    return area.width, area.height - FOOTER


def _extent(boxes: Sequence[Rect]) -> Rect:
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    return Rect(left, top, max(b.right for b in boxes) - left, max(b.bottom for b in boxes) - top)


def _planned(size: Interval, sheets: Sequence[Sheet], overlap: float, keep_whole: Sequence[Rect],
             content: Sequence[Rect], avoid: Sequence[Rect]) -> PagePlan:
    """The best plan whose pages each use one of `sheets`: the fewest pages, in rows or, when that takes
    fewer, in blocks between cuts; for rows then the fewest thin pages, turns and shared area."""
    boxes = list(content) or [Rect(0.0, 0.0, *size)]
    extent = _extent(boxes)
    for sheet in sheets:  # the whole board on one page: centre it
        win_w, win_h = window_size(sheet)
        if extent.width <= win_w + EPS and extent.height <= win_h + EPS:
            window = Rect(extent.x + (extent.width - win_w) / 2, extent.y + (extent.height - win_h) / 2, win_w, win_h)
            return _plan(sheet, [sheet], size, overlap, [Row(window.y, win_w, win_h, (window.x,))], avoid)
    sizes = [window_size(s) for s in sheets]
    area = sheets[0].printable
    with collector_paused():  # the planner's and the marks' indexes of tens of thousands of boxes all stay alive
        planner = RowPlanner(keep_whole, boxes, sizes, overlap, area.width * area.height)
        rows = planner.plan()
        pages, _thin, _turns, shared = planner.cost
        cut = cut_pages(planner.boxes, sizes, overlap, planner.thin) if pages <= CUT_PAGES else None
        if cut is not None and len(cut) < pages:
            return _cut_plan(sheets, size, overlap, cut, avoid)
        return _plan(sheets[0], sheets, size, overlap, rows, avoid, shared)


def plan_pages(width: float, height: float, sheet: Sheet, overlap: float = DEFAULT_OVERLAP,
               keep_whole: Sequence[Rect] = (), content: Sequence[Rect] = (), avoid: Sequence[Rect] = ()) -> PagePlan:
    """Pages of `sheet` as turned covering the content of a width x height board at 1:1, none of them empty.

    `content` (default: the whole board) says what must be printed; `keep_whole` lists rectangles (cells)
    that must each lie entirely on at least one page; alignment marks keep off the rectangles in `avoid`.
    """
    return _planned((width, height), [sheet], overlap, keep_whole, content, avoid)


def best_plan(width: float, height: float, sheet: Sheet, orientation: str = "auto", overlap: float = DEFAULT_OVERLAP,
              keep_whole: Sequence[Rect] = (), content: Sequence[Rect] = (), avoid: Sequence[Rect] = ()) -> PagePlan:
    """The plan on portrait or landscape sheets; for 'auto' each row (or block) of pages may take either.

    Best: the fewest pages (in rows, or in blocks between cuts when those take fewer), then for rows the fewest
    thin pages, then the fewest turns between portrait and landscape rows, then the least overlap.
    """
    if orientation != "auto":
        return plan_pages(width, height, sheet.oriented(orientation), overlap, keep_whole, content, avoid)
    portrait, landscape = sheet.oriented("portrait"), sheet.oriented("landscape")
    sheets = [portrait, landscape] if portrait != landscape else [portrait]
    return _planned((width, height), sheets, overlap, keep_whole, content, avoid)


def _plan(sheet: Sheet, sheets: Sequence[Sheet], size: Interval, overlap: float, rows: list[Row],
          avoid: Sequence[Rect], shared: float = 0.0) -> PagePlan:
    """The plan for rows of windows: pages numbered in reading order, with their marks."""
    by_size = {window_size(s): s for s in sheets}
    windows = [row.windows for row in rows]
    columns = sorted({w.x for row in windows for w in row})
    aligned = len({(row.starts, row.width) for row in rows}) == 1
    marks = _marks(sum(len(row) for row in windows), shared_edges(windows), _Obstacles(avoid))
    pages, number = [], 0
    for row_number, row in enumerate(rows, start=1):
        page_sheet = by_size[(row.width, row.height)]
        for position, window in enumerate(row.windows, start=1):
            column = columns.index(window.x) + 1 if aligned else position
            pages.append(PlannedPage(row_number, column, number + 1, window, tuple(marks[number]),
                                   None if page_sheet == sheet else page_sheet))
            number += 1
    width = len(columns) if aligned else max(len(row.starts) for row in rows)
    return PagePlan(sheet, size[0], size[1], overlap, len(rows), width, tuple(pages), aligned, shared)


class _Obstacles:
    """Rectangles that alignment marks keep off, filed by the grid square of their top-left corner.

    Boxes wider or taller than the grid (rare: labels are smaller) are kept aside and always checked."""

    def __init__(self, boxes: Sequence[Rect]) -> None:
        self.buckets: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
        self.large: list[tuple[float, float, float, float]] = []
        setdefault = self.buckets.setdefault
        for x, y, width, height in boxes:  # a Rect unpacks as (x, y, width, height)
            if width > BUCKET or height > BUCKET:
                self.large.append((x, y, x + width, y + height))
            else:
                setdefault((int(x // BUCKET), int(y // BUCKET)), []).append((x, y, x + width, y + height))

    def clear(self, x: float, y: float) -> bool:
        """True when a mark centred on (x, y) covers none of the rectangles."""
        x0, y0, x1, y1 = x - MARK_REACH, y - MARK_REACH, x + MARK_REACH, y + MARK_REACH
        for a, b, c, d in self.large:
            if a < x1 and x0 < c and b < y1 and y0 < d:
                return False
        get, rows = self.buckets.get, range(int(y0 // BUCKET) - 1, int(y1 // BUCKET) + 1)
        for i in range(int(x0 // BUCKET) - 1, int(x1 // BUCKET) + 1):  # a box starts at most one square before
            for j in rows:
                for a, b, c, d in get((i, j), ()):
                    if a < x1 and x0 < c and b < y1 and y0 < d:
                        return False
        return True


def shared_edges(rows: list[list[Rect]]) -> Iterator[tuple[int, int, tuple[Point, Point]]]:
    """(earlier page, later page, segment) for each edge of a page laid over one laid before it.

    Pages are indexed in reading order; the segment is the line on the later page's left or top edge
    along which the earlier page still shows, not yet covered by pages laid between the two, and that
    the later page's right neighbour will not cover either.
    """
    first = [sum(len(row) for row in rows[:r]) for r in range(len(rows))]
    for r, row in enumerate(rows):
        for i, (before, window) in enumerate(zip(row, row[1:])):
            if window.x <= before.right + EPS:  # overlapping, or just touching with no glue margin
                yield first[r] + i, first[r] + i + 1, ((window.x, window.y), (window.x, window.bottom))
        if r == 0:
            continue
        above = rows[r - 1]
        for j, window in enumerate(row):
            later = row[j + 1].x if j + 1 < len(row) else window.right  # its right neighbour will cover the rest
            for i, upper in enumerate(above):
                covered = above[i + 1].x if i + 1 < len(above) else upper.right
                low, high = max(upper.x, window.x), min(upper.right, window.right, covered, later)
                if upper.bottom >= window.y - EPS and high - low >= MIN_SEGMENT - EPS:
                    yield first[r - 1] + i, first[r] + j, ((low, window.y), (high, window.y))


def _marks(count: int, edges: Iterable[tuple[int, int, tuple[Point, Point]]],
           obstacles: _Obstacles) -> list[list[Point]]:
    """The alignment marks of each of `count` pages, in laying order: two or one on each shared edge."""
    marks: list[list[Point]] = [[] for _ in range(count)]
    for earlier, later, ((x1, y1), (x2, y2)) in edges:
        along = 0 if y1 == y2 else 1
        low, high = (x1, x2) if along == 0 else (y1, y2)
        place = _on_line(y1, along=0) if along == 0 else _on_line(x1, along=1)
        length = high - low
        if length < MIN_SEGMENT - EPS:
            continue
        number = 2 if length >= TWO_MARKS else 1
        for k in range(number):  # each mark stays in its share of the edge, clear of the edge's ends
            share_low = max(low + MARK_REACH, low + length * k / number)
            share_high = min(high - MARK_REACH, low + length * (k + 1) / number)
            start = low + length * (2 * k + 1) / (2 * number)
            point = _clear_spot(start, max(share_low, start - length / 5), min(share_high, start + length / 5),
                                place, obstacles)
            marks[earlier].append(point)
            marks[later].append(point)
    return marks


def _on_line(level: float, along: int) -> Callable[[float], Point]:
    """The point at t along a horizontal line at y = level (along 0) or a vertical one at x = level (along 1)."""
    if along == 0:
        return lambda t: (t, level)
    return lambda t: (level, t)


def _clear_spot(start: float, low: float, high: float, place: Callable[[float], Point],
                obstacles: _Obstacles) -> Point:
    """place(t) for the t in [low, high] nearest `start` where a mark covers no obstacle; else place(start)."""
    for k in range(int(max(start - low, high - start) / 0.5) + 1):
        for t in ((start,) if k == 0 else (start + k * 0.5, start - k * 0.5)):
            if low - EPS <= t <= high + EPS and obstacles.clear(*place(t)):
                return place(t)
    return place(start)


def laid_over(plan: PagePlan, page: PlannedPage) -> tuple[bool, bool]:
    """Whether a page lies over an earlier one on its left edge and on its top edge: those edges are trimmed."""
    win = page.window
    before = plan.pages[page.number - 2] if page.number > 1 else None
    left = before is not None and before.row == page.row and before.window.right >= win.x - EPS
    upper = any(p.window.bottom >= win.y - EPS and p.window.x < win.right and win.x < p.window.right
                for p in plan.row_pages(page.row - 1))
    return left, upper


def trimmed(plan: PagePlan, page: PlannedPage) -> tuple[bool, bool, bool, bool]:
    """Which edges of a page (left, top, right, bottom) are trimmed: those that lie over earlier pages."""
    if page.trims is not None:
        return page.trims
    return (*laid_over(plan, page), False, False)


def _cut_plan(sheets: Sequence[Sheet], size: Interval, overlap: float, cut: Sequence[CutPage],
              avoid: Sequence[Rect]) -> PagePlan:
    """The plan for pages in blocks between cuts: numbered in laying order, with their trims and marks."""
    page_sheets = [sheets[page.size] for page in cut]
    windows = [page.window for page in cut]
    trims = [_trims(windows, page_sheets, n) for n in range(len(cut))]
    marks = _marks(len(cut), cut_edges(windows, trims), _Obstacles(avoid))
    pages = tuple(PlannedPage(1, n + 1, n + 1, page.window, tuple(marks[n]),
                              None if page_sheets[n] == sheets[0] else page_sheets[n], trims[n], page.part)
                  for n, page in enumerate(cut))
    return PagePlan(sheets[0], size[0], size[1], overlap, 1, len(pages), pages, aligned=False, cut=True)


def _trims(windows: Sequence[Rect], sheets: Sequence[Sheet], n: int) -> tuple[bool, bool, bool, bool]:
    """Which edges of page n are trimmed: those whose paper beyond the window would cover an earlier page."""
    win, sheet = windows[n], sheets[n]
    area = sheet.printable
    left, top = win.x - area.x, win.y - area.y  # the sheet's corner in board coordinates
    strips = (Rect(left, top, area.x, sheet.height), Rect(left, top, sheet.width, area.y),
              Rect(win.right, top, sheet.width - area.x - win.width, sheet.height),
              Rect(left, win.bottom, sheet.width, sheet.height - area.y - win.height))
    left_cut, top_cut, right_cut, bottom_cut = (any(strip.intersects(earlier) for earlier in windows[:n])
                                                for strip in strips)
    return left_cut, top_cut, right_cut, bottom_cut


def cut_edges(windows: Sequence[Rect], trims: Sequence[tuple[bool, bool, bool, bool]]
              ) -> Iterator[tuple[int, int, tuple[Point, Point]]]:
    """(earlier page, later page, segment) for each stretch of a trimmed edge of a later page over the earlier
    page that shows just beyond it when the later page is laid, and reaches a mark's half past the edge."""
    for later, (win, edges) in enumerate(zip(windows, trims)):
        sides = ((win.x, -1, True), (win.y, -1, False), (win.right, 1, True), (win.bottom, 1, False))
        for (line, outward, upright), trimmed_edge in zip(sides, edges):
            if not trimmed_edge:
                continue
            free = [(win.y, win.bottom) if upright else (win.x, win.right)]
            for earlier in range(later - 1, -1, -1):  # the last laid shows on top
                other = windows[earlier]
                near, far = (other.x, other.right) if upright else (other.y, other.bottom)
                shows = near < line - EPS <= far if outward < 0 else near <= line + EPS < far
                if not shows:  # the earlier page holds no paper just beyond this edge
                    continue
                low, high = (other.y, other.bottom) if upright else (other.x, other.right)
                reaches = (line - MARK_REACH >= near - EPS) if outward < 0 else (line + MARK_REACH <= far + EPS)
                free, taken = _claim(free, low, high)
                for a, b in taken if reaches else ():
                    yield earlier, later, ((line, a), (line, b)) if upright else ((a, line), (b, line))
                if not free:
                    break


def _claim(free: list[Interval], low: float, high: float) -> tuple[list[Interval], list[Interval]]:
    """Split the free intervals by [low, high]: (what stays free, what [low, high] takes)."""
    rest, taken = [], []
    for a, b in free:
        if high <= a or b <= low:
            rest.append((a, b))
            continue
        if a < low:
            rest.append((a, low))
        if high < b:
            rest.append((high, b))
        taken.append((max(a, low), min(b, high)))
    return rest, taken
