"""The studio's web application (Starlette): pages, static files, and the API routes of the handler modules.

Every API request passes `StudioApp.endpoint`, the one place where the local-tool rules hold: the Host and
Origin checks (in `guard`, for pages too), a JSON body of bounded size read within a time limit, the rule
that no value names a file (client_words.py), the handler run off the event loop as a job with a time
budget that stops when the client goes away (jobs.py: light work in a thread, heavy work in a worker process),
and a bounded answer. Every error is a JSON object {"error": "one line"}, never a traceback page.

A handler module (board_api, kit_api, position_api, pieces3d_api; a new feature is a new module listed in
`api_modules`) declares:

- `ROUTES = {(method, path): handler}`: plain functions of a `Request` (exchange.py) answering a JSON-able
  dict, a `Reply` (a file), or `InWorker(function, body, ..., then=...)` to have heavy work done in a worker
  process and its result made into the answer here;
- `BUDGETS = {path: seconds}` (optional): the path's time budget, when not BUDGET;
- `HEAVY = {path, ...}` (optional): paths whose handler runs whole in a worker process (it must then be a
  module-level function, and use no state of the server; it reads what its request carries);
- `PAGES = {path: file in static/}` (optional): pages of its own.

A light handler is bounded up front (the caps of limits.py) and calls `request.check()` in any loop that may
take long without reporting progress; a heavy one needs nothing: its process is killed when it is stopped.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
from functools import partial
from importlib import resources

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect
from starlette.requests import Request as HttpRequest
from starlette.responses import Response
from starlette.routing import Route

from modlinseq_print.studio.client_words import refuse_file_names
from modlinseq_print.studio.exchange import ApiError, Handler, Reply, Request, as_api_error, one_line
from modlinseq_print.studio.jobs import run_job
from modlinseq_print.studio.limits import MAX_ANSWER, check_answer_size
from modlinseq_print.studio.option_fields import PAGE_OPTIONS, with_defaults
from modlinseq_print.studio.progress_stream import ProgressStream, until_disconnected
from modlinseq_print.studio.rooms_api import RoomRoutes
from modlinseq_print.studio.rooms_hall import RoomHall

MAX_BODY = 2 * 1024 * 1024  # bytes: a board file, a preset or a transcript is far smaller
BODY_TIMEOUT = 10.0  # seconds to receive a request's body once its headers are in
BUDGET = 30.0  # seconds of work for a request, unless its module's BUDGETS say otherwise
PAGES = {"/": "board.html", "/board": "board.html", "/kit": "kit.html", "/position": "position.html"}
SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
                    "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
                    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                                               "frame-ancestors 'none'; form-action 'none'"}


def api_modules() -> list:
    """The handler modules: each has ROUTES {(method, path): handler}, and may have BUDGETS {path: seconds},
    HEAVY {path, ...} (run in a worker process), PAGES {path: file in static/} (a page of its own) and FORM (the
    page whose labels its messages use). A new feature is a new module listed here."""
    from modlinseq_print.studio import board_api, kit_api, pieces3d_api, play_api, position_api

    return [board_api, kit_api, position_api, pieces3d_api, play_api]


def error_response(status: int, message: str, key: str | None = None, retry_after: int | None = None) -> Response:
    """The JSON error answer: one line, and the request key at fault when known; a busy studio says when to
    try again (Retry-After, in seconds)."""
    payload = {"error": one_line(message)} | ({"key": key} if key else {})
    headers = SECURITY_HEADERS | ({"Retry-After": str(retry_after)} if retry_after else {})
    return Response(json.dumps(payload, separators=(",", ":")), status, media_type="application/json",
                    headers=headers)


class StudioApp:
    """The ASGI application. `host` and `port` are the address served: requests naming another Host are refused."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, rooms_file=None):
        self.rooms = RoomHall(rooms_file)  # the game rooms (rooms_hall.py): their file, opened on first use
        self.allowed_hosts = allowed_hosts(host, port)
        self.routes: dict[tuple[str, str], Handler] = {}
        self.budgets: dict[str, float] = {}
        self.heavy: set[str] = set()
        self.patient: set[str] = set()
        self.forms: dict[str, str | None] = {}
        pages = dict(PAGES)
        for module in api_modules():
            self.routes.update(module.ROUTES)
            self.forms.update({path: getattr(module, "FORM", None) for _, path in module.ROUTES})
            self.budgets.update(getattr(module, "BUDGETS", {}))
            self.heavy |= set(getattr(module, "HEAVY", ()))
            self.patient |= set(getattr(module, "PATIENT", ()))
            pages.update(getattr(module, "PAGES", {}))
        self.files = static_files()
        routes = [Route(path, partial(self.page, name), methods=["GET"]) for path, name in pages.items()]
        routes.append(Route("/static/{name}", self.static, methods=["GET"]))
        for path in sorted({path for _, path in self.routes}):
            methods = [method for method, p in self.routes if p == path]
            routes.append(Route(path, partial(self.endpoint, path), methods=methods))
        routes += RoomRoutes(self, self.rooms, SECURITY_HEADERS).routes()
        self.app = Starlette(routes=routes, exception_handlers={HTTPException: self.http_error})

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            refused = self.guard(scope)
            if refused is not None:
                await refused(scope, receive, send)
                return
        await self.app(scope, receive, send)

    def guard(self, scope) -> Response | None:
        """Refuse a Host header other than the served address (DNS rebinding) and cross-site requests."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "").lower()
        if host not in self.allowed_hosts:
            return error_response(403, f"host {host or '(none)'!r} refused: the studio answers only to "
                                       f"{sorted(self.allowed_hosts)[0]}")
        origin = headers.get("origin")
        if origin and origin.lower().split("://", 1)[-1] not in self.allowed_hosts:
            return error_response(403, f"origin {origin!r} refused: requests must come from the studio's own pages")
        return None

    async def http_error(self, request: HttpRequest, error: HTTPException) -> Response:
        """The router's 404 and 405 as JSON lines."""
        if error.status_code == 405:
            return error_response(405, f"{request.method} is not allowed on {request.url.path}")
        return error_response(error.status_code, f"no such page or API: {request.url.path}")

    async def page(self, name: str, request: HttpRequest) -> Response:
        """One of the studio's pages."""
        return self.file_response(name)

    async def static(self, request: HttpRequest) -> Response:
        """A file shipped in the package's static folder, looked up by name (never joined into a path)."""
        return self.file_response(request.path_params["name"])

    def file_response(self, name: str) -> Response:
        if name not in self.files:
            return error_response(404, f"no such file: {name}")
        data, kind = self.files[name]
        return Response(data, media_type=kind, headers=SECURITY_HEADERS)

    async def endpoint(self, path: str, request: HttpRequest) -> Response:
        """Every API request: read and check it, run its handler as a job, answer in JSON or with a file."""
        handler = self.routes[(request.method, path)]
        try:
            body = await read_json(request) if request.method == "POST" else {}
            query = dict(request.query_params)
            refuse_file_names(query)
            refuse_file_names(body)
            budget, heavy = self.budgets.get(path, BUDGET), path in self.heavy
            if "application/x-ndjson" in request.headers.get("accept", ""):
                return ProgressStream(handler, body, query, budget, heavy, request.receive, self.forms.get(path))
            answer = await watched(request, run_job(handler, Request(body, query), budget, heavy, self.forms.get(path),
                                                     patient=path in self.patient))
            return answer_response(answer)
        except ClientDisconnect:
            return Response(status_code=499)
        except Exception as error:  # noqa: BLE001 - every failure becomes one JSON line
            return failure_response(error, self.forms.get(path))


