"""Write the documentation's preview pictures into docs/: pages of the standard kit (and its boxes) as PNG, the
first-kit tutorial's pictures made from the kit's own pages (cutting, assembling and the finished board), and
the report of a playtest of the standard kit."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.kits.build import board_section, board_style, build_kit
from modlinseq_print.kits.measures import measure
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.board import board_scene
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.box_sets import DECK_CARDS, deck_box
from modlinseq_print.printables.boxes import DEFAULT_CARD, DEFAULT_PLAY
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.output import write_output
from modlinseq_print.render.scene import Document, Embed, Page, Polygon, Scene, Style
from modlinseq_print.render.pagination_pages import paginated_document

DOCS = Path(__file__).resolve().parent.parent / "docs"
DPI = 50.0
#: picture name -> (kit section, page within the section)
PICTURES = {
    "preview-cover.png": (None, 0),
    "preview-reference.png": ("Rules", 0),  # the rules sheet: how to play
    "preview-reference-card.png": ("Rules", 1),  # the end of the rules: the worked example, the questions
    "preview-turn-cards.png": ("Turn cards and score pad", 0),  # four turn cards on a sheet
    "preview-score-pad.png": ("Turn cards and score pad", 1),
    "preview-box.png": ("Box and teacher's reference", 0),  # the box's nets, the teacher's reference under them
    "preview-board-assembly.png": ("assembly", 0),
    "preview-board-page.png": ("Board", 2),
    "preview-tiles.png": ("Tiles and modulus markers", 0),
    "preview-markers.png": ("Tiles and modulus markers", 2),  # the second fronts page: the markers after the tiles
}


def board_assembly_page(preset) -> Page:
    """The `board` command's assembly page of the kit's board (the kit shows the diagram on its cover)."""
    m = measure(preset)
    board = parse_board(preset.board.spec)
    drawing = board_scene(board, board_style(preset, m))
    document, _ = paginated_document(drawing.scene, m.board_sheet, f"MODLINSEQ board ({board_shape(board)})",
                                     keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                                     avoid=drawing.label_boxes())
    return document.pages[0]


def main() -> int:
    """Build the standard kit (with its optional box) and write one PNG per picture."""
    preset = load_preset("standard")
    kit = build_kit(replace(preset, box=replace(preset.box, include=True), measures=None))
    sections = {section.name: section.pages for section in kit.sections}
    sections["assembly"] = [board_assembly_page(preset)]
    for name, (title, index) in PICTURES.items():
        page = kit.document.pages[0] if title is None else sections[title][index]
        written = write_output(Document([page]), DOCS / name, "png", DPI)
        print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")
    translated_reference(preset)
    tutorial_pictures(kit, board_section(preset, parse_board(preset.board.spec))[2])
    tuck = deck_box(DECK_CARDS, DEFAULT_CARD, DEFAULT_PLAY, make_sheet("a4", "8mm"), "plain")
    written = write_output(Document([Page(tuck.scene)]), DOCS / "preview-tuck-box.png", "png", DPI)
    print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")
    return playtest_report()


SHEET_EDGE = Style(fill="#ffffff", stroke="#9e9e9e", stroke_width=0.6)  # a sheet of paper, over those beneath
CUTTING = (6.0, 6.0, 110.0, 75.0)  # mm of the first tile sheet shown: its top-left corner, outlines and all
LAID = 4  # board pages laid in the assembly picture: the work half done


def _write(scene: Scene, name: str, dpi: float) -> None:
    written = write_output(Document([Page(scene)]), DOCS / name, "png", dpi)
    print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")


def laid_pages(kit, count: int) -> Scene:
    """The kit's first `count` board pages laid where they go, each over the ones before (as the cover says),
    on the whole board's area: the assembly half done."""
    pages = next(s.pages for s in kit.sections if s.name == "Board")
    origins = [kit.plan.to_sheet(planned, (0.0, 0.0)) for planned in kit.plan.pages]
    left = min(-x for x, _ in origins)
    top = min(-y for _, y in origins)
    right = max(-x + kit.plan.sheet_of(p).width for (x, _), p in zip(origins, kit.plan.pages))
    bottom = max(-y + kit.plan.sheet_of(p).height for (_, y), p in zip(origins, kit.plan.pages))
    scene = Scene(right - left, bottom - top)
    for page, (x, y) in list(zip(pages, origins))[:count]:
        at_x, at_y = -x - left, -y - top
        w, h = page.scene.width, page.scene.height
        scene.add(Polygon(((at_x, at_y), (at_x + w, at_y), (at_x + w, at_y + h), (at_x, at_y + h)), SHEET_EDGE))
        scene.add(Embed(page.scene, at_x, at_y))
    return scene


def tutorial_pictures(kit, board: Scene) -> None:
    """The first-kit tutorial's pictures from the kit's own pages: the corner of the first tile sheet (cut along
    the outlines), the first board pages laid in number order, and the board they make (`board`, the drawing
    the kit's board pages are cut from)."""
    sheet = kit.document.pages[kit.piece_page].scene
    x, y, w, h = CUTTING
    _write(_crop(sheet, x, y, w, h), "tutorial-cutting.png", 90.0)
    _write(laid_pages(kit, LAID), "tutorial-assembly.png", 30.0)
    _write(board, "tutorial-finished-board.png", 30.0)


def _crop(scene: Scene, x: float, y: float, w: float, h: float) -> Scene:
    """The part of a page from (x, y), w x h mm, as a scene of its own."""
    crop = Scene(w, h)
    crop.add(Embed(scene, -x, -y, clip=(0.0, 0.0, w, h)))
    return crop


def playtest_report() -> int:
    """The report of twelve greedy games of the standard kit, as the play and playtest page shows it."""
    from modlinseq_print.cli import main as command_line

    return command_line(["simulate", "--games", "12", "-o", str(DOCS / "playtest-report.png"), "--dpi", "80"])


def translated_reference(preset) -> None:
    """The reference card of the standard kit in German: how a translated kit reads."""
    kit = build_kit(replace(preset, lang="de"))
    written = write_output(Document([kit.sections[0].pages[0]]), DOCS / "preview-reference-de.png", "png", DPI * 1.5)
    print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")


if __name__ == "__main__":
    sys.exit(main())
