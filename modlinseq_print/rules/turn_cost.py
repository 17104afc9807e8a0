"""What a search for every legal turn will cost, told before it starts, and a refusal above a budget.

The search (rules/turn_search.py) grows stretches of new tiles from the places beside the network (on an empty
board without A0: every cell) along each line through them, and tries each way the hand fills a stretch. The
estimate counts those ways on one free line: for a stretch of k cells, j of them wild tiles, the places of the
wild tiles times the progressions the hand's naturals make on the rest (modular-linear: a first value and a
step). Turns of natural tiles cost microseconds each; a turn with wild tiles is judged line by line, the wild
tiles settled, and costs up to a millisecond. Every turn found stays in memory until it is listed. Three costs
do not grow with the hand: tracing every line of the board once (each cell on each of its lines), setting up
each stretch a turn lies on (on an empty board, one for nearly every turn), and listing the turns asked for.
bench/bench_moves.py prints the estimate beside the measured seconds of real searches.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import NamedTuple

from modlinseq_print.errors import mention
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import Position
from modlinseq_print.rules.turn_data import Hand

#: Estimated CPU seconds of one turn tried: with no wild tile, with one, with two or more.
SECONDS_PER_TURN = (20e-6, 60e-6, 600e-6)
#: The same on a board with no tile yet, where a lone wild tile is judged as quickly as a natural one.
SECONDS_PER_FREE_TURN = (20e-6, 35e-6, 600e-6)
#: The share of those turns a position with tiles tries (measured on mid-game positions of hex:9): a stretch
#: beside the network stops at the tiles ahead of it, and its cells take only the values their lines allow.
MIDGAME_SHARE = (0.4, 0.12, 0.12)
#: A position of at most this many tiles (the marker aside) tries every turn a free board would: its stretches
#: meet almost no tile (twelve tiles, two wild, after one tile on hex:9 found 240,975 turns in 70 s, where the
#: mid-game share estimated 6.5 s).
SPARSE_TILES = 3
#: Estimated CPU seconds of tracing one cell of one line of the board (once per board, before the search).
SECONDS_PER_LINE_CELL = 14e-6
#: Estimated CPU seconds of setting up one stretch the search finds turns on (what its turns share).
SECONDS_PER_STRETCH = 70e-6
#: Estimated CPU seconds of listing one turn (its sequences traced, its line or JSON written): of one tile, of more.
SECONDS_PER_LISTED = (30e-6, 250e-6)
#: Estimated bytes of listing one turn.
BYTES_PER_LISTED = 2_000
#: Estimated bytes kept per turn tried (most turns tried on a free line are legal and kept).
BYTES_PER_TURN = 1_700
#: The budget: a search estimated above either figure is refused before it starts.
MAX_SECONDS = 20.0
MAX_BYTES = 1_000_000_000
#: The backstop: a search the estimate let start is stopped past this many seconds of CPU (its thread's), for the
#: positions where the estimate is low (a hand of wild and natural tiles beside a small network: it said 6.5 s
#: for a search of 70 s).
MAX_RUN_SECONDS = 2 * MAX_SECONDS


@dataclass(frozen=True)
class SearchCost:
    """The estimated cost of a search: the places stretches grow from, the turns it tries by how many wild tiles
    they hold (none, one, more), the cells of the board's lines it traces, the stretches it sets up, the turns it
    lists, and the seconds and bytes all those take."""

    starts: int
    turns: tuple[int, int, int]
    seconds: float
    bytes: int
    line_cells: int = 0
    stretches: int = 0
    listed: int = 0

    @property
    def over(self) -> bool:
        """True when the search is over the budget."""
        return self.seconds > MAX_SECONDS or self.bytes > MAX_BYTES


class _Ways(NamedTuple):
    """The ways to fill the stretches grown from one place: by wild tiles held (none, one, more), those of a
    single cell, and the stretches with a way (a single cell apart; each length k counted k times when
    weighted)."""

    by_wild: tuple[int, int, int]
    singles: int
    single_stretch: bool
    longer_stretches: int


def search_cost(position: Position, hand: Hand, hash_swap: bool = False, listed: int | None = None) -> SearchCost:
    """The estimated cost of finding every legal turn of `hand` on `position` (quick: no stretch is filled), and
    of listing `listed` of them (0: every one; None: none)."""
    weighted, starts = _starts(position)
    axes = len(position.topology.forward)
    ways = _per_start(hand, position.modulus, position.policy.declares, weighted)
    swaps = 1 + min(hand.size, len(_wild_tiles(position))) if hash_swap else 1  # a swap frees a wild tile
    sparse = sum(not t.marker for t in position.tiles.values()) <= SPARSE_TILES
    share = (1, 1, 1) if sparse else MIDGAME_SHARE
    turns = tuple(round(starts * k * swaps * s) for k, s in zip(ways.by_wild, share))
    # a turn of one cell lies on every line through it and is found on each, but set up and listed once
    once = 1 if weighted else axes
    stretches = starts * ways.longer_stretches + (starts // once if ways.single_stretch else 0)
    singles = starts * ways.singles // once
    longer = max(0, sum(turns) - starts * ways.singles)
    shown = 0 if listed is None else singles + longer if listed == 0 else min(listed, singles + longer)
    line_cells = len(position.board.cells) * axes
    rates = SECONDS_PER_FREE_TURN if not position.tiles else SECONDS_PER_TURN
    seconds = (sum(t * s for t, s in zip(turns, rates)) + stretches * SECONDS_PER_STRETCH
               + line_cells * SECONDS_PER_LINE_CELL + _listing_seconds(shown, longer))
    memory = sum(turns) * BYTES_PER_TURN + shown * BYTES_PER_LISTED
    return SearchCost(starts, (turns[0], turns[1], turns[2]), seconds, memory, line_cells, stretches, shown)


def check_search_cost(position: Position, hand: Hand, hash_swap: bool = False, listed: int | None = None) -> None:
    """Refuse, before it starts, a search (and the listing of `listed` turns, 0 for every one) estimated above
    MAX_SECONDS of CPU or MAX_BYTES of memory, saying what to change."""
    cost = search_cost(position, hand, hash_swap, listed)
    if not cost.over:
        return
    wild = "" if not hand.wild else f", {hand.wild} of them wild"
    listing = f" and listing {cost.listed:,} of them" if cost.listed > 10 else ""
    fewer = cost.listed > 10 and not search_cost(position, hand, hash_swap, 10).over
    raise RulesError(f"finding every turn of a hand of {_tiles(hand.size)}{wild} on {position.board.spec} would "
                     f"try about {sum(cost.turns):,} turns{listing} (about {_duration(cost.seconds)}, "
                     f"{cost.bytes / 1e9:.1f} GB; the limit is {MAX_SECONDS:.0f} s and {MAX_BYTES / 1e9:.0f} GB): "
                     f"{_remedies(hand, fewer)}")


class SearchClock:
    """The CPU time a search has taken, checked every 1,024 fillings it judges: past MAX_RUN_SECONDS (read when
    the clock starts) the search is stopped with a RulesError saying what to change."""

    def __init__(self, position: Position, hand: Hand):
        self.position, self.hand = position, hand
        self.limit, self.started, self.count = MAX_RUN_SECONDS, time.thread_time(), 0

    def check(self) -> None:
        """Stop the search (RulesError) once it has taken more than its limit. The search counts the fillings
        it judges in `count` itself (inline: a call per filling would cost a tenth of a plain turn's time) and
        calls this every 1,024."""
        if time.thread_time() - self.started > self.limit:
            hand = self.hand
            wild = "" if not hand.wild else f", {hand.wild} of them wild"
            raise RulesError(f"finding every turn of a hand of {_tiles(hand.size)}{wild} on "
                             f"{self.position.board.spec} was stopped after {self.limit:.0f} s: "
                             f"{_remedies(hand, False)}")


def _listing_seconds(shown: int, longer: int) -> float:
    """The seconds of listing `shown` turns, those of more than one tile (`longer` of them) first."""
    many = min(shown, longer)
    return many * SECONDS_PER_LISTED[1] + (shown - many) * SECONDS_PER_LISTED[0]


def _tiles(count: int) -> str:
    return "1 tile" if count == 1 else f"{count} tiles"


def _remedies(hand: Hand, fewer: bool) -> str:
    """What to change: list fewer turns (when that is enough), else a smaller hand, board or search."""
    smaller = ["fewer wild tiles"] if hand.wild else []
    smaller += ["a smaller hand"] if hand.size > 1 else []
    use = f"use {', '.join(smaller + ['a smaller board'])} or a position with tiles on it"
    return f"list fewer turns ({mention('top', 10)}) or {use}" if fewer else use


def _duration(seconds: float) -> str:
    return f"{seconds:,.0f} s" if seconds < 3600 else f"{seconds / 3600:,.0f} hours"


def _wild_tiles(position: Position) -> list:
    return [c for c, t in position.tiles.items() if t.wild]


def _starts(position: Position) -> tuple[bool, int]:
    """Where stretches grow from: (True, lines through A0) on a hex board's first turn, where every stretch
    holds A0 (a stretch of k cells in k places); else (False, the empty cells beside the network, or every cell
    of an empty board, times the lines through each)."""
    topo, tiles = position.topology, position.tiles
    axes = len(topo.forward)
    if position.first_turn:
        if position.board.has_centre:
            return True, axes
        return False, len(position.board.cells) * axes
    near = {n for c in tiles for n in topo.neighbours(c) if n not in tiles}
    return False, (len(near) + len(tiles)) * axes


def _per_start(hand: Hand, m: int, declare: bool, weighted: bool) -> _Ways:
    """The ways to fill the stretches grown from one place: stretches of 1 to a hand of cells on a free line
    (each length k counted k times when `weighted`: the place anywhere in it)."""
    naturals = Counter(hand.naturals)
    runs = _progressions(naturals, m, hand.size)
    found = [0, 0, 0]
    singles = longer = 0
    for k in range(1, hand.size + 1):
        ways = 0
        for j in range(0, min(hand.wild, k) + 1):
            r = k - j
            if r > len(hand.naturals):
                continue
            if r == 0:
                fills = m ** min(k, 2) if declare else 1
            elif r == 1:
                fills = len(naturals) * (m if declare and k > 1 else 1)
            else:
                fills = runs[r]
            ways += comb(k, j) * fills * (k if weighted else 1)
            found[min(j, 2)] += comb(k, j) * fills * (k if weighted else 1)
        if k == 1:
            singles = ways
        elif ways:
            longer += k if weighted else 1
    return _Ways((found[0], found[1], found[2]), singles, singles > 0, longer)


def _progressions(naturals: Counter, m: int, most: int) -> list[int]:
    """How many progressions (a first value and a step) of r terms the naturals make, for r = 0 to `most`."""
    count = [0] * (most + 1)
    for first in naturals:
        for second in naturals:
            left, value, terms = Counter(naturals), first, 0
            step = (second - first) % m
            while terms < most and left[value] > 0:
                left[value] -= 1
                terms += 1
                value = (value + step) % m
            for r in range(2, terms + 1):
                count[r] += 1
    return count
