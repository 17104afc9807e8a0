"""Checking a tiled board plan from outside: whole cells, no empty pages, reading order,
and marks on every shared edge."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.render.paper import BOARD_MARGIN, make_sheet
from modlinseq_print.render.pagination import MARK_REACH, best_plan, trimmed
from modlinseq_print.render.rect import Rect

STEP = 0.25  # mm between the points sampled along a page's top edge


def plan_for(spec, paper="a4", overlap=10.0, orientation="auto", margin=BOARD_MARGIN, avoid=False):
    drawing = board_scene(parse_board(spec))
    sheet = make_sheet(paper, margin)
    plan = best_plan(drawing.scene.width, drawing.scene.height, sheet, orientation, overlap=overlap,
                     keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                     avoid=drawing.label_boxes() if avoid else ())
    return drawing, plan


def showing(pages, x, y):
    """The page laid last among `pages` (in number order) whose window holds (x, y), or None."""
    holding = [p for p in pages if p.window.x <= x <= p.window.right and p.window.y <= y <= p.window.bottom]
    return holding[-1] if holding else None


def top_edge_runs(plan, page):
    """(earlier page, low, high): stretches of the page's top edge with the same earlier page showing just above."""
    earlier = [p for p in plan.pages if p.number < page.number]
    after = [p for p in plan.pages if p.row == page.row and p.number == page.number + 1]
    right = after[0].window.x if after else page.window.right  # its right neighbour covers the rest
    return _runs(page.window.x, right, lambda x: showing(earlier, x, page.window.y - 0.01))


def _runs(low, high, under_at):
    """(page, low, high): the stretches of [low, high], sampled every STEP, where under_at(t) is the same page."""
    runs, t = [], low
    while t <= high + 1e-9:
        under = under_at(t)
        if under is not None and runs and runs[-1][0] is under and runs[-1][2] >= t - STEP - 1e-9:
            runs[-1][2] = t
        elif under is not None:
            runs.append([under, t, t])
        t += STEP
    return runs


def marks_between(first, second):
    return set(first.marks) & set(second.marks)


def assert_marks_on_shared_edges(plan):
    """Every page meets the earlier pages it lies on with coinciding marks; returns how many edges were checked."""
    pages = {p.number: p for p in plan.pages}
    edges = 0
    for page in plan.pages:
        left = pages.get(page.number - 1)
        if left is not None and left.row == page.row and left.window.right >= page.window.x - 1e-6:
            edges += 1
            assert left.window.right - page.window.x >= plan.overlap - 1e-6
            shared = marks_between(left, page)
            assert len(shared) == 2, (left, page)
            for x, y in shared:  # on the trim edge, inside both windows, clear of the corners
                assert x == pytest.approx(page.window.x)
                assert page.window.y + MARK_REACH - 1e-6 <= y <= page.window.bottom - MARK_REACH + 1e-6
        for under, low, high in top_edge_runs(plan, page):
            shared = [(x, y) for x, y in marks_between(under, page) if y == pytest.approx(page.window.y)]
            length = high - low  # sampled: within a step or two of the true length
            if length < 26.0:  # a corner of the earlier page: marks are optional
                continue
            edges += 1
            assert under.window.bottom - page.window.y >= plan.overlap - 1e-6
            if length >= 61.0:
                assert len(shared) == 2, (under, page)
            else:
                assert len(shared) == 1 or (length > 59.0 and len(shared) == 2), (under, page)
            for x, _ in shared:  # where the earlier page still shows, not under a page laid in between
                assert low + MARK_REACH - 0.5 <= x <= high - MARK_REACH + 0.5
                between = [p for p in plan.pages if under.number < p.number < page.number]
                for dx in (-MARK_REACH, 0.0, MARK_REACH):
                    assert showing([under] + between, x + dx, page.window.y - 0.5) is under
    return edges


def assert_connected(plan):
    """The pages linked by shared marks form one piece: the whole board can be aligned."""
    reached, todo = {plan.pages[0].number}, [plan.pages[0]]
    while todo:
        page = todo.pop()
        for other in plan.pages:
            if other.number not in reached and marks_between(page, other):
                reached.add(other.number)
                todo.append(other)
    assert len(reached) == len(plan.pages)


def assert_plan_is_right(drawing, plan):
    """Whole cells, no empty page, reading order, marks on shared edges; returns the number of shared edges."""
    for cell in drawing.cells():  # every cell (and pseudocell) lies entirely on at least one page
        box = drawing.cell_box(cell)
        assert any(page.window.contains(box) for page in plan.pages), cell
    for page in plan.pages:  # no empty pages: each shows some cell or the header
        assert any(page.window.intersects(box) for box in drawing.content_boxes())
    assert [p.number for p in plan.pages] == list(range(1, len(plan.pages) + 1))
    if not plan.cut:
        assert list(plan.pages) == sorted(plan.pages, key=lambda p: (p.row, p.window.x))
    for page in plan.pages:  # every mark is shared by two pages and lies inside both
        for point in page.marks:
            holders = [p for p in plan.pages if point in p.marks]
            assert len(holders) >= 2
            for holder in holders:
                w = holder.window
                assert w.x - 1e-6 <= point[0] <= w.right + 1e-6 and w.y - 1e-6 <= point[1] <= w.bottom + 1e-6
    if plan.cut:
        assert_assembled_board_shows_only_print(drawing, plan)
        edges = assert_marks_on_trimmed_edges(plan)
    else:
        edges = assert_marks_on_shared_edges(plan)
    if len(plan.pages) > 1:
        assert_connected(plan)
    return edges


