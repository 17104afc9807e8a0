"""The search for every legal turn of a hand, without trying every assignment of hand tiles to cells.

A turn's tiles fill the empty cells of one stretch of one line (rules/walks.py): the stretches are grown and
filled value by value (rules/fillings.py), each cell taking only the values its lines allow as they stand
(allowed_class: a necessary condition, since a turn only lengthens lines), the stretch staying
modular-linear. Each filling is then judged as `score` judges a turn, on the lines it touches only (the
position before is legal, and a turn changes nothing away from its lines). Most stretches are plain: every
line through their empty cells crosses them once and holds no wild tile, so the values cannot make a turn
illegal and its points follow from counting tiles; the rest are judged line by line, wild tiles settled
with the position's solved groups (tests/rules/test_moves.py compares the whole with brute force).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from operator import attrgetter
from typing import Iterator, Mapping, cast

from modlinseq_print.collector import collector_paused
from modlinseq_print.geometry.hexgrid import ORIGIN, Cell
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.rules.fillings import FillingRules, Progressions, TileSupply, walk_fillings
from modlinseq_print.rules.position import (Position, Tile, allowed_class, chain_constraint, solve_wilds,
                                            through_centre, wild_support)
from modlinseq_print.rules.sequences import Residue, points, value_class
from modlinseq_print.rules.stretch_chains import Line, StretchChains
from modlinseq_print.rules.turn_bounds import TurnBounds
from modlinseq_print.rules.turn_cost import SearchClock
from modlinseq_print.rules.turn_data import Hand, Move, TurnSequence, best_first, best_of
from modlinseq_print.rules.turns import connected
from modlinseq_print.rules.walks import Walk
from modlinseq_print.rules.wilds import WildSolution


@lru_cache(maxsize=1 << 16)
def _wild_class(values: tuple[int | None, ...], m: int, loop: bool, tied: tuple[int, ...]) -> Residue | None:
    """The values a lone open wild tile (at the places `tied`) can take on a line of these values (memoised:
    the same few values recur on many stretches)."""
    return value_class(values, m, tied[0], loop, [tied])


_VALUE = attrgetter("value")  # a tile's value


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


class _Allowed(dict):
    """The values each empty cell can hold as the lines stand, found when first asked (a dict lookup after;
    it holds what it needs, not the search, so a search makes no reference cycle)."""

    def __init__(self, position: Position, solved: WildSolution | None, chains: StretchChains):
        super().__init__()
        self.position, self.solved, self.chains = position, solved, chains

    def __missing__(self, cell: Cell) -> Residue | None:
        found = self[cell] = allowed_class(self.position, cell, self.solved, self.chains.through(cell))
        return found


@dataclass(frozen=True)
class _Plain:
    """What a plain stretch's turns share: whether its cells alone keep the rules of the line, A0 and
    abutting; its own tiles (natural ones already on the board, how often it passes each empty cell, the
    marks of its empty cells); the lines crossing it, each with its empty cell; a natural turn's points."""

    legal: bool
    own: bool
    fixed: int
    passes: dict[Cell, int]
    bonus: int
    crossing: list[tuple[Cell, Line]]
    natural: int
    wild_crossing: bool = False  # some crossing lines hold wild tiles: only natural turns are plain
    board_wild: Cell | None = None  # the open wild tile in the stretch: only natural turns are plain


