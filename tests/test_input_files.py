"""Input files: strict UTF-8 (the byte offset of a bad byte named), a size limit read no further, shallow TOML,
and at most a short excerpt of any input quoted in a message."""

import io
import os
import sys

import pytest

from cli_helpers import assert_one_line_error
from modlinseq_print.inputs import EXCERPT, PRESET_LIMIT, TEXT_LIMIT, InputError, excerpt, read_text_input

BAD_UTF8 = b"4B2, 6B1\n\xff\xfe 1A0\n"  # the bad byte is at offset 9


def test_the_reader_reads_no_more_than_the_limit_plus_one(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"a" * 1025)
    with pytest.raises(InputError, match="larger than 1 KB"):
        read_text_input(big, "transcript", 1024)
    big.write_bytes(b"a" * 1024)
    assert read_text_input(big, "transcript", 1024) == "a" * 1024


def test_the_reader_names_the_byte_offset(tmp_path):
    path = tmp_path / "t.txt"
    path.write_bytes(BAD_UTF8)
    with pytest.raises(InputError, match=r"t\.txt is not UTF-8 text: bad byte at offset 9"):
        read_text_input(path, "transcript")
    with pytest.raises(InputError, match="cannot read transcript .*: Is a directory"):
        read_text_input(tmp_path, "transcript")


def test_standard_input_is_bounded_too(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 2000)))
    with pytest.raises(InputError, match="on standard input is larger than 1 KB"):
        read_text_input("-", "transcript", 1024)


def test_limits_and_excerpts():
    assert TEXT_LIMIT == 1024 * 1024 and PRESET_LIMIT == 256 * 1024
    assert excerpt("short") == "'short'"
    assert excerpt("x" * 1000) == repr("x" * EXCERPT) + "..."


@pytest.mark.parametrize("argv", [
    ["describe", "--board", "file:SPECIAL"],
    ["check", "--board", "hex:3", "-m", "13", "@SPECIAL"],
    ["coprimality", "check", "SPECIAL"],
    ["tiles", "--counts", "SPECIAL", "-o", "OUT"],
])
@pytest.mark.parametrize("special, kind", [("/dev/zero", "a device"), ("/dev/null", "a device"),
                                           ("fifo", "a FIFO"), ("zero.csv", "a device")])
def test_fifos_and_devices_are_refused_before_they_are_opened(cli, tmp_path, argv, special, kind):
    """An endless device, an empty one and a FIFO (which would wait for a writer for ever) are one line."""
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero.csv").symlink_to("/dev/zero")
    name = special if special.startswith("/") else str(tmp_path / special)
    argv = [a.replace("SPECIAL", name).replace("OUT", str(tmp_path / "t.pdf")) for a in argv]
    assert_one_line_error(cli(*argv), f"it is {kind}, not a regular file", "give a file, or - for standard input",
                          folder=tmp_path, keep=["fifo", "zero.csv"])


def test_dev_stdin_is_read_as_standard_input(cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b" . .\n. A .\n . .\n")))
    assert "7 cells" in cli("describe", "--board", "file:/dev/stdin").out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 2000)))
    with pytest.raises(InputError, match="on standard input is larger than 1 KB"):
        read_text_input("/dev/stdin", "transcript", 1024)


def test_a_preset_whose_board_file_is_a_device(cli, tmp_path):
    preset = tmp_path / "p.toml"
    preset.write_text('[board]\nspec = "file:/dev/zero"\n')
    assert_one_line_error(cli("kit", preset, "-o", tmp_path / "k.pdf"), "key board.spec", "it is a device",
                          folder=tmp_path, keep=["p.toml"])
    assert_one_line_error(cli("kit", "/dev/zero", "-o", tmp_path / "k.pdf"), "/dev/zero", folder=tmp_path,
                          keep=["p.toml"])


