"""The print-and-play kit: one document of cover, rules and teacher's reference, players' aids, board, tiles,
markers and worksheet."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from modlinseq_print import options
from modlinseq_print.errors import FieldError, ModlinseqError, mention
from modlinseq_print.geometry.boards import Board, parse_board
from modlinseq_print.i18n import using
from modlinseq_print.rules.exercises import check_exercise_count, check_seed, make_worksheet
from modlinseq_print.kits.front import kit_cover
from modlinseq_print.kits.game_facts import facts_line
from modlinseq_print.kits.game_length import GameLength, game_lengths, pad_rounds, pad_note
from modlinseq_print.printables.board_names import board_shape
from modlinseq_print.kits.measures import Measures, measure
from modlinseq_print.kits.piece_counts import kit_copies, kit_markers
from modlinseq_print.kits.preset_keys import preset_error
from modlinseq_print.kits.presets import Preset
from modlinseq_print.printables.board import BoardStyle, board_scene
from modlinseq_print.printables.board_pages import check_page_count
from modlinseq_print.printables.box_sets import BoxSet, piece_size, pieces_box
from modlinseq_print.printables.pieces import PieceFaces, with_markers
from modlinseq_print.printables.player_aids import score_pad_pages, turn_card_pages
from modlinseq_print.printables.reference import appendix_pages, reference_pages, table_fits_page, teacher_pages
from modlinseq_print.kits.shared_page import share_page
from modlinseq_print.printables.rules_sheet import ReferenceSpec, example_for
from modlinseq_print.rules.examples import ExampleGame
from modlinseq_print.printables.tile_sheets import Placement, SheetOptions, TileSheets, build_sheets
from modlinseq_print.printables.tiles import Piece, TileLook, tile_set
from modlinseq_print.printables.worksheet import worksheet_pages
from modlinseq_print.render.paper import Sheet
from modlinseq_print.render.scene import Document, Page, Scene
from modlinseq_print.render.theme import get_theme
from modlinseq_print.units import parse_length
from modlinseq_print.render.marks import number_pages
from modlinseq_print.render.pagination import PagePlan
from modlinseq_print.render.pagination_pages import paginated_document
from modlinseq_print.wording import _

#: What to do about a kit's board of too many pages.
KIT_ADVICE = f"give the board bigger paper ({mention('board.paper', 'a3')}) or choose a smaller board"
KIT_STEPS = 6  # the progress steps of build_kit
FLOW_INSET = 6.0  # mm between the paper margin and flowing text, leaving room for the page number


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

    def summary(self, size: int) -> str:
        """The kit in one line, given the bytes of its file: '48 pages (cover 1, rules 4, board 12, ...), 890 KB'."""
        parts = ", ".join(f"{(s.name or s.title).lower()} {len(s.pages)}" for s in self.sections)
        return f"{len(self.document.pages)} pages (cover 1, {parts}), {size / 1024:.0f} KB"


def with_exercises(preset: Preset, count: int | None = None, seed: int | None = None) -> Preset:
    """The preset with its worksheet's problem count and problem set replaced (None keeps the preset's own)."""
    if count is not None:
        check_exercise_count(count, 0)
    if seed is not None:
        check_seed(seed)
    changes = {key: value for key, value in (("count", count), ("seed", seed)) if value is not None}
    return replace(preset, exercises=replace(preset.exercises, **changes))


def board_style(preset: Preset, m: Measures) -> BoardStyle:
    """The board's look from a preset."""
    return options.board_style({"theme": preset.theme, "tile_width": m.tile_width, "clearance": m.clearance,
                                "tile_shape": preset.tiles.shape, "cell_size": m.cell_size,
                                "labels": preset.board.labels, "pattern": preset.board.pattern,
                                "modulus": preset.modulus})


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
    title = _("Board ({shape})").format(shape=board_shape(board))
    document, plan = paginated_document(drawing.scene, sheet, title, overlap=m.overlap,
                                        orientation=preset.board.orientation, keep_whole=drawing.cell_boxes(),
                                        content=drawing.content_boxes(), avoid=drawing.label_boxes(), numbered=False)
    check_page_count(preset.board.spec, sheet.name, len(plan.pages), advice=KIT_ADVICE, field="board.paper")
    return Section(_("Board"), document.pages[-len(plan.pages):], sheet.margin, "Board"), plan, drawing.scene


