"""`simulate A B`: two presets, or one preset on two boards (`--board` twice), played on the same seeded deals
and compared figure by figure with 95% intervals; paired by deal only when both deal the same stock; the same
bytes for the same seed; what cannot be compared is one line, exit 2, before any game."""

from __future__ import annotations

import json

import pytest

from cli_helpers import assert_one_line_error

SMALL = ["-m", "5", "--copies", "3", "--wild", "1", "--hand", "3", "--no-marker"]
BOARDS = ["--board", "hex:4", "--board", "hex:3"]


def preset_file(folder, name: str, copies: int) -> str:
    path = folder / f"{name}.toml"
    path.write_text(f'title = "{name}"\nmodulus = 5\n[board]\nspec = "hex:4"\n[tiles]\ncopies = {copies}\nwild = 0\n')
    return str(path)


def test_two_boards_with_one_stock_are_compared_deal_by_deal(cli):
    status, out, _ = cli("simulate", "--games", "6", *SMALL, *BOARDS)
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("Comparison of hex:4 (A) and hex:3 (B), 6 games each, compared deal by deal")
    assert lines[1].startswith("A: hex:4, modulus 5, 16 tiles") and lines[2].startswith("B: hex:3, modulus 5")
    rows = [line.split("  ")[0] for line in lines[5:10]]
    assert rows == ["first player's share of wins", "first player's lead (points)", "turns per game",
                    "score spread (highest - lowest)", "points per player"]
    assert "95% interval" in lines[4] and lines[-1].startswith("* the interval leaves out 0")


def test_the_json_holds_each_side_as_simulate_prints_it_alone(cli):
    compared = json.loads(cli("simulate", "--games", "6", "--json", *SMALL, *BOARDS).out)
    assert compared["compared"] == ["hex:4", "hex:3"] and compared["method"] == "paired" and compared["games"] == 6
    for side, board in (("a", "hex:4"), ("b", "hex:3")):
        alone = json.loads(cli("simulate", "--games", "6", "--json", *SMALL, "--board", board).out)
        assert compared[side] == {"name": board, **alone}
    turns = compared["differences"]["turns"]
    a_turns = [g["turns"] for g in compared["a"]["each_game"]]
    b_turns = [g["turns"] for g in compared["b"]["each_game"]]
    assert turns["a"] == round(sum(a_turns) / 6, 4) and turns["b"] == round(sum(b_turns) / 6, 4)
    assert turns["low"] <= turns["difference"] <= turns["high"] and turns["df"] == 5
    assert [g["seed"] for g in compared["a"]["each_game"]] == [g["seed"] for g in compared["b"]["each_game"]]
    wins = compared["differences"]["first_player_wins"]
    assert -1 <= wins["low"] <= wins["high"] <= 1


def test_two_presets_with_other_stocks_are_compared_as_separate_games(cli, tmp_path):
    a, b = preset_file(tmp_path, "three", 3), preset_file(tmp_path, "four", 4)
    status, out, _ = cli("simulate", a, b, "--games", "5", "--hand", "3", "--no-marker", "--json")
    found = json.loads(out)
    assert status == 0 and found["method"] == "welch" and found["compared"] == [a, b]
    assert found["a"]["tiles"] == {str(v): 3 for v in range(5)} and found["b"]["tiles"] == {str(v): 4 for v in range(5)}
    assert all(d["df"] is None or d["df"] > 0 for d in found["differences"].values())
    text = cli("simulate", a, b, "--games", "5", "--hand", "3", "--no-marker").out
    assert "compared as two separate sets of games" in text.splitlines()[0]


def test_the_same_seed_prints_the_same_comparison(cli):
    for output in ([], ["--json"]):
        first = cli("simulate", "--games", "3", "--seed", "4", *output, *SMALL, *BOARDS)
        again = cli("simulate", "--games", "3", "--seed", "4", *output, *SMALL, *BOARDS)
        assert first.status == again.status == 0 and first.out == again.out and first.out
    other = cli("simulate", "--games", "3", "--seed", "5", "--json", *SMALL, *BOARDS).out
    assert json.loads(other)["a"]["each_game"] != json.loads(first.out)["a"]["each_game"]


@pytest.mark.parametrize("words, said", [
    (["a", "b", "c"], "at most two presets"),
    (["--board", "hex:3", "--board", "hex:4", "--board", "hex:5"], "--board at most twice"),
    (["starter", "standard", "--board", "hex:3", "--board", "hex:4"], "two presets or two boards, not both"),
    ([*BOARDS, "-o", "report.pdf"], "-o writes the games of one design"),
    ([*BOARDS, "--save-games", "games"], "--save-games writes the games of one design"),
    (["--board", "hex:3", "--board", ""], "--board is empty: give a value"),
    (["starter", " "], "the preset argument is empty: give a value"),
    (["--board", "hex:3", "--board", "hex:x"], "hex:x"),
    (["starter", "nosuch"], "unknown preset 'nosuch'"),
])
def test_what_cannot_be_compared_is_one_line_before_any_game(cli, tmp_path, monkeypatch, words, said):
    monkeypatch.chdir(tmp_path)
    assert_one_line_error(cli("simulate", "--games", "2", *words), said, folder=tmp_path)
