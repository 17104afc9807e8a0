"""All the state of the studio's rooms in one object, `RoomHall`, made by the app and reached from its handlers.

It holds the store (rooms_store.py), the rooms in memory (read back from the store on first use, so a room
outlives a restart), the caps (rooms at once, connections per room), the rate limit of each secret (a token
bucket: RATE requests a second, BURST at once) and of room creation per client address, and who watches
each room: the queues of its WebSocket connections and long polls, woken on every change.

Its work runs off the event loop in two thread pools of its own, so that a turn never waits behind a search:
`changes` plays and stores a turn (a few milliseconds), `searches` looks for whether the next player is stuck
and draws boards; the search itself runs in a helper process (rooms_search.py), so that it does not hold the
interpreter's lock while the event loop sends the new state.
"""

from __future__ import annotations

import asyncio
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable
from pathlib import Path

from modlinseq_print.studio.exchange import ApiError
from modlinseq_print.studio.rooms import LIVE, Room, Who, create_room
from modlinseq_print.studio.rooms_search import Searcher
from modlinseq_print.studio.rooms_store import RoomStore

MAX_LIVE_ROOMS = 200  # rooms waiting, playing or paused at once
MAX_WATCHERS = 32  # connections watching one room
RATE, BURST = 20.0, 60  # requests a second for one secret, and at once
CREATE_RATE, CREATE_BURST = 1.0, 60  # rooms a second made from one address, and at once
MAX_LOADED = 500  # rooms kept in memory (others are read back from the file when asked for)


class Busy(ApiError):
    """Too many requests for one secret or address: 429, with when to try again."""

    def __init__(self, message: str, retry_after: int = 1):
        super().__init__(message, 429)
        self.retry_after = retry_after


@dataclass
class Bucket:
    """A token bucket: `tokens` left at `stamp` (monotonic seconds)."""

    tokens: float
    stamp: float

    def take(self, rate: float, burst: int) -> bool:
        """Take a token if there is one, the bucket filled at `rate` a second up to `burst`."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class RoomHall:
    """The rooms of one studio: store, rooms in memory, caps, rate limits and watchers."""

    def __init__(self, path: Path | None = None, max_live: int = MAX_LIVE_ROOMS, rate: float = RATE,
                 burst: int = BURST, computer_pause: float = 0.8):
        self.store = RoomStore(path)
        self.rooms: dict[str, Room] = {}
        self.max_live = max_live
        self.rate, self.burst = rate, burst
        self.computer_pause = computer_pause  # seconds before a computer player's turn, for people to follow
        self.buckets: dict[str, Bucket] = {}
        self.watchers: dict[str, set[asyncio.Queue]] = {}
        self.thinking: set[str] = set()  # rooms whose computer player's turn is under way
        self.lock = threading.Lock()
        self.changes = ThreadPoolExecutor(2, "rooms-change")  # play and store a turn, a name, a button
        self.searches = ThreadPoolExecutor(1, "rooms-search")  # is the next player stuck; boards drawn
        self.searcher = Searcher()  # the process that searches (rooms_search.py)

    async def change(self, work: Callable[..., Any], *args: Any) -> Any:
        """Run a quick change of a room (play, store) in the changes' threads."""
        return await asyncio.get_running_loop().run_in_executor(self.changes, work, *args)

    async def search(self, work: Callable[..., Any], *args: Any) -> Any:
        """Run slow work (a search, a drawing) in the search thread, after the changes it follows are shown."""
        return await asyncio.get_running_loop().run_in_executor(self.searches, work, *args)

    def limit(self, key: str, rate: float | None = None, burst: int | None = None) -> None:
        """Refuse (429) a request over the rate of its secret or address."""
        rate, burst = rate or self.rate, burst or self.burst
        with self.lock:
            bucket = self.buckets.setdefault(key, Bucket(burst, time.monotonic()))
            if len(self.buckets) > 10_000:  # forget the oldest (full again by now)
                for old in sorted(self.buckets, key=lambda k: self.buckets[k].stamp)[:5_000]:
                    del self.buckets[old]
            if not bucket.take(rate, burst):
                raise Busy("too many requests: slow down and try again in a second")

    def create(self, body: dict, client: str) -> Room:
        """Make a room (refused past the cap of live rooms, or too many from one address) and store it."""
        self.limit(f"create:{client}", CREATE_RATE, CREATE_BURST)
        room = create_room(body)
        with self.lock:
            if self.store.live_count() >= self.max_live:
                raise ApiError(f"this studio hosts {self.max_live} games at once: end one, or try later", 503)
            self.store.add(room)
            self.rooms[room.id] = room
        self.searcher.start()
        return room

    def room(self, room_id: str) -> Room | None:
        """A room by id: in memory, or read back from the store."""
        with self.lock:
            room = self.rooms.get(room_id)
            if room is None and isinstance(room_id, str) and 0 < len(room_id) <= 32:
                room = self.store.load(room_id)
                if room is not None:
                    self.rooms[room_id] = room
                    self._forget()
            return room

    def _forget(self) -> None:
        """Keep at most MAX_LOADED rooms in memory, finished ones dropped first."""
        if len(self.rooms) > MAX_LOADED:
            done = [k for k, r in self.rooms.items() if r.status not in LIVE and k not in self.watchers]
            for key in done[: len(self.rooms) - MAX_LOADED]:
                del self.rooms[key]

    def who(self, room_id: str, secret: str | None) -> tuple[Room, Who]:
        """The room and whom the secret speaks for in it; 401 for a missing or wrong secret (or room)."""
        room = self.room(room_id) if secret else None
        who = room.who(secret) if room is not None and secret else None
        if room is None or who is None:
            raise ApiError("this link's secret does not open this room: ask the host for your link", 401)
        self.limit(f"secret:{secret}")
        return room, who

    def by_review(self, token: str) -> Room | None:
        """The room of a review link."""
        room_id = self.store.by_review(token) if 0 < len(token) <= 64 else None
        return self.room(room_id) if room_id else None

    def watch(self, room_id: str) -> asyncio.Queue:
        """A queue woken (with the room's version) at each change of the room; refused past MAX_WATCHERS."""
        queues = self.watchers.setdefault(room_id, set())
        if len(queues) >= MAX_WATCHERS:
            raise ApiError(f"{MAX_WATCHERS} devices already follow this game", 503)
        queue: asyncio.Queue = asyncio.Queue(maxsize=1)
        queues.add(queue)
        return queue

    def unwatch(self, room_id: str, queue: asyncio.Queue) -> None:
        """Stop waking a queue."""
        queues = self.watchers.get(room_id, set())
        queues.discard(queue)
        if not queues:
            self.watchers.pop(room_id, None)

    def changed(self, room: Room) -> None:
        """Wake whoever watches the room (on the event loop): each queue holds at most the latest change."""
        for queue in list(self.watchers.get(room.id, ())):
            if queue.full():
                queue.get_nowait()
            queue.put_nowait(room.version)

    def close(self) -> None:
        """End the threads (the work under way finishes first) and close the store's file."""
        self.changes.shutdown(wait=True, cancel_futures=True)
        self.searches.shutdown(wait=True, cancel_futures=True)
        self.searcher.close()
        self.store.close()
