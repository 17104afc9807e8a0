"""Running the command line in-process: its result (status, out, err) and the check of a one-line error.

The `cli` fixture in conftest.py runs `main` with pytest's capsys; `assert_one_line_error` checks the
contract every failing command keeps: exit status 2, nothing on stdout, one line on stderr, no file left.
"""

import contextlib
import os
import signal
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from modlinseq_print.cli import main

#: How an error line of the program starts.
ERROR_PREFIX = "modlinseq-print: error: "


class TimeBoundExceeded(BaseException):
    """A run took longer than its time bound (a BaseException, so the command line cannot report it as its own
    error: the test fails instead of hanging)."""


@contextlib.contextmanager
def time_bound(seconds: float):
    """Fail the block with TimeBoundExceeded when it runs longer than `seconds` of wall-clock time (SIGALRM)."""
    def expire(signum, frame):
        raise TimeBoundExceeded(f"still running after {seconds:g} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


class CliResult(NamedTuple):
    """One run of the command line: its exit status and what it wrote to stdout and stderr."""

    status: int
    out: str
    err: str


def run_cli(capsys, *argv: str | os.PathLike) -> CliResult:
    """Run `main` on argv (paths are turned into strings) and collect what it printed."""
    status = main([os.fspath(arg) for arg in argv])
    out, err = capsys.readouterr()
    return CliResult(status, out, err)


def files_in(folder: Path) -> list[str]:
    """The sorted names in folder; none when it does not exist."""
    return sorted(p.name for p in folder.iterdir()) if folder.exists() else []


def assert_one_line_error(result: CliResult, *words: str, usage: bool = False,
                          folder: Path | None = None, keep: Iterable[str] = ()) -> None:
    """Exit status 2, nothing on stdout, and one line on stderr that starts "modlinseq-print: error: " (argparse's
    usage errors start alike: `usage` only marks a test's error as one) and holds every one of words.
    With folder: no file is left in it (a folder that does not exist is empty) but the names in keep."""
    assert result.status == 2, result
    assert result.out == "", result
    assert result.err.count("\n") == 1 and result.err.endswith("\n"), result.err
    assert result.err.startswith(ERROR_PREFIX), result.err
    for word in words:
        assert word in result.err, (word, result.err)
    if folder is not None:
        assert files_in(folder) == sorted(keep)
