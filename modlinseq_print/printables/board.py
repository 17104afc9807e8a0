"""The board printable: cells, bonus/malus marks, pseudocells, addresses and optional extras, as a Scene in mm."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Callable

from modlinseq_print.errors import FieldError, mention
from modlinseq_print.geometry.boards import Board
from modlinseq_print.geometry.hexgrid import SLOPES, Cell, in_reading_order
from modlinseq_print.geometry.layout import (DEFAULT_CLEARANCE, DEFAULT_TILE_WIDTH, HexLayout, SquareLayout,
                                             check_tile_fits, default_cell_size, layout_for, tile_fit, tile_shape)
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.collector import collector_paused
from modlinseq_print.render.fonts import cap_height
from modlinseq_print.render.text_metrics import text_width
from modlinseq_print.render.rect import Rect
from modlinseq_print.render.scene import DIE_LINE, Circle, Item, Layer, Polygon, Scene, Style, Text, Use
from modlinseq_print.render.theme import Theme, get_theme
from modlinseq_print.rules.sequences import MAX_MODULUS
from modlinseq_print.wording import _

Point = tuple[float, float]
LABEL_GAP = 0.5  # mm between a tile's lower edge and the address under it
MAX_LABEL_FRACTION = 0.1  # the automatic label size is at most this fraction of the cell size
TITLE_SIZE = 6.0
NOTE_SIZE = 4.0
_DIGITS_AS_ZERO = str.maketrans("123456789", "000000000")
START = Cell(0, 0)  # A0: the first sequence passes through it, and the modulus marker sits on it
START_RADIUS = 0.45  # the ring on A0, in cell sizes (across flats): just inside the cell's edges
START_WEIGHT = 0.045  # its stroke, in cell sizes (at least START_LEAST mm)
START_LEAST = 0.6
_START_STEPS = 72


class BoardStyleError(FieldError):
    """A board style option out of range (its field: the BoardStyle field at fault)."""


@dataclass(frozen=True)
class BoardStyle:
    """How a board is drawn: theme, physical sizes (mm), labels and optional extras."""

    theme: str = "green"
    tile_width: float = DEFAULT_TILE_WIDTH
    clearance: float = DEFAULT_CLEARANCE
    tile_shape: str = "pentagon"
    cell_size: float | None = None  # across flats; None: the smallest that holds the tile with the clearance
    labels: bool = True
    label_size: float | None = None  # mm; None: as large as fits under a tile, at most 10 % of the cell
    pattern: str | None = None  # None: the board's own default pattern
    centre_dots: bool = False
    title: str | None = None
    modulus: int | None = None
    arrows: bool = False
    padding: float = 4.0  # mm of paper around the drawing
    die_outline: bool = False  # mark the board's outline as a die line (press-ready PDFs)
    die_bleed: float = 0.0  # mm the edge cells' colour runs past the die outline (with die_outline)

    def resolved_cell_size(self) -> float:
        """The cell size in mm, checked to hold the tile with the clearance."""
        if self.tile_width <= 0:
            raise BoardStyleError(f"bad tile width {self.tile_width:g} mm: it must be positive, e.g. 25mm",
                                  "tile_width", 0)
        if self.clearance < 0:
            raise BoardStyleError(f"bad clearance {self.clearance:g} mm: it must not be negative, e.g. 1.5mm",
                                  "clearance", 0)
        if self.cell_size is None:
            return round(default_cell_size(self.tile_width, self.clearance, self.tile_shape), 9)
        check_tile_fits(self.cell_size, self.tile_width, self.clearance, self.tile_shape)
        return self.cell_size


@dataclass
class BoardDrawing:
    """A drawn board: its scene and where every cell sits on it (scene mm, y downward)."""

    board: Board
    style: BoardStyle
    scene: Scene
    layout: HexLayout | SquareLayout
    origin: Point  # scene position of the layout's origin (the centre of A0, or of a1 on square grids)
    label_offset: Point = (0.0, 0.0)  # from a cell centre to its address label's anchor
    label_size: float = 0.0
    header: Rect | None = None
    extra_boxes: list[Rect] = field(default_factory=list)
    _cell_boxes: list[Rect] | None = field(default=None, repr=False, compare=False)

    @property
    def cell_size(self) -> float:
        """Across-flats size (pitch) of a cell in mm."""
        return self.layout.cell_size

    def centre(self, cell: Cell) -> Point:
        """The centre of a cell (or pseudocell) in scene mm."""
        x, y = self.layout.centre(cell)
        return (x + self.origin[0], y + self.origin[1])

    def corners(self, cell: Cell) -> list[Point]:
        """The corners of a cell's outline in scene mm."""
        return [(x + self.origin[0], y + self.origin[1]) for x, y in self.layout.corners(cell)]

    def tile_outline(self, cell: Cell) -> list[Point]:
        """The outline of a tile standing on the cell, in scene mm (the same shape the tile sheets cut)."""
        outline = self.layout.tile_outline(cell, self.style.tile_width, self.style.tile_shape)
        return [(x + self.origin[0], y + self.origin[1]) for x, y in outline]

    def cell_box(self, cell: Cell) -> Rect:
        """The bounding box of a cell's outline in scene mm."""
        xs, ys = zip(*self.corners(cell))
        return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))

    def cells(self) -> list[Cell]:
        """Real cells and pseudocells in reading order."""
        return in_reading_order(list(self.board.cells) + list(self.board.pseudocells))

    def cell_boxes(self) -> list[Rect]:
        """Bounding boxes of every drawn cell: what pagination keeps whole (computed once: every cell has the
        same outline about its centre)."""
        if self._cell_boxes is None:
            xs, ys = zip(*self.layout.corners(Cell(0, 0)))  # about the centre (0, 0)
            left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
            ox, oy = self.origin
            boxes = []
            for cell in self.cells():
                x, y = self.layout.centre(cell)
                x0, y0 = x + left + ox, y + top + oy
                boxes.append(Rect(x0, y0, x + right + ox - x0, y + bottom + oy - y0))
            self._cell_boxes = boxes
        return list(self._cell_boxes)

    def label_boxes(self) -> list[Rect]:
        """Boxes of the printed cell addresses (capital height): what alignment marks keep off."""
        boxes = []
        caps: dict[str, float] = {}
        widths: dict[tuple, float] = {}  # by the text's shape: Helvetica's digits all share one width
        share = {"start": 0.0, "middle": 0.5, "end": 1.0}
        for item in (i for layer in self.scene.layers if layer.name == "labels" for i in layer.items):
            if not isinstance(item, Text):  # the labels layer holds the addresses alone
                continue
            if item.font not in caps:
                caps[item.font] = cap_height(item.font)
            key = (item.text.translate(_DIGITS_AS_ZERO), item.font, item.size)
            if key not in widths:
                widths[key] = text_width(key[0], item.font, item.size)
            width, height = widths[key], caps[item.font] * item.size
            boxes.append(Rect(item.x - share[item.anchor] * width, item.y - height / 2, width, height))
        return boxes

    def content_boxes(self) -> list[Rect]:
        """Everything worth a page: the cell boxes, the header and the arrows."""
        return self.cell_boxes() + ([self.header] if self.header else []) + self.extra_boxes


