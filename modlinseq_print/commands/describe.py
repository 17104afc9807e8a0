"""`describe`: a board as JSON (every cell) or as a readable summary."""

from __future__ import annotations

import argparse
import sys

from modlinseq_print.commands.common import add_board_arguments, board_from_args
from modlinseq_print.geometry.describe import cell_entries, extent_mm, pattern_counts, write_description
from modlinseq_print.geometry.layout import default_cell_size
from modlinseq_print.units import parse_length
from modlinseq_print.wording import plural


def register(sub: argparse._SubParsersAction) -> None:
    """Add the describe command."""
    parser = sub.add_parser("describe", help="describe a board: cells, addresses, patterns, wrap partners")
    add_board_arguments(parser)
    parser.add_argument("--cell-size", default=None, help="cell size across flats (default 28mm)")
    parser.add_argument("--cell", action="append", metavar="ADDRESS",
                        help="describe only this cell (repeatable), e.g. --cell B26")
    parser.add_argument("--json", action="store_true", help="print one JSON object with every cell")
    parser.set_defaults(run=run)


def summary(board, pattern: str | None, cell_size: float) -> str:
    """A few readable lines about a board: counts by pattern, size, wrap (no per-cell objects are made)."""
    counts = pattern_counts(board, pattern)
    width, height = extent_mm(board, cell_size)
    count = len(board.cells)
    lines = [
        f"board {board.spec}: {plural(count, 'cell')} on a {board.grid} grid",
        "pattern: " + ", ".join(f"{counts[k]} {k}" for k in ("plain", "bonus", "malus") if counts[k]),
        f"size: {width:.1f} x {height:.1f} mm at a cell size of {cell_size:g} mm",
        f"default wrap: {board.default_wrap}",
    ]
    if board.pseudocells:
        lines.append(f"pseudocells: {len(board.pseudocells)} (a wythe around the board)")
    return "\n".join(lines)


def cell_line(cell: dict) -> str:
    """One readable line about a described cell."""
    mark = f", {cell['pattern']}" if cell["pattern"] else ""
    if cell["pseudo"]:
        mark += f", pseudocell standing for {cell['stands_for']}"
    return f"{cell['address']}: q={cell['q']} r={cell['r']}, centre ({cell['x_mm']:g}, {cell['y_mm']:g}) mm{mark}"


def run(args: argparse.Namespace) -> int:
    """Print the description of --board: JSON written cell by cell as it is made, the named cells, or a summary."""
    board = board_from_args(args)
    cell_size = parse_length(args.cell_size, "cell size") if args.cell_size else round(default_cell_size(), 9)
    if args.json:
        write_description(board, sys.stdout, args.pattern, cell_size, args.cell)
    elif args.cell:
        print("\n".join(cell_line(c) for c in cell_entries(board, args.pattern, cell_size, args.cell)))
    else:
        print(summary(board, args.pattern, cell_size))
    return 0
