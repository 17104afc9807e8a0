"""Print sheets of tiles or markers: fronts packed on paper, mirrored duplex backs, crop marks and a scale bar."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.printables.tiles import Piece, TileLook
from modlinseq_print.render.imposition import Slot, bounding_box, mirror_slot, pack_shapes, place_outline
from modlinseq_print.render.marks import CROP_GAP, CROP_LENGTH, MARK_WIDTH, scale_bar
from modlinseq_print.render.paper import Rect, Sheet
from modlinseq_print.render.scene import Document, Item, Page, Polygon, Scene, Style, Text

FOOTER = 8.0  # mm kept at the bottom of the printable area for the scale bar and caption
CAPTION_SIZE = 2.6
MAX_BACK_OFFSET = 20.0  # mm; printers shift the back side by a few millimetres


class SheetError(ModlinseqError):
    """Sheet options that cannot work: a back offset too large, a gap out of range."""


class Faces(Protocol):
    """What draws pieces: their look, and items for a face, its text, and a back."""

    look: TileLook

    def face(self, piece: Piece, slot: Slot) -> list[Item]: ...

    def labels(self, piece: Piece, slot: Slot, colour: str | None = None) -> list[Item]: ...

    def back(self, piece: Piece, slot: Slot) -> list[Item]: ...


@dataclass(frozen=True)
class SheetOptions:
    """Layout options: gap between cut lines, nesting, duplex backs and their offset, crop marks, title."""

    gap: float = 2.0
    nest: bool = True
    duplex: bool = False
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = False
    title: str = "MODLINSEQ tiles"

    def __post_init__(self) -> None:
        if not 0 <= self.gap <= 50:
            raise SheetError(f"a gap of {self.gap:g} mm between tiles is out of range: use 0 to 50 mm, e.g. 2mm")
        if max(abs(self.back_offset[0]), abs(self.back_offset[1])) > MAX_BACK_OFFSET:
            raise SheetError(f"a back offset of {self.back_offset[0]:g},{self.back_offset[1]:g} mm is too large: "
                             f"printers shift backs by a few mm; use at most {MAX_BACK_OFFSET:g} mm each way")


@dataclass(frozen=True)
class Placement:
    """Where one piece went: its front slot (slot.page is the sheet), the document page of the front
    (from 0), and its back slot on the next page when printing duplex."""

    piece: Piece
    slot: Slot
    page: int
    back: Slot | None = None


@dataclass
class TileSheets:
    """The document to write and where every piece is."""

    document: Document
    placements: list[Placement]
    sheet: Sheet


def tile_area(sheet: Sheet, options: SheetOptions) -> Rect:
    """The part of the printable area the pieces may use: above the footer, inside the crop-mark band."""
    area = sheet.printable
    area = Rect(area.x, area.y, area.width, area.height - FOOTER)
    return area.inset(CROP_LENGTH + CROP_GAP) if options.crop_marks else area


def packing_gap(look: TileLook, gap: float) -> float:
    """The gap between printed footprints: cut lines stay `gap` apart, bleeds may touch but never overlap."""
    return max(gap - 2 * look.bleed, 0.0)


def build_sheets(pieces: list[Piece], faces: Faces, sheet: Sheet, options: SheetOptions = SheetOptions()) -> TileSheets:
    """Fronts pages (and, with duplex, a mirrored backs page after each) holding every piece."""
    look = faces.look
    area = tile_area(sheet, options)
    what = f"{look.width:g} mm {look.shape} tile"
    pages = pack_shapes(len(pieces), look.footprint, area, packing_gap(look, options.gap), options.nest, what)
    document = Document([], title=options.title)
    placements: list[Placement] = []
    queue = iter(pieces)
    for number, slots in enumerate(pages, start=1):
        front = _page_scene(sheet)
        back = _page_scene(sheet) if options.duplex else None
        front_page = len(document.pages)
        for slot in slots:
            piece = next(queue)
            front.layer("tiles").items.extend(faces.face(piece, slot))
            back_slot = mirror_slot(slot, sheet.width, options.back_offset) if back else None
            if back is not None:
                back.layer("tiles").items.extend(faces.back(piece, back_slot))
            placements.append(Placement(piece, slot, front_page, back_slot))
        if options.crop_marks:
            front.layer("marks").items.extend(tile_crop_marks([place_outline(look.outline, s) for s in slots],
                                                              [place_outline(look.footprint, s) for s in slots]))
        _footer(front, sheet, f"{options.title}: sheet {number} of {len(pages)}, fronts", scale=True)
        document.pages.append(Page(front, bookmark=options.title if number == 1 else None,
                                   label=f"sheet {number} fronts"))
        if back is not None:
            _footer(back, sheet, f"{options.title}: sheet {number} of {len(pages)}, backs: print on the reverse, "
                                 "flipping on the long edge", scale=False)
            document.pages.append(Page(back, label=f"sheet {number} backs"))
    return TileSheets(document, placements, sheet)


def _page_scene(sheet: Sheet) -> Scene:
    scene = Scene(sheet.width, sheet.height)
    scene.layer("tiles")
    return scene


def _footer(scene: Scene, sheet: Sheet, caption: str, scale: bool) -> None:
    area = sheet.printable
    y = area.bottom - FOOTER / 2
    items: list[Item] = []
    x = area.x
    if scale:
        items += scale_bar(x, y - 1.0, 50.0, label="50 mm", text_size=CAPTION_SIZE)
        x += 64.0
    items.append(Text(x, y, caption, CAPTION_SIZE, anchor="start", fill="#444444", middle=True))
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
