"""Board pagination: page counts against the planner it replaced, no thin pages, rows of either orientation,
marks between offset rows, trims, and the command's summary."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import board_scene
from modlinseq_print.render.paper import BOARD_MARGIN, make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.pdf_writer import document_to_pdf
from modlinseq_print.render.scene import Polygon, Text, Use
from modlinseq_print.render.pagination import laid_over, shared_edges
from modlinseq_print.render.pagination_pages import paginated_document
from pagination_helpers import assert_plan_is_right, content_share, marks_between, plan_for

# Pages (A4, Letter) the planner before this one took with its defaults (10 mm margins, 12 mm footer, one
# orientation for every page), measured with `bench/bench_board.py --pages` at commit 4bb16ce.
BEFORE = {
    "hex:4": (2, 2), "hex:5": (4, 4), "hex:6": (4, 4), "hex:7": (6, 5), "hex:8": (6, 6), "hex:9": (7, 7),
    "hex:10": (10, 9), "hex:11": (10, 10), "hex:12": (11, 11), "hex:13": (13, 13), "hex:14": (14, 16),
    "hex:15": (17, 17), "hex:16": (18, 18), "hex:17": (21, 19), "hex:18": (23, 24), "hex:19": (24, 24),
    "hex:20": (28, 27), "tess:3": (6, 6), "tess:4": (10, 10),
}
# Pages now (A4, Letter), held as a guard against a planner that slips back.
NOW = {"hex:9": (6, 6), "hex:18": (19, 20), "tess:3": (5, 5), "tess:4": (7, 7), "hex:20": (23, 23)}


@pytest.mark.parametrize("spec", sorted(BEFORE))
def test_no_board_takes_more_pages_than_before(spec):
    for paper, before in zip(("a4", "letter"), BEFORE[spec]):
        plan = plan_for(spec, paper)[1]
        assert len(plan.pages) <= before, (spec, paper)
        if spec in NOW:
            assert len(plan.pages) <= NOW[spec][("a4", "letter").index(paper)], (spec, paper)


def test_targets_hex9_in_six_pages_on_a4_and_letter():
    for paper in ("a4", "letter"):
        drawing, plan = plan_for("hex:9", paper, avoid=True)
        assert len(plan.pages) == 6
        assert_plan_is_right(drawing, plan)


@pytest.mark.parametrize("spec", ["hex:4", "hex:5", "hex:6", "hex:7", "hex:9", "hex:12", "hex:18", "tess:3", "tess:4",
                                  "rect:13x11"])
def test_every_page_carries_a_fifth_of_its_printable_area_in_cells(spec):
    """Measured exactly: the cell hexagons (or squares) clipped to each page's window."""
    for paper in ("a4", "letter"):
        drawing, plan = plan_for(spec, paper)
        shares = [content_share(drawing, plan, page) for page in plan.pages]
        assert min(shares) >= 0.2, (spec, paper, shares)


def test_content_share_measures_the_cells():
    drawing, plan = plan_for("hex:2")  # one page: seven cells of 28 mm across flats
    cell = 28.0 ** 2 * 3 ** 0.5 / 2
    area = plan.sheet.printable
    assert content_share(drawing, plan, plan.pages[0]) == pytest.approx(19 * cell / (area.width * area.height))


