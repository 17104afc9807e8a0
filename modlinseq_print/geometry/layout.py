"""Hexes on paper: cell centres and corners in millimetres, tile outlines, and the cell size a tile needs."""

from __future__ import annotations

import math
from dataclasses import dataclass

from modlinseq_print.errors import UnitError, mention
from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import excerpt

SQRT3 = math.sqrt(3.0)
DEFAULT_TILE_WIDTH = 25.0  # mm, rules, page 1, section 1-3
DEFAULT_CLEARANCE = 1.5  # mm between the tile and the cell outline, each side
TILE_SHAPES = ("pentagon", "house")
MAX_TILE_MODULUS = 999  # the largest modulus whose numbers (three digits) still fit a tile

Point = tuple[float, float]

# Outward normals of a pointy-top hexagon's six edges (y downward).
_HEX_NORMALS = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, 60, 120, 180, 240, 300)]


def tile_shape(width: float, shape: str = "pentagon") -> list[Point]:
    """A tile outline of the given width centred on its bounding box, point up, y downward."""
    if shape == "pentagon":
        radius = width / (2 * math.sin(math.radians(72)))
        points = [(radius * math.sin(math.radians(72 * k)), -radius * math.cos(math.radians(72 * k))) for k in range(5)]
    elif shape == "house":  # a square with a roof: walls 0.6 w, roof 0.35 w
        half = width / 2
        points = [(0.0, -0.475 * width), (half, -0.125 * width), (half, 0.475 * width),
                  (-half, 0.475 * width), (-half, -0.125 * width)]
    else:
        raise UnitError(f"unknown tile shape {excerpt(shape)}: use one of {', '.join(TILE_SHAPES)}")
    top = min(y for _, y in points)
    bottom = max(y for _, y in points)
    return [(x, y - (top + bottom) / 2) for x, y in points]


def _support(points: list[Point], normal: Point) -> float:
    return max(x * normal[0] + y * normal[1] for x, y in points)


def tile_fit(width: float, clearance: float, shape: str = "pentagon") -> tuple[float, float]:
    """The smallest hex across-flats size holding the tile with the clearance, and the tile's best y offset."""
    points = tile_shape(width, shape)
    horizontal = max(_support(points, _HEX_NORMALS[0]), _support(points, _HEX_NORMALS[3]))
    down = max(_support(points, n) for n in _HEX_NORMALS if n[1] > 0.5)
    up = max(_support(points, n) for n in _HEX_NORMALS if n[1] < -0.5)
    sin60 = SQRT3 / 2
    offset = (up - down) / (2 * sin60)  # balances the slanted edges above and below
    apothem = max(horizontal, (up + down) / 2) + clearance
    return 2 * apothem, offset


def default_cell_size(tile_width: float = DEFAULT_TILE_WIDTH, clearance: float = DEFAULT_CLEARANCE,
                      shape: str = "pentagon") -> float:
    """Across-flats cell size for a tile width and clearance (28 mm for the 25 mm pentagon)."""
    return tile_fit(tile_width, clearance, shape)[0]


def tile_clearance(cell_size: float, tile_width: float, shape: str = "pentagon") -> float:
    """The least distance between a tile, placed at its best offset, and its cell's edges."""
    points = tile_shape(tile_width, shape)
    offset = tile_fit(tile_width, 0.0, shape)[1]
    moved = [(x, y + offset) for x, y in points]
    return cell_size / 2 - max(_support(moved, n) for n in _HEX_NORMALS)


def check_tile_fits(cell_size: float, tile_width: float, clearance: float, shape: str = "pentagon") -> None:
    """Raise a UnitError when the tile does not fit its cell with the clearance."""
    needed = default_cell_size(tile_width, clearance, shape)
    if cell_size + 1e-9 < needed:
        raise UnitError(
            f"a {tile_width:g} mm {shape} tile does not fit a {cell_size:g} mm cell with {clearance:g} mm clearance: "
            f"use {mention('cell_size')} {needed:.2f}mm or more, or a smaller {mention('tile_width')}", "cell_size",
            needed)


@dataclass(frozen=True)
class HexLayout:
    """Maps hex cells to millimetres: A0 at (0, 0), y downward, `cell_size` across flats (= pitch)."""

    cell_size: float

    @property
    def row_pitch(self) -> float:
        """Vertical distance between neighbouring rows."""
        return self.cell_size * SQRT3 / 2

    def centre(self, cell: Cell) -> Point:
        """The centre of a cell in mm."""
        return (self.cell_size * (cell.q + cell.r / 2), self.row_pitch * cell.r)

    def centres(self, cells: list[Cell]) -> list[Point]:
        """The centres of many cells, as centre() gives them."""
        size, pitch = self.cell_size, self.row_pitch
        return [(size * (q + r / 2), pitch * r) for q, r in cells]

    def corners(self, cell: Cell) -> list[Point]:
        """The six corners of a cell, clockwise from the top."""
        x, y = self.centre(cell)
        radius = self.cell_size / SQRT3
        return [(x + radius * math.sin(math.radians(60 * k)), y - radius * math.cos(math.radians(60 * k)))
                for k in range(6)]

    def tile_outline(self, cell: Cell, tile_width: float = DEFAULT_TILE_WIDTH, shape: str = "pentagon") -> list[Point]:
        """The outline of a tile standing on a cell, at the offset that centres it in the hexagon."""
        x, y = self.centre(cell)
        offset = tile_fit(tile_width, 0.0, shape)[1]
        return [(x + px, y + py + offset) for px, py in tile_shape(tile_width, shape)]


@dataclass(frozen=True)
class SquareLayout:
    """Maps square-grid cells to millimetres: a1 at (0, 0), columns east, rows downward."""

    cell_size: float

    def centre(self, cell: Cell) -> Point:
        """The centre of a cell (a SquareCell: column, row) in mm."""
        column, row = cell
        return (self.cell_size * column, self.cell_size * row)

    def centres(self, cells: list[Cell]) -> list[Point]:
        """The centres of many cells, as centre() gives them."""
        size = self.cell_size
        return [(size * column, size * row) for column, row in cells]

    def corners(self, cell: Cell) -> list[Point]:
        """The four corners of a cell, clockwise from the top left."""
        x, y = self.centre(cell)
        h = self.cell_size / 2
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]

    def tile_outline(self, cell: Cell, tile_width: float = DEFAULT_TILE_WIDTH, shape: str = "pentagon") -> list[Point]:
        """The outline of a tile centred on a square cell."""
        x, y = self.centre(cell)
        return [(x + px, y + py) for px, py in tile_shape(tile_width, shape)]


def layout_for(grid: str, cell_size: float | None = None) -> HexLayout | SquareLayout:
    """The layout for a board grid ('hex' or 'square'), at the default cell size unless given."""
    size = default_cell_size() if cell_size is None else cell_size
    return SquareLayout(size) if grid == "square" else HexLayout(size)
