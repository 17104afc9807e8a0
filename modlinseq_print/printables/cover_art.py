"""The cover's title art, drawn from the game: the game's name on tiles laid in a row of board cells, and under
it, in the cells between, a modular-linear sequence of the kit's modulus wrapping past the modulus. Art only:
no die or crease line."""

from __future__ import annotations

import math
from math import gcd

from modlinseq_print.geometry.layout import tile_shape
from modlinseq_print.render.scene import Item, Polygon, Scene, Style, Text
from modlinseq_print.render.theme import Theme

NAME = "MODLINSEQ"
SQRT3 = math.sqrt(3.0)
TILE = 0.78  # a tile's width as a share of its cell's


def art_step(modulus: int) -> int:
    """The step of the sequence drawn: the smallest from 3 up that reaches every value of the modulus (1 for
    moduli below 4), so the band wraps past the modulus."""
    if modulus < 4:
        return 1
    return next(step for step in range(3, modulus + 3) if gcd(step, modulus) == 1)


def sequence_values(modulus: int, count: int) -> list[int]:
    """The first `count` values of the drawn sequence: 0, then one step more each time, modulo the modulus."""
    step = art_step(modulus)
    return [(k * step) % modulus for k in range(count)]


def _hexagon(x: float, y: float, across: float) -> tuple[tuple[float, float], ...]:
    """A pointy-top hexagon's corners around (x, y), `across` mm between its flat sides."""
    radius = across / SQRT3
    return tuple((round(x + radius * math.cos(math.radians(a)), 3), round(y + radius * math.sin(math.radians(a)), 3))
                 for a in (-90, -30, 30, 90, 150, 210))


def _tile(x: float, y: float, width: float, label: str, shape: str, fill: str, theme: Theme,
          size: float) -> list[Item]:
    """A tile centred on (x, y) with its label."""
    outline = tuple((round(x + px, 3), round(y + py, 3)) for px, py in tile_shape(width, shape))
    return [Polygon(outline, Style(fill=fill, stroke=theme.tile_stroke, stroke_width=0.3)),
            Text(round(x, 3), round(y + width * 0.04, 3), label, size, font="Helvetica-Bold", fill=theme.tile_text,
                 middle=True)]


def title_art(width: float, modulus: int, theme: Theme, shape: str = "pentagon") -> Scene:
    """The title art `width` mm wide: NAME on tiles in a row of cells, the sequence in the row of cells below."""
    across = width / len(NAME)
    row = across * 1.5 / SQRT3  # a pointy-top row's height step
    height = row + 2 * across / SQRT3 + 0.6
    scene = Scene(round(width, 3), round(height, 3))
    cells, tiles = scene.layer("cells").items, scene.layer("tiles").items
    cell = Style(fill=theme.board_fill, stroke=theme.cell_stroke, stroke_width=0.4)
    top = across / SQRT3 + 0.3
    for k, letter in enumerate(NAME):
        x = across * (k + 0.5)
        cells.append(Polygon(_hexagon(x, top, across), cell))
        tiles.extend(_tile(x, top, across * TILE, letter, shape, theme.tile_fill, theme, across * 0.42))
    values = sequence_values(modulus, len(NAME) - 1)
    for k, value in enumerate(values):
        x = across * (k + 1)
        cells.append(Polygon(_hexagon(x, top + row, across), cell))
        tiles.extend(_tile(x, top + row, across * TILE * 0.8, str(value), shape, theme.tile_fill, theme,
                           across * (0.3 if value < 10 else 0.26)))
    return scene