def _moved(points: list[Point], by: Point) -> list[Point]:
    """The points moved by `by` and rounded to 4 places: a board's centres share a few hundred x and y values,
    so each is rounded once (rounding 60,000 coordinates anew was a tenth of drawing a large board).
    (0.0 and -0.0 are one key; both move to the same sum unless `by` is -0.0.)"""
    dx, dy = by
    xs = {x: round(x + dx, 4) for x in set(map(itemgetter(0), points))}
    ys = {y: round(y + dy, 4) for y in set(map(itemgetter(1), points))}
    return [(xs[x], ys[y]) for x, y in points]


def _polygon_symbol(points: list[Point], fill: str | None, theme: Theme) -> Polygon:
    return Polygon(tuple(points), Style(fill=fill, stroke=theme.cell_stroke, stroke_width=theme.cell_stroke_width))


def _stroke(points: list[Point], colour: str, width: float) -> Polygon:
    return Polygon(tuple(points), Style(stroke=colour, stroke_width=width), closed=False)


def _define_symbols(scene: Scene, layout: HexLayout | SquareLayout, style: BoardStyle, theme: Theme) -> None:
    """The cell kinds drawn once and placed with Use: cell, bonus, malus, pseudo."""
    outline = layout.corners(Cell(0, 0))
    size = layout.cell_size
    arm = 0.14 * size
    mark_width = max(0.5, 0.03 * size)
    plus = [_stroke([(-arm, 0), (arm, 0)], theme.mark, mark_width),
            _stroke([(0, -arm), (0, arm)], theme.mark, mark_width)]
    minus = [_stroke([(-arm, 0), (arm, 0)], theme.mark, mark_width)]
    inner: list[Item] = []
    if theme.bonus_fill == theme.board_fill:  # line art: ring the marked cells so they stand out
        inset = 1.0 - 2.0 / size * math.sqrt(3)
        inner = [Polygon(tuple((x * inset, y * inset) for x, y in outline),
                         Style(fill=None, stroke=theme.mark, stroke_width=theme.cell_stroke_width))]
    cross = 0.2 * size
    x_mark = [_stroke([(-cross, -cross), (cross, cross)], theme.pseudo_mark, mark_width),
              _stroke([(-cross, cross), (cross, -cross)], theme.pseudo_mark, mark_width)]
    dot: list[Item] = [Circle(0.0, 0.0, 0.6, Style(fill=theme.cell_stroke, stroke=None))] if style.centre_dots else []
    scene.define("cell", [_polygon_symbol(outline, theme.board_fill, theme)] + dot)
    scene.define("bonus", [_polygon_symbol(outline, theme.bonus_fill, theme)] + inner + plus + dot)
    scene.define("malus", [_polygon_symbol(outline, theme.bonus_fill, theme)] + inner + minus + dot)
    scene.define("pseudo", [_polygon_symbol(outline, theme.pseudo_fill, theme)] + x_mark)


