"""Paper sizes, margins and sheets; crop marks, scale bars and alignment marks."""

import pytest

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.render.marks import alignment_mark, crop_marks, scale_bar
from modlinseq_print.render.paper import PaperError, Sheet, is_poster, make_sheet, parse_margin, parse_paper
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Polygon


@pytest.mark.parametrize("text, size", [
    ("a4", (210.0, 297.0)), ("A3", (297.0, 420.0)), ("letter", (215.9, 279.4)), ("tabloid", (279.4, 431.8)),
    ("legal", (215.9, 355.6)), ("300x200mm", (300.0, 200.0)), ("11x17in", (279.4, 431.8)), ("30x20cm", (300.0, 200.0)),
])
def test_parse_paper(text, size):
    assert parse_paper(text) == pytest.approx(size)


@pytest.mark.parametrize("text", ["a5x", "b4", "poster", "x", "0x200mm"])
def test_unknown_papers_are_one_line_errors(text):
    with pytest.raises(ModlinseqError) as caught:
        parse_paper(text)
    assert "\n" not in str(caught.value)


def test_sheets_margins_and_orientation():
    sheet = make_sheet("a4")
    assert (sheet.width, sheet.height, sheet.margin) == (210.0, 297.0, 10.0)
    assert sheet.printable == Rect(10.0, 10.0, 190.0, 277.0)
    landscape = make_sheet("a4", "0.5in", "landscape")
    assert landscape.landscape and landscape.margin == pytest.approx(12.7)
    assert make_sheet("300x200mm").width == 200.0  # sheets start portrait; pagination turns them
    assert is_poster("Poster") and not is_poster("a4")
    with pytest.raises(PaperError, match="negative"):
        parse_margin("-1mm")
    with pytest.raises(PaperError, match="nothing printable"):
        Sheet(100.0, 100.0, 50.0)
    with pytest.raises(ModlinseqError, match="orientation"):
        make_sheet("a4", 10.0, "sideways")


def test_crop_marks_align_with_cut_edges_and_never_touch_a_rectangle():
    cards = [Rect(20, 20, 60, 90), Rect(83, 20, 60, 90), Rect(20, 113, 60, 90)]
    marks = crop_marks(cards, length=5.0, gap=1.5)
    xs = {c.x for c in cards} | {c.right for c in cards}
    ys = {c.y for c in cards} | {c.bottom for c in cards}
    for mark in marks:
        (x1, y1), (x2, y2) = mark.points
        assert mark.style.stroke_width == 0.2 and not mark.closed
        assert (x1 == x2 and x1 in xs) or (y1 == y2 and y1 in ys)  # on the line of a cut edge
        for card in cards:  # outside every card, at least the gap away
            inflated = card.inset(-1.5 + 1e-9)
            for t in (0.0, 0.5, 1.0):
                px, py = x1 + t * (x2 - x1), y1 + t * (y2 - y1)
                assert not (inflated.x < px < inflated.right and inflated.y < py < inflated.bottom)
    lone = crop_marks([Rect(10, 10, 20, 20)])
    assert len(lone) == 8


def test_scale_bar_is_50mm_and_alignment_mark_is_centred():
    items = scale_bar(10.0, 20.0)
    frame = items[0]
    assert isinstance(frame, Polygon)
    xs = [x for x, _ in frame.points]
    assert max(xs) - min(xs) == 50.0 and min(xs) == 10.0
    assert "50 mm" in items[-1].text
    mark = alignment_mark(100.0, 50.0)
    assert (mark[0].x, mark[0].y) == (100.0, 50.0)
    assert mark[1].points == ((96.5, 50.0), (103.5, 50.0))
