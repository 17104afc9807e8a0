"""Every legal turn from a hand (rules/moves.py) against brute force (tests/moves_oracle.py): on seeded random
small positions of every wrap mode and grid, every wild-tile policy, with and without the modulus marker,
bonus and malus patterns and the hash swap, the same turns with the same sequences and points, no turn
missing and none extra. The suite runs CASES of them; MODLINSEQ_MOVE_CASES=3000 runs thousands."""

import os
import random

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import ORIGIN
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.moves import (MAX_HAND, Hand, generate_turns, has_turn, parse_hand, play_move,
                                         require_legal)
from modlinseq_print.rules.position import Position, Tile, analyse, marker_tile
from modlinseq_print.rules.sequences import is_prime

from moves_oracle import brute_force_turns

CASES = int(os.environ.get("MODLINSEQ_MOVE_CASES", "36"))
#: (board, wrap, diagonals)
LAYOUTS = [("hex:2", "none", False), ("hex:2", "lines", False), ("hex:2", "bounce", False), ("hex:1", "bounce", False),
           ("tess:1", "tess", False), ("rect:4x3", "none", False), ("square:3x3", "none", False),
           ("square:3x4", "lines", True)]
BOARDS = {spec: parse_board(spec) for spec, _, _ in LAYOUTS}


def random_hand(rng, m, size, wild_share=0.2):
    tiles = [None if rng.random() < wild_share else rng.randrange(m) for _ in range(size)]
    return Hand(tuple(sorted(v for v in tiles if v is not None)), tiles.count(None))


def random_case(rng):
    """A legal position reached by a few random legal turns, a hand and the variant options."""
    spec, wrap, diagonals = LAYOUTS[rng.randrange(len(LAYOUTS))]
    board = BOARDS[spec]
    policy = rng.choice("EEEACDB")
    m = rng.choice((5, 7) if policy in "BD" else (4, 5, 6, 7, 8, 9, 12))
    if policy == "B" and not is_prime(m):
        policy = "E"
    hexed = board.grid == "hex"
    tiles = dict([marker_tile()]) if hexed and rng.random() < 0.25 else {}
    position = Position(board, m, tiles, wrap, diagonals, policy)
    pattern = rng.choice((None, "bonus", "bonus-malus")) if hexed else None
    hash_swap = rng.random() < 0.35
    for _ in range(rng.choice((0, 1, 2, 3, 4))):
        turns = generate_turns(position, random_hand(rng, m, 4, 0.3), pattern, hash_swap)
        if turns:
            position = play_move(position, rng.choice(turns))
    hand = random_hand(rng, m, rng.choice((1, 2, 3, 3)), 0.15 if policy == "D" else 0.25)
    return position, hand, pattern, hash_swap


def compare(position, hand, pattern, hash_swap):
    """The generator's turns equal brute force's, sequence by sequence."""
    turns = generate_turns(position, hand, pattern, hash_swap)
    found = {(frozenset(m.tiles), frozenset(m.swapped)): m for m in turns}
    assert len(found) == len(turns)  # each turn once
    expected = brute_force_turns(position, hand, pattern, hash_swap)
    missing, extra = set(expected) - set(found), set(found) - set(expected)
    assert not missing and not extra, (_named(position, missing), _named(position, extra))
    assert has_turn(position, hand, pattern, hash_swap) == bool(expected)  # the search that stops at the first
    for key, result in expected.items():
        move = found[key]
        assert move.points == result.points
        assert [(s.chain, s.primary, s.bonus, s.points) for s in move.sequences] == \
               [(s.report.chain, s.primary, s.bonus, s.points) for s in result.sequences]
    return len(found)


def _named(position, keys):
    address = position.board.address
    return [", ".join(f"{t.label}{address(c)}" for c, t in sorted(tiles)) for tiles, _ in keys]


@pytest.mark.parametrize("chunk", range(4))
def test_every_legal_turn_and_no_other(chunk):
    rng = random.Random(f"moves {chunk}")
    total = 0
    for _ in range(CASES // 4):
        total += compare(*random_case(rng))
    assert total > 0


def test_the_first_turn_goes_through_a0():
    position = Position(parse_board("hex:3"), 7, {})
    turns = generate_turns(position, Hand((1, 2, 3)))
    assert turns and all(any(c == (0, 0) for c, _ in m.tiles) for m in turns)
    best = turns[0]
    assert best.points == 1 and len(best.tiles) == 3  # 1 ~ 2 ~ 3 (or 3 ~ 2 ~ 1) through A0
    with_marker = Position(parse_board("hex:3"), 7, dict([marker_tile()]))
    marked = generate_turns(with_marker, Hand((1, 2, 3)))
    assert marked[0].points == 3 and marked[0].primary.tiles == 4  # 0 ~ 1 ~ 2 ~ 3 from the marker


@pytest.mark.parametrize("spec, wrap, pattern", [("hex:1", "bounce", "bonus"), ("hex:2", "none", None),
                                                ("hex:2", "lines", None)])
def test_one_wild_tile_on_several_lines_of_a_turn(spec, wrap, pattern):
    """A lone wild tile in no line yet takes one value on every line a turn gives it (under the bounce the
    turn's own line and a crossing line both pass it): the same turns as brute force."""
    wild = {ORIGIN: Tile(None)}
    assert compare(Position(parse_board(spec), 6, wild, wrap), Hand((0, 2, 4, 5)), pattern, False) > 0


def test_page_2_first_turn_is_found():
    # rules page 2, modulus 11: 4B2, 7B1, 10A0, 2M1, 5M2 is worth 6; with 1B4 or 8M4 too, 10 (one more tile) or 15
    position = Position(parse_board("hex:6"), 11, {})
    turns = generate_turns(position, Hand((1, 2, 4, 5, 7, 8, 10)))
    notations = {m.notation(position): m.points for m in turns}
    assert notations["4B2, 7B1, 10A0, 2M1, 5M2"] == 6
    assert notations["1B4, 4B2, 7B1, 10A0, 2M1, 5M2, 8M4"] == 15
    assert turns[0].points == 15


@pytest.mark.parametrize("text, m, words", [
    ("", 13, "empty"), (" , ", 13, "empty"), ("3,13", 13, "not a number below the modulus 13"),
    ("3,-1", 13, "below the modulus"), ("x", 13, "below the modulus"),
    (",".join(["1"] * (MAX_HAND + 1)), 13, "1 to 12"),
])
def test_bad_hands_are_refused(text, m, words):
    with pytest.raises(RulesError, match=words):
        parse_hand(text, m)


def test_hands_are_read():
    assert parse_hand("3,5,5,8,11,#,0", 13) == Hand((0, 3, 5, 5, 8, 11), 1)
    assert parse_hand("# #", 13).size == 2 and parse_hand(",".join(["0"] * MAX_HAND), 2).size == MAX_HAND


def test_an_illegal_position_or_a_board_without_a0_is_refused():
    position = Position(parse_board("hex:3"), 7, {})
    from modlinseq_print.rules.transcript import build_position
    bad, _ = build_position("4B2, 6B1, 1A0, 5M1", position)
    assert not analyse(bad).legal
    with pytest.raises(RulesError, match="not legal"):
        generate_turns(require_legal(bad), Hand((1,)))
    holed = parse_board("hex:3").cells - {(0, 0)}
    from modlinseq_print.geometry.boards import Board
    with pytest.raises(RulesError, match="no centre cell A0"):
        generate_turns(Position(Board("custom", "hex", frozenset(holed)), 7, {}), Hand((1,)))
