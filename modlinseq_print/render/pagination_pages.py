"""Documents of a board on paper: paginated at 1:1 over sheets (with an assembly page), one poster page, or fitted.

Where each page goes is planned in `pagination` (rows of pages, marks) and `pagination_rows` (the search);
this module draws the pages.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Sequence

from modlinseq_print.render.marks import BAR_SYMBOL, MARK_SYMBOL, alignment_mark, cut_line, folio_room, scale_bar
from modlinseq_print.render.paper import DEFAULT_OVERLAP, FOOTER, Sheet
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Circle, Document, Embed, Item, Page, Polygon, Scene, Style, Text, Use, picture
from modlinseq_print.render.text_metrics import fitted_lines, text_width, wrap_text
from modlinseq_print.wording import _, number, plural

if TYPE_CHECKING:  # the planner is imported where a board is tiled over pages: a poster does without it
    from modlinseq_print.render.pagination import PagePlan, PlannedPage

LABEL_SIZE = 3.2  # mm: the page label in the footer
MIN_LABEL_SIZE = 2.0
BAR_LABEL = "50 mm at 100 %"  # beside the scale bar: print at actual size
BAR_TEXT = 2.5
FOOTER_GAP = 4.0  # mm between the page label and the scale bar
FIT_FOOTER = 12.0  # mm: a fitted board's footer holds its caption and, below it, two scale bars...
BAR_ROW = 5.0  # mm: ...or, on narrow paper, the second bar on a row of its own


def _footer(scene: Scene, sheet: Sheet, text: str, short: str | None = None, folio: bool = False) -> None:
    """One line in the band at the bottom of the printable area: the page label left, a 50 mm scale bar right.

    When the label would run into the bar, `short` (or the label in smaller type) is printed instead. With
    `folio`, room is left beside the bar for the page number a numbered document prints there.
    """
    area = sheet.printable
    layer = scene.layer("footer")
    middle = area.bottom - FOOTER / 2
    bar_width = 50.0 + 2.0 + text_width(_(BAR_LABEL), "Helvetica", BAR_TEXT)
    bar_x = area.right - bar_width
    scene.define(BAR_SYMBOL, _bar(_(BAR_LABEL)))  # one PDF form for every page
    layer.items.append(Use(BAR_SYMBOL, bar_x, middle - 1.0))
    room = bar_x - FOOTER_GAP - area.x - (folio_room() if folio else 0.0)
    if short is not None and text_width(text, "Helvetica-Bold", LABEL_SIZE) > room:
        text = short
    size, lines = fitted_lines(text, room, LABEL_SIZE, MIN_LABEL_SIZE, "Helvetica-Bold")
    for k, line in enumerate(lines):
        layer.items.append(Text(area.x, middle + (k - (len(lines) - 1) / 2) * size * 1.2, line, size, anchor="start",
                                font="Helvetica-Bold", middle=True))


@cache
def _target() -> tuple[Item, ...]:
    """The alignment target about its centre, made once for all the pages."""
    return tuple(alignment_mark(0.0, 0.0))


@cache
def _bar(label: str) -> tuple[Item, ...]:
    """The footer's 50 mm scale bar with its label, made once for all the pages (its items never change)."""
    return tuple(scale_bar(0.0, 0.0, 50.0, label=label, text_size=BAR_TEXT))


