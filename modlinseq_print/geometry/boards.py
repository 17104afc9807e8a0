"""Boards: sets of plane cells built from specs like hex:9, rect:13x11, tess:3, square:8x8, file:PATH."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Hashable, Mapping, TypeVar

from modlinseq_print.errors import AddressError, BoardSpecError
from modlinseq_print.geometry import addresses
from modlinseq_print.geometry.board_files import read_board_file
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell, hexagon, in_reading_order, neighbours
from modlinseq_print.geometry.lattice import tess_cells, tess_home
from modlinseq_print.geometry.squaregrid import square_cells
from modlinseq_print.inputs import excerpt, parse_int

#: The largest boards, the same for every command, preset, the library (api.py) and the studio (which draws at
#: most studio.limits.MAX_CELLS of them). Each is drawn, described or paginated in a few seconds and a few
#: hundred MB on a small machine (bench/bench_maxima.py; docs/limits-of-inputs.md); a larger one is refused before any
#: cell is built.
MAX_ORDER = 150  # hex:150, 67,951 cells
MAX_CELLS = 3 * MAX_ORDER * (MAX_ORDER + 1) + 1  # 67,951: the most cells of a file board, as many as hex:150
#: tess:55: 62,377 cells and 984 pseudocells. tess:57 would match hex:150's cells, but a tess board costs more
#: per cell (its wythe and wrap partners), and tess:55 keeps the cost of hex:150.
MAX_TESS_ORDER = 55
MAX_SIDE = 250  # rect:250x250 and square:250x250, 62,500 cells

_T = TypeVar("_T")


@dataclass(frozen=True)
class Board:
    """A board: its real cells, its pseudocells (tess boards) and how its cells are addressed."""

    spec: str
    grid: str  # "hex" or "square"
    cells: frozenset[Cell]
    pseudocells: Mapping[Cell, Cell] = field(default_factory=lambda: MappingProxyType({}))
    tess_order: int | None = None
    default_wrap: str = "none"
    default_pattern: str = "none"
    # what other layers work out once per board (the rules' line topologies): it lives and dies with the board
    _derived: dict[Hashable, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def derived(self, key: Hashable, make: Callable[[], _T]) -> _T:
        """The value `make()` gives, made once per board object and key, and kept as long as the board."""
        try:
            return self._derived[key]
        except KeyError:
            return self._derived.setdefault(key, make())

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    @property
    def has_centre(self) -> bool:
        """True for a hex board with the centre cell A0, through which the first turn's sequence must pass."""
        return self.grid == "hex" and ORIGIN in self.cells

    def __len__(self) -> int:
        return len(self.cells)

    def address(self, cell: Cell) -> str:
        """The address of a cell (or pseudocell) on this board's grid."""
        if self.grid == "square":
            return addresses.square_address_of(cell)
        return addresses.address_of(cell)

    def addresses_of(self, cells: list[Cell]) -> list[str]:
        """The addresses of many cells (or pseudocells) on this board's grid."""
        return list(map(addresses.square_address_of if self.grid == "square" else addresses.address_of, cells))

    def parse_address(self, text: str) -> Cell:
        """The cell at an address, or an AddressError if it is malformed or off the board."""
        cell: Cell
        if self.grid == "square":
            cell = addresses.square_cell_of(text)
        else:
            cell = addresses.cell_of(text)
        if cell not in self.cells:
            raise AddressError(f"cell {text.strip()} is not on board {self.spec}")
        return cell

    def sorted_cells(self) -> list[Cell]:
        """Real cells in reading order: top row first, west to east."""
        return in_reading_order(self.cells)


#: The boards a message suggests, and its hint of a board file (which a front end reading no files leaves out).
EXAMPLES = "hex:9, rect:13x11, tess:3 or square:8x6"
EXAMPLE = {"hex": "hex:9", "rect": "rect:13x11", "tess": "tess:3", "square": "square:8x6"}
FILE_HINT = " (or file:PATH for a board file)"


def unreadable(spec: str, why: str) -> BoardSpecError:
    """The error of a board that can't be read: the text as typed, then what is wrong and what to write."""
    return BoardSpecError(f"can't read {excerpt(spec)} as a board: {why}")


