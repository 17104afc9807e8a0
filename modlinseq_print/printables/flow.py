"""Flowing text onto pages: headings, wrapped paragraphs and tables in columns, as scene items."""

from __future__ import annotations

from dataclasses import dataclass, field

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.render.scene import Embed, Polygon, Scene, Style, Text, picture
from modlinseq_print.render.text_metrics import text_width, wrap_text

PT = 25.4 / 72  # one point in mm
SHRINK = 0.75  # a figure is drawn down to this share of its size to stay in the room left
RULE = Style(fill=None, stroke="#555555", stroke_width=0.2)
SHADE = Style(fill="#e8efe9", stroke=None)


class FlowError(FieldError):
    """Text that does not fit its page: reported, never clipped (its field: margin)."""


@dataclass
class Flow:
    """Places blocks of text top to bottom in columns, starting a new page when one is full."""

    page_width: float
    page_height: float
    margin: float = 15.0
    columns: int = 1
    gutter: float = 8.0
    top: float = 0.0  # extra space reserved at the top of the first page
    pages: list[Scene] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.column_width <= 0 or self.page_height - 2 * self.margin <= 0:
            raise self._too_small("the text", 1.0, max(self.column_width, self.page_height - 2 * self.margin), "room")
        self._column = 0
        self._low: float = 0.0  # the lowest point reached in the page's columns (set again by _new_page)
        self._new_page()
        self.y += self.top
        self._top = self.y

    @property
    def column_width(self) -> float:
        """Width of one column in mm."""
        usable = self.page_width - 2 * self.margin
        return (usable - (self.columns - 1) * self.gutter) / self.columns

    @property
    def column(self) -> int:
        """The column being filled, from 0."""
        return self._column

    @property
    def x(self) -> float:
        """Left edge of the current column."""
        return self.margin + self._column * (self.column_width + self.gutter)

    @property
    def scene(self) -> Scene:
        """The page being filled."""
        return self.pages[-1]

    @property
    def y(self) -> float:
        """Where the next block starts in the current column (mm from the top of the page)."""
        return self._y

    @y.setter
    def y(self, value: float) -> None:
        self._y = value
        self._low = max(self._low, value)

    def _new_page(self) -> None:
        self.pages.append(Scene(self.page_width, self.page_height))
        self._column = 0
        self._low = 0.0
        self.y = self._top = self.margin

    def _too_small(self, what: str, need: float, have: float, along: str) -> FlowError:
        excerpt = what if len(what) <= 30 else what[:27] + "..."
        return FlowError(f"text does not fit the {self.page_width:g} x {self.page_height:g} mm page: {excerpt!r} "
                         f"needs {need:.0f} mm of {along} and the page leaves {max(have, 0):.0f} mm: use larger "
                         f"{mention('paper')} or a smaller {mention('margin')}", "margin")

    def _check_width(self, what: str, width: float, room: float) -> None:
        """Refuse a line wider than the room it is given."""
        if width > room + 0.01:
            raise self._too_small(what, width, room, "width")

    def _check_height(self, what: str, extra: float = 0.0) -> None:
        """Refuse a block that runs past the bottom margin (`extra` mm below the current line) of a fresh column."""
        bottom = self.page_height - self.margin
        if self.y + extra > bottom + 0.01:
            raise self._too_small(what, self.y + extra - self._top, bottom - self._top, "height")

    def ensure(self, height: float) -> None:
        """Move to the next column or page unless `height` mm still fit in this column."""
        at_page_top = self.y <= self.margin + 0.01
        if self.y + height <= self.page_height - self.margin or at_page_top:
            return
        self.next_column()

    def next_column(self) -> None:
        """Continue at the top of the next column, or of a new page after the last column."""
        if self._column + 1 < self.columns:
            self._column += 1
            self.y = self._top
        else:
            self._new_page()

    def set_columns(self, columns: int, gap: float = 3.0) -> None:
        """Continue in `columns` columns below everything placed on this page so far."""
        self.columns = columns
        self._column = 0
        self.y = self._top = self._low + gap if self._low > self.margin else self.margin

    def space(self, height: float) -> None:
        """Leave vertical space."""
        self.y += height

    def heading(self, text: str, size: float = 14 * PT) -> None:
        """A bold heading (wrapped to the column when it is wider), kept with at least a few lines of what follows."""
        lines = wrap_text(text, self.column_width, "Helvetica-Bold", size)
        self.ensure(size * (4 + len(lines)))
        for number, line in enumerate(lines):
            self.y += size * (1.1 if number == 0 else 1.2)
            self._check_height(line)
            self._check_width(line, text_width(line, "Helvetica-Bold", size), self.column_width)
            self.scene.add(Text(self.x, self.y, line, size, anchor="start", font="Helvetica-Bold"), "text")
        self.y += size * 0.6

    def paragraph(self, text: str, size: float = 9.5 * PT, font: str = "Helvetica", indent: float = 0.0) -> None:
        """A paragraph wrapped to the column width."""
        leading = size * 1.3
        for line in wrap_text(text, self.column_width - indent, font, size):
            self.ensure(leading)
            self.y += leading
            self._check_height(line)
            self._check_width(line, text_width(line, font, size), self.column_width - indent)
            self.scene.add(Text(self.x + indent, self.y - size * 0.25, line, size, anchor="start", font=font), "text")
        self.y += size * 0.5

    def figure_height(self, drawing: Scene, caption: str, size: float = 7.5 * PT,
                      tallest: float | None = None) -> float:
        """The height (mm) `figure` takes in this column."""
        scale = self.figure_scale(drawing, tallest)
        return drawing.height * scale + size * 0.3 + self.paragraph_height(caption, size)

    def paragraph_height(self, text: str, size: float = 9.5 * PT, font: str = "Helvetica") -> float:
        """The height (mm) `paragraph` takes in this column."""
        return len(wrap_text(text, self.column_width, font, size)) * size * 1.3 + size * 0.5

    def figure_scale(self, drawing: Scene, tallest: float | None = None) -> float:
        """The scale `figure` draws `drawing` at in this column (before any shrinking to save a column)."""
        return min(1.0, self.column_width / drawing.width, (tallest or drawing.height) / drawing.height)

    def figure(self, drawing: Scene, caption: str, size: float = 7.5 * PT, tallest: float | None = None,
               shrink: bool = True) -> None:
        """A drawing scaled to the column's width (never enlarged; at most `tallest` mm high), centred, with
        its caption below, kept together in one column. With `shrink`, a figure a little too tall for the room
        left is drawn smaller instead (never with it: its text was sized for `figure_scale`). A figure is a
        picture: pieces drawn in it are art, never die or crease lines of a press-ready file."""
        scale = self.figure_scale(drawing, tallest)
        below = self.figure_height(drawing, caption, size, tallest) - drawing.height * scale
        room = self.page_height - self.margin - self.y - below
        # a little smaller saves a column
        if shrink and drawing.height * scale > room >= drawing.height * scale * SHRINK:
            scale = room / drawing.height
        self.ensure(drawing.height * scale + below)
        self._check_height(caption, drawing.height * scale)
        x = self.x + (self.column_width - drawing.width * scale) / 2
        self.scene.add(Embed(picture(drawing), round(x, 3), round(self.y, 3), round(scale, 6)), "figures")
        self.y += drawing.height * scale + size * 0.3
        self.paragraph(caption, size=size)

    def bullets(self, items: list[str], size: float = 9.5 * PT) -> None:
        """A bulleted list."""
        for item in items:
            self.ensure(size * 1.3)
            self.scene.add(Text(self.x + 1.0, self.y + size * 1.05, "•", size, anchor="start"), "text")
            self.paragraph(item, size, indent=4.0)
            self.y -= size * 0.3

    def table(self, rows: list[list], widths: list[float] | None = None, size: float = 8.5 * PT,
              header: bool = True, fonts: list[str] | None = None, continued: str | None = None,
              heading_size: float = 10.5 * PT) -> None:
        """A table; the header row (repeated after a break) is shaded. A cell is one line of text, or a tuple
        of lines (a row as tall as its tallest cell). With `continued`, that heading (bold, `heading_size`)
        stands above the repeated header wherever the table breaks to a new column or page."""
        widths = self._within_column(widths) if widths else self._fit_widths(rows, size)
        rows = [self._wrapped_cells(row, widths, size, "Helvetica-Bold" if header and i == 0 else None, fonts)
                for i, row in enumerate(rows)]
        leading = size * 1.45
        for i, row in enumerate(rows):
            height = leading * max(len(cell) if isinstance(cell, tuple) else 1 for cell in row)
            if self.y + height > self.page_height - self.margin and header and i > 0:
                self.next_column()
                if continued:
                    self.heading(continued, size=heading_size)
                self._row(rows[0], widths, size, leading, True, fonts)
            self.ensure(height)
            self._row(row, widths, size, leading, header and i == 0, fonts)
        self.y += size * 0.8

    def _row(self, row: list, widths: list[float], size: float, leading: float, bold: bool,
             fonts: list[str] | None) -> None:
        x = self.x
        lines = max(len(cell) if isinstance(cell, tuple) else 1 for cell in row)
        if bold:
            box = ((x, self.y), (x + sum(widths), self.y), (x + sum(widths), self.y + leading), (x, self.y + leading))
            self.scene.add(Polygon(box, SHADE), "text")
        flat = [" ".join(cell) if isinstance(cell, tuple) else cell for cell in row]
        self._check_height(" | ".join(flat), leading * lines)
        self._check_width(" | ".join(flat), sum(widths), self.column_width)
        for j, (cell, width) in enumerate(zip(row, widths)):
            font = "Helvetica-Bold" if bold else (fonts[j] if fonts else "Helvetica")
            for k, line in enumerate(cell if isinstance(cell, tuple) else (cell,)):
                self._check_width(line, text_width(line, font, size) + 1.0, width)
                self.scene.add(Text(x + 1.0, self.y + leading * (k + 1) - size * 0.38, line, size, anchor="start",
                                    font=font), "text")
            x += width
        self.y += leading * lines
        self.scene.add(Polygon(((self.x, self.y), (x, self.y)), RULE, closed=False), "text")

    @staticmethod
    def _wrapped_cells(row: list, widths: list[float], size: float, bold: str | None,
                       fonts: list[str] | None) -> list:
        """The row with each one-line cell wider than its column (on narrow paper) wrapped onto lines."""
        cells = []
        for j, (cell, width) in enumerate(zip(row, widths)):
            font = bold or (fonts[j] if fonts else "Helvetica")
            if isinstance(cell, str) and text_width(cell, font, size) + 1.0 > width:
                cell = tuple(wrap_text(cell, width - 1.0, font, size))
            cells.append(cell)
        return cells + list(row[len(widths):])

    def _fit_widths(self, rows: list[list[str]], size: float) -> list[float]:
        count = max(len(r) for r in rows)
        natural = [max(max(text_width(line, "Helvetica-Bold", size) for line in
                           (r[j] if isinstance(r[j], tuple) else (r[j],))) if j < len(r) else 0 for r in rows) + 2.5
                   for j in range(count)]
        return self._within_column(natural)

    def _within_column(self, widths: list[float]) -> list[float]:
        """Column widths scaled down, all alike, to the column when they are wider (a cell that no longer
        fits its text is then an error, never an overlap)."""
        scale = min(1.0, self.column_width / sum(widths))
        return [w * scale for w in widths]