def _planned_page(board: Scene, plan: PagePlan, page: PlannedPage, title: str, numbered: bool = True) -> Page:
    """One sheet: its window of the board, trim lines, alignment marks, label and scale bar.

    Unless `numbered`, the label leaves out the page's number (a kit prints its own page numbers)."""
    sheet = plan.sheet_of(page)
    scene = Scene(sheet.width, sheet.height)
    ox, oy = sheet.printable.x, sheet.printable.y
    win = page.window
    scene.add(Embed(board, ox - win.x, oy - win.y, 1.0, (ox, oy, win.width, win.height)), "board")
    marks = scene.layer("marks")
    from modlinseq_print.render.pagination import trimmed

    left, top, right, bottom = trimmed(plan, page)
    for edge, (x1, y1, x2, y2) in zip((left, top, right, bottom), (
            (ox, oy, ox, oy + win.height), (ox, oy, ox + win.width, oy),
            (ox + win.width, oy, ox + win.width, oy + win.height),
            (ox, oy + win.height, ox + win.width, oy + win.height))):
        if edge:
            marks.items.append(cut_line(x1, y1, x2, y2))
    if page.marks:  # one symbol, so that a PDF draws the target once for every page and mark
        scene.define(MARK_SYMBOL, _target())
    for point in page.marks:
        marks.items.append(Use(MARK_SYMBOL, *plan.to_sheet(page, point)))
    total = len(plan.pages)
    if total == 1:
        _footer(scene, sheet, _("{title} at actual size").format(title=title))
        return Page(scene, bookmark=title, label="1")
    if not numbered:  # a document that numbers its own pages: the footer says where the page goes, if anything
        where = "" if plan.cut else plan.place(page)
        _footer(scene, sheet, f"{title}: {where}" if where else title, where or None, folio=True)
        return Page(scene, bookmark=_("Page {number}").format(number=page.number), label=f"{page.number}")
    if plan.cut:  # the assembly page's frames show where a block goes
        where = _("page {number} of {total}").format(number=page.number, total=total)
        bookmark = _("Page {number}").format(number=page.number)
    else:
        where = _("{place}, page {number} of {total}").format(place=plan.place(page), number=page.number,
                                                             total=total)
        bookmark = _("Page {number} ({place})").format(number=page.number, place=plan.place(page))
    _footer(scene, sheet, f"{title}: {where}", where)
    return Page(scene, bookmark=bookmark, label=f"{page.number}")


def assembly_diagram(board: Scene, plan: PagePlan, room: Rect, first: int = 1) -> list[Item]:
    """The whole board scaled into `room` with every page's window drawn on it as a numbered frame (board
    page n is numbered first + n - 1: a kit's own page numbers), in a colour that stands out from every
    colour of the board, each number on a white disc so that no cell under it hides it."""
    right = max(p.window.right for p in plan.pages)
    bottom = max(p.window.bottom for p in plan.pages)
    left = min(0.0, min(p.window.x for p in plan.pages))
    upper = min(0.0, min(p.window.y for p in plan.pages))
    span_w, span_h = max(right, plan.board_width) - left, max(bottom, plan.board_height) - upper
    scale = min(room.width / span_w, room.height / span_h)
    x0 = room.x + (room.width - span_w * scale) / 2 - left * scale
    y0 = room.y - upper * scale
    colour = frame_colour(board)
    items: list[Item] = [Embed(picture(board), x0, y0, scale)]  # a map: the board's die line is not cut here
    outline = Style(fill=None, stroke=colour, stroke_width=0.35)
    for page in plan.pages:
        w = page.window
        corners = [(x0 + x * scale, y0 + y * scale) for x, y in
                   ((w.x, w.y), (w.right, w.y), (w.right, w.bottom), (w.x, w.bottom))]
        items.append(Polygon(tuple(corners), outline))
    disc = Style(fill="#ffffff", stroke=colour, stroke_width=0.35)
    for page in plan.pages:
        left, top, right, bottom = _showing(plan, page)
        cx, cy = x0 + (left + right) / 2 * scale, y0 + (top + bottom) / 2 * scale
        label = str(first + page.number - 1)
        radius = max(3.2, text_width(label, "Helvetica-Bold", FRAME_NUMBER) / 2 + 1.2)
        items.append(Circle(cx, cy, radius, disc))
        items.append(Text(cx, cy, label, FRAME_NUMBER, font="Helvetica-Bold", fill=colour, middle=True))
    return items


#: Frame colours in order of preference: red, then blue, purple, black (all dark enough for white discs).
FRAME_COLOURS = ("#c62828", "#1e3a8a", "#6a1b9a", "#000000")
FRAME_NUMBER = 4.5  # mm: the frame numbers on an assembly diagram
CLASH = 40.0  # the least colour difference (CIE76 delta E) between a frame and any colour of the board


def frame_colour(board: Scene) -> str:
    """The first FRAME_COLOURS entry that differs clearly from every fill and stroke of the board (its cells,
    pseudocells, bonus cells and marks), else the one that differs most."""
    used = {colour for item in _drawn(board) for colour in (item.style.fill, item.style.stroke) if colour}
    if not used:
        return FRAME_COLOURS[0]
    distances = [min(_delta_e(candidate, colour) for colour in used) for candidate in FRAME_COLOURS]
    return next((c for c, d in zip(FRAME_COLOURS, distances) if d >= CLASH),
                FRAME_COLOURS[distances.index(max(distances))])


