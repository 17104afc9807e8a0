"""Pages in blocks between straight cuts: the fewest pages a cutting allows, a board that assembles, marks."""

import random
from functools import lru_cache

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.render.pagination import trimmed, window_size
from modlinseq_print.render.pagination_cuts import cut_pages
from modlinseq_print.render.pagination_pages import paginated_document
from modlinseq_print.render.pagination_rows import RowPlanner
from modlinseq_print.render.paper import BOARD_MARGIN, make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Polygon, Text
from pagination_helpers import assert_plan_is_right, content_share, plan_for


@pytest.mark.parametrize("spec, paper, rows, cuts", [
    ("hex:18", "a4", 19, 18), ("hex:7", "a4", 5, 4), ("hex:15", "letter", 15, 14),
])
def test_cuts_take_fewer_pages_than_rows_and_keep_every_guarantee(spec, paper, rows, cuts):
    drawing, plan = plan_for(spec, paper, avoid=True)
    assert plan.cut and len(plan.pages) == cuts
    sheet = make_sheet(paper, BOARD_MARGIN)
    sizes = [window_size(sheet.oriented(o)) for o in ("portrait", "landscape")]
    planner = RowPlanner(drawing.cell_boxes(), drawing.content_boxes(), sizes, 10.0, 1.0)
    assert planner.cost[0] == rows  # the best rows take a page more
    assert assert_plan_is_right(drawing, plan) >= len(plan.pages) - 1
    assert min(content_share(drawing, plan, page) for page in plan.pages) >= 0.20
    assert {window_size(plan.sheet_of(p)) for p in plan.pages} <= set(sizes)


def test_a_board_that_rows_plan_as_well_stays_in_rows():
    drawing, plan = plan_for("hex:9")
    assert not plan.cut and len(plan.pages) == 6 and plan.pages[-1].row > 1


def _fewest(boxes, sizes, overlap):
    """The fewest pages of any cutting, by plain recursion over the grid of centres (an independent model)."""
    xs = sorted({b.x + b.width / 2 for b in boxes})
    ys = sorted({b.y + b.height / 2 for b in boxes})
    at = [(ys.index(b.y + b.height / 2), xs.index(b.x + b.width / 2), b) for b in boxes]

    @lru_cache(maxsize=None)
    def best(r0, r1, c0, c1):
        held = [b for i, j, b in at if r0 <= i <= r1 and c0 <= j <= c1]
        if not held:
            return 0
        left, right = min(b.x for b in held), max(b.right for b in held)
        top, bottom = min(b.y for b in held), max(b.bottom for b in held)
        if any(i > r1 and c0 <= j <= c1 for i, j, _ in at):  # reach the glue margin past the next row's top
            bottom = max(bottom, min(b.y for i, _, b in at if i == r1 + 1) + overlap)
        if any(j > c1 and r0 <= i <= r1 for i, j, _ in at):
            right = max(right, min(b.x for _, j, b in at if j == c1 + 1) + overlap)
        if any(right - left <= w + 1e-6 and bottom - top <= h + 1e-6 for w, h in sizes):
            return 1
        return min([best(r0, k, c0, c1) + best(k + 1, r1, c0, c1) for k in range(r0, r1)]
                   + [best(r0, r1, c0, k) + best(r0, r1, k + 1, c1) for k in range(c0, c1)] + [99])

    return best(0, len(ys) - 1, 0, len(xs) - 1)


@pytest.mark.parametrize("seed", range(6))
def test_the_search_finds_as_few_pages_as_plain_recursion(seed):
    rng = random.Random(seed)
    boxes = [Rect(rng.uniform(0, 300), rng.uniform(0, 240), rng.choice((20.0, 28.0, 40.0)), rng.choice((20.0, 32.0)))
             for _ in range(rng.randint(8, 22))]
    sizes = [(90.0, 120.0), (120.0, 90.0)][:rng.randint(1, 2)]
    pages = cut_pages(boxes, sizes, 10.0, 0.0)
    fewest = _fewest(boxes, sizes, 10.0)
    assert (len(pages) if pages is not None else 99) == fewest
    for box in boxes:  # each box whole on a page
        assert any(page.window.contains(box) for page in pages or ())


def test_a_grid_too_large_to_search_is_left_to_rows():
    boxes = [Rect(i * 10.0, j * 10.0, 10.0, 10.0) for i in range(70) for j in range(70)]
    assert cut_pages(boxes, [(200.0, 280.0)], 10.0, 0.0) is None


def test_cut_plans_are_the_same_every_time():
    first, second = plan_for("hex:18", "a4", avoid=True)[1], plan_for("hex:18", "a4", avoid=True)[1]
    assert first == second


def test_cut_pages_are_trimmed_labelled_and_explained():
    drawing = board_scene(parse_board("hex:18"))
    document, plan = paginated_document(drawing.scene, make_sheet("a4"), "hex:18", keep_whole=drawing.cell_boxes(),
                                        content=drawing.content_boxes())
    assert plan.cut and len(document.pages) == len(plan.pages) + 1
    texts = " ".join(i.text for i in document.pages[0].scene.items() if isinstance(i, Text))
    assert "blocks between straight cuts" in texts and "Lay the pages in number order, each over" in texts
    for page, planned in zip(document.pages[1:], plan.pages):
        labels = [i.text for i in page.scene.layer("footer").items if isinstance(i, Text)]
        assert labels == [f"hex:18: page {planned.number} of {len(plan.pages)}"]
        assert page.bookmark == f"Page {planned.number}"
        dashed = [i for i in page.scene.layer("marks").items if isinstance(i, Polygon)]
        assert len(dashed) == sum(trimmed(plan, planned))  # a dashed line on every trimmed edge, and only there
    assert sum(any(p.trims[2:]) for p in plan.pages) >= 1  # some right or bottom edges lie over earlier pages
