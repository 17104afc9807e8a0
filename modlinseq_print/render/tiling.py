"""Layout on paper: tiling a large scene over sheets at 1:1, a single poster page, or scaled to fit one sheet.

Tiled pages come in rows of equal height. Each row gets its own column positions, fitted to the content
inside it (a brick layout), unless one set of columns for every row (a grid) does as well; the splits
between rows are searched too, and the plan kept has the fewest pages, then the least paper overlap.
Neighbouring pages overlap by at least the glue margin and by as much more as it takes for every
whole-cell rectangle (`keep_whole`) to lie entirely on at least one page. Pages are laid in reading
order, each over those already laid. Every edge segment a page shares with a page laid before it carries
alignment marks (two when it is long enough, else one, moved along it off the rectangles in `avoid`,
such as cell labels) at the same board coordinates on both pages: on the page beneath, where it is not
covered yet, and on the page above exactly on its trim edge, so the two halves meet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterator, Sequence

from modlinseq_print.render.marks import alignment_mark, cut_line, scale_bar
from modlinseq_print.render.paper import Rect, Sheet
from modlinseq_print.render.scene import Document, Embed, Item, Page, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import wrap_text
from modlinseq_print.render.tile_rows import EPS, RowSearch, TilingError, flush_end, spans  # TilingError: re-exported
from modlinseq_print.wording import plural

Point = tuple[float, float]
Interval = tuple[float, float]
DEFAULT_OVERLAP = 10.0  # mm of glue margin between neighbouring pages
FOOTER = 12.0  # mm at the bottom of the printable area: page label and scale bar
LABEL_SIZE = 3.2
MARK_REACH = 3.8  # mm from an alignment mark's centre that it covers (half its 7 mm cross, and a little more)
BUCKET = 10.0  # mm: the grid of the index of rectangles that marks keep off
MIN_SEGMENT = 25.0  # mm: a shorter stretch of shared edge (a corner of a neighbour) carries no mark
TWO_MARKS = 60.0  # mm: a shared edge this long carries two marks (at 25 % and 75 %), a shorter one one


@dataclass(frozen=True)
class TiledPage:
    """One sheet of a tiled board: its place in the layout and the board rectangle it shows."""

    row: int  # from 1, top to bottom
    column: int  # from 1, left to right: the grid column, or the place in its row when rows are offset
    number: int  # from 1, in reading order, counting only pages that are printed
    window: Rect  # board coordinates (mm) shown on this page
    marks: tuple[Point, ...]  # alignment marks in board coordinates


@dataclass(frozen=True)
class TilePlan:
    """Where each page of a tiled board goes: pages, the sheet, and the board size."""

    sheet: Sheet
    board_width: float
    board_height: float
    overlap: float
    rows: int
    columns: int  # grid columns, or the most pages in one row when rows are offset
    pages: tuple[TiledPage, ...]
    aligned: bool = True  # every row uses the same column positions; False for offset (brick) rows
    shared_area: float = 0.0  # mm²: the overlaps of neighbouring pages added up (paper printed twice)

    @property
    def window_origin(self) -> Point:
        """Where a page's board window starts on the sheet (the printable area's top-left corner)."""
        return self.sheet.printable.x, self.sheet.printable.y

    def to_sheet(self, page: TiledPage, point: Point) -> Point:
        """A board point in a page's sheet coordinates."""
        ox, oy = self.window_origin
        return point[0] - page.window.x + ox, point[1] - page.window.y + oy

    def place(self, page: TiledPage) -> str:
        """Where a page goes, in words: 'row 2, column 3', or 'row 2, position 3' when rows are offset."""
        return f"row {page.row}, {'column' if self.aligned else 'position'} {page.column}"

    @property
    def arrangement(self) -> str:
        """'3 rows and 3 columns', or '3 rows of 2, 3 and 2 pages' when rows are offset."""
        if self.aligned:
            return f"{plural(self.rows, 'row')} and {plural(self.columns, 'column')}"
        counts = [str(sum(p.row == row for p in self.pages)) for row in range(1, self.rows + 1)]
        listed = counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " and " + counts[-1]
        return f"{plural(self.rows, 'row')} of {listed} pages"


def window_size(sheet: Sheet) -> tuple[float, float]:
    """The board area of a page: the printable area less the footer."""
    area = sheet.printable
    return area.width, area.height - FOOTER


