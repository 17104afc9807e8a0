"""The studio's answers over HTTP: a handler's answer (JSON or a file), a failure as its one JSON line, and the
headers every answer carries (added by `SecurityHeaders`, the app's outermost middleware).

Shared by the application (app.py) and the streamed answers (progress_stream.py): neither imports the other.
"""

from __future__ import annotations

import json

from starlette.responses import Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from modlinseq_print.studio.exchange import Reply, as_api_error, one_line
from modlinseq_print.studio.limits import check_answer_size

SECURITY_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store",
                    "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
                    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                                               "frame-ancestors 'none'; form-action 'none'"}


class SecurityHeaders:
    """ASGI middleware: every HTTP answer (pages, files, JSON, errors, streams) gets SECURITY_HEADERS."""

    def __init__(self, app: ASGIApp):
        self.app = app
        self.headers = [(name.lower().encode("latin-1"), value.encode("latin-1"))
                        for name, value in SECURITY_HEADERS.items()]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *self.headers]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def json_bytes(payload: object) -> bytes:
    """A JSON answer's bytes, compact."""
    return json.dumps(payload, separators=(",", ":")).encode()


def error_response(status: int, message: str, key: str | None = None, retry_after: int | None = None) -> Response:
    """The JSON error answer: one line, and the request key at fault when known; a busy studio says when to
    try again (Retry-After, in seconds)."""
    payload = {"error": one_line(message)} | ({"key": key} if key else {})
    headers = {"Retry-After": str(retry_after)} if retry_after else None
    return Response(json_bytes(payload), status, media_type="application/json", headers=headers)


def failure_response(error: Exception, form: str | None = None) -> Response:
    """An exception as its JSON line: a refusal (its status), a bad value (400, its fields named as the `form`
    page labels them), too long, too big or busy (503) or a bug (500)."""
    failure = as_api_error(error, form)
    return error_response(failure.status, str(failure), failure.key, getattr(failure, "retry_after", None))


def answer_response(answer: dict | Reply) -> Response:
    """A handler's answer as an HTTP response (a file download, or JSON), refused when over MAX_ANSWER."""
    if isinstance(answer, Reply):
        check_answer_size(len(answer.content))
        headers = {"Content-Disposition": f'attachment; filename="{answer.filename}"'} if answer.filename else None
        return Response(answer.content, media_type=answer.content_type, headers=headers)
    data = json_bytes(answer)
    check_answer_size(len(data))
    return Response(data, media_type="application/json")
