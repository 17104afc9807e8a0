"""Pausing Python's cyclic garbage collector while a large drawing is built or written, or turns are searched.

Building a 30,000-cell board makes some 100,000 small objects that all stay alive, and writing it as many
again: each full collection re-walks every one of them, for nothing, and the pauses grow with the board
(bench/bench_writers.py); a search for every legal turn of a hand keeps hundreds of thousands (a third of
its time went to the collector, bench/bench_play.py). Reference counting still frees everything as usual;
only the search for reference cycles waits until the job is done.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Disable cyclic garbage collection for the block (unless already disabled), and restore it after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
