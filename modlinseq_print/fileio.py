"""Atomic output: write to a temporary file beside the target, then rename, so no half-written file is left."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from modlinseq_print.errors import ModlinseqError


class OutputError(ModlinseqError):
    """An output path that cannot be written."""


def write_atomic(path: str | os.PathLike, data: bytes | str) -> Path:
    """Write bytes (or UTF-8 text) to `path` atomically and return the path."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    directory = target.parent if str(target.parent) else Path(".")
    if target.is_dir():
        raise OutputError(f"cannot write {target}: it is a directory; give a file name such as {target}/board.pdf")
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as error:
        raise OutputError(f"cannot write {target}: {error.strerror or error}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException as error:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise OutputError(f"cannot write {target}: {error.strerror or error}") from None
        raise
    return target


def write_files_atomic(files: list[tuple[str | os.PathLike, bytes | str]]) -> list[Path]:
    """Write several files atomically; if one fails, remove those this call already wrote."""
    written: list[Path] = []
    try:
        for path, data in files:
            written.append(write_atomic(path, data))
    except BaseException:
        for done in written:
            done.unlink(missing_ok=True)
        raise
    return written
