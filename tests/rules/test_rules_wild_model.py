"""The engine against the independent model of tests/rules_oracle.py on seeded random positions with up to ten
wild tiles: every wrap mode (none, lines, bounce, tess), square boards with diagonals, prime moduli and
composite ones of several prime powers. Wild-tile values, legality and every empty cell's values must agree
exactly. The suite runs CASES_PER_LAYOUT cases per layout; MODLINSEQ_MODEL_CASES=200 runs thousands."""

import os
import random

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules.position import Position, Tile, allowed_values, analyse, wild_values

from rules_oracle import WildModel

#: (board, wrap, diagonals): every wrap mode and grid.
LAYOUTS = [("hex:2", "none", False), ("hex:3", "none", False), ("hex:2", "lines", False), ("hex:3", "lines", False),
           ("hex:2", "bounce", False), ("hex:3", "bounce", False), ("tess:1", "tess", False),
           ("rect:5x4", "none", False), ("square:4x4", "lines", False), ("square:4x5", "none", True),
           ("square:3x4", "lines", True)]
BOARDS = {spec: parse_board(spec) for spec, _, _ in LAYOUTS}
MODULI = (2, 3, 4, 5, 6, 7, 8, 9, 12)
LARGE_MODULI = (16, 18, 24, 30, 36)  # with three wild tiles at most, so the model's search stays short
CASES_PER_LAYOUT = int(os.environ.get("MODLINSEQ_MODEL_CASES", "30"))


def random_position(rng: random.Random, layout, wilds: int) -> Position:
    """Tiles on a random share of the board, mostly one global progression (so lines fit), some random values,
    `wilds` of them wild (open, or declared now and then), sometimes in one cluster."""
    spec, wrap, diagonals = layout
    board = BOARDS[spec]
    m = rng.choice(MODULI + (LARGE_MODULI if wilds <= 3 else ()))
    cells = sorted(board.cells)
    a, b, c = rng.randrange(m), rng.randrange(m), rng.randrange(m)
    chosen = rng.sample(cells, rng.randrange(2, len(cells) + 1))
    tiles = {}
    for cell in chosen:
        linear = (a * cell.q + b * cell.r + c) % m
        tiles[cell] = Tile(linear if rng.random() < 0.85 else rng.randrange(m))
    if rng.random() < 0.3:  # a cluster: the wild tiles nearest one tile
        centre = rng.choice(chosen)
        holes = sorted(chosen, key=lambda x: (abs(x.q - centre.q) + abs(x.r - centre.r), x))[:wilds]
    else:
        holes = rng.sample(chosen, min(wilds, len(chosen)))
    for cell in holes:
        tiles[cell] = Tile(None, rng.randrange(m)) if rng.random() < 0.05 else Tile(None)
    return Position(board, m, tiles, wrap, diagonals)


def compare(position: Position) -> None:
    """The engine's wild values, legality, blocked cells and empty cells' values equal the model's."""
    model = WildModel(position)
    analysis = analyse(position)
    expected = model.wild_values()
    assert analysis.wild == expected
    assert wild_values(position) == model.wild_values(every_line=True)
    assert analysis.legal == model.legal()
    empty = sorted(set(position.board.cells) - position.tiles.keys(), key=lambda c: (c.r, c.q))
    allowed = {cell: model.allowed(cell) for cell in empty}
    for cell in empty:
        assert allowed_values(position, cell) == allowed[cell], position.board.address(cell)
    assert analysis.blocked == [cell for cell in empty if not allowed[cell]]


@pytest.mark.parametrize("layout", LAYOUTS, ids=[f"{s}-{w}{'-diagonals' if d else ''}" for s, w, d in LAYOUTS])
def test_engine_agrees_with_the_model_on_random_positions_with_wild_tiles(layout):
    rng = random.Random(f"wilds {layout}")
    for _case in range(CASES_PER_LAYOUT):
        wilds = rng.choice((1, 2, 3, 4, 6, 8, 10))
        compare(random_position(rng, layout, wilds))

