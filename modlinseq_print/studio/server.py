"""Serving the studio: uvicorn (HTTP/1.1 by h11) runs the Starlette application of app.py.

uvicorn brings what a server needs and a hand-written one got wrong: chunked and malformed bodies, a real
listen backlog, keep-alive timeouts and a cap on concurrent connections. Two things are added here: a time
limit on receiving a request's headers (a connection that stalls is closed, others go on), and bad HTTP
answered with the studio's one-line JSON error like everything else.
"""

from __future__ import annotations

import json
import socket
import sys
import threading
import time

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from modlinseq_print.studio.app import StudioApp

HEADER_TIMEOUT = 10.0  # seconds for a request line and headers to arrive (a new connection, or the next request)
KEEP_ALIVE = 5  # seconds an idle connection is kept open between requests
BACKLOG = 512  # connections waiting to be accepted
MAX_CONNECTIONS = 512  # open at once (a room's devices each keep one open); more are answered 503
MAX_HEADERS = 32 * 1024  # bytes of a request line and headers


class GuardedProtocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for the headers and JSON 400 answers to bad HTTP."""

    header_timeout = HEADER_TIMEOUT
    _header_timer = None

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._header_timer = self.loop.call_later(self.header_timeout, self._headers_late)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def handle_events(self) -> None:
        super().handle_events()
        if self.cycle is not None and not self.cycle.response_complete:
            self._disarm()  # the headers are in: the request is the application's now

    def handle_websocket_upgrade(self, event) -> None:
        self._disarm()  # the connection is a WebSocket's now (a game room's), kept open by its own pings
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection gets the same deadline

    def connection_lost(self, exc) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _headers_late(self) -> None:
        """Close a connection whose request did not arrive in time (a stalled or idle client)."""
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def send_400_response(self, msg: str) -> None:
        body = json.dumps({"error": f"bad HTTP request ({msg.rstrip('.')}): send a well-formed request"}).encode()
        self.transport.write(b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n"
                             b"content-length: %d\r\n\r\n%s" % (len(body), body))
        self.transport.close()


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to host:port (0 picks a free port) and listening with BACKLOG."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    sock.listen(BACKLOG)
    sock.set_inheritable(True)
    return sock


SWITCH_INTERVAL = 0.001  # seconds a thread runs before another may take the interpreter


def set_code_aside() -> None:
    """For a process that is the studio's server: load the rules engine the game rooms use, and what it loads on
    first use (numpy, for wild tiles: its first import in a room stalled every room for over a second), then set
    everything loaded so far aside from the cycle collector (gc.freeze), so that a full collection walks the
    rooms' objects only, not every module and function loaded (it paused the server for 120-380 ms with 50
    rooms, and every room's players waited). Process-wide: the command calls it, not a program that embeds the
    studio."""
    import gc

    import numpy  # noqa: F401 - what rules/congruences.py imports when it first solves for wild tiles
    import modlinseq_print.rules.turn_search  # noqa: F401 - loaded now, set aside with the rest
    import modlinseq_print.studio.rooms  # noqa: F401

    gc.collect()
    gc.freeze()


class StudioServer:
    """The studio served on host:port; `run()` until interrupted, or `start()` in a thread and `stop()`."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, header_timeout: float = HEADER_TIMEOUT,
                 rooms_file=None):
        self.socket = listening_socket(host, port)
        self.port = self.socket.getsockname()[1]
        protocol = type("StudioProtocol", (GuardedProtocol,), {"header_timeout": header_timeout})
        self.app = StudioApp(host, self.port, rooms_file=rooms_file)
        config = uvicorn.Config(self.app, http=protocol, ws_max_size=64 * 1024, lifespan="on", log_config=None,
                                log_level="error", access_log=False, backlog=BACKLOG,
                                timeout_keep_alive=KEEP_ALIVE, limit_concurrency=MAX_CONNECTIONS,
                                h11_max_incomplete_event_size=MAX_HEADERS, timeout_graceful_shutdown=3,
                                server_header=False)
        self.server = uvicorn.Server(config)
        self.thread: threading.Thread | None = None
        self.app.state.pool.start()  # in the background: warm workers are ready by the first heavy request

    def run(self) -> None:
        """Serve in this thread until Ctrl+C. The light work's threads hand the interpreter back every
        millisecond (not every 5), so that under load the server still reads, refuses and answers at once."""
        sys.setswitchinterval(SWITCH_INTERVAL)
        try:
            self.server.run(sockets=[self.socket])
        finally:
            self.socket.close()

    def start(self) -> "StudioServer":
        """Serve in a background thread; return once it accepts connections."""
        self.thread = threading.Thread(target=self.run, name="studio-server", daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the studio server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """Stop serving and wait for the thread (the app's lifespan ends: its worker processes are killed)."""
        self.server.should_exit = True
        if self.thread is not None:
            self.thread.join(timeout=10)
