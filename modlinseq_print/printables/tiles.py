"""Number tiles, wild tiles and blockers: the tile set, faces and backs as scene items, and print sheets."""

from __future__ import annotations

import csv
import math
import re
from dataclasses import dataclass
from pathlib import Path

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.geometry.layout import MAX_TILE_MODULUS, TILE_SHAPES, tile_shape
from modlinseq_print.inputs import TEXT_LIMIT, excerpt, load_toml, parse_int, read_text_input
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.imposition import Slot, offset_convex, place_outline
from modlinseq_print.render.scene import Item, Polygon, Style, Text
from modlinseq_print.render.theme import Theme

DEFAULT_MODULUS = 13
DEFAULT_COPIES = 10  # ten of each of 0-12: 130 tiles (rules, page 1, section 1-3)
MAX_MODULUS = MAX_TILE_MODULUS  # three digits still fit a tile
MAX_PIECES = 100_000  # pieces of one kind (and in all) printed at once
WILD_LABEL = "#"
#: Which numbers get a bar under them: those that read as another value turned round (the default), every
#: number, or none.
UNDERLINES = ("ambiguous", "all", "none")
TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}  # each digit turned 180 degrees
CUT_LINES = ("solid", "dashed", "none")
DEFAULT_SAFE = 1.5  # mm between the cut line and the number when there is no bleed
MIN_WIDTH, MAX_WIDTH = 5.0, 200.0  # mm: a tile's width
_UNDERLINE_GAP, _UNDERLINE_WEIGHT = 0.10, 0.08  # in font sizes, below the baseline


class TileError(FieldError):
    """A bad tile set: modulus, counts, a counts file, or a tile look (its field: the one at fault, if any)."""


@dataclass(frozen=True)
class Piece:
    """One printed piece: kind 'number', 'wild', 'blocker' or 'marker', and its value (None for wild and blockers)."""

    kind: str
    value: int | None = None

    @property
    def label(self) -> str:
        """The main text on the face."""
        if self.kind == "wild":
            return WILD_LABEL
        return "" if self.value is None else str(self.value)


@dataclass(frozen=True)
class TileLook:
    """How tiles look: shape and width (mm), number underlines, bleed, safe zone, cut line and back text."""

    width: float = 25.0
    shape: str = "pentagon"
    underline: str = "ambiguous"  # one of UNDERLINES (True and False, as before: "ambiguous" and "none")
    bleed: float = 0.0
    safe: float | None = None  # mm the number stays inside the cut line; default: the bleed, at least 1.5 mm
    cut_line: str = "solid"
    back_text: str = ""
    font: str = "Helvetica-Bold"
    stroke_width: float = 0.3

    def __post_init__(self) -> None:
        if isinstance(self.underline, bool):
            object.__setattr__(self, "underline", "ambiguous" if self.underline else "none")
        if self.underline not in UNDERLINES:
            raise TileError(f"unknown underline {excerpt(self.underline)}: use one of {', '.join(UNDERLINES)}",
                            "underline", UNDERLINES)
        if self.shape not in TILE_SHAPES:
            raise TileError(f"unknown tile shape {excerpt(self.shape)}: use one of {', '.join(TILE_SHAPES)}",
                            "tile_shape", TILE_SHAPES)
        if self.cut_line not in CUT_LINES:
            raise TileError(f"unknown cut line {excerpt(self.cut_line)}: use one of {', '.join(CUT_LINES)}",
                            "cut_lines", CUT_LINES)
        if not MIN_WIDTH <= self.width <= MAX_WIDTH:
            raise TileError(f"a tile width of {self.width:g} mm is not practical: use {MIN_WIDTH:g} to {MAX_WIDTH:g} "
                            "mm, e.g. 25mm or 1in", "tile_width", (MIN_WIDTH, MAX_WIDTH))
        if self.bleed < 0 or self.bleed > self.width / 4:
            raise TileError(f"a bleed of {self.bleed:g} mm does not suit a {self.width:g} mm tile: use 0 to "
                            f"{self.width / 4:g} mm, e.g. 3mm", "bleed", self.width / 4)
        if self.safe_margin > self.width / 4:
            raise TileError(f"a safe zone of {self.safe_margin:g} mm leaves no room for the number on a "
                            f"{self.width:g} mm tile: use at most {self.width / 4:g} mm", "safe", self.width / 4)

    @property
    def safe_margin(self) -> float:
        """How far inside the cut line the number stays."""
        return self.safe if self.safe is not None else max(self.bleed, DEFAULT_SAFE)

    @property
    def outline(self) -> list[tuple[float, float]]:
        """The cut outline centred on its bounding box, point up."""
        return tile_shape(self.width, self.shape)

    @property
    def footprint(self) -> list[tuple[float, float]]:
        """The printed outline: the cut outline grown by the bleed."""
        return offset_convex(self.outline, self.bleed)


