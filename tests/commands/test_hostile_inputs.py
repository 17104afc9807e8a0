"""A table of hostile arguments across every command and option family: each exits with status 2 (or
the documented status), says so in exactly one line on stderr, shows no traceback, and leaves the folder
as it was (a pre-existing file survives unchanged, nothing is added), within its time bound, so that a hang
fails the test instead of stalling the suite. Runs in-process.

A second table interrupts real runs (subprocesses) with Ctrl-C at many moments, from the first import to the
last write: each ends with status 130 and one line, nothing written or replaced, or, when Ctrl-C came after its
files were in place, with status 0 and its complete output.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_helpers import time_bound
from modlinseq_print.cli import main

#: No hostile run may take longer than this (the slowest take about a second on a busy 2-core machine).
TIME_BOUND = 20.0
#: A discard pile one card longer than mod13 check judges (games.mod13.MAX_CARDS).
TOO_MANY_CARDS = ["5"] * 100_001

#: (argv, exit status). Paths are relative to the test's own temporary folder; `keep.pdf` pre-exists.
HOSTILE = [
    (["describe", "--board", "hex:-3"], 2),
    (["describe", "--board", "bogus:9"], 2),
    (["describe", "--board", "rect:3"], 2),
    (["describe", "--board", "file:missing.txt"], 2),
    (["describe", "--board", "file:."], 2),
    (["board", "--paper", "0x0mm"], 2),
    (["board", "--paper", "a9"], 2),
    (["board", "--margin", "-5mm"], 2),
    (["board", "--margin", "1000mm"], 2),
    (["board", "-o", "b.txt"], 2),
    (["board", "-o", "b.pdf", "--format", "svg"], 2),
    (["board", "-o", "."], 2),
    (["board", "-o", "keep.pdf/b.pdf"], 2),
    (["board", "-o", "x" * 300 + ".pdf"], 2),
    (["board", "-o", "b-", "--format", "svg", "--board", "hex:3", "--pattern", "nope"], 2),
    (["board", "--dpi", "abc"], 2),
    (["tiles", "--modulus", "0"], 2),
    (["tiles", "--modulus", "x"], 2),
    (["tiles", "--copies", "-1"], 2),
    (["tiles", "--wild", "-1"], 2),
    (["tiles", "--counts", "missing.csv"], 2),
    (["tiles", "-o", "t.svg", "--cut-file", "t.svg"], 2),
    (["tiles", "-o", "t.pdf", "--cut-file", "t.txt"], 2),
    (["tiles", "--bed", "0x0mm", "-o", "t.dxf"], 2),
    (["tiles", "--per-piece", "keep.pdf"], 2),
    (["markers", "--markers", "z"], 2),
    (["check", "--board", "hex:9", "--modulus", "13", "ZZ9"], 2),
    (["check", "--board", "hex:9", "--modulus", "0", "4B2"], 2),
    (["check", "--board", "hex:9", "-m", "13", "@missing.txt"], 2),
    (["score", "--board", "hex:9", "-m", "13", "@missing.txt"], 2),
    (["position", "--board", "hex:9", "-m", "13", "Q99"], 2),
    (["kit", "nosuchpreset"], 2),
    (["kit", "missing.toml"], 2),
    (["reference", "--modulus", "-13"], 2),
    (["worksheet", "--count", "-1"], 2),
    (["mod13", "check", "@missing.txt"], 2),
    (["mod13", "deck", "--back-offset", "x"], 2),
    (["coprimality", "check", "missing.txt"], 2),
    (["coprimality", "sheet", "--size", "0"], 2),
    (["calibrate", "--paper", "1x1mm"], 2),
    (["board", "--margin", "nan"], 2),
    (["board", "--paper", "1e999x1e999mm"], 2),
    (["tiles", "--modulus", "9" * 5000], 2),
    (["check", "--board", "hex:9", "-m", "13", "@latin1.txt"], 2),
    (["nosuchcommand"], 2),
    ([], 2),
    (["board", "--dpi", "inf", "-o", "b.png"], 2),
    (["describe", "--board", "hex:" + "9" * 5000], 2),
    (["reference", "--wild", "-1"], 2),
    (["mod13", "deck", "--back-offset", "500mm,0"], 2),
    (["check", "--board", "hex:9", "--modulus", "13", ",,,"], 2),
    (["describe", "--board", "hex:151"], 2),
    (["describe", "--board", "tess:56", "--json"], 2),
    (["board", "--board", "rect:251x2", "-o", "b.pdf"], 2),
    (["describe", "--board", "square:2x251"], 2),
    (["check", "--board", "hex:1000", "--modulus", "13", "4B2"], 2),
    (["board", "--board", "hex:150", "--paper", "a5", "-o", "b.pdf"], 2),
    (["worksheet", "-n", "501", "-o", "w.pdf"], 2),
    (["kit", "standard", "--exercises", "100000000", "-o", "k.pdf"], 2),
    (["describe", "--pattern", "x" * 5000], 2),
    (["describe", "--board", "hex:3", "x" * 5000, "y", "z", "w"], 2),
    (["tiles", "--per-piece", "p" * 300, "-o", "t.pdf"], 2),
    (["describe", "--board", "file:/dev/zero"], 2),
    (["check", "--board", "hex:3", "--modulus", "13", "@/dev/null"], 2),
    (["coprimality", "check", "/dev/urandom"], 2),
    (["tiles", "--bed", "99999x99999mm", "-o", "t.pdf"], 2),
    (["markers", "--bed", "x" * 500, "-o", "m.pdf"], 2),
    (["tiles", "--paper", "99999999x99999999mm", "-o", "t.pdf"], 2),
    (["preflight", "keep.pdf"], 2),
    (["preflight", "missing.pdf"], 2),
    (["preflight", "/dev/zero"], 2),
    (["preflight", "."], 2),
    (["tts", "--base-url", "javascript:alert(1)"], 2),
    (["tts", "-o", "keep.pdf"], 2),
    (["tiles", "--cutter", "cricut", "--cut-file", "c.svg", "-o", "t.pdf"], 2),
    (["tiles", "--service", "thegamecrafter", "--press", "-o", "t.pdf"], 2),
    (["markers", "--service", "drivethrucards", "-o", "m.pdf"], 2),
    (["mod13", "deck", "--press", "--dieline-name", "x" * 5000, "-o", "d.pdf"], 2),
    (["board", "--board", "hex:90", "--paper", "poster", "--press", "--pdfx", "1a", "-o", "b.pdf"], 2),
    # hanging or quadratic work: refused above the maximum before any work
    (["mod13", "check", *TOO_MANY_CARDS], 2),
    # absurd resolutions, on every PNG path: less than a pixel a side, or more pixels than a PNG may have
    (["board", "--dpi", "0.001", "-o", "b.png"], 2),
    (["board", "--dpi", "100000", "-o", "b.png"], 2),
    (["board", "--dpi", "-1", "-o", "b.pdf"], 2),
    (["board", "--board", "hex:40", "--paper", "poster", "--dpi", "600", "-o", "b.png"], 2),
    (["markers", "--dpi", "0.001", "-o", "m.png"], 2),
    (["position", "--board", "hex:3", "-m", "13", "--dpi", "0.001", "-o", "p.png", "4B2"], 2),
    (["calibrate", "--dpi", "1e9", "-o", "c.png"], 2),
    (["tiles", "--per-piece", "pp", "--dpi", "0.001", "-o", "t.pdf"], 2),
    (["tiles", "--per-piece", "pp", "--dpi", "1e6", "-o", "t.pdf"], 2),
    (["tiles", "--dpi", "0", "-o", "t.png"], 2),
    (["mod13", "deck", "--per-piece", "pp", "--dpi", "0.01", "-o", "d.pdf"], 2),
    (["mod13", "deck", "--dpi", "1e6", "-o", "d.png"], 2),
    (["coprimality", "sheet", "--dpi", "0.001", "-o", "s.png"], 2),
    # one rule for one value, wherever it comes from: the worksheet seed from a preset or the command line
    (["kit", "big-seed.toml", "-o", "k.pdf"], 2),
    (["kit", "standard", "--seed", "1" * 19, "-o", "k.pdf"], 2),
    (["worksheet", "--seed", "1" * 19, "-o", "w.pdf"], 2),
]


def _run(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.pdf").write_bytes(b"OLD\n")
    (tmp_path / "latin1.txt").write_bytes(b"4B2, caf\xe9\n")
    (tmp_path / "big-seed.toml").write_text("[exercises]\ncount = 2\nseed = 1234567890123456789\n")
    before = {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path)}
    with time_bound(TIME_BOUND):
        status = main(argv)
    out, err = capsys.readouterr()
    after = {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path) if (tmp_path / name).is_file()}
    return status, out, err, before, after, sorted(os.listdir(tmp_path))


def _check(row, capsys, tmp_path, monkeypatch):
    argv, expected = row
    status, _out, err, before, after, names = _run(argv, capsys, tmp_path, monkeypatch)
    assert status == expected, (argv, err)
    assert err.count("\n") == 1 and err.endswith("\n"), err
    assert "Traceback" not in err
    assert names == sorted(before) and after == before


@pytest.mark.parametrize("row", HOSTILE, ids=lambda row: " ".join(row[0])[:60] or "(none)")
def test_hostile_arguments_fail_in_one_line_and_touch_nothing(row, capsys, tmp_path, monkeypatch):
    _check(row, capsys, tmp_path, monkeypatch)


#: Runs to interrupt: (argv, the files it writes). `keep.pdf` and `keep.png` pre-exist with old bytes.
INTERRUPTED = [
    (["kit", "standard", "-o", "keep.pdf"], ["keep.pdf"]),  # the collector pauses, a PDF of many pages
    (["board", "--paper", "poster", "--dpi", "150", "-o", "keep.png"], ["keep.png"]),  # cairo's PNG callback
    (["tiles", "--per-piece", "pp", "-o", "keep.pdf"], ["keep.pdf", "keep.manifest.csv", "keep.manifest.json"]),
]
#: Seconds after the start at which Ctrl-C comes: during the imports, the drawing, the writing, the renames.
DELAYS = (0.03, 0.06, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.65, 0.8, 1.0, 1.3, 1.7)
OLD = {"keep.pdf": b"OLD PDF\n", "keep.png": b"OLD PNG\n"}


def _interrupt(argv: list[str], folder: Path, delay: float) -> subprocess.CompletedProcess:
    """Run the command in a fresh process in `folder` and send it SIGINT (Ctrl-C) after `delay` seconds."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])}
    process = subprocess.Popen([sys.executable, "-m", "modlinseq_print", *argv], cwd=folder, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=TIME_BOUND)
    return subprocess.CompletedProcess(argv, process.returncode, out.decode(), err.decode())


