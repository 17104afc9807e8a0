"""A test client for the studio: the ASGI app in-process (Starlette's TestClient), as a browser on 127.0.0.1."""

from __future__ import annotations

import asyncio
import http.client
import json
from dataclasses import dataclass

from starlette.testclient import TestClient

from modlinseq_print.studio.app import StudioApp

HOST = "127.0.0.1:8000"
HEADER_TIMEOUT = 1.5  # seconds: the header deadline of the served studio (conftest's `served`)


@dataclass
class Answer:
    """A response: status code, headers and body."""

    status: int
    headers: dict
    body: bytes

    def json(self) -> dict:
        assert self.headers["content-type"].startswith("application/json"), self.headers
        return json.loads(self.body)


class Client:
    """Requests to the application, in-process."""

    def __init__(self, app: StudioApp):
        self.app = app
        self.http = TestClient(app, base_url=f"http://{HOST}", raise_server_exceptions=True)

    def request(self, method: str, path: str, body=None, host: str = HOST, headers: dict | None = None,
                raw: bytes | None = None, content_type: str = "application/json") -> Answer:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        sent = {"host": host, **({"content-type": content_type} if data is not None else {}), **(headers or {})}
        response = self.http.request(method, path, content=data, headers=sent)
        return Answer(response.status_code, dict(response.headers), response.content)

    def get(self, path: str, **kw) -> Answer:
        return self.request("GET", path, **kw)

    def post(self, path: str, body=None, **kw) -> Answer:
        return self.request("POST", path, body if body is not None else {}, **kw)


class DirectClient(Client):
    """The same requests, handed to the ASGI app on one event loop of this thread: the app's own code from its
    first line, without the test client's threads and portal per request (about a tenth of the cost), for
    tests that send thousands of requests."""

    def __init__(self, app: StudioApp):
        super().__init__(app)
        self.loop = asyncio.new_event_loop()

    def request(self, method: str, path: str, body=None, host: str = HOST, headers: dict | None = None,
                raw: bytes | None = None, content_type: str = "application/json") -> Answer:
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else b"")
        sent = {"host": host, "accept": "*/*", "user-agent": "testclient", "content-length": str(len(data)),
                **({"content-type": content_type} if data else {}), **(headers or {})}
        route, _, query = path.partition("?")
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
                 "scheme": "http", "path": route, "raw_path": route.encode(), "query_string": query.encode(),
                 "root_path": "", "headers": [(k.lower().encode(), v.encode()) for k, v in sent.items()],
                 "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}
        return self.loop.run_until_complete(_answer(self.app, scope, data))

    def close(self) -> None:
        self.loop.close()


async def _answer(app, scope: dict, data: bytes) -> Answer:
    """One request through the ASGI app: the body at once, then a client that stays (never disconnects)."""
    given, reply = [], {"status": 0, "headers": {}, "body": b""}

    async def receive() -> dict:
        if not given:
            given.append(True)
            return {"type": "http.request", "body": data, "more_body": False}
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        if message["type"] == "http.response.start":
            reply["status"] = message["status"]
            reply["headers"] = {k.decode("latin-1"): v.decode("latin-1") for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            reply["body"] += message.get("body", b"")

    await app(scope, receive, send)
    return Answer(reply["status"], reply["headers"], reply["body"])


def assert_one_line_error(answer: Answer, status: int, *words: str) -> str:
    """The answer is a JSON error with that status: one line, no traceback, containing the words."""
    assert answer.status == status, (answer.status, answer.body)
    message = answer.json()["error"]
    assert "\n" not in message and "Traceback" not in message
    for word in words:
        assert word in message, message
    return message


def request(port: int, path: str, body: dict | None = None, timeout: float = 60) -> tuple[int, dict]:
    """A request to a served studio over HTTP: its status and its JSON answer ({} when not JSON)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    headers = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json"}
    connection.request("POST" if body is not None else "GET", path, json.dumps(body) if body is not None else None,
                       headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    is_json = response.getheader("content-type", "").startswith("application/json")
    return response.status, json.loads(data) if is_json else {}


def post_head(port: int, path: str, extra: str) -> bytes:
    """The head of a POST request to a served studio, with `extra` header lines."""
    return (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n{extra}"
            "\r\n").encode()
