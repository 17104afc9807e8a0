"""Hostile numbers: more digits than Python converts, nan, inf and 1e999 are one-line errors, never tracebacks."""

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.errors import ModlinseqError
from modlinseq_print.inputs import MAX_DIGITS, InputError, parse_float, parse_int
from modlinseq_print.units import parse_length, parse_size

HUGE = "5" * 5000  # past Python's 4,300-digit limit on int(str)


def test_parse_int_refuses_long_numbers_without_converting_them():
    assert parse_int("9" * MAX_DIGITS, "n") == int("9" * MAX_DIGITS)
    for text in ("9" * (MAX_DIGITS + 1), HUGE, "-" + HUGE):
        with pytest.raises(InputError, match=f"more than {MAX_DIGITS} digits"):
            parse_int(text, "n")
    with pytest.raises(InputError, match="whole number"):
        parse_int("12a", "n")


@pytest.mark.parametrize("text", ["nan", "inf", "-inf", "1e999", "Infinity", HUGE])
def test_parse_float_refuses_what_is_not_a_finite_number(text):
    with pytest.raises(InputError):
        parse_float(text, "x")


@pytest.mark.parametrize("value", ["inf", "nan", "1e999", HUGE + "mm", float("nan"), float("inf"), "10 ** 5000"])
def test_lengths_are_finite(value):
    value = 10 ** 5000 if value == "10 ** 5000" else value
    with pytest.raises(ModlinseqError):
        parse_length(value)


def test_sizes_with_huge_numbers_are_one_line():
    with pytest.raises(ModlinseqError, match=r"\.\.\."):  # the quote is cut short
        parse_size(HUGE + "x5mm")


@pytest.mark.parametrize("argv, words", [
    (["describe", "--board", f"hex:{HUGE}"], "has more than 18 digits"),
    (["describe", "--board", f"tess:{HUGE}"], "has more than 18 digits"),
    (["describe", "--board", f"rect:{HUGE}x3"], "has more than 18 digits"),
    (["describe", "--board", f"square:3x{HUGE}"], "has more than 18 digits"),
    (["check", "--board", "hex:3", "-m", "13", f"4B{HUGE}"], "has more than 18 digits"),
    (["check", "--board", "rect:3x3", "-m", "13", f"4a{HUGE}"], "bad"),
    (["check", "--board", "hex:3", "-m", "13", f"{HUGE}B1"], "bad tile token"),
    (["check", "--board", "hex:3", "-m", "13", f"#={HUGE}B1"], "bad tile token"),
    (["markers", "--range", f"{HUGE}-{HUGE}"], "bad range"),
    (["mod13", "check", "5", HUGE, "7"], "bad card"),
])
def test_huge_numbers_in_arguments_are_one_line_errors(cli, tmp_path, argv, words):
    if argv[0] == "markers":
        argv = argv + ["-o", str(tmp_path / "m.pdf")]
    result = cli(*argv)
    assert_one_line_error(result, words, folder=tmp_path)
    assert len(result.err) < 300  # the input is quoted short


@pytest.mark.parametrize("value", ["inf", "nan", "1e999"])
def test_non_finite_dpi_is_a_usage_error(cli, tmp_path, value):
    result = cli("board", "--dpi", value, "--format", "png", "-o", tmp_path / "out.png")
    assert_one_line_error(result, "argument --dpi", usage=True, folder=tmp_path)


def test_huge_numbers_in_a_coprimality_record(cli, tmp_path):
    record = tmp_path / "game.txt"
    record.write_text(f"size {HUGE}\nplayers Ann Bob\n")
    assert_one_line_error(cli("coprimality", "check", record), "line 1", folder=tmp_path, keep=["game.txt"])
    record.write_text(f"size 12\nplayers Ann Bob\n{HUGE} Ann: a1\n")
    assert_one_line_error(cli("coprimality", "check", record), "turn number", folder=tmp_path, keep=["game.txt"])


@pytest.mark.parametrize("name, text", [
    ("counts.csv", f"1,{HUGE}\n"),
    ("counts.csv", f"{HUGE},1\n"),
    ("counts.toml", f"1 = {HUGE}\n"),
])
def test_huge_numbers_in_a_counts_file(cli, tmp_path, name, text):
    (tmp_path / name).write_text(text)
    result = cli("tiles", "--counts", tmp_path / name, "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "counts file", folder=tmp_path, keep=[name])
    assert len(result.err) < 300


def test_huge_integer_in_a_preset(cli, tmp_path):
    preset = tmp_path / "p.toml"
    preset.write_text(f"modulus = {HUGE}\n")
    assert_one_line_error(cli("kit", preset, "-o", tmp_path / "k.pdf"), "too long", folder=tmp_path, keep=["p.toml"])


def test_huge_number_in_a_board_file(cli, tmp_path):
    board = tmp_path / "board.txt"
    board.write_text(f"A0 B1 B{HUGE}\n")
    assert_one_line_error(cli("describe", "--board", f"file:{board}"), "more than 18 digits")


def test_colours_with_odd_digits_are_one_line(cli, tmp_path):
    for colour in ("²,0,0", f"{HUGE},0,0"):
        result = cli("tiles", "--cut-file", tmp_path / "c.svg", "--cut-color", colour, "-o", tmp_path / "t.pdf")
        assert_one_line_error(result, "bad colour", folder=tmp_path)