def _label_placement(layout: HexLayout | SquareLayout, style: BoardStyle, longest: str) -> tuple[Point, float, str]:
    """Where an address goes relative to its cell centre, its size in mm and its anchor."""
    size = layout.cell_size
    auto = MAX_LABEL_FRACTION * size
    if isinstance(layout, SquareLayout):
        label_size = style.label_size or round(min(auto, 0.08 * size), 3)
        _check_label_fits(label_size, size, lambda s: text_width(longest, "Helvetica", s) <= size - 1.6
                          and cap_height("Helvetica") * s <= size / 2)
        half = size / 2
        return (-half + 0.8, half - 0.8 - cap_height("Helvetica") * label_size / 2), label_size, "start"
    points = tile_shape(style.tile_width, style.tile_shape)
    offset = tile_fit(style.tile_width, 0.0, style.tile_shape)[1]
    tile_bottom = max(y for _, y in points) + offset
    corner = size / math.sqrt(3)

    def fits(s: float) -> bool:
        bottom = tile_bottom + LABEL_GAP + cap_height("Helvetica") * s
        return text_width(longest, "Helvetica", s) <= 2 * (corner - bottom) * math.sqrt(3) - 1.0

    if style.label_size is None:
        label_size = round(auto, 3)
        while label_size > 0.8 and not fits(label_size):
            label_size = round(label_size - 0.1, 3)
    else:
        label_size = style.label_size
        _check_label_fits(label_size, size, fits)
    return (0.0, tile_bottom + LABEL_GAP + cap_height("Helvetica") * label_size / 2), label_size, "middle"


def _check_label_fits(label_size: float, cell_size: float, fits: Callable[[float], bool]) -> None:
    """A one-line error when a label of the size asked for would run out of its cell (or over the tile)."""
    if fits(label_size):
        return
    largest = math.floor(label_size * 10) / 10
    while largest > 0.1 and not fits(largest):
        largest = round(largest - 0.1, 1)
    hint = f"use {mention('label_size')} {largest:g}mm or less" if fits(largest) else f"use {mention('labels', False)}"
    raise BoardStyleError(f"a {label_size:g} mm label does not fit its {cell_size:g} mm cell under the tile: "
                          f"{hint}, or a larger {mention('cell_size')}", "label_size", largest)


