"""Brute force for legal turns, to test rules/moves.py: every sub-multiset of the hand, in every order, on the
cells of every line of the board (empty cells, and wild tiles to swap), each judged by the engine's play_turn
as `score` judges a turn. Two shortcuts skip play_turn where its verdict is certain: the cells must lie in
one chain once filled, and that chain's known values must fit a progression (tried by brute force).
"""

from __future__ import annotations

import itertools
from collections import Counter

from modlinseq_print.geometry.patterns import board_pattern
from modlinseq_print.geometry.wrap import line_through
from modlinseq_print.rules.chains import chains_from
from modlinseq_print.rules.position import Tile
from modlinseq_print.rules.transcript import Placement, Turn
from modlinseq_print.rules.turns import play_turn

from rules_oracle import fits


def board_lines(position):
    """The cells of every line of the board: straight lines (wrapping as the mode says), or under the bounce
    the cells of each walk through each cell and direction."""
    board, topo = position.board, position.topology
    found = set()
    for cell in board.cells:
        for d in topo.directions:
            if position.wrap == "bounce":
                cells, current, direction = {cell}, cell, d
                for _ in range(6 * len(board.cells) + 6):
                    nxt = topo.next_cell(current, direction) if direction is not None else None
                    if nxt is None:
                        break
                    direction = topo.leave(nxt, direction)
                    cells.add(nxt)
                    current = nxt
                found.add(frozenset(cells))
            else:
                found.add(frozenset(line_through(board, cell, d, position.wrap)[0]))
    return sorted(found, key=lambda s: sorted(s))


def brute_force_turns(position, hand, pattern=None, hash_swap=False):
    """Every legal turn: {(frozenset of (cell, tile)), frozenset of swapped cells): TurnResult}."""
    marks = board_pattern(position.board, pattern)
    marker = any(t.marker for t in position.tiles.values())
    counts = Counter(hand.naturals)
    m = position.modulus
    wild_tiles = [Tile(None, v) for v in range(m)] if position.policy == "D" else [Tile(None)]
    results, seen = {}, set()
    for line in board_lines(position):
        targets = sorted(c for c in line if c not in position.tiles or (hash_swap and position.tiles[c].wild))
        for size in range(1, min(len(targets), hand.size + sum(c in position.tiles for c in targets)) + 1):
            for cells in itertools.combinations(targets, size):
                if size > 1 and not _one_chain(position, cells):
                    continue
                options = [[Tile(v) for v in counts] + ([] if c in position.tiles else wild_tiles) for c in cells]
                for tiles in itertools.product(*options):
                    key = (frozenset(zip(cells, tiles)), frozenset(c for c in cells if c in position.tiles))
                    if key in seen or not _from_hand(tiles, counts, hand.wild + len(key[1])):
                        continue
                    seen.add(key)
                    if not _line_fits(position, dict(zip(cells, tiles))):
                        continue
                    turn = Turn(None, tuple(Placement(c, t, "") for c, t in zip(cells, tiles)), "")
                    result, _ = play_turn(position, turn, 1, "player", marks, hash_swap, marker)
                    if result.legal:
                        results[key] = result
    return results


def _from_hand(tiles, counts, wild):
    used = Counter(t.value for t in tiles if t.value is not None)
    return all(used[v] <= counts[v] for v in used) and sum(t.value is None for t in tiles) <= wild


def _filled(position, cells):
    class Filled:
        def __contains__(self, cell):
            return cell in position.tiles or cell in cells
    return Filled()


def _one_chain(position, cells):
    """True when some chain holds every one of the cells once they are filled."""
    chains = chains_from(position.topology, _filled(position, set(cells)), [cells[0]])
    return any(set(cells) <= set(ch.cells) for ch in chains)


def _line_fits(position, changes):
    """False when a chain holding every changed cell has known values no progression fits (wild tiles free)."""
    if len(changes) == 1:
        return True
    cells = set(changes)
    for chain in chains_from(position.topology, _filled(position, cells), [next(iter(cells))]):
        if cells <= set(chain.cells):
            values = [(changes[c] if c in changes else position.tiles[c]).known for c in chain.cells]
            if not fits(values, position.modulus, chain.loop):
                return False
    return True
