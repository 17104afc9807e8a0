"""The Convoluted Coprimality Game: primes and turns, the grid, and the placement and elimination rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from math import gcd

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.geometry.addresses import square_address_of
from modlinseq_print.geometry.hexgrid import Cell

MIN_SIZE = 12
#: The largest grid: a million squares; a larger one fits no paper (5 m at 5 mm squares) and no game.
MAX_SIZE = 1000
START = Cell(0, 0)  # the upper-left square, where 1 goes
STEPS = (Cell(0, -1), Cell(1, 0), Cell(0, 1), Cell(-1, 0))  # above, right, below, left


class CoprimalityError(ModlinseqError):
    """A grid size or game record that the Convoluted Coprimality Game cannot use."""


def check_size(size: int) -> int:
    """The grid size n if it is from 12 (the rules' n >= 12) to MAX_SIZE, else a one-line error."""
    if size < MIN_SIZE:
        raise CoprimalityError(f"bad grid size {size}: the game needs an n x n grid with n >= {MIN_SIZE}")
    if size > MAX_SIZE:
        raise CoprimalityError(f"bad grid size {size}: use at most {MAX_SIZE} (a {MAX_SIZE} x {MAX_SIZE} grid)")
    return size


def is_prime(number: int) -> bool:
    """True for a prime."""
    return number > 1 and all(number % d for d in range(2, int(number ** 0.5) + 1))


def turn_ranges(last_number: int) -> list[tuple[int, int, int]]:
    """(k, first, last) for every turn up to the one that places `last_number`: turn k places the
    numbers from the (k-1)th prime + 1 up to the kth prime."""
    limit = 2 * max(last_number, 2)  # Bertrand: a prime lies between n and 2n
    sieve = bytearray([1]) * (limit + 1)
    sieve[0:2] = b"\x00\x00"
    for d in range(2, int(limit ** 0.5) + 1):
        if sieve[d]:
            sieve[d * d::d] = bytes(len(range(d * d, limit + 1, d)))
    ranges: list[tuple[int, int, int]] = []
    first = 1
    for prime in (n for n in range(2, limit + 1) if sieve[n]):
        ranges.append((len(ranges) + 1, first, prime))
        first = prime + 1
        if prime >= last_number:
            break
    return ranges


def turn_of(number: int) -> tuple[int, int, int]:
    """(k, first, last) of the turn that places `number`."""
    return turn_ranges(number)[-1]


@dataclass
class Grid:
    """An n x n grid of numbers: cells are (column, row) from the upper-left square (0, 0)."""

    size: int
    numbers: dict[Cell, int] = field(default_factory=dict)
    squares: dict[int, Cell] = field(default_factory=dict)

    def contains(self, cell: Cell) -> bool:
        """True for a square of the grid."""
        return 0 <= cell.q < self.size and 0 <= cell.r < self.size

    def neighbours(self, cell: Cell) -> list[Cell]:
        """The squares above, right of, below and left of `cell` that are on the grid."""
        return [cell + step for step in STEPS if self.contains(cell + step)]

    def on_border(self, cell: Cell) -> bool:
        """True when the square is in the first or last row or column."""
        return min(cell.q, cell.r) == 0 or max(cell.q, cell.r) == self.size - 1

    def is_full(self) -> bool:
        """True when every square holds a number."""
        return len(self.numbers) == self.size * self.size

    def next_number(self) -> int:
        """The number to place next (1 on an empty grid)."""
        return len(self.numbers) + 1

    def place(self, number: int, cell: Cell) -> None:
        """Write `number` in `cell` (legality is the caller's business: see placement_error)."""
        self.numbers[cell] = number
        self.squares[number] = cell


def placement_error(grid: Grid, number: int, cell: Cell) -> str | None:
    """Why `number` may not go in `cell` under the placement rules, or None when it may."""
    name = square_address_of(cell)
    if not grid.contains(cell):
        return f"{name} is off the {grid.size} x {grid.size} grid"
    if cell in grid.numbers:
        return f"{name} already holds {grid.numbers[cell]}"
    if number == 1:
        return None if cell == START else "1 goes in the upper-left square a1"
    previous = grid.squares[number - 1]
    if cell not in grid.neighbours(previous):
        return f"{name} is not above, right of, below or left of {number - 1} (in {square_address_of(previous)})"
    filled = sum(1 for n in grid.neighbours(cell) if n in grid.numbers)
    if filled < 2 and not grid.on_border(cell):
        return f"{name} touches only {number - 1}; away from the border a square needs two filled neighbours"
    return None


def legal_squares(grid: Grid, number: int) -> list[Cell]:
    """Every empty square where `number` may go next."""
    if number == 1:
        return [START] if not grid.numbers else []
    previous = grid.squares.get(number - 1)
    if previous is None:
        return []
    return [cell for cell in grid.neighbours(previous) if placement_error(grid, number, cell) is None]


def conflicts(grid: Grid, number: int, cell: Cell) -> list[tuple[Cell, int]]:
    """The neighbours of `cell` holding a number that is not coprime to `number`."""
    return [(n, grid.numbers[n]) for n in grid.neighbours(cell)
            if n in grid.numbers and gcd(grid.numbers[n], number) != 1]
