"""Property tests on random positions, against a brute-force reading of every line of the board."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.position import Position, Tile, allowed_values, analyse, wild_values

from rules_oracle import fits, oracle_legal, runs

BOARDS = {"hex:2": parse_board("hex:2"), "hex:3": parse_board("hex:3"), "rect:5x4": parse_board("rect:5x4"),
          "square:4x5": parse_board("square:4x5")}


@st.composite
def positions(draw, modes=("none", "lines")):
    wrap = draw(st.sampled_from(modes))
    names = ["hex:2", "hex:3"] if wrap == "bounce" else sorted(BOARDS)
    board = BOARDS[draw(st.sampled_from(names))]
    m = draw(st.integers(2, 9))
    rng = random.Random(draw(st.integers(0, 10**9)))
    cells = sorted(board.cells)
    a, b, c = rng.randrange(m), rng.randrange(m), rng.randrange(m)
    tiles = {}
    for cell in rng.sample(cells, rng.randrange(len(cells) + 1)):
        linear = (a * cell.q + b * cell.r + c) % m
        tiles[cell] = Tile(linear if rng.random() < 0.8 else rng.randrange(m))
    return Position(board, m, tiles, wrap)


@settings(max_examples=120, deadline=None)
@given(positions())
def test_legality_agrees_with_brute_force(position):
    analysis = analyse(position, find_blocked=False)
    assert analysis.legal == oracle_legal(position)
    m = position.modulus
    for report in analysis.sequences:
        values = [position.tiles[c].value for c in report.chain.cells]
        assert report.legal == fits(values, m, report.chain.loop) == fits(values[::-1], m, report.chain.loop)
    assert sorted(len(run) for run, _ in runs(position)) == sorted(len(r.chain.cells) for r in analysis.sequences)


def grow(position, rng, count):
    """A legal position grown from `position` by adding tiles with values the engine allows."""
    empty = sorted(set(position.board.cells) - position.tiles.keys())
    rng.shuffle(empty)
    for cell in empty[:count]:
        allowed = allowed_values(position, cell)
        if allowed:
            position = position.with_tiles({cell: Tile(rng.choice(allowed))})
    return position


@settings(max_examples=60, deadline=None)
@given(positions(), st.integers(0, 10**9))
def test_blocked_and_allowed_values_are_exact(start, seed):
    position = grow(Position(start.board, start.modulus, {}, start.wrap), random.Random(seed), len(start.tiles))
    assert oracle_legal(position)
    analysis = analyse(position)
    blocked = set(analysis.blocked)
    for cell in sorted(set(position.board.cells) - position.tiles.keys()):
        allowed = set(allowed_values(position, cell))
        assert (cell in blocked) == (not allowed)
        for value in range(position.modulus):
            filled = position.with_tiles({cell: Tile(value)})
            assert oracle_legal(filled) == (value in allowed), (cell, value)


@settings(max_examples=40, deadline=None)
@given(positions(modes=("none", "lines", "bounce")), st.integers(0, 10**9))
def test_bounce_positions_stay_legal_when_filled_with_allowed_values(start, seed):
    board = start.board
    rng = random.Random(seed)
    position = grow(Position(board, start.modulus, {}, start.wrap), rng, len(start.tiles))
    analysis = analyse(position)
    assert analysis.legal
    for cell in analysis.blocked:
        assert all(not analyse(position.with_tiles({cell: Tile(v)}), False).legal for v in range(position.modulus))
    free = sorted(set(board.cells) - position.tiles.keys() - set(analysis.blocked))
    for cell in rng.sample(free, min(4, len(free))):
        for value in allowed_values(position, cell):
            assert analyse(position.with_tiles({cell: Tile(value)}), False).legal


@settings(max_examples=40, deadline=None)
@given(positions(), st.integers(0, 10**9))
def test_wild_values_match_every_assignment(start, seed):
    rng = random.Random(seed)
    position = grow(Position(start.board, min(start.modulus, 6), {}, start.wrap), rng, max(1, len(start.tiles)))
    assert position.tiles  # the first tile on an empty board is always allowed: every example tests something
    wild_cells = rng.sample(sorted(position.tiles), min(3, len(position.tiles)))
    tiles = {**position.tiles, **{c: Tile(None) for c in wild_cells}}
    holed = Position(position.board, position.modulus, tiles, position.wrap)
    m = holed.modulus
    expected = {c: set() for c in wild_cells}
    for code in range(m ** len(wild_cells)):
        values = [(code // m ** i) % m for i in range(len(wild_cells))]
        filled = holed.with_tiles({c: Tile(v) for c, v in zip(wild_cells, values)})
        if oracle_legal(filled):
            for c, v in zip(wild_cells, values):
                expected[c].add(v)
    found = wild_values(holed)
    assert {c: set(v) for c, v in found.items()} == expected
    assert analyse(holed, False).legal == all(expected.values())