def _int(text: str, what: str, spec: str, kind: str) -> int:
    try:
        return parse_int(text, what, BoardSpecError)
    except BoardSpecError as error:
        raise unreadable(spec, f"{error.template}; try {EXAMPLE[kind]}") from None


def _order(text: str, spec: str, kind: str) -> int:
    n = _int(text, "the order", spec, kind)
    low, high = (1, MAX_TESS_ORDER) if kind == "tess" else (0, MAX_ORDER)
    if not low <= n <= high:
        raise unreadable(spec, f"the order must be from {low} to {high}, got {n}"
                         + (f"; {kind}:{high} is the largest {kind} board" if n > high else f"; try {EXAMPLE[kind]}"))
    return n


def _size(text: str, spec: str, kind: str) -> tuple[int, int]:
    match = re.fullmatch(r"(-?[0-9]+)[xX×](-?[0-9]+)", text)
    if not match:
        raise unreadable(spec, f"give its columns x rows, as {EXAMPLE[kind]}")
    cols, rows = (_int(match.group(k), "the size", spec, kind) for k in (1, 2))
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise unreadable(spec, f"columns and rows must be from 1 to {MAX_SIDE}"
                         + (f" ({MAX_SIDE}x{MAX_SIDE} is the largest)" if max(cols, rows) > MAX_SIDE
                            else f"; try {EXAMPLE[kind]}"))
    return cols, rows


def spec_cell_count(spec: str) -> int | None:
    """How many real cells a hex, rect, tess or square spec names, known without building the board (None for a
    file board or a spec that does not parse)."""
    match = re.fullmatch(r"\s*(hex|rect|tess|square):\s*([0-9]{1,7})(?:[xX×]([0-9]{1,7}))?\s*", spec, re.I)
    if not match:
        return None
    kind, a, b = match.group(1).lower(), int(match.group(2)), match.group(3)
    if kind == "hex" and b is None:
        return 3 * a * (a + 1) + 1
    if kind == "tess" and b is None:
        return 7 * (3 * a * (a - 1) + 1)
    if kind in ("rect", "square") and b is not None:
        return a * int(b)
    return None


def file_cells(path: str | Path) -> frozenset[Cell]:
    """The cells of a board file (an address list or an ASCII-art mask), at most MAX_CELLS of them."""
    return read_board_file(Path(path), MAX_CELLS)


def rect_cells(cols: int, rows: int) -> frozenset[Cell]:
    """The near-rectangular truncation centred on A0: rows of `cols` cells, odd rows shifted east by half a cell."""
    top = -((rows - 1) // 2)
    cells: set[Cell] = set()
    for r in range(top, top + rows):
        start = -((cols - 1 + r) // 2)
        cells.update(Cell(q, r) for q in range(start, start + cols))
    return frozenset(cells)


def tess_board(spec: str, n: int) -> Board:
    """The tess-n wrap board with its wythe of pseudocells."""
    cells = tess_cells(n)
    wythe = {nb for c in cells for nb in neighbours(c)} - cells
    pseudo = MappingProxyType({p: tess_home(p, n) for p in sorted(wythe)})
    return Board(spec, "hex", cells, pseudo, tess_order=n, default_wrap="tess", default_pattern="bonus")


def parse_board(spec: str) -> Board:
    """Build the board named by a spec: hex:N, rect:CxR, tess:N, square:CxR or file:PATH."""
    kind, sep, arg = spec.strip().partition(":")
    kind = kind.lower()
    if not sep or not arg:
        raise unreadable(spec, f"write its shape and size, as {EXAMPLES}{FILE_HINT}")
    if kind == "hex":
        return Board(spec, "hex", hexagon(_order(arg, spec, kind)))
    if kind == "rect":
        return Board(spec, "hex", rect_cells(*_size(arg, spec, kind)))
    if kind == "tess":
        return tess_board(spec, _order(arg, spec, kind))
    if kind == "square":
        cols, rows = _size(arg, spec, kind)
        return Board(spec, "square", square_cells(cols, rows))
    if kind == "file":
        return Board(spec, "hex", file_cells(arg))
    raise unreadable(spec, f"there is no shape {excerpt(kind)}: write {EXAMPLES}{FILE_HINT}")
