"""Alignment marks of a paginated board keep off the cell labels."""

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.pagination import best_plan


def test_alignment_marks_keep_off_the_cell_labels():
    """On the standard kit's board pages targets covered addresses (E13, B41, E7 on page 1)."""
    drawing = board_scene(parse_board("hex:9"), BoardStyle(modulus=13))
    options = dict(keep_whole=drawing.cell_boxes(), content=drawing.content_boxes())
    sheet = make_sheet("a4")

    def covered(plan):
        labels = drawing.label_boxes()
        return [point for page in plan.pages for point in page.marks
                if any(Rect(point[0] - 3.5, point[1] - 3.5, 7.0, 7.0).intersects(box) for box in labels)]

    assert covered(best_plan(drawing.scene.width, drawing.scene.height, sheet, **options))  # the old placement
    plan = best_plan(drawing.scene.width, drawing.scene.height, sheet, avoid=drawing.label_boxes(), **options)
    assert plan.pages and not covered(plan)
    for page in plan.pages:  # still two marks per shared edge, inside the page
        assert all(page.window.x - 1e-6 <= x <= page.window.right + 1e-6 for x, _ in page.marks)
