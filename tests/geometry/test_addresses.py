"""Addresses: the seeds' examples, look-alike letters, bad input, and round trips."""

import pytest
from hypothesis import given, strategies as st

from modlinseq_print.errors import AddressError
from modlinseq_print.geometry.addresses import address_of, cell_of, square_address_of, square_cell_of
from modlinseq_print.geometry.hexgrid import E, NE, NW, SE, SW, W, Cell, distance, hexagon, neighbours, rotate_cw


def test_centre_row_reads_as_page_6_says():
    row = [address_of(Cell(q, 0)) for q in range(-6, 7)]
    assert row == "B16 B11 B7 B4 B2 B1 A0 M1 M2 M4 M7 M11 M16".split()


def test_b26_is_immediately_left_of_b20():
    assert cell_of("B26") == cell_of("B20") + W


def test_first_ring_runs_clockwise_from_the_west():
    assert [address_of(c) for c in neighbours(Cell(0, 0))] == ["B1", "E1", "H1", "M1", "P1", "T1"]


@pytest.mark.parametrize("transcript, direction", [
    ("4B2 6B1 1A0 3M1", E),        # figure 2A, zero slope
    ("4T2 6T1 1A0 3H1", NE),       # figure 2C, positive slope
    ("4P1 6A0 1E1 3E2", NW),       # figure 2E, negative slope
])
def test_figure_2_transcripts_lie_on_straight_lines(transcript, direction):
    cells = [cell_of(token.lstrip("0123456789")) for token in transcript.split()]
    assert all(b == a + direction for a, b in zip(cells, cells[1:]))


def test_sextant_rings_hold_k_cells_numbered_from_the_ray():
    # ring 3 of sextant B holds B4, B5, B6; B4 is on the west ray, B6 the last before E's ray
    assert [cell_of(f"B{n}") for n in (4, 5, 6)] == [Cell(-3, 0), Cell(-2, -1), Cell(-1, -2)]
    assert cell_of("E4") == Cell(0, -3)


@pytest.mark.parametrize("text, latin", [
    ("b26", "B26"), ("Η8", "H8"), ("Н8", "H8"), ("η8", "H8"), ("н8", "H8"),  # Greek Eta, Cyrillic En
    ("Β2", "B2"), ("В2", "B2"), ("в2", "B2"), ("Ε5", "E5"), ("Е5", "E5"), ("Μ7", "M7"), ("М7", "M7"),
    ("Ρ3", "P3"), ("Р3", "P3"), ("Τ4", "T4"), ("Т4", "T4"), ("Α0", "A0"), ("а0", "A0"), (" m11 ", "M11"),
])
def test_look_alike_letters_normalise(text, latin):
    assert address_of(cell_of(text)) == latin


@pytest.mark.parametrize("text, words", [
    ("O3", "letter O"), ("I2", "letter I"), ("B0", "numbered from 1"), ("A1", "A0"),
    ("X5", "unknown sextant letter 'X'"), ("B-2", "whole number"), ("B", "whole number"),
    ("", "empty address"), ("B2x", "whole number"), ("٣B", "whole number"),
])
def test_bad_addresses_name_the_problem(text, words):
    with pytest.raises(AddressError, match=words) as info:
        cell_of(text)
    assert "\n" not in str(info.value)


@given(st.sampled_from(sorted(hexagon(60))))
def test_address_round_trip_up_to_order_60(cell):
    address = address_of(cell)
    assert cell_of(address) == cell
    assert cell_of(address.lower()) == cell


def test_every_cell_up_to_order_60_round_trips_to_a_distinct_address():
    cells = hexagon(60)
    addresses = {cell: address_of(cell) for cell in cells}
    assert len(set(addresses.values())) == len(cells) == 3 * 60 * 61 + 1
    assert all(cell_of(address) == cell for cell, address in addresses.items())


@given(st.integers(-300, 300), st.integers(-300, 300))
def test_six_distinct_neighbours_at_distance_one(q, r):
    cell = Cell(q, r)
    around = neighbours(cell)
    assert len(set(around)) == 6 and all(distance(n, cell) == 1 for n in around)


@given(st.integers(-300, 300), st.integers(-300, 300))
def test_six_rotations_return_and_keep_the_ring(q, r):
    cell = Cell(q, r)
    assert rotate_cw(cell, 6) == cell
    assert {distance(rotate_cw(cell, k)) for k in range(6)} == {distance(cell)}


def test_rotation_carries_each_sextant_to_the_next():
    for letter, following in zip("BEHMPT", "EHMPTB"):
        assert address_of(rotate_cw(cell_of(f"{letter}17"))) == f"{following}17"
    assert [rotate_cw(d) for d in (W, NW, NE, E, SE, SW)] == [NW, NE, E, SE, SW, W]


def test_square_addresses():
    assert square_address_of(Cell(0, 0)) == "a1"
    assert square_address_of(Cell(25, 11)) == "z12"
    assert square_address_of(Cell(26, 0)) == "aa1"
    assert square_cell_of("AB5") == Cell(27, 4)
    with pytest.raises(AddressError, match="column letters"):
        square_cell_of("a0")
