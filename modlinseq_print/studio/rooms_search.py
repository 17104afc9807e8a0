"""Whether the player to move in a room has a legal turn, found in a process of its own.

The search stops at the first legal turn it finds (about 3 ms on hex:4, a quarter of a search for the best
turns) but is CPU-bound, and longer for a hand with no turn, searched through. In a thread of the
server's process it holds the interpreter's lock in slices of 5 ms, and every send and receive of the event
loop then waits for the lock back: with many rooms, the new state of a turn reached its players seconds late.
So the hall sends the position as plain data (the board's spec, the tiles by address) to one helper process
(started on first use, with `spawn`: nothing of the server's threads is copied) and waits for its answer in
a thread, which holds no lock while it waits. Without a helper process (it could not start, or died), the
search runs in that thread as before.
"""

from __future__ import annotations

import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import lru_cache

from modlinseq_print.rules.moves import has_turn as any_turn
from modlinseq_print.rules.position import Position, Tile
from modlinseq_print.rules.turn_data import Hand


def position_data(position: Position) -> tuple:
    """A position as plain data: board spec, modulus, tiles by address, wrap, diagonals, policy."""
    board = position.board
    tiles = tuple((board.address(c), t.value, t.declared, t.marker) for c, t in position.tiles.items())
    return board.spec, position.modulus, tiles, position.wrap, position.diagonals, position.policy.value


@lru_cache(maxsize=32)
def _board(spec: str):
    from modlinseq_print.geometry.boards import parse_board

    return parse_board(spec)


def _warm() -> None:
    """Nothing but the imports (done when the helper process starts)."""


def has_turn(data: tuple, naturals: tuple[int, ...], wild: int, pattern: str | None, hash_swap: bool) -> bool:
    """True when the hand has a legal turn on the position of `position_data` (run in the helper process)."""
    spec, modulus, tiles, wrap, diagonals, policy = data
    board = _board(spec)
    placed = {board.parse_address(a): Tile(value, declared, marker) for a, value, declared, marker in tiles}
    position = Position(board, modulus, placed, wrap, diagonals, policy)
    return any_turn(position, Hand(naturals, wild), pattern, hash_swap)


class Searcher:
    """One helper process for the rooms' searches, started on first use; `close()` ends it."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False

    def pool(self) -> ProcessPoolExecutor | None:
        """The helper process (None once closed)."""
        with self._lock:
            if self._pool is None and not self._closed:
                self._pool = ProcessPoolExecutor(1, multiprocessing.get_context("spawn"))
            return self._pool

    def start(self) -> None:
        """Start the helper process now (a room was made), so that its start is not in the way of the first
        turns: it loads the rules engine meanwhile."""
        pool = self.pool()
        if pool is not None:
            pool.submit(_warm)

    def has_turn(self, position: Position, hand: Hand, pattern: str | None, hash_swap: bool) -> bool:
        """Whether the hand has a legal turn: searched in the helper process, in this thread without one."""
        pool = self.pool()
        if pool is not None:
            try:
                return pool.submit(has_turn, position_data(position), hand.naturals, hand.wild, pattern,
                                   hash_swap).result()
            except (BrokenProcessPool, RuntimeError, OSError):  # gone (closed, killed): searched here instead
                with self._lock:
                    if self._pool is pool:
                        self._pool = None
        return any_turn(position, hand, pattern, hash_swap)

    def close(self) -> None:
        """End the helper process."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