def test_rows_may_turn_and_every_guarantee_holds():
    drawing, plan = plan_for("hex:12", "a4", avoid=True)
    assert plan.mixed and {plan.sheet_of(p).landscape for p in plan.pages} == {True, False}
    assert assert_plan_is_right(drawing, plan) >= len(plan.pages) - 1
    for page in plan.pages:  # each window is its own sheet's board area
        sheet = plan.sheet_of(page)
        assert (page.window.width, page.window.height) == (sheet.printable.width, sheet.printable.height - 7.0)
    document, plan = paginated_document(drawing.scene, make_sheet("a4", BOARD_MARGIN), "hex:12",
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    for page, tiled in zip(document.pages[1:], plan.pages):
        sheet = plan.sheet_of(tiled)
        assert (page.scene.width, page.scene.height) == (sheet.width, sheet.height)
    notes = " ".join(i.text for i in document.pages[0].scene.layer("notes").items)
    assert "landscape" in notes and "portrait" in notes


def test_one_orientation_when_asked():
    for orientation in ("portrait", "landscape"):
        plan = plan_for("hex:12", "a4", orientation=orientation)[1]
        assert not plan.mixed and plan.sheet.landscape == (orientation == "landscape")


def test_marks_coincide_between_offset_rows():
    drawing, plan = plan_for("hex:9", "letter", avoid=True)
    offset = [(upper, lower) for upper in plan.pages for lower in plan.pages
              if lower.row == upper.row + 1 and lower.window.x != upper.window.x and marks_between(upper, lower)]
    assert len(offset) >= 3
    for upper, lower in offset:
        for x, y in marks_between(upper, lower):
            assert y == lower.window.y  # on the lower page's trim edge, the same board point on both pages
            assert max(upper.window.x, lower.window.x) < x < min(upper.window.right, lower.window.right)
            assert upper.window.y < y < upper.window.bottom
    assert_plan_is_right(drawing, plan)


@pytest.mark.parametrize("spec", ["hex:6", "hex:12", "tess:3", "rect:13x11", "hex:18"])
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


def test_a_top_edge_stops_where_the_right_neighbour_will_cover_it():
    rows = [[Rect(0, 0, 100, 50)], [Rect(0, 40, 100, 50), Rect(60, 40, 100, 50)]]
    assert list(shared_edges(rows)) == [
        (1, 2, ((60, 40), (60, 90))),  # page 3's left edge over page 2
        (0, 1, ((0, 40), (60, 40))),  # page 2's top edge over page 1, only where page 3 will not cover it
        (0, 2, ((60, 40), (100, 40))),
    ]


def test_pages_are_labelled_by_position_trimmed_where_they_lie_over_earlier_pages_and_marked():
    drawing = board_scene(parse_board("hex:9"))
    document, plan = paginated_document(drawing.scene, make_sheet("letter", BOARD_MARGIN), "hex:9",
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    assert not plan.aligned and plan.arrangement == "2 rows of 3 and 3 pages"
    notes = " ".join(i.text for i in document.pages[0].scene.layer("notes").items)
    assert "2 rows of 3 and 3 pages" in notes and "courses of bricks" in notes
    assert "in number order, row by row" in notes.replace("  ", " ")
    for page, tiled in zip(document.pages[1:], plan.pages):
        texts = [i.text for i in page.scene.items() if isinstance(i, Text)]
        assert f"hex:9: row {tiled.row}, position {tiled.column}, page {tiled.number} of 6" in texts
        assert page.bookmark == f"Page {tiled.number} (row {tiled.row}, position {tiled.column})"
        area = plan.sheet_of(tiled).printable
        ox, oy = area.x, area.y
        dashed = {item.points for item in page.scene.layer("marks").items
                  if isinstance(item, Polygon) and item.style.dash}
        left, upper = laid_over(plan, tiled)
        assert left == (tiled.column > 1) and upper == (tiled.row > 1)
        assert (((ox, oy), (ox, oy + tiled.window.height)) in dashed) == left
        assert (((ox, oy), (ox + tiled.window.width, oy)) in dashed) == upper
        targets = sorted((u.x, u.y) for u in page.scene.layer("marks").items if isinstance(u, Use))
        assert targets == sorted(plan.to_sheet(tiled, point) for point in tiled.marks)


def test_the_footer_label_and_scale_bar_share_one_line_without_touching():
    drawing = board_scene(parse_board("hex:18"))
    document, plan = paginated_document(drawing.scene, make_sheet("a4", BOARD_MARGIN), "MODLINSEQ board hex:18",
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    from modlinseq_print.render.text_metrics import text_width
    for page in document.pages[1:]:
        footer = page.scene.layer("footer").items
        label = next(i for i in footer if isinstance(i, Text) and i.font == "Helvetica-Bold")
        bar_left = next(i.x for i in footer if isinstance(i, Use))
        assert label.x + text_width(label.text, label.font, label.size) + 3.0 <= bar_left
        assert bar_left + 50.0 <= page.scene.width - 6.0 + 1e-6


def test_plans_and_files_are_deterministic():
    first, second = plan_for("hex:12", "a4", avoid=True)[1], plan_for("hex:12", "a4", avoid=True)[1]
    assert first == second
    drawing = board_scene(parse_board("tess:3"))

    def pdf():
        document, _ = paginated_document(drawing.scene, make_sheet("letter"), "tess:3", keep_whole=drawing.cell_boxes(),
                                         content=drawing.content_boxes(), avoid=drawing.label_boxes())
        return document_to_pdf(document)

    assert pdf() == pdf()


def test_board_command_describes_the_pages(cli, tmp_path):
    result = cli("board", "--board", "hex:12", "--paper", "a4", "-o", tmp_path / "b.pdf")
    assert result.status == 0
    assert "8 a4 (4 portrait, 4 landscape) pages at actual size in 3 rows of 2, 4 and 2 pages" in result.out


def test_item_boxes_cover_their_items():
    from modlinseq_print.render.scene import Circle, Style, item_box, symbol_boxes
    drawing = board_scene(parse_board("hex:2"))
    box_of = symbol_boxes(drawing.scene)
    cell = box_of("cell")
    assert cell[2] - cell[0] == pytest.approx(28.0 + 0.25 * 2, abs=0.6) and cell[0] < 0 < cell[2]
    use = drawing.scene.layer("cells").items[0]
    assert item_box(use, box_of) == (cell[0] + use.x, cell[1] + use.y, cell[2] + use.x, cell[3] + use.y)
    assert item_box(Circle(5, 5, 2, Style(stroke=None)), box_of) == (3, 3, 7, 7)
    x0, _, x1, _ = item_box(Text(50, 10, "A37", 3.0, anchor="start"), box_of)
    assert x0 <= 50 and x1 >= 50 + 3 * 3 * 0.667


def test_assembly_numbers_stay_apart_where_frames_overlap():
    drawing = board_scene(parse_board("hex:18"))
    document, plan = paginated_document(drawing.scene, make_sheet("letter", BOARD_MARGIN), "hex:18",
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    numbers = [i for i in document.pages[0].scene.layer("grid").items if isinstance(i, Text)]
    assert [n.text for n in numbers] == [str(k) for k in range(1, len(plan.pages) + 1)]
    for i, a in enumerate(numbers):
        for b in numbers[i + 1:]:
            assert abs(a.x - b.x) >= 10.0 or abs(a.y - b.y) >= 10.0, (a.text, b.text)
