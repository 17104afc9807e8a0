"""The studio's web application (Starlette): pages, static files, and the API routes of the features.

Every API request passes `StudioApp.endpoint`, the one place where the local-tool rules hold: the Host and
Origin checks (the `LocalOnly` middleware, for pages too), a JSON body of bounded size read within a time limit,
the rule that no value names a file (client_words.py), the handler run off the event loop as a job with a time
budget that stops when the client goes away (jobs.py: light work in a thread, heavy work in a worker process),
and a bounded answer. Every error is a JSON object {"error": "one line"}, never a traceback page (responses.py).

The features are data: each handler module (board_api, kit_api, position_api, pieces3d_api, play_api) declares
one `FEATURE = Feature(...)` (feature.py: its routes, form, budgets, heavy and patient paths, pages), and the
app serves the tuple `FEATURES`; a new feature is a new module listed there. A light handler is bounded up
front (the caps of limits.py) and calls `request.check()` in any loop that may take long without reporting
progress; a heavy one needs nothing: its process is killed when it is stopped.

What the app keeps between requests (built kits, games, downloads) and the workers it runs jobs on are its
`StudioState` (state.py), which handlers reach as `request.studio`; the app's lifespan closes it on shutdown.

Starlette's own pieces where they fit: its router, exception handlers, middleware stack and lifespan. Not its
StaticFiles, which opens the file a request's path names: the studio's files are read once from the package
(pages with their option defaults filled in) and looked up by name. Nor its TrustedHostMiddleware (it ignores
the port and answers in plain text) or RequestBodyLimitMiddleware (its plain-text 413 replaces the answer):
the studio's guard and body reader answer one JSON line.
"""

from __future__ import annotations

import asyncio
import contextlib
import mimetypes
from functools import partial
from importlib import resources
from pathlib import Path
from typing import AsyncIterator

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect
from starlette.requests import Request as HttpRequest
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from modlinseq_print.studio import board_api, kit_api, pieces3d_api, play_api, position_api
from modlinseq_print.studio.client_words import refuse_file_names
from modlinseq_print.studio.exchange import ApiError, Handler, Request, json_object
from modlinseq_print.studio.feature import Feature
from modlinseq_print.studio.jobs import run_job
from modlinseq_print.studio.limits import MAX_ANSWER
from modlinseq_print.studio.option_fields import PAGE_OPTIONS, with_defaults
from modlinseq_print.studio.progress_stream import ProgressStream, until_disconnected
from modlinseq_print.studio.responses import SecurityHeaders, answer_response, error_response, failure_response
from modlinseq_print.studio.rooms_api import RoomRoutes
from modlinseq_print.studio.rooms_hall import RoomHall
from modlinseq_print.studio.state import StudioState

MAX_BODY = 2 * 1024 * 1024  # bytes: a board file, a preset or a transcript is far smaller
BODY_TIMEOUT = 10.0  # seconds to receive a request's body once its headers are in
BUDGET = 30.0  # seconds of work for a request, unless its feature's budgets say otherwise
FEATURES: tuple[Feature, ...] = (board_api.FEATURE, kit_api.FEATURE, position_api.FEATURE, pieces3d_api.FEATURE,
                                 play_api.FEATURE)


