"""Pagination: every cell whole on some page, alignment marks that coincide, no empty pages, poster and fit."""

import pytest
from hypothesis import given, settings, strategies as st

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.render.paper import Sheet, make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Embed, Text, Use
from modlinseq_print.render.pagination import PaginationError, plan_pages, window_size
from modlinseq_print.render.pagination_pages import FIT_FOOTER, fit_document, paginated_document, poster_document
from modlinseq_print.render.pagination_rows import spans
from pagination_helpers import assert_plan_is_right, plan_for


@pytest.mark.parametrize("spec, paper, overlap", [
    ("hex:9", "a4", 10.0), ("hex:9", "letter", 15.0), ("tess:3", "a4", 10.0), ("rect:24x13", "a3", 10.0),
    ("hex:6", "200x150mm", 5.0), ("square:12x12", "legal", 10.0),
])
def test_every_cell_lies_on_a_page_and_marks_coincide(spec, paper, overlap):
    drawing, plan = plan_for(spec, paper, overlap)
    assert len(plan.pages) > 1
    assert assert_plan_is_right(drawing, plan) >= 1


@settings(max_examples=25, deadline=None)
@given(width=st.integers(120, 420), height=st.integers(120, 420), overlap=st.integers(0, 30),
       spec=st.sampled_from(["hex:5", "tess:2", "rect:11x9", "hex:7", "square:9x7"]))
def test_pagination_holds_for_any_sheet(width, height, overlap, spec):
    drawing = board_scene(parse_board(spec))
    sheet = Sheet(float(width), float(height), 10.0)
    plan = plan_pages(drawing.scene.width, drawing.scene.height, sheet, float(overlap),
                      drawing.cell_boxes(), drawing.content_boxes())
    assert_plan_is_right(drawing, plan)


def test_hex9_on_a4_takes_the_orientation_with_fewer_pages():
    drawing, plan = plan_for("hex:9")
    portrait = plan_for("hex:9", orientation="portrait")[1]
    landscape = plan_for("hex:9", orientation="landscape")[1]
    assert len(plan.pages) == min(len(portrait.pages), len(landscape.pages)) == 6


def test_tiled_document_pages_labels_marks_and_scale_bar():
    drawing = board_scene(parse_board("hex:9"))
    document, plan = paginated_document(drawing.scene, make_sheet("a4"), "hex:9", keep_whole=drawing.cell_boxes(),
                                        content=drawing.content_boxes())
    assert len(document.pages) == len(plan.pages) + 1
    assert document.pages[0].bookmark == "Assembly"
    total = len(plan.pages)
    for page, tiled in zip(document.pages[1:], plan.pages):
        texts = [i.text for i in page.scene.items() if isinstance(i, Text)]
        assert f"hex:9: {plan.place(tiled)}, page {tiled.number} of {total}" in texts
        bar = [i for i in page.scene.layer("footer").items if isinstance(i, Use)]
        assert len(bar) == 1 and any(isinstance(i, Text) and i.text == "50 mm at 100 %"
                                     for i in page.scene.symbols[bar[0].symbol])
        embed = next(i for i in page.scene.items() if isinstance(i, Embed))
        assert embed.scale == 1.0 and embed.clip[2:] == window_size(plan.sheet)
        # the board point at the window's corner lands on the printable area's corner
        assert embed.x + tiled.window.x == pytest.approx(plan.sheet.printable.x)
        assert (page.scene.width, page.scene.height) == (plan.sheet.width, plan.sheet.height)
    grid_texts = [i.text for i in document.pages[0].scene.layer("grid").items if isinstance(i, Text)]
    assert grid_texts == [str(n) for n in range(1, total + 1)]


def test_a_board_that_fits_gets_one_centred_page_without_assembly():
    drawing = board_scene(parse_board("hex:2"))
    document, plan = paginated_document(drawing.scene, make_sheet("a4"), "hex:2", keep_whole=drawing.cell_boxes())
    assert len(document.pages) == 1 and len(plan.pages) == 1
    window = plan.pages[0].window
    assert window.x + window.width / 2 == pytest.approx(drawing.scene.width / 2)


def test_poster_is_the_board_plus_margin_and_fit_prints_its_scale():
    drawing = board_scene(parse_board("hex:9"))
    poster = poster_document(drawing.scene, 10.0, "hex:9")
    assert (poster.pages[0].scene.width, poster.pages[0].scene.height) == (
        drawing.scene.width + 20, drawing.scene.height + 20)
    document, scale = fit_document(drawing.scene, make_sheet("a4"), "hex:9")
    area = make_sheet("a4").rotated().printable
    win_w, win_h = area.width, area.height - FIT_FOOTER
    assert scale == pytest.approx(min(win_w / drawing.scene.width, win_h / drawing.scene.height))
    texts = [i.text for i in document.pages[0].scene.items() if isinstance(i, Text)]
    assert f"hex:9 at {scale * 100:.1f} % of actual size (1:{1 / scale:.2f})" in texts
    small = board_scene(parse_board("hex:1"))
    assert fit_document(small.scene, make_sheet("a4"), "hex:1")[1] == 1.0  # never enlarged


def test_spans_cover_and_reject_what_cannot_fit():
    starts = spans(0.0, 500.0, 200.0, 10.0, [])
    assert starts[0] == 0.0 and starts[-1] + 200.0 >= 500.0
    assert all(b - a == pytest.approx(190.0) for a, b in zip(starts, starts[1:-1]))
    assert starts[-1] == 300.0  # the last window flush with the end
    with pytest.raises(PaginationError, match="does not fit"):
        spans(0.0, 500.0, 20.0, 10.0, [(0.0, 28.0)])
    with pytest.raises(PaginationError, match="overlap"):
        spans(0.0, 500.0, 200.0, 200.0, [])


def test_window_rects_are_board_coordinates():
    drawing, plan = plan_for("hex:9", "a3")
    first = plan.pages[0]
    assert isinstance(first.window, Rect)
    assert plan.to_sheet(first, (first.window.x, first.window.y)) == plan.window_origin


def test_fit_footer_caption_sits_above_the_scale_bars_which_do_not_touch():
    from modlinseq_print.render.text_metrics import text_width
    drawing = board_scene(parse_board("hex:9"))
    document, scale = fit_document(drawing.scene, make_sheet("a4", 6.0), "MODLINSEQ board hex:9")
    footer = document.pages[0].scene.layer("footer").items
    caption = next(i for i in footer if isinstance(i, Text) and i.font == "Helvetica-Bold")
    bars = [i for i in footer if isinstance(i, Text) and i is not caption]
    assert [b.text for b in bars] == ["50 mm at 100 %", "50 mm on the board"]
    tops = [min(y for item in footer if not isinstance(item, Text) and hasattr(item, "points")
                for _, y in item.points)]
    assert caption.y + caption.size / 2 < tops[0]  # the caption is above every bar
    first_end = bars[0].x + text_width(bars[0].text, bars[0].font, bars[0].size)
    second_start = min(x for item in footer if hasattr(item, "points") for x, _ in item.points if x > first_end)
    assert second_start - first_end >= 4.0
    board_bar = [item for item in footer if hasattr(item, "points") and item.points[0][0] >= second_start]
    assert max(x for item in board_bar for x, _ in item.points) - second_start == pytest.approx(50.0 * scale)
