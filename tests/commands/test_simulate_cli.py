"""`simulate`: seeded games between computer players, the table, the JSON (the same whatever --jobs) and the
one-page report; bad settings are one line, exit 2, before any game."""

import json

import pytest

from cli_helpers import assert_one_line_error

SMALL = ["--board", "hex:3", "-m", "5", "--copies", "3", "--wild", "1", "--hand", "3", "--no-marker"]


def test_one_game_is_one_game(cli):
    status, out, _ = cli("simulate", "--games", "1", *SMALL)
    assert status == 0 and out.startswith("Playtest of 1 game: hex:3")


def test_the_table(cli):
    status, out, _ = cli("simulate", "--games", "4", *SMALL)
    assert status == 0
    assert out.startswith("Playtest of 4 games: hex:3, modulus 5, 16 tiles (3 of each value, 1 wild), 2 players "
                          "(greedy, greedy), hands of 3")
    for row in ("turns per game", "score, seat 1 (greedy)", "winner's lead", "cells filled", "blocked cells",
                "tiles left in the stock", "longest sequence", "games won (ties shared)"):
        assert row in out
    assert "CPU seconds" not in out


def test_the_help_lists_every_level_weakest_first_from_their_definition(cli):
    from modlinseq_print.rules.players import AI_PLAYERS
    from modlinseq_print.rules.strong_player import BUDGET

    status, out, _ = cli("simulate", "--help")
    words = " ".join(out.split())
    assert status == 0 and f"computer players, from the one that thinks least: {', '.join(AI_PLAYERS)};" in words
    assert f"strong:N thinks N searches a turn (strong alone: {BUDGET};" in words


@pytest.mark.parametrize("ai", ["beginner", "strong:6,careful"])
def test_every_level_plays_a_seeded_playtest_the_same_twice(cli, ai):
    runs = [cli("simulate", "--games", "2", "--json", "--ai", ai, *SMALL) for _ in range(2)]
    assert runs[0][0] == 0 and runs[0][1] == runs[1][1]
    assert json.loads(runs[0][1])["players"] == ai.split(",") * (2 if "," not in ai else 1)


def test_the_same_seed_prints_the_same_bytes(cli):
    for output in ([], ["--json"]):
        first = cli("simulate", "--games", "3", "--seed", "5", *output, *SMALL)
        again = cli("simulate", "--games", "3", "--seed", "5", *output, *SMALL)
        assert first.status == again.status == 0 and first.out == again.out and first.out


def test_timings_add_the_cpu_seconds(cli):
    plain = json.loads(cli("simulate", "--games", "3", "--json", *SMALL).out)
    timed = json.loads(cli("simulate", "--games", "3", "--json", "--timings", *SMALL).out)
    assert "seconds" not in plain and all("seconds" not in g for g in plain["each_game"])
    assert timed["seconds"]["least"] <= timed["seconds"]["mean"] <= timed["seconds"]["most"]
    assert all(g["seconds"] >= 0 for g in timed["each_game"]) and len(timed["each_game"]) == 3
    keys = list(plain)
    assert list(timed) == [*keys[:keys.index("heat")], "seconds", *keys[keys.index("heat"):]]  # before the heat map
    stripped = {k: v for k, v in timed.items() if k != "seconds"}
    stripped["each_game"] = [{k: v for k, v in g.items() if k != "seconds"} for g in timed["each_game"]]
    assert stripped == plain
    table = cli("simulate", "--games", "3", "--timings", *SMALL).out
    assert "CPU seconds per game" in table


def test_json_is_the_same_whatever_the_processes(cli):
    _, one, _ = cli("simulate", "--games", "4", "--json", "--ai", "careful,greedy", *SMALL)
    _, two, _ = cli("simulate", "--games", "4", "--json", "--ai", "careful,greedy", "--jobs", "2", *SMALL)
    a, _ = json.loads(one), json.loads(two)
    assert one == two
    assert a["players"] == ["careful", "greedy"] and len(a["each_game"]) == 4 and a["tiles"]["#"] == 1
    assert 0 < a["filled"]["mean"] <= 1 and a["heat"] and all(0 < v <= 1 for v in a["heat"].values())
    assert abs(sum(a["wins"]) - 1) < 1e-9
    _, other, _ = cli("simulate", "--games", "4", "--json", "--ai", "careful,greedy", "--seed", "2", *SMALL)
    assert json.loads(other)["each_game"] != a["each_game"]


