"""One rule per option across commands: the cutter, --pdfx beside --service, a weight of 0, empty values, the
base URL, tile digits and the studio's --host are each checked by one shared rule, whichever command takes them."""

import socket

import pytest

from cli_helpers import ERROR_PREFIX, assert_one_line_error


def message(result) -> str:
    """The error line without its prefix and the help it points to."""
    return result.err.removeprefix(ERROR_PREFIX).split(" (see ")[0].strip()


@pytest.mark.parametrize("command", [["box"], ["mod13", "box"]])
@pytest.mark.parametrize("cutter, words", [
    ("cricut", "Cricut Print Then Cut takes images: write the sheets as PNG or SVG, not PDF"),
    ("summa", "Summa OPOS cuts the CutContour die lines of a press-ready PDF"),
])
def test_boxes_refuse_the_cutters_tiles_refuses(cli, tmp_path, command, cutter, words):
    tiles = cli("tiles", "--cut-file", tmp_path / "t.svg", "--cutter", cutter, "-o", tmp_path / "t.pdf")
    assert_one_line_error(tiles, words, folder=tmp_path)
    box = cli(*command, "--cut-file", tmp_path / "c.svg", "--cutter", cutter, "-o", tmp_path / "b.pdf")
    assert_one_line_error(box, words, folder=tmp_path)
    assert message(box) == message(tiles)


def test_a_box_for_a_cricut_is_written_as_an_image(cli, tmp_path):
    result = cli("mod13", "box", "--cut-file", tmp_path / "c.svg", "--cutter", "cricut", "-o", tmp_path / "b.png")
    assert result.status == 0, result
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.png", "c.svg"]


def test_a_box_for_a_summa_is_pointed_to_its_press_file(cli, tmp_path):
    result = cli("box", "--cut-file", tmp_path / "c.svg", "--cutter", "summa", "--press", "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "give --press alone", folder=tmp_path)


@pytest.mark.parametrize("command", [["tiles"], ["box"], ["mod13", "box"]])
def test_a_summa_with_a_press_file_and_no_cut_file_is_pointed_to_the_press_file_alone(cli, tmp_path, command):
    """Every way of asking a Summa for print-and-cut ends at the press-ready file alone (this one was told to add
    a cut file, which is then refused beside --press)."""
    result = cli(*command, "--cutter", "summa", "--press", "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "give --press alone, without --cutter", folder=tmp_path)
    assert cli(*command, "--press", "-o", tmp_path / "b.pdf").status == 0


@pytest.mark.parametrize("argv", [
    ["mod13", "deck"], ["tiles"], ["kit", "starter"],
])
@pytest.mark.parametrize("press", [["--pdfx", "1a"], ["--output-intent", "swop"], ["--press"]])
def test_press_options_beside_a_service_are_one_rule(cli, tmp_path, argv, press):
    result = cli(*argv, "--service", "thegamecrafter", *press, "-o", tmp_path / "d.pdf")
    assert_one_line_error(result, "--service writes the files", f"leave out {press[0]}", folder=tmp_path)


@pytest.mark.parametrize("weight", ["0", "0.0", "5", "1000"])
def test_a_deck_card_of_0_is_out_of_range_like_any_other(cli, tmp_path, weight):
    result = cli("mod13", "box", "--deck-card", weight, "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "is out of range", "120 to 450", folder=tmp_path)


@pytest.mark.parametrize("argv", [
    ["rack", "--tile-width", ""], ["rack", "--bed", ""], ["rack", "--bed", " "], ["pieces3d", "--preset", ""],
    ["pieces3d", "--tile-width", ""], ["rack", "--preset", ""], ["tiles", "--paper", ""], ["board", "--margin", ""],
    ["kit", ""], ["box", ""], ["tts", ""], ["simulate", ""], ["studio", "--host", ""],
    ["moves", "--board", "hex:3", "-m", "13", "--hand", ""], ["board", "--press", "--dieline-name", ""],
])
def test_an_empty_value_is_refused_everywhere(cli, tmp_path, argv):
    result = cli(*argv, *(["-o", tmp_path / "out.x"] if argv[0] not in ("studio", "moves", "simulate") else []))
    assert_one_line_error(result, "is empty: give", folder=tmp_path)


@pytest.mark.parametrize("url", [
    "https://example.org/a\x01b", "https://example.org/\x7f", "https://example.org/\u202eevil",
    "https://example.org/\u200bx", "https://example.org/a\u2028b", "https://example.org/\x00",
])
def test_a_base_url_with_control_or_direction_characters_is_refused(cli, tmp_path, url):
    result = cli("tts", "starter", "--base-url", url, "-o", tmp_path / "out")
    assert_one_line_error(result, "--base-url", "bad base URL", folder=tmp_path)
    assert "\u202e" not in result.err and "\x01" not in result.err


@pytest.mark.parametrize("tile", ["１", "²", "٣", "1,２", "৫"])
def test_moves_reads_tile_digits_as_check_does(cli, tile):
    checked = cli("check", "--board", "hex:3", "-m", "13", f"{tile.split(',')[-1]}A0")
    assert_one_line_error(checked, "bad tile token")
    result = cli("moves", "--board", "hex:3", "-m", "13", "--hand", tile)
    assert_one_line_error(result, "hand tile", "is not a number below the modulus 13")


def test_studio_names_a_host_that_does_not_resolve_in_one_line(cli):
    result = cli("studio", "--host", "nosuch.invalid", "--no-browser")
    assert_one_line_error(result, "--host nosuch.invalid", "does not resolve")
    assert "--port" not in result.err and "warning" not in result.err


def test_studio_names_a_host_it_cannot_serve_on(cli):
    result = cli("studio", "--host", "192.0.2.1", "--no-browser")  # TEST-NET-1: never an address of this computer
    assert_one_line_error(result, "--host 192.0.2.1", "not an address of this computer")
    assert "--port" not in result.err and "warning" not in result.err


def test_studio_still_points_a_busy_port_to_port(cli):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = cli("studio", "--port", str(port), "--no-browser")
    assert_one_line_error(result, f"--port {port}", "try another --port")
    assert "--host" not in result.err
