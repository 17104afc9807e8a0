"""Print sheets of tiles or markers: fronts packed on paper, duplex or gutter-fold backs, crop marks, a scale bar."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Protocol

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import excerpt
from modlinseq_print.printables.tiles import Piece, TileLook
from modlinseq_print.render.imposition import (
    FLIPS, Fold, ImpositionError, Slot, bounding_box, mirror_slot, page_slots, paginate, place_outline, sheet_folds,
)
from modlinseq_print.render.marks import CROP_GAP, CROP_LENGTH, MARK_WIDTH, folio_room, scale_bar
from modlinseq_print.render.paper import A6_SHEET, Sheet, check_room
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Document, Item, Page, Polygon, Scene, Style, Text
from modlinseq_print.render.text_metrics import fitted_lines, text_width
from modlinseq_print.units import parse_length
from modlinseq_print.wording import _

FOOTER = 8.0  # mm kept at the bottom of the printable area for the scale bar and caption
CAPTION_SIZE = 2.6
MIN_CAPTION_SIZE = 1.8  # mm: a caption too long for narrow paper is set smaller, down to this size, on up to 3 lines
MAX_BACK_OFFSET = 20.0  # mm; printers shift the back side by a few millimetres
LAYOUTS = ("fronts", "duplex", "gutter-fold")
DEFAULT_GUTTER = 6.0  # mm kept clear of pieces on each side of the fold
MAX_GUTTER = 50.0
FOLD_LABEL = "fold"
FOLD_STYLE = Style(stroke="#555555", stroke_width=MARK_WIDTH, dash=(3.0, 2.0))


class SheetError(ModlinseqError):
    """Sheet options that cannot work: a back offset too large, a gap out of range."""


class Faces(Protocol):
    """What draws pieces: their look, and items for a face, its text, and a back."""

    look: TileLook

    def face(self, piece: Piece, slot: Slot) -> list[Item]: ...

    def labels(self, piece: Piece, slot: Slot, colour: str | None = None) -> list[Item]: ...

    def back(self, piece: Piece, slot: Slot) -> list[Item]: ...

    def with_look(self, look: TileLook) -> "Faces": ...


def parse_back_offset(text: str) -> tuple[float, float]:
    """(x, y) in mm from 'X,Y' such as '1.5mm,-0.5mm' or '2,0' (a duplex printer's shift of the backs)."""
    parts = text.split(",")
    if len(parts) != 2:
        raise SheetError(f"bad back offset {excerpt(text)}: give X,Y, e.g. 1.5mm,-0.5mm")
    return check_back_offset((parse_length(parts[0], "back offset", allow_negative=True),
                              parse_length(parts[1], "back offset", allow_negative=True)))


def check_back_offset(offset: tuple[float, float]) -> tuple[float, float]:
    """The duplex back offset, if each way it is at most MAX_BACK_OFFSET: the one check of every command."""
    if max(abs(offset[0]), abs(offset[1])) > MAX_BACK_OFFSET:
        raise SheetError(f"a back offset of {offset[0]:g},{offset[1]:g} mm is too large: "
                         f"printers shift backs by a few mm; use at most {MAX_BACK_OFFSET:g} mm each way")
    return offset


@dataclass(frozen=True)
class SheetOptions:
    """Layout options: gap between cut lines, nesting, layout (fronts only, duplex backs pages or gutter-fold
    sheets), the gutter beside the fold, the duplex back offset, crop marks and the title. With `first_page`,
    the footers name the document's page numbers instead of counting sheets."""

    gap: float = 2.0
    nest: bool = True
    layout: str = "fronts"
    gutter: float = DEFAULT_GUTTER
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = False
    title: str = "MODLINSEQ tiles"
    flip: str = "long"  # duplex: the edge the printer turns the sheet over (long or short)
    first_page: int | None = None  # in a document that numbers its pages (a kit): the number of the first page
    footer: bool = True  # the scale bar and caption under the pieces (off for images a service or cutter takes)

    def __post_init__(self) -> None:
        if not 0 <= self.gap <= 50:
            raise SheetError(f"a gap of {self.gap:g} mm between tiles is out of range: use 0 to 50 mm, e.g. 2mm")
        if self.flip not in FLIPS:
            raise SheetError(f"unknown flip edge {excerpt(self.flip)}: use {' or '.join(FLIPS)}")
        if self.layout not in LAYOUTS:
            raise SheetError(f"unknown layout {excerpt(self.layout)}: use {', '.join(LAYOUTS)}")
        if not 0 <= self.gutter <= MAX_GUTTER:
            raise SheetError(f"a gutter of {self.gutter:g} mm beside the fold is out of range: use 0 to "
                             f"{MAX_GUTTER:g} mm, e.g. {DEFAULT_GUTTER:g}mm")
        check_back_offset(self.back_offset)
        if self.back_offset != (0.0, 0.0) and self.layout != "duplex":
            raise SheetError(f"a back offset corrects a duplex printer's shift, and the {self.layout} layout prints "
                             "no backs on a reverse side: drop the back offset or use the duplex layout")

    @property
    def duplex(self) -> bool:
        """True when a mirrored backs page follows each fronts page."""
        return self.layout == "duplex"


@dataclass(frozen=True)
class Placement:
    """Where one piece went: its front slot (slot.page is the sheet), the document page of the front
    (from 0), and, when it has a back, the back's slot and document page (the next page for duplex,
    the same page for gutter-fold)."""

    piece: Piece
    slot: Slot
    page: int
    back: Slot | None = None
    back_page: int | None = None


@dataclass
class TileSheets:
    """The document to write, where every piece is, and the fold of a gutter-fold layout."""

    document: Document
    placements: list[Placement]
    sheet: Sheet
    fold: Fold | None = None


def tile_area(sheet: Sheet, options: SheetOptions) -> Rect:
    """The part of the printable area the pieces may use: above the footer, inside the crop-mark band."""
    area = sheet.printable
    area = Rect(area.x, area.y, area.width, area.height - (FOOTER if options.footer else 0.0))
    return area.inset(CROP_LENGTH + CROP_GAP) if options.crop_marks else area


def packing_gap(look: TileLook, gap: float) -> float:
    """The gap between printed footprints: cut lines stay `gap` apart, bleeds may touch but never overlap."""
    return max(gap - 2 * look.bleed, 0.0)


def build_sheets(pieces: list[Piece], faces: Faces, sheet: Sheet, options: SheetOptions = SheetOptions()) -> TileSheets:
    """Fronts pages holding every piece: with duplex, a mirrored backs page after each; with gutter-fold,
    the backs on the same page, mirrored across the fold line."""
    look = faces.look
    if options.footer:
        check_room(sheet.width, sheet.height, sheet.margin, A6_SHEET, "a sheet of pieces")
    per_page, fold = sheet_slots(look, sheet, options)
    pages = paginate(len(pieces), per_page)
    document = Document([], title=options.title)
    placements: list[Placement] = []
    queue = iter(pieces)
    for number, slots in enumerate(pages, start=1):
        front, front_page = _page_scene(sheet), len(document.pages)
        back = _page_scene(sheet) if options.duplex else None
        for slot in slots:
            piece = next(queue)
            front.layer("tiles").items.extend(faces.face(piece, slot))
            placements.append(_place_back(piece, slot, front_page, faces, front if fold else back, fold, options))
        if options.crop_marks:
            front.layer("marks").items.extend(tile_crop_marks([place_outline(look.outline, s) for s in slots],
                                                              [place_outline(look.footprint, s) for s in slots]))
        if fold:
            front.layer("marks").items.extend(fold_marks(fold, sheet)[0])
        page = None if options.first_page is None else options.first_page + front_page
        if options.footer:
            _footer(front, sheet, _front_caption(_(options.title), number, len(pages), fold, page, back is not None),
                    scale=True, folio=page is not None)
        document.pages.append(Page(front, bookmark=_(options.title) if number == 1 else None,
                                   label=f"sheet {number}" if fold else f"sheet {number} fronts"))
        if back is not None:
            flipping = _(f"flipping on the {options.flip} edge")
            if page is None:
                caption = _("{title}: sheet {number} of {total}, backs: print on the reverse, {flipping}").format(
                    title=_(options.title), number=number, total=len(pages), flipping=flipping)
            else:
                caption = _("{title}: the backs of page {page}: print them on its reverse, {flipping}").format(
                    title=_(options.title), page=page, flipping=flipping)
            if options.footer:
                _footer(back, sheet, caption, scale=False, folio=page is not None)
            document.pages.append(Page(back, label=f"sheet {number} backs"))
    return TileSheets(document, placements, sheet, fold)


def sheet_slots(look: TileLook, sheet: Sheet, options: SheetOptions) -> tuple[list[Slot], Fold | None]:
    """The fronts' slots of one sheet, and the fold of a gutter-fold layout (None for the others); a one-line
    error when not one piece fits."""
    what = f"{look.width:g} mm {look.shape} tile"
    if options.layout == "gutter-fold":
        return gutter_fold_slots(look, sheet, options, what)
    return page_slots(look.footprint, tile_area(sheet, options), packing_gap(look, options.gap), options.nest,
                      what), None


def _place_back(piece: Piece, slot: Slot, front_page: int, faces: Faces, scene: Scene | None, fold: Fold | None,
                options: SheetOptions) -> Placement:
    """Draw a piece's back (on the backs page, or across the fold) when it has one; return its placement."""
    if scene is None:
        return Placement(piece, slot, front_page)
    if fold is not None:
        back, page, layer = fold.mirror_slot(slot), front_page, "backs"
    else:
        back, page, layer = mirror_slot(slot, scene.width, options.back_offset, options.flip,
                                                   scene.height), front_page + 1, "tiles"
    scene.layer(layer).items.extend(faces.back(piece, back))
    return Placement(piece, slot, front_page, back, page)


def _front_caption(title: str, number: int, total: int, fold: Fold | None, page: int | None = None,
                   backs: bool = False) -> str:
    """A fronts page's footer: which sheet it is (or, in a numbered document, which page holds its backs)."""
    if page is not None:
        if fold is not None:
            return _("{title}: fold on the dashed line, glue, then cut").format(title=title)
        if backs:
            return _("{title}: fronts; their backs are page {page}").format(title=title, page=page + 1)
        return title
    if fold is None:
        return _("{title}: sheet {number} of {total}, fronts").format(title=title, number=number, total=total)
    return _("{title}: sheet {number} of {total}: fold on the dashed line, glue, then cut").format(
        title=title, number=number, total=total)


def gutter_fold_slots(look: TileLook, sheet: Sheet, options: SheetOptions, what: str) -> tuple[list[Slot], Fold]:
    """The fronts' slots on a gutter-fold sheet and its fold through the middle of the sheet: of the vertical
    fold (fronts left, backs right) and the horizontal one (fronts above), the one that holds more pieces,
    the vertical on a tie. Pieces, and crop marks, keep the gutter clear on each side of the fold."""
    area = tile_area(sheet, options)
    clearance = options.gutter + (CROP_LENGTH + CROP_GAP if options.crop_marks else 0.0)
    best: tuple[list[Slot], Fold] | None = None
    for fold in sheet_folds(sheet.width, sheet.height):
        try:
            region = fold.front_region(area, clearance)
            slots = page_slots(look.footprint, region, packing_gap(look, options.gap), options.nest, what,
                               fold_marks(fold, sheet)[1])
        except ImpositionError:
            continue
        if slots and (best is None or len(slots) > len(best[0])):
            best = (slots, fold)
    if best is None:
        raise SheetError(f"a {what} does not fit half of the printable area beside a {options.gutter:g} mm gutter, "
                         "as a gutter-fold sheet needs: use smaller tiles, larger paper, a smaller gutter or "
                         "the duplex layout")
    return best


def fold_marks(fold: Fold, sheet: Sheet) -> tuple[list[Item], tuple[Rect, ...]]:
    """The dashed fold line across the pieces' part of the printable area with a 'fold' label at each end,
    and the labels' boxes (which pieces keep clear of)."""
    area = sheet.printable
    width = text_width(_(FOLD_LABEL), "Helvetica", CAPTION_SIZE)
    half = CAPTION_SIZE / 2  # the label's box is one font size tall
    text = partial(Text, size=CAPTION_SIZE, fill="#555555", middle=True)
    if fold.axis == "vertical":
        x, top, bottom = fold.position, area.y, area.bottom - FOOTER
        labels = [text(x, top + half, _(FOLD_LABEL)), text(x, bottom - half, _(FOLD_LABEL))]
        boxes = (Rect(x - width / 2, top, width, 2 * half), Rect(x - width / 2, bottom - 2 * half, width, 2 * half))
        line = ((x, top + 2 * half + 1.0), (x, bottom - 2 * half - 1.0))
    else:
        y, left, right = fold.position, area.x, area.right
        labels = [text(left, y, _(FOLD_LABEL), anchor="start"), text(right, y, _(FOLD_LABEL), anchor="end")]
        boxes = (Rect(left, y - half, width, 2 * half), Rect(right - width, y - half, width, 2 * half))
        line = ((left + width + 1.0, y), (right - width - 1.0, y))
    return [Polygon(line, FOLD_STYLE, closed=False), *labels], boxes


def _page_scene(sheet: Sheet) -> Scene:
    scene = Scene(sheet.width, sheet.height)
    scene.layer("tiles")
    return scene


def _footer(scene: Scene, sheet: Sheet, caption: str, scale: bool, folio: bool = False) -> None:
    """The footer band: a 50 mm scale bar (fronts) and the caption beside it, set smaller and on up to three lines
    where one is too long for the paper; with `folio`, clear of the page number at its right end."""
    area = sheet.printable
    y = area.bottom - FOOTER / 2
    items: list[Item] = []
    x = area.x
    if scale:
        items += scale_bar(x, y - 1.0, 50.0, label="50 mm", text_size=CAPTION_SIZE)
        x += 64.0
    room = area.right - x - (folio_room() if folio else 0.0)
    size, lines = fitted_lines(caption, room, CAPTION_SIZE, MIN_CAPTION_SIZE, "Helvetica", most=3)
    for k, line in enumerate(lines):
        items.append(Text(x, y + (k - (len(lines) - 1) / 2) * size * 1.25, line, size, anchor="start",
                          fill="#444444", middle=True))
    scene.layer("marks").items.extend(items)


def _axis_edges(outlines) -> tuple[set[float], set[float]]:
    """The x of every vertical and the y of every horizontal edge of the outlines."""
    xs: set[float] = set()
    ys: set[float] = set()
    for points in outlines:
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
            if abs(x1 - x0) < 1e-6:
                xs.add(round(x0, 4))
            if abs(y1 - y0) < 1e-6:
                ys.add(round(y0, 4))
    return xs, ys


def tile_crop_marks(outlines, footprints, length: float = CROP_LENGTH, gap: float = CROP_GAP) -> list[Item]:
    """Crop marks outside the block of pieces, in line with every horizontal and vertical cut edge
    (a tile's slanted edges have none); they never touch a piece or its bleed."""
    box = bounding_box([p for points in footprints for p in points])
    style = Style(stroke="#000000", stroke_width=MARK_WIDTH)
    xs, ys = _axis_edges(outlines)
    marks: list[Item] = []
    for y in sorted(ys):
        marks.append(Polygon(((box.x - gap - length, y), (box.x - gap, y)), style, closed=False))
        marks.append(Polygon(((box.right + gap, y), (box.right + gap + length, y)), style, closed=False))
    for x in sorted(xs):
        marks.append(Polygon(((x, box.y - gap - length), (x, box.y - gap)), style, closed=False))
        marks.append(Polygon(((x, box.bottom + gap), (x, box.bottom + gap + length)), style, closed=False))
    return marks