def kit_pieces(preset: Preset) -> list[Piece]:
    """Every piece of the kit: number tiles, wild tiles, blockers, then the modulus markers."""
    tiles = preset.tiles
    pieces = tile_set(preset.modulus, kit_copies(preset), tiles.no_zero, None, tiles.wild, tiles.blockers)
    return with_markers(pieces, kit_markers(preset), preset.markers.copies)


def kit_faces(preset: Preset) -> PieceFaces:
    """How the kit's pieces look: the preset's tile look and theme."""
    pieces = kit_pieces(preset)
    return PieceFaces(tile_look(preset, measure(preset)), get_theme(preset.theme), pieces)


def piece_section(preset: Preset, press=None, first_page: int | None = None) -> tuple[Section, TileSheets,
                                                                                     dict[str, int]]:
    """The tiles, wild tiles, blockers and modulus markers together on one run of sheets (with their backs),
    the sheets (where every piece went) and the count of each kind; with `press` (PressOptions), spaced and
    bled for die cutting. `first_page` is the kit page of the first sheet (its footers name kit pages)."""
    pieces, faces = kit_pieces(preset), kit_faces(preset)
    has_markers = any(p.kind == "marker" for p in pieces)
    title = "Tiles and modulus markers" if has_markers else "Tiles"  # translated by the sheets
    m = measure(preset)
    sheet = m.pieces_sheet
    options = replace(sheet_options(preset, m, title), first_page=first_page)
    if press is not None:
        gap, bleed = press.sheet_spacing(options.gap, faces.look.bleed, faces.look.width)
        faces, options = faces.with_look(replace(faces.look, bleed=bleed)), replace(options, gap=gap)
    sheets = build_sheets(pieces, faces, sheet, options)
    counts = {kind: sum(p.kind == kind for p in pieces) for kind in ("number", "wild", "blocker", "marker")}
    return Section(_(title), sheets.document.pages, sheet.margin, title), sheets, counts


def kit_box(preset: Preset, m: Measures | None = None, mode: str = "plain", cutter=None) -> BoxSet:
    """The box for the kit's tiles and markers on the piece sheets' paper: a tray and its lid, stacks of
    pieces as thick as one layer of the [box] card (two for gutter-fold tiles), the [box] play around them;
    `mode` plain, press (die and crease lines) or print-and-cut (for `cutter`, a Cutter; None: the default)."""
    m = m or measure(preset)
    layers = 2 if preset.tiles.sheet_layout == "gutter-fold" else 1
    piece = piece_size(m.tile_width, preset.tiles.shape, preset.box.card, layers)
    play = parse_length(preset.box.play, "box.play")
    return pieces_box(len(kit_pieces(preset)), piece, preset.box.card, play, m.pieces_sheet, mode, preset.title,
                      cutter)


