"""The check and score commands, run through the real entry points."""

import json
import subprocess
import sys

import pytest

from cli_helpers import assert_one_line_error

FIGURE_13A = ("17A0 ~ 1 ~ 5 ~ 9E4; 3H8 ~ 4 ~ 5H19 ~ 6B19 ~ 7 ~ 8 ~ 9 ~ 10 ~ 11E6; "
              "7T21 ~ 12 ~ 17 ~ 2 ~ 7 ~ 12 ~ 17 ~ 2E17; 4H13 ~ 1 ~ 18 ~ 15E21 ~ 12M17 ~ 9M11")


def test_check_json_has_the_keys_of_the_issue(cli):
    status, out, _ = cli("check", "--board", "hex:6", "--modulus", "20", "--wrap", "lines",
                         "--json", FIGURE_13A)
    data = json.loads(out)
    assert status == 0 and data["legal"] is True
    assert {"legal", "sequences", "blocked", "wild", "problems"} <= set(data)
    assert data["blocked"] == ["H4"] and data["wild"] == [] and data["problems"] == []
    long = [s for s in data["sequences"] if s["tiles"] >= 3]
    assert [(s["msa"], s["tiles"], s["points"], s["wrap"], s["loop"]) for s in long] == [
        ("M20-S5-A2", 8, 21, True, True), ("M20-S3-A0", 6, 10, True, False),
        ("M20-S1-A0", 9, 28, True, False), ("M20-S4-A1", 4, 3, False, False)]
    assert long[2]["cells"] == ["H8", "H13", "H19", "B19", "B14", "B10", "E4", "E5", "E6"]
    assert long[2]["values"] == [3, 4, 5, 6, 7, 8, 9, 10, 11]
    assert all({"cells", "values", "msa", "tiles", "points", "wrap", "loop"} <= set(s) for s in data["sequences"])


def test_check_bounced_cells_repeat(cli):
    _, out, _ = cli("check", "--board", "hex:5", "-m", "20", "--wrap", "bounce", "--json",
                    "0T2, 10T4, 0T7, 10T11")
    [sequence] = json.loads(out)["sequences"]
    assert sequence["cells"] == ["T2", "T4", "T7", "T11", "T7", "T4", "T2"]
    assert sequence["values"] == [0, 10, 0, 10, 0, 10, 0]
    assert (sequence["tiles"], sequence["points"], sequence["bounce"]) == (7, 15, True)


def test_check_illegal_position_exits_1_and_names_cells(cli):
    status, out, _ = cli("check", "--board", "hex:4", "-m", "7", "--json", "4B2, 6B1, 1A0, 5M1")
    data = json.loads(out)
    assert status == 1 and data["legal"] is False
    [problem] = data["problems"]
    assert problem["kind"] == "not-linear" and problem["cells"] == ["B2", "B1", "A0", "M1"]
    assert "M1" in problem["message"]


def test_check_wild_values(cli):
    _, out, _ = cli("check", "--board", "hex:4", "-m", "12", "--json",
                    "7B1 ~ #A0 ~ 7M1; 5E1 ~ #A0 ~ #P1 ~ 5P2")
    assert json.loads(out)["wild"] == [{"cell": "A0", "values": [1]}, {"cell": "P1", "values": [9]}]


def test_check_text_summary(cli):
    status, out, _ = cli("check", "--board", "hex:4", "-m", "7", "4B2,", "6B1,", "1A0,", "3M1")
    assert status == 0
    assert "legal" in out and "M7-S2-A0: 4 tiles, 3 points" in out and "blocked: none" in out


@pytest.mark.parametrize("argv, message", [
    (["-m", "7", "4B2, 6B1, 1A0, 3X1"], "bad address 'X1'"),
    (["-m", "7", "4B2, 6B1, 1A0, 3M1M"], "bad tile token"),
    (["-m", "7", "4B2, 6B1, 1A0, 9M1"], "not below the modulus"),
    (["-m", "7", "4B2, 6B2"], "two tiles on one cell"),
    (["-m", "7", "4B2 ~ 6 ~ 1E4"], "not on one line"),
    (["-m", "1", "4B2"], "modulus"),
    (["-m", "7", "--wrap", "tess", "4B2"], "tess"),
    (["-m", "7", "4B99"], "not on board"),
])
def test_malformed_input_is_one_line_and_exit_2(cli, argv, message):
    assert_one_line_error(cli("check", "--board", "hex:4", *argv), message)


def test_score_json_and_totals(cli):
    status, out, _ = cli("score", "--board", "hex:6", "-m", "11", "--json",
                         "Ann: 4B2, 7B1, 10A0, 2M1, 5M2; Bob: 7B1 ~ 5E1 ~ 3E3 ~ 1E6; Ann: 4P1")
    data = json.loads(out)
    assert status == 0 and data["legal"] is True and data["illegal_turn"] is None
    assert [t["points"] for t in data["turns"]] == [6, 3, 1]
    assert data["totals"] == {"Ann": 7, "Bob": 3}
    assert data["turns"][1]["tiles"] == ["E1", "E3", "E6"]
    assert data["turns"][1]["sequences"][0]["primary"] is True


def test_score_stops_at_the_first_illegal_turn(cli):
    status, out, _ = cli("score", "--board", "hex:6", "-m", "11",
                         "4B2, 7B1, 10A0, 2M1, 5M2; 3M4; 8M4")
    assert status == 1
    assert "turn 2 (player 2): ILLEGAL" in out and "turn 3" not in out


def test_transcript_from_a_file_and_stdin(tmp_path, cli):
    path = tmp_path / "game.txt"
    path.write_text("Ann: 4B2, 7B1, 10A0, 2M1, 5M2\nBob: 1B4\n", encoding="utf-8")
    status, out, _ = cli("score", "--board", "hex:6", "-m", "11", f"@{path}")
    assert status == 0 and "totals: Ann 6, Bob 10" in out
    result = subprocess.run([sys.executable, "-m", "modlinseq_print", "check", "--board", "hex:6", "-m", "11",
                             "--json", "-"], input="4B2, 7B1, 10A0", capture_output=True, text=True, check=False)
    assert result.returncode == 0 and json.loads(result.stdout)["sequences"][0]["msa"] == "M11-S3-A0"
    missing = cli("check", "--board", "hex:6", "-m", "11", f"@{tmp_path}/none.txt")
    assert_one_line_error(missing, "cannot read transcript")
