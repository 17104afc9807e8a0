"""The front door (`import modlinseq_print as mp`): each call writes the bytes its command writes."""

import json
import subprocess
import sys

import pytest

import modlinseq_print as mp
from cli_helpers import files_in
from modlinseq_print.errors import ModlinseqError

TRANSCRIPT = "4B2, 5B1, 6A0"


def same_files(api_dir, cli_dir):
    """The two folders hold the same file names with the same bytes."""
    assert files_in(api_dir) == files_in(cli_dir) and files_in(api_dir)
    for name in files_in(api_dir):
        assert (api_dir / name).read_bytes() == (cli_dir / name).read_bytes(), name


@pytest.fixture
def dirs(tmp_path):
    api, cli = tmp_path / "api", tmp_path / "cli"
    api.mkdir()
    cli.mkdir()
    return api, cli


def test_check_returns_what_check_json_prints(cli):
    for transcript in (TRANSCRIPT, "4B2, 6B1, 1A0"):
        printed = cli("check", "--board", "hex:9", "-m", "13", transcript, "--json")
        assert mp.check("hex:9", 13, transcript) == json.loads(printed.out)
    assert mp.check("hex:9", 13, TRANSCRIPT)["legal"] is True
    marked = cli("check", "--board", "tess:3", "-m", "20", "--marker", "1B1", "--json")
    assert mp.check("tess:3", 20, "1B1", marker=True) == json.loads(marked.out)


def test_moves_returns_what_moves_json_prints(cli):
    for transcript, hand, top in (("4B2, 6B1, 8A0", "3,5,5,8,11,#,0", 10), ("", "1,2,3", 0)):
        printed = cli("moves", "--board", "hex:9", "-m", "13", "--hand", hand, "--top", str(top), "--json",
                      *([transcript] if transcript else []))
        assert mp.moves("hex:9", 13, hand, transcript, top=top) == json.loads(printed.out)
    first = mp.moves("hex:3", 7, "1,2,3", top=0)
    assert first["count"] == len(first["turns"]) > 0 and all("A0" in t["cells"] for t in first["turns"])
    with pytest.raises(ModlinseqError, match="^top: bad count -1"):
        mp.moves("hex:3", 7, "1,2", top=-1)
    with pytest.raises(ModlinseqError, match="not a number below the modulus 7"):
        mp.moves("hex:3", 7, "1,9")


def test_simulate_plays_the_games_simulate_plays(cli, dirs):
    api, out = dirs
    small = dict(board="hex:3", modulus=5, copies=3, wild=1, hand=3, marker=False, ai="careful,greedy", seed=4)
    done = []
    played = mp.simulate(games=2, progress=done.append, **small)
    printed = cli("simulate", "--games", "2", "--board", "hex:3", "-m", "5", "--copies", "3", "--wild", "1",
                  "--hand", "3", "--no-marker", "--ai", "careful,greedy", "--seed", "4", "--json")
    assert played.report == json.loads(printed.out) and done == [1, 2]
    assert played.text.startswith("Playtest of 2 games: hex:3, modulus 5, 16 tiles") and len(played.games) == 2
    assert played.save(api / "report.svg") == [api / "report.svg"]
    assert cli("simulate", "--games", "2", "--board", "hex:3", "-m", "5", "--copies", "3", "--wild", "1", "--hand",
               "3", "--no-marker", "--ai", "careful,greedy", "--seed", "4", "-o", out / "report.svg").status == 0
    same_files(api, out)


@pytest.mark.parametrize("keywords, words", [
    (dict(games=0), "0 games: a playtest plays 1 to 10,000"),
    (dict(ai="greedy,greedy,greedy"), "^ai names 3 players and players says 2"),
    (dict(hand="7"), "^'7' is not a whole number: give hand as one"),
    (dict(jobs=None), "^None is not a whole number: give jobs as one"),
    (dict(wild=-1), "^-1 is out of range: give wild as 0 or more"),
    (dict(copies=10 ** 8), "a stock of 1,300,000,004 tiles: a game takes at most 10,000"),
    (dict(ai="clever"), "unknown computer player 'clever'"),
    (dict(board="hex:3", players=4, hand=12, copies=1, modulus=7, wild=0), "cannot fill 4 hands of 12"),
])
def test_simulate_refuses_bad_settings_before_any_game(keywords, words):
    with pytest.raises(ModlinseqError, match=words):
        mp.simulate(**keywords)


def test_board_pdf_and_multipage_svg_as_the_command(cli, dirs):
    api, out = dirs
    written = mp.board("hex:9", pattern="bonus").save(api / "board.pdf", paper="a4")
    assert written == [api / "board.pdf"]
    assert cli("board", "--board", "hex:9", "--pattern", "bonus", "--paper", "a4", "-o", out / "board.pdf").status == 0
    assert len(mp.board("hex:4", labels=False).save(api / "small.svg", paper="148x210mm")) > 1
    assert cli("board", "--board", "hex:4", "--no-labels", "--paper", "148x210mm", "-o", out / "small.svg").status == 0
    same_files(api, out)


def test_kit_as_the_command(cli, dirs):
    api, out = dirs
    assert mp.kit("starter", exercises=2).save(api / "kit.pdf") == [api / "kit.pdf"]
    assert cli("kit", "starter", "--exercises", "2", "--quiet", "-o", out / "kit.pdf").status == 0
    same_files(api, out)


