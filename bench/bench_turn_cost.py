"""Benchmark the estimate that bounds `moves` before its search starts (rules/turn_cost.py) against real searches:
for each case the estimated seconds and memory, whether `moves` refuses it, and the CPU seconds, peak memory and
turns of the whole search run anyway (each in a fresh process, stopped after a time limit). Goal: every case
refused takes more than about 20 s or 1 GB, every case below the budget runs.

    python bench/bench_turn_cost.py [--limit SECONDS]
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time

from _bench import smallest

LIMIT = 90.0  # seconds a real search may run here before it is stopped
WILD12 = ",".join(["#"] * 12)
#: (name, board, modulus, wrap, diagonals, transcript or a mid-game of the standard kit ("mid N"), hand)
CASES = [
    ("hex:6 first turn", "hex:6", 11, None, False, "", "1,2,4,5,7,8,10"),
    ("hex:9 first turn, 1 wild", "hex:9", 13, None, False, "", "1,2,3,4,5,6,#"),
    ("hex:9 first turn, 12 wild", "hex:9", 13, None, False, "", WILD12),
    ("hex:9 mid-game", "hex:9", 13, None, False, "mid 3", ""),
    ("hex:9 mid-game, 2 wild", "hex:9", 13, None, False, "mid 3", "1,4,5,6,6,#,#"),
    ("hex:9 mid-game, 4 wild", "hex:9", 13, None, False, "mid 3", "1,4,5,#,#,#,#"),
    ("hex:9 mid-game, 12 tiles, 2 wild", "hex:9", 13, None, False, "mid 3", "1,2,3,4,5,6,6,7,9,10,#,#"),
    ("square:20x20 torus+diag, 12 wild", "square:20x20", 13, "lines", True, "", WILD12),
    ("square:30x30 torus+diag, 12 wild", "square:30x30", 13, "lines", True, "", WILD12),
    ("square:20x20 torus+diag, 0..11", "square:20x20", 13, "lines", True, "", "0,1,2,3,4,5,6,7,8,9,10,11"),
    ("square:60x60 torus+diag, 7 tiles", "square:60x60", 13, "lines", True, "", "1,2,3,4,5,6,7"),
    ("hex:9 first turn, 6 wild", "hex:9", 13, None, False, "", "0,1,2,3,4,5,#,#,#,#,#,#"),
    ("square:250x250 torus+diag, 12 wild", "square:250x250", 13, "lines", True, "", WILD12),
]


def position_and_hand(case):
    """The position and hand of a case."""
    from bench_play import mid_game, standard
    from modlinseq_print.rules.moves import parse_hand
    from modlinseq_print.rules.start import start_position

    _, board, m, wrap, diagonals, transcript, hand = case
    if transcript.startswith("mid "):
        setup, tiles = standard()
        game = mid_game(setup, tiles, int(transcript.split()[1]))
        return game.position, parse_hand(hand, m) if hand else game.hands[game.current]
    return start_position(board, m, wrap, diagonals), parse_hand(hand, m)


def run_one(index: int) -> None:
    """The whole search of one case, its estimate not asked (run in a child process): turns, CPU seconds, peak KB."""
    from modlinseq_print.rules.turn_search import TurnSearch

    position, hand = position_and_hand(CASES[index])
    started = time.process_time()
    turns = TurnSearch(position, hand, None, False).run()
    print(len(turns), time.process_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def measured(index: int, limit: float) -> str:
    """CPU seconds, peak memory and turns of a case's search in a fresh process, or '> limit' when stopped."""
    try:
        done = subprocess.run([sys.executable, __file__, "--one", str(index)], capture_output=True, text=True,
                              timeout=limit, check=True)
    except subprocess.TimeoutExpired:
        return f"{'> ' + format(limit, '.0f'):>9s} {'':>8s} {'':>10s}"
    turns, seconds, peak = done.stdout.split()
    return f"{float(seconds):9.2f} {int(peak) / 1024:7.0f}M {int(turns):10,d}"


def main() -> None:
    from modlinseq_print.rules.errors import RulesError
    from modlinseq_print.rules.turn_cost import check_search_cost, search_cost

    limit = float(sys.argv[sys.argv.index("--limit") + 1]) if "--limit" in sys.argv else LIMIT
    print(f"{'case (hand)':38s} {'est. s':>8s} {'est. MB':>8s} {'moves':>8s} {'refused':>7s} "
          f"{'search s':>9s} {'peak':>8s} {'turns':>10s}")
    for index, case in smallest(list(enumerate(CASES))):
        position, hand = position_and_hand(case)
        started = time.process_time()
        cost = search_cost(position, hand)
        try:
            check_search_cost(position, hand)
            verdict = "runs"
        except RulesError:
            verdict = "refused"
        judged = time.process_time() - started
        print(f"{case[0]:38s} {cost.seconds:8.1f} {cost.bytes / 1e6:8.0f} {verdict:>8s} {judged:6.3f} s "
              f"{measured(index, limit)}", flush=True)


if __name__ == "__main__":
    if "--one" in sys.argv:
        run_one(int(sys.argv[sys.argv.index("--one") + 1]))
    else:
        main()
