"""Benchmark the Play page's hint and review on the standard kit (hex:9, modulus 13, hands of 7): the hint's
search (the best turn of the hand to move) at the first turn and on mid-game positions, beside `moves --top 1`'s
search (every legal turn, the best first) on the same position and hand; then the review page of a whole greedy
game, as the studio makes it in a worker. Seconds (median of several runs) and peak memory (tracemalloc).
`--smallest` measures one position and leaves out the review."""

from __future__ import annotations

import random
import statistics
import time
import tracemalloc

from _bench import SMALLEST, sized
from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import generate_turns, require_legal
from modlinseq_print.rules.players import choose
from modlinseq_print.studio.exchange import Request
from modlinseq_print.studio.play_hints import NUDGE, hint_json, hint_turn, review_page


def measured(work, repeats: int) -> tuple[float, float, object]:
    """Median seconds of `repeats` runs, peak MB of one more, and its result."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    tracemalloc.start()
    result = work()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), peak / 1e6, result


def game_after(setup, tiles, seed: int, placed: int) -> Game:
    """A greedy two-player game of the standard kit played until `placed` tiles are down (or it ends)."""
    game = Game(setup.variant, ["Ann", "Robot"], seed, tiles=tiles)
    rng = random.Random(seed)
    while len(game.position.tiles) < placed and not game.over:
        game.take_turn(lambda to_move: choose("greedy", to_move, rng))
    return game


def compare(game: Game) -> None:
    """One position: the hint's search and moves --top 1's, which must find the same points."""
    position, hand, v = game.position, game.hands[game.current], game.variant

    def hint():
        move = hint_turn(position, hand, v.pattern, v.hash_swap)
        return move, hint_json(position, move, NUDGE, "en")

    def top():
        return generate_turns(require_legal(position), hand, v.pattern, v.hash_swap)[0]

    seconds, peak, (move, _) = measured(hint, 5)
    reference, reference_peak, best = measured(top, 5)
    assert move.notation(position) == best.notation(position), (move, best)
    print(f"{len(position.tiles):>3} tiles, hand {hand.text:<18} {seconds:8.3f}s {peak:6.1f}MB   "
          f"{reference:12.3f}s {reference_peak:6.1f}MB   ({move.points} points)")


def hints(setup, tiles) -> None:
    """The hint's search against moves --top 1's on a first turn and on mid-game positions."""
    print(f"{'position':<34} {'hint':>9} {'peak':>8}   {'moves --top 1':>13} {'peak':>8}")
    for seed, placed in sized([(3, 1), (3, 30), (3, 60), (5, 60), (7, 90)], [(3, 1)]):
        compare(game_after(setup, tiles, seed, placed))


def review(setup, tiles) -> None:
    """The review page of a whole greedy game, from what the studio records."""
    game = Game(setup.variant, ["Ann", "Robot"], 3, tiles=tiles)
    rng, hands = random.Random(3), []
    while not game.over:
        held = f"{game.names[game.current]}: {game.hands[game.current].text}"
        record = game.take_turn(lambda to_move: choose("greedy", to_move, rng))
        hands += [held] if record.move is not None else []
    v = game.variant
    body = {"board": v.board.spec, "modulus": v.modulus, "wrap": v.wrap, "policy": v.policy, "marker": v.marker,
            "pattern": v.pattern, "hash_swap": v.hash_swap, "players": 2, "transcript": game.transcript(),
            "hands": hands, "hints": {"1": 2}, "lang": "en", "stylesheet": "/api/play/review.css"}
    seconds, peak, page = measured(lambda: review_page(Request(body, {})), 3)
    print(f"review page of a greedy game ({len(hands)} turns): {seconds:.2f} s, peak {peak:.1f} MB, "
          f"{len(page.encode()) / 1e3:.0f} kB")


def main() -> None:
    setup, tiles = playtest_setup("standard")
    hints(setup, tiles)
    if not SMALLEST:
        review(setup, tiles)


if __name__ == "__main__":
    main()