def test_tiles_markers_and_cut_file_as_the_commands(cli, dirs):
    api, out = dirs
    mp.tiles(modulus=7, copies=2, wild=1, markers="8-9").save(api / "tiles.pdf", layout="duplex",
                                                              cut_file=api / "cut.svg")
    assert cli("tiles", "--modulus", "7", "--copies", "2", "--wild", "1", "--markers", "8-9", "--layout", "duplex",
               "-o", out / "tiles.pdf", "--cut-file", out / "cut.svg").status == 0
    mp.markers("8-10", width="1in").save(api / "markers.svg")
    assert cli("markers", "--range", "8-10", "--tile-width", "1in", "-o", out / "markers.svg").status == 0
    mp.markers("8-10").save(api / "bed.dxf", bed="300x200mm")
    assert cli("markers", "--range", "8-10", "--bed", "300x200mm", "-o", out / "bed.dxf").status == 0
    same_files(api, out)
    assert "tiles.manifest.csv" in files_in(api) and "cut.cut.manifest.json" in files_in(api)


def test_position_as_the_command(cli, dirs):
    api, out = dirs
    drawn = mp.position("hex:6", 13, TRANSCRIPT, crop=True)
    assert drawn.analysis.legal and drawn.save(api / "position.svg") == [api / "position.svg"]
    assert cli("position", "--board", "hex:6", "-m", "13", "--crop", TRANSCRIPT, "-o", out / "position.svg").status == 0
    same_files(api, out)


def test_lang_prints_the_pages_as_the_commands_lang(cli, dirs):
    api, out = dirs
    mp.board("hex:3", modulus=13, lang="de").save(api / "board.pdf", paper="a5")
    assert cli("board", "--board", "hex:3", "--modulus", "13", "--lang", "de", "--paper", "a5",
               "-o", out / "board.pdf").status == 0
    mp.markers("8-9", lang="ru").save(api / "markers.pdf")
    assert cli("markers", "--range", "8-9", "--lang", "ru", "-o", out / "markers.pdf").status == 0
    mp.position("hex:6", 13, TRANSCRIPT, legend="all", lang="el").save(api / "position.svg")
    assert cli("position", "--board", "hex:6", "-m", "13", "--legend", "all", "--lang", "el", TRANSCRIPT,
               "-o", out / "position.svg").status == 0
    mp.kit("starter", lang="fr").save(api / "kit.pdf")
    assert cli("kit", "starter", "--lang", "fr", "--quiet", "-o", out / "kit.pdf").status == 0
    same_files(api, out)
    english = mp.board("hex:3", modulus=13).save(api / "en.pdf", paper="a5")[0].read_bytes()
    assert english != (api / "board.pdf").read_bytes()  # the German words differ from the English


def test_bad_values_raise_the_commands_errors(tmp_path):
    with pytest.raises(ModlinseqError, match="unknown language 'xx'"):
        mp.kit("standard", lang="xx")
    with pytest.raises(ModlinseqError, match="unknown language"):
        mp.board("hex:3", lang="klingon")
    with pytest.raises(ModlinseqError, match="unknown preset"):
        mp.kit("no-such-preset")
    with pytest.raises(ModlinseqError, match="bad tile width"):
        mp.board("hex:3", tile_width="wide")
    with pytest.raises(ModlinseqError, match="cannot tell the format"):
        mp.board("hex:3").save(tmp_path / "board.doc")
    assert files_in(tmp_path) == []


def test_the_front_door_s_kit_is_a_function_and_the_kits_package_stays_a_package():
    import modlinseq_print.kits.build as build
    from modlinseq_print import api

    assert mp.kit is api.kit and type(mp.kits).__name__ == "module" and mp.kits.build is build
    assert set(mp.__all__) >= {"board", "kit", "tiles", "markers", "position", "check", "moves", "simulate"}


def test_importing_the_package_stays_cheap():
    code = ("import sys, modlinseq_print; "
            "print(sorted(m for m in sys.modules if m.startswith(('modlinseq', 'reportlab'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['modlinseq_print']"


def test_press_cutter_and_preflight_as_the_commands(cli, dirs):
    api, out = dirs
    mp.tiles(modulus=5, copies=2).save(api / "t.pdf", press=mp.PressOptions(pdfx="1a"))
    assert cli("tiles", "--modulus", "5", "--copies", "2", "--press", "--pdfx", "1a", "-o", out / "t.pdf").status == 0
    mp.markers("8-9").save(api / "m.png", cut_file=api / "c.svg", cutter="cricut", paper="letter")
    assert cli("markers", "--range", "8-9", "--cutter", "cricut", "--paper", "letter", "-o", out / "m.png",
               "--cut-file", out / "c.svg").status == 0
    mp.board("hex:3", press=True, dieline_board=True).save(api / "b.pdf", paper="poster")
    assert cli("board", "--board", "hex:3", "--press", "--dieline-board", "--paper", "poster",
               "-o", out / "b.pdf").status == 0
    same_files(api, out)
    assert mp.preflight(api / "t.pdf").passed and mp.preflight(api / "b.pdf", "4").passed
    assert not mp.preflight(api / "t.pdf", "4").passed  # a PDF/X-1a file is no PDF/X-4 file
    with pytest.raises(ModlinseqError, match="press"):
        mp.markers("8-9").save(api / "x.svg", press=True)
