"""A long request answered as it goes: one JSON line per progress step, then the answer (or the error) line.

The page asks for it with `Accept: application/x-ndjson` (the kit builder does, to show a progress bar and
offer Cancel). When the client goes away (Cancel, or a new build replacing this one) the job is stopped: its
worker process killed, or its thread stopped at its next check point (jobs.py).
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from typing import Any, Awaitable, Callable

from starlette.responses import Response
from starlette.types import Receive, Scope, Send

from modlinseq_print.studio.exchange import Reply, Request
from modlinseq_print.studio.responses import failure_response

Job = Callable[[Request], Awaitable[Any]]  # a handler run as a job on a request (jobs.run_job, its settings given)


async def until_disconnected(receive: Receive) -> None:
    """Return when the client closes the connection (the body is read: what comes next is the disconnect)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def _line(payload: dict) -> bytes:
    return json.dumps(payload, separators=(",", ":")).encode() + b"\n"


class ProgressStream(Response):
    """Runs `job` on a request and streams {"progress": label, "done": n, "total": m} lines, then its answer
    {"result": {...}} or {"error": "one line"} (its fields named as the `form` page labels them)."""

    media_type = "application/x-ndjson"

    def __init__(self, job: Job, request: Request, receive: Receive, form: str | None = None):
        super().__init__(b"", 200, media_type=self.media_type)
        self.job, self.request, self.receive_disconnect, self.form = job, request, receive, form

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[bytes] = asyncio.Queue()

        def progress(label: str, done: float, total: float) -> None:  # called in the job's thread, or in this loop
            loop.call_soon_threadsafe(lines.put_nowait, _line({"progress": label, "done": done, "total": total}))

        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", self.media_type.encode())]})
        job = asyncio.ensure_future(self.job(replace(self.request, progress=progress)))
        gone = asyncio.ensure_future(until_disconnected(self.receive_disconnect))
        try:
            while not job.done():
                getter = asyncio.ensure_future(lines.get())
                await asyncio.wait({job, gone, getter}, return_when=asyncio.FIRST_COMPLETED)
                if gone.done():
                    getter.cancel()
                    return
                if getter.done():
                    await send({"type": "http.response.body", "body": getter.result(), "more_body": True})
                else:
                    getter.cancel()
            await asyncio.sleep(0)  # reports the job's thread scheduled just before it ended are queued now
            while not lines.empty():  # every report comes before the answer, the last one ("drawn N of N") too
                await send({"type": "http.response.body", "body": lines.get_nowait(), "more_body": True})
            await send({"type": "http.response.body", "body": self._last_line(job, self.form)})
        finally:
            gone.cancel()
            job.cancel()

    @staticmethod
    def _last_line(job: asyncio.Future, form: str | None) -> bytes:
        try:
            answer = job.result()
        except Exception as error:  # noqa: BLE001 - the same one-line errors as a plain answer
            response = failure_response(error, form)
            retry = {"retry_after": int(response.headers["retry-after"])} if "retry-after" in response.headers else {}
            return _line({**json.loads(bytes(response.body)), "status": response.status_code, **retry})
        if isinstance(answer, Reply):
            raise TypeError("a streamed request answers JSON, not a file")
        return _line({"result": answer})
