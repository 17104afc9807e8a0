"""The progress bar draws only on a terminal and never when quiet."""

import io

from modlinseq_print.progress import Progress


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_bar_on_a_terminal():
    stream = Terminal()
    bar = Progress(4, stream=stream)
    bar.step("board")
    bar.step("tiles")
    bar.finish()
    out = stream.getvalue()
    assert "1/4 board" in out and "2/4 tiles" in out and "[" + "#" * 14 + "-" * 14 + "]" in out
    assert out.endswith("\n")


def test_silent_when_not_a_terminal_or_quiet():
    for stream, quiet in ((io.StringIO(), False), (Terminal(), True)):
        bar = Progress(3, quiet=quiet, stream=stream)
        bar.step("x")
        bar.finish()
        assert stream.getvalue() == ""
