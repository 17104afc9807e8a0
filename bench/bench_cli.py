"""Benchmark: CPU time of `modlinseq-print --help` against a bare interpreter (`python -c pass`), best of 5."""

import resource
import subprocess
import sys

from _bench import sized


def cpu_seconds(argv: list[str]) -> float:
    """User plus system CPU time of one run of argv in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def best(argv: list[str], runs: int = sized(5, 1)) -> float:
    """The least CPU time of `runs` runs."""
    return min(cpu_seconds(argv) for _ in range(runs))


if __name__ == "__main__":
    bare = best([sys.executable, "-c", "pass"])
    help_ = best([sys.executable, "-m", "modlinseq_print", "--help"])
    command_help = best([sys.executable, "-m", "modlinseq_print", "tiles", "--help"])
    print(f"python -c pass           {bare * 1000:6.1f} ms CPU")
    print(f"modlinseq-print --help   {help_ * 1000:6.1f} ms CPU  ({help_ / bare:.1f}x the interpreter)")
    print(f"modlinseq-print tiles -h {command_help * 1000:6.1f} ms CPU")
