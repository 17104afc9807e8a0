"""The print-and-play kit: one document of cover, reference card, board, tiles, markers and worksheet."""

from __future__ import annotations

from dataclasses import dataclass, replace

from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.kit.exercises import make_worksheet
from modlinseq_print.kit.presets import Preset
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.cover import GUIDE, cover_page
from modlinseq_print.printables.markers import MarkerFaces, marker_set, parse_range
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.printables.tile_sheets import SheetOptions, build_sheets
from modlinseq_print.printables.tiles import TileFaces, TileLook, tile_set
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.progress import Progress
from modlinseq_print.render.paper import Rect, Sheet, make_sheet
from modlinseq_print.render.scene import Document, Page, Scene, Text
from modlinseq_print.render.theme import get_theme
from modlinseq_print.render.tiling import TilePlan, assembly_diagram, tile_document
from modlinseq_print.units import parse_length

FLOW_INSET = 6.0  # mm between the paper margin and flowing text, leaving room for the page number
TILE_STEPS = {  # the cover's step for the tile and marker sheets, by layout (duplex: the GUIDE's own)
    "gutter-fold": "Tiles and markers: print the sheets one-sided. Fold each sheet along its dashed line with the "
                   "printed sides out, glue the halves together, then cut along the tile outlines through both layers.",
    "fronts": "Tiles and markers: print the sheets one-sided and cut along the tile outlines (the backs stay blank).",
}


@dataclass
class Section:
    """A run of kit pages under one bookmark."""

    title: str
    pages: list[Page]


@dataclass
class Kit:
    """The built kit: its document, its sections, the board's page plan and what it holds."""

    document: Document
    sections: list[Section]
    plan: TilePlan
    counts: dict[str, int]


def kit_guide(layout: str) -> list[str]:
    """The cover's how-to steps, the tiles' step matching the sheet layout."""
    return [TILE_STEPS.get(layout, step) if step.startswith("Tiles and markers:") else step for step in GUIDE]


def board_style(preset: Preset) -> BoardStyle:
    """The board's look from a preset."""
    cell = preset.board.cell_size
    return BoardStyle(theme=preset.theme, tile_width=parse_length(preset.tiles.width, "tiles.width"),
                      clearance=parse_length(preset.board.clearance, "board.clearance"),
                      tile_shape=preset.tiles.shape, cell_size=parse_length(cell, "board.cell_size") if cell else None,
                      labels=preset.board.labels, pattern=preset.board.pattern, modulus=preset.modulus)


def tile_look(preset: Preset) -> TileLook:
    """The tiles' look from a preset."""
    return TileLook(width=parse_length(preset.tiles.width, "tiles.width"), shape=preset.tiles.shape,
                    back_text=preset.tiles.back_text)


def _pages(scenes: list[Scene], label: str) -> list[Page]:
    return [Page(scene, label=f"{label} {i}" if len(scenes) > 1 else label) for i, scene in enumerate(scenes, 1)]


def board_section(preset: Preset, board: Board, sheet: Sheet) -> tuple[Section, TilePlan, Scene]:
    """The board at actual size over as many sheets as it needs (after its assembly page), its plan and scene."""
    drawing = board_scene(board, board_style(preset))
    document, plan = tile_document(drawing.scene, sheet, f"Board {preset.board.spec}",
                                   keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                                   avoid=drawing.label_boxes())
    return Section("Board", document.pages), plan, drawing.scene


def piece_sections(preset: Preset, sheet: Sheet, press=None) -> tuple[list[Section], dict[str, int]]:
    """The number tiles (with wild tiles and blockers) and the modulus markers, fronts and backs; with
    `press` (PressOptions), spaced and bled for die cutting."""
    look, theme = tile_look(preset), get_theme(preset.theme)
    options = SheetOptions(layout=preset.tiles.sheet_layout, title="Tiles")
    if press is not None:
        look = replace(look, bleed=press.piece_bleed(look.bleed, look.width))
        options = replace(options, gap=max(options.gap, press.die_spacing))
    pieces = tile_set(preset.modulus, preset.tiles.copies, preset.tiles.no_zero, None,
                      preset.tiles.wild, preset.tiles.blockers)
    faces = TileFaces(look, theme, sorted({p.label for p in pieces if p.kind != "blocker"}))
    sections = [Section("Tiles", build_sheets(pieces, faces, sheet, options).document.pages)]
    counts = {kind: sum(p.kind == kind for p in pieces) for kind in ("number", "wild", "blocker")}
    counts["marker"] = 0
    if preset.markers.include:
        low, high = parse_range(preset.markers.range)
        markers = marker_set(low, high)
        marker_faces = MarkerFaces(look, theme, list(range(low, high + 1)))
        options = replace(options, title="Modulus markers")
        sections.append(Section("Modulus markers", build_sheets(markers, marker_faces, sheet, options).document.pages))
        counts["marker"] = len(markers)
    return sections, counts


