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
        self.shown = False

    def _draw(self, line: str) -> None:
        if self.enabled:
            self.stream.write(f"\r{line}")
            self.stream.flush()
            self.shown = True

    def note(self, label: str) -> None:
        """Show a label on the status line without counting a step: a phase whose length is not known yet."""
        self._draw(f"{label:<{self.WIDTH + 40}.{self.WIDTH + 40}}")

    def restart(self, total: int) -> None:
        """Count again, from none done of `total` steps, on the same line."""
        self.total = max(total, 1)
        self.done = 0

    def step(self, label: str) -> None:
        """Mark one step done, naming it on the status line; the last step ends the line."""
        self.done = min(self.done + 1, self.total)
        filled = round(self.WIDTH * self.done / self.total)
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        self._draw(f"[{bar}] {self.done}/{self.total} {label:<32.32}")
        if self.done == self.total:
            self.finish()

    def finish(self) -> None:
        """End the status line, if one was drawn."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