def _drawn(scene: Scene):
    """The shapes a scene draws: its own, those of the symbols it uses and of the scenes it embeds."""
    seen: set[str] = set()
    pending = list(scene.items())
    while pending:
        item = pending.pop()
        if isinstance(item, (Polygon, Circle)):
            yield item
        elif isinstance(item, Use) and item.symbol not in seen:
            seen.add(item.symbol)
            pending.extend(scene.symbols.get(item.symbol, ()))
        elif isinstance(item, Embed):
            yield from _drawn(item.scene)


def _delta_e(first: str, second: str) -> float:
    """The CIE76 difference of two '#rrggbb' colours (sRGB, D65)."""
    a, b = _lab(first), _lab(second)
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


@cache
def _lab(colour: str) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _showing(plan: PagePlan, page: PlannedPage) -> tuple[float, float, float, float]:
    """The part of a page's window left showing once the pages laid after it are down (its right neighbour
    and the row below cover its right and lower parts; in a cut plan, its part): where its number goes on the
    assembly diagram."""
    if page.part is not None:
        return page.part.x, page.part.y, page.part.right, page.part.bottom
    w = page.window
    row = plan.row_pages(page.row)
    after = [p for p in row if p.number == page.number + 1]
    right = after[0].window.x if after and after[0].window.x > w.x else w.right
    below = [p.window.y for p in plan.row_pages(page.row + 1) if p.window.x < right and w.x < p.window.right]
    bottom = min(below) if below and min(below) > w.y else w.bottom
    return w.x, w.y, right, bottom


def _how_to_lay(plan: PagePlan) -> str:
    """How to print, trim, lay and glue the pages: row by row, or in number order for blocks between cuts."""
    if plan.cut:
        return _("Print at 100 % (actual size, no 'fit to page'): the 50 mm bar on every page must measure 50 mm. "
                 "Trim each page along its dashed edges. Lay the pages in number order, each over the pages "
                 "already laid, so that every half target meets its other half (pages overlap by at least "
                 "{overlap:g} mm), and glue.").format(overlap=plan.overlap)
    return _("Print at 100 % (actual size, no 'fit to page'): the 50 mm bar on every page must measure 50 mm. "
             "Trim each page along its dashed edges. Lay the pages in number order, row by row from the left, "
             "each over the pages already laid (its left neighbour and the pages above it) so that every half "
             "target meets its other half (pages overlap by at least {overlap:g} mm), and glue.").format(
        overlap=plan.overlap)


def _assembly_page(board: Scene, plan: PagePlan, title: str) -> Page:
    """The whole board small with the page grid on it, numbered, and how to put the pages together."""
    sheet = plan.sheet
    scene = Scene(sheet.width, sheet.height)
    area = sheet.printable
    heading = _("{title}: assembly of {pages}").format(title=title, pages=plural(len(plan.pages), "page"))
    offset = "" if plan.aligned or plan.cut else _(", each row shifted sideways to fit the board, like courses "
                                                    "of bricks")
    if plan.mixed:
        offset += (_("; some pages are on landscape sheets, others on portrait ones, as the frames show") if plan.cut
                   else _("; some rows are on landscape sheets, others on portrait ones, as the frames show"))
    body = _("The board measures {width} x {height} mm; its pages form {arrangement} (framed and numbered)"
             "{offset}. ").format(width=f"{plan.board_width:.0f}", height=f"{plan.board_height:.0f}",
                                  arrangement=plan.arrangement, offset=offset) + _how_to_lay(plan)
    notes = scene.layer("notes")
    y = area.y + 4.0
    for line in wrap_text(heading, area.width, "Helvetica-Bold", 4.5):
        notes.items.append(Text(area.x, y, line, 4.5, anchor="start", font="Helvetica-Bold", middle=True))
        y += 6.5
    for line in wrap_text(body, area.width * 0.85, "Helvetica", 3.0):  # room for wider fallback fonts
        notes.items.append(Text(area.x, y, line, 3.0, anchor="start", middle=True))
        y += 4.5
    top = y + 2.0
    room = Rect(area.x, top, area.width, area.bottom - FOOTER - top - 2.0)
    scene.layer("grid").items.extend(assembly_diagram(board, plan, room))
    _footer(scene, sheet, _("{title}: assembly").format(title=title))
    return Page(scene, bookmark=_("Assembly"), label="assembly")


