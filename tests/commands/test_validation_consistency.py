"""Consistent validation: one check per kind of count and offset in every command, one topology check for
`check` and kit presets, empty transcripts alike, and counts CSV files that parse or say which line does not."""

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.printables.tiles import TileError, read_counts


@pytest.mark.parametrize("argv, option, low", [
    (["reference", "--wild", "-1"], "--wild", 0),
    (["tiles", "--wild", "-1"], "--wild", 0),
    (["tiles", "--copies", "-1"], "--copies", 0),
    (["tiles", "--blockers", "-1"], "--blockers", 0),
    (["markers", "--copies", "-1"], "--copies", 0),
    (["kit", "standard", "--exercises", "-1"], "--exercises", 0),
    (["worksheet", "--exercises", "0"], "--exercises", 1),
    (["coprimality", "sheet", "--pages", "0"], "--pages", 1),
    (["position", "--board", "hex:3", "-m", "13", "--crop-margin", "-1", "4B1"], "--crop-margin", 0),
    (["score", "--board", "hex:3", "-m", "13", "--players", "0", "4B1"], "--players", 1),
])
def test_counts_are_checked_alike_in_every_command(cli, tmp_path, argv, option, low):
    result = cli(*argv, "-o", tmp_path / "out.pdf") if argv[0] != "score" else cli(*argv)
    assert_one_line_error(result, f"argument {option}", f"give {low} or more", usage=True, folder=tmp_path)


@pytest.mark.parametrize("argv", [
    ["mod13", "deck", "--back-offset", "500mm,0"],
    ["mod13", "deck", "--back-offset", "0,-21mm"],
    ["tiles", "--back-offset", "500mm,0"],
])
def test_back_offsets_are_checked_alike(cli, tmp_path, argv):
    assert_one_line_error(cli(*argv, "-o", tmp_path / "out.pdf"), "is too large", "at most 20 mm", folder=tmp_path)


def test_a_kit_preset_refuses_the_wrap_check_refuses(cli, tmp_path):
    checked = cli("check", "--board", "hex:9", "-m", "13", "--wrap", "tess", "4B2")
    assert_one_line_error(checked, "wrap mode 'tess' needs a tess:N board, not hex:9")
    preset = tmp_path / "p.toml"
    preset.write_text('[board]\nspec = "hex:9"\nwrap = "tess"\n')
    result = cli("kit", preset, "-o", tmp_path / "k.pdf")
    assert_one_line_error(result, "key board.wrap", "wrap mode 'tess' needs a tess:N board, not hex:9",
                          folder=tmp_path, keep=["p.toml"])


@pytest.mark.parametrize("transcript", ["", ",,,", " , ;, ", "\n,\n"])
def test_transcripts_without_tiles_are_all_the_same_error(cli, transcript):
    result = cli("check", "--board", "hex:3", "-m", "13", transcript)
    assert_one_line_error(result, "the transcript has no tiles")


@pytest.mark.parametrize("text, words", [
    ("0;5\n", "line 1: give two columns"),
    ("value,count\n1,2,3\n", "line 2: give two columns"),
    ("1,2\n\n3\n", "line 3: give two columns"),
    ("value,count\n1,2\nx,3\n", "line 3: bad value 'x'"),
    ("1,2\nvalue,count\n", "line 2: bad value 'value'"),
])
def test_counts_csv_lines_that_do_not_parse_are_named(tmp_path, text, words):
    path = tmp_path / "counts.csv"
    path.write_text(text)
    with pytest.raises(TileError, match=words):
        read_counts(path)


def test_counts_csv_with_and_without_a_header(tmp_path):
    path = tmp_path / "counts.csv"
    path.write_text("Value, Count\n1,2\n\n 3 , 4 \n")
    assert read_counts(path) == {1: 2, 3: 4}
    path.write_text("1,2\n")
    assert read_counts(path) == {1: 2}