def _arrow_symbols(scene: Scene, layout: HexLayout | SquareLayout, colour: str) -> None:
    """One arrow symbol per slope ('arrow-zero', ...), pointing the way numbers are added along it."""
    for slope, direction in SLOPES.items():
        x, y = layout.centre(direction)
        length = math.hypot(x, y)
        ux, uy = x / length, y / length
        half = 0.2 * layout.cell_size
        head = 0.12 * layout.cell_size
        nx, ny = -uy, ux
        tip = (ux * half, uy * half)
        base = (tip[0] - ux * head, tip[1] - uy * head)
        scene.define(f"arrow-{slope}", [
            _stroke([(-ux * half, -uy * half), base], colour, max(0.5, 0.025 * layout.cell_size)),
            Polygon((tip, (base[0] + nx * head / 2, base[1] + ny * head / 2),
                     (base[0] - nx * head / 2, base[1] - ny * head / 2)), Style(fill=colour, stroke=None)),
        ])


def _arrow_places(board: Board) -> list[tuple[str, Cell]]:
    """For each line of each slope, the outermost drawn cell where it enters (a pseudocell on tess boards)."""
    places = []
    for slope, direction in SLOPES.items():
        for cell in in_reading_order(board.cells):
            if cell - direction in board.cells:
                continue
            while cell - direction in board.pseudocells:
                cell = cell - direction
            places.append((slope, cell))
    return places


def _header_lines(style: BoardStyle) -> list[tuple[str, float, str]]:
    lines = []
    if style.title:
        lines.append((style.title, TITLE_SIZE, "Helvetica-Bold"))
    if style.modulus is not None:
        if not 2 <= style.modulus <= MAX_MODULUS:  # the note shows the modulus of play: the rules' range
            raise BoardStyleError(f"bad modulus {style.modulus}: use a whole number from 2 to {MAX_MODULUS:,}, "
                                  "e.g. 13", "modulus", MAX_MODULUS)
        lines.append((_("modulus {modulus}").format(modulus=style.modulus), NOTE_SIZE, "Helvetica"))
    return lines


def board_scene(board: Board, style: BoardStyle = BoardStyle()) -> BoardDrawing:
    """Draw a board: one symbol per cell kind placed with Use, addresses under where a tile sits."""
    with collector_paused():  # tens of thousands of items that all stay alive: see modlinseq_print/collector.py
        return _board_scene(board, style)


def _board_scene(board: Board, style: BoardStyle) -> BoardDrawing:
    theme = get_theme(style.theme)
    cell_size = style.resolved_cell_size()
    if style.label_size is not None and style.label_size <= 0:
        raise BoardStyleError(f"bad label size {style.label_size:g} mm: it must be positive, e.g. 2.5mm",
                              "label_size", 0)
    layout = layout_for(board.grid, cell_size)
    marks = board_pattern(board, style.pattern)
    drawn = in_reading_order(list(board.cells) + list(board.pseudocells))
    arrows = _arrow_places(board) if style.arrows and board.grid == "hex" else []
    spots = layout.centres(drawn) + [_arrow_centre(layout, *a) for a in arrows]
    half_w = cell_size / 2
    half_h = half_w if board.grid == "square" else cell_size / math.sqrt(3)
    min_x, max_x = min(spots)[0] - half_w, max(spots)[0] + half_w
    min_y, max_y = min(spots, key=itemgetter(1))[1] - half_h, max(spots, key=itemgetter(1))[1] + half_h
    header = _header_lines(style)
    header_height = sum(size * 1.5 for _, size, _ in header) + (2.0 if header else 0.0)
    origin = (float(math.ceil(style.padding - min_x)), round(style.padding + header_height - min_y, 3))
    width = float(math.ceil(max_x + origin[0] + style.padding))
    height = float(math.ceil(max_y + origin[1] + style.padding))
    scene = Scene(width, height)
    _define_symbols(scene, layout, style, theme)
    drawing = BoardDrawing(board, style, scene, layout, origin)
    centres = _moved(spots[:len(drawn)], origin)
    if style.die_outline and style.die_bleed > 0:
        _draw_bleed(drawing, drawn, centres, marks, theme)
    kinds = _kinds(drawing.board, drawn, marks)
    _draw_cells(drawing, kinds, centres)
    if arrows:
        _draw_arrows(drawing, arrows, theme)
    if style.labels:
        _draw_labels(drawing, drawn, centres, kinds, theme)
    if board.grid == "hex" and START in board.cells:  # a layer of its own just above the cells (they are all uses)
        names = [layer.name for layer in scene.layers]
        scene.layers.insert(names.index("cells") + 1, Layer("start", [start_ring(drawing, theme)]))
    if style.die_outline:
        scene.layer("dieline").items.extend(Polygon(loop, DIE_LINE) for loop in outline_loops(
            [drawing.corners(cell) for cell in drawn]))
    if header:
        drawing.header = _draw_header(scene, header, style.padding, theme)
    return drawing