def test_an_oversized_preset(cli, tmp_path):
    preset = tmp_path / "p.toml"
    preset.write_text("# " + "x" * PRESET_LIMIT + "\n")
    assert_one_line_error(cli("kit", preset, "-o", tmp_path / "k.pdf"), "larger than 256 KB",
                          folder=tmp_path, keep=["p.toml"])


@pytest.mark.parametrize("name, argv", [
    ("t.txt", ["check", "--board", "hex:3", "-m", "13", "@FILE"]),
    ("t.txt", ["score", "--board", "hex:3", "-m", "13", "@FILE"]),
    ("board.txt", ["describe", "--board", "file:FILE"]),
    ("game.txt", ["coprimality", "check", "FILE"]),
    ("counts.csv", ["tiles", "--counts", "FILE", "-o", "OUT"]),
    ("counts.toml", ["tiles", "--counts", "FILE", "-o", "OUT"]),
    ("p.toml", ["kit", "FILE", "-o", "OUT"]),
])
def test_non_utf8_bytes_name_the_file_and_the_offset(cli, tmp_path, name, argv):
    path = tmp_path / name
    path.write_bytes(BAD_UTF8)
    argv = [a.replace("FILE", str(path)).replace("OUT", str(tmp_path / "out.pdf")) for a in argv]
    assert_one_line_error(cli(*argv), f"{path} is not UTF-8 text: bad byte at offset 9", folder=tmp_path,
                          keep=[name])


def test_non_utf8_bytes_on_standard_input(cli, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(BAD_UTF8)))
    assert_one_line_error(cli("check", "--board", "hex:3", "-m", "13", "-"), "bad byte at offset 9")


@pytest.mark.parametrize("name", ["p.toml", "counts.toml"])
def test_deeply_nested_toml_is_one_line(cli, tmp_path, name):
    path = tmp_path / name
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    argv = ["kit", path] if name == "p.toml" else ["tiles", "--counts", path]
    assert_one_line_error(cli(*argv, "-o", tmp_path / "o.pdf"), "nests tables or arrays too deeply",
                          folder=tmp_path, keep=[name])