@dataclass
class _Stretch:
    """A stretch of a walk with what every turn filling it shares (its lines are traced when first needed)."""

    walk: Walk
    start: int
    length: int
    loop: bool
    sequence: tuple[Cell, ...]  # its cells in line order, repeats kept
    empty: frozenset[Cell]
    order: tuple[Cell, ...]  # the cells a turn may change, in line order, each once
    abuts: bool  # its new tiles touch the network
    search: TurnSearch = field(repr=False)
    plain: _Plain | None = None
    lines: list[Line] | None = field(default=None, repr=False)
    details: dict[tuple | None, tuple[TurnSequence, ...]] = field(default_factory=dict, repr=False)

    def ordered(self, changes: dict[Cell, Tile]) -> tuple[tuple[Cell, Tile], ...]:
        """A turn's tiles in line order."""
        return tuple((c, changes[c]) for c in self.order if c in changes)

    def sequences_of(self, changes: Mapping[Cell, Tile]) -> tuple[TurnSequence, ...]:
        """The sequences of a turn on this stretch, the primary first (a Move's SequenceSource): the same for
        every turn of it that changes the same cells and puts wild tiles on the same ones (the search's
        `_details` reads nothing else), so traced once for each and shared (a report asks for the sequences of
        thousands of turns on a few hundred stretches). A turn fills every empty cell of its stretch, so one
        that changes no more cells than that and puts down no wild tile changes just those: all such turns
        share one entry (None), whatever order their cells were filled in."""
        key: tuple[tuple[Cell, ...], tuple[Cell, ...]] | None
        if None not in map(_VALUE, changes.values()):
            key = None if len(changes) == len(self.empty) else (tuple(changes), ())
        else:
            key = (tuple(changes), tuple([c for c, t in changes.items() if t.value is None]))
        found = self.details.get(key)
        if found is None:
            found = self.details[key] = self.search._details(changes, self)
        return found


class _Found:
    """The turns a search has found (with `best_only`, those scoring most so far): each filling is judged as
    the fillings search visits it (the search's working record, kept while it runs)."""

    def __init__(self, search: "TurnSearch", best_only: bool, clock: SearchClock | None = None):
        self.search, self.best_only, self.clock = search, best_only, clock
        self.once = search.topo.wrap == "none"  # two straight lines share one cell at most
        self.moves: list[Move] = []
        self.seen: set = set()
        self.best = -1
        self.walk: Walk | None = None
        self.stretches: dict[tuple[int, int, bool], _Stretch] = {}

    def visit(self, start: int, length: int, loop: bool, changes: dict[Cell, Tile], swapped: tuple[Cell, ...],
              wilds: int) -> None:
        """Judge one filling of the current walk and keep its turn when it is legal (and good enough)."""
        clock = self.clock
        if clock is not None:  # counted inline (see SearchClock.check)
            clock.count = count = clock.count + 1
            if not count & 1023:
                clock.check()
        if len(changes) == 1 or not self.once:  # a turn found on another walk too (inline: the search's hot path)
            key = next(iter(changes.items())) if len(changes) == 1 and not swapped else \
                (frozenset(changes.items()), frozenset(swapped))
            if key in self.seen:
                return
            self.seen.add(key)
        stretch = self.stretches.get((start, length, loop))
        if stretch is None:
            walk = self.walk
            assert walk is not None  # set before each walk is searched
            stretch = self.stretches[start, length, loop] = self.search._stretch(walk, start, length, loop)
        plain = stretch.plain
        if swapped or plain is None:
            move = self.search._judge(changes, swapped, stretch)
        elif not plain.legal:
            move = None
        elif not wilds and plain.board_wild is None:  # most turns: their points are the stretch's
            if plain.natural < self.best:
                return
            move = Move(changes, (), plain.natural, stretch, stretch.order)
        else:
            move = self.search._plain(changes, stretch, plain)
        if move is None:
            return
        points = move.points
        if points < self.best:
            return
        self.moves.append(move)
        if self.best_only and points > self.best:
            self.best = points
            self.moves = [m for m in self.moves if m.points == points]


class _Enough(Exception):
    """Raised out of the fillings search once a turn is found, when one is all that was asked for."""


def _until_found(found: _Found):
    """`found.visit`, stopping the search (_Enough) as soon as it keeps a turn."""
    def visit(*filling) -> None:
        found.visit(*filling)
        if found.moves:
            raise _Enough

    return visit


