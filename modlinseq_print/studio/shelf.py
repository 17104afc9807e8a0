"""What the studio keeps between requests, a few of each kind: a shelf holds the last `size` things put on it
(the least recently used goes first), safe to use from the request threads at once.

The server's shelves (built kits, games, downloads) belong to its state (state.py); a worker process keeps its
own (`Shelves`: the kits it built, to picture their pages) for as long as it lives.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Generic, TypeVar

V = TypeVar("V")


class Shelf(Generic[V]):
    """At most `size` values by key, the least recently used dropped first."""

    def __init__(self, size: int):
        self.size = size
        self._items: OrderedDict[str, V] = OrderedDict()
        self._lock = threading.Lock()

    def put(self, key: str, value: V) -> None:
        """Keep `value` under `key` (as the most recently used), dropping the oldest past `size`."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get(self, key: str) -> V | None:
        """The value under `key` (now the most recently used), or None."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def peek(self, key: str) -> V | None:
        """The value under `key`, or None, leaving the order as it is."""
        with self._lock:
            return self._items.get(key)

    def take(self, key: str) -> V | None:
        """The value under `key`, taken off the shelf, or None."""
        with self._lock:
            return self._items.pop(key, None)

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._items

    def __len__(self) -> int:
        with self._lock:
            return len(self._items)


class Shelves:
    """Named shelves made on first use: what a worker process keeps between its jobs."""

    def __init__(self) -> None:
        self._shelves: dict[str, Shelf] = {}
        self._lock = threading.Lock()

    def shelf(self, name: str, size: int) -> Shelf:
        """The shelf called `name` (holding at most `size`, when it is made now)."""
        with self._lock:
            return self._shelves.setdefault(name, Shelf(size))
