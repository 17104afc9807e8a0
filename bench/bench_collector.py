"""Benchmark: what pausing the cyclic garbage collector (modlinseq_print/collector.py) buys. Each job runs in
fresh processes three ways: `paused` (the pauses as shipped), `collector` (every pause turned into a no-op, the
collector running as usual) and `threaded` (as shipped, with a second thread alive, as in the studio, where the
pauses step aside). Wall-clock and CPU seconds (the median of the runs, the three ways taking turns) and the
peak resident memory of the process. `--smallest` builds a small board instead of the kit and plays one game of
the starter kit.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from _bench import SMALLEST, sized

MODES = ("paused", "collector", "threaded")


def child(mode: str, job: str) -> None:
    """Run one job in this process in `mode`; print its seconds and peak memory as JSON."""
    import contextlib
    import resource
    import tempfile
    import threading
    import time

    import modlinseq_print.collector as collector

    if mode == "collector":  # before any module binds the name
        collector.collector_paused = contextlib.nullcontext  # type: ignore[assignment]
    if mode == "threaded":
        stop = threading.Event()
        threading.Thread(target=stop.wait, daemon=True).start()
    wall, cpu = time.perf_counter(), time.process_time()
    if job.startswith("game"):
        from modlinseq_print.kits.playtest_setup import playtest_setup
        from modlinseq_print.rules.playtest import play_game

        _, count, *preset = job.split(":")  # "game:5" plays the standard kit, "game:1:starter" the starter
        setup, tiles = playtest_setup(preset[0] if preset else "standard")
        for seed in range(int(count)):
            play_game(setup.variant, ("greedy", "greedy"), tiles, seed)
    else:
        from modlinseq_print.cli import main

        with tempfile.TemporaryDirectory() as tmp:
            argv = ["kit", "standard", "--quiet"] if job == "kit" else ["board", "--board", job]
            status = main([*argv, "-o", str(Path(tmp) / "out.pdf")])
            assert status == 0, status
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu, "peak": peak}))


def measure(job: str, runs: int) -> dict[str, list[dict[str, float]]]:
    """`runs` runs of the job in each mode, the modes taking turns."""
    found: dict[str, list[dict[str, float]]] = {mode: [] for mode in MODES}
    for _ in range(runs):
        for mode in MODES:
            done = subprocess.run([sys.executable, __file__, "--child", mode, job], capture_output=True, text=True,
                                  check=True)
            found[mode].append(json.loads(done.stdout.splitlines()[-1]))
    return found


def main() -> int:
    """Print each job's figures in each mode."""
    if sys.argv[1:2] == ["--child"]:
        child(sys.argv[2], sys.argv[3])
        return 0
    jobs = sized(["kit", "hex:80", "game:5"], ["hex:3", "game:1:starter"])
    runs = sized(3, 1)
    for job in jobs:
        found = measure(job, runs)
        for mode in MODES:
            wall = statistics.median(r["wall"] for r in found[mode])
            cpu = statistics.median(r["cpu"] for r in found[mode])
            peak = max(r["peak"] for r in found[mode])
            print(f"{job:<8} {mode:<10} {wall:7.2f} s wall  {cpu:7.2f} s CPU  peak {peak:7.1f} MB  "
                  f"(median of {runs})")
    if not SMALLEST:
        print("(the machine may be shared: the figures are wall-clock seconds under whatever else runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
