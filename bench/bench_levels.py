"""Benchmark the computer players' levels: each level against the one below, over the same deals played twice
with the seats swapped (so a seat's advantage and the luck of the deal cancel), the margin in points a game with
its paired standard error, the win rates, the CPU seconds and the peak memory.

The measuring game is small: the starter kit's modulus 7 on hex:3 (37 cells), three tiles of each value and
one wild tile (22 tiles), hands of 4. There a careful game costs about half a second of CPU and one against
strong about a second; on the standard kit's board (hex:9, modulus 13, 134 tiles, hands of 7) a careful game takes
10-20 s, so 1,000 deals of it would take days of this machine. `--standard` plays the standard kit instead
(give a small `--deals`). Options: `--deals N` (default 1000), `--jobs J` (default 2; 1 with --smallest),
`--seed S`, `--pairs beginner,greedy,...` (the levels, weakest first: each plays the next; "strong:N" for a
budget), `--smallest` (two deals of each pairing on hex:2, the strong player on the least budget that still
weighs guesses).

Measured (seed 39, a computer shared by several people): greedy over beginner +15.4 points a game (paired SE
0.34) over 500 deals (1,000 games), greedy winning 93.4%, 0.14 s of CPU a game; careful over greedy +1.0
(SE 0.29, 3.5 SE) over 500 deals, careful winning 52.4%, 0.73 s a game; strong over careful +1.2 (SE
0.21, 5.6 SE) over 500 deals, strong winning 54.5%, 1.15 s a game: strong spends its wild tile where careful
keeps it (often to the game's end, where it scores nothing), and plays the game's end out once the stock is
empty.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time

from _bench import sized
from modlinseq_print.kits.playtest_setup import playtest_setup
from modlinseq_print.rules.players import AI_PLAYERS
from modlinseq_print.rules.playtest import playtest
from modlinseq_print.rules.playtest_compare import level_margin


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=sized(2, 1))
    parser.add_argument("--seed", type=int, default=39)
    cheapest = ",".join("strong:13" if name == "strong" else name for name in AI_PLAYERS)  # one round of guesses
    parser.add_argument("--pairs", default=sized(",".join(AI_PLAYERS), cheapest))
    parser.add_argument("--standard", action="store_true")
    return parser.parse_args()


def peak_mb() -> float:
    """The largest resident memory of this process or any child it waited for, in MB."""
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024


def pairing(setup, tiles, lower: str, higher: str, deals: int, seed: int, jobs: int) -> None:
    """Play the deals both ways round and print the higher level's margin over the lower."""
    started = time.perf_counter()
    first = playtest(setup.variant, (lower, higher), tiles, deals, seed, jobs)
    second = playtest(setup.variant, (higher, lower), tiles, deals, seed, jobs)
    wall = time.perf_counter() - started
    found = level_margin(first, second)
    m = found.margin
    cpu = sum(g.seconds for g in first + second)
    print(f"{higher:>8} vs {lower:<8} {2 * deals:5d} games ({deals} deals x 2 seats): {m.b:6.1f} vs {m.a:6.1f} "
          f"points, margin {m.difference:+6.2f} (paired SE {m.se:5.2f}, {m.difference / m.se if m.se else 0:+5.1f} "
          f"SE), {higher} wins {100 * found.wins:5.1f}%; CPU {cpu:7.1f} s ({cpu / (2 * deals):.3f} s a game), "
          f"wall {wall:6.1f} s, peak {peak_mb():.0f} MB", flush=True)


def main() -> int:
    args = arguments()
    levels = [name.strip() for name in args.pairs.split(",")]
    if args.standard:
        setup, tiles = playtest_setup("standard")
    else:
        setup, tiles = playtest_setup("starter", board=sized("hex:3", "hex:2"), hand=4, wild=1, copies=3)
    v = setup.variant
    deals = sized(args.deals, 2)
    print("why this board: a careful game costs about half a second of CPU here, 10-20 s on the standard kit's"
          if not args.standard else "the standard kit's board: a careful game takes 10-20 s")
    print(f"levels on {v.board.spec}, modulus {v.modulus}, {len(tiles)} tiles, hands of {v.hand}, two players; "
          f"seed {args.seed}, {args.jobs} processes")
    for lower, higher in zip(levels, levels[1:]):
        pairing(setup, tiles, lower, higher, deals, args.seed, args.jobs)
    print("(the machine may be shared: CPU seconds are the figures to compare; wall time varies with the load)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
