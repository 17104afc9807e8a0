"""Benchmark play and playtest on the standard kit (hex:9, modulus 13, 130 tiles + 4 wild, hands of 7): every
legal turn for a hand of 7 on five mid-game positions of 60 tiles or so, a greedy two-player game,
`simulate --games 200 --jobs 2`, and the careful player's margin over greedy in 200 seeded games (each kind
first in half). `--smallest` measures one early position, one game and two simulated games of the starter kit
(timed once each) and leaves out the margin;
`--no-margin` leaves out the margin (the longest part), `--margin-only` measures only the margin; `--strict` exits 1
when a target is missed."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
import time
import tracemalloc

from _bench import SMALLEST, sized
from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import generate_turns, require_legal
from modlinseq_print.rules.players import choose
from modlinseq_print.rules.playtest import play_game, playtest

TARGETS = {"turns": 0.050, "game": 2.0, "simulate": 120.0}
MID_GAME = sized(60, 12)  # tiles on the board
PRESET = sized("standard", "starter")  # the kit played


def standard():
    """The standard preset's variant, tiles and players as `simulate` plays them by default (the starter's with
    --smallest)."""
    return playtest_setup(PRESET)


def mid_game(setup, tiles, seed: int = 3) -> Game:
    """A greedy two-player game of the standard kit played until MID_GAME tiles are down (the marker counts)."""
    game = Game(setup.variant, ["one", "two"], seed, tiles=tiles)
    rng = random.Random(seed)
    while len(game.position.tiles) < MID_GAME and not game.over:
        game.take_turn(lambda to_move: choose("greedy", to_move, rng))
    return game


def time_turns(game: Game, repeats: int = sized(9, 1)) -> tuple[float, int, int]:
    """The median seconds to list every legal turn of the hand to move, the turn count and peak memory."""
    position, hand = game.position, game.hands[game.current]
    pattern, swap = game.variant.pattern, game.variant.hash_swap
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        turns = generate_turns(require_legal(position), hand, pattern, swap)
        times.append(time.perf_counter() - started)
    tracemalloc.start()
    generate_turns(require_legal(position), hand, pattern, swap)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return statistics.median(times), len(turns), peak


def turns_figures(setup, tiles) -> bool:
    """Every legal turn of the hand to move on five mid-game positions: each one's time, the worst against the
    target."""
    ok = True
    for seed in range(1, sized(6, 2)):
        game = mid_game(setup, tiles, seed)
        seconds, count, peak = time_turns(game)
        hand = game.hands[game.current]
        ok &= line(f"all legal turns, hand of {game.variant.hand}, {len(game.position.tiles)} tiles on "
                   f"{game.variant.board.spec}", seconds,
                   TARGETS["turns"], f"{count} turns for {hand.text}; peak {peak / 1e6:.1f} MB")
    return ok


def line(name: str, seconds: float, target: float, detail: str) -> bool:
    ok = seconds <= target
    print(f"{name:<44} {seconds:9.3f} s  (target <= {target:g} s: {'ok' if ok else 'MISSED'})  {detail}")
    return ok


def margin(games: int) -> None:
    """Careful against greedy: half the games with careful first, half with greedy first, the same seeds."""
    setup, tiles = standard()
    half = games // 2
    first = playtest(setup.variant, ("careful", "greedy"), tiles, half, seed=11, jobs=2)
    second = playtest(setup.variant, ("greedy", "careful"), tiles, half, seed=11, jobs=2)
    careful = [g.scores[0] for g in first] + [g.scores[1] for g in second]
    greedy = [g.scores[1] for g in first] + [g.scores[0] for g in second]
    leads = [c - g for c, g in zip(careful, greedy)]
    wins = sum(1 for d in leads if d > 0) + 0.5 * sum(1 for d in leads if d == 0)
    sd = statistics.stdev(leads)
    seconds = statistics.mean(g.seconds for g in first + second)
    print(f"careful vs greedy, {games} seeded games (each first in half): careful {statistics.mean(careful):.1f}, "
          f"greedy {statistics.mean(greedy):.1f} points on average; careful leads by {statistics.mean(leads):+.1f} "
          f"(standard error {sd / len(leads) ** 0.5:.1f}) and wins {100 * wins / games:.1f}% of games; "
          f"CPU {seconds:.1f} s a game")


def main() -> int:
    """Print each figure beside its target (with --strict, exit 1 when one is missed)."""
    if "--margin-only" in sys.argv:
        margin(sized(200, 2))
        return 0
    setup, tiles = standard()
    ok = turns_figures(setup, tiles)
    times = []
    for seed in range(sized(5, 1)):
        started = time.perf_counter()
        summary = play_game(setup.variant, ("greedy", "greedy"), tiles, seed)
        times.append(time.perf_counter() - started)
    ok &= line(f"greedy two-player game, {PRESET} kit", statistics.median(times), TARGETS["game"],
               f"median of {len(times)} games; last one {summary.turns} turns, scores {summary.scores}")
    started = time.perf_counter()
    games = sized(200, 2)
    done = subprocess.run([sys.executable, "-m", "modlinseq_print", "simulate", PRESET, "--games", str(games),
                           "--jobs", "2", "--json", "--timings"], capture_output=True, text=True, check=True)
    seconds = time.perf_counter() - started
    data = json.loads(done.stdout)
    ok &= line(f"simulate --games {games} --jobs 2 ({PRESET})", seconds, TARGETS["simulate"],
               f"{data['turns']['mean']:.1f} turns a game; CPU {data['seconds']['mean']:.2f} s a game")
    if "--no-margin" not in sys.argv and not SMALLEST:  # the careful player's games take a quarter minute each
        margin(200)
    print("(the machine may be shared: the figures are wall-clock seconds under whatever else runs)")
    return 1 if "--strict" in sys.argv and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