def plan_tiles(width: float, height: float, sheet: Sheet, overlap: float = DEFAULT_OVERLAP,
               keep_whole: Sequence[Rect] = (), content: Sequence[Rect] = (), avoid: Sequence[Rect] = ()) -> TilePlan:
    """Pages covering the content of a width x height board at 1:1 on `sheet`, none of them empty.

    `content` (default: the whole board) says what must be printed; `keep_whole` lists rectangles (cells)
    that must each lie entirely on at least one page; alignment marks keep off the rectangles in `avoid`.
    """
    win_w, win_h = window_size(sheet)
    boxes = list(content) or [Rect(0.0, 0.0, width, height)]
    left, top = min(b.x for b in boxes), min(b.y for b in boxes)
    right, bottom = max(b.right for b in boxes), max(b.bottom for b in boxes)
    xs = spans(left, right, win_w, overlap, [(r.x, r.right) for r in keep_whole])
    ys = spans(top, bottom, win_h, overlap, [(r.y, r.bottom) for r in keep_whole])
    if len(xs) == 1 and len(ys) == 1:  # one page: centre the content in it
        window = Rect((left + right - win_w) / 2, (top + bottom - win_h) / 2, win_w, win_h)
        return _plan(sheet, (width, height), overlap, [[window]], True, 0.0, avoid)
    layouts = []  # a grid first: among equals it is the simpler to assemble
    for columns in dict.fromkeys((tuple(flush_end(xs, right, win_w)), tuple(xs), None)):
        search = RowSearch(top, bottom, (win_w, win_h), overlap, keep_whole, boxes, columns)
        rows = [[Rect(x, y, win_w, win_h) for x in starts] for y, starts in search.search() if starts]
        layouts.append((search.total, rows, columns is not None))
    total, rows, aligned = min(layouts, key=lambda layout: layout[0])
    return _plan(sheet, (width, height), overlap, rows, aligned, total[1], avoid)


def _plan(sheet: Sheet, size: Interval, overlap: float, rows: list[list[Rect]], aligned: bool, shared: float,
          avoid: Sequence[Rect]) -> TilePlan:
    """The plan for rows of windows: pages numbered in reading order, with their marks."""
    columns = sorted({w.x for row in rows for w in row})
    marks = _marks(rows, _Obstacles(avoid))
    pages, number = [], 0
    for row_number, row in enumerate(rows, start=1):
        for position, window in enumerate(row, start=1):
            column = columns.index(window.x) + 1 if aligned else position
            pages.append(TiledPage(row_number, column, number + 1, window, tuple(marks[number])))
            number += 1
    width = len(columns) if aligned else max(len(row) for row in rows)
    return TilePlan(sheet, size[0], size[1], overlap, len(rows), width, tuple(pages), aligned, shared)


