"""Handlers for the job tests, at module level so that a worker process can import them by name."""

from __future__ import annotations

import os
import time

from modlinseq_print.inputs import read_text_input


def spin(request) -> dict:
    """Report this process's id, then compute for ever without a single check point."""
    request.progress(f"pid {os.getpid()}", 1, 2)
    total = 0
    while True:
        total += 1


def read_named(request) -> dict:
    """Read the file the request names, as a careless handler would."""
    return {"text": read_text_input(request.body["path"], "board file")}


def allocate(request) -> dict:
    """Ask for more memory than a worker may have."""
    block = bytearray(request.body["bytes"])
    return {"size": len(block)}


def die(request) -> dict:
    """End the worker process in the middle of the job (as the kernel's out-of-memory killer would)."""
    os._exit(3)


def pid(request) -> dict:
    """The worker's process id."""
    return {"pid": os.getpid()}


def counting(counter: list[int], check_every: int = 1000):
    """A light handler that counts for ever, calling its check point every `check_every` steps."""
    def handler(request):
        while True:
            counter[0] += 1
            if counter[0] % check_every == 0:
                request.check()
    return handler


def reporting(counter: list[int]):
    """A light handler that reports progress every 50 ms (each report a check point), counting meanwhile."""
    def handler(request):
        for step in range(1, 1000):
            request.progress(f"step {step}", step, 1000)
            end = time.monotonic() + 0.05
            while time.monotonic() < end:
                counter[0] += 1
        return {"ok": True}
    return handler
