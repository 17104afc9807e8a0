"""One check of a PNG's resolution for every PNG the tool makes: at least a pixel a side, at most cairo's
32,767 pixels a side and MAX_PIXELS in all, each end exactly; the message names a dpi that works."""

import re

import pytest

from modlinseq_print.render.resolution import MAX_PIXELS, MAX_SIDE, PngError, check_resolution
from modlinseq_print.render.scene import Scene


def test_the_ends_of_the_range():
    tile = Scene(25.4, 25.4)  # one inch square: pixels = dpi
    assert check_resolution(tile, 0.51) == (1, 1)  # more than half a pixel rounds to one
    with pytest.raises(PngError, match="less than one pixel a side: use dpi=0.51 or more"):
        check_resolution(tile, 0.5)
    assert check_resolution(tile, 10_000) == (10_000, 10_000) and 10_000 ** 2 == MAX_PIXELS
    with pytest.raises(PngError, match="100 million in all"):
        check_resolution(tile, 10_001)
    strip = Scene(2540.0, 2.54)  # 100 x 0.1 inches: the side limit comes first
    assert check_resolution(strip, 327.67) == (MAX_SIDE, 33)
    with pytest.raises(PngError, match="32767 a side"):
        check_resolution(strip, 327.68)


@pytest.mark.parametrize("dpi", [0, -1, float("nan"), float("inf"), "150", True])
def test_what_is_not_a_resolution(dpi):
    with pytest.raises(PngError, match="bad resolution"):
        check_resolution(Scene(10.0, 10.0), dpi)


@pytest.mark.parametrize("dpi", [0.001, 1e9])
def test_the_suggested_dpi_works(dpi):
    page = Scene(210.0, 297.0)
    with pytest.raises(PngError) as error:
        check_resolution(page, dpi)
    suggested = float(re.search(r"use dpi=([0-9.]+)", str(error.value)).group(1))
    assert check_resolution(page, suggested)
