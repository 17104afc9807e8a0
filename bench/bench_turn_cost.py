"""Benchmark the estimate that bounds `moves` before its search starts (rules/turn_cost.py) against real searches:
for each case the estimated seconds and memory, whether `moves` refuses it, and the CPU seconds, peak memory and
turns of the whole search run anyway (each in a fresh process, stopped after a time limit). Goal: every case
refused takes more than about 20 s or 1 GB, every case below the budget runs.

Then the one-tile hands on the largest empty tori beside the same search with the board's size read from all its
cells at every step across the edge, as the wrap once did (the reference: minutes on square:250x250).

    python bench/bench_turn_cost.py [--limit SECONDS] [--reference-limit SECONDS]
"""

from __future__ import annotations

import resource
import signal
import subprocess
import sys
import time

from _bench import SMALLEST, smallest

LIMIT = 90.0  # seconds a real search may run here before it is stopped
REFERENCE_LIMIT = 900.0  # seconds the reference may run
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
    ("square:120x120 torus+diag, 1 tile", "square:120x120", 13, "lines", True, "", "5"),
    ("square:250x250 torus+diag, 1 tile", "square:250x250", 13, "lines", True, "", "5"),
    ("square:250x250 torus+diag, 1 wild", "square:250x250", 13, "lines", True, "", "#"),
    ("square:250x250 torus+diag, 2 tiles", "square:250x250", 13, "lines", True, "", "5,5"),
]
#: The cases run beside the reference (the wrap reading every cell of the board at each step across its edge).
REFERENCE_CASES = ("square:120x120 torus+diag, 1 tile", "square:250x250 torus+diag, 1 tile")


def reading_every_cell(board, cell):
    """The reference: the torus image of an off-board cell, the board's size read from all its cells each time."""
    from modlinseq_print.geometry.squaregrid import SquareCell

    columns = max(column for column, _row in board.cells) + 1
    rows = max(row for _column, row in board.cells) + 1
    home = SquareCell(cell[0] % columns, cell[1] % rows)
    return home if home in board.cells else None


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


def run_one(index: int, reference: bool) -> None:
    """The whole search of one case, its estimate not asked (run in a child process): turns, CPU seconds, peak KB;
    with the reference's wrap when `reference`."""
    from modlinseq_print.geometry import wrap
    from modlinseq_print.rules.turn_search import TurnSearch

    if reference:
        wrap._square_wrap = reading_every_cell
    position, hand = position_and_hand(CASES[index])
    started = time.process_time()
    turns = TurnSearch(position, hand, None, False).every()
    print(len(turns), time.process_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def measured(index: int, limit: float, reference: bool = False) -> str:
    """CPU seconds, peak memory and turns of a case's search in a fresh process, or '> limit' when stopped after
    `limit` seconds of CPU (CPU, not the clock: on a busy machine the clock runs on while the search waits)."""
    cpu = int(limit) + 1

    def stop_after_limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))

    try:
        done = subprocess.run([sys.executable, __file__, "--one", str(index)] + ["--reference"] * reference,
                              capture_output=True, text=True, timeout=limit * 30, check=True,
                              preexec_fn=stop_after_limit)
    except subprocess.CalledProcessError as stopped:
        if stopped.returncode not in (-signal.SIGXCPU, -signal.SIGKILL):
            raise
        return f"{'> ' + format(limit, '.0f'):>9s} {'':>8s} {'':>10s}"
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
    if not SMALLEST:
        reference_table(float(sys.argv[sys.argv.index("--reference-limit") + 1]) if "--reference-limit" in sys.argv
                        else REFERENCE_LIMIT, limit)


def reference_table(reference_limit: float, limit: float) -> None:
    """The one-tile cases now and with the reference's wrap, side by side."""
    print(f"\n{'case (hand)':38s} {'now s':>9s} {'peak':>8s} {'turns':>10s} {'reference':>10s} {'peak':>8s}")
    for name in REFERENCE_CASES:
        index = [case[0] for case in CASES].index(name)
        now = measured(index, limit)
        before = measured(index, reference_limit, reference=True)
        before = before.strip() if ">" in before else before.rsplit(maxsplit=1)[0]  # the turns are the same
        print(f"{name:38s} {now} {before:>19s}", flush=True)


if __name__ == "__main__":
    if "--one" in sys.argv:
        run_one(int(sys.argv[sys.argv.index("--one") + 1]), "--reference" in sys.argv)
    else:
        main()