def outline_loops(cells: list[list[Point]]) -> list[tuple[Point, ...]]:
    """The outline of a union of cells that meet edge to edge: the edges only one cell has, chained into
    closed loops (the outer boundary, and the rim of any hole)."""
    def key(point: Point) -> tuple[float, float]:
        return round(point[0], 3), round(point[1], 3)

    count: dict[frozenset, int] = {}
    for corners in cells:
        for a, b in zip(corners, corners[1:] + corners[:1]):
            edge = frozenset((key(a), key(b)))
            count[edge] = count.get(edge, 0) + 1
    following: dict[tuple[float, float], tuple[float, float]] = {}
    for corners in cells:  # each cell's corners run clockwise, so boundary edges chain head to tail
        for a, b in zip(corners, corners[1:] + corners[:1]):
            if count[frozenset((key(a), key(b)))] == 1:
                following[key(a)] = key(b)
    loops = []
    while following:
        start = min(following)
        loop = [start]
        point = following.pop(start)
        while point != start:
            loop.append(point)
            point = following.pop(point)
        loops.append(tuple(loop))
    return loops


def _edge_key(a: Point, b: Point) -> frozenset:
    return frozenset(((round(a[0], 3), round(a[1], 3)), (round(b[0], 3), round(b[1], 3))))


def _draw_bleed(drawing: BoardDrawing, drawn: list[Cell], centres: list[Point], marks: dict[Cell, str],
                theme: Theme) -> None:
    """Under the cells, each edge cell grown about its centre until every outer edge lies style.die_bleed
    past the board's outline, in the cell's own colour: a die that cuts a little outside still finds colour."""
    corners = [drawing.corners(cell) for cell in drawn]
    count: dict[frozenset, int] = {}
    for points in corners:
        for a, b in zip(points, points[1:] + points[:1]):
            count[_edge_key(a, b)] = count.get(_edge_key(a, b), 0) + 1
    grow = 1 + drawing.style.die_bleed / (drawing.cell_size / 2)  # the apothem is half the across-flats size
    fills = {"cell": theme.board_fill, "bonus": theme.bonus_fill, "malus": theme.bonus_fill,
             "pseudo": theme.pseudo_fill}
    layer = drawing.scene.layer("bleed")
    for cell, (cx, cy), points in zip(drawn, centres, corners):
        if any(count[_edge_key(a, b)] == 1 for a, b in zip(points, points[1:] + points[:1])):
            kind = "pseudo" if cell in drawing.board.pseudocells else marks.get(cell, "cell")
            layer.items.append(Polygon(tuple((cx + (x - cx) * grow, cy + (y - cy) * grow) for x, y in points),
                                       Style(fill=fills[kind], stroke=None)))


def _kinds(board: Board, drawn: list[Cell], marks: dict[Cell, str]) -> list[str]:
    """Each drawn cell's symbol: 'cell', 'bonus', 'malus' or 'pseudo'."""
    pseudo = board.pseudocells
    if not pseudo:
        return [marks.get(cell, "cell") for cell in drawn]
    return [("pseudo" if cell in pseudo else marks.get(cell, "cell")) for cell in drawn]


def _draw_cells(drawing: BoardDrawing, kinds: list[str], centres: list[Point]) -> None:
    drawing.scene.layer("cells").items.extend(map(Use, kinds, map(itemgetter(0), centres), map(itemgetter(1), centres)))


def _arrow_centre(layout: HexLayout | SquareLayout, slope: str, entry: Cell) -> Point:
    """Just outside the entry cell's edge, on the line's axis: 0.75 of a pitch back from its centre."""
    x, y = layout.centre(entry)
    back_x, back_y = layout.centre(entry - SLOPES[slope])
    return (x + 0.75 * (back_x - x), y + 0.75 * (back_y - y))