def text_sections(preset: Preset, sheet: Sheet, exercises: int, spec: ReferenceSpec,
                  game: ExampleGame, facts: str = "") -> tuple[Section, list[Section]]:
    """The rules sheet and reference card, then the sections that follow the pieces: the worksheet with its
    answers when exercises are asked for, and the appendix of every sequence when the table is longer than a
    page and the preset asks for it (`sequence_appendix`); a table that fits one page stays on the card. `facts`
    (players, age, playing time) stands under the rules' title."""
    margin = sheet.margin + FLOW_INSET
    fits = table_fits_page(spec.modulus, sheet.width, sheet.height, margin)
    scenes = reference_pages(spec, sheet.width, sheet.height, margin, game, preset.aids.reference, table=fits,
                             facts=facts)
    title = "Rules and reference card" if preset.aids.reference else "Rules"
    reference = Section(_(title), _pages(scenes, "reference"), sheet.margin, title)
    after = []
    if exercises:
        problems = make_worksheet(exercises, preset.exercises.seed, preset.modulus)
        sheet_pages, answer_pages = worksheet_pages(problems, sheet.width, sheet.height, preset.exercises.seed,
                                                    margin, preset.modulus)
        after += [Section(_("Practice problems"), _pages(sheet_pages, "problems"), sheet.margin, "Practice problems"),
                  Section(_("Answers"), _pages(answer_pages, "answers"), sheet.margin, "Answers")]
    if preset.aids.reference and not fits and preset.sequence_appendix:
        pages = appendix_pages(spec.modulus, sheet.width, sheet.height, margin)
        after.append(Section(_("Appendix: every sequence"), _pages(pages, "appendix"), sheet.margin,
                             "Appendix: every sequence"))
    return reference, after


def box_section(preset: Preset, sheet: Sheet, spec: ReferenceSpec, game: ExampleGame, reference: Section,
                press=None, facts: str = "") -> tuple[Section, Section | None]:
    """The box page, and the rules section as it stands with it: when the teacher's reference takes a page of
    its own after the rules and fits under the box's nets, it moves there (one sheet fewer) and the rules
    section is the rules alone. No box page (None) when no box can be made for the pieces on the kit's paper:
    a kit of far more pieces than the shipped ones (a board much larger than theirs) leaves its box out."""
    try:
        box = kit_box(preset, mode="plain" if press is None else "press")
    except ModlinseqError:
        return reference, None
    margin = measure(preset).pieces_sheet.margin
    alone = Section(_("Box"), [Page(box.scene, label="box")], margin, "Box")
    if not preset.aids.reference:
        return reference, alone
    inset = sheet.margin + FLOW_INSET
    rules = reference_pages(spec, sheet.width, sheet.height, inset, game, teacher=False, facts=facts)
    teacher = teacher_pages(spec, sheet.width, sheet.height, inset,
                            table_fits_page(spec.modulus, sheet.width, sheet.height, inset))
    shared = share_page(box.scene, teacher[0], margin) if len(rules) < len(reference.pages) == len(rules) + 1 \
        and len(teacher) == 1 else None
    if shared is None:
        return reference, alone
    return (Section(_("Rules"), _pages(rules, "reference"), sheet.margin, "Rules"),
            Section(_("Box and teacher's reference"), [Page(shared, label="box")], margin,
                    "Box and teacher's reference"))


def aids_section(preset: Preset, sheet: Sheet, spec: ReferenceSpec, lengths: list[GameLength]) -> Section:
    """The players' aids: a turn card for each seat of the kit's largest player count, then (unless the preset
    leaves it out) the score pad with rows for the rounds its simulated games needed."""
    seats = max((length.players for length in lengths), default=2)
    pages = _pages(turn_card_pages(spec, sheet.width, sheet.height, sheet.margin, seats), "turn cards")
    if preset.aids.score_pad:
        pad = score_pad_pages(sheet.width, sheet.height, sheet.margin + FLOW_INSET, seats, pad_rounds(lengths),
                              pad_note(lengths))
        pages += _pages(pad, "score pad")
    return Section(_("Turn cards and score pad"), pages, sheet.margin, "Turn cards and score pad")


def reference_spec(preset: Preset, board: Board) -> ReferenceSpec:
    """What the kit's rules sheet and reference card describe: its modulus, variation, pieces and board."""
    tiles, markers = preset.tiles, preset.markers
    pieces = kit_pieces(preset)
    stock = sum(piece.kind in ("number", "wild") for piece in pieces)
    marker = any(piece.kind == "marker" and piece.value == preset.modulus for piece in pieces)
    return ReferenceSpec(preset.modulus, preset.board.wrap or board.default_wrap,
                         preset.board.pattern or board.default_pattern, tiles.wild, marker and markers.include,
                         preset.title, preset.board.spec, stock, tiles.blockers > 0, preset.theme, tiles.shape)


