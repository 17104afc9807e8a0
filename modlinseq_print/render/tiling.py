"""Layout on paper: tiling a large scene over sheets at 1:1, a single poster page, or scaled to fit one sheet.

Tiled pages overlap by at least the glue margin and by as much more as it takes for every whole-cell
rectangle (`keep_whole`) to lie entirely on at least one page. Alignment marks sit on each shared edge,
at 25 % and 75 % of its length (moved along it, when that is possible, off the rectangles in `avoid`,
such as cell labels), at the same board coordinates on both neighbours: on the page beneath inside its
overlap strip, on the page above exactly on its trim edge, so the two halves meet.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass
from typing import Sequence

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.marks import alignment_mark, cut_line, scale_bar
from modlinseq_print.render.paper import Rect, Sheet
from modlinseq_print.render.scene import Document, Embed, Item, Page, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import wrap_text
from modlinseq_print.wording import plural

Point = tuple[float, float]
DEFAULT_OVERLAP = 10.0  # mm of glue margin between neighbouring pages
FOOTER = 12.0  # mm at the bottom of the printable area: page label and scale bar
LABEL_SIZE = 3.2
EPS = 1e-6
MARK_REACH = 3.8  # mm from an alignment mark's centre that it covers (half its 7 mm cross, and a little more)
BUCKET = 10.0  # mm: the grid of the index of rectangles that marks keep off


class TilingError(ModlinseqError):
    """A board that cannot be laid out on the chosen paper."""


@dataclass(frozen=True)
class TiledPage:
    """One sheet of a tiled board: its place in the grid and the board rectangle it shows."""

    row: int  # from 1, top to bottom
    column: int  # from 1, left to right
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
    columns: int
    pages: tuple[TiledPage, ...]

    @property
    def window_origin(self) -> Point:
        """Where a page's board window starts on the sheet (the printable area's top-left corner)."""
        return self.sheet.printable.x, self.sheet.printable.y

    def to_sheet(self, page: TiledPage, point: Point) -> Point:
        """A board point in a page's sheet coordinates."""
        ox, oy = self.window_origin
        return point[0] - page.window.x + ox, point[1] - page.window.y + oy


def window_size(sheet: Sheet) -> tuple[float, float]:
    """The board area of a page: the printable area less the footer."""
    area = sheet.printable
    return area.width, area.height - FOOTER


def spans(low: float, high: float, window: float, overlap: float,
          intervals: Sequence[tuple[float, float]]) -> list[float]:
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


def _flush_end(starts: list[float], high: float, window: float) -> list[float]:
    """The same windows with the last one moved back to end at `high`: a fuller last page (always valid)."""
    if len(starts) < 2:
        return starts
    return starts[:-1] + [max(starts[-2], high - window)]


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
    if len(xs) == 1 and len(ys) == 1:  # one page: centre the board in it
        xs, ys = [(width - win_w) / 2], [(height - win_h) / 2]
    # fewest printed pages first; among equals, last row and column flush with the board's far edges
    grid = min((_grid(x_starts, y_starts, win_w, win_h, boxes)
                for x_starts in (_flush_end(xs, right, win_w), xs)
                for y_starts in (_flush_end(ys, bottom, win_h), ys)), key=len)
    obstacles = _Obstacles(avoid)
    pages = []
    for number, ((row, column), window) in enumerate(sorted(grid.items()), start=1):
        pages.append(TiledPage(row, column, number, window, _page_marks(grid, row, column, obstacles)))
    return TilePlan(sheet, width, height, overlap, max(r for r, _ in grid), max(c for _, c in grid), tuple(pages))


def _grid(xs: list[float], ys: list[float], win_w: float, win_h: float, boxes: list[Rect]) -> dict:
    """(row, column) -> window of every page whose window shows some content."""
    ordered = sorted(boxes, key=lambda b: b.x)
    lefts = [b.x for b in ordered]
    widest = max(b.width for b in ordered)
    grid = {}
    for column, x in enumerate(xs, start=1):
        near = ordered[bisect_left(lefts, x - widest):bisect_left(lefts, x + win_w)]
        merged: list[list[float]] = []
        for low, high in sorted((b.y, b.bottom) for b in near if b.right > x):
            if merged and low <= merged[-1][1]:
                merged[-1][1] = max(merged[-1][1], high)
            else:
                merged.append([low, high])
        for row, y in enumerate(ys, start=1):
            if any(low < y + win_h and y < high for low, high in merged):
                grid[row, column] = Rect(x, y, win_w, win_h)
    return grid


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


