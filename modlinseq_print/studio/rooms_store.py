"""The rooms kept on disk: one SQLite file (the standard library's sqlite3) in the user's data folder.

Write-ahead logging, and one transaction per change: a room is written whole when it is made, then each turn
is one row (the move as plain data and the hand it was played from) written with the room's new status in
the same transaction, so a crash leaves the file at the last turn played or the one before, never between.
A room is read back by replaying its moves on a new game with its shuffle (rooms.replay).
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from pathlib import Path

from modlinseq_print.studio.rooms import LIVE, Room, Seat, replay

SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (id TEXT PRIMARY KEY, created REAL NOT NULL, settings TEXT NOT NULL,
    shuffle INTEGER NOT NULL, status TEXT NOT NULL, host TEXT NOT NULL, spectator TEXT NOT NULL,
    review_token TEXT, review BLOB, version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (room TEXT NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
    name TEXT NOT NULL, secret TEXT NOT NULL, PRIMARY KEY (room, seat));
CREATE TABLE IF NOT EXISTS turns (room TEXT NOT NULL, number INTEGER NOT NULL, move TEXT NOT NULL,
    hand TEXT NOT NULL, PRIMARY KEY (room, number));
"""


def data_folder() -> Path:
    """Where the studio keeps what it stores for this user: $XDG_DATA_HOME (else ~/.local/share) on Linux and
    the like, %LOCALAPPDATA% on Windows, ~/Library/Application Support on macOS; then modlinseq-print/."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "modlinseq-print"


def rooms_file() -> Path:
    """The rooms' SQLite file in the data folder."""
    return data_folder() / "rooms.sqlite3"


class RoomStore:
    """The rooms' SQLite file, opened on first use (a studio that hosts no room writes nothing)."""

    def __init__(self, path: Path | None = None):
        self.path = path
        self._db: sqlite3.Connection | None = None
        self._lock = threading.Lock()

    def db(self) -> sqlite3.Connection:
        """The connection (made on first use, with WAL and the tables)."""
        if self._db is None:
            path = self.path or rooms_file()
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")  # with WAL: each transaction whole, or not at all
            db.executescript(SCHEMA)
            self._db = db
        return self._db

    def _write(self, statements: list[tuple[str, tuple]]) -> None:
        """Run the statements as one transaction."""
        with self._lock:
            db = self.db()
            db.execute("BEGIN IMMEDIATE")
            try:
                for sql, values in statements:
                    db.execute(sql, values)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def add(self, room: Room) -> None:
        """Write a new room, its seats and any moves it has."""
        rows: list[tuple[str, tuple]] = [("INSERT INTO rooms VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (room.id, room.created, json.dumps(room.settings), room.shuffle, room.status, room.host,
                  room.spectator, room.review_token, room.review, room.version))]
        rows += [("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (room.id, n, s.kind, s.name, s.secret))
                 for n, s in enumerate(room.seats)]
        self._write(rows)

    def save(self, room: Room, new_moves: int = 0) -> None:
        """Write a room's change: its status and names, and its last `new_moves` moves, in one transaction."""
        rows: list[tuple[str, tuple]] = [
            ("UPDATE rooms SET status = ?, review_token = ?, review = ?, version = ? WHERE id = ?",
             (room.status, room.review_token, room.review, room.version, room.id))]
        rows += [("UPDATE seats SET name = ? WHERE room = ? AND seat = ?", (s.name, room.id, n))
                 for n, s in enumerate(room.seats)]
        first = len(room.moves) - new_moves
        rows += [("INSERT INTO turns VALUES (?, ?, ?, ?)", (room.id, n, json.dumps(room.moves[n]), room.hands[n]))
                 for n in range(first, len(room.moves))]
        self._write(rows)

    def load(self, room_id: str) -> Room | None:
        """A stored room, its game replayed to where it was (None: no such room)."""
        with self._lock:
            db = self.db()
            row = db.execute("SELECT created, settings, shuffle, status, host, spectator, review_token, review, "
                             "version FROM rooms WHERE id = ?", (room_id,)).fetchone()
            if row is None:
                return None
            seats = [Seat(kind, name, secret) for kind, name, secret in db.execute(
                "SELECT kind, name, secret FROM seats WHERE room = ? ORDER BY seat", (room_id,))]
            turns = db.execute("SELECT move FROM turns WHERE room = ? ORDER BY number", (room_id,)).fetchall()
        created, settings, shuffle, status, host, spectator, token, review, version = row
        room = Room(room_id, json.loads(settings), shuffle, seats, spectator, host, created=created)
        replay(room, [json.loads(move) for move, in turns])
        room.status, room.review_token, room.review, room.version = status, token, review, version
        return room

    def by_review(self, token: str) -> str | None:
        """The room whose review link this is."""
        with self._lock:
            row = self.db().execute("SELECT id FROM rooms WHERE review_token = ?", (token,)).fetchone()
        return row[0] if row else None

    def live_count(self) -> int:
        """How many rooms are waiting, playing or paused."""
        marks = ", ".join("?" * len(LIVE))
        with self._lock:
            return self.db().execute(f"SELECT COUNT(*) FROM rooms WHERE status IN ({marks})", LIVE).fetchone()[0]

    def close(self) -> None:
        """Close the file (a new store on the same path reads it all back)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