def start_ring(drawing: BoardDrawing, theme: Theme) -> Polygon:
    """A ring around A0's tile in the theme's start colour, where the first sequence passes and the modulus
    marker sits (the rules, page 1, section 3-3; page 3, section 8): open at the bottom where A0's address is
    printed, closed when the board prints no addresses."""
    size = drawing.cell_size
    cx, cy = drawing.centre(START)
    radius, weight = START_RADIUS * size, max(START_WEIGHT * size, START_LEAST)
    if drawing.style.labels and drawing.label_size:
        reach = text_width("A0", "Helvetica", drawing.label_size) / 2 + weight + 0.5  # the address, and air
        gap = math.asin(min(reach / radius, 1.0))
        angles = [math.pi / 2 + gap + (2 * math.pi - 2 * gap) * k / _START_STEPS for k in range(_START_STEPS + 1)]
    else:
        angles = [2 * math.pi * k / _START_STEPS for k in range(_START_STEPS)]
    points = tuple((round(cx + radius * math.cos(a), 4), round(cy + radius * math.sin(a), 4)) for a in angles)
    return Polygon(points, Style(fill=None, stroke=theme.start_mark, stroke_width=weight),
                   closed=len(angles) == _START_STEPS)


def _draw_arrows(drawing: BoardDrawing, arrows: list[tuple[str, Cell]], theme: Theme) -> None:
    _arrow_symbols(drawing.scene, drawing.layout, theme.cell_stroke)
    layer = drawing.scene.layer("arrows")
    reach = drawing.cell_size / 4
    for slope, entry in arrows:
        x, y = _arrow_centre(drawing.layout, slope, entry)
        x, y = x + drawing.origin[0], y + drawing.origin[1]
        layer.items.append(Use(f"arrow-{slope}", round(x, 4), round(y, 4)))
        drawing.extra_boxes.append(Rect(x - reach, y - reach, 2 * reach, 2 * reach))


def _draw_labels(drawing: BoardDrawing, drawn: list[Cell], centres: list[Point], kinds: list[str],
                 theme: Theme) -> None:
    board = drawing.board
    pseudocells = board.pseudocells
    texts = board.addresses_of([pseudocells.get(cell, cell) for cell in drawn] if pseudocells else drawn)
    shapes = {t.translate(_DIGITS_AS_ZERO) for t in texts}  # Helvetica's digits all share one width
    longest = max(shapes, key=lambda t: text_width(t, "Helvetica", 1.0))
    (dx, dy), size, anchor = _label_placement(drawing.layout, drawing.style, longest)
    drawing.label_offset, drawing.label_size = (dx, dy), size
    # the centres are rounded to 4 places already: a zero offset (hex labels sit under the centre) keeps x
    if dx == 0:
        ys = {y: round(y + dy, 4) for y in set(map(itemgetter(1), centres))}
        places = [(x + dx, ys[y]) for x, y in centres]
    else:
        places = _moved(centres, (dx, dy))
    plain, marked, pseudo = [], [], []
    for kind, (x, y), text in zip(kinds, places, texts):
        if kind == "cell":
            plain.append(Text(x, y, text, size, anchor, "Helvetica", theme.label, True))
        elif kind == "pseudo":
            pseudo.append(Text(x, y, text, size, anchor, "Helvetica-Bold", theme.pseudo_mark, True))
        else:
            marked.append(Text(x, y, text, size, anchor, "Helvetica", theme.mark, True))
    drawing.scene.layer("labels").items.extend(plain + marked + pseudo)


def _draw_header(scene: Scene, lines: list[tuple[str, float, str]], top: float, theme: Theme) -> Rect:
    layer = scene.layer("notes")
    y = top
    widest = 0.0
    for text, size, font in lines:
        y += size * 1.2
        layer.items.append(Text(scene.width / 2, y, text, size, "middle", font, theme.cell_stroke))
        y += size * 0.3
        widest = max(widest, text_width(text, font, size))
    return Rect(scene.width / 2 - widest / 2, top, widest, y - top)
