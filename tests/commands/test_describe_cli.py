"""The describe command, run through the real entry points."""

import json
import math
import subprocess
import sys

import pytest

from cli_helpers import CliResult, assert_one_line_error


def test_describe_json_hex_2(cli):
    status, out, _ = cli("describe", "--board", "hex:2", "--pattern", "bonus", "--json")
    data = json.loads(out)
    assert status == 0 and data["board"] == "hex:2" and data["cell_count"] == 19
    cells = {c["address"]: c for c in data["cells"]}
    assert set(cells["A0"]) == {"address", "q", "r", "x_mm", "y_mm", "pattern", "pseudo", "stands_for"}
    assert cells["A0"] == {"address": "A0", "q": 0, "r": 0, "x_mm": 0.0, "y_mm": 0.0,
                           "pattern": "bonus", "pseudo": False, "stands_for": None}
    assert cells["M1"]["x_mm"] == 28.0 and cells["M1"]["y_mm"] == 0.0
    assert cells["P1"]["x_mm"] == 14.0 and cells["P1"]["y_mm"] == pytest.approx(28 * math.sqrt(3) / 2, abs=1e-3)
    assert cells["E1"]["y_mm"] < 0  # north is up: y grows downward


def test_describe_json_tess_2_pseudocells(cli):
    _, out, _ = cli("describe", "--board", "tess:2", "--json")
    data = json.loads(out)
    real = [c for c in data["cells"] if not c["pseudo"]]
    pseudo = [c for c in data["cells"] if c["pseudo"]]
    assert data["cell_count"] == len(real) == 49 and len(pseudo) == 30
    assert sum(c["pattern"] == "bonus" for c in real) == 7
    right_of_m4 = next(c for c in pseudo if (c["q"], c["r"]) == (4, 0))
    assert right_of_m4["stands_for"] == "B10"
    real_addresses = {c["address"] for c in real}
    assert all(c["stands_for"] in real_addresses for c in pseudo)


def test_describe_square_board_uses_column_and_row(cli):
    _, out, _ = cli("describe", "--board", "square:3x2", "--json", "--cell-size", "1cm")
    cells = {c["address"]: c for c in json.loads(out)["cells"]}
    assert cells["c2"]["q"] == 2 and cells["c2"]["r"] == 1
    assert (cells["c2"]["x_mm"], cells["c2"]["y_mm"]) == (20.0, 10.0)


def test_describe_summary(cli):
    status, out, _ = cli("describe", "--board", "hex:6", "--pattern", "bonus-malus")
    assert status == 0
    assert "127 cells" in out and "bonus" in out and "malus" in out and " mm" in out


@pytest.mark.parametrize("argv, words", [
    (["--board", "hex:-1"], "order must be from 0"),
    (["--board", "hex:abc"], "whole number"),
    (["--board", "tess:0"], "from 1"),
    (["--board", "rect:0x5"], "from 1"),
    (["--board", "disc:5"], "there is no shape 'disc'"),
    (["--pattern", "stripes"], "invalid choice"),
    (["--board", "square:4x4", "--pattern", "bonus"], "needs a hex board"),
    (["--cell-size=-3mm"], "must not be negative"),
])
def test_bad_input_is_one_line_and_status_2(cli, argv, words):
    assert_one_line_error(cli("describe", *argv), words, usage=True)  # --pattern stripes is a usage error


def test_describe_one_cell(cli):
    status, out, _ = cli("describe", "--board", "hex:9", "--cell", "b26", "--cell", "Η8")
    assert status == 0
    assert out.splitlines() == ["B26: q=-3 r=-4, centre (-140, -96.995) mm", "H8: q=4 r=-3, centre (70, -72.746) mm"]


@pytest.mark.parametrize("address, words", [
    ("O3", "letter O"), ("I2", "letter I"), ("B0", "numbered from 1"), ("A1", "A0"),
    ("X5", "unknown sextant letter"), ("B-2", "whole number"), ("B", "whole number"), ("", "empty address"),
    ("B400", "not on board hex:9"),
])
def test_bad_cell_addresses_are_one_line_and_status_2(cli, address, words):
    assert_one_line_error(cli("describe", "--board", "hex:9", f"--cell={address}"), words)


def test_python_m_entry_point_and_console_script():
    result = subprocess.run([sys.executable, "-m", "modlinseq_print", "describe", "--board", "hex:1", "--json"],
                            capture_output=True, text=True, check=True)
    assert json.loads(result.stdout)["cell_count"] == 7
    bad = subprocess.run([sys.executable, "-m", "modlinseq_print", "describe", "--board", "B0"],
                         capture_output=True, text=True)
    assert_one_line_error(CliResult(bad.returncode, bad.stdout, bad.stderr))
    assert "Traceback" not in bad.stderr


def test_describe_cell_accepts_a_pseudocell_it_lists(cli):
    """`describe --json` lists tess pseudocells; `--cell` on one of them used to say it is not on the board."""
    result = cli("describe", "--board", "tess:2", "--cell", "T15", "--cell", "A0")
    assert result.status == 0, result
    assert result.out.splitlines() == ["T15: q=-5 r=1, centre (-126, 24.249) mm, pseudocell standing for E10",
                                       "A0: q=0 r=0, centre (0, 0) mm, bonus"]
    assert_one_line_error(cli("describe", "--board", "tess:2", "--cell", "B40"), "not on board tess:2")


def test_describe_summary_says_one_cell(cli):
    """hex:0 has one cell, not '1 cells'."""
    assert cli("describe", "--board", "hex:0").out.startswith("board hex:0: 1 cell on a hex grid\n")


def test_describe_json_is_streamed_as_json_dumps_writes_it(cli):
    """The JSON is written a chunk of cells at a time (no object per cell is kept): the text is exactly
    json.dumps of the whole description, over more than one chunk, pseudocells and named cells included."""
    from modlinseq_print.geometry.boards import parse_board
    from modlinseq_print.geometry.describe import CHUNK, describe_board

    for argv, spec, only in ((["--pattern", "bonus-malus"], "hex:30", None), ([], "tess:9", None),
                             (["--cell", "B3", "--cell", "T15"], "tess:2", ["B3", "T15"])):
        out = cli("describe", "--board", spec, "--json", *argv).out
        pattern = "bonus-malus" if argv[:1] == ["--pattern"] else None
        assert out == json.dumps(describe_board(parse_board(spec), pattern, 28.0, only)) + "\n"
    assert len(parse_board("hex:30").cells) > CHUNK


def test_describe_json_writes_nothing_before_a_bad_address(cli):
    assert_one_line_error(cli("describe", "--board", "hex:3", "--json", "--cell", "A0", "--cell", "B400"),
                          "not on board hex:3")
    assert_one_line_error(cli("describe", "--board", "square:3x3", "--json", "--pattern", "bonus"), "hex board")
