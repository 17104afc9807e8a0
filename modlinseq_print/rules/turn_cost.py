"""What a search for every legal turn will cost, told before it starts, and a refusal above a budget.

The search (rules/turn_search.py) grows stretches of new tiles from the places beside the network (on an empty
board without A0: every cell) along each line through them, and tries each way the hand fills a stretch. The
estimate counts those ways on one free line: for a stretch of k cells, j of them wild tiles, the places of the
wild tiles times the progressions the hand's naturals make on the rest (modular-linear: a first value and a
step). Turns of natural tiles cost microseconds each; a turn with wild tiles is judged line by line, the wild
tiles settled, and costs up to a millisecond. Every turn found stays in memory until it is listed.
bench/bench_moves.py prints the estimate beside the measured seconds of real searches.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING

from modlinseq_print.geometry.hexgrid import ORIGIN
from modlinseq_print.rules.errors import RulesError
from modlinseq_print.rules.position import Position

if TYPE_CHECKING:  # the search imports this module: its Hand is only named here
    from modlinseq_print.rules.moves import Hand

#: Estimated CPU seconds of one turn tried: with no wild tile, with one, with two or more.
SECONDS_PER_TURN = (20e-6, 60e-6, 600e-6)
#: The share of those turns a position with tiles tries (measured on mid-game positions of hex:9): a stretch
#: beside the network stops at the tiles ahead of it, and its cells take only the values their lines allow.
MIDGAME_SHARE = (0.4, 0.12, 0.12)
#: Estimated bytes kept per turn tried (most turns tried on a free line are legal and kept).
BYTES_PER_TURN = 1_700
#: The budget: a search estimated above either figure is refused before it starts.
MAX_SECONDS = 20.0
MAX_BYTES = 1_000_000_000


@dataclass(frozen=True)
class SearchCost:
    """The estimated cost of a search: the places stretches grow from, the turns it tries by how many wild tiles
    they hold (none, one, more), and the seconds and bytes those take."""

    starts: int
    turns: tuple[int, int, int]
    seconds: float
    bytes: int

    @property
    def over(self) -> bool:
        """True when the search is over the budget."""
        return self.seconds > MAX_SECONDS or self.bytes > MAX_BYTES


def search_cost(position: Position, hand: Hand, hash_swap: bool = False) -> SearchCost:
    """The estimated cost of finding every legal turn of `hand` on `position` (quick: no stretch is filled)."""
    weighted, starts = _starts(position)
    per = _per_start(hand, position.modulus, position.policy == "D", weighted)
    swaps = 1 + min(hand.size, len(_wild_tiles(position))) if hash_swap else 1  # a swap frees a wild tile
    share = (1, 1, 1) if all(t.marker for t in position.tiles.values()) else MIDGAME_SHARE
    turns = tuple(round(starts * k * swaps * s) for k, s in zip(per, share))
    seconds = sum(t * s for t, s in zip(turns, SECONDS_PER_TURN))
    return SearchCost(starts, (turns[0], turns[1], turns[2]), seconds, sum(turns) * BYTES_PER_TURN)


def check_search_cost(position: Position, hand: Hand, hash_swap: bool = False) -> None:
    """Refuse, before it starts, a search estimated above MAX_SECONDS of CPU or MAX_BYTES of memory, saying what
    to change."""
    cost = search_cost(position, hand, hash_swap)
    if not cost.over:
        return
    wild = "" if not hand.wild else f", {hand.wild} of them wild"
    smaller = "fewer wild tiles, a smaller hand" if hand.wild else "a smaller hand"
    raise RulesError(f"finding every turn of a hand of {hand.size} tiles{wild} on {position.board.spec} would try "
                     f"about {sum(cost.turns):,} turns (about {_duration(cost.seconds)}, "
                     f"{cost.bytes / 1e9:.1f} GB; the limit is {MAX_SECONDS:.0f} s and {MAX_BYTES / 1e9:.0f} GB): "
                     f"use {smaller}, a smaller board or a position with tiles on it")


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
    if all(t.marker for t in tiles.values()):
        if position.board.grid == "hex" and ORIGIN in position.board.cells:
            return True, axes
        return False, len(position.board.cells) * axes
    near = {n for c in tiles for n in topo.neighbours(c) if n not in tiles}
    return False, (len(near) + len(tiles)) * axes


def _per_start(hand: Hand, m: int, declare: bool, weighted: bool) -> tuple[int, int, int]:
    """The ways to fill the stretches grown from one place, by wild tiles held (none, one, more): stretches of 1
    to a hand of cells on a free line (each length k counted k times when `weighted`: the place anywhere in it)."""
    naturals = Counter(hand.naturals)
    runs = _progressions(naturals, m, hand.size)
    found = [0, 0, 0]
    for k in range(1, hand.size + 1):
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
            found[min(j, 2)] += comb(k, j) * fills * (k if weighted else 1)
    return found[0], found[1], found[2]


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
