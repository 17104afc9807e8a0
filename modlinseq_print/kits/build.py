"""The print-and-play kit: one document of cover, reference card, board, tiles, markers and worksheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.i18n import using
from modlinseq_print.rules.exercises import check_exercise_count, check_seed, make_worksheet
from modlinseq_print.kits.measures import Measures, measure
from modlinseq_print.kits.presets import Preset
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.board_pages import check_page_count
from modlinseq_print.printables.cover import BOARD_STEP, GUIDE, cover_page
from modlinseq_print.printables.pieces import PieceFaces, with_markers
from modlinseq_print.printables.reference import ReferenceSpec, reference_pages
from modlinseq_print.printables.tile_sheets import Placement, SheetOptions, TileSheets, build_sheets
from modlinseq_print.printables.tiles import Piece, TileLook, tile_set
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Document, Page, Scene, Text
from modlinseq_print.render.text_metrics import wrap_text
from modlinseq_print.render.theme import get_theme
from modlinseq_print.render.marks import number_pages
from modlinseq_print.render.pagination import PagePlan
from modlinseq_print.render.pagination_pages import assembly_diagram, paginated_document
from modlinseq_print.wording import _, plural

#: What to do about a kit's board of too many pages.
KIT_ADVICE = 'give the board bigger paper ([board] paper = "a3") or choose a smaller board'
KIT_STEPS = 5  # the progress steps of build_kit
CAPTION_LEAD = 4.6  # mm between the lines of the cover's diagram caption
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
    margin: float  # the paper margin of its pages (the page number sits inside it)
    name: str = ""  # the title in English, for messages (the title is in the kit's language)


@dataclass
class Kit:
    """The built kit: its document, its sections, the board's page plan, what it holds, and where every
    piece went (placement pages count from the first page of the piece sheets, at kit page index
    `piece_page`, from 0)."""

    document: Document
    sections: list[Section]
    plan: PagePlan
    counts: dict[str, int]
    placements: list[Placement]
    piece_page: int


def kit_guide(layout: str, overlap: float) -> list[str]:
    """The cover's how-to steps, the tiles' step matching the sheet layout, the board's naming its overlap."""
    steps = [TILE_STEPS.get(layout, step) if step.startswith("Tiles and markers:") else step for step in GUIDE]
    return [_(BOARD_STEP).format(overlap=overlap) if step.startswith("Board:") else _(step) for step in steps]


def with_exercises(preset: Preset, count: int | None = None, seed: int | None = None) -> Preset:
    """The preset with its worksheet's problem count and seed replaced (None keeps the preset's own)."""
    if count is not None:
        check_exercise_count(count, 0, "--exercises")
    if seed is not None:
        check_seed(seed)
    changes = {key: value for key, value in (("count", count), ("seed", seed)) if value is not None}
    return replace(preset, exercises=replace(preset.exercises, **changes))


def board_style(preset: Preset, m: Measures) -> BoardStyle:
    """The board's look from a preset."""
    return BoardStyle(theme=preset.theme, tile_width=m.tile_width, clearance=m.clearance, tile_shape=preset.tiles.shape,
                      cell_size=m.cell_size, labels=preset.board.labels, pattern=preset.board.pattern,
                      modulus=preset.modulus)


def tile_look(preset: Preset, m: Measures) -> TileLook:
    """The look of the tiles and markers from a preset."""
    tiles = preset.tiles
    return TileLook(width=m.tile_width, shape=tiles.shape, underline=tiles.underline, bleed=m.bleed,
                    cut_line=tiles.cut_lines, back_text=tiles.back_text, safe=m.safe)


def sheet_options(preset: Preset, m: Measures, title: str) -> SheetOptions:
    """The layout of the tile and marker sheets from a preset's [tiles] table."""
    tiles = preset.tiles
    return SheetOptions(gap=m.gap, nest=tiles.nest, layout=tiles.sheet_layout, gutter=m.gutter,
                        back_offset=m.back_offset, crop_marks=tiles.crop_marks, title=title)


def _pages(scenes: list[Scene], label: str) -> list[Page]:
    return [Page(scene, label=f"{label} {i}" if len(scenes) > 1 else label) for i, scene in enumerate(scenes, 1)]


