"""Convoluted Coprimality Game sheets: n x n grids, as many to a page as fit, with the rules and the turn table."""

from __future__ import annotations

import math
from dataclasses import dataclass

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.games.coprimality import check_size, turn_ranges
from modlinseq_print.geometry.addresses import column_letters
from modlinseq_print.render.marks import scale_bar
from modlinseq_print.render.paper import Sheet, smallest_paper
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import Document, Item, Page, Polygon, Scene, Style, Text, Use
from modlinseq_print.render.text_metrics import text_width, wrap_text
from modlinseq_print.wording import _, number as number_text

DEFAULT_SQUARE = 7.0  # mm: room for a hand-written three-digit number
MIN_AUTO_SQUARE = 4.0  # the automatic size never goes below this
MAX_SQUARE = 40.0
GAP = 7.0  # mm between grids
PLAYERS_LINE = 6.0  # mm above each grid for the players' names
TITLE_HEIGHT = 11.0
TITLE_SIZE = 5.0
TITLE_LEAST = 4.0  # mm: a title too long for narrow paper is set down to this size, then on more lines
CAPTION_SIZE = 2.6
TABLE_HEADING_SIZE = 3.0
TEXT_SIZE = 2.7
TABLE_SIZE = 2.5
BORDER_FILL = "#e4e4e4"
GREY = "#555555"
RULES = (
    "Player 1 writes 1 in the upper-left square (a1), then 2 in the square right of it or below it.",
    "On turn k a player writes, one at a time, every number from the (k-1)th prime + 1 up to the kth prime "
    "(see the table); then the next player in the order takes turn k + 1.",
    "Number j goes in an empty square above, right of, below or left of j - 1.",
    "That square must touch at least two filled squares (j - 1 and one more). In the shaded border rows "
    "and columns, touching j - 1 is enough.",
    "Writing j next to a number that is not coprime to j eliminates the player; the next player still in "
    "the game finishes the turn. The last player left wins.",
    "If j has no legal square (or the grid is full), the players left start again on a new grid at 1, "
    "turn 1, the first of them in the order beginning.",
)


class SheetLayoutError(FieldError):
    """A grid or square size that cannot be printed on the chosen paper (its field: the one to change)."""


@dataclass(frozen=True)
class GameSheetSpec:
    """What to print: the grid size n (>= 12), the square size in mm (None: 7 mm, smaller if needed), pages."""

    size: int = 12
    square: float | None = None
    pages: int = 1

    def __post_init__(self) -> None:
        check_size(self.size)
        if self.square is not None and not 0 < self.square <= MAX_SQUARE:
            raise SheetLayoutError(f"bad square size {self.square:g} mm: use more than 0 and at most "
                                   f"{MAX_SQUARE:g} mm, e.g. 7mm", "square", MAX_SQUARE)
        if not 1 <= self.pages <= 100:
            raise SheetLayoutError(f"bad page count {self.pages}: print 1 to 100 pages", "pages", 100)


@dataclass(frozen=True)
class GridBlock:
    """The size of one grid with its labels and players line, and where its squares start inside it."""

    size: int
    square: float

    @property
    def label_size(self) -> float:
        """Font size of the column letters and row numbers."""
        return min(3.0, self.square * 0.5)

    @property
    def label_width(self) -> float:
        """Room left of the grid for the row numbers."""
        return text_width(str(self.size), "Helvetica", self.label_size) + 1.5

    @property
    def width(self) -> float:
        """Width in mm, row numbers included."""
        return self.label_width + self.size * self.square

    @property
    def height(self) -> float:
        """Height in mm, players line and column letters included."""
        return PLAYERS_LINE + self.label_size + 1.5 + self.size * self.square


def _wrapped_rules(width: float) -> list[list[str]]:
    return [wrap_text(f"{k}. {_(rule)}", width - 3.0, "Helvetica", TEXT_SIZE) for k, rule in enumerate(RULES, 1)]


def _table_heading(width: float) -> list[str]:
    """The turn table's heading, on as many lines as the width needs."""
    return wrap_text(_(TABLE_HEADING), width, "Helvetica-Bold", TABLE_HEADING_SIZE)


def turn_entries(size: int) -> list[tuple[str, str]]:
    """The turn table for an n x n grid: (k, 'first-last') for every turn up to the one that places n * n."""
    return [(str(k), str(last) if first == last else f"{first}-{last}") for k, first, last in turn_ranges(size * size)]