def _before_the_program(result: subprocess.CompletedProcess) -> bool:
    """True when Ctrl-C came while the interpreter itself was starting (its standard streams or its `site`
    import, tens of milliseconds on a busy machine), before the program's first line: Python stops there in
    its own way ("Fatal Python error: init_...", or -m's runpy still importing)."""
    starting = result.returncode == -signal.SIGINT or result.stderr.startswith(
        ("Fatal Python error: init_", "Could not import runpy module"))
    return starting and result.stdout == "" and "modlinseq-print: interrupted" not in result.stderr


@pytest.mark.slow
@pytest.mark.parametrize("argv, writes", INTERRUPTED, ids=lambda value: " ".join(value)[:40])
def test_ctrl_c_at_any_moment_is_one_line_and_writes_nothing(argv, writes, tmp_path):
    outcomes = set()
    for delay in DELAYS:
        folder = tmp_path / f"at-{delay}"
        folder.mkdir()
        for name, data in OLD.items():
            (folder / name).write_bytes(data)
        result = _interrupt(argv, folder, delay)
        names = sorted(path.name for path in folder.iterdir())
        if result.returncode == 0:  # Ctrl-C came after the files were in place: the run stands, whole
            assert result.stderr == "", (delay, result.stderr)
            assert set(writes) <= set(names) and not any(name.startswith(".modlinseq-") for name in names)
            assert all((folder / name).read_bytes() != OLD.get(name) for name in writes)
        else:
            if not _before_the_program(result):
                assert result.returncode == 130, (delay, result)
                assert result.stderr == "modlinseq-print: interrupted\n", (delay, result.stderr)
            assert names == sorted(OLD), (delay, names, result)
            assert all((folder / name).read_bytes() == data for name, data in OLD.items())
        outcomes.add(result.returncode)
        if result.returncode == 0:
            break  # later delays find the run finished too
    assert 130 in outcomes  # the delays reached into the run