DOTTED_KEY_PRESETS = {  # a preset of one long dotted key, at a tenth of the size limit and just under it
    "40 KB": ".".join(["a"] * 20_000) + " = 1\n",
    "at the limit": ".".join(["a"] * ((PRESET_LIMIT - 8) // 2)) + " = 1\n",
}


@pytest.mark.parametrize("size", DOTTED_KEY_PRESETS)
@pytest.mark.parametrize("argv", [["kit", "FILE", "-o", "out.pdf"], ["simulate", "FILE", "-o", "out.pdf"],
                                  ["pieces3d", "--preset", "FILE", "-o", "out.3mf"], ["tts", "FILE", "-o", "out"]],
                         ids=lambda argv: argv[0])
def test_a_key_of_thousands_of_parts_is_refused_before_the_toml_parser_runs(cli, tmp_path, monkeypatch, size,
                                                                           argv):
    import tomllib

    def never(*_):
        raise AssertionError("the TOML parser ran on a key of thousands of parts")

    monkeypatch.setattr(tomllib, "loads", never)
    path = tmp_path / "p.toml"
    path.write_text(DOTTED_KEY_PRESETS[size])
    assert path.stat().st_size <= PRESET_LIMIT
    argv = [str(path) if a == "FILE" else str(tmp_path / a) if a.startswith("out") else a for a in argv]
    assert_one_line_error(cli(*argv), "dotted parts; keys have at most 32",
                          folder=tmp_path, keep=["p.toml"])


@pytest.mark.parametrize("text, parts", [
    ("a = 1", 1), ("board.spec = 'hex:9'", 2), ('[tiles]\nfont = "a.b.c.d"', 1), ("x = 3.14 # a.b.c.d.e", 2),
    ('"a.b".c = 1', 2), ("k = \'\'\'\na.b.c.d\n\'\'\'", 1), (".".join("abcdefgh") + " = 1", 8),
])
def test_the_longest_key_counts_dots_outside_strings_and_comments(text, parts):
    from modlinseq_print.inputs import longest_key

    assert longest_key(text) == parts


def test_a_key_of_the_most_parts_still_reads(tmp_path):
    from modlinseq_print.inputs import MAX_KEY_PARTS, load_toml

    assert load_toml(".".join(["a"] * MAX_KEY_PARTS) + " = 1", "preset")["a"]["a"]
    with pytest.raises(InputError, match=f"key of {MAX_KEY_PARTS + 1} dotted parts"):
        load_toml(".".join(["a"] * (MAX_KEY_PARTS + 1)) + " = 1", "preset")


def test_a_preset_quotes_no_more_than_an_excerpt_of_its_board_file(cli, tmp_path):
    secret = tmp_path / "environ"
    secret.write_text("PATH=/usr/bin:" + "SECRET" * 200 + "\n")
    preset = tmp_path / "p.toml"
    preset.write_text(f'[board]\nspec = "file:{secret}"\n')
    result = cli("kit", preset, "-o", tmp_path / "k.pdf")
    assert_one_line_error(result, "board", folder=tmp_path, keep=["environ", "p.toml"])
    assert result.err.count("SECRET") <= EXCERPT // len("SECRET")
    assert len(result.err) < 400


def test_a_long_bad_token_is_quoted_short(cli):
    result = cli("check", "--board", "hex:3", "-m", "13", "Q" * 10000)
    assert_one_line_error(result, "bad tile token")
    assert len(result.err) < 300


@pytest.mark.parametrize("argv", [
    ["kit", "9" * 5000],
    ["kit", "9" * 5000 + ".toml"],
    ["coprimality", "check", "9" * 5000],
    ["describe", "--board", "file:" + "9" * 5000],
])
def test_names_too_long_for_the_file_system_are_one_short_line(cli, tmp_path, argv):
    result = cli(*argv, *(["-o", tmp_path / "k.pdf"] if argv[0] == "kit" else []))
    assert_one_line_error(result, folder=tmp_path)
    assert len(result.err) < 300


@pytest.mark.parametrize("argv", [
    ["board", "--paper", "x" * 3000],
    ["board", "--margin", "x" * 3000],
    ["describe", "--board", "hex:" + "x" * 3000],
    ["tiles", "--back-offset", "x" * 3000],
])
def test_long_bad_values_are_quoted_short(cli, tmp_path, argv):
    result = cli(*argv, *(["-o", tmp_path / "o.pdf"] if argv[0] != "describe" else []))
    assert_one_line_error(result, "...", folder=tmp_path)
    assert len(result.err) < 300


HIDDEN_KEY = 's = """ \\""" """\n' + ".".join(["a"] * 40) + ' = 1\nt = """ x """\n'


@pytest.mark.parametrize("text, parts", [
    (HIDDEN_KEY, 40),  # the first string ends at its last '"""', not at the escaped one
    ('s = """a""""\n' + ".".join("abc") + " = 1", 3), ("s = '''a''''\n" + ".".join("abcd") + " = 1", 4),
    ('s = "a\\"b.c.d" # e.f\ng.h = 1', 2), ('s = "unclosed\n' + ".".join("abcde") + " = 1", 5),
])
def test_the_key_scan_reads_strings_as_the_parser_does(text, parts):
    from modlinseq_print.inputs import longest_key

    assert longest_key(text) == parts


SCAN_AT_THE_LIMIT = {  # texts of the size limit that a scan with backtracking reads in hours
    "one long word": "a" * (PRESET_LIMIT - 8) + " = 1\n",
    "a long run of spaces": "a" + " " * (PRESET_LIMIT - 8) + "= 1\n",
    "a string of backslashes": 'a = "' + "\\" * (PRESET_LIMIT - 12) + "\n",
    "escaped quotes in a long string": 'a = """' + '\\"""' * (PRESET_LIMIT // 5) + "\n",
    "dots without words": "a" + " ." * (PRESET_LIMIT // 2 - 8) + "\n",
}


@pytest.mark.parametrize("name", SCAN_AT_THE_LIMIT)
def test_the_key_scan_takes_a_fraction_of_a_second_at_the_size_limit(tmp_path, name):
    """In a child process, with a timeout: a scan that backtracks would otherwise hang the test."""
    import subprocess

    path = tmp_path / "p.toml"
    path.write_text(SCAN_AT_THE_LIMIT[name])
    assert path.stat().st_size <= PRESET_LIMIT
    code = ("import sys, time\nfrom modlinseq_print.inputs import longest_key\ntext = open(sys.argv[1]).read()\n"
            "start = time.process_time()\nlongest_key(text)\nprint(time.process_time() - start)")
    done = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) < 0.5


def _table_names(count: int, parts: int) -> str:
    return "".join(f"[t{n}." + ".".join(["a"] * (parts - 1)) + "]\n" for n in range(count))


MANY_NAMES_PRESETS = {  # presets the parser takes a second or more to read at the size limit
    "16,000 table names of 4 parts": (_table_names(16_000, 4), "names 64,000 parts of tables and dotted keys"),
    "3,500 table names of 32 parts": (_table_names(3_500, 32), "names 112,000 parts of tables and dotted keys"),
    "a long key after an escaped quote": ('s = """ \\""" """\n' + "a." * 20_000 + 'a = 1\nt = """ x """\n',
                                          "a key of 20,001 dotted parts"),
}


@pytest.mark.parametrize("name", MANY_NAMES_PRESETS)
@pytest.mark.parametrize("argv", [["kit", "FILE", "-o", "out.pdf"], ["simulate", "FILE", "-o", "out.pdf"],
                                  ["pieces3d", "--preset", "FILE", "-o", "out.3mf"], ["tts", "FILE", "-o", "out"]],
                         ids=lambda argv: argv[0])
def test_a_preset_of_too_many_names_is_refused_before_the_toml_parser_runs(cli, tmp_path, monkeypatch, name, argv):
    import tomllib

    def never(*_):
        raise AssertionError("the TOML parser ran on a preset of too many names")

    monkeypatch.setattr(tomllib, "loads", never)
    text, words = MANY_NAMES_PRESETS[name]
    path = tmp_path / "p.toml"
    path.write_text(text)
    assert path.stat().st_size <= PRESET_LIMIT
    argv = [str(path) if a == "FILE" else str(tmp_path / a) if a.startswith("out") else a for a in argv]
    assert_one_line_error(cli(*argv), words, folder=tmp_path, keep=["p.toml"])


def test_a_file_of_the_most_names_still_reads():
    from modlinseq_print.inputs import MAX_NAME_PARTS, load_toml

    text = _table_names(MAX_NAME_PARTS // 4, 4)
    assert len(load_toml(text, "preset")) == MAX_NAME_PARTS // 4
    with pytest.raises(InputError, match=f"names {MAX_NAME_PARTS + 4:,} parts"):
        load_toml(text + "[last.a.a.a]\n", "preset")
    assert load_toml("x = [1.5, 2.5]\n[board]\nspec = 'hex:9'\n", "preset")["board"]["spec"] == "hex:9"


def test_an_unknown_key_is_quoted_short_and_the_known_keys_still_said(cli, tmp_path):
    path = tmp_path / "p.toml"
    path.write_text("[board]\n" + "b" * 5000 + " = 1\n")
    result = cli("kit", path, "-o", tmp_path / "k.pdf")
    assert_one_line_error(result, "unknown key 'board.bbbb", "...; known keys: ", "spec", folder=tmp_path,
                          keep=["p.toml"])
    assert len(result.err) < 400