def paginated_document(board: Scene, sheet: Sheet, title: str, *, overlap: float = DEFAULT_OVERLAP,
                       orientation: str = "auto", keep_whole: Sequence[Rect] = (),
                       content: Sequence[Rect] = (), avoid: Sequence[Rect] = (),
                       numbered: bool = True) -> tuple[Document, PagePlan]:
    """A board at 1:1 over as many sheets as needed, with an assembly page first when there are several.

    Every page embeds the whole board, clipped to its window: a PDF stores the board once; the SVG and PNG
    writers keep on each page only what shows in its window (render/culling.py)."""
    from modlinseq_print.render.pagination import best_plan

    plan = best_plan(board.width, board.height, sheet, orientation, overlap=overlap,
                     keep_whole=keep_whole, content=content, avoid=avoid)
    pages = [_planned_page(board, plan, page, title, numbered) for page in plan.pages]
    if len(pages) == 1:
        return Document(pages, title), plan
    return Document([_assembly_page(board, plan, title)] + pages, title), plan


def poster_document(board: Scene, margin: float, title: str) -> Document:
    """One page exactly the board's size plus the margin on every side (for print shops)."""
    scene = Scene(board.width + 2 * margin, board.height + 2 * margin)
    scene.add(Embed(board, margin, margin), "board")
    return Document([Page(scene, bookmark=title)], title)


def _fit_window(sheet: Sheet, rows: int = 1) -> tuple[float, float]:
    """The room for a fitted board: the printable area less its footer (the caption, and one or two rows of
    scale bars)."""
    area = sheet.printable
    return area.width, area.height - FIT_FOOTER - (rows - 1) * BAR_ROW


def _bar_rows(sheet: Sheet, scale: float) -> int:
    """1 when the two scale bars of a reduced board fit side by side (or there is one), else 2 (narrow paper)."""
    first = 50.0 + 2.0 + text_width(_(BAR_LABEL), "Helvetica", BAR_TEXT) + 2 * FOOTER_GAP
    second = 50.0 * scale + 2.0 + text_width(_("50 mm on the board"), "Helvetica", BAR_TEXT)
    return 1 if scale >= 1 or first + second <= sheet.printable.width else 2


def fit_document(board: Scene, sheet: Sheet, title: str, orientation: str = "auto") -> tuple[Document, float]:
    """The board scaled to fit one sheet (never enlarged), with its scale printed; returns the scale too.

    The footer has the caption on one line and, below it, the 50 mm bar at actual size and, when the board
    is reduced, a bar of 50 mm on the board, side by side.
    """
    choices = [sheet.oriented(o) for o in (("portrait", "landscape") if orientation == "auto" else (orientation,))]

    def scale_on(candidate: Sheet) -> tuple[float, int]:
        for rows in (1, 2):
            win_w, win_h = _fit_window(candidate, rows)
            scale = min(1.0, win_w / board.width, win_h / board.height)
            if _bar_rows(candidate, scale) <= rows:
                return scale, rows
        return scale, 2

    best = max(choices, key=lambda candidate: scale_on(candidate)[0])
    scale, rows = scale_on(best)
    win_w, win_h = _fit_window(best, rows)
    area = best.printable
    scene = Scene(best.width, best.height)
    x = area.x + (win_w - board.width * scale) / 2
    y = area.y + (win_h - board.height * scale) / 2
    scene.add(Embed(board, x, y, scale), "board")
    ratio = f"1:{number(1 / scale, '.2f')}" if scale < 1 else "1:1"
    footer = scene.layer("footer")
    caption = _("{title} at {percent} % of actual size ({ratio})").format(
        title=title, percent=number(scale * 100, ".1f"), ratio=ratio)
    size, _lines = fitted_lines(caption, area.width, LABEL_SIZE, MIN_LABEL_SIZE, "Helvetica-Bold", most=1)
    top = area.bottom - FIT_FOOTER - (rows - 1) * BAR_ROW
    footer.items.append(Text(area.x, top + 3.0, caption, size, anchor="start", font="Helvetica-Bold", middle=True))
    bar_y = area.bottom - 4.0 - (rows - 1) * BAR_ROW
    footer.items.extend(scale_bar(area.x, bar_y, 50.0, label=_(BAR_LABEL), text_size=BAR_TEXT))
    if scale < 1:  # beside the first bar, or under it on narrow paper
        after = area.x + 50.0 + 2.0 + text_width(_(BAR_LABEL), "Helvetica", BAR_TEXT) + 2 * FOOTER_GAP
        x, y = (after, bar_y) if rows == 1 else (area.x, bar_y + BAR_ROW)
        footer.items.extend(scale_bar(x, y, 50.0 * scale, label=_("50 mm on the board"), text_size=BAR_TEXT))
    return Document([Page(scene, bookmark=title)], title), scale