# ---- the tile set -----------------------------------------------------------------------------------------

def check_modulus(modulus: int) -> int:
    """The modulus, or a one-line error when it is not 2 to 999."""
    if not 2 <= modulus <= MAX_MODULUS:
        raise TileError(f"bad modulus {modulus}: printed tiles take 2 to {MAX_MODULUS} (three digits fit on a tile; "
                        "the rules suggest 8 to 20)", "modulus", MAX_MODULUS)
    return modulus


def check_count(count: int, what: str, field: str | None = None) -> int:
    """A count of pieces (of `field`, when one value gives it), or a one-line error when it is negative or absurd."""
    if count < 0:
        raise TileError(f"bad number of {what}: {count}; it must be 0 or more", field, 0)
    if count > MAX_PIECES:
        raise TileError(f"{count} {what} is more than this tool will print at once: use at most {MAX_PIECES}", field,
                        MAX_PIECES)
    return count


def tile_set(modulus: int = DEFAULT_MODULUS, copies: int = DEFAULT_COPIES, no_zero: bool = False,
             counts: dict[int, int] | None = None, wild: int = 0, blockers: int = 0,
             allow_empty: bool = False) -> list[Piece]:
    """The pieces to print: `copies` of each value 0..modulus-1 (counts per value override it; no 0 with
    `no_zero`, for the multiplicative variation), then wild tiles and blockers; none at all is an error unless
    `allow_empty` (other pieces, such as markers, are made with them)."""
    check_modulus(modulus)
    check_count(copies, "copies", "copies")
    per_value = {value: copies for value in range(modulus)}
    for value, count in (counts or {}).items():
        if not 0 <= value < modulus:
            raise TileError(f"count given for value {value}, which is not a tile of modulus {modulus}: "
                            f"use values 0 to {modulus - 1}", "counts", modulus - 1)
        per_value[value] = check_count(count, f"tiles of value {value}", "counts")
    if no_zero:
        per_value[0] = 0
    pieces = [Piece("number", value) for value in range(modulus) for _ in range(per_value[value])]
    pieces += [Piece("wild")] * check_count(wild, "wild tiles", "wild")
    pieces += [Piece("blocker")] * check_count(blockers, "blockers", "blockers")
    if not pieces and not allow_empty:
        raise TileError(f"nothing to print: every count is 0; give {mention('copies')}, {mention('wild')} or "
                        f"{mention('blockers')} above 0", "copies", 1)
    check_count(len(pieces), "pieces")
    return pieces


def read_counts(path: str | Path) -> dict[int, int]:
    """Per-value counts from TOML (value = count, at the top and/or under [counts]) or CSV (value,count rows)."""
    source = Path(path)
    text = read_text_input(source, "counts file", TEXT_LIMIT, TileError)
    if source.suffix.lower() == ".toml":
        data = load_toml(text, f"counts file {source}", TileError)
        table = data.pop("counts") if isinstance(data.get("counts"), dict) else {}
        rows = [(f"counts file {source}", key, count) for key, count in list(data.items()) + list(table.items())]
    elif source.suffix.lower() == ".csv":
        rows = _csv_rows(text, source)
    else:
        raise TileError(f"counts file {source}: use a .toml or .csv file of value = count lines")
    counts: dict[int, int] = {}
    for where, key, count in rows:
        value = _whole(key, where, "value")
        if value in counts:
            raise TileError(f"{where}: value {value} is given twice; give each value once")
        counts[value] = _whole(count, where, f"count for {key}")
    return counts


def _csv_rows(text: str, source: Path) -> list[tuple[str, str, str]]:
    """(where, value, count) of each line of a counts CSV: two columns a line, a first line of words a header."""
    rows: list[tuple[str, str, str]] = []
    first = True
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        row = next(csv.reader([line]))
        where = f"counts file {source} line {number}"
        if len(row) != 2:
            raise TileError(f"{where}: give two columns, value,count (e.g. 7,10), got {excerpt(line)}")
        if not (first and all(re.fullmatch(r"\s*[A-Za-z][A-Za-z ]*", cell) for cell in row)):
            rows.append((where, row[0], row[1]))
        first = False
    return rows


