"""Every legal turn from a hand (rules, page 1, sections 3-2 and 3-3; wild tiles and the hash swap, page 3):
hands, turns and the search's entry point (the search itself: rules/turn_search.py)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Mapping, NamedTuple

from modlinseq_print.geometry.hexgrid import ORIGIN, Cell
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.chains import Chain
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import Position, Tile, analyse
from modlinseq_print.rules.tokens import tile_value

MAX_HAND = 12  # tiles in a hand: a set deals 5 to 8; 12 keeps the search within a second on hex:9


@dataclass(frozen=True)
class Hand:
    """A player's tiles: the natural tiles' values (sorted) and how many wild tiles."""

    naturals: tuple[int, ...] = ()
    wild: int = 0

    @property
    def size(self) -> int:
        """How many tiles the hand holds."""
        return len(self.naturals) + self.wild

    @property
    def text(self) -> str:
        """The hand as the command line writes it: '3,5,5,#'."""
        return ",".join([*map(str, self.naturals), *["#"] * self.wild])

    def after(self, move: "Move") -> "Hand":
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


class Move:
    """One legal turn: the tiles it puts down in line order (on empty cells, and naturals swapped in for wild
    tiles), the cells swapped, its points and its sequences (the primary first). A search finds thousands
    of turns and shows a few, so the tiles' order and the sequences are worked out when first asked for."""

    __slots__ = ("_tiles", "_order", "swapped", "points", "_sequences")

    def __init__(self, tiles: Mapping[Cell, Tile] | tuple[tuple[Cell, Tile], ...], swapped: tuple[Cell, ...],
                 points: int, sequences: tuple[TurnSequence, ...] | Callable[[], tuple[TurnSequence, ...]],
                 order: tuple[Cell, ...] | None = None):
        self._tiles, self._order, self.swapped, self.points, self._sequences = tiles, order, swapped, points, sequences

    def __repr__(self) -> str:
        return f"Move({self.tiles!r}, swapped={self.swapped!r}, points={self.points})"

    @property
    def tiles(self) -> tuple[tuple[Cell, Tile], ...]:
        """The tiles put down, in line order: (cell, tile)."""
        if self._order is not None:
            changes = self._tiles
            self._tiles, self._order = tuple((c, changes[c]) for c in self._order if c in changes), None
        return self._tiles

    def placed(self) -> tuple[tuple[Cell, ...], tuple[Tile, ...]]:
        """The cells and the tiles put down, in line order, as two tuples: `tiles` unpaired, read without pairing
        them (quicker for the thousands of turns of a report)."""
        order, changes = self._order, self._tiles
        if order is not None and len(order) == len(changes):
            try:
                return order, tuple(map(changes.__getitem__, order))
            except KeyError:  # some cells of the order not among the changes: pair what there is
                pass
        tiles = self.tiles
        return tuple([c for c, _ in tiles]), tuple([t for _, t in tiles])

    @property
    def size(self) -> int:
        """How many tiles the turn puts down (naturals swapped in included)."""
        return len(self._tiles)

    @property
    def sequences(self) -> tuple[TurnSequence, ...]:
        """The sequences the turn forms or extends, the primary first, with their bonus and points."""
        if callable(self._sequences):
            self._sequences = self._sequences()
        return self._sequences

    @property
    def primary(self) -> TurnSequence | None:
        """The primary sequence (None for a lone first tile)."""
        return self.sequences[0] if self.sequences and self.sequences[0].primary else None

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


def legal_turns(position: Position, hand: Hand, pattern: str | None = None, hash_swap: bool = False,
                known_legal: bool = False, best_only: bool = False, listed: int | None = None) -> list[Move]:
    """Every legal turn the hand allows on a legal position, best first (the same turns `score` accepts);
    `known_legal` skips judging the position first (a game's positions are legal by construction);
    `best_only` lists only the turns scoring most, in `tied_order` (a search that leaves out the lines where
    no turn can score that much: several times quicker). A search estimated over the budget of
    rules/turn_cost.py is refused before it starts (RulesError), and stopped past its CPU backstop, unless only
    the best turns of a later turn on a board whose lines do not wrap are wanted: that search leaves out most
    of the board. `listed` is how many of the turns the caller will list (0: every one), counted in the
    estimate."""
    from modlinseq_print.rules.turn_cost import SearchClock, check_search_cost
    from modlinseq_print.rules.turn_search import TurnSearch

    if position.board.grid == "hex" and ORIGIN not in position.board.cells and \
            all(t.marker for t in position.tiles.values()):
        raise RulesError(f"board {position.board.spec} has no centre cell A0, where the first turn goes: "
                         "use a board with A0")
    clock = None
    if not best_only or position.topology.wrap != "none" or hash_swap or all(t.marker for t in position.tiles.values()):
        check_search_cost(position, hand, hash_swap, listed)
        clock = SearchClock(position, hand)
    analysis = None if known_legal else analyse(position, find_blocked=False)
    if analysis is not None and not analysis.legal:
        raise RulesError(f"the position is not legal ({analysis.problems[0].message}): turns are found from a "
                         "legal position")
    for value in hand.naturals:
        if not 0 <= value < position.modulus:
            raise RulesError(f"hand tile {value} is not below the modulus {position.modulus}")
    return TurnSearch(position, hand, pattern, hash_swap).run(best_only, clock)


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
    """The position after a turn found by legal_turns."""
    return position.with_tiles(dict(move.tiles))