class LocalOnly:
    """ASGI middleware: refuse a Host header other than the served address (DNS rebinding) and cross-site
    requests (an Origin other than the studio's own pages): an HTTP request with a one-line JSON 403, a
    WebSocket (a game room's) by closing it with 1008, policy violation, before it is accepted."""

    def __init__(self, app: ASGIApp, allowed_hosts: set[str]):
        self.app, self.allowed_hosts = app, allowed_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        refused = self.refusal(scope) if scope["type"] in ("http", "websocket") else None
        if refused is not None and scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if refused is not None:
            await refused(scope, receive, send)
            return
        await self.app(scope, receive, send)

    def refusal(self, scope: Scope) -> Response | None:
        """The answer refusing this request, or None when it comes from the studio's own address and pages."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        host = headers.get("host", "").lower()
        if host not in self.allowed_hosts:
            return error_response(403, f"host {host or '(none)'!r} refused: the studio answers only to "
                                       f"{sorted(self.allowed_hosts)[0]}")
        origin = headers.get("origin")
        if origin and origin.lower().split("://", 1)[-1] not in self.allowed_hosts:
            return error_response(403, f"origin {origin!r} refused: requests must come from the studio's own pages")
        return None


class StudioApp:
    """The ASGI application. `host` and `port` are the address served: requests naming another Host are refused.
    Its `state` is its own (kits, games, downloads, workers): two apps share nothing; `close()` ends it (the
    lifespan's shutdown does)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, *, features: tuple[Feature, ...] = FEATURES,
                 state: StudioState | None = None, rooms_file: Path | None = None):
        self.allowed_hosts = allowed_hosts(host, port)
        self.state = state or StudioState()
        self.rooms = RoomHall(rooms_file)  # the game rooms (rooms_hall.py): their file, opened on first use
        self.routes: dict[tuple[str, str], Handler] = {}
        self.budgets: dict[str, float] = {}
        self.heavy: set[str] = set()
        self.patient: set[str] = set()
        self.forms: dict[str, str | None] = {}
        pages: dict[str, str] = {}
        for feature in features:
            self.routes.update(feature.routes)
            self.forms.update({path: feature.form for _, path in feature.routes})
            self.budgets.update(feature.budgets)
            self.heavy |= feature.heavy
            self.patient |= feature.patient
            pages.update(feature.pages)
        self.files = static_files()
        routes = [Route(path, partial(self.page, name), methods=["GET"]) for path, name in pages.items()]
        routes.append(Route("/static/{name}", self.static, methods=["GET"]))
        for path in sorted({path for _, path in self.routes}):
            methods = [method for method, p in self.routes if p == path]
            routes.append(Route(path, partial(self.endpoint, path), methods=methods))
        routes += RoomRoutes(self, self.rooms).routes()
        middleware = [Middleware(SecurityHeaders), Middleware(LocalOnly, allowed_hosts=self.allowed_hosts)]
        self.app = Starlette(routes=routes, middleware=middleware, lifespan=self.lifespan,
                             exception_handlers={HTTPException: self.http_error})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.app(scope, receive, send)

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        """Serve, then close the state (its worker processes and threads) when the server shuts down."""
        try:
            yield
        finally:
            self.close()

    def close(self) -> None:
        """Kill the app's worker processes, end its light-work threads and close its rooms' file."""
        self.state.close()
        self.rooms.close()

    async def http_error(self, request: HttpRequest, error: Exception) -> Response:
        """The router's 404 and 405 as JSON lines."""
        status = error.status_code if isinstance(error, HTTPException) else 500
        if status == 405:
            return error_response(405, f"{request.method} is not allowed on {request.url.path}")
        return error_response(status, f"no such page or API: {request.url.path}")

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
        return Response(data, media_type=kind)

    async def endpoint(self, path: str, request: HttpRequest) -> Response:
        """Every API request: read and check it, run its handler as a job, answer in JSON or with a file."""
        handler, form = self.routes[(request.method, path)], self.forms.get(path)
        try:
            body = await read_json(request) if request.method == "POST" else {}
            query = dict(request.query_params)
            refuse_file_names(query)
            refuse_file_names(body)
            job = partial(run_job, handler, budget=self.budgets.get(path, BUDGET), heavy=path in self.heavy,
                          form=form)
            asked = Request(body, query, state=self.state)
            if "application/x-ndjson" in request.headers.get("accept", ""):
                return ProgressStream(job, asked, request.receive, form)
            answer = await watched(request, job(asked, patient=path in self.patient))
            return answer_response(answer)
        except ClientDisconnect:
            return Response(status_code=499)
        except Exception as error:  # noqa: BLE001 - every failure becomes one JSON line
            return failure_response(error, form)


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
    return json_object(bytes(raw))


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