def assemble(sections: list[Section], cover: Page) -> list[Page]:
    """The pages in order, each section's first page bookmarked with the section's title."""
    cover.bookmark = _("Cover and contents")
    pages = [cover]
    for section in sections:
        for i, page in enumerate(section.pages):
            page.bookmark = section.title if i == 0 else None
        pages.extend(section.pages)
    return pages


def _contents(sections: list[Section]) -> list[tuple[str, int, int]]:
    """(title, first page, page count) of every section, the cover being page 1."""
    contents, first = [], 2
    for section in sections:
        contents.append((section.name or section.title, first, len(section.pages)))
        first += len(section.pages)
    return contents


def kit_stem(name: str, lang: str = "en") -> str:
    """A kit's file name without its extension: kit-NAME, and the language after it when it is not English
    (kit-starter-de), so that kits of one preset in several languages sit side by side."""
    return f"kit-{name}" if lang == "en" else f"kit-{name}-{lang}"


#: The titles of the shipped presets, which the catalogues translate (a title of the player's own is printed
#: as written): the cover, the rules sheet, the box and the document's title carry it.
SHIPPED_TITLES = ("MODLINSEQ: standard kit", "MODLINSEQ: standard kit (US Letter)", "MODLINSEQ: starter kit",
                  "MODLINSEQ: bonus and malus", "MODLINSEQ: tess-3 wrap-around")


def printed_title(title: str) -> str:
    """A kit's title in the language in use: a shipped preset's translated, any other as written."""
    return _(title) if title in SHIPPED_TITLES else title


def build_kit(preset: Preset, exercises: int | None = None, progress: Callable[[str], None] | None = None,
              press=None) -> Kit:
    """Build the whole kit for a preset, its text in the preset's language; `exercises` overrides the preset's
    worksheet size. `progress`, when given, is called with a label after each of the KIT_STEPS steps (e.g. a
    progress bar's `step`). A value's error names the preset's key."""
    try:
        with using(preset.lang):
            preset = replace(preset, title=printed_title(preset.title))
            return _build_kit(preset, exercises, progress or (lambda label: None), press)
    except FieldError as error:
        raise preset_error(error, preset.source or f"preset {preset.name}") from None


def _build_kit(preset: Preset, exercises: int | None, step: Callable[[str], None], press) -> Kit:
    count = preset.exercises.count if exercises is None else exercises
    sheet = measure(preset).text_sheet
    board = parse_board(preset.board.spec)
    spec = reference_spec(preset, board)
    game = example_for(spec)
    lengths = game_lengths(preset)  # the longest step: the kit's games played to their end
    step("simulated games")
    facts = facts_line(lengths)
    reference, worksheet = text_sections(preset, sheet, count, spec, game, facts)
    box = None
    if preset.box.include:
        reference, box = box_section(preset, sheet, spec, game, reference, press, facts)
    step("reference card")
    aids = aids_section(preset, sheet, spec, lengths)
    board_pages, plan, board_drawing = board_section(preset, board)
    step("board pages")
    pieces, sheets, counts = piece_section(preset, press, 2 + len(reference.pages) + len(aids.pages)
                                           + len(board_pages.pages))
    step("tiles and markers")
    sections = [reference, aids, board_pages, pieces, *([box] if box else []), *worksheet]
    scene = kit_cover(preset, sheet, inset=FLOW_INSET, contents=_contents(sections), counts=counts, game_board=board,
                      spec=spec, game=game, board=(board_drawing, plan, 2 + len(reference.pages) + len(aids.pages)),
                      lengths=lengths)
    step("cover")
    pages = assemble(sections, Page(scene, label="cover"))
    number_pages(pages, sheet, [sheet.margin] + [s.margin for s in sections for _page in s.pages])
    step("page numbers")
    first_piece_page = 1 + sum(len(s.pages) for s in sections[:sections.index(pieces)])
    return Kit(Document(pages, preset.title), sections, plan, counts, sheets.placements, first_piece_page)
