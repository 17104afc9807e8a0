"""Rows of pages with their own column positions (brick layout), searched row splits, and marks between offset rows."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.render.paper import Rect, make_sheet
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.scene import Polygon, Text
from modlinseq_print.render.tile_rows import RowSearch, flush_end, spans
from modlinseq_print.render.tiling import laid_over, shared_edges, tile_document, window_size
from tiling_helpers import assert_plan_is_right, marks_between, plan_for


def grid_pages(spec, paper, orientation):
    """Pages of the best plan whose rows all share one set of column positions (the old planner's layout)."""
    drawing = board_scene(parse_board(spec))
    width, height = window_size(make_sheet(paper).oriented(orientation))
    boxes, cells = drawing.content_boxes(), drawing.cell_boxes()
    left, right = min(b.x for b in boxes), max(b.right for b in boxes)
    columns = spans(left, right, width, 10.0, [(c.x, c.right) for c in cells])
    counts = []
    for shared in (flush_end(columns, right, width), columns):
        search = RowSearch(min(b.y for b in boxes), max(b.bottom for b in boxes), (width, height), 10.0, cells, boxes,
                           shared)
        counts.append(sum(len(starts) for _, starts in search.search()))
    return min(counts)


@pytest.mark.parametrize("spec, paper, pages, before", [
    ("hex:9", "letter", 7, 8), ("hex:12", "a4", 11, 12), ("hex:18", "a4", 23, 26), ("hex:18", "letter", 24, 27),
    ("tess:4", "a4", 10, 11),
])
def test_offset_rows_need_fewer_pages_than_one_grid(spec, paper, pages, before):
    """`before`: pages the planner with one set of columns and greedy row splits needed (commit 36a3332)."""
    drawing, plan = plan_for(spec, paper)
    assert len(plan.pages) == pages < before
    assert not plan.aligned and plan.rows > 1
    assert pages < min(grid_pages(spec, paper, o) for o in ("portrait", "landscape"))
    assert_plan_is_right(drawing, plan)


def test_hex9_on_a4_takes_seven_pages_the_least_rows_can_do():
    """Its middle row of cells is 19 x 28 = 532 mm: 2 landscape windows (277 mm) hold at most 9 whole cells each,
    so the row needing it takes 3 pages and the 2 other rows 2 each; portrait needs 4 + 4."""
    drawing, plan = plan_for("hex:9", "a4")
    assert len(plan.pages) == 7 and plan.sheet.landscape
    assert [sum(p.row == r for p in plan.pages) for r in (1, 2, 3)] == [2, 3, 2]
    assert len(plan_for("hex:9", "a4", orientation="portrait")[1].pages) == 8
    assert_plan_is_right(drawing, plan)


def test_marks_coincide_between_offset_rows():
    drawing, plan = plan_for("hex:9", "letter", avoid=True)
    offset = [(upper, lower) for upper in plan.pages for lower in plan.pages
              if lower.row == upper.row + 1 and lower.window.x != upper.window.x and marks_between(upper, lower)]
    assert len(offset) >= 4
    for upper, lower in offset:
        for x, y in marks_between(upper, lower):
            assert y == lower.window.y  # on the lower page's trim edge, the same board point on both pages
            assert max(upper.window.x, lower.window.x) < x < min(upper.window.right, lower.window.right)
            assert upper.window.y < y < upper.window.bottom
    assert_plan_is_right(drawing, plan)


@pytest.mark.parametrize("spec", ["hex:6", "hex:12", "tess:3", "rect:13x11"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_benchmark_boards_keep_every_guarantee(spec, paper):
    drawing, plan = plan_for(spec, paper, avoid=True)
    assert assert_plan_is_right(drawing, plan) >= len(plan.pages) - 1


def test_shared_edges_follow_what_the_earlier_page_still_shows():
    rows = [[Rect(0, 0, 100, 50), Rect(90, 0, 100, 50)], [Rect(40, 40, 100, 50)], [Rect(130, 80, 100, 50)]]
    assert list(shared_edges(rows)) == [
        (0, 1, ((90, 0), (90, 50))),  # the left edge of page 2, over page 1
        (0, 2, ((40, 40), (90, 40))),  # page 3's top edge over page 1, up to where page 2 covers it
        (1, 2, ((90, 40), (140, 40))),
        # page 4 meets page 3 only along 10 mm: a corner, no marks
    ]


def test_offset_pages_are_labelled_by_position_and_trimmed_where_they_lie_over_earlier_pages():
    drawing = board_scene(parse_board("hex:9"))
    document, plan = tile_document(drawing.scene, make_sheet("letter"), "hex:9", keep_whole=drawing.cell_boxes(),
                                   content=drawing.content_boxes())
    assert plan.arrangement == "3 rows of 2, 3 and 2 pages"
    notes = " ".join(i.text for i in document.pages[0].scene.layer("notes").items)
    assert "3 rows of 2, 3 and 2 pages" in notes and "courses of bricks" in notes
    assert "in number order, row by row" in notes.replace("  ", " ")
    ox, oy = plan.window_origin
    for page, tiled in zip(document.pages[1:], plan.pages):
        texts = [i.text for i in page.scene.items() if isinstance(i, Text)]
        assert f"hex:9: row {tiled.row}, position {tiled.column}, page {tiled.number} of 7" in texts
        assert page.bookmark == f"Page {tiled.number} (row {tiled.row}, position {tiled.column})"
        dashed = {item.points for item in page.scene.layer("marks").items
                  if isinstance(item, Polygon) and item.style.dash}
        left, upper = laid_over(plan, tiled)
        assert left == (tiled.column > 1) and upper == (tiled.row > 1)
        assert (((ox, oy), (ox, oy + tiled.window.height)) in dashed) == left
        assert (((ox, oy), (ox + tiled.window.width, oy)) in dashed) == upper


def test_plans_and_files_are_deterministic():
    first, second = plan_for("hex:12", "a4", avoid=True)[1], plan_for("hex:12", "a4", avoid=True)[1]
    assert first == second
    drawing = board_scene(parse_board("tess:3"))

    def pdf():
        document, _ = tile_document(drawing.scene, make_sheet("letter"), "tess:3", keep_whole=drawing.cell_boxes(),
                                    content=drawing.content_boxes(), avoid=drawing.label_boxes())
        return document_to_pdf(document)

    assert pdf() == pdf()


def test_board_command_describes_offset_rows(cli, tmp_path):
    result = cli("board", "--board", "hex:9", "--paper", "letter", "-o", tmp_path / "b.pdf")
    assert result.status == 0
    assert "7 letter landscape (279.4 x 215.9 mm) pages at actual size in 3 rows of 2, 3 and 2 pages" in result.out
