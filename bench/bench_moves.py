"""Benchmark `moves --json --top 0`: the search for every legal turn and the making of its output, side by side,
in CPU seconds (median of the repeats, a fresh search each time): five mid-game positions of the standard kit
(hex:9, modulus 13) with the hand to move, the biggest of them with two of the hand's tiles made wild (over 10,000
turns), and first turns on square boards whose lines wrap (with diagonals) and on hex:9. The output is the turns'
sequences (which the search leaves to be traced when asked for) and the JSON text. Goal: the output no slower
than the search.

    python bench/bench_moves.py

`--smallest` measures only the first position (an early one of the starter kit, as bench_play's smallest case).
"""

from __future__ import annotations

import statistics
import time

from _bench import SMALLEST, sized
from bench_play import mid_game, standard
from modlinseq_print.collector import collector_paused
from modlinseq_print.rules.move_report import moves_json_text
from modlinseq_print.rules.moves import Hand, generate_turns, parse_hand, require_legal
from modlinseq_print.rules.start import start_position

REPEATS = sized(7, 1)


def cases():
    """(name, position, hand, pattern, hash swap): the mid-game positions, then the wild hand."""
    setup, tiles = standard()
    found = []
    for seed in range(1, 6):
        game = mid_game(setup, tiles, seed)
        found.append((f"seed {seed}", game.position, game.hands[game.current], game.variant.pattern,
                      game.variant.hash_swap))
        if SMALLEST:
            return found  # the first position only
    name, position, hand, pattern, swap = found[2]
    found.append((f"{name}, two wild", position, Hand(hand.naturals[:-2], hand.wild + 2), pattern, swap))
    for board, wrap, diagonals, text in (("square:9x9", "lines", True, "1,2,3,4,5,6,7"),
                                         ("square:12x12", "lines", False, "1,3,5,7,9,11,#"),
                                         ("hex:9", None, False, "0,1,2,3,4,5,6,7,8,9,10,11")):
        start = start_position(board, 13, wrap, diagonals)
        found.append((f"{board} first turn", start, parse_hand(text, 13), None, False))
    return found


def measure(position, hand, pattern, swap) -> tuple[list[float], int, int]:
    """Median CPU seconds of the search, the turns' sequences and the JSON text; the turns and the JSON's bytes."""
    times = []
    for _ in range(REPEATS):
        started = time.process_time()
        turns = generate_turns(require_legal(position), hand, pattern, swap)
        searched = time.process_time()
        with collector_paused():  # as moves_json_text traces them (the search pauses it too)
            for turn in turns:
                _ = turn.sequences  # a lazy property: reading it is the work timed
        traced = time.process_time()
        text = moves_json_text(position, hand, turns, 0)
        times.append((searched - started, traced - searched, time.process_time() - traced))
    return [statistics.median(t[part] for t in times) for part in range(3)], len(turns), len(text.encode())


def main() -> None:
    print(f"{'position (hand)':34s} {'turns':>6s} {'search s':>9s} {'sequences':>10s} {'JSON s':>7s} "
          f"{'output/search':>14s} {'bytes':>10s}")
    worst = 0.0
    for name, position, hand, pattern, swap in cases():
        (search, sequences, text), count, size = measure(position, hand, pattern, swap)
        ratio = (sequences + text) / search
        worst = max(worst, ratio)
        print(f"{f'{name} ({hand.text})':34s} {count:6d} {search:9.3f} {sequences:10.3f} {text:7.3f} "
              f"{ratio:13.2f}x {size:10,d}")
    print(f"the output / the search, at most: {worst:.2f}x (goal <= 1x)")


if __name__ == "__main__":
    main()
