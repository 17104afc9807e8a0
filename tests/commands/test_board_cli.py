"""The `board` command end to end: outputs, identical bytes on reruns, and one-line errors leaving no file."""

import os

import pytest

from cli_helpers import assert_one_line_error


def test_a4_pdf_of_hex9_with_assembly_page(tmp_path, cli):
    target = tmp_path / "board.pdf"
    status, out, err = cli("board", "--board", "hex:9", "--pattern", "bonus", "--paper", "a4", "-o", target)
    assert status == 0 and err == ""
    assert "6 a4 portrait" in out and "after an assembly page" in out
    assert target.read_bytes().startswith(b"%PDF-") and target.read_bytes().count(b"/Type /Page\n") == 7


@pytest.mark.parametrize("name", ["board.pdf", "board.svg"])
def test_two_runs_give_identical_bytes(tmp_path, cli, name):
    args = ["board", "--board", "tess:2", "--paper", "letter", "--title", "tess-2", "--modulus", "11", "--arrows"]
    cli(*args, "-o", tmp_path / "a" / name)
    cli(*args, "-o", tmp_path / "b" / name)
    first = sorted((tmp_path / "a").iterdir())
    second = sorted((tmp_path / "b").iterdir())
    assert [p.name for p in first] == [p.name for p in second] and first
    assert all(a.read_bytes() == b.read_bytes() for a, b in zip(first, second))


def test_svg_and_png_write_one_file_per_page_and_poster_one(tmp_path, cli):
    assert cli("board", "--board", "hex:4", "--paper", "a4", "-o", tmp_path / "b.svg").status == 0
    assert sorted(os.listdir(tmp_path)) == ["b-1.svg", "b-2.svg", "b-3.svg"]
    poster = cli("board", "--board", "hex:2", "--paper", "poster", "--theme", "bw", "--format", "png",
                 "--dpi", "20", "-o", tmp_path / "poster.img")
    assert poster.status == 0 and (tmp_path / "poster.img").read_bytes()[:4] == b"\x89PNG"
    fit = cli("board", "--board", "hex:9", "--fit", "--paper", "letter", "-o", tmp_path / "fit.pdf")
    assert fit.status == 0 and "% of the board" in fit.out


@pytest.mark.parametrize("args, message", [
    (["--paper", "b5"], "unknown paper"),
    (["--margin=-5mm"], "negative"),
    (["--tile-width", "30mm", "--cell-size", "28mm"], "does not fit"),
    (["--cell-size", "20mm"], "does not fit"),
    (["--paper", "poster", "--fit"], "--fit"),
    (["--board", "hex:x"], "can't read 'hex:x' as a board"),
    (["--label-size", "abc"], "label size"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, cli, args, message):
    result = cli("board", *args, "-o", tmp_path / "out" / "board.pdf")
    assert_one_line_error(result, message, folder=tmp_path / "out")


def test_unwritable_output_path_is_one_line_exit_2(tmp_path, cli):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file, not a directory")
    result = cli("board", "--board", "hex:2", "-o", blocker / "board.pdf")
    assert_one_line_error(result, "cannot write", folder=tmp_path, keep=["blocker"])
    result = cli("board", "--board", "hex:2", "-o", tmp_path / "board.jpg")
    assert_one_line_error(result, "extension", folder=tmp_path, keep=["blocker"])


def test_board_modulus_note_needs_a_game_modulus(cli, tmp_path):
    """`board --modulus 1` printed "modulus 1", a game with one tile value; every other command asks for 2 or more."""
    assert_one_line_error(cli("board", "--modulus", "1", "-o", tmp_path / "b.pdf"), "bad modulus 1", folder=tmp_path)
    assert cli("board", "--board", "hex:1", "--modulus", "2", "-o", tmp_path / "b.pdf").status == 0