class _Obstacles:
    """Rectangles that alignment marks keep off, indexed by a coarse grid for quick look-ups."""

    def __init__(self, boxes: Sequence[Rect]) -> None:
        self.buckets: dict[tuple[int, int], list[Rect]] = {}
        for box in boxes:
            for key in self._keys(box.x, box.y, box.right, box.bottom):
                self.buckets.setdefault(key, []).append(box)

    @staticmethod
    def _keys(left: float, top: float, right: float, bottom: float):
        for i in range(int(left // BUCKET), int(right // BUCKET) + 1):
            for j in range(int(top // BUCKET), int(bottom // BUCKET) + 1):
                yield i, j

    def clear(self, x: float, y: float) -> bool:
        """True when a mark centred on (x, y) covers none of the rectangles."""
        box = Rect(x - MARK_REACH, y - MARK_REACH, 2 * MARK_REACH, 2 * MARK_REACH)
        return not any(box.intersects(other) for key in self._keys(box.x, box.y, box.right, box.bottom)
                       for other in self.buckets.get(key, ()))


def shared_edges(rows: list[list[Rect]]) -> Iterator[tuple[int, int, tuple[Point, Point]]]:
    """(earlier page, later page, segment) for each edge of a page laid over one laid before it.

    Pages are indexed in reading order; the segment is the line on the later page's left or top edge
    along which the earlier page still shows, not yet covered by pages laid between the two.
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
            for i, upper in enumerate(above):
                covered = above[i + 1].x if i + 1 < len(above) else upper.right
                low, high = max(upper.x, window.x), min(upper.right, window.right, covered)
                if upper.bottom >= window.y - EPS and high - low >= MIN_SEGMENT - EPS:
                    yield first[r - 1] + i, first[r] + j, ((low, window.y), (high, window.y))


def _marks(rows: list[list[Rect]], obstacles: _Obstacles) -> list[list[Point]]:
    """The alignment marks of every page, in reading order: two or one on each shared edge."""
    marks: list[list[Point]] = [[] for row in rows for _ in row]
    for earlier, later, ((x1, y1), (x2, y2)) in shared_edges(rows):
        along = 0 if y1 == y2 else 1
        low, high = (x1, x2) if along == 0 else (y1, y2)
        place: Callable[[float], Point] = (lambda t: (t, y1)) if along == 0 else (lambda t: (x1, t))
        length = high - low
        count = 2 if length >= TWO_MARKS else 1
        for k in range(count):  # each mark stays in its share of the edge, clear of the edge's ends
            share_low = max(low + MARK_REACH, low + length * k / count)
            share_high = min(high - MARK_REACH, low + length * (k + 1) / count)
            start = low + length * (2 * k + 1) / (2 * count)
            point = _clear_spot(start, max(share_low, start - length / 5), min(share_high, start + length / 5),
                                place, obstacles)
            marks[earlier].append(point)
            marks[later].append(point)
    return marks


def _clear_spot(start: float, low: float, high: float, place: Callable[[float], Point],
                obstacles: _Obstacles) -> Point:
    """place(t) for the t in [low, high] nearest `start` where a mark covers no obstacle; else place(start)."""
    for k in range(int(max(start - low, high - start) / 0.5) + 1):
        for t in ((start,) if k == 0 else (start + k * 0.5, start - k * 0.5)):
            if low - EPS <= t <= high + EPS and obstacles.clear(*place(t)):
                return place(t)
    return place(start)


def best_plan(width: float, height: float, sheet: Sheet, orientation: str = "auto", **options) -> TilePlan:
    """The plan for the sheet as portrait or landscape, or for 'auto' the one with fewer pages, then less overlap."""
    if orientation != "auto":
        return plan_tiles(width, height, sheet.oriented(orientation), **options)
    plans = [plan_tiles(width, height, sheet.oriented(o), **options) for o in ("portrait", "landscape")]
    return min(plans, key=lambda plan: (len(plan.pages), plan.shared_area))


def _footer(scene: Scene, sheet: Sheet, text: str, bar_label: str | None = None) -> None:
    """The page label and a 50 mm scale bar in the band at the bottom of the printable area."""
    area = sheet.printable
    layer = scene.layer("footer")
    top = area.bottom - FOOTER
    layer.items.append(Text(area.x, top + 4.0, text, LABEL_SIZE, anchor="start", font="Helvetica-Bold", middle=True))
    layer.items.extend(scale_bar(area.x, top + 7.5, 50.0, label=bar_label))


def laid_over(plan: TilePlan, page: TiledPage) -> tuple[bool, bool]:
    """Whether a page lies over an earlier one on its left edge and on its top edge: those edges are trimmed."""
    win = page.window
    left = any(p.row == page.row and p.number == page.number - 1 and p.window.right >= win.x - EPS
               for p in plan.pages)
    upper = any(p.row == page.row - 1 and p.window.bottom >= win.y - EPS and p.window.x < win.right
                and win.x < p.window.right for p in plan.pages)
    return left, upper


def _tiled_page(board: Scene, plan: TilePlan, page: TiledPage, title: str) -> Page:
    """One sheet: its window of the board, trim lines, alignment marks, label and scale bar."""
    sheet = plan.sheet
    scene = Scene(sheet.width, sheet.height)
    ox, oy = plan.window_origin
    win = page.window
    scene.add(Embed(board, ox - win.x, oy - win.y, 1.0, (ox, oy, win.width, win.height)), "board")
    marks = scene.layer("marks")
    left, upper = laid_over(plan, page)
    if left:
        marks.items.append(cut_line(ox, oy, ox, oy + win.height))
    if upper:
        marks.items.append(cut_line(ox, oy, ox + win.width, oy))
    for point in page.marks:
        marks.items.extend(alignment_mark(*plan.to_sheet(page, point)))
    total = len(plan.pages)
    if total == 1:
        _footer(scene, sheet, f"{title} at actual size")
        return Page(scene, bookmark=title, label="1")
    _footer(scene, sheet, f"{title}: {plan.place(page)}, page {page.number} of {total}")
    return Page(scene, bookmark=f"Page {page.number} ({plan.place(page)})", label=f"{page.number}")


def assembly_diagram(board: Scene, plan: TilePlan, room: Rect) -> list[Item]:
    """The whole board scaled into `room` with every page's window drawn on it as a numbered red frame."""
    right = max(p.window.right for p in plan.pages)
    bottom = max(p.window.bottom for p in plan.pages)
    left = min(0.0, min(p.window.x for p in plan.pages))
    upper = min(0.0, min(p.window.y for p in plan.pages))
    span_w, span_h = max(right, plan.board_width) - left, max(bottom, plan.board_height) - upper
    scale = min(room.width / span_w, room.height / span_h)
    x0 = room.x + (room.width - span_w * scale) / 2 - left * scale
    y0 = room.y - upper * scale
    items: list[Item] = [Embed(board, x0, y0, scale)]
    outline = Style(fill=None, stroke="#c62828", stroke_width=0.35)
    for page in plan.pages:
        w = page.window
        corners = [(x0 + x * scale, y0 + y * scale) for x, y in
                   ((w.x, w.y), (w.right, w.y), (w.right, w.bottom), (w.x, w.bottom))]
        items.append(Polygon(tuple(corners), outline))
    for page in plan.pages:
        w = page.window
        cx, cy = x0 + (w.x + w.width / 2) * scale, y0 + (w.y + w.height / 2) * scale
        items.append(Text(cx, cy, str(page.number), 6.0, font="Helvetica-Bold", fill="#c62828", middle=True))
    return items


def _assembly_page(board: Scene, plan: TilePlan, title: str) -> Page:
    """The whole board small with the page grid on it, numbered, and how to put the pages together."""
    sheet = plan.sheet
    scene = Scene(sheet.width, sheet.height)
    area = sheet.printable
    heading = f"{title}: assembly of {plural(len(plan.pages), 'page')}"
    offset = "" if plan.aligned else ", each row shifted sideways to fit the board, like courses of bricks"
    body = (f"The board measures {plan.board_width:.0f} x {plan.board_height:.0f} mm; its pages form "
            f"{plan.arrangement} (red frames, numbered){offset}. "
            "Print at 100 % (actual size, no 'fit to page'): the 50 mm bar on every page must measure 50 mm. "
            "Trim each page along its dashed edges. Lay the pages in number order, row by row from the left, "
            "each over the pages already laid (its left neighbour and the pages above it) so that every half "
            f"target meets its other half (pages overlap by at least {plan.overlap:g} mm), and glue.")
    notes = scene.layer("notes")
    y = area.y + 4.0
    for line in wrap_text(heading, area.width, "Helvetica-Bold", 4.5):
        notes.items.append(Text(area.x, y, line, 4.5, anchor="start", font="Helvetica-Bold", middle=True))
        y += 6.5
    for line in wrap_text(body, area.width * 0.85, "Helvetica", 3.0):  # room for wider fallback fonts
        notes.items.append(Text(area.x, y, line, 3.0, anchor="start", middle=True))
        y += 4.5
    top = y + 2.0
    room = Rect(area.x, top, area.width, area.bottom - FOOTER - top - 2.0)
    scene.layer("grid").items.extend(assembly_diagram(board, plan, room))
    _footer(scene, sheet, f"{title}: assembly")
    return Page(scene, bookmark="Assembly", label="assembly")


def tile_document(board: Scene, sheet: Sheet, title: str, overlap: float = DEFAULT_OVERLAP,
                  orientation: str = "auto", keep_whole: Sequence[Rect] = (),
                  content: Sequence[Rect] = (), avoid: Sequence[Rect] = ()) -> tuple[Document, TilePlan]:
    """A board at 1:1 over as many sheets as needed, with an assembly page first when there are several."""
    plan = best_plan(board.width, board.height, sheet, orientation, overlap=overlap,
                     keep_whole=keep_whole, content=content, avoid=avoid)
    pages = [_tiled_page(board, plan, page, title) for page in plan.pages]
    if len(pages) == 1:
        return Document(pages, title), plan
    return Document([_assembly_page(board, plan, title)] + pages, title), plan


def poster_document(board: Scene, margin: float, title: str) -> Document:
    """One page exactly the board's size plus the margin on every side (for print shops)."""
    scene = Scene(board.width + 2 * margin, board.height + 2 * margin)
    scene.add(Embed(board, margin, margin), "board")
    return Document([Page(scene, bookmark=title)], title)


def fit_document(board: Scene, sheet: Sheet, title: str, orientation: str = "auto") -> tuple[Document, float]:
    """The board scaled to fit one sheet (never enlarged), with its scale printed; returns the scale too."""
    choices = [sheet.oriented(o) for o in (("portrait", "landscape") if orientation == "auto" else (orientation,))]

    def scale_on(candidate: Sheet) -> float:
        win_w, win_h = window_size(candidate)
        return min(1.0, win_w / board.width, win_h / board.height)

    best = max(choices, key=scale_on)
    scale = scale_on(best)
    win_w, win_h = window_size(best)
    area = best.printable
    scene = Scene(best.width, best.height)
    x = area.x + (win_w - board.width * scale) / 2
    y = area.y + (win_h - board.height * scale) / 2
    scene.add(Embed(board, x, y, scale), "board")
    ratio = f"1:{1 / scale:.2f}" if scale < 1 else "1:1"
    _footer(scene, best, f"{title} at {scale * 100:.1f} % of actual size ({ratio})")
    if scale < 1:
        scene.layer("footer").items.extend(
            scale_bar(area.right - 60.0, area.bottom - FOOTER + 2.0, 50.0 * scale, label="50 mm on the board",
                      text_size=2.5))
    return Document([Page(scene, bookmark=title)], title), scale
