"""A progress bar for long jobs: drawn on a terminal's standard error, silent otherwise or when quiet."""

from __future__ import annotations

import sys
from typing import TextIO


class Progress:
    """Counts steps of a job and redraws one status line; does nothing unless the stream is a terminal."""

    WIDTH = 28

    def __init__(self, total: int, quiet: bool = False, stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.done = 0
        self.stream = stream or sys.stderr
        self.enabled = not quiet and hasattr(self.stream, "isatty") and self.stream.isatty()

    def step(self, label: str) -> None:
        """Mark one step done, naming it on the status line."""
        self.done = min(self.done + 1, self.total)
        if self.enabled:
            filled = round(self.WIDTH * self.done / self.total)
            bar = "#" * filled + "-" * (self.WIDTH - filled)
            self.stream.write(f"\r[{bar}] {self.done}/{self.total} {label:<32.32}")
            self.stream.flush()

    def finish(self) -> None:
        """End the status line."""
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()
