"""What the studio's handlers see and answer: a request's JSON body and query, a file reply, an error with a status.

Plain data, no web framework: handler modules hold tables of plain functions (ROUTES) over these types, and
the server (app.py) turns HTTP into them and back.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Callable

from modlinseq_print.errors import ModlinseqError


class ApiError(ModlinseqError):
    """A request the studio refuses, with its HTTP status (and the request key at fault, when there is one)."""

    def __init__(self, message: str, status: int = 400, key: str | None = None):
        super().__init__(message)
        self.status = status
        self.key = key


def _no_progress(label: str, done: int, total: int) -> None:
    """The progress report of a request nobody watches."""


@dataclass
class Request:
    """What a handler sees: the JSON body (a dict), the query parameters (one value each), and where to report
    progress of long work (label, steps done, steps in all)."""

    body: dict
    query: dict[str, str]
    progress: Callable[[str, int, int], None] = field(default=_no_progress, repr=False)

    def counter(self, total: int) -> Callable[[str], None]:
        """A progress callback for the library's hooks (called with a label after each of `total` steps)."""
        done = itertools.count(1)
        return lambda label: self.progress(label, min(next(done), total), total)


@dataclass
class Reply:
    """A handler's answer: bytes with a content type, and a file name when it is a download."""

    content: bytes
    content_type: str
    filename: str | None = None


Handler = Callable[[Request], "dict | Reply"]


def one_line(text: str, limit: int = 300) -> str:
    """A message on one line, cut to a readable length."""
    line = " ".join(str(text).split())
    return line if len(line) <= limit else line[: limit - 3] + "..."
