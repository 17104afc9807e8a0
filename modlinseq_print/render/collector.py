"""Pausing Python's cyclic garbage collector while a large drawing is built or written (modlinseq_print/collector.py)."""

from modlinseq_print.collector import collector_paused

__all__ = ["collector_paused"]