def test_the_report(cli, tmp_path, require_tool):
    pdftotext = require_tool("pdftotext")
    status, out, _ = cli("simulate", "--games", "3", *SMALL, "-o", tmp_path / "report.pdf")
    assert status == 0 and "wrote" in out
    import subprocess
    text = subprocess.run([pdftotext, tmp_path / "report.pdf", "-"], capture_output=True, text=True).stdout
    for words in ("MODLINSEQ playtest: 3 games", "Final scores", "Game length", "How often each cell was filled"):
        assert words in text
    status, _, _ = cli("simulate", "--games", "3", *SMALL, "-o", tmp_path / "report.png", "--dpi", "40")
    import numpy as np
    from PIL import Image
    with Image.open(tmp_path / "report.png") as image:
        assert image.size == (round(210 / 25.4 * 40), round(297 / 25.4 * 40))
        rgb = np.asarray(image.convert("RGB")).astype(int)
    dark = ((rgb[..., 1] > rgb[..., 0] + 30) & (rgb[..., 1] < 140)).sum()
    assert dark > 50  # the green bars and the busiest cells of the heat map


def test_the_same_playtest_writes_the_same_report(cli, tmp_path):
    for name in ("a.svg", "b.svg", "a.pdf", "b.pdf"):
        assert cli("simulate", "--games", "2", *SMALL, "-o", tmp_path / name)[0] == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()


@pytest.mark.parametrize("argv, words", [
    (["--games", "0"], "--games"),
    (["--players", "0"], "--players: 0 is out of range: give 1 to 6"),
    (["--players", "7"], "--players: 7 is out of range: give 1 to 6"),
    (["--players", "1000000000"], "--players: 1000000000 is out of range: give 1 to 6"),  # before seats are made
    (["--ai", "clever"], "unknown computer player 'clever'"),
    (["--ai", "strong:0"], "a strong player's thinking is a whole number of searches a turn, 1 to 10,000"),
    (["--ai", "careful:9"], "unknown computer player 'careful:9'"),
    (["--ai", "greedy,greedy,greedy"], "--ai names 3 players"),
    (["--players", "4", "--hand", "12", "--copies", "1", "-m", "7", "--wild", "0"], "cannot fill 4 hands of 12"),
    (["--board", "file:holed.txt"], "no centre cell A0"),
    (["--copies", "100000000"], "a stock of 1,300,000,004 tiles: a game takes at most 10,000"),
    (["--wild", "1000000000"], "a stock of 1,000,000,130 tiles"),
    (["-o", "report.txt"], "report.txt"),
    (["nosuchpreset"], "nosuchpreset"),
])
def test_bad_settings_are_one_line(cli, tmp_path, monkeypatch, argv, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "holed.txt").write_text("B1 E1 H1 M1 P1 T1\n")
    result = cli("simulate", "--games", "2", *argv) if argv[0] != "nosuchpreset" else cli("simulate", *argv)
    assert_one_line_error(result, words, usage=words.startswith("--"), folder=tmp_path, keep=["holed.txt"])


@pytest.mark.parametrize("argv, words", [
    (["-o", "r.png", "--dpi", "100000"], "more than a PNG here may have"),
    (["--save-games", "taken/games"], "lies inside"),
    (["--save-games", "x" * 5000], "File name too long"),
])
def test_a_report_or_folder_that_cannot_be_written_is_refused_before_any_game(cli, tmp_path, monkeypatch, argv,
                                                                             words):
    from modlinseq_print.rules import playtest

    def never(*_args, **_kwargs):
        raise AssertionError("games were played for a run that cannot write its output")

    monkeypatch.setattr(playtest, "playtest", never)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken").write_text("x")
    assert_one_line_error(cli("simulate", "--games", "2", *argv), words, folder=tmp_path, keep=["taken"])