def _clip(points, window):
    """The part of a convex polygon inside an axis-aligned rectangle (Sutherland-Hodgman)."""
    edges = ((0, window.x, 1), (0, window.right, -1), (1, window.y, 1), (1, window.bottom, -1))
    for axis, limit, sign in edges:
        inside = [(sign * (p[axis] - limit) >= 0) for p in points]
        clipped = []
        for i, point in enumerate(points):
            prev, prev_in = points[i - 1], inside[i - 1]
            if inside[i] != prev_in:
                t = (limit - prev[axis]) / (point[axis] - prev[axis])
                clipped.append((prev[0] + t * (point[0] - prev[0]), prev[1] + t * (point[1] - prev[1])))
            if inside[i]:
                clipped.append(point)
        points = clipped
        if not points:
            return []
    return points


def _area(points):
    return abs(sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]))) / 2


def content_share(drawing, plan, page):
    """The area of the board's cells printed on a page, as a share of the page's printable area (exact)."""
    window = page.window
    total = 0.0
    for cell in drawing.cells():
        if drawing.cell_box(cell).intersects(window):
            total += _area(_clip(drawing.corners(cell), window))
    area = plan.sheet_of(page).printable
    return total / (area.width * area.height)


def paper(plan, page):
    """The paper a page leaves once trimmed, in board coordinates: its sheet, cut at its trimmed edges."""
    sheet, win = plan.sheet_of(page), page.window
    left, top = win.x - sheet.printable.x, win.y - sheet.printable.y
    right, bottom = left + sheet.width, top + sheet.height
    cut_left, cut_top, cut_right, cut_bottom = trimmed(plan, page)
    x0, y0 = (win.x if cut_left else left), (win.y if cut_top else top)
    x1, y1 = (win.right if cut_right else right), (win.bottom if cut_bottom else bottom)
    return Rect(x0, y0, x1 - x0, y1 - y0)


def on_top(plan, pages, x, y):
    """The page whose paper lies on top at (x, y) once `pages` are laid in number order, or None."""
    holding = [p for p in pages if _inside(paper(plan, p), x, y)]
    return holding[-1] if holding else None


def _inside(rect, x, y):
    return rect.x < x < rect.right and rect.y < y < rect.bottom


def assert_assembled_board_shows_only_print(drawing, plan):
    """Laid in number order and trimmed at their dashed edges, the pages show printed board everywhere on the
    board: at the centre and near the corners of every cell, the paper on top has that point in its window."""
    for cell in drawing.cells():
        corners = drawing.corners(cell)
        cx, cy = sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners)
        for x, y in [(cx, cy)] + [(cx + (x - cx) * 0.97, cy + (y - cy) * 0.97) for x, y in corners]:
            top = on_top(plan, plan.pages, x, y)
            assert top is not None and _inside(top.window, x, y), (cell, top)


def _edge_runs(plan, page, side):
    """(earlier page, low, high): stretches of a trimmed edge over the same earlier page, which shows just
    beyond the edge (0.5 mm out) when the page is laid."""
    win, earlier = page.window, [p for p in plan.pages if p.number < page.number]
    upright = side in (0, 2)
    line = (win.x, win.y, win.right, win.bottom)[side]
    out = -0.5 if side < 2 else 0.5
    low, high = (win.y, win.bottom) if upright else (win.x, win.right)

    def printed_under(t):
        x, y = (line + out, t) if upright else (t, line + out)
        under = on_top(plan, earlier, x, y)
        return under if under is not None and _inside(under.window, x, y) else None

    return _runs(low, high, printed_under)


def assert_marks_on_trimmed_edges(plan):
    """Each stretch of a trimmed edge over an earlier page, where that page reaches a mark's half past the
    edge, carries one or two marks on the edge shared by the two pages; returns how many were checked."""
    edges = 0
    for page in plan.pages:
        for side, cut in enumerate(trimmed(plan, page)):
            if not cut:
                continue
            upright = side in (0, 2)
            line = (page.window.x, page.window.y, page.window.right, page.window.bottom)[side]
            for under, low, high in _edge_runs(plan, page, side):
                w = under.window
                depth = (line - w.x if side == 0 else line - w.y if side == 1 else w.right - line if side == 2
                         else w.bottom - line)
                if high - low < 26.0 or depth < MARK_REACH:
                    continue
                edges += 1
                shared = [m for m in marks_between(under, page) if m[0 if upright else 1] == pytest.approx(line)]
                assert len(shared) == (2 if high - low >= 61.0 else 1) or 59.0 < high - low < 61.0, (under, page)
                for mark in shared:
                    along = mark[1 if upright else 0]
                    assert low + MARK_REACH - 0.5 <= along <= high - MARK_REACH + 0.5
    return edges
