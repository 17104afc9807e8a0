"""The `moves` command: the best turns as text or JSON, each one `score` accepts with the same points; bad
hands and positions are one line, exit 2."""

import json

import pytest

from cli_helpers import assert_one_line_error


def test_the_best_first_turns_of_page_2(cli):
    status, out, _ = cli("moves", "--board", "hex:6", "-m", "11", "--hand", "1,2,4,5,7,8,10", "--top", "3")
    assert status == 0
    assert out.startswith("805 legal turns for the hand 1,2,4,5,7,8,10 on hex:6 (0 tiles), modulus 11; the best 3:")
    assert out.count("15 points") == 3 and "M11-S3-A0, 7 tiles" in out


def test_json_turns_score_as_listed(cli):
    position = "4B2, 7B1, 10A0, 2M1, 5M2"
    status, out, _ = cli("moves", "--board", "hex:6", "-m", "11", "--hand", "1,8,3,#", "--top", "0", "--json", position)
    data = json.loads(out)
    assert status == 0 and data["count"] == len(data["turns"]) > 20 and data["hand"] == "1,3,8,#"
    best = data["turns"][0]
    assert best["points"] == max(t["points"] for t in data["turns"]) and best["sequences"][0]["primary"]
    for turn in data["turns"][:: max(1, len(data["turns"]) // 12)]:
        _, scored, _ = cli("score", "--board", "hex:6", "-m", "11", "--json", f"{position}; {turn['turn']}")
        assert json.loads(scored)["turns"][1]["points"] == turn["points"], turn["turn"]


def test_a_hand_with_no_legal_turn_freezes(cli):
    status, out, _ = cli("moves", "--board", "hex:1", "-m", "7", "--hand", "6",
                         "1B1, 2A0, 3M1, 0E1 ~ 2 ~ 4P1, 5H1, 6T1")
    assert status == 0 and "0 legal turns" in out and "freezes" in out


@pytest.mark.parametrize("argv, words", [
    (["--hand", "1,13"], "not a number below the modulus 13"),
    (["--hand", ""], "--hand is empty"),
    (["--hand", " , "], "the hand is empty"),
    (["--hand", "1,2", "--board", "file:holed.txt"], "no centre cell A0"),
    (["--hand", "1", "4B2, 6B1, 1A0, 5M1"], "the position is not legal"),
    (["--hand", "1", "--top", "-1"], "--top"),
])
def test_bad_input_is_one_line(cli, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "holed.txt").write_text("B1 E1 H1 M1 P1 T1\n")
    board = [] if "--board" in argv else ["--board", "hex:4"]
    result = cli("moves", "-m", "13", *board, *argv)
    assert_one_line_error(result, words, usage=words == "--top", folder=tmp_path, keep=["holed.txt"])


@pytest.mark.parametrize("board, extra, hand", [
    ("square:250x250", ["--wrap", "lines", "--diagonals"], ",".join(["#"] * 12)),
    ("hex:9", [], "0,1,2,3,4,5,#,#,#,#,#,#"),
])
def test_a_search_past_the_budget_is_refused_up_front(board, extra, hand):
    """Board and hand within their limits, but a search of minutes and gigabytes: one line within a second of
    CPU, with what to change (on the search itself this ran past 100 s)."""
    import resource
    import subprocess
    import sys

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "modlinseq_print", "moves", "--board", board, "-m", "13", *extra,
                           "--hand", hand], capture_output=True, text=True, timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 2 and done.stdout == "", done
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("modlinseq-print: error: finding every turn")
    assert "the limit is 20 s and 1 GB" in done.stderr and "fewer wild tiles, a smaller hand" in done.stderr
    assert after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime < 1.5
