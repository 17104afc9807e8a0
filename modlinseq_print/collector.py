"""Pausing Python's cyclic garbage collector while a large drawing is built or written, or turns are searched.

Building a 30,000-cell board makes some 100,000 small objects that all stay alive, and writing it as many
again: each full collection re-walks every one of them, for nothing, and the pauses grow with the board
(bench/bench_writers.py); a search for every legal turn of a hand keeps hundreds of thousands (a third of
its time went to the collector, bench/bench_play.py). Reference counting still frees everything as usual;
only the search for reference cycles waits until the job is done.

The collector is one switch for the whole process, so a pause is taken only by the main thread while it is the
only thread (a command line run, a playtest worker process). In a process with other threads (the studio's
server and workers, a program that calls the library from threads) it steps aside and the collector runs as
usual: one job's pause never stalls another thread's clean-up. The gain is modest (a few per cent of CPU time,
bench/bench_collector.py), so stepping aside costs little.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Disable cyclic garbage collection for the block (unless already disabled), and restore it after; only in
    the main thread of a process that has no other thread (else the block runs with the collector as it is)."""
    alone = threading.current_thread() is threading.main_thread() and threading.active_count() == 1
    was_enabled = gc.isenabled()
    if alone:
        gc.disable()
    try:
        yield
    finally:
        if alone and was_enabled:
            gc.enable()
