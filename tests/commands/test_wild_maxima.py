"""The most wild tiles a position may hold: 1,000 are judged in seconds by `check`, `score` and `position`,
1,001 are refused in one line before any work; a long list of a wild tile's values is shortened in text."""

import subprocess
import sys
import time

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.geometry.boards import parse_board
from modlinseq_print.geometry.hexgrid import distance
from modlinseq_print.rules.report import listed_values
from modlinseq_print.rules.wilds import MAX_WILD_TILES

#: Generous bounds for a shared machine: a hang fails the test instead of stalling the suite.
SECONDS = 60


def wild_cluster(count: int) -> str:
    """A transcript of `count` wild tiles alone on the cells of hex:150 nearest A0: every line wild only."""
    board = parse_board("hex:150")
    cells = sorted(board.cells, key=lambda c: (distance(c), c))[:count]
    return ", ".join("#" + board.address(c) for c in cells)


def run_check(tmp_path, count: int, *options: str) -> tuple[subprocess.CompletedProcess, float]:
    (tmp_path / "wild.txt").write_text(wild_cluster(count))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "modlinseq_print", "check", "--board", "hex:150", *options,
                           "@wild.txt"], cwd=tmp_path, capture_output=True, text=True, timeout=SECONDS)
    return done, time.perf_counter() - start


def test_the_most_wild_tiles_are_judged(tmp_path):
    assert MAX_WILD_TILES == 1000
    done, _ = run_check(tmp_path, MAX_WILD_TILES, "-m", "12", "--json")
    assert done.returncode == 0, done.stderr
    assert '"legal": true' in done.stdout and done.stdout.count('"cell"') == MAX_WILD_TILES


def test_one_more_is_refused_in_one_line_before_any_work(tmp_path):
    done, seconds = run_check(tmp_path, MAX_WILD_TILES + 1, "-m", "13")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == ["modlinseq-print: error: 1,001 wild tiles on the board: a position may "
                                        "hold at most 1,000 (a set has a handful); write the others as numbers"]
    assert seconds < SECONDS


@pytest.mark.parametrize("command", ["check", "score", "position"])
def test_every_rules_command_refuses_too_many(cli, tmp_path, command):
    (tmp_path / "wild.txt").write_text(wild_cluster(MAX_WILD_TILES + 1))
    extra = ["-o", tmp_path / "p.svg"] if command == "position" else []
    result = cli(command, "--board", "hex:150", "-m", "13", *extra, f"@{tmp_path / 'wild.txt'}")
    assert_one_line_error(result, "at most 1,000", folder=tmp_path, keep=["wild.txt"])


def test_a_long_list_of_values_is_shortened():
    assert listed_values((3, 9)) == "3 or 9" and listed_values(()) == ""
    assert listed_values(tuple(range(2, 10_000, 5))) == "2 or 7 or 12 or ... or 9997"
    assert listed_values(tuple(range(6)), "oder") == "0 oder 1 oder 2 oder 3 oder 4 oder 5"


def test_check_text_names_a_wild_tile_of_any_value_briefly(cli):
    status, out, _ = cli("check", "--board", "hex:4", "-m", "10000", "#A0")
    assert status == 0 and "wild A0: 0 or 1 or 2 or ... or 9999" in out
