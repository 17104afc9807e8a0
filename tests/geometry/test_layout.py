"""Millimetre geometry: cell pitch, corners, tile outlines and the cell size a tile needs; units."""

import math

import pytest

from modlinseq_print.errors import UnitError
from modlinseq_print.geometry.hexgrid import Cell, neighbours
from modlinseq_print.geometry.layout import (
    HexLayout, check_tile_fits, default_cell_size, tile_clearance, tile_fit, tile_shape,
)
from modlinseq_print.units import parse_length, parse_size


def width(points):
    xs = [x for x, _ in points]
    return max(xs) - min(xs)


def test_default_cell_is_28_mm_across_flats():
    assert default_cell_size() == pytest.approx(28.0, abs=1e-9)


def test_neighbour_centres_are_one_pitch_apart():
    layout = HexLayout(28.0)
    x0, y0 = layout.centre(Cell(3, -2))
    for n in neighbours(Cell(3, -2)):
        x, y = layout.centre(n)
        assert math.hypot(x - x0, y - y0) == pytest.approx(28.0, abs=1e-9)


def test_hexagon_is_pointy_top_and_measures_28_across_flats():
    corners = HexLayout(28.0).corners(Cell(0, 0))
    assert corners[0] == pytest.approx((0.0, -28 / math.sqrt(3)))
    assert width(corners) == pytest.approx(28.0)


@pytest.mark.parametrize("shape", ["pentagon", "house"])
def test_tile_width_and_clearance(shape):
    outline = tile_shape(25.0, shape)
    assert width(outline) == pytest.approx(25.0)
    size = default_cell_size(25.0, 1.5, shape)
    assert tile_clearance(size, 25.0, shape) == pytest.approx(1.5, abs=1e-9)


def test_pentagon_sits_high_leaving_room_below():
    outline = HexLayout(28.0).tile_outline(Cell(0, 0))
    assert width(outline) == pytest.approx(25.0)
    top = min(y for _, y in outline)
    bottom = max(y for _, y in outline)
    assert bottom < 28 / math.sqrt(3) - 3  # at least 3 mm of the bottom corner stays free for the address
    assert tile_fit(25.0, 1.5)[1] == pytest.approx((top + bottom) / 2)


def test_tile_too_large_for_cell():
    check_tile_fits(28.0, 25.0, 1.5)
    with pytest.raises(UnitError, match="does not fit a 27 mm cell"):
        check_tile_fits(27.0, 25.0, 1.5)


@pytest.mark.parametrize("text, mm", [("25mm", 25.0), ("1in", 25.4), ("72pt", 25.4), ("2.5cm", 25.0), ("12", 12.0),
                                      (" 3 MM ", 3.0)])
def test_parse_length(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize("text", ["abc", "12 furlongs", "-3mm", ""])
def test_bad_lengths(text):
    with pytest.raises(UnitError):
        parse_length(text)


def test_parse_size():
    assert parse_size("300x200mm") == (300.0, 200.0)
    assert parse_size("11x17in") == pytest.approx((279.4, 431.8))
    with pytest.raises(UnitError):
        parse_size("300by200")
