"""A test client for the studio: calls the WSGI app in-process, as a browser on 127.0.0.1 would."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass

from modlinseq_print.studio.server import StudioApp

HOST = "127.0.0.1:8000"


@dataclass
class Answer:
    """A response: status code, headers and body."""

    status: int
    headers: dict
    body: bytes

    def json(self) -> dict:
        assert self.headers["Content-Type"].startswith("application/json"), self.headers
        return json.loads(self.body)


class Client:
    """Requests straight to the WSGI callable."""

    def __init__(self, app: StudioApp):
        self.app = app

    def request(self, method: str, path: str, body=None, host: str = HOST, headers: dict | None = None,
                raw: bytes | None = None, content_type: str = "application/json") -> Answer:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
        path, _, query = path.partition("?")
        environ = {"REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query, "HTTP_HOST": host,
                   "CONTENT_TYPE": content_type, "CONTENT_LENGTH": str(len(data)), "wsgi.input": io.BytesIO(data)}
        environ.update(headers or {})
        seen = {}

        def start_response(status, response_headers):
            seen["status"], seen["headers"] = int(status.split()[0]), dict(response_headers)

        payload = b"".join(self.app(environ, start_response))
        return Answer(seen["status"], seen["headers"], payload)

    def get(self, path: str, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path: str, body=None, **kw) -> Answer:
        return self.request("POST", path, body if body is not None else {}, **kw)



def assert_one_line_error(answer: Answer, status: int, *words: str) -> str:
    """The answer is a JSON error with that status: one line, no traceback, containing the words."""
    assert answer.status == status, (answer.status, answer.body)
    message = answer.json()["error"]
    assert "\n" not in message and "Traceback" not in message
    for word in words:
        assert word in message, message
    return message