async def watched(request: HttpRequest, work):
    """Await `work` unless the client goes away first: then it is cancelled (and its job stopped)."""
    task = asyncio.ensure_future(work)
    watch = asyncio.ensure_future(until_disconnected(request.receive))
    try:
        await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        watch.cancel()
        if not task.done():
            task.cancel()
    if not task.done() or task.cancelled():
        raise ClientDisconnect()
    return task.result()


def answer_response(answer: dict | Reply) -> Response:
    """A handler's answer as an HTTP response (a file download, or JSON), refused when over MAX_ANSWER."""
    if isinstance(answer, Reply):
        check_answer_size(len(answer.content))
        headers = dict(SECURITY_HEADERS)
        if answer.filename:
            headers["Content-Disposition"] = f'attachment; filename="{answer.filename}"'
        return Response(answer.content, media_type=answer.content_type, headers=headers)
    data = json.dumps(answer, separators=(",", ":")).encode()
    check_answer_size(len(data))
    return Response(data, media_type="application/json", headers=SECURITY_HEADERS)


def failure_response(error: Exception, form: str | None = None) -> Response:
    """An exception as its JSON line: a refusal (its status), a bad value (400, its fields named as the `form`
    page labels them), too long, too big or busy (503) or a bug (500)."""
    failure = as_api_error(error, form)
    return error_response(failure.status, str(failure), failure.key, getattr(failure, "retry_after", None))


async def read_json(request: HttpRequest) -> dict:
    """The request body as a JSON object: JSON content type, at most MAX_BODY bytes (declared or streamed,
    chunked or not), received within BODY_TIMEOUT seconds."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(f"send JSON (Content-Type: application/json), not {kind or 'nothing'!r}", 415)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(f"request body of {int(declared)} bytes is over the limit of {MAX_BODY} bytes", 413)
    raw = bytearray()
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise ApiError(f"request body is over the limit of {MAX_BODY} bytes", 413)
    except TimeoutError:
        raise ApiError(f"the request body did not arrive within {BODY_TIMEOUT:g} s", 408) from None
    try:
        body = json.loads(bytes(raw) or b"{}")
    except (ValueError, RecursionError):
        raise ApiError("the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError("the request body must be a JSON object")
    return body


def allowed_hosts(host: str, port: int) -> set[str]:
    """The Host header values that name the served address (a wildcard bind adds this machine's names)."""
    if host in ("127.0.0.1", "localhost"):
        names = {"127.0.0.1", "localhost"}
    elif host in ("0.0.0.0", "::"):
        import socket

        names = {"127.0.0.1", "localhost", socket.gethostname().lower()}
        try:
            names |= set(socket.gethostbyname_ex(socket.gethostname())[2])
        except OSError:
            pass
    else:
        names = {f"[{host}]" if ":" in host else host.lower()}
    return {f"{name}:{port}" for name in names}


def static_files() -> dict[str, tuple[bytes, str]]:
    """The package's static files, read once: name -> (bytes, content type)."""
    folder = resources.files("modlinseq_print.studio") / "static"
    files = {}
    for entry in folder.iterdir():
        if entry.is_file():
            kind = mimetypes.guess_type(entry.name)[0] or "application/octet-stream"
            if kind.startswith("text/") or kind.endswith("javascript"):
                kind += "; charset=utf-8"
            data = entry.read_bytes()
            if entry.name in PAGE_OPTIONS:  # its controls set from the option definitions
                data = with_defaults(entry.name, data.decode("utf-8")).encode("utf-8")
            files[entry.name] = (data, kind)
    return files


__all__ = ["MAX_ANSWER", "MAX_BODY", "StudioApp", "allowed_hosts"]
