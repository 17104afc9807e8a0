"""Ctrl-C where Python would lose it: inside cairo's PNG write callback and inside a finalizer that the garbage
collector runs (as when the collector comes back on after a pause). Each run ends with status 130, one line,
and the file it would have replaced as it was. (Real processes interrupted at many moments: the hostile table.)"""

import io
import signal

import pytest

from cli_helpers import run_cli
from modlinseq_print import interrupts
from modlinseq_print.fileio import write_files_atomic


def _ctrl_c() -> None:
    """A Ctrl-C delivered to this (the main) thread at once: a signal sent to the process may reach another
    thread of the test process first (the test runner's), and be handled only after the block under test."""
    signal.raise_signal(signal.SIGINT)


@pytest.fixture
def library_caller():
    """A process as a library caller's is: Python's own Ctrl-C handler and no run of the command line under way,
    put back as it was after the test. The test process may have started with Ctrl-C ignored (a shell starts a
    background job so: `make test &`), or a test before may have left a run's state behind."""
    handler, state = signal.getsignal(signal.SIGINT), interrupts._State
    saved = (state.requested, state.holding, state.settled, state.closed)
    found = (handler, saved)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    interrupts._reset()
    yield found
    signal.signal(signal.SIGINT, handler)
    state.requested, state.holding, state.settled, state.closed = saved


def _assert_interrupted(result, folder, old: dict[str, bytes]) -> None:
    assert (result.status, result.out, result.err) == (130, "", "modlinseq-print: interrupted\n")
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == old


def test_ctrl_c_inside_the_png_write_callback(capsys, tmp_path, monkeypatch):
    import modlinseq_print.render.png_writer as png_writer

    class InterruptedOnWrite(io.BytesIO):
        def write(self, data):
            _ctrl_c()  # Python runs the handler here, inside cairo's callback into Python
            return super().write(data)

    monkeypatch.setattr(png_writer, "io", type("io", (), {"BytesIO": InterruptedOnWrite}))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.png").write_bytes(b"OLD")
    # cairo's own writer makes the transparent PNGs (a print-and-cut sheet for a cutter that takes images)
    result = run_cli(capsys, "tiles", "--modulus", "5", "--copies", "1", "--cutter", "cricut", "--cut-mode", "print",
                     "--cut-file", "cut.svg", "-o", "keep.png")
    _assert_interrupted(result, tmp_path, {"keep.png": b"OLD"})


def test_ctrl_c_swallowed_by_a_finalizer_still_stops_the_write(capsys, tmp_path, monkeypatch):
    import modlinseq_print.collector as collector

    class Finalized:
        def __del__(self):
            _ctrl_c()  # KeyboardInterrupt raised in __del__ is printed as "Exception ignored" and lost

    class Collector:
        isenabled, disable = staticmethod(lambda: True), staticmethod(lambda: None)

        @staticmethod
        def enable():
            Finalized()

    monkeypatch.setattr(collector, "gc", Collector)
    monkeypatch.setattr(collector.threading, "active_count", lambda: 1)  # as a command line run (no test threads)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.pdf").write_bytes(b"OLD")
    result = run_cli(capsys, "board", "--board", "hex:2", "--paper", "poster", "-o", "keep.pdf")
    _assert_interrupted(result, tmp_path, {"keep.pdf": b"OLD"})