def _whole(text, where: str, what: str) -> int:
    if isinstance(text, (bool, float)) or not isinstance(text, (int, str)):
        raise TileError(f"{where}: bad {what} {excerpt(text)}; give whole numbers, e.g. 7 = 10")
    if not re.fullmatch(r"\s*[-+]?[0-9]+\s*", str(text)):
        raise TileError(f"{where}: bad {what} {excerpt(text)}; give whole numbers, e.g. 7 = 10")
    return parse_int(str(text), f"{where}: {what}", TileError)


# ---- numbers that read as another turned round ----------------------------------------------------------

def turned(value: int) -> int | None:
    """What a number reads as turned 180 degrees: its digits in reverse order, each turned (0, 1 and 8 stay, 6
    and 9 swap); None when a digit turns into no digit (2, 3, 4, 5, 7) or the reading starts with 0, which no
    tile shows (10 turned reads 01: plainly upside down, not another tile)."""
    text = str(value)
    if any(digit not in TURNED_DIGITS for digit in text):
        return None
    reading = "".join(TURNED_DIGITS[digit] for digit in reversed(text))
    return None if len(reading) > 1 and reading.startswith("0") else int(reading)


def ambiguous(value: int, modulus: int) -> bool:
    """Whether a tile's number, turned round, reads as another tile's: a different value 0 to modulus-1
    (6 and 9; from modulus 92, 16 and 91...). A number that reads the same both ways (8, 11, 69) is not."""
    other = turned(value)
    return other is not None and other != value and 0 <= other < modulus


def marked_values(underline: str, values) -> frozenset[int]:
    """The values of a set that get a bar under them: with "ambiguous" those that read as another value of the
    set's range (0 to the largest) turned round, with "all" every one, with "none" none."""
    values = sorted(set(values))
    if underline == "none" or not values:
        return frozenset()
    if underline == "all":
        return frozenset(values)
    return frozenset(v for v in values if ambiguous(v, values[-1] + 1))


# ---- faces and backs --------------------------------------------------------------------------------------

@dataclass(frozen=True)
class LabelBox:
    """The extent of a face's text around its anchor, in font sizes: half width, above and below."""

    half_width: float
    above: float
    below: float


def label_box(labels, font: str, underline: bool) -> LabelBox:
    """The box every label of a set needs, with room for an underline when asked."""
    half_cap = cap_height(font) / 2
    below = half_cap + (_UNDERLINE_GAP + _UNDERLINE_WEIGHT if underline else 0.0)
    return LabelBox(max((text_width(label, font, 1.0) for label in labels), default=0.0) / 2, half_cap, below)


def centroid(points) -> tuple[float, float]:
    """The area centroid of a simple polygon."""
    area = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return cx / (3 * area), cy / (3 * area)


def fit_font_size(outline, box: LabelBox, safe: float, cap: float) -> float:
    """The largest font size (at most `cap`) whose label box, anchored at the outline's centroid, stays
    `safe` mm inside the convex outline."""
    inner = offset_convex(outline, -safe)
    cx, cy = centroid(outline)
    size = cap
    for (x0, y0), (x1, y1) in zip(inner, inner[1:] + inner[:1]):
        nx, ny = y1 - y0, x0 - x1
        length = math.hypot(nx, ny)
        nx, ny = nx / length, ny / length
        if (x0 - cx) * nx + (y0 - cy) * ny < 0:
            nx, ny = -nx, -ny
        room = (x0 - cx) * nx + (y0 - cy) * ny
        reach = abs(nx) * box.half_width + max(ny * box.below, -ny * box.above)
        if reach > 0:
            size = min(size, room / reach)
    return max(size, 0.0)


def face_labels(lines: list[tuple[str, float, float]], slot: Slot, outline, font: str, colour: str,
                underline: float = 0.0) -> list[Item]:
    """Text lines (text, size, dy from the centroid) on a placed tile, turned with it; `underline` > 0
    draws a bar of that length under the first line."""
    cx, cy = centroid(outline)
    turn = -1.0 if slot.rotation % 360 == 180 else 1.0
    items: list[Item] = []
    for text, size, dy in lines:
        items.append(Text(slot.x + turn * cx, slot.y + turn * (cy + dy), text, size, font=font, fill=colour,
                          middle=True, rotate=float(slot.rotation % 360)))
    if underline > 0 and lines:
        text, size, dy = lines[0]
        top = dy + cap_height(font) * size / 2 + _UNDERLINE_GAP * size
        bar = [(-underline / 2, top), (underline / 2, top), (underline / 2, top + _UNDERLINE_WEIGHT * size),
               (-underline / 2, top + _UNDERLINE_WEIGHT * size)]
        items.append(Polygon(tuple((slot.x + turn * (cx + x), slot.y + turn * (cy + y)) for x, y in bar),
                             Style(fill=colour, stroke=None)))
    return items


