"""Command-line parsing shared by every command: negative lengths, --format against the file name."""

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.cli import join_negative_values


def test_negative_values_join_their_option():
    options = {"--margin", "--back-offset", "-o"}
    assert join_negative_values(["board", "--margin", "-5mm"], options) == ["board", "--margin=-5mm"]
    assert join_negative_values(["tiles", "--back-offset", "-1mm,0", "--duplex"], options) == [
        "tiles", "--back-offset=-1mm,0", "--duplex"]
    assert join_negative_values(["board", "--margin", "-x"], options) == ["board", "--margin", "-x"]
    assert join_negative_values(["kit", "--quiet", "-5"], options) == ["kit", "--quiet", "-5"]


def test_negative_margin_without_equals_is_the_margin_error(cli, tmp_path):
    result = cli("board", "--board", "hex:2", "--margin", "-5mm", "-o", tmp_path / "b.pdf")
    assert_one_line_error(result, "bad margin '-5mm'", folder=tmp_path)


def test_negative_back_offset_without_equals_works(cli, tmp_path):
    result = cli("tiles", "--copies", "1", "--duplex", "--back-offset", "-1mm,0.5mm", "-o", tmp_path / "t.pdf")
    assert result.status == 0 and result.out.startswith("wrote ")


@pytest.mark.parametrize("name", ["x.pdf", "x.png", "x.dxf"])
def test_format_contradicting_the_extension_is_an_error(cli, tmp_path, name):
    result = cli("board", "--board", "hex:2", "--format", "svg", "-o", tmp_path / name)
    assert_one_line_error(result, "--format svg contradicts the file name", folder=tmp_path)


def test_format_names_an_unknown_extension(cli, tmp_path):
    result = cli("board", "--board", "hex:2", "--format", "svg", "-o", tmp_path / "x.tmp")
    assert result.status == 0 and (tmp_path / "x.tmp").read_bytes().startswith(b"<?xml")


def test_one_of_a_kind_is_singular(cli, tmp_path):
    """'1 tiles on', '1 pieces' and 'all 1 cards' read badly."""
    assert cli("check", "--board", "hex:9", "-m", "13", "4B2").out.startswith("1 tile on hex:9")
    assert "the card after the first two is legal" in cli("mod13", "check", "5", "4", "3").out
    result = cli("markers", "--range", "9", "-o", tmp_path / "m.pdf")
    assert result.out.startswith("wrote ") and result.out.rstrip().endswith(": 1 piece") and result.err == ""