def test_deferred_holds_ctrl_c_until_the_block_ends(library_caller):
    reached = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts.deferred():
            _ctrl_c()
            reached.append("after the signal")
    assert reached == ["after the signal"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # a library caller's handler is back


def test_a_library_write_after_a_deferred_interrupt_is_not_refused(tmp_path, library_caller):
    with pytest.raises(KeyboardInterrupt):
        with interrupts.deferred():
            _ctrl_c()
    assert write_files_atomic([(tmp_path / "a.txt", "new")]) == [tmp_path / "a.txt"]


def test_a_file_written_by_another_thread_leaves_ctrl_c_working(tmp_path, library_caller):
    """A write from another thread (a server's, a library caller's) does not settle the main thread's run."""
    import threading

    writer = threading.Thread(target=write_files_atomic, args=([(tmp_path / "a.txt", "new")],))
    writer.start()
    writer.join()
    reached = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts.deferred():
            _ctrl_c()
            reached.append("after the signal")
    assert reached == ["after the signal"] and (tmp_path / "a.txt").read_text() == "new"


class _InterruptedOnSetName:
    """A descriptor whose `__set_name__` meets a Ctrl-C: Python 3.11 hands it on wrapped in a RuntimeError, as
    when Ctrl-C comes while the standard library's ipaddress module defines its classes."""

    def __set_name__(self, owner, name):
        _ctrl_c()


def _define_a_class():
    return type("Defined", (), {"attribute": _InterruptedOnSetName()})


def test_ctrl_c_wrapped_in_another_error_is_still_an_interruption(capsys, tmp_path, monkeypatch):
    import modlinseq_print.commands.board as board

    monkeypatch.setattr(board, "run", lambda args: _define_a_class())
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.pdf").write_bytes(b"OLD")
    result = run_cli(capsys, "board", "--board", "hex:2", "-o", "keep.pdf")
    _assert_interrupted(result, tmp_path, {"keep.pdf": b"OLD"})


def test_ctrl_c_wrapped_while_the_command_line_loads(capsys, monkeypatch, library_caller):
    import sys
    import types

    from modlinseq_print import __main__ as entry

    class Loading(types.ModuleType):
        def __getattr__(self, name):
            _define_a_class()

    monkeypatch.setitem(sys.modules, "modlinseq_print.cli", Loading("modlinseq_print.cli"))
    monkeypatch.setattr(sys, "unraisablehook", sys.unraisablehook)  # take_over wraps it: put it back after
    with pytest.raises(SystemExit) as stop:
        entry.run()
    assert (stop.value.code, capsys.readouterr().err) == (130, "modlinseq-print: interrupted\n")


def test_an_error_a_ctrl_c_caused_is_reported_as_the_interruption(capsys, tmp_path, monkeypatch):
    import modlinseq_print.commands.board as board
    from modlinseq_print.errors import ModlinseqError

    def run(args):
        try:
            _ctrl_c()
        except KeyboardInterrupt:
            raise ModlinseqError("the reading stopped half-way") from None

    monkeypatch.setattr(board, "run", run)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.pdf").write_bytes(b"OLD")
    result = run_cli(capsys, "board", "--board", "hex:2", "-o", "keep.pdf")
    _assert_interrupted(result, tmp_path, {"keep.pdf": b"OLD"})


#: The `python -m` entry of a program whose run meets Ctrl-C inside an exec() of a string, as dataclasses run
#: one while a module loads.
_EXEC_INTERRUPTED = """
import sys
import modlinseq_print.commands.board as board
from modlinseq_print import __main__ as entry

board.run = lambda args: exec("import signal; signal.raise_signal(signal.SIGINT)")
sys.argv = ["modlinseq-print", "board", "--board", "hex:2", "-o", "keep.pdf"]
entry.run()
"""


def test_ctrl_c_inside_an_exec_ends_with_the_run_s_status(tmp_path):
    """CPython notes a KeyboardInterrupt leaving exec() as uncaught even when the run catches it; a `python -m`
    process would then die of SIGINT at exit (status -2) after its one line. The entry point clears the note."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "probe").mkdir()
    (tmp_path / "probe" / "__init__.py").write_text("")
    (tmp_path / "probe" / "__main__.py").write_text(_EXEC_INTERRUPTED)
    (tmp_path / "keep.pdf").write_bytes(b"OLD")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    done = subprocess.run([sys.executable, "-m", "probe"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=60)
    assert (done.returncode, done.stderr) == (130, "modlinseq-print: interrupted\n")
    assert (tmp_path / "keep.pdf").read_bytes() == b"OLD"


_EARLY_INTERRUPT = """
import signal
import sys
from modlinseq_print import __main__ as entry

signal.raise_signal(signal.SIGINT)  # before the run's own handler is in place, as a Ctrl-C while Python starts
sys.argv = ["modlinseq-print", "board", "--board", "hex:2", "-o", "keep.pdf"]
entry.run()
"""


def test_a_ctrl_c_before_the_run_s_handler_is_one_line_and_writes_nothing(tmp_path):
    """Python loses a Ctrl-C raised inside the import system's callbacks ("Exception ignored in ... cb") and the
    run would go on to write its files: the entry point notes one that comes before its own handler, and stops."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    (tmp_path / "keep.pdf").write_bytes(b"OLD")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    done = subprocess.run([sys.executable, "-c", _EARLY_INTERRUPT], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert (done.returncode, done.stderr) == (130, "modlinseq-print: interrupted\n")
    assert (tmp_path / "keep.pdf").read_bytes() == b"OLD"
