"""All-or-nothing output: every file goes to a temporary file beside its target, then all are renamed in.

A write of several files is one transaction: old files are kept aside (hard links) until every new
file is in place; on any failure, Ctrl-C included, every target is restored as it was, stale files
removed by the write come back, and folders the write created are removed again. Only regular files
(or absent names) are replaced; a directory, symlink, device, FIFO or socket is refused. A replaced
file keeps its permission bits; a new one gets 0644.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path

from modlinseq_print import interrupts
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import short_path

NEW_FILE_MODE = 0o644
KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISLNK, "a symbolic link"), (stat.S_ISFIFO, "a FIFO"),
         (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class OutputError(ModlinseqError):
    """An output path that cannot be written."""


def _fail(path: Path, error: OSError) -> OutputError:
    return OutputError(f"cannot write {short_path(path)}: {error.strerror or error}")


def existing_mode(path: Path) -> int | None:
    """The permission bits of the regular file at `path`, None if absent; refuse anything else."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise _fail(path, error) from None
    for test, kind in KINDS:
        if test(info.st_mode):
            hint = f"; give a file name such as {short_path(path)}/board.pdf" if kind == "a directory" else ""
            raise OutputError(f"cannot write {short_path(path)}: it is {kind}, not a regular file{hint}")
    if not stat.S_ISREG(info.st_mode):
        raise OutputError(f"cannot write {short_path(path)}: it is not a regular file")
    return stat.S_IMODE(info.st_mode)


def leftovers(folder: Path, owned: re.Pattern, keep) -> list[Path]:
    """The files of a set a run owns that it does not write this time: regular files (never a folder or a
    symbolic link) in `folder` whose names `owned` matches in full and which are not in `keep`, shortest name
    first. The run passes each with a None payload to write_files_atomic, which removes it with the write."""
    try:
        if not folder.is_dir():
            return []
        names = os.listdir(folder)
    except OSError as error:  # a name too long, a folder that cannot be read: the run cannot write there
        raise _fail(folder, error) from None
    keep = set(keep)
    found = (folder / name for name in names if owned.fullmatch(name))
    return sorted((path for path in found if path not in keep and path.is_file() and not path.is_symlink()),
                  key=lambda path: (len(path.name), path.name))


def check_distinct(paths: list[Path]) -> None:
    """Refuse two outputs that resolve to the same file."""
    seen: dict[str, Path] = {}
    for path in paths:
        key = os.path.normcase(os.path.join(os.path.realpath(path.parent), path.name))
        if key in seen:
            raise OutputError(f"two outputs of this command would both be written to {short_path(path)}: "
                              f"give them different names")
        seen[key] = path


class Transaction:
    """The state of one all-or-nothing write, undone by rollback()."""

    def __init__(self) -> None:
        self.created_dirs: list[Path] = []
        self.temps: list[str] = []
        self.backups: list[tuple[Path, str | None]] = []  # (target, backup or None if it was absent)

    def make_parent(self, path: Path) -> None:
        """Create the missing folders above `path`, remembering them for rollback."""
        missing = []
        parent = path.parent
        while not parent.exists() and parent != parent.parent:
            missing.append(parent)
            parent = parent.parent
        for folder in reversed(missing):
            with interrupts.deferred():  # made and noted together: a Ctrl-C between the two would leave it behind
                folder.mkdir()
                self.created_dirs.append(folder)

    def stage(self, path: Path, data: bytes, mode: int | None) -> str:
        """Write `data` to a temporary file beside `path`; return its name."""
        with interrupts.deferred():  # made and noted together, so that rollback() always finds it
            fd, tmp = tempfile.mkstemp(prefix=".modlinseq-", suffix=".tmp", dir=path.parent)
            self.temps.append(tmp)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, NEW_FILE_MODE if mode is None else mode)
        return tmp

    def keep_aside(self, path: Path, mode: int | None) -> None:
        """Keep the old file at `path` (if any) as a hard link, to restore it on rollback."""
        if mode is None:
            self.backups.append((path, None))
            return
        backup = tempfile.mktemp(prefix=".modlinseq-", suffix=".old", dir=path.parent)
        with interrupts.deferred():  # kept aside and noted together
            try:
                os.link(path, backup)
            except OSError:  # no hard links here: move it aside instead
                os.rename(path, backup)
            self.backups.append((path, backup))

    def rollback(self) -> None:
        """Put every target back as it was and remove what this write created."""
        for tmp in self.temps:
            _quiet(os.unlink, tmp)
        for path, backup in reversed(self.backups):
            if backup is None:
                _quiet(os.unlink, path)
            elif _same_file(path, backup):  # not replaced yet (and rename() of a hard link is a no-op)
                _quiet(os.unlink, backup)
            else:
                _quiet(os.replace, backup, path)
        for folder in reversed(self.created_dirs):
            _quiet(os.rmdir, folder)

    def commit(self) -> None:
        """Drop the kept old files."""
        for _path, backup in self.backups:
            if backup is not None:
                _quiet(os.unlink, backup)


def _same_file(path: Path, other: str) -> bool:
    try:
        return os.path.samestat(os.lstat(path), os.lstat(other))
    except OSError:
        return False


def _quiet(action, *args) -> None:
    try:
        action(*args)
    except OSError:
        pass


class Written(list):
    """The paths written, in order; `.removed` lists the stale files the write removed, `.replaced` the written
    paths where a file stood before (and was replaced)."""

    removed: list[Path] = []
    replaced: list[Path] = []


def write_files_atomic(files: Sequence[tuple[str | os.PathLike, bytes | str | None]]) -> Written:
    """Write several files all or nothing; a None payload removes that file (a stale page). Return the
    paths written, with the removed ones in `.removed`."""
    given = [(Path(path), data.encode("utf-8") if isinstance(data, str) else data) for path, data in files]
    check_distinct([path for path, _data in given])
    modes = [existing_mode(path) for path, _data in given]
    items = [(path, data, mode) for (path, data), mode in zip(given, modes) if data is not None or mode is not None]
    done = Transaction()
    current = items[0][0] if items else Path(".")
    try:
        interrupts.check()  # a Ctrl-C that something swallowed earlier in the run still stops the write
        staged: list[tuple[Path, str, int | None]] = []  # (the path, its temporary file, its former mode)
        for current, data, mode in items:
            if data is not None:
                done.make_parent(current)
                staged.append((current, done.stage(current, data, mode), mode))
        with interrupts.deferred():  # the renames are never cut half-way: a Ctrl-C during them undoes them all
            for current, data, mode in items:
                if data is None:
                    done.keep_aside(current, mode)
                    if os.path.lexists(current):
                        os.unlink(current)
            for current, tmp, mode in staged:
                done.keep_aside(current, mode)
                os.replace(tmp, current)
                done.temps.remove(tmp)
            interrupts.check()
            interrupts.settle()  # from here on the write stands, Ctrl-C or not
            done.commit()
    except BaseException as error:
        with interrupts.deferred():
            done.rollback()
        if isinstance(error, OSError):
            raise _fail(current, error) from None
        raise
    written = Written(path for path, data, _mode in items if data is not None)
    written.removed = [path for path, data, _mode in items if data is None]
    written.replaced = [path for path, data, mode in items if data is not None and mode is not None]
    return written


def write_atomic(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write bytes (or UTF-8 text) to `path` atomically and return the path."""
    return write_files_atomic([(path, data)])[0]
