"""Playing turns (rules, page 1, section 3) and scoring them, with bonus and malus cells and the hash swap."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Collection

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.rules.chains import Chain, Topology
from modlinseq_print.rules.errors import TranscriptError
from modlinseq_print.rules.position import (Analysis, Position, Problem, SequenceReport, Tile, analyse,
                                            through_centre, wild_values)
from modlinseq_print.rules.sequences import points
from modlinseq_print.rules.transcript import Turn, same_tile


@dataclass(frozen=True)
class ScoredSequence:
    """A sequence a turn formed or extended, with the bonus (+) or malus (-) it earned and its points."""

    report: SequenceReport
    primary: bool
    bonus: int
    points: int


@dataclass
class TurnResult:
    """What one turn did: the cells it filled or swapped, its sequences and points, or why it is illegal."""

    number: int
    player: str
    placed: tuple[Cell, ...]
    swapped: tuple[Cell, ...] = ()
    sequences: list[ScoredSequence] = field(default_factory=list)
    points: int = 0
    total: int = 0
    reason: str | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        """True when the turn broke no rule."""
        return self.reason is None


@dataclass
class Game:
    """Turns played in order until the first illegal one, and each player's total."""

    results: list[TurnResult]
    totals: dict[str, int]
    position: Position

    @property
    def illegal(self) -> TurnResult | None:
        """The first illegal turn, if any (play stops there)."""
        return next((r for r in self.results if not r.legal), None)


class _Illegal(Exception):
    """A turn that breaks a rule, with the reason."""


def _changes(position: Position, turn: Turn, hash_swap: bool) -> tuple[dict[Cell, Tile], list[Cell]]:
    """The tiles a turn puts on the board (new cells and hash swaps) and the cells swapped."""
    address = position.board.address
    changes: dict[Cell, Tile] = {}
    swapped: list[Cell] = []
    for p in turn.placements:
        if p.cell in changes:
            if not same_tile(changes[p.cell], p.tile):
                raise TranscriptError(f"two tiles on one cell in one turn: {address(p.cell)} ({turn.text})")
            continue
        old = position.tiles.get(p.cell)
        if old is None:
            changes[p.cell] = p.tile
        elif same_tile(old, p.tile):
            continue  # a tile already on the board, named to show the line
        elif hash_swap and old.wild and not p.tile.wild:
            changes[p.cell] = p.tile
            swapped.append(p.cell)
        else:
            raise _Illegal(f"cell {address(p.cell)} already holds {old.label}; tiles go on empty cells"
                           + ("" if hash_swap or not old.wild else
                              " (the hash swap of rules page 3, section 7-4, is off)"))
    if not changes:
        raise _Illegal("the turn installs no tile: every cell it names already holds that tile")
    return changes, swapped


def _check_swaps(position: Position, changes: dict[Cell, Tile], swapped: list[Cell]) -> None:
    """A natural swapped in must agree with a value the wild tile could have stood for (page 3, section 7-4)."""
    if not swapped:
        return
    wild = wild_values(position)
    for cell in swapped:
        old = position.tiles[cell]
        allowed = (old.declared,) if old.declared is not None else wild.get(cell, ())
        if changes[cell].value not in allowed:
            raise _Illegal(f"the {changes[cell].value} swapped in at {position.board.address(cell)} does not agree "
                           f"with the wild tile's value ({' or '.join(map(str, allowed)) or 'none'})")


def connected(topology: Topology, cells: Collection[Cell]) -> bool:
    """True when the cells form one network (neighbours along the lines, wrapping or bouncing as they do)."""
    if not cells:
        return True
    seen, stack = set(), [next(iter(cells))]
    while stack:
        cell = stack.pop()
        if cell in seen:
            continue
        seen.add(cell)
        stack.extend(n for n in topology.neighbours(cell) if n in cells and n not in seen)
    return len(seen) == len(cells)


def _check_line(chains: list[Chain], changed: set[Cell], centre_rule: bool, marker: bool) -> None:
    """The straight-line rule (one primary sequence holds every tile of the turn) and the first-turn rule."""
    holding = [ch for ch in chains if changed <= set(ch.cells)]
    if len(changed) > 1 and not holding:
        raise _Illegal("the tiles of a turn must lie in one unbroken straight line (the primary sequence)")
    if centre_rule:
        if not through_centre(changed, [ch.cells for ch in holding], marker):
            raise _Illegal("the first turn must install a sequence through the centre cell A0")


def _abuts(before: Position, changed: set[Cell], swapped: list[Cell]) -> bool:
    """True when a tile of the turn touches a tile that was already on the board (or swaps one)."""
    if swapped:
        return True
    return any(n in before.tiles and n not in changed for c in changed for n in before.topology.neighbours(c))


def _score(analysis: Analysis, changed: set[Cell], marks: dict[Cell, str]) -> list[ScoredSequence]:
    """The sequences formed or extended by the changed cells, each with its bonus and points."""
    holding = [r for r in analysis.sequences if changed <= set(r.chain.cells)]
    primary = max(holding, key=lambda r: r.tiles, default=None)  # a lone tile's player picks the best line
    scored = []
    for report in analysis.sequences:
        touched = changed & set(report.chain.cells)
        if not touched:
            continue
        bonus = sum(1 if marks.get(c) == "bonus" else -1 if marks.get(c) == "malus" else 0 for c in touched)
        scored.append(ScoredSequence(report, report is primary, bonus, points(report.tiles + bonus)))
    scored.sort(key=lambda s: not s.primary)
    return scored


def play_turn(before: Position, turn: Turn, number: int, player: str, marks: dict[Cell, str],
              hash_swap: bool = False, marker: bool = False) -> tuple[TurnResult, Position]:
    """Play one turn on a position: the result and the position after it (unchanged if illegal)."""
    result = TurnResult(number, player, ())
    try:
        changes, swapped = _changes(before, turn, hash_swap)
        result.placed = tuple(c for c in changes if c not in swapped)
        result.swapped = tuple(swapped)
        _check_swaps(before, changes, swapped)
        changed = set(changes)
        after = before.with_tiles(changes)
        first = before.first_turn
        analysis = analyse(after, find_blocked=False)
        chains = [r.chain for r in analysis.sequences]
        _check_line(chains, changed, before.centre_rule, marker)
        if not first and not _abuts(before, changed, swapped):
            raise _Illegal("at least one tile of a turn must abut a tile already on the board")
        if not analysis.legal:
            result.problems = analysis.problems
            raise _Illegal(analysis.problems[0].message)
        if not connected(after.topology, after.tiles):
            raise _Illegal("the tiles must stay one connected network")
    except _Illegal as why:
        result.reason = str(why)
        return result, before
    result.sequences = _score(analysis, changed, marks)
    result.points = sum(s.points for s in result.sequences)
    return result, after


def play(turns: list[Turn], start: Position, pattern: str | None = None, players: int = 2,
         hash_swap: bool = False) -> Game:
    """Play turns in order from a starting position (empty, or the modulus marker on A0) until one is illegal."""
    marks = board_pattern(start.board, pattern)
    marker = any(t.marker for t in start.tiles.values())
    totals: dict[str, int] = {}
    results = []
    position = start
    for i, turn in enumerate(turns):
        player = turn.player or f"player {i % players + 1}"
        totals.setdefault(player, 0)
        result, position = play_turn(position, turn, i + 1, player, marks, hash_swap, marker)
        totals[player] += result.points
        result.total = totals[player]
        results.append(result)
        if not result.legal:
            break
    return Game(results, totals, position)
