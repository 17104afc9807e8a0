"""The format-neutral scene: shapes, text and reusable symbols in millimetres, y growing downward.

Printables build a Scene once; writers (PDF, SVG, PNG) only serialise it. Nothing here imports a
rendering library.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Iterator, Union

Point = tuple[float, float]

# ITEMS_NOTE: the drawing items (Polygon, Circle, Text, Use) are values: equal and hashed by their fields,
# and never changed once made (writers share equal symbols by hashing them). They are not frozen
# dataclasses because a frozen __init__ sets each field through object.__setattr__, which made building a
# 30,000-cell board's labels and uses several times slower (bench/bench_writers.py); build a changed copy
# with dataclasses.replace, as for frozen ones.


@dataclass(frozen=True)
class Style:
    """Fill and stroke of a shape: colours as '#rrggbb' (None for none), widths in mm. `die` marks the
    outline a piece is cut along, `crease` a line it is folded along: press-ready PDFs add them as die and
    crease lines in spot colours of their own; other output ignores the flags."""

    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.25
    dash: tuple[float, ...] | None = None  # dash pattern in mm
    die: bool = False  # this polygon is a cut (die) line of a piece
    crease: bool = False  # this line is a fold (crease) of a piece


@dataclass(unsafe_hash=True, slots=True)  # see ITEMS_NOTE
class Polygon:
    """A closed polygon (or an open polyline when closed is False)."""

    points: tuple[Point, ...]
    style: Style = Style()
    closed: bool = True


@dataclass(unsafe_hash=True, slots=True)  # see ITEMS_NOTE
class Circle:
    """A circle by centre and radius."""

    x: float
    y: float
    radius: float
    style: Style = Style()


@dataclass(unsafe_hash=True, slots=True)  # see ITEMS_NOTE
class Text:
    """One line of text. `size` is the font size in mm; (x, y) is the anchor on the baseline,
    or on the vertical middle of capitals when `middle` is True."""

    x: float
    y: float
    text: str
    size: float
    anchor: str = "middle"  # start | middle | end
    font: str = "Helvetica"  # a standard-14 name: Helvetica, Helvetica-Bold, Courier, Times-Roman, ...
    fill: str = "#000000"
    middle: bool = False
    rotate: float = 0.0  # degrees clockwise about (x, y)


@dataclass(unsafe_hash=True, slots=True)  # see ITEMS_NOTE
class Use:
    """An instance of a named symbol of the scene, translated to (x, y)."""

    symbol: str
    x: float
    y: float


@dataclass(frozen=True)
class Embed:
    """Another scene drawn inside this one: scaled by `scale`, its origin at (x, y), clipped to
    `clip` = (x, y, width, height) in this scene's coordinates when given."""

    scene: "Scene"
    x: float = 0.0
    y: float = 0.0
    scale: float = 1.0
    clip: tuple[float, float, float, float] | None = None


DIE_LINE = Style(fill=None, stroke=None, die=True)  # a die line with no printed stroke (press-ready PDFs only)
CREASE_LINE = Style(fill=None, stroke=None, crease=True)  # a crease line with no printed stroke (likewise)

Item = Union[Polygon, Circle, Text, Use, Embed]


@dataclass
class Layer:
    """A named group of items drawn in order (an SVG group; a cut or engrave layer for cutters). A layer
    with a `label` is an editor layer too (an Inkscape layer in SVG, named by the label)."""

    name: str
    items: list[Item] = field(default_factory=list)
    label: str | None = None


@dataclass
class Scene:
    """A drawing of `width` x `height` mm whose origin (0, 0) is its top-left corner."""

    width: float
    height: float
    layers: list[Layer] = field(default_factory=list)
    symbols: dict[str, list[Item]] = field(default_factory=dict)

    def layer(self, name: str) -> Layer:
        """The layer with this name, created at the top of the stack if new."""
        for layer in self.layers:
            if layer.name == name:
                return layer
        layer = Layer(name)
        self.layers.append(layer)
        return layer

    def add(self, item: Item, layer: str = "main") -> None:
        """Add an item to a layer."""
        self.layer(layer).items.append(item)

    def define(self, name: str, items: Iterable[Item]) -> None:
        """Define a reusable symbol drawn around its own origin."""
        self.symbols[name] = list(items)

    def items(self) -> Iterator[Item]:
        """Every item of every layer, in drawing order."""
        for layer in self.layers:
            yield from layer.items


def as_picture(items: list[Item]) -> list[Item]:
    """The items as a picture of pieces rather than the pieces themselves: die and crease flags cleared, so a
    press-ready file prints their outlines as art and never cuts or folds along them; embedded scenes too."""
    out: list[Item] = []
    for item in items:
        if isinstance(item, Polygon) and (item.style.die or item.style.crease):
            style = replace(item.style, die=False, crease=False)
            if style.fill or style.stroke:  # a bare die line (no printed stroke) is nothing in a picture
                out.append(replace(item, style=style))
        elif isinstance(item, Embed):
            out.append(replace(item, scene=picture(item.scene)))
        else:
            out.append(item)
    return out


