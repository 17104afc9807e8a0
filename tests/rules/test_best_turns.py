"""The search for the best turns only (best_turns, the greedy player's) against the whole
search: on every turn of seeded games with random legal turns, over boards, moduli, wild-tile policies,
patterns, the marker, diagonals and wrap modes, exactly the turns scoring most, with their points. The suite
runs GAMES games; MODLINSEQ_BEST_GAMES=200 runs thousands of positions."""

import functools
import os
import random

import pytest

from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.rules import turn_bounds
from modlinseq_print.rules.game import Game, Variant, stock_tiles
from modlinseq_print.rules.moves import best_turns, generate_turns

GAMES = int(os.environ.get("MODLINSEQ_BEST_GAMES", "16"))
#: (board, modulus, wrap, diagonals, policy, marker, pattern, copies, wild tiles, hand)
VARIANTS = [
    ("hex:5", 13, None, False, "E", True, None, 3, 4, 6),
    ("hex:4", 7, None, False, "E", False, "bonus-malus", 4, 3, 6),
    ("hex:4", 8, None, False, "A", True, "bonus", 4, 3, 5),
    ("hex:4", 7, None, False, "B", False, None, 4, 3, 5),
    ("hex:4", 9, None, False, "C", False, None, 4, 3, 5),
    ("hex:4", 7, None, False, "D", True, None, 3, 2, 4),
    ("square:6x6", 10, None, True, "E", False, None, 3, 3, 6),
    ("rect:6x5", 6, None, False, "E", False, None, 5, 2, 7),
    ("hex:3", 7, "lines", False, "E", False, None, 3, 2, 5),
]


def positions(number: int):
    """The positions and hands of one seeded game with random legal turns (a variant chosen by its number)."""
    spec, m, wrap, diagonals, policy, marker, pattern, copies, wild, hand = VARIANTS[number % len(VARIANTS)]
    variant = Variant(parse_board(spec), m, wrap, diagonals, policy, marker, pattern, hand=hand)
    game = Game(variant, ["A", "B"], number, tiles=stock_tiles(m, copies, wild))
    rng = random.Random(number)
    while not game.over:
        yield game.position, game.hands[game.current], variant
        game.take_turn(lambda to_move: rng.choice(to_move.moves()[:12]))


@functools.cache
def whole_searches(number: int) -> tuple:
    """Each non-empty hand of a game with the turns scoring most by the whole search, and their points (searched
    once per game: the test with lowered bounds reuses them)."""
    searched = []
    for position, hand, variant in positions(number):
        if not hand.size:
            continue
        every = generate_turns(position, hand, variant.pattern, variant.hash_swap)
        top = max((m.points for m in every), default=None)
        searched.append((position, hand, variant, {(m.tiles, m.swapped) for m in every if m.points == top}, top))
    return tuple(searched)


def mismatches(number: int) -> tuple[int, list[str]]:
    """How many positions a game compares, and what differs (the positions' hands and the turns)."""
    compared, wrong = 0, []
    for position, hand, variant, expected, top in whole_searches(number):
        best = best_turns(position, hand, variant.pattern, variant.hash_swap)
        found = {(m.tiles, m.swapped) for m in best}
        compared += 1
        if found != expected or any(m.points != top for m in best):
            wrong.append(f"hand {hand.text}: {len(expected)} turns of {top} expected, "
                         f"{len(found)} of {best[0].points if best else None} found")
    return compared, wrong


@pytest.mark.parametrize("chunk", range(4))
def test_the_best_turns_are_those_of_the_whole_search(chunk):
    compared = 0
    for number in range(chunk, GAMES, 4):
        count, wrong = mismatches(number)
        assert not wrong, (number, wrong[:3])
        compared += count
    assert compared > 20


def test_a_bound_below_what_a_turn_scores_is_caught(monkeypatch):
    """The comparison fails when the bounds are too low (crossing lines left out): the test can fail."""
    real = turn_bounds.TurnBounds._line
    monkeypatch.setattr(turn_bounds.TurnBounds, "_line", lambda self, cell, k: (0, real(self, cell, k)[1]))
    assert any(mismatches(number)[1] for number in range(4))
