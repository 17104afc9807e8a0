"""Computer players: `greedy` takes a highest-scoring turn; `careful` also weighs what a turn leaves open.

Both break ties by a seeded choice, so a game is the same whenever its shuffles are seeded alike. A sequence of n tiles is worth
(n-1)(n-2)/2 to whoever extends it, so a long line left open is a gift to the next player. `careful` scores
each turn as its points less what the next player can expect from their best extension afterwards: every
open end of every sequence on the board is an option worth the longer sequence's points, available when a
hand drawn from the tiles the player cannot see holds the value that continues it (or a wild tile); the
next player takes the best option they have. It also counts a wild tile kept in hand as worth some points, so
it does not spend one on a turn that a natural tile nearly matches.
"""

from __future__ import annotations

import random
from collections import Counter

from modlinseq_print.geometry.hexgrid import Cell
from modlinseq_print.rules.chains import Chain, all_chains
from modlinseq_print.rules.game import Game
from modlinseq_print.rules.moves import Move
from modlinseq_print.rules.position import Position, Tile
from modlinseq_print.rules.sequences import points, step_class

AI_PLAYERS = ("greedy", "careful")
#: How much of the next player's expected best extension `careful` counts against a turn (the weights are
#: measured on seeded games against greedy: bench/bench_play.py reports the margin).
CAUTION = 1.0
#: `careful` weighs the turns scoring most, this many (a search finds thousands; the rest score little).
CONSIDERED = 40
#: What `careful` counts a wild tile kept in hand worth (a wild tile spent on a small turn is lost to a big one).
WILD = 10.0

#: An option left to the next player: the empty cell at a sequence's end, the values that continue it there,
#: and the points of the longer sequence.
Option = tuple[Cell, tuple[int, ...], int]


def choose(kind: str, game: Game, rng: random.Random) -> Move:
    """The turn a computer player of this kind plays (the game's player to move must have one)."""
    if kind == "greedy":
        return rng.choice(game.best_moves())
    moves = game.moves()
    odds = _Odds(game.unseen(game.current), game.variant.hand)
    position = game.position
    base = {ch: _options(position, ch, position.tiles) for ch in all_chains(position.topology, position.tiles)}
    worth = {}
    for move in moves[:CONSIDERED]:
        placed = dict(move.tiles)
        touched = set(placed)
        options = [o for ch, found in base.items() if touched.isdisjoint(ch.cells) for o in found
                   if o[0] not in touched]
        for sequence in move.sequences:
            options += _options(position, sequence.chain, placed)
        worth[id(move)] = move.points - CAUTION * odds.best(options) - WILD * move.wilds
    top = max(worth.values())
    return rng.choice([m for m in moves[:CONSIDERED] if worth[id(m)] >= top - 1e-9])


class _Odds:
    """The chance that the next player's hand holds some values, from the tiles the mover cannot see."""

    def __init__(self, unseen: Counter, hand: int):
        self.unseen, self.hand = unseen, hand
        self.total = sum(unseen.values())

    def holds(self, values: tuple[int, ...]) -> float:
        """Roughly: each value (or a wild tile for it) among the hand's tiles, the values taken one by one."""
        if not self.total:
            return 0.0
        chance = 1.0
        for value in values:
            share = (self.unseen[value] + self.unseen[None]) / self.total
            chance *= 1 - (1 - share) ** self.hand
        return chance

    def best(self, options: list[Option]) -> float:
        """The expected points of the best option the next player holds the tiles for."""
        expected, missed = 0.0, 1.0
        for _, values, gain in sorted(options, key=lambda o: -o[2]):
            chance = self.holds(values)
            expected += missed * chance * gain
            missed *= 1 - chance
        return expected


def _options(position: Position, chain: Chain, placed: dict[Cell, Tile], most: int = 2) -> list[Option]:
    """The open ends of a sequence (after a turn's tiles `placed`) that one or two more tiles would extend,
    each with the values needed and the longer sequence's points."""
    if chain.loop:
        return []
    tiles = position.tiles
    values = [(placed[c] if c in placed else tiles[c]).known for c in chain.cells]
    m = position.modulus
    steps = step_class(values, m)
    if steps is None or steps.modulus != m or values[0] is None or values[-1] is None:
        return []
    count = sum(1 for c in chain.cells if not (placed[c] if c in placed else tiles[c]).wild)
    topo = position.topology
    found = []
    for end, leaving, value, step in ((chain.cells[-1], chain.steps[-1], values[-1], steps.rest),
                                      (chain.cells[0], -chain.steps[0], values[0], -steps.rest)):
        needed: tuple[int, ...] = ()
        for k in range(1, most + 1):
            direction = topo.leave(end, leaving)
            nxt = topo.next_cell(end, direction) if direction is not None else None
            if nxt is None or nxt in tiles or nxt in placed:
                break
            needed += ((value + k * step) % m,)
            found.append((nxt, needed, points(count + k)))
            end, leaving = nxt, direction
    return found