def draws_cuts(items: list[Item]) -> bool:
    """True when the items (embedded scenes included) draw a die or crease line."""
    return any(isinstance(item, Polygon) and (item.style.die or item.style.crease)
               or isinstance(item, Embed) and has_cuts(item.scene) for item in items)


def has_cuts(scene: Scene) -> bool:
    """True when the scene (its layers, symbols or embedded scenes) draws a die or crease line."""
    return any(draws_cuts(layer.items) for layer in scene.layers) or any(map(draws_cuts, scene.symbols.values()))


def picture(scene: Scene) -> Scene:
    """The scene to show inside a page (a figure of a document, a map of a board): every layer and symbol drawn
    as art by as_picture, so nothing in it becomes a die or crease line. A scene with no such line is returned
    as it is, so that a writer can still share one drawing of it."""
    if not has_cuts(scene):
        return scene
    layers = [Layer(layer.name, as_picture(layer.items), layer.label) for layer in scene.layers]
    symbols = {name: as_picture(items) for name, items in scene.symbols.items()}
    return Scene(scene.width, scene.height, layers, symbols)


@dataclass
class Page:
    """One page of a document: its scene (the page size is the scene size) and an optional bookmark."""

    scene: Scene
    bookmark: str | None = None  # a top-level section title starting at this page
    label: str | None = None


@dataclass
class Document:
    """Pages to write into one file (PDF); SVG and PNG writers take one page."""

    pages: list[Page]
    title: str = "MODLINSEQ"


Box = tuple[float, float, float, float]  # x0, y0, x1, y1
INDEX_BUCKET = 50.0  # mm: the grid of a SceneIndex


def item_box(item: Item, symbol_box: Callable[[str], Box | None]) -> Box | None:
    """A generous bounding box (x0, y0, x1, y1) of an item: strokes, text in any fallback font, symbols."""
    if isinstance(item, Polygon):
        pad = item.style.stroke_width if item.style.stroke else 0.0
        xs = [x for x, _ in item.points]
        ys = [y for _, y in item.points]
        return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad
    if isinstance(item, Circle):
        reach = item.radius + (item.style.stroke_width if item.style.stroke else 0.0)
        return item.x - reach, item.y - reach, item.x + reach, item.y + reach
    if isinstance(item, Text):
        from modlinseq_print.render.text_metrics import text_width

        reach = max(text_width(item.text, item.font, item.size), item.size) + item.size
        return item.x - reach, item.y - reach, item.x + reach, item.y + reach
    if isinstance(item, Use):
        box = symbol_box(item.symbol)
        return None if box is None else (box[0] + item.x, box[1] + item.y, box[2] + item.x, box[3] + item.y)
    if isinstance(item, Embed):
        if item.clip:
            x, y, w, h = item.clip
            return x, y, x + w, y + h
        return item.x, item.y, item.x + item.scene.width * item.scale, item.y + item.scene.height * item.scale
    return None


def symbol_boxes(scene: Scene) -> Callable[[str], Box | None]:
    """A look-up of the bounding box of each of the scene's symbols (about its origin), computed once each."""
    boxes: dict[str, Box | None] = {}

    def box_of(name: str) -> Box | None:
        if name not in boxes:
            found = [b for b in (item_box(i, box_of) for i in scene.symbols.get(name, ())) if b]
            boxes[name] = (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found),
                           max(b[3] for b in found)) if found else None
        return boxes[name]

    return box_of


class SceneIndex:
    """A scene's items filed by where they lie, to cut out the part of the scene a window shows."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.buckets: dict[tuple[int, int], list[tuple[int, int, Box]]] = {}
        self.everywhere: list[tuple[int, int]] = []  # items without a box: kept in every window
        box_of = symbol_boxes(scene)
        for li, layer in enumerate(scene.layers):
            for ii, item in enumerate(layer.items):
                box = item_box(item, box_of)
                if box is None:
                    self.everywhere.append((li, ii))
                    continue
                for key in _bucket_keys(box):
                    self.buckets.setdefault(key, []).append((li, ii, box))

    def window(self, x: float, y: float, width: float, height: float) -> Scene:
        """The scene with only the items whose boxes meet the window (same size, symbols and layer order)."""
        x1, y1 = x + width, y + height
        chosen = set(self.everywhere)
        for key in _bucket_keys((x, y, x1, y1)):
            for li, ii, box in self.buckets.get(key, ()):
                if box[0] < x1 and x < box[2] and box[1] < y1 and y < box[3]:
                    chosen.add((li, ii))
        layers = [Layer(layer.name, []) for layer in self.scene.layers]
        for li, ii in sorted(chosen):
            layers[li].items.append(self.scene.layers[li].items[ii])
        return Scene(self.scene.width, self.scene.height, [layer for layer in layers if layer.items],
                     self.scene.symbols)


def _bucket_keys(box: Box) -> Iterator[tuple[int, int]]:
    for i in range(int(box[0] // INDEX_BUCKET), int(box[2] // INDEX_BUCKET) + 1):
        for j in range(int(box[1] // INDEX_BUCKET), int(box[3] // INDEX_BUCKET) + 1):
            yield i, j