def _table_shape(size: int, width: float) -> tuple[int, int, float]:
    """(columns, rows, column width) of the turn table across `width` mm."""
    entries = turn_entries(size)
    widest = max(text_width(numbers, "Helvetica", TABLE_SIZE) for _, numbers in entries)
    column = 6.0 + widest + 4.0
    columns = max(1, int(width // column))
    return columns, math.ceil(len(entries) / columns), width / columns


def panel_height(size: int, width: float) -> float:
    """Height of the rules, the turn table and the scale bar under the grids."""
    lines = sum(len(rule) for rule in _wrapped_rules(width))
    _, rows, _ = _table_shape(size, width)
    heading = (len(_table_heading(width)) - 1) * TABLE_HEADING_SIZE * 1.3
    return 5.0 + lines * TEXT_SIZE * 1.3 + 8.0 + heading + rows * TABLE_SIZE * 1.35 + 9.0


def _fit(area: Rect, block: GridBlock) -> tuple[int, int]:
    columns = int((area.width + GAP) // (block.width + GAP))
    rows = int((area.height + GAP) // (block.height + GAP))
    return columns, rows


def _grid_area(sheet: Sheet, spec: GameSheetSpec) -> Rect:
    area = sheet.printable
    panel = panel_height(spec.size, area.width)
    top = title_block(area.width, spec).height
    return Rect(area.x, area.y + top, area.width, area.height - top - panel - 4.0)


def _check_room(sheet: Sheet, spec: GameSheetSpec) -> None:
    """Refuse, before any layout work, a grid whose squares alone cannot fit the printable area."""
    smallest = spec.square if spec.square is not None else 0.5
    room = sheet.printable
    line, width = _widest_word(spec)
    if width > room.width:
        raise SheetLayoutError(f"text does not fit {sheet.describe()}: {line[:30]!r} needs {width:.0f} mm of width and "
                               f"the page leaves {room.width:.0f} mm: use larger {mention('paper')} or a smaller "
                               f"{mention('margin')}", "margin")
    side = spec.size * smallest
    if side > min(room.width, room.height - title_block(room.width, spec).height):
        raise SheetLayoutError(f"a {spec.size} x {spec.size} grid does not fit {sheet.describe()} even with "
                               f"{smallest:g} mm squares ({side:.0f} mm a side): use larger {mention('paper')} or a "
                               f"smaller {mention('size')}", "size")


def choose_square(sheet: Sheet, spec: GameSheetSpec, name_paper: bool = True) -> float:
    """The square size: the one asked for if a grid fits, else 7 mm or the largest (by 0.5 mm) that fits (the
    error names the smallest paper that holds the grid, unless `name_paper` is False)."""
    _check_room(sheet, spec)
    area = _grid_area(sheet, spec)
    if spec.square is not None:
        block = GridBlock(spec.size, spec.square)
        if min(_fit(area, block)) < 1:
            raise SheetLayoutError(
                f"a {spec.size} x {spec.size} grid of {spec.square:g} mm squares ({block.width:.0f} x "
                f"{block.height:.0f} mm) does not fit the {area.width:.0f} x {max(area.height, 0):.0f} mm left "
                f"on {sheet.describe()}: use smaller {mention('square')}, larger {mention('paper')} or a smaller "
                f"{mention('size')}", "square")
        return spec.square
    square = DEFAULT_SQUARE
    while min(_fit(area, GridBlock(spec.size, square))) < 1:
        square -= 0.5
        if square < MIN_AUTO_SQUARE:
            while square > 0.5 and min(_fit(area, GridBlock(spec.size, square))) < 1:
                square -= 0.5
            hint = f", or {mention('square', f'{square:g}mm')} if you can write that small" if square > 0.5 else ""
            raise SheetLayoutError(f"a {spec.size} x {spec.size} grid does not fit {sheet.describe()} with squares of "
                                   f"at least {MIN_AUTO_SQUARE:g} mm: use larger {mention('paper')}"
                                   f"{_smallest(sheet, spec) if name_paper else ''}{hint}", "paper")
    return square


def _smallest(sheet: Sheet, spec: GameSheetSpec) -> str:
    """' (a5 is the smallest that holds it)': the smallest named paper whose page holds a grid of the spec."""
    def holds(candidate: Sheet) -> bool:
        try:
            return choose_square(candidate, spec, name_paper=False) > 0
        except SheetLayoutError:
            return False

    paper = smallest_paper(holds, sheet.margin)
    return f" ({paper} is the smallest that holds it)" if paper else ""


def _define_squares(scene: Scene, square: float) -> None:
    outline = ((0.0, 0.0), (square, 0.0), (square, square), (0.0, square))
    line = Style(fill="#ffffff", stroke="#333333", stroke_width=0.2)
    scene.define("square", [Polygon(outline, line)])
    scene.define("border-square", [Polygon(outline, Style(fill=BORDER_FILL, stroke="#333333", stroke_width=0.2))])


def grid_items(block: GridBlock, x: float, y: float) -> list[Item]:
    """One grid with its top-left block corner at (x, y): players line, column letters, row numbers,
    squares (border rows and columns shaded) and a heavier outline."""
    n, sq, label = block.size, block.square, block.label_size
    items: list[Item] = [Text(x, y + 3.5, _("Players:"), 2.8, anchor="start", fill=GREY),
                         Polygon(((x + 13.0, y + 4.0), (x + block.width, y + 4.0)),
                                 Style(stroke="#999999", stroke_width=0.2), closed=False)]
    left, top = x + block.label_width, y + PLAYERS_LINE + label + 1.5
    for k in range(n):
        items.append(Text(left + (k + 0.5) * sq, top - 1.0, column_letters(k), label, fill=GREY))
        items.append(Text(left - 1.0, top + (k + 0.5) * sq, str(k + 1), label, anchor="end", fill=GREY, middle=True))
    for row in range(n):
        for col in range(n):
            border = min(row, col) == 0 or max(row, col) == n - 1
            items.append(Use("border-square" if border else "square", left + col * sq, top + row * sq))
    right, bottom = left + n * sq, top + n * sq
    items.append(Polygon(((left, top), (right, top), (right, bottom), (left, bottom)),
                         Style(stroke="#000000", stroke_width=0.5)))
    return items


TABLE_HEADING = "Turn table: turn k writes the numbers after the (k-1)th prime up to the kth prime"


def _title(size: int) -> str:
    return _("The Convoluted Coprimality Game: {size} x {size}").format(size=size)


def _caption(square: float, number: int, total: int) -> str:
    return _("squares {square} mm, sheet {number} of {total}").format(square=number_text(square, "g"), number=number,
                                                                      total=total)


def _widest_word(spec: GameSheetSpec) -> tuple[str, float]:
    """The widest word of the title (whose lines break at spaces) and the table heading: no narrower
    page can hold the sheet's text."""
    words = [(word, text_width(word, "Helvetica-Bold", TITLE_LEAST)) for word in _title(spec.size).split()]
    words += [(word, text_width(word, "Helvetica-Bold", TABLE_HEADING_SIZE)) for word in _(TABLE_HEADING).split()]
    return max(words, key=lambda pair: pair[1])


@dataclass(frozen=True)
class TitleBlock:
    """How the title and the sheet's caption sit at the top of a page: the title's lines and size, and whether
    the caption stands at the right of a one-line title or under the title (narrow paper)."""

    lines: tuple[str, ...]
    size: float
    caption_below: bool

    @property
    def height(self) -> float:
        """The room the block takes above the grids (TITLE_HEIGHT for one line with its caption beside it)."""
        if not self.caption_below:
            return TITLE_HEIGHT
        return max(TITLE_HEIGHT, self._caption_y + 2.5)

    @property
    def _caption_y(self) -> float:
        return 1.0 + self.size + (len(self.lines) - 1) * self.size * 1.2 + 3.8

    def items(self, printable: Rect, caption: str) -> list[Item]:
        """The title's lines and the caption, from the top of the printable area."""
        if not self.caption_below:
            return [Text(printable.x, printable.y + 6.0, self.lines[0], self.size, anchor="start",
                         font="Helvetica-Bold"),
                    Text(printable.right, printable.y + 6.0, caption, CAPTION_SIZE, anchor="end", fill=GREY)]
        items: list[Item] = [Text(printable.x, printable.y + 1.0 + self.size + k * self.size * 1.2, line, self.size,
                                  anchor="start", font="Helvetica-Bold") for k, line in enumerate(self.lines)]
        items.append(Text(printable.x, printable.y + self._caption_y, caption, CAPTION_SIZE, anchor="start",
                          fill=GREY))
        return items


def title_block(room: float, spec: GameSheetSpec) -> TitleBlock:
    """The title in `room` mm: on one line with the caption beside it; else the caption under it and the title
    set smaller (down to TITLE_LEAST), then at TITLE_LEAST on as many lines as it needs."""
    title = _title(spec.size)
    caption = _caption(88.5, spec.pages, spec.pages)  # as wide as any square size's caption
    width = text_width(title, "Helvetica-Bold", TITLE_SIZE)
    if width + 3.0 + text_width(caption, "Helvetica", CAPTION_SIZE) <= room:
        return TitleBlock((title,), TITLE_SIZE, False)
    size = max(TITLE_LEAST, min(TITLE_SIZE, round(TITLE_SIZE * room / width - 0.005, 2)))  # rounded down: it fits
    lines = (title,) if text_width(title, "Helvetica-Bold", size) <= room else \
        tuple(wrap_text(title, room, "Helvetica-Bold", size))
    return TitleBlock(lines, size, True)


def _panel_items(size: int, area: Rect, top: float) -> list[Item]:
    """The rules, the turn table and a scale bar, from `top` down."""
    items: list[Item] = [Text(area.x, top + 3.5, _("How to play"), 3.3, anchor="start", font="Helvetica-Bold")]
    y = top + 5.0
    for rule in _wrapped_rules(area.width):
        for k, line in enumerate(rule):
            y += TEXT_SIZE * 1.3
            items.append(Text(area.x + (0 if k == 0 else 3.0), y, line, TEXT_SIZE, anchor="start"))
    y += 6.0
    for k, line in enumerate(_table_heading(area.width)):
        items.append(Text(area.x, y + k * TABLE_HEADING_SIZE * 1.3, line, TABLE_HEADING_SIZE, anchor="start",
                          font="Helvetica-Bold"))
    y += (len(_table_heading(area.width)) - 1) * TABLE_HEADING_SIZE * 1.3 + 2.0
    _columns, rows, column_width = _table_shape(size, area.width)
    for index, (turn, numbers) in enumerate(turn_entries(size)):
        column, row = divmod(index, rows)
        cx, cy = area.x + column * column_width, y + (row + 1) * TABLE_SIZE * 1.35
        items += [Text(cx + 5.0, cy, turn, TABLE_SIZE, anchor="end", font="Helvetica-Bold"),
                  Text(cx + 6.5, cy, numbers, TABLE_SIZE, anchor="start")]
    items += scale_bar(area.x, area.bottom - 2.5, 50.0, text_size=2.3)
    return items


def game_sheets(sheet: Sheet, spec: GameSheetSpec = GameSheetSpec()) -> Document:
    """Pages of n x n game grids, as many to a page as fit, each page with the rules and the turn table."""
    square = choose_square(sheet, spec)
    block = GridBlock(spec.size, square)
    area = _grid_area(sheet, spec)
    columns, rows = _fit(area, block)
    used_w = columns * block.width + (columns - 1) * GAP
    used_h = rows * block.height + (rows - 1) * GAP
    x0, y0 = area.x + (area.width - used_w) / 2, area.y + (area.height - used_h) / 2
    pages = []
    for number in range(1, spec.pages + 1):
        scene = Scene(sheet.width, sheet.height)
        _define_squares(scene, square)
        printable = sheet.printable
        for item in title_block(printable.width, spec).items(printable, _caption(square, number, spec.pages)):
            scene.add(item, "text")
        for r in range(rows):
            for c in range(columns):
                for item in grid_items(block, x0 + c * (block.width + GAP), y0 + r * (block.height + GAP)):
                    scene.add(item, "grids")
        for item in _panel_items(spec.size, printable, area.bottom + 4.0):
            scene.add(item, "text")
        pages.append(Page(scene, bookmark=_("Coprimality game sheets") if number == 1 else None))
    return Document(pages, title="Convoluted Coprimality Game sheets")


def grids_per_page(sheet: Sheet, spec: GameSheetSpec) -> int:
    """How many grids one page holds."""
    columns, rows = _fit(_grid_area(sheet, spec), GridBlock(spec.size, choose_square(sheet, spec)))
    return columns * rows
