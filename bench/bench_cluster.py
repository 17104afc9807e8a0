"""`simulate` on this machine (`--jobs 2`) beside the same games on a Dask LocalCluster of two one-thread worker
processes (`--scheduler`): wall-clock seconds, the CPU seconds and the peak memory of all the run's processes
together, and whether the two printed the same bytes.

The games: 200 seeded games of the starter kit between greedy players (2 with --smallest, N with --games N). The cluster
is started before its run is timed (as a cluster is, before anyone sends it games); its start-up is printed apart.
Peak memory is the largest sum of the resident sizes of every process below this one (the simulate command,
its worker processes; the cluster's workers and their nannies), sampled every 50 ms, plus this process's own
growth while the cluster's scheduler runs in it. CPU seconds add up the simulate command and the processes it
waited for, the cluster's processes over the run, and this process (the scheduler's, and the sampler's). The
machine may be shared: the wall-clock seconds vary from run to run far more than the CPU seconds.
"""

from __future__ import annotations

import logging
import os
import resource
import subprocess
import sys
import threading
import time
from pathlib import Path

from _bench import require, sized

PAGE = 4096


def rss(pid: int) -> int:
    """A process's resident size in bytes (0 once it has gone)."""
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def cpu(pid: int) -> float:
    """A live process's user and system CPU seconds so far (0 once it has gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def own_cpu(who: int) -> float:
    """User and system CPU seconds of this process (RUSAGE_SELF) or of its reaped children (RUSAGE_CHILDREN)."""
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


def descendants(root: int) -> list[int]:
    """Every process below `root`, from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class PeakMemory:
    """The largest total resident size of this process's descendants (and its own growth) while running."""

    def __init__(self) -> None:
        self.peak, self.processes, self.base = 0, 0, rss(os.getpid())
        self._stop = threading.Event()

    def _sample(self) -> None:
        while not self._stop.is_set():
            below = descendants(os.getpid())
            total = sum(rss(pid) for pid in below) + max(0, rss(os.getpid()) - self.base)
            if total > self.peak:
                self.peak, self.processes = total, len(below)
            self._stop.wait(0.05)

    def __enter__(self) -> "PeakMemory":
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def simulate(words: list[str]) -> tuple[float, float, PeakMemory, str]:
    """Run `simulate` with these words: its wall-clock and CPU seconds, its peak memory and what it printed."""
    standing = {pid: cpu(pid) for pid in descendants(os.getpid())}  # the cluster's processes, if any
    before = own_cpu(resource.RUSAGE_SELF) + own_cpu(resource.RUSAGE_CHILDREN)
    with PeakMemory() as memory:
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "modlinseq_print", "simulate", *words], capture_output=True,
                              text=True, check=True)
        seconds = time.perf_counter() - started
    used = own_cpu(resource.RUSAGE_SELF) + own_cpu(resource.RUSAGE_CHILDREN) - before
    used += sum(cpu(pid) - was for pid, was in standing.items())
    return seconds, used, memory, done.stdout


def main() -> int:
    """Print the two runs side by side."""
    require("distributed", "distributed")
    from distributed import LocalCluster

    logging.getLogger("distributed").setLevel(logging.ERROR)  # its notes as the cluster closes
    games = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else sized(200, 2)
    words = ["starter", "--games", str(games), "--ai", "greedy", "--json"]
    here_seconds, here_cpu, here_memory, here = simulate([*words, "--jobs", "2"])
    started = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster:
        start_up = time.perf_counter() - started
        there_seconds, there_cpu, there_memory, there = simulate([*words, "--scheduler", cluster.scheduler_address])
    print(f"{games} games of the starter kit, greedy players, on a 2-core machine (shared: the seconds vary)")
    for name, seconds, used, memory in (("this machine, --jobs 2", here_seconds, here_cpu, here_memory),
                                        ("LocalCluster, 2 workers", there_seconds, there_cpu, there_memory)):
        print(f"  {name + ':':<26}{seconds:7.1f} s ({used:6.1f} s of CPU), peak memory {memory.peak / 2**20:4.0f} MB "
              f"({memory.processes} processes)")
    print(f"  (the cluster started in {start_up:.1f} s before its run, not counted)")
    print(f"  the same bytes printed: {'yes' if here == there else 'NO'}")
    return 0 if here == there else 1


if __name__ == "__main__":
    sys.exit(main())