@dataclass(frozen=True)
class Colours:
    """Fill and text colour of a piece's face and back."""

    fill: str
    text: str
    back: str


def piece_colours(piece: Piece, theme: Theme) -> Colours:
    """Colours by kind: tiles yellow, wild tiles pale (same back as tiles), blockers red, markers contrasting."""
    if piece.kind == "wild":
        return Colours(theme.wild_fill, theme.tile_text, theme.tile_fill)
    if piece.kind == "blocker":
        return Colours(theme.blocked_fill, theme.tile_text, theme.blocked_fill)
    if piece.kind == "marker":
        return Colours(theme.marker_fill, theme.marker_text, theme.marker_fill)
    return Colours(theme.tile_fill, theme.tile_text, theme.tile_fill)


def outline_items(slot: Slot, look: TileLook, fill: str, stroke: str) -> list[Item]:
    """The printed shape of a placed tile: its bleed (when any) and its cut outline (marked as the die line)."""
    items: list[Item] = []
    if look.bleed > 0:
        items.append(Polygon(tuple(place_outline(look.footprint, slot)), Style(fill=fill, stroke=None)))
    cut = {"solid": None, "dashed": (1.5, 1.0)}
    line = Style(fill=None if look.bleed > 0 else fill, stroke=None if look.cut_line == "none" else stroke,
                 stroke_width=look.stroke_width, dash=cut.get(look.cut_line), die=True)  # the outline is cut
    items.append(Polygon(tuple(place_outline(look.outline, slot)), line))
    return items


def back_items(piece: Piece, slot: Slot, look: TileLook, theme: Theme, size: float) -> list[Item]:
    """A piece's back at an already mirrored slot: plain in the back colour, with the optional back text."""
    colours = piece_colours(piece, theme)
    mirrored = [(-x, y) for x, y in look.footprint]
    items: list[Item] = [Polygon(tuple(place_outline(mirrored, slot)), Style(fill=colours.back, stroke=None))]
    if look.back_text:
        text = theme.marker_text if piece.kind == "marker" else theme.tile_text
        items += face_labels([(look.back_text, size, 0.0)], slot, [(-x, y) for x, y in look.outline], look.font, text)
    return items


def back_text_size(look: TileLook) -> float:
    """The size of the back text: the largest that stays inside the safe zone of the (mirrored) outline,
    at most a quarter of the tile's width; the same for every kind of piece with that look."""
    box = label_box([look.back_text], look.font, False)
    return fit_font_size([(-x, y) for x, y in look.outline], box, look.safe_margin, look.width / 4)


class TileFaces:
    """Draws the faces, labels and backs of a tile set, every number at one size."""

    def __init__(self, look: TileLook, theme: Theme, labels: list[str]):
        self.look = look
        self.theme = theme
        self.label_texts = list(labels)
        self.marked = marked_values(look.underline, [int(label) for label in labels if label.isdigit()])
        box = label_box(labels or ["0"], look.font, bool(self.marked))
        self.size = fit_font_size(look.outline, box, look.safe_margin, look.width / 2)
        self.back_size = back_text_size(look)

    def with_look(self, look: TileLook) -> "TileFaces":
        """The same tiles drawn with another look (a bleed, no printed cut line)."""
        return TileFaces(look, self.theme, self.label_texts)

    def lines(self, piece: Piece) -> tuple[list[tuple[str, float, float]], float]:
        """The text lines of a face (text, size, dy from the centroid) and the underline length (0: none)."""
        if piece.kind == "blocker":
            return [], 0.0
        underline = piece.kind == "number" and piece.value in self.marked
        length = text_width(piece.label, self.look.font, self.size) if underline else 0.0
        return [(piece.label, self.size, 0.0)], length

    def labels(self, piece: Piece, slot: Slot, colour: str | None = None) -> list[Item]:
        """The text of a face at a slot (for engraving, in `colour`)."""
        lines, underline = self.lines(piece)
        colour = colour or piece_colours(piece, self.theme).text
        return face_labels(lines, slot, self.look.outline, self.look.font, colour, underline)

    def face(self, piece: Piece, slot: Slot) -> list[Item]:
        """The printed face of a piece at a slot: bleed, outline and text."""
        fill = piece_colours(piece, self.theme).fill
        return outline_items(slot, self.look, fill, self.theme.tile_stroke) + self.labels(piece, slot)

    def back(self, piece: Piece, slot: Slot) -> list[Item]:
        """The back of a piece at its (already mirrored) back slot."""
        return back_items(piece, slot, self.look, self.theme, self.back_size)
