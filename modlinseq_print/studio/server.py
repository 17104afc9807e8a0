"""The studio's WSGI application: routing, the local-tool guards (Host, Origin, body size) and JSON errors.

Standard library only (wsgiref): the studio is a local tool with one user. Every error is a JSON object {"error": "one line"}, never a traceback page.
"""

from __future__ import annotations

import json
import mimetypes
import sys
from dataclasses import dataclass
from importlib import resources
from typing import Callable, Iterable
from urllib.parse import parse_qs

from modlinseq_print.errors import ModlinseqError

MAX_BODY = 2 * 1024 * 1024  # bytes: a board file, a preset or a transcript is far smaller
PAGES = {"/": "board.html", "/board": "board.html", "/kit": "kit.html", "/position": "position.html"}
STATUS = {200: "200 OK", 400: "400 Bad Request", 403: "403 Forbidden", 404: "404 Not Found",
          405: "405 Method Not Allowed", 413: "413 Content Too Large", 415: "415 Unsupported Media Type",
          500: "500 Internal Server Error"}


class ApiError(ModlinseqError):
    """A request the studio refuses, with its HTTP status."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass
class Request:
    """What a handler sees: the JSON body (a dict) and the query parameters (one value each)."""

    body: dict
    query: dict[str, str]


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


def _routes() -> dict[tuple[str, str], Handler]:
    from modlinseq_print.studio import board_api, kit_api, position_api

    routes: dict[tuple[str, str], Handler] = {}
    for module in (board_api, kit_api, position_api):
        routes.update(module.ROUTES)
    return routes


class StudioApp:
    """The WSGI callable. `host` and `port` are the address served: requests naming another Host are refused."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000):
        self.allowed_hosts = allowed_hosts(host, port)
        self.routes = _routes()

    def __call__(self, environ: dict, start_response) -> Iterable[bytes]:
        try:
            status, headers, body = self.handle(environ)
        except ApiError as error:
            status, headers, body = _json(error.status, {"error": one_line(str(error))})
        except ModlinseqError as error:
            status, headers, body = _json(400, {"error": one_line(str(error))})
        except Exception as error:  # the last line of defence: a bug, reported in one line
            print(f"studio: internal error: {type(error).__name__}: {error}", file=sys.stderr)
            status, headers, body = _json(500, {"error": one_line(f"internal error ({type(error).__name__}); "
                                                                  "this is a bug in modlinseq-print")})
        headers += [("X-Content-Type-Options", "nosniff"), ("Cache-Control", "no-store")]
        start_response(STATUS[status], headers)
        return [body]

    def handle(self, environ: dict) -> tuple[int, list[tuple[str, str]], bytes]:
        """Check the request and dispatch it to a page, a static file or an API handler."""
        self.check_origin(environ)
        method, path = environ.get("REQUEST_METHOD", "GET"), environ.get("PATH_INFO", "/")
        if path in PAGES and method == "GET":
            return _static(PAGES[path])
        if path.startswith("/static/") and method == "GET":
            return _static(path[len("/static/"):])
        handler = self.routes.get((method, path))
        if handler is None:
            if any(p == path for _, p in self.routes):
                raise ApiError(f"{method} is not allowed on {path}", 405)
            raise ApiError(f"no such page or API: {path}", 404)
        query = {k: v[-1] for k, v in parse_qs(environ.get("QUERY_STRING", "")).items()}
        answer = handler(Request(read_json(environ) if method == "POST" else {}, query))
        if isinstance(answer, Reply):
            headers = [("Content-Type", answer.content_type), ("Content-Length", str(len(answer.content)))]
            if answer.filename:
                headers.append(("Content-Disposition", f'attachment; filename="{answer.filename}"'))
            return 200, headers, answer.content
        return _json(200, answer)

    def check_origin(self, environ: dict) -> None:
        """Refuse a Host header other than the served address (DNS rebinding) and cross-site requests."""
        host = environ.get("HTTP_HOST", "").lower()
        if host not in self.allowed_hosts:
            raise ApiError(f"host {host or '(none)'!r} refused: the studio answers only to "
                           f"{sorted(self.allowed_hosts)[0]}", 403)
        origin = environ.get("HTTP_ORIGIN")
        if origin and origin.lower().split("://", 1)[-1] not in self.allowed_hosts:
            raise ApiError(f"origin {origin!r} refused: requests must come from the studio's own pages", 403)


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


def read_json(environ: dict) -> dict:
    """The request body as a JSON object, refusing other content types and bodies over MAX_BODY."""
    kind = environ.get("CONTENT_TYPE", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(f"send JSON (Content-Type: application/json), not {kind or 'nothing'!r}", 415)
    try:
        length = int(environ.get("CONTENT_LENGTH") or 0)
    except ValueError:
        raise ApiError("bad Content-Length") from None
    if length > MAX_BODY:
        raise ApiError(f"request body of {length} bytes is over the limit of {MAX_BODY} bytes", 413)
    raw = environ["wsgi.input"].read(length) if length else b""
    try:
        body = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise ApiError("the request body is not valid JSON") from None
    if not isinstance(body, dict):
        raise ApiError("the request body must be a JSON object")
    return body


def _json(status: int, payload: dict) -> tuple[int, list[tuple[str, str]], bytes]:
    body = json.dumps(payload, separators=(",", ":")).encode()
    return status, [("Content-Type", "application/json"), ("Content-Length", str(len(body)))], body


def _static(name: str) -> tuple[int, list[tuple[str, str]], bytes]:
    """A file shipped in the package's static folder; names are looked up, never joined into a path."""
    folder = resources.files("modlinseq_print.studio") / "static"
    files = {entry.name: entry for entry in folder.iterdir() if entry.is_file()}
    if name not in files:
        raise ApiError(f"no such file: {name}", 404)
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind.endswith("javascript"):
        kind += "; charset=utf-8"
    data = files[name].read_bytes()
    return 200, [("Content-Type", kind), ("Content-Length", str(len(data)))], data


def make_server(host: str = "127.0.0.1", port: int = 8000):
    """A threaded WSGI server for the studio on host:port (port 0 picks a free one)."""
    import socket
    from socketserver import ThreadingMixIn
    from wsgiref.simple_server import WSGIRequestHandler, WSGIServer
    from wsgiref.simple_server import make_server as wsgi_server

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the standard library's name
            if not str(args[1] if len(args) > 1 else "").startswith(("2", "3")):
                super().log_message(format, *args)

    class ThreadingServer(ThreadingMixIn, WSGIServer):
        daemon_threads = True
        address_family = socket.AF_INET6 if ":" in host else socket.AF_INET

    server = wsgi_server(host, port, StudioApp(host, port), server_class=ThreadingServer, handler_class=QuietHandler)
    if port == 0:
        server.set_app(StudioApp(host, server.server_port))
    return server
