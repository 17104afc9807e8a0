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


def test_note_restart_and_the_last_step_ends_the_line():
    stream = Terminal()
    bar = Progress(1, stream=stream)
    bar.note("planning")
    bar.restart(2)
    bar.step("page 1")
    bar.step("page 2")
    bar.finish()  # the last step ended the line already
    out = stream.getvalue()
    assert out.startswith("\rplanning") and "1/2 page 1" in out and out.endswith("2/2 page 2" + " " * 26 + "\n")
    assert out.count("\n") == 1


def test_a_tiled_board_shows_its_pages_on_a_terminal_only(cli, tmp_path, monkeypatch):
    import sys

    result = cli("board", "--board", "hex:9", "-o", tmp_path / "quiet.pdf")
    assert result.status == 0 and result.err == ""
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert cli("board", "--board", "hex:9", "-o", tmp_path / "b.pdf").status == 0
    shown = terminal.getvalue()
    assert "drawing hex:9 and planning its 4+ pages" in shown and "7/7 page 7" in shown and shown.endswith("\n")
    terminal.truncate(0)
    assert cli("board", "--board", "hex:9", "--paper", "poster", "-o", tmp_path / "p.pdf").status == 0
    assert terminal.getvalue() == ""  # one page: no status line
