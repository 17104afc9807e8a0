"""The studio's real server (uvicorn) at the HTTP edge: bad lengths, chunked bodies, stalled and parallel
connections, keep-alive (the jobs behind the requests: test_studio_jobs.py)."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from modlinseq_print.studio import app as studio_app
from studio_client import HEADER_TIMEOUT, post_head, request


def raw(port: int, data: bytes, timeout: float = 10) -> bytes:
    """Send bytes as they are and read the whole answer (the server closes or answers in full)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except TimeoutError:
                break
            if not chunk:
                break
            chunks.append(chunk)
            if b"\r\n\r\n" in b"".join(chunks) and _complete(b"".join(chunks)):
                break
        return b"".join(chunks)


def _complete(answer: bytes) -> bool:
    head, _, body = answer.partition(b"\r\n\r\n")
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"content-length:"):
            return len(body) >= int(line.split(b":")[1])
    return False


def status_and_error(answer: bytes) -> tuple[int, str]:
    head, _, body = answer.partition(b"\r\n\r\n")
    message = json.loads(body)["error"]
    assert "\n" not in message
    return int(head.split()[1]), message


@pytest.mark.parametrize("length", ["-5", "abc", "1e3", "99999999999999999999999"])
def test_a_bad_content_length_is_a_json_400(served, length):
    answer = raw(served.port, post_head(served.port, "/api/board/preview", f"Content-Length: {length}\r\n") + b"{}")
    status, message = status_and_error(answer)
    assert status == 400 and "bad HTTP request" in message


def test_an_announced_huge_body_is_refused_before_it_is_sent(served):
    answer = raw(served.port, post_head(served.port, "/api/board/preview", "Content-Length: 50000000\r\n"))
    assert status_and_error(answer) == (413, f"request body of 50000000 bytes is over the limit of "
                                             f"{studio_app.MAX_BODY} bytes")


def chunked(data: bytes, size: int = 7) -> bytes:
    parts = [b"%x\r\n%s\r\n" % (len(data[i:i + size]), data[i:i + size]) for i in range(0, len(data), size)]
    return b"".join(parts) + b"0\r\n\r\n"


def test_a_chunked_body_is_read_in_full(served):
    body = json.dumps({"board": "hex:3", "remove": ["B1", "E2"]}).encode()
    answer = raw(served.port, post_head(served.port, "/api/board/preview", "Transfer-Encoding: chunked\r\n")
                 + chunked(body))
    head, _, payload = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    assert json.loads(payload)["count"] == 37 - 2


def test_a_chunked_body_over_the_limit_is_refused(served):
    body = json.dumps({"board": "x" * (studio_app.MAX_BODY + 10)}).encode()
    answer = raw(served.port, post_head(served.port, "/api/board/preview", "Transfer-Encoding: chunked\r\n")
                 + chunked(body, 1 << 16))
    assert status_and_error(answer)[0] == 413


def test_a_stalled_connection_is_closed_and_others_go_on(served):
    stalled = socket.create_connection(("127.0.0.1", served.port), timeout=30)
    stalled.sendall(b"POST /api/board/preview HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
    start = time.monotonic()
    assert request(served.port, "/api/board/preview", {"board": "hex:2"})[0] == 200  # meanwhile
    assert stalled.recv(100) == b""  # closed by the server
    assert HEADER_TIMEOUT - 0.2 < time.monotonic() - start < HEADER_TIMEOUT + 5
    stalled.close()


def test_a_stalled_body_gets_408(served, monkeypatch):
    monkeypatch.setattr(studio_app, "BODY_TIMEOUT", 0.5)
    answer = raw(served.port, post_head(served.port, "/api/board/preview", "Content-Length: 100\r\n") + b'{"bo')
    assert status_and_error(answer)[0] == 408


def test_fifty_parallel_previews_are_all_answered(served):
    """Each is drawn (200) or told at once that the studio is busy (503): asked again, one at a time, the
    refused ones are drawn too."""
    def one(i: int) -> int:
        return request(served.port, "/api/board/preview", {"board": f"hex:{i % 5 + 1}"})[0]

    with ThreadPoolExecutor(50) as pool:
        statuses = list(pool.map(one, range(50)))
    assert set(statuses) <= {200, 503} and statuses.count(200) >= 6
    assert [one(i) for i, status in enumerate(statuses) if status == 503] == [200] * statuses.count(503)


def test_the_server_answers_over_http_and_checks_the_host(served):
    def get(host: str) -> tuple[int, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
        connection.request("GET", "/kit", headers={"Host": host})
        response = connection.getresponse()
        return response.status, response.read()

    status, body = get(f"127.0.0.1:{served.port}")
    assert status == 200 and b"Kit builder" in body
    assert get(f"localhost:{served.port}")[0] == 200
    status, body = get(f"attacker.example:{served.port}")
    assert status == 403 and b"refused" in body


def test_keep_alive_serves_several_requests_on_one_connection(served):
    connection = http.client.HTTPConnection("127.0.0.1", served.port, timeout=10)
    for _ in range(3):
        connection.request("GET", "/static/studio.css", headers={"Host": f"127.0.0.1:{served.port}"})
        response = connection.getresponse()
        assert response.status == 200 and response.read().startswith(b"/*")
    connection.close()
    assert threading.active_count() < 60  # no thread per connection
