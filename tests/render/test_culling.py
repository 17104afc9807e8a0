"""SVG and PNG pages hold only what shows on them: a tiled board page keeps the cells of its window (whatever
made the document: the board command, the library, a kit), and draws pixel for pixel as the whole board
clipped to that window does."""

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.board_pages import board_document
from modlinseq_print.render.culling import MIN_CULLED_ITEMS, Indexes, culled
from modlinseq_print.render.output import render_pages
from modlinseq_print.render.png_writer import scene_to_png
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Document, Embed, Scene, Text, Use
from render_helpers import flatten


def board_pages(spec: str, **style):
    drawing = board_scene(parse_board(spec), BoardStyle(**style))
    document, _ = board_document(drawing, "a4")
    return drawing, document


def test_culled_pages_hold_only_what_shows_in_their_window():
    drawing, document = board_pages("hex:9")
    cells, labels = drawing.scene.layer("cells").items, drawing.scene.layer("labels").items
    indexes = Indexes()
    for page in document.pages[1:]:
        embed = next(i for i in page.scene.items() if isinstance(i, Embed))
        shown = next(i for i in culled(page.scene, indexes).items() if isinstance(i, Embed)).scene
        cx, cy, width, height = embed.clip
        w = Rect(cx - embed.x, cy - embed.y, width, height)  # the window, in the board's millimetres
        kept = {(u.x, u.y) for u in shown.layer("cells").items}
        meets = {(u.x, u.y) for u in cells if w.x - 17 < u.x < w.right + 17 and w.y - 19 < u.y < w.bottom + 19}
        inside = {(u.x, u.y) for u in cells if w.x + 17 < u.x < w.right - 17 and w.y + 19 < u.y < w.bottom - 19}
        assert inside <= kept <= meets and len(kept) < len(cells) / 2
        kept_labels = {t.text for t in shown.layer("labels").items}
        assert {t.text for t in labels if w.contains(Rect(t.x - 3, t.y - 3, 6, 6))} <= kept_labels
        assert shown.symbols is drawing.scene.symbols
    assert len(indexes._by_scene) == 1  # one index of the board serves every page


@pytest.mark.parametrize("spec, style", [("hex:9", {}), ("tess:3", {"pattern": "bonus-malus", "arrows": True}),
                                         ("rect:12x7", {"centre_dots": True, "theme": "bw"})])
def test_culled_pages_draw_exactly_as_the_whole_board_clipped(spec, style):
    _, document = board_pages(spec, **style)
    indexes = Indexes()
    for page in document.pages:
        assert scene_to_png(culled(page.scene, indexes), 40) == scene_to_png(page.scene, 40)


def test_the_svg_and_png_writers_cull_every_document_and_the_pdf_keeps_one_board():
    drawing, document = board_pages("hex:9")
    cells = len(drawing.scene.layer("cells").items)
    pages = render_pages(document, "svg")
    for svg in pages[1:]:
        placements, texts = flatten(svg, {"scene1-cell"})  # the board, drawn inside the page
        assert 10 < len(placements) < cells / 2 and len(texts) < cells / 2
    whole = render_pages(Document([document.pages[1]]), "pdf")[0]
    assert b"/Subtype /Form" in whole  # the PDF's page draws the one board form through its window


def test_a_kit_board_page_holds_only_its_window():
    import modlinseq_print as mp

    kit = mp.kit("standard").kit
    page = next(p for p in kit.document.pages
                if any(isinstance(i, Embed) and i.clip for i in p.scene.items()))
    whole = next(i for i in page.scene.items() if isinstance(i, Embed)).scene
    placements, _ = flatten(render_pages(Document([page]), "svg")[0], {"scene1-cell"})
    assert 10 < len(placements) < len(whole.layer("cells").items) / 2


def test_small_drawings_and_unclipped_ones_are_kept_whole():
    small = Scene(50, 50)
    small.define("s", [])
    for n in range(MIN_CULLED_ITEMS - 1):
        small.add(Use("s", n % 50, n // 50))
    page = Scene(100, 100)
    page.add(Embed(small, 0, 0, 1.0, (0, 0, 10, 10)))
    page.add(Text(5, 5, "A0", 3))
    assert culled(page, Indexes()) is page
    drawing, _ = board_pages("hex:4")
    unclipped = Scene(100, 100)
    unclipped.add(Embed(drawing.scene, 0, 0, 0.1))
    assert culled(unclipped, Indexes()) is unclipped
