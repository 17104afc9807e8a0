"""Hex cells drawn as ASCII art (two characters per cell, rows offset by one): fixtures and masks."""

from __future__ import annotations

from typing import Iterable, Mapping

from modlinseq_print.geometry.hexgrid import ORIGIN, Cell


def draw(cells: Iterable[Cell], marks: Mapping[Cell, str] | None = None, centre: str = "A") -> str:
    """Draw cells as `.` (or their one-character mark), A0 as `centre`; the mask format of board files."""
    cells = set(cells)
    marks = dict(marks or {})
    if ORIGIN in cells:
        marks.setdefault(ORIGIN, centre)
    columns = {c: 2 * c.q + c.r for c in cells}
    left = min(columns.values())
    rows = sorted({c.r for c in cells})
    lines = []
    for r in range(rows[0], rows[-1] + 1):
        line = [" "] * (max(columns.values()) - left + 1)
        for cell in (c for c in cells if c.r == r):
            line[columns[cell] - left] = marks.get(cell, ".")
        lines.append("".join(line).rstrip())
    return "\n".join(lines)
