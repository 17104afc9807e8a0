"""Print marks as scene items: crop marks, a scale bar, alignment marks for paginated boards, page numbers."""

from __future__ import annotations

from typing import Iterable

from modlinseq_print.render.paper import Sheet

from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Circle, Item, Page, Polygon, Scene, Style, Text, Use
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.wording import _

MARK_SYMBOL = "alignment-mark"  # the symbol (one PDF form) of a board page's alignment mark
BAR_SYMBOL = "scale-bar"  # the symbol of a board page's scale bar
FOLIO_GAP = 3.0  # mm between a board page's folio and its scale bar
MARK_WIDTH = 0.2  # mm: thin, like the 0.15-0.25 mm of print shops
CROP_LENGTH = 5.0
CROP_GAP = 1.5
MIN_MARK = 1.0  # shorter remnants of a crop mark are dropped


def _line(x1: float, y1: float, x2: float, y2: float, style: Style) -> Polygon:
    return Polygon(((x1, y1), (x2, y2)), style, closed=False)


def _clear_length(x: float, y: float, dx: float, dy: float, length: float, obstacles: list[Rect]) -> float:
    """How far a ray from (x, y) along the unit axis (dx, dy) goes before it meets an obstacle."""
    reach = length
    for box in obstacles:
        if dx:  # horizontal ray
            if not box.y < y < box.bottom:
                continue
            edge = box.x if dx > 0 else box.right
            distance = (edge - x) * dx
        else:
            if not box.x < x < box.right:
                continue
            edge = box.y if dy > 0 else box.bottom
            distance = (edge - y) * dy
        if distance >= -1e-9:
            reach = min(reach, distance)
        elif box.x < x < box.right and box.y < y < box.bottom:
            return 0.0  # the ray starts inside a rectangle
    return reach


def crop_marks(rects: Iterable[Rect], length: float = CROP_LENGTH, gap: float = CROP_GAP,
               width: float = MARK_WIDTH, colour: str = "#000000") -> list[Polygon]:
    """Thin lines outside the rectangles along every cut edge, stopping short of any rectangle by `gap`."""
    boxes = list(rects)
    obstacles = [box.inset(-gap) for box in boxes]
    style = Style(stroke=colour, stroke_width=width)
    seen: set[tuple] = set()
    marks = []
    for box in boxes:
        for cx in (box.x, box.right):
            for cy in (box.y, box.bottom):
                out_x = -1.0 if cx == box.x else 1.0
                out_y = -1.0 if cy == box.y else 1.0
                # a vertical mark continues the edge x = cx beyond the corner, a horizontal one the edge y = cy
                for dx, dy, sx, sy in ((0.0, out_y, cx, cy + out_y * gap), (out_x, 0.0, cx + out_x * gap, cy)):
                    reach = _clear_length(sx, sy, dx, dy, length, obstacles)
                    if reach < MIN_MARK:
                        continue
                    key = (round(sx, 4), round(sy, 4), dx, dy)
                    if key not in seen:
                        seen.add(key)
                        marks.append(_line(sx, sy, sx + dx * reach, sy + dy * reach, style))
    return marks


def scale_bar(x: float, y: float, length: float = 50.0, label: str | None = None,
              colour: str = "#000000", text_size: float = 2.5, room: float | None = None) -> list[Item]:
    """A ruler `length` mm long with a tick every 10 mm, its top-left at (x, y), labelled to check the print scale
    (just '50 mm' when the label is wider than `room` mm, on narrow paper)."""
    style = Style(stroke=colour, stroke_width=0.25)
    height = 2.0
    items: list[Item] = [
        Polygon(((x, y), (x + length, y), (x + length, y + height), (x, y + height)),
                Style(fill="#ffffff", stroke=colour, stroke_width=0.25)),
    ]
    step = 10.0 if length >= 20 else length / 2
    k = 0
    while (k + 1) * step <= length + 1e-9:
        if k % 2 == 0:
            x0 = x + k * step
            x1 = min(x + (k + 1) * step, x + length)
            items.append(Polygon(((x0, y), (x1, y), (x1, y + height), (x0, y + height)),
                                 Style(fill=colour, stroke=None)))
        k += 1
    items.append(_line(x, y - 0.8, x, y + height, style))
    items.append(_line(x + length, y - 0.8, x + length, y + height, style))
    check = _("{length} mm: check this bar measures {length} mm (print at 100 %)")
    text = label if label is not None else check.format(length=f"{length:g}")
    if room is not None and text_width(text, "Helvetica", text_size) > room:
        text = f"{length:g} mm"
    items.append(Text(x + length + 2.0, y + height / 2, text, text_size, anchor="start", fill=colour, middle=True))
    return items


def alignment_mark(x: float, y: float, size: float = 7.0, colour: str = "#000000") -> list[Item]:
    """A registration target centred on (x, y): a white disc, a ring and a cross `size` mm across."""
    half = size / 2
    thin = Style(stroke=colour, stroke_width=MARK_WIDTH)
    return [
        Circle(x, y, size * 0.3, Style(fill="#ffffff", stroke=colour, stroke_width=MARK_WIDTH)),
        _line(x - half, y, x + half, y, thin),
        _line(x, y - half, x, y + half, thin),
        Circle(x, y, size * 0.12, Style(fill=None, stroke=colour, stroke_width=MARK_WIDTH)),
    ]


def cut_line(x1: float, y1: float, x2: float, y2: float, colour: str = "#808080") -> Polygon:
    """A thin dashed guide line along which a page is trimmed."""
    return _line(x1, y1, x2, y2, Style(stroke=colour, stroke_width=MARK_WIDTH, dash=(2.0, 1.5)))


FOLIO_SIZE = 3.0  # mm: the 'page N of M' a numbered document prints on each page


def folio_room() -> float:
    """The width a page's folio may take ('page 888 of 888' in the current language) and the gap beside it:
    the room a footer leaves at its right-hand end in a document whose pages number_pages numbers."""
    return text_width(_("page {number} of {total}").format(number=888, total=888), "Helvetica", FOLIO_SIZE) + FOLIO_GAP


def number_pages(pages: list[Page], sheet: Sheet, margins: list[float] | None = None) -> None:
    """Print 'page N of M' at the bottom right of every page's printable area: inside the sheet's margin,
    or each page's own margin from `margins` (a kit whose sections use different paper)."""
    total = len(pages)
    for number, (page, margin) in enumerate(zip(pages, margins or [sheet.margin] * total), 1):
        scene = page.scene
        folio = _("page {number} of {total}").format(number=number, total=total)
        bar = _footer_bar(scene)
        if bar is None:
            scene.add(Text(scene.width - margin, scene.height - margin - 1.0, folio, FOLIO_SIZE, anchor="end"),
                      "folio")
        else:  # a board page: on the footer's line, left of its scale bar (whose caption ends at the margin)
            scene.add(Text(bar.x - FOLIO_GAP, bar.y + 1.0, folio, FOLIO_SIZE, anchor="end", middle=True), "folio")


def _footer_bar(scene: Scene) -> Use | None:
    """The scale bar in a board page's footer, if the page has one."""
    footer = next((layer for layer in scene.layers if layer.name == "footer"), None)
    return next((item for item in footer.items if isinstance(item, Use) and item.symbol == BAR_SYMBOL), None) \
        if footer else None
