"""What a turn search reads and finds: a player's hand, the turns (`Move`) and the sequences each forms, and the
orders turns are listed in. Immutable values that import nothing of the search (rules/turn_search.py), so the
search, its bounds (rules/turn_bounds.py), the game and the reports share them without importing one another.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from operator import attrgetter
from typing import Callable, Iterable, Mapping, NamedTuple, Protocol

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.chains import Chain
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import Position, Tile
from modlinseq_print.rules.tokens import tile_value

MAX_HAND = 12  # tiles in a hand: a set deals 5 to 8; 12 keeps the search within a second on hex:9

Pairs = tuple[tuple[Cell, Tile], ...]


@dataclass(frozen=True)
class Hand:
    """A player's tiles: the natural tiles' values (sorted) and how many wild tiles."""

    naturals: tuple[int, ...] = ()
    wild: int = 0

    @classmethod
    def of(cls, tiles: Iterable[int | None]) -> Hand:
        """The hand holding these tiles, in any order (None: a wild tile)."""
        held = list(tiles)
        return cls(tuple(sorted(v for v in held if v is not None)), held.count(None))

    @property
    def size(self) -> int:
        """How many tiles the hand holds."""
        return len(self.naturals) + self.wild

    @property
    def text(self) -> str:
        """The hand as the command line writes it: '3,5,5,#'."""
        return ",".join([*map(str, self.naturals), *["#"] * self.wild])

    def after(self, move: Move) -> Hand:
        """The hand once a turn is played: its tiles gone, the wild tiles it swapped off the board back."""
        left = Counter(self.naturals)
        left.subtract(move.naturals)
        return Hand(tuple(sorted(left.elements())), self.wild - move.wilds)


def parse_hand(text: str, m: int) -> Hand:
    """A hand written like '3,5,5,8,11,#,0' (commas or blanks; '#' a wild tile), each value below m."""
    words = [w for w in re.split(r"[,\s]+", text.strip()) if w]
    if not words:
        raise RulesError("the hand is empty: give its tiles like 3,5,5,8,11,#,0")
    if len(words) > MAX_HAND:
        raise RulesError(f"a hand of {len(words)} tiles: a hand holds 1 to {MAX_HAND} tiles")
    naturals = []
    for word in words:
        if word == "#":
            continue
        value = tile_value(word)  # read as a transcript's tiles are
        if value is None or value >= m:
            raise RulesError(f"hand tile {excerpt(word)} is not a number below the modulus {m}: "
                             f"use 0 to {m - 1}, or # for a wild tile")
        naturals.append(value)
    return Hand(tuple(sorted(naturals)), words.count("#"))


class TurnSequence(NamedTuple):
    """A sequence a turn forms or extends: its chain, tiles (wild tiles not counted), bonus and points (a named
    tuple: a search makes one for each sequence of each turn it lists, and a tuple is quick to make)."""

    chain: Chain
    tiles: int
    primary: bool
    bonus: int
    points: int


class SequenceSource(Protocol):
    """Where a turn found by the search gets its sequences when first asked for (most turns are never shown)."""

    def sequences_of(self, changes: Mapping[Cell, Tile]) -> tuple[TurnSequence, ...]:
        """The sequences of the turn that puts down `changes`, the primary first."""
        ...


class Move:
    """One legal turn: the tiles it puts down in line order (on empty cells, and naturals swapped in for wild
    tiles), the cells swapped, its points and its sequences (the primary first). Immutable: its fields are
    read-only. A search finds thousands of turns and shows a few, so a turn made from its changes and their
    `order` pairs them in line order when first asked, and one made with a `SequenceSource` traces its
    sequences when first asked; either is kept."""

    __slots__ = ("_pairs", "_changes", "_order", "_swapped", "_points", "_sequences")

    _pairs: Pairs | None
    _changes: Mapping[Cell, Tile] | None
    _sequences: tuple[TurnSequence, ...] | SequenceSource

    def __init__(self, tiles: Mapping[Cell, Tile] | Pairs, swapped: tuple[Cell, ...], points: int,
                 sequences: tuple[TurnSequence, ...] | SequenceSource, order: tuple[Cell, ...] | None = None):
        # no cast() here: a search makes tens of thousands of turns, and cast is a call
        if order is None:  # `tiles` already (cell, tile) pairs in line order
            self._pairs, self._changes = tiles, None  # type: ignore[assignment]  # pairs, by the order's absence
        else:  # `tiles` the changes by cell, to be put in `order`
            self._pairs, self._changes = None, tiles  # type: ignore[assignment]  # changes, by the order given
        self._order, self._swapped, self._points, self._sequences = order, swapped, points, sequences

    swapped = property(attrgetter("_swapped"), doc="The cells whose wild tiles the turn swaps for naturals.")
    points = property(attrgetter("_points"), doc="The points the turn scores.")

    def __repr__(self) -> str:
        return f"Move({self.tiles!r}, swapped={self.swapped!r}, points={self.points})"

    @property
    def tiles(self) -> Pairs:
        """The tiles put down, in line order: (cell, tile)."""
        pairs = self._pairs
        if pairs is None:
            changes, order = self._changes, self._order
            assert changes is not None and order is not None  # no pairs: made from its changes and their order
            pairs = self._pairs = tuple([(c, changes[c]) for c in order if c in changes])
        return pairs

    def report_fields(self) -> tuple[tuple[Cell, ...], tuple[Tile, ...], tuple[TurnSequence, ...], tuple[Cell, ...],
                                     int]:
        """What a report writes of a turn, read in one call (a report writes thousands): the cells and the tiles
        put down in line order (as `tiles`, unpaired and read without pairing them), the sequences, the cells
        swapped and the points."""
        found = self._sequences
        if found.__class__ is not tuple:  # an identity test, quicker than isinstance: a turn's are a plain tuple
            found = self.sequences
        order, changes, swapped, points = self._order, self._changes, self._swapped, self._points
        if order is not None and changes is not None and len(order) == len(changes):
            try:
                return order, tuple(map(changes.__getitem__, order)), found, swapped, points
            except KeyError:  # some cells of the order not among the changes: pair what there is
                pass
        tiles = self.tiles
        return tuple([c for c, _ in tiles]), tuple([t for _, t in tiles]), found, swapped, points

    @property
    def size(self) -> int:
        """How many tiles the turn puts down (naturals swapped in included)."""
        changes = self._changes
        return len(self.tiles) if changes is None else len(changes)

    @property
    def sequences(self) -> tuple[TurnSequence, ...]:
        """The sequences the turn forms or extends, the primary first, with their bonus and points."""
        found = self._sequences
        if not isinstance(found, tuple):
            changes = self._changes
            assert changes is not None  # a turn made with a SequenceSource is made from its changes
            found = self._sequences = found.sequences_of(changes)
        return found

    @property
    def primary(self) -> TurnSequence | None:
        """The primary sequence (None for a lone first tile)."""
        sequences = self.sequences
        return sequences[0] if sequences and sequences[0].primary else None

    @property
    def naturals(self) -> tuple[int, ...]:
        """The natural tiles it takes from the hand."""
        return tuple(sorted(t.value for _, t in self.tiles if t.value is not None))

    @property
    def wilds(self) -> int:
        """Wild tiles it takes from the hand, less those it swaps back (negative: the hand gains some)."""
        return sum(1 for _, t in self.tiles if t.wild) - len(self.swapped)

    def notation(self, position: Position, address: Callable[[Cell], str] | None = None) -> str:
        """The turn as a transcript writes it: '4B2, 6B1, 1A0' ('#=5B3' for a declared wild tile); `address`, if
        given, gives a cell's address on the position's board (one that remembers them, for many turns)."""
        address = address or position.board.address
        return ", ".join(token(tile) + address(cell) for cell, tile in self.tiles)


def token(tile: Tile) -> str:
    """A tile as a transcript writes it, without its address: '4', '#' or '#=4'."""
    if tile.wild:
        return "#" if tile.declared is None else f"#={tile.declared}"
    return str(tile.value)


def best_first(move: Move) -> tuple[int, int]:
    """The sort key that puts turns best first: most points, then most tiles. It reads the turn's own fields
    rather than its properties: a search sorts tens of thousands of turns, and a property is a call."""
    changes = move._changes
    return -move._points, -(len(move._pairs) if changes is None else len(changes))  # type: ignore[arg-type]


def best_of(moves: list[Move]) -> list[Move]:
    """The turns scoring most among `moves`, in `tied_order`."""
    best = max((m.points for m in moves), default=None)
    return tied_order([m for m in moves if m.points == best])


def tied_order(moves: list[Move]) -> list[Move]:
    """Turns in one order whichever search found them: most tiles first, then by their cells and values."""
    return sorted(moves, key=lambda m: (-m.size, [(c.q, c.r, -1 if t.value is None else t.value,
                                                   -1 if t.declared is None else t.declared) for c, t in m.tiles],
                                        [(c.q, c.r) for c in m.swapped]))


def play_move(position: Position, move: Move) -> Position:
    """The position after a turn found by the search."""
    return position.with_tiles(dict(move.tiles))
