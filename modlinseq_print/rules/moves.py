"""Every legal turn from a hand (rules, page 1, sections 3-2 and 3-3; wild tiles and the hash swap, page 3).

Nothing tries every assignment of hand tiles to cells. A turn's tiles fill the empty cells of one stretch of
one line (rules/walks.py), so the stretches are enumerated, and the values along each are solved for: a cell
takes only values its lines allow as they stand (allowed_class: a necessary condition, since a turn only
lengthens lines), and the stretch must stay modular-linear, so once two terms are known the others follow.
Each candidate is then judged as `score` judges a turn, on the lines it touches only: the position before
must be legal, and a turn changes nothing away from its lines (tests compare with brute force).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterator, Mapping

from modlinseq_print.geometry.hexgrid import ORIGIN, Cell
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.inputs import excerpt
from modlinseq_print.rules.chains import Chain, all_chains, chains_from
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import (Position, Tile, allowed_class, analyse, chain_constraint, solve_wilds,
                                            wild_support)
from modlinseq_print.rules.sequences import Residue, points, step_class
from modlinseq_print.rules.turns import connected
from modlinseq_print.rules.walks import Stretch, board_walks, stretches
from modlinseq_print.rules.wilds import WildSolution

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
        if not word.isdigit() or len(word) > 5 or int(word) >= m:
            raise RulesError(f"hand tile {excerpt(word)} is not a number below the modulus {m}: "
                             f"use 0 to {m - 1}, or # for a wild tile")
        naturals.append(int(word))
    return Hand(tuple(sorted(naturals)), words.count("#"))


@dataclass(frozen=True)
class TurnSequence:
    """A sequence a turn forms or extends: its chain, tiles (wild tiles not counted), bonus and points."""

    chain: Chain
    tiles: int
    primary: bool
    bonus: int
    points: int


@dataclass(frozen=True)
class Move:
    """One legal turn: the tiles it puts down in line order (on empty cells, and naturals swapped in for wild
    tiles), the cells swapped, its sequences (the primary first) and its points."""

    tiles: tuple[tuple[Cell, Tile], ...]
    swapped: tuple[Cell, ...]
    sequences: tuple[TurnSequence, ...]
    points: int

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

    def notation(self, position: Position) -> str:
        """The turn as a transcript writes it: '4B2, 6B1, 1A0' ('#=5B3' for a declared wild tile)."""
        return ", ".join(token(tile) + position.board.address(cell) for cell, tile in self.tiles)


def token(tile: Tile) -> str:
    """A tile as a transcript writes it, without its address: '4', '#' or '#=4'."""
    if tile.wild:
        return "#" if tile.declared is None else f"#={tile.declared}"
    return str(tile.value)


class _After(Mapping[Cell, Tile]):
    """The tiles once a turn is played: the changes over the tiles before."""

    def __init__(self, before: Mapping[Cell, Tile], changes: Mapping[Cell, Tile]):
        self.before, self.changes = before, changes

    def __getitem__(self, cell: Cell) -> Tile:
        tile = self.changes.get(cell)
        return self.before[cell] if tile is None else tile

    def __contains__(self, cell: object) -> bool:
        return cell in self.changes or cell in self.before

    def __iter__(self) -> Iterator[Cell]:
        yield from self.changes
        yield from (c for c in self.before if c not in self.changes)

    def __len__(self) -> int:
        return len(self.before) + sum(1 for c in self.changes if c not in self.before)


def _reading(cell: Cell) -> tuple[int, int]:
    return cell.r, cell.q


class _Turns:
    """The search for every legal turn of one hand on one legal position."""

    def __init__(self, position: Position, hand: Hand, pattern: str | None, hash_swap: bool):
        self.position, self.hand, self.hash_swap = position, hand, hash_swap
        self.tiles, self.m, self.topo = position.tiles, position.modulus, position.topology
        self.marks = board_pattern(position.board, pattern)
        self.first = all(t.marker for t in self.tiles.values())
        self.marker = any(t.marker for t in self.tiles.values())
        self.centre = position.board.grid == "hex" and ORIGIN in position.board.cells
        self.solved: WildSolution | None = solve_wilds(position) if position.open_wilds() else None
        self.whole = connected(self.topo, self.tiles)
        self.counts = Counter(hand.naturals)
        self._allowed: dict[Cell, Residue | None] = {}
        self.found: dict[tuple, Move] = {}

    def allowed(self, cell: Cell) -> Residue | None:
        """The values an empty cell can hold as the lines stand (cached)."""
        if cell not in self._allowed:
            self._allowed[cell] = allowed_class(self.position, cell, self.solved)
        return self._allowed[cell]

    def wild_values(self, cell: Cell) -> Residue | None:
        """The values a wild tile on the board stands for (for a hash swap)."""
        tile = self.tiles[cell]
        if tile.declared is not None:
            return Residue(tile.declared, self.m)
        return self.solved.values.get(cell) if self.solved is not None else None

    def run(self) -> list[Move]:
        """Every legal turn, best first (most points, then most tiles, then reading order)."""
        for stretch in self._stretches():
            if self._relevant(stretch):
                for changes, swapped in self._fillings(stretch):
                    key = (frozenset(changes.items()), swapped)
                    if key not in self.found:
                        move = self._judge(changes, swapped)
                        if move is not None:
                            self.found[key] = move
        return sorted(self.found.values(), key=_order)

    def _anchors(self) -> set[Cell] | None:
        """The cells a turn's stretch must hold: A0 on the first turn, else a tile or an empty cell beside one."""
        if self.first:
            return {ORIGIN} if self.centre else None
        return set(self.tiles) | {n for c in self.tiles for n in self.topo.neighbours(c)}

    def _stretches(self) -> Iterator[Stretch]:
        most, anchors = self.hand.size, self._anchors()
        for walk in board_walks(self.topo):
            yield from stretches(walk, self.tiles, most, anchors)
        if self.hash_swap and self.hand.naturals:
            for chain in all_chains(self.topo, self.tiles):
                if any(self.tiles[c].wild for c in chain.cells):
                    yield Stretch(chain.cells, (), chain.loop)

    def _relevant(self, stretch: Stretch) -> bool:
        """The cheap rules first: the centre on the first turn, a tile touching the network later, and no
        empty cell of the stretch blocked."""
        if self.first:
            if self.centre and not (ORIGIN in stretch.cells if self.marker else ORIGIN in stretch.empty):
                return False
        elif stretch.empty and not any(c in self.tiles for c in stretch.cells) and not any(
                n in self.tiles for c in stretch.empty for n in self.topo.neighbours(c)):
            return False
        return all(self.allowed(c) is not None for c in stretch.empty)

    def _fillings(self, stretch: Stretch) -> Iterator[tuple[dict[Cell, Tile], tuple[Cell, ...]]]:
        """Every way to fill the stretch's empty cells (and swap its wild tiles) from the hand so that the
        stretch stays modular-linear: (changes, swapped cells)."""
        cells = stretch.cells
        where: dict[Cell, list[int]] = {}
        for i, c in enumerate(cells):
            where.setdefault(c, []).append(i)
        values: list[int | None] = [None if c not in self.tiles else self.tiles[c].known for c in cells]
        swappable = [c for c in where if self.hash_swap and c in self.tiles and self.tiles[c].wild]
        slots = [c for c in where if c in stretch.empty or c in swappable]
        counts = Counter(self.counts)
        changes: dict[Cell, Tile] = {}
        swapped: list[Cell] = []
        policy_d = self.position.policy == "D"

        def fits() -> bool:
            tied = [where[c] for c in where if len(where[c]) > 1 and values[where[c][0]] is None]
            return step_class(values, self.m, stretch.loop, tied) is not None

        def put(cell: Cell, value: int | None) -> bool:
            for i in where[cell]:
                values[i] = value
            return value is None and len(where[cell]) == 1 or fits()

        def fill(k: int) -> Iterator[tuple[dict[Cell, Tile], tuple[Cell, ...]]]:
            if k == len(slots):
                placed_wild = sum(1 for c, t in changes.items() if t.wild)
                if changes and placed_wild <= self.hand.wild + len(swapped):
                    yield dict(changes), tuple(swapped)
                return
            cell = slots[k]
            old = values[where[cell][0]]
            if cell in self.tiles:  # a wild tile on the board: keep it, or swap a natural in
                yield from fill(k + 1)
                options = self.wild_values(cell)
                for value in sorted(v for v in counts if counts[v] > 0 and options is not None and v in options):
                    counts[value] -= 1
                    changes[cell] = Tile(value)
                    swapped.append(cell)
                    if put(cell, value):
                        yield from fill(k + 1)
                    swapped.pop()
                    del changes[cell]
                    counts[value] += 1
                put(cell, old)
                return
            allowed = self.allowed(cell)
            for value in sorted(v for v in counts if counts[v] > 0 and v in allowed):
                counts[value] -= 1
                changes[cell] = Tile(value)
                if put(cell, value):
                    yield from fill(k + 1)
                counts[value] += 1
            if self.hand.wild + len(swappable) > sum(1 for t in changes.values() if t.wild):
                for declared in (allowed.members(self.m) if policy_d else [None]):
                    changes[cell] = Tile(None, declared)
                    if put(cell, declared):
                        yield from fill(k + 1)
            changes.pop(cell, None)
            put(cell, None)

        yield from fill(0)

    def _judge(self, changes: dict[Cell, Tile], swapped: tuple[Cell, ...]) -> Move | None:
        """The turn judged as `score` judges it, on the lines it touches; None when it is illegal."""
        after = _After(self.tiles, changes)
        changed = set(changes)
        touched = sorted(chains_from(self.topo, after, sorted(changed, key=_reading)), key=self._engine_order)
        holding = [ch for ch in touched if changed <= set(ch.cells)]
        if len(changed) > 1 and not holding:
            return None
        if self.first and self.centre:
            if not (any(ORIGIN in ch.cells for ch in holding) if self.marker else ORIGIN in changed):
                return None
        elif not self.first and not swapped and not any(
                n in self.tiles and n not in changed for c in changed for n in self.topo.neighbours(c)):
            return None
        if not self._wild_tiles_fit(after, changes, swapped, touched):
            return None
        if not self.whole and not connected(self.topo, after):
            return None
        return self._scored(after, changes, swapped, touched, holding)

    def _wild_tiles_fit(self, after: Mapping[Cell, Tile], changes: dict[Cell, Tile], swapped: tuple[Cell, ...],
                        touched: list[Chain]) -> bool:
        """Every touched line modular-linear, every wild tile with a value, and the wild-tile policy kept."""
        constraints = [chain_constraint(after, ch) for ch in touched]
        if not all(c.satisfied(self.m) for c in constraints):
            return False
        placed = [c for c, t in changes.items() if t.wild and t.declared is None]
        fixed = {c: changes[c].value for c in swapped if self.tiles[c].declared is None}
        if placed or fixed or any(c.slots for c in constraints):
            solver = self.solved if self.solved is not None else WildSolution([], [], self.m)
            settled = solver.settle(constraints, fixed, placed)
            if settled is None:
                return False
            if self.position.policy == "C" and any(settled[c].modulus != self.m for c in placed):
                return False
        policy = self.position.policy
        if policy in "AB":
            return all(wild_support(after, touched, c, policy == "A") for c in placed)
        return True

    def _engine_order(self, chain: Chain) -> tuple[int, int, int]:
        """Where `analyse` lists a chain: by its first cell in reading order, then the direction found first."""
        first = min(chain.cells, key=_reading)
        n = len(chain.cells)
        found = [d for i, d in enumerate(chain.steps) if chain.cells[i] == first]
        found += [-d for i, d in enumerate(chain.steps) if chain.cells[(i + 1) % n] == first]
        return first.r, first.q, min(self.topo.directions.index(d) for d in found)

    def _scored(self, after: Mapping[Cell, Tile], changes: dict[Cell, Tile], swapped: tuple[Cell, ...],
                touched: list[Chain], holding: list[Chain]) -> Move:
        tiles = {ch: sum(1 for c in ch.cells if not after[c].wild) for ch in touched}
        primary = max(holding, key=lambda ch: tiles[ch], default=None)
        sequences = []
        for chain in touched:
            marked = [self.marks.get(c) for c in set(changes) & set(chain.cells)]
            bonus = marked.count("bonus") - marked.count("malus")
            sequences.append(TurnSequence(chain, tiles[chain], chain is primary, bonus, points(tiles[chain] + bonus)))
        sequences.sort(key=lambda s: not s.primary)
        return Move(tuple(changes.items()), swapped, tuple(sequences), sum(s.points for s in sequences))


def _order(move: Move) -> tuple:
    return (-move.points, -len(move.tiles),
            [(c.r, c.q, t.value if t.value is not None else -1, t.declared or 0) for c, t in move.tiles])


def legal_turns(position: Position, hand: Hand, pattern: str | None = None, hash_swap: bool = False) -> list[Move]:
    """Every legal turn the hand allows on a legal position, best first (the same turns `score` accepts)."""
    if position.board.grid == "hex" and ORIGIN not in position.board.cells and \
            all(t.marker for t in position.tiles.values()):
        raise RulesError(f"board {position.board.spec} has no centre cell A0, where the first turn goes: "
                         "use a board with A0")
    analysis = analyse(position, find_blocked=False)
    if not analysis.legal:
        raise RulesError(f"the position is not legal ({analysis.problems[0].message}): turns are found from a "
                         "legal position")
    for value in hand.naturals:
        if not 0 <= value < position.modulus:
            raise RulesError(f"hand tile {value} is not below the modulus {position.modulus}")
    return _Turns(position, hand, pattern, hash_swap).run()


def play_move(position: Position, move: Move) -> Position:
    """The position after a turn found by legal_turns."""
    return position.with_tiles(dict(move.tiles))