def board_section(preset: Preset, board: Board) -> tuple[Section, PagePlan, Scene]:
    """The board at actual size over as many sheets as it needs, its plan and scene. The kit leaves out the
    board's own assembly page: the cover carries the same diagram."""
    m = measure(preset)
    sheet = m.board_sheet
    drawing = board_scene(board, board_style(preset, m))
    title = _("Board {spec}").format(spec=preset.board.spec)
    document, plan = paginated_document(drawing.scene, sheet, title, m.overlap, preset.board.orientation,
                                        keep_whole=drawing.cell_boxes(), content=drawing.content_boxes(),
                                        avoid=drawing.label_boxes())
    check_page_count(preset.board.spec, sheet.name, len(plan.pages), advice=KIT_ADVICE)
    return Section(_("Board"), document.pages[-len(plan.pages):], sheet.margin, "Board"), plan, drawing.scene


def kit_pieces(preset: Preset) -> list[Piece]:
    """Every piece of the kit: number tiles, wild tiles, blockers, then the modulus markers."""
    tiles = preset.tiles
    pieces = tile_set(preset.modulus, tiles.copies, tiles.no_zero, None, tiles.wild, tiles.blockers)
    markers = preset.markers
    return with_markers(pieces, markers.range if markers.include and markers.copies else None, markers.copies)


def kit_faces(preset: Preset) -> PieceFaces:
    """How the kit's pieces look: the preset's tile look and theme."""
    pieces = kit_pieces(preset)
    return PieceFaces(tile_look(preset, measure(preset)), get_theme(preset.theme), pieces)


def piece_section(preset: Preset, press=None) -> tuple[Section, TileSheets, dict[str, int]]:
    """The tiles, wild tiles, blockers and modulus markers together on one run of sheets (with their backs),
    the sheets (where every piece went) and the count of each kind; with `press` (PressOptions), spaced and
    bled for die cutting."""
    pieces, faces = kit_pieces(preset), kit_faces(preset)
    has_markers = any(p.kind == "marker" for p in pieces)
    title = "Tiles and modulus markers" if has_markers else "Tiles"  # translated by the sheets
    m = measure(preset)
    sheet = m.pieces_sheet
    options = sheet_options(preset, m, title)
    if press is not None:
        gap, bleed = press.sheet_spacing(options.gap, faces.look.bleed, faces.look.width)
        faces, options = faces.with_look(replace(faces.look, bleed=bleed)), replace(options, gap=gap)
    sheets = build_sheets(pieces, faces, sheet, options)
    counts = {kind: sum(p.kind == kind for p in pieces) for kind in ("number", "wild", "blocker", "marker")}
    return Section(_(title), sheets.document.pages, sheet.margin, title), sheets, counts


def text_sections(preset: Preset, board: Board, sheet: Sheet, exercises: int) -> tuple[Section, list[Section]]:
    """The reference card, and the worksheet with its answers when exercises are asked for."""
    spec = ReferenceSpec(preset.modulus, preset.board.wrap or board.default_wrap,
                         preset.board.pattern or board.default_pattern,
                         preset.tiles.wild, preset.markers.include and preset.markers.copies > 0, preset.title)
    margin = sheet.margin + FLOW_INSET
    reference = Section(_("Rules and reference card"), _pages(reference_pages(spec, sheet.width, sheet.height, margin),
                                                             "reference"), sheet.margin, "Rules and reference card")
    if not exercises:
        return reference, []
    problems = make_worksheet(exercises, preset.exercises.seed, preset.modulus)
    sheet_pages, answer_pages = worksheet_pages(problems, sheet.width, sheet.height, preset.exercises.seed, margin)
    return reference, [Section(_("Practice problems"), _pages(sheet_pages, "problems"), sheet.margin,
                               "Practice problems"),
                       Section(_("Answers"), _pages(answer_pages, "answers"), sheet.margin, "Answers")]