def _clear_spot(start: float, span: float, place, obstacles: _Obstacles) -> Point:
    """place(t) for the t nearest `start`, at most `span` away, where a mark covers no obstacle; else place(start)."""
    for k in range(int(span / 0.5) + 1):
        for t in ((start,) if k == 0 else (start + k * 0.5, start - k * 0.5)):
            if obstacles.clear(*place(t)):
                return place(t)
    return place(start)


def _edge_marks(grid: dict, row: int, column: int, down: bool, obstacles: _Obstacles) -> list[Point]:
    """The marks at 25 % and 75 % of the edge a page shares with its right (or lower) neighbour, if printed."""
    other = (row + 1, column) if down else (row, column + 1)
    if (row, column) not in grid or other not in grid:
        return []
    upper, lower = grid[row, column], grid[other]
    if down:
        return [_clear_spot(upper.x + f * upper.width, upper.width / 5, lambda x: (x, lower.y), obstacles)
                for f in (0.25, 0.75)]
    return [_clear_spot(upper.y + f * upper.height, upper.height / 5, lambda y: (lower.x, y), obstacles)
            for f in (0.25, 0.75)]


def _page_marks(grid: dict, row: int, column: int, obstacles: _Obstacles) -> tuple[Point, ...]:
    marks = (_edge_marks(grid, row, column, False, obstacles) + _edge_marks(grid, row, column, True, obstacles)
             + _edge_marks(grid, row, column - 1, False, obstacles)
             + _edge_marks(grid, row - 1, column, True, obstacles))
    return tuple(marks)


def best_plan(width: float, height: float, sheet: Sheet, orientation: str = "auto", **options) -> TilePlan:
    """The plan for the sheet as portrait or landscape, or whichever needs fewer pages for 'auto'."""
    if orientation != "auto":
        return plan_tiles(width, height, sheet.oriented(orientation), **options)
    plans = [plan_tiles(width, height, sheet.oriented(o), **options) for o in ("portrait", "landscape")]
    return min(plans, key=lambda plan: (len(plan.pages), plan.rows * plan.columns))


def _footer(scene: Scene, sheet: Sheet, text: str, bar_label: str | None = None) -> None:
    """The page label and a 50 mm scale bar in the band at the bottom of the printable area."""
    area = sheet.printable
    layer = scene.layer("footer")
    top = area.bottom - FOOTER
    layer.items.append(Text(area.x, top + 4.0, text, LABEL_SIZE, anchor="start", font="Helvetica-Bold", middle=True))
    layer.items.extend(scale_bar(area.x, top + 7.5, 50.0, label=bar_label))


def _tiled_page(board: Scene, plan: TilePlan, page: TiledPage, title: str) -> Page:
    """One sheet: its window of the board, trim lines, alignment marks, label and scale bar."""
    sheet = plan.sheet
    scene = Scene(sheet.width, sheet.height)
    ox, oy = plan.window_origin
    win = page.window
    scene.add(Embed(board, ox - win.x, oy - win.y, 1.0, (ox, oy, win.width, win.height)), "board")
    numbers = {(p.row, p.column) for p in plan.pages}
    marks = scene.layer("marks")
    if (page.row, page.column - 1) in numbers:
        marks.items.append(cut_line(ox, oy, ox, oy + win.height))
    if (page.row - 1, page.column) in numbers:
        marks.items.append(cut_line(ox, oy, ox + win.width, oy))
    for point in page.marks:
        marks.items.extend(alignment_mark(*plan.to_sheet(page, point)))
    total = len(plan.pages)
    if total == 1:
        _footer(scene, sheet, f"{title} at actual size")
        return Page(scene, bookmark=title, label="1")
    _footer(scene, sheet, f"{title}: row {page.row}, column {page.column}, page {page.number} of {total}")
    return Page(scene, bookmark=f"Page {page.number} (row {page.row}, column {page.column})",
                label=f"{page.number}")


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
    body = (f"The board measures {plan.board_width:.0f} x {plan.board_height:.0f} mm; its pages form "
            f"{plural(plan.rows, 'row')} and {plural(plan.columns, 'column')} (red frames, numbered). "
            "Print at 100 % (actual size, no 'fit to page'): the 50 mm bar on every page must measure 50 mm. "
            "Trim each page along its dashed edges, lay it over its left and upper neighbours so that the "
            f"half targets meet (pages overlap by at least {plan.overlap:g} mm), and glue.")
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
