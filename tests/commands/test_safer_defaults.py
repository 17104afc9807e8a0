"""Safer defaults: the rules commands need the board the game is played on; a press kit does not take the place
of the home-printer kit; a command says when it writes over a file that was there; one modulus range per use,
each with its reason."""

import pytest

from cli_helpers import assert_one_line_error


@pytest.mark.parametrize("command", ["check", "score", "position"])
def test_the_rules_commands_need_the_board(cli, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    result = cli(command, "-m", "13", "4B2")
    assert_one_line_error(result, "--board", "required", usage=True, folder=tmp_path)


@pytest.mark.parametrize("command", ["board", "describe"])
def test_drawing_and_describing_keep_their_default_board(cli, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    result = cli(command)
    assert result.status == 0 and ("hex:9" in result.out or "board 540 x 477 mm" in result.out), result


def test_a_press_kit_has_its_own_default_name(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    home = cli("kit", "starter", "--quiet")
    assert home.status == 0 and home.out.startswith("wrote output/kit-starter.pdf: ")
    before = (tmp_path / "output" / "kit-starter.pdf").read_bytes()
    press = cli("kit", "starter", "--quiet", "--press")
    assert press.status == 0 and press.out.startswith("wrote output/kit-starter-press.pdf: ")
    assert "replaced" not in press.out
    assert (tmp_path / "output" / "kit-starter.pdf").read_bytes() == before
    assert (tmp_path / "output" / "kit-starter-press.pdf").read_bytes().startswith(b"%PDF-")


def test_writing_over_a_file_says_so(cli, tmp_path):
    target = tmp_path / "b.svg"
    first = cli("board", "--board", "hex:2", "-o", target)
    assert first.status == 0 and "replaced" not in first.out
    again = cli("board", "--board", "hex:2", "-o", target)
    assert again.status == 0 and again.out.rstrip().endswith("; replaced 1 existing file")
    pieces = cli("tiles", "--copies", "1", "-o", tmp_path / "t.pdf")
    assert "replaced" not in pieces.out
    (tmp_path / "t.manifest.json").unlink()
    pieces = cli("tiles", "--copies", "1", "-o", tmp_path / "t.pdf")
    assert pieces.out.rstrip().endswith(f"; replaced 2 existing files ({tmp_path / 't.pdf'}, "
                                        f"{tmp_path / 't.manifest.csv'})"), pieces.out


@pytest.mark.parametrize("argv, words", [
    (["check", "--board", "hex:3", "-m", "10001", "4B1"], ["from 2 to 10,000", "the rules suggest 8 to 20"]),
    (["board", "--board", "hex:2", "--modulus", "10001"], ["from 2 to 10,000"]),
    (["tiles", "--modulus", "1000"], ["printed tiles take 2 to 999", "three digits fit on a tile"]),
    (["markers", "--range", "8-1000"], ["moduli run from 2 to 999"]),
    (["reference", "-m", "100"], ["takes 2 to 99", "it lists every sequence", "the rules suggest 8 to 20"]),
])
def test_each_modulus_range_is_given_with_its_reason(cli, tmp_path, argv, words):
    result = cli(*argv, "-o", tmp_path / "out.pdf") if argv[0] != "check" else cli(*argv)
    assert_one_line_error(result, *words, folder=tmp_path)


@pytest.mark.parametrize("argv", [
    ["check", "--board", "hex:3", "-m", "10000", "4B1"],
    ["board", "--board", "hex:2", "--modulus", "10000"],
    ["tiles", "--modulus", "999", "--copies", "1"],
    ["reference", "-m", "99"],
])
def test_the_top_of_each_range_is_accepted(cli, tmp_path, argv):
    result = cli(*argv, "-o", tmp_path / "out.pdf") if argv[0] != "check" else cli(*argv)
    assert result.status == 0, result


def test_the_reference_card_fits_a5(cli, tmp_path):
    result = cli("reference", "--paper", "a5", "-o", tmp_path / "a5.pdf")
    assert result.status == 0 and result.out.startswith(f"wrote {tmp_path / 'a5.pdf'}: "), result


def test_exports_and_bundles_say_when_they_replace_files(cli, tmp_path):
    first = cli("tts", "starter", "-o", tmp_path / "tts")
    assert first.status == 0 and "replaced" not in first.out
    again = cli("tts", "starter", "-o", tmp_path / "tts")
    assert again.status == 0 and again.out.rstrip().endswith("; replaced 15 existing files"), again.out