def text_sections(preset: Preset, board: Board, sheet: Sheet, exercises: int) -> tuple[Section, list[Section]]:
    """The reference card, and the worksheet with its answers when exercises are asked for."""
    spec = ReferenceSpec(preset.modulus, preset.board.wrap or board.default_wrap,
                         preset.board.pattern or board.default_pattern,
                         preset.tiles.wild, preset.markers.include, preset.title)
    margin = sheet.margin + FLOW_INSET
    reference = Section("Rules and reference card", _pages(reference_pages(spec, sheet.width, sheet.height, margin),
                                                             "reference"))
    if not exercises:
        return reference, []
    problems = make_worksheet(exercises, preset.exercises.seed, preset.modulus)
    sheet_pages, answer_pages = worksheet_pages(problems, sheet.width, sheet.height, preset.exercises.seed, margin)
    return reference, [Section("Practice problems", _pages(sheet_pages, "problems")),
                       Section("Answers", _pages(answer_pages, "answers"))]


def _summary(preset: Preset, counts: dict[str, int], cells: int) -> str:
    """One sentence on what the kit holds."""
    parts = [f"modulus {preset.modulus}", f"board {preset.board.spec} ({cells} cells)",
             f"{counts['number']} number tiles"]
    parts += [f"{counts[k]} {name}" for k, name in (("wild", "wild tiles"), ("blocker", "blockers"),
                                                   ("marker", "modulus markers")) if counts[k]]
    return "A print-and-play kit: " + ", ".join(parts) + "."


def number_pages(pages: list[Page], sheet: Sheet) -> None:
    """Print 'page N of M' at the bottom right of every page's printable area."""
    total = len(pages)
    for number, page in enumerate(pages, 1):
        scene = page.scene
        x = scene.width - sheet.margin
        y = scene.height - sheet.margin - 1.0
        scene.add(Text(x, y, f"page {number} of {total}", 3.0, anchor="end"), "folio")


def assemble(sections: list[Section], cover: Page) -> list[Page]:
    """The pages in order, each section's first page bookmarked with the section's title."""
    cover.bookmark = "Cover and contents"
    pages = [cover]
    for section in sections:
        for i, page in enumerate(section.pages):
            page.bookmark = section.title if i == 0 else None
        pages.extend(section.pages)
    return pages


def _cover_diagram(scene: Scene, sheet: Sheet, top: float, board: Scene, plan: TilePlan, first_page: int) -> None:
    """The board's assembly diagram in the free lower part of the cover, with a caption."""
    area = sheet.printable
    pages = len(plan.pages)
    caption = (f"Board assembly: frame n is board page n of {pages}, kit pages {first_page}-{first_page + pages - 1}"
               if pages > 1 else f"The board fits on one page (kit page {first_page}).")
    scene.add(Text(area.x + FLOW_INSET, top + 4.0, caption, 3.4, anchor="start", font="Helvetica-Bold"), "diagram")
    room = Rect(area.x, top + 8.0, area.width, area.bottom - top - 16.0)
    if room.height > 40.0:
        scene.layer("diagram").items.extend(assembly_diagram(board, plan, room))


def build_kit(preset: Preset, exercises: int | None = None, quiet: bool = True, press=None) -> Kit:
    """Build the whole kit for a preset; `exercises` overrides the preset's worksheet size."""
    count = preset.exercises.count if exercises is None else exercises
    progress = Progress(5, quiet=quiet)
    sheet = make_sheet(preset.paper, preset.margin)
    board = parse_board(preset.board.spec)
    reference, worksheet = text_sections(preset, board, sheet, count)
    progress.step("reference card")
    board_pages, plan, board_drawing = board_section(preset, board, sheet)
    progress.step("board pages")
    pieces, counts = piece_sections(preset, sheet, press)
    progress.step("tiles and markers")
    sections = [reference, board_pages, *pieces, *worksheet]
    contents, first = [], 2
    for section in sections:
        contents.append((section.title, first, len(section.pages)))
        first += len(section.pages)
    scene, top = cover_page(sheet.width, sheet.height, sheet.margin + FLOW_INSET, preset.title,
                            _summary(preset, counts, len(board)), contents, kit_guide(preset.tiles.sheet_layout))
    has_assembly_page = len(board_pages.pages) > len(plan.pages)
    first_board_page = 2 + len(reference.pages) + has_assembly_page
    _cover_diagram(scene, sheet, top, board_drawing, plan, first_board_page)
    progress.step("cover")
    pages = assemble(sections, Page(scene, label="cover"))
    number_pages(pages, sheet)
    progress.step("page numbers")
    progress.finish()
    return Kit(Document(pages, preset.title), sections, plan, counts)