def _summary(preset: Preset, counts: dict[str, int], cells: int) -> str:
    """One sentence on what the kit holds."""
    parts = [_("modulus {modulus}").format(modulus=preset.modulus),
             _("board {spec} ({cells})").format(spec=preset.board.spec, cells=plural(cells, "cell")),
             plural(counts["number"], "number tile")]
    parts += [plural(counts[k], name) for k, name in (("wild", "wild tile"), ("blocker", "blocker"),
                                                      ("marker", "modulus marker")) if counts[k]]
    return _("A print-and-play kit: {parts}.").format(parts=", ".join(parts))


def assemble(sections: list[Section], cover: Page) -> list[Page]:
    """The pages in order, each section's first page bookmarked with the section's title."""
    cover.bookmark = _("Cover and contents")
    pages = [cover]
    for section in sections:
        for i, page in enumerate(section.pages):
            page.bookmark = section.title if i == 0 else None
        pages.extend(section.pages)
    return pages


def _cover_diagram(scene: Scene, sheet: Sheet, top: float, board: Scene, plan: PagePlan, first_page: int) -> None:
    """The board's assembly diagram in the free lower part of the cover, with a caption."""
    area = sheet.printable
    pages = len(plan.pages)
    if pages > 1:
        caption = _("Board assembly: {width} x {height} mm on {pages}, kit pages {first}-{last}; "
                    "red frame n is board page n").format(
            width=f"{plan.board_width:.0f}", height=f"{plan.board_height:.0f}", pages=plural(pages, "page"),
            first=first_page, last=first_page + pages - 1)
    else:
        caption = _("The board fits on one page (kit page {first}).").format(first=first_page)
    lines = wrap_text(caption, area.width - 2 * FLOW_INSET, "Helvetica-Bold", 3.4)  # longer in some languages
    for i, line in enumerate(lines):
        scene.add(Text(area.x + FLOW_INSET, top + 4.0 + i * CAPTION_LEAD, line, 3.4, anchor="start",
                       font="Helvetica-Bold"), "diagram")
    top += (len(lines) - 1) * CAPTION_LEAD
    room = Rect(area.x, top + 8.0, area.width, area.bottom - top - 16.0)
    if room.height > 40.0:
        scene.layer("diagram").items.extend(assembly_diagram(board, plan, room))


def _contents(sections: list[Section]) -> list[tuple[str, int, int]]:
    """(title, first page, page count) of every section, the cover being page 1."""
    contents, first = [], 2
    for section in sections:
        contents.append((section.title, first, len(section.pages)))
        first += len(section.pages)
    return contents


def build_kit(preset: Preset, exercises: int | None = None, progress: Callable[[str], None] | None = None,
              press=None) -> Kit:
    """Build the whole kit for a preset, its text in the preset's language; `exercises` overrides the preset's
    worksheet size. `progress`, when given, is called with a label after each of the KIT_STEPS steps (e.g. a
    progress bar's `step`)."""
    with using(preset.lang):
        return _build_kit(preset, exercises, progress or (lambda label: None), press)


def _build_kit(preset: Preset, exercises: int | None, step: Callable[[str], None], press) -> Kit:
    count = preset.exercises.count if exercises is None else exercises
    sheet = measure(preset).text_sheet
    board = parse_board(preset.board.spec)
    reference, worksheet = text_sections(preset, board, sheet, count)
    step("reference card")
    board_pages, plan, board_drawing = board_section(preset, board)
    step("board pages")
    pieces, sheets, counts = piece_section(preset, press)
    step("tiles and markers")
    sections = [reference, board_pages, pieces, *worksheet]
    guide = kit_guide(preset.tiles.sheet_layout, plan.overlap)
    scene, top = cover_page(sheet.width, sheet.height, sheet.margin + FLOW_INSET, preset.title,
                            _summary(preset, counts, len(board)), _contents(sections), guide)
    _cover_diagram(scene, sheet, top, board_drawing, plan, 2 + len(reference.pages))
    step("cover")
    pages = assemble(sections, Page(scene, label="cover"))
    number_pages(pages, sheet, [sheet.margin] + [s.margin for s in sections for _page in s.pages])
    step("page numbers")
    first_piece_page = 1 + sum(len(s.pages) for s in sections[:sections.index(pieces)])
    return Kit(Document(pages, preset.title), sections, plan, counts, sheets.placements, first_piece_page)
