"""A long request answered as it goes: one JSON line per progress step, then the answer (or the error) line.

The page asks for it with `Accept: application/x-ndjson` (the kit builder does, to show a progress bar and
offer Cancel). When the client goes away (Cancel, or a new build replacing this one) the job is stopped: its
worker process killed, or its thread stopped at its next check point (jobs.py).
"""

from __future__ import annotations

import asyncio
import json

from starlette.responses import Response

from modlinseq_print.studio.exchange import Handler, Reply, Request


async def until_disconnected(receive) -> None:
    """Return when the client closes the connection (the body is read: what comes next is the disconnect)."""
    while (await receive())["type"] != "http.disconnect":
        pass


def _line(payload: dict) -> bytes:
    return json.dumps(payload, separators=(",", ":")).encode() + b"\n"


class ProgressStream(Response):
    """Runs a handler as a job and streams {"progress": label, "done": n, "total": m} lines, then its answer
    {"result": {...}} or {"error": "one line"}."""

    media_type = "application/x-ndjson"

    def __init__(self, handler: Handler, body: dict, query: dict, budget: float, heavy: bool, receive,
                 form: str | None = None):
        super().__init__(b"", 200, media_type=self.media_type)
        self.handler, self.body, self.query = handler, body, query
        self.budget, self.heavy, self.receive_disconnect, self.form = budget, heavy, receive, form

    async def __call__(self, scope, receive, send) -> None:
        from modlinseq_print.studio.app import SECURITY_HEADERS, failure_response
        from modlinseq_print.studio.jobs import run_job

        loop = asyncio.get_running_loop()
        lines: asyncio.Queue[bytes] = asyncio.Queue()

        def progress(label: str, done: int, total: int) -> None:  # called in the job's thread, or in this loop
            loop.call_soon_threadsafe(lines.put_nowait, _line({"progress": label, "done": done, "total": total}))

        headers = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", self.media_type.encode()), *headers]})
        job = asyncio.ensure_future(run_job(self.handler, Request(self.body, self.query, progress), self.budget,
                                            self.heavy, self.form))
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
            await send({"type": "http.response.body",
                        "body": self._last_line(job, lambda error: failure_response(error, self.form))})
        finally:
            gone.cancel()
            job.cancel()

    @staticmethod
    def _last_line(job: asyncio.Future, failure_response) -> bytes:
        try:
            answer = job.result()
        except Exception as error:  # noqa: BLE001 - the same one-line errors as a plain answer
            response = failure_response(error)
            retry = {"retry_after": int(response.headers["retry-after"])} if "retry-after" in response.headers else {}
            return _line({**json.loads(response.body), "status": response.status_code, **retry})
        if isinstance(answer, Reply):
            raise TypeError("a streamed request answers JSON, not a file")
        return _line({"result": answer})
