"""A table of hostile arguments across every command and option family: each exits with status 2 (or
the documented status), says so in exactly one line on stderr, shows no traceback, and leaves the folder
as it was (a pre-existing file survives unchanged, nothing is added). Runs in-process (issue 14)."""

import os

import pytest

from modlinseq_print.cli import main

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
]


def _run(argv, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "keep.pdf").write_bytes(b"OLD\n")
    (tmp_path / "latin1.txt").write_bytes(b"4B2, caf\xe9\n")
    before = {name: (tmp_path / name).read_bytes() for name in os.listdir(tmp_path)}
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
