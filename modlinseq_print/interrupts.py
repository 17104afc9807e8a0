"""Ctrl-C, honoured at any moment: a run that is interrupted ends with nothing written or replaced.

Python raises KeyboardInterrupt wherever the main thread happens to be. In a few places that loses it:
inside a C library's callback (cairo's PNG writer reports a write error instead), or inside a finalizer run
by the garbage collector (Python prints "Exception ignored" and carries on). So a run keeps its own record:
`watching()` installs a handler that notes every Ctrl-C before raising it, `deferred()` holds the raise back
over a block that must not be cut (a callback, the renames that put the files in place), and the file
writer calls `check()` before it starts, so a Ctrl-C that was swallowed still stops the write. Once the
files of a run are in place, `settle()` lets the run finish its report rather than claim an interruption.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading


class _State:
    """Whether Ctrl-C was pressed, whether a block holds it back, whether the run's output is in place, and
    whether the run is over (its status decided: only the exit is left)."""

    requested = False
    holding = 0
    settled = False
    closed = False


def _in_main_thread() -> bool:
    """Only the main thread may set signal handlers (a server's worker threads leave Ctrl-C alone)."""
    return threading.current_thread() is threading.main_thread()


def _on_interrupt(signum, frame) -> None:
    """The SIGINT handler: note the Ctrl-C, and raise it unless a block holds it back or the run is done."""
    if _State.settled or _State.closed:
        return
    _State.requested = True
    if not _State.holding:
        raise KeyboardInterrupt


def check() -> None:
    """Raise KeyboardInterrupt if Ctrl-C was pressed during this run, even if something swallowed it or wrapped
    it in another error (Python 3.11 wraps an exception raised in a class's `__set_name__`, as while a module
    that defines such a class is imported, in a RuntimeError)."""
    if _State.requested and not _State.settled:
        raise KeyboardInterrupt


def settle() -> None:
    """The run's output is in place: a later Ctrl-C no longer interrupts it (it only prints its report). Only
    the main thread's run settles: a file another thread writes (a server's, a library caller's) must not
    leave Ctrl-C ignored for what the main thread does next."""
    if _in_main_thread():
        _State.settled = True


def take_over() -> None:
    """Note every Ctrl-C from now until the process exits (the command line's entry point calls this first,
    before it imports anything else), and keep the ones lost in finalizers from printing tracebacks. A polite
    request to stop (SIGTERM, as `kill` and service managers send) is taken as a Ctrl-C: the run ends the same
    way, its worker processes with it, nothing written."""
    if _in_main_thread():
        _reset()
        signal.signal(signal.SIGINT, _on_interrupt)
        signal.signal(signal.SIGTERM, _on_interrupt)
        sys.unraisablehook = _quiet_about_interrupts(sys.unraisablehook)


_PR_SET_PDEATHSIG = 1  # Linux prctl(2): the signal a process gets when the thread that made it ends


def bind_worker(parent: int) -> None:
    """Run in each worker process a run starts: leave Ctrl-C to the run (a terminal sends it to every process of
    the job; the run ends its workers itself), and on Linux die with the run even if it is killed outright, or
    if it ended before this line (the worker was already orphaned)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        import ctypes
        import os

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != parent:
            os._exit(1)


def _reset() -> None:
    _State.requested, _State.holding, _State.settled, _State.closed = False, 0, False, False


@contextlib.contextmanager
def watching():
    """Note every Ctrl-C for the block (one run of the command line). In a process that take_over() started, a
    Ctrl-C after the block is ignored (the run is over); otherwise the previous handler comes back."""
    if not _in_main_thread():
        yield
        return
    if signal.getsignal(signal.SIGINT) is _on_interrupt:  # the whole process is watched since it started
        try:
            yield
        finally:
            _State.closed = True
        return
    previous, previous_hook = signal.signal(signal.SIGINT, _on_interrupt), sys.unraisablehook
    _reset()
    sys.unraisablehook = _quiet_about_interrupts(previous_hook)
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        signal.signal(signal.SIGINT, previous)
        _reset()


def _quiet_about_interrupts(hook):
    """sys.unraisablehook without the "Exception ignored" traceback of a Ctrl-C lost in a finalizer or a
    callback (it is noted, and the run ends as interrupted); other such exceptions go to `hook`."""
    def unraisable(info) -> None:
        if not isinstance(info.exc_value, KeyboardInterrupt):
            hook(info)
    return unraisable


@contextlib.contextmanager
def deferred():
    """Hold a Ctrl-C back until the block ends, then raise it (the block itself is never cut in the middle)."""
    if not _in_main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is not _on_interrupt and previous is not signal.default_int_handler:
        yield  # Ctrl-C is ignored, or the caller handles it its own way: leave that alone
        return
    installed = previous is signal.default_int_handler  # a library caller: note Ctrl-C for this block only
    if installed:
        signal.signal(signal.SIGINT, _on_interrupt)
    _State.holding += 1
    try:
        yield
    finally:
        _State.holding -= 1
        pending = not _State.holding and _State.requested and not _State.settled
        if installed:
            signal.signal(signal.SIGINT, previous)
            _State.requested = _State.settled = False
    if pending:
        raise KeyboardInterrupt
