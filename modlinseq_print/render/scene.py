"""The format-neutral scene: shapes, text and reusable symbols in millimetres, y growing downward.

Printables build a Scene once; writers (PDF, SVG, PNG) only serialise it. Nothing here imports a
rendering library.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

Point = tuple[float, float]


@dataclass(frozen=True)
class Style:
    """Fill and stroke of a shape: colours as '#rrggbb' (None for none), widths in mm. `die` marks the
    outline a piece is cut along: press-ready PDFs add it as a die line; other output ignores the flag."""

    fill: str | None = None
    stroke: str | None = "#000000"
    stroke_width: float = 0.25
    dash: tuple[float, ...] | None = None  # dash pattern in mm
    die: bool = False  # this polygon is a cut (die) line of a piece


@dataclass(frozen=True)
class Polygon:
    """A closed polygon (or an open polyline when closed is False)."""

    points: tuple[Point, ...]
    style: Style = Style()
    closed: bool = True


@dataclass(frozen=True)
class Circle:
    """A circle by centre and radius."""

    x: float
    y: float
    radius: float
    style: Style = Style()


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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

    def define(self, name: str, items: list[Item]) -> None:
        """Define a reusable symbol drawn around its own origin."""
        self.symbols[name] = list(items)

    def items(self):
        """Every item of every layer, in drawing order."""
        for layer in self.layers:
            yield from layer.items


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
