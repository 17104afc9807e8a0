"""What the studio's handlers see and answer: a request's JSON body and query, a file reply, heavy work to be
done in a worker process, an error with a status.

Plain data, no web framework: handler modules declare their routes, plain functions over these types, as a
`Feature` (feature.py), and the server (app.py) turns HTTP into them and back.
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from modlinseq_print.errors import ModlinseqError
from modlinseq_print.errors import one_line as one_line  # the studio words errors as every front end does

if TYPE_CHECKING:
    from modlinseq_print.studio.shelf import Shelves
    from modlinseq_print.studio.state import StudioState


class ApiError(ModlinseqError):
    """A request the studio refuses, with its HTTP status (and the request key at fault, when there is one)."""

    def __init__(self, message: str, status: int = 400, key: str | None = None):
        super().__init__(message)
        self.status = status
        self.key = key


def json_object(raw: bytes) -> dict:
    """A request body read as one JSON object (empty: {}), refused in one line when it is anything else."""
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ApiError("the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError("the request body must be a JSON object")
    return body


class Busy(ApiError):
    """A request that cannot start soon: every thread or worker process for its kind of work is taken and
    others already wait. Answered at once (503, with Retry-After), never after waiting out a time budget."""

    def __init__(self, retry_after: int = 3):
        super().__init__("the studio is busy with other requests: try again in a few seconds", 503)
        self.retry_after = retry_after


class Cancelled(BaseException):
    """Raised at a check point of a job that was stopped (cancelled, replaced or over its budget). A
    BaseException, so library code that catches Exception lets it pass."""


def _no_progress(label: str, done: float, total: float) -> None:
    """The progress report of a request nobody watches."""


@dataclass
class Request:
    """What a handler sees: the JSON body (a dict), the query parameters (one value each), where to report
    progress of long work (label, steps done, steps in all), the flag set when the job is stopped, and what the
    studio keeps between requests: in the server its `state` (the app's: kits, games, downloads; `studio`),
    in a worker process what that worker `kept` from its jobs before.

    Every progress report is a check point (jobs.py makes it raise Cancelled once the job is stopped); a long
    loop that reports no progress calls `check()` now and then."""

    body: dict
    query: dict[str, str]
    progress: Callable[[str, float, float], None] = field(default=_no_progress, repr=False)
    stopped: threading.Event = field(default_factory=threading.Event, repr=False)
    state: StudioState | None = field(default=None, repr=False)
    kept: Shelves | None = field(default=None, repr=False)

    @property
    def studio(self) -> StudioState:
        """The state of the studio app serving this request (only in the server: a heavy handler has none)."""
        if self.state is None:
            raise RuntimeError("this handler needs the server's state: it cannot run in a worker process")
        return self.state

    def check(self) -> None:
        """A check point: raise Cancelled when the job has been stopped."""
        if self.stopped.is_set():
            raise Cancelled()

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


@dataclass
class InWorker:
    """A handler's answer asking for heavy work in a worker process (which is killed, not asked, when the job is
    stopped): `function(Request(body, query))` runs there, and `then(result)`, when given, makes the answer
    here in the server (to keep a built kit, say); without `then` the function's result is the answer.

    `function` is a module-level function (it is sent by name), `body` and `query` plain data; `affinity` names
    what the work is about (a kit), so it goes to a worker that has done work on the same thing if one is free.
    """

    function: Callable[[Request], Any]
    body: dict
    query: dict[str, str] = field(default_factory=dict)
    then: Callable[[Any], "dict | Reply"] | None = None
    affinity: str | None = None
    form: str | None = None  # the page whose labels name the fields in the work's error messages


Handler = Callable[[Request], "dict | Reply | InWorker"]


def as_api_error(error: BaseException, form: str | None = None) -> ApiError:
    """Any failure of a handler as the ApiError answered for it: a refusal (its status), a bad value (400, its
    fields named as the `form` page labels them), out of memory (503), or a bug (500, reported on standard
    error)."""
    from modlinseq_print.studio.field_words import studio_message

    if isinstance(error, ApiError):
        return error
    if isinstance(error, ModlinseqError):
        message, key = studio_message(error, form)
        return ApiError(message, 400, key)
    if isinstance(error, MemoryError):
        return ApiError("the studio ran out of memory for this request: ask for less", 503)
    print(f"studio: internal error: {type(error).__name__}: {error}", file=sys.stderr)
    return ApiError(f"internal error ({type(error).__name__}); this is a bug in modlinseq-print", 500)