class TurnSearch:
    """The search for every legal turn of one hand on one legal position."""

    def __init__(self, position: Position, hand: Hand, pattern: str | None, hash_swap: bool):
        self.position, self.hand, self.hash_swap = position, hand, hash_swap
        self.tiles, self.m, self.topo = position.tiles, position.modulus, position.topology
        self.marks = {c: 1 if mark == "bonus" else -1 for c, mark in board_pattern(position.board, pattern).items()}
        self.first, self.centre_rule = position.first_turn, position.centre_rule
        self.marker = any(t.marker for t in self.tiles.values())
        # the wild-tile policy's rules, read once (the search asks for each of tens of thousands of turns)
        self.supported_wilds, self.unique_wilds = position.policy.supported, position.policy.unique
        self.solved: WildSolution | None = solve_wilds(position) if position.open_wilds() else None
        self.whole = connected(self.topo, self.tiles)
        self.chains = StretchChains(self.topo, self.tiles, hash_swap)
        self._allowed = _Allowed(position, self.solved, self.chains)
        self.allowed = self._allowed.__getitem__  # the values an empty cell can hold as the lines stand

    def wild_values(self, cell: Cell) -> Residue | None:
        """The values a wild tile on the board stands for (for a hash swap)."""
        tile = self.tiles[cell]
        if tile.declared is not None:
            return Residue(tile.declared, self.m)
        return self.solved.values.get(cell) if self.solved is not None else None

    @staticmethod
    def bounded(position: Position, hash_swap: bool) -> bool:
        """True when a search for the best turns only leaves out the walks and places where no turn can score
        as much as the best found so far (rules/turn_bounds.py): a later turn, without the hash swap, on a board
        whose lines do not wrap."""
        return position.topology.wrap == "none" and not hash_swap and not position.first_turn

    def every(self, clock: SearchClock | None = None) -> list[Move]:
        """Every legal turn, best first (most points, then most tiles; else in the order found); with a
        `clock`, stopped past its limit (RulesError)."""
        with collector_paused():  # hundreds of thousands of small objects that all stay alive: see collector.py
            return self._search(False, clock)

    def best(self, clock: SearchClock | None = None) -> list[Move]:
        """The legal turns scoring most, in `tied_order`; with a `clock`, stopped past its limit (RulesError)."""
        with collector_paused():
            found = self._search(True, clock)
        return best_of(found)

    def any(self, clock: SearchClock | None = None) -> bool:
        """True when the hand has a legal turn: the search stops at the first one found (a hand with none is
        searched through, as `every` would)."""
        with collector_paused():
            return bool(self._search(False, clock, stop_at_first=True))

    def _search(self, best_only: bool, clock: SearchClock | None = None, stop_at_first: bool = False) -> list[Move]:
        supply = TileSupply(Counter(self.hand.naturals), self.hand.wild, self.allowed,
                            self.wild_values if self.hash_swap else None, self.position.policy.declares)
        rules = FillingRules(self.tiles, supply, self.hand.size, self._anchors(), Progressions(self.m))
        found = _Found(self, best_only, clock)
        visit = _until_found(found) if stop_at_first else found.visit
        try:
            for bound, walk, origins in self._walks(best_only):
                if bound < found.best:
                    break
                skip = None if origins is None else lambda first, last, o=origins: o[first, last] < found.best
                found.walk, found.stretches = walk, {}
                walk_fillings(walk.cells, walk.closed, rules, visit, skip)
        except _Enough:
            pass
        found.moves.sort(key=best_first)
        return found.moves

    def _walks(self, best_only: bool) -> list[tuple[float, Walk, dict | None]]:
        """The walks to search, each with the most points a turn on it can score and the bound of each place
        its search starts (rules/turn_bounds.py), highest first, when only the best turns are wanted on a
        board whose lines do not wrap; else every walk in order, unbounded."""
        walks = self.topo.walks
        if not best_only or not self.bounded(self.position, self.hash_swap):
            return [(float("inf"), w, None) for w in walks]
        bounds = TurnBounds(self.topo, self.tiles, self.marks, self.hand, self.m)
        found = []
        for i, walk in enumerate(walks):
            origins = bounds.walk(walk.cells, walk.steps[0])
            found.append((max(origins.values(), default=0), i, walk, origins))
        found.sort(key=lambda f: (-f[0], f[1]))
        return [(bound, walk, origins) for bound, _, walk, origins in found]

    def _anchors(self) -> set[Cell] | None:
        """The cells a turn's stretch must hold: A0 on the first turn, else a tile or an empty cell beside one."""
        if self.first:
            return {ORIGIN} if self.centre_rule else None
        return set(self.tiles) | {n for c in self.tiles for n in self.chains.neighbours(c)}

    def _stretch(self, walk: Walk, start: int, length: int, loop: bool) -> _Stretch:
        """A stretch, with what its turns share when it is plain."""
        n = len(walk.cells)
        sequence = tuple(walk.cells[(start + k) % n] for k in range(length))
        empty = frozenset(c for c in sequence if c not in self.tiles)
        order = tuple(c for c in dict.fromkeys(sequence) if c in empty or self.hash_swap and self.tiles[c].wild)
        abuts = any(n in self.tiles and n not in empty for c in empty for n in self.chains.neighbours(c))
        stretch = _Stretch(walk, start, length, loop, sequence, empty, order, abuts, self)
        stretch.plain = self._plain_stretch(stretch)
        return stretch

    def _plain_stretch(self, stretch: _Stretch) -> _Plain | None:
        """What the turns of a stretch share, or None when each must be judged on its own: with the hash swap
        over a wild tile, two open wild tiles in it, or crossing lines that meet again or hold wild tiles whose
        values hang together."""
        sequence, empty = stretch.sequence, stretch.empty
        wilds = [c for c in sequence if c in self.tiles and self.tiles[c].known is None]
        if not empty or not self.whole or len(wilds) > 1:
            return None
        if self.hash_swap and any(self.tiles[c].wild for c in sequence if c in self.tiles):
            return None
        lines = self._plain_crossing(stretch, wilds)
        if lines is None:
            return None
        crossing, wild_lines = lines
        passes = Counter(c for c in sequence if c in empty)
        fixed = sum(1 for c in sequence if c in self.tiles and not self.tiles[c].wild)
        own = stretch.length > 1
        legal = self._plain_legal(stretch, crossing)
        bonus = sum(self.marks.get(c, 0) for c in empty)
        wild = wilds[0] if wilds else None
        plain = _Plain(legal, own, fixed, passes, bonus, crossing, 0, bool(wild_lines), wild)
        return _Plain(legal, own, fixed, passes, bonus, crossing, self._points(plain, {}), bool(wild_lines), wild)

    def _plain_crossing(self, stretch: _Stretch,
                        wilds: list[Cell]) -> tuple[list[tuple[Cell, Line]], list[Line]] | None:
        """The lines crossing a stretch (each with its empty cell) and those of them holding wild tiles, or None
        when its turns cannot be judged line by line: crossing lines that meet again, or that hold wild tiles
        (the stretch's own `wilds` too) whose values hang together."""
        crossing = self.chains.crossings(stretch.walk, stretch.start, stretch.length, stretch.empty)
        if crossing is None or any(not line.safe and not (line.wild and line.changing == ((cell, 1),))
                                   for cell, line in crossing):
            return None
        wild_lines = [line for _, line in crossing if line.wild]
        if (wilds or wild_lines) and not self._apart(wilds, wild_lines):
            return None
        return crossing, wild_lines

    def _plain_legal(self, stretch: _Stretch, crossing: list[tuple[Cell, Line]]) -> bool:
        """Whether the turns of a plain stretch keep the first-turn rule (a turn fills every empty cell of its
        stretch, and its lines are the stretch's own and, for a lone tile, the crossing ones) or, later, abut
        the network."""
        if not self.first:
            return stretch.abuts
        if not self.centre_rule:
            return True
        holding = [frozenset(stretch.sequence)] if stretch.length > 1 else []
        if len(stretch.empty) == 1:
            holding += [line.cells for _, line in crossing]
        return through_centre(stretch.empty, holding, self.marker)

    def _apart(self, wilds: list[Cell], lines: list[Line]) -> bool:
        """True when no two of the lines a natural turn touches hold wild tiles whose values hang together: the
        stretch's own (its open wild tile `wilds`, one at most) and those crossing it. Each line can then be
        judged on its own: a crossing line by the values its cell allows (allowed()), the stretch's own by the
        value its wild tile takes on it."""
        solved = cast(WildSolution, self.solved)  # solved whenever the board holds an open wild tile
        taken = {solved.group(c) for c in wilds} - {None}
        for line in lines:
            groups = {solved.group(c) for c in line.chain.cells if c in self.tiles and self.tiles[c].wild}
            groups.discard(None)
            if taken & groups:
                return False
            taken |= groups
        return True

    def _points(self, plain: _Plain, wild: Mapping[Cell, Tile]) -> int:
        """The points of a turn on a plain stretch, its wild tiles (which do not count) given."""
        total = points(plain.fixed + sum(k for c, k in plain.passes.items() if c not in wild) + plain.bonus) \
            if plain.own else 0
        for cell, line in plain.crossing:
            count = line.fixed + (0 if cell in wild else line.changing[0][1])
            total += points(count + self.marks.get(cell, 0))
        return total

    def _plain(self, changes: dict[Cell, Tile], stretch: _Stretch, plain: _Plain) -> Move | None:
        """A turn on a plain stretch: its points, once a lone open wild tile (put down or on the board) is found a
        value on its lines."""
        wild = {c: t for c, t in changes.items() if t.value is None}
        if wild and (plain.wild_crossing or plain.board_wild is not None):
            return self._judge(changes, (), stretch)
        if plain.board_wild is not None and not self._wild_fits(changes, stretch, plain.board_wild):
            return None
        if not wild:
            return Move(changes, (), plain.natural, stretch, stretch.order)  # sequences traced when asked
        open_wild = [c for c, t in wild.items() if t.declared is None]
        if len(open_wild) > 1 or open_wild and self.supported_wilds:
            return self._judge(changes, (), stretch)
        if open_wild:
            cell = open_wild[0]
            here = self._lone_wild(changes, stretch, cell)
            allowed = self.allowed(cell)
            fits = None if here is None or allowed is None else here.intersect(allowed)
            if fits is None or self.unique_wilds and fits.modulus != self.m:
                return None
        return Move(changes, (), self._points(plain, wild), stretch, stretch.order)

    def _wild_fits(self, changes: dict[Cell, Tile], stretch: _Stretch, cell: Cell) -> bool:
        """True when the open wild tile on a stretch can take a value the natural turn's line gives it and its
        other lines allow."""
        here = self._lone_wild(changes, stretch, cell)
        values = cast(WildSolution, self.solved).values[cell]
        return here is not None and values is not None and here.intersect(values) is not None

    def _lone_wild(self, changes: dict[Cell, Tile], stretch: _Stretch, cell: Cell) -> Residue | None:
        """The values the stretch's one open wild tile, at `cell` (put down or on the board), can take on the
        stretch's line once the turn's other tiles are down."""
        values = tuple(None if c == cell else (changes[c] if c in changes else self.tiles[c]).known
                       for c in stretch.sequence)
        tied = tuple(i for i, c in enumerate(stretch.sequence) if c == cell)
        return _wild_class(values, self.m, stretch.loop, tied)

    def _lines(self, stretch: _Stretch) -> list[Line]:
        if stretch.lines is None:
            crossing = None if stretch.plain is None else stretch.plain.crossing
            stretch.lines = self.chains.lines(stretch.walk, stretch.start, stretch.length, stretch.loop, crossing)
        return stretch.lines

    def _shape(self, changed: set[Cell], swapped: tuple[Cell, ...],
               stretch: _Stretch) -> tuple[list[Line], list[Line]] | None:
        """The lines a turn touches and those holding all its tiles, or None when it breaks the line rule,
        misses A0 on the first turn or touches no tile of the network."""
        touched = [line for line in self._lines(stretch) if not changed.isdisjoint(line.cells)]
        holding = [line for line in touched if changed <= line.cells]
        if len(changed) > 1 and not holding:
            return None
        if self.centre_rule:
            if not through_centre(changed, [line.cells for line in holding], self.marker):
                return None
        elif not self.first and not swapped and not stretch.abuts:
            return None
        return touched, holding

    def _judge(self, changes: dict[Cell, Tile], swapped: tuple[Cell, ...], stretch: _Stretch) -> Move | None:
        """The turn judged as `score` judges it, on the lines it touches; None when it is illegal."""
        shape = self._shape(set(changes), swapped, stretch)
        if shape is None:
            return None
        touched, _ = shape
        after = _After(self.tiles, changes)
        if not self._wild_tiles_fit(after, changes, swapped, touched):
            return None
        if not self.whole and not connected(self.topo, after):
            return None
        sequences = stretch.sequences_of(changes)
        return Move(stretch.ordered(changes), swapped, sum(s.points for s in sequences), sequences)

    def _wild_tiles_fit(self, after: Mapping[Cell, Tile], changes: dict[Cell, Tile], swapped: tuple[Cell, ...],
                        touched: list[Line]) -> bool:
        """Every touched line modular-linear, every wild tile with a value, and the wild-tile policy kept."""
        placed = [c for c, t in changes.items() if t.wild and t.declared is None]
        fixed = {c: cast(int, changes[c].value) for c in swapped if self.tiles[c].declared is None}  # naturals in
        if not placed and not fixed and not any(line.wild for line in touched):
            return all(line.safe or chain_constraint(after, line.chain).satisfied(self.m) for line in touched)
        constraints = [chain_constraint(after, line.chain) for line in touched]
        if not all(c.satisfied(self.m) for c in constraints):
            return False
        solver = self.solved if self.solved is not None else WildSolution([], [], self.m)
        settled = solver.settle(constraints, fixed, placed)
        return settled is not None and self._policy_kept(after, placed, settled, touched)

    def _policy_kept(self, after: Mapping[Cell, Tile], placed: list[Cell], settled: Mapping[Cell, Residue],
                     touched: list[Line]) -> bool:
        """True when the open wild tiles a turn puts down (`placed`, their values `settled`) keep the policy."""
        policy = self.position.policy
        if policy.unique and any(settled[c].modulus != self.m for c in placed):
            return False
        if policy.supported:
            chains = [line.chain for line in touched]
            return all(wild_support(after, chains, c, policy.adjacent) for c in placed)
        return True

    def _details(self, changes: Mapping[Cell, Tile], stretch: _Stretch) -> tuple[TurnSequence, ...]:
        """The sequences a legal turn forms or extends, the primary first, each with its bonus and points: one
        pass over the stretch's lines (run for each turn listed, so written for speed)."""
        changed = changes.keys()
        tiles, marks = self.tiles, self.marks
        found = []  # (line, tiles counted) for each line the turn touches
        primary, most = None, -1
        for line in self._lines(stretch):
            cells = line.cells
            if changed.isdisjoint(cells):
                continue
            count = line.fixed
            for cell, passes in line.changing:
                tile = changes.get(cell)
                if not (tiles[cell] if tile is None else tile).wild:
                    count += passes
            found.append((line, count))
            if count > most and changed <= cells:  # the first of the most tiles, as max() picks it
                primary, most = line, count
        sequences = []
        for line, count in found:
            bonus = sum(marks.get(c, 0) for c in changed if c in line.cells) if marks else 0
            sequences.append(TurnSequence(line.chain, count, line is primary, bonus, points(count + bonus)))
        sequences.sort(key=lambda s: not s.primary)
        return tuple(sequences)
