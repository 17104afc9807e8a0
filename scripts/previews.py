"""Write the documentation's preview pictures into docs/: pages of the standard kit (and its boxes) as PNG, and
the report of a playtest of the standard kit."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.kits.build import board_style, build_kit
from modlinseq_print.kits.measures import measure
from modlinseq_print.kits.preset_loading import load_preset
from modlinseq_print.printables.board import board_scene
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.printables.box_sets import DECK_CARDS, deck_box
from modlinseq_print.printables.boxes import DEFAULT_CARD, DEFAULT_PLAY
from modlinseq_print.render.paper import make_sheet
from modlinseq_print.render.output import write_output
from modlinseq_print.render.scene import Document, Page
from modlinseq_print.render.pagination_pages import paginated_document

DOCS = Path(__file__).resolve().parent.parent / "docs"
DPI = 50.0
#: picture name -> (kit section, page within the section)
PICTURES = {
    "preview-cover.png": (None, 0),
    "preview-reference.png": ("Rules and reference card", 0),  # the rules sheet: how to play
    "preview-reference-card.png": ("Rules and reference card", 1),  # the end of the rules, the teacher's reference
    "preview-turn-cards.png": ("Turn cards and score pad", 0),  # four turn cards on a sheet
    "preview-score-pad.png": ("Turn cards and score pad", 1),
    "preview-box.png": ("Box", 0),
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
    sections = {section.title: section.pages for section in kit.sections}
    sections["assembly"] = [board_assembly_page(preset)]
    for name, (title, index) in PICTURES.items():
        page = kit.document.pages[0] if title is None else sections[title][index]
        written = write_output(Document([page]), DOCS / name, "png", DPI)
        print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")
    translated_reference(preset)
    tuck = deck_box(DECK_CARDS, DEFAULT_CARD, DEFAULT_PLAY, make_sheet("a4", "8mm"), "plain")
    written = write_output(Document([Page(tuck.scene)]), DOCS / "preview-tuck-box.png", "png", DPI)
    print(f"wrote {written[0]} ({written[0].stat().st_size // 1024} KB)")
    return playtest_report()


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
