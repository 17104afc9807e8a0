"""The tiles and markers commands: bad input is one line, exit status 2, and no file left behind."""

import subprocess
import sys

import pytest

from cli_helpers import assert_one_line_error


@pytest.mark.parametrize("argv, message", [
    (["tiles", "--modulus", "1"], "bad modulus 1"),
    (["tiles", "--copies", "-2"], "argument --copies: -2 is out of range: give 0 or more"),
    (["tiles", "--wild", "-1"], "argument --wild: -1 is out of range: give 0 or more"),
    (["tiles", "--blockers", "-5"], "argument --blockers: -5 is out of range: give 0 or more"),
    (["tiles", "--tile-width", "300mm"], "tile width of 300 mm"),
    (["tiles", "--tile-width", "195mm"], "does not fit the printable area"),
    (["tiles", "--tile-width", "wide"], "bad tile width"),
    (["tiles", "--back-offset", "3mm"], "bad back offset"),
    (["tiles", "--back-offset", "40mm,0"], "back offset of 40,0 mm is too large"),
    (["tiles", "--bleed=-3mm"], "bad bleed"),
    (["tiles", "--kerf", "5mm", "--cut-file", "CUT/c.svg"], "kerf of 5 mm"),
    (["tiles", "--cut-file", "CUT/c.pdf"], "name it .svg or .dxf"),
    (["tiles", "--paper", "b7"], "unknown paper"),
    (["tiles", "--bed", "60x60mm", "--reference-size", "60mm", "--cut-file", "CUT/c.svg"],
     "reference square does not fit"),
    (["tiles", "-o", "OUT/t.txt"], "cannot tell the format"),
    (["tiles", "--bed", "600x400mm"], "--bed sets up a cut file, and none is asked for"),
    (["markers", "--cut-mode", "bed"], "--cut-mode sets up a cut file"),
    (["tiles", "--bed-margin", "3mm"], "--bed-margin sets up a cut file"),
    (["tiles", "--counts", "MISSING.toml"], "cannot read counts file"),
    (["markers", "--range", "20-8"], "the lowest modulus comes first"),
    (["markers", "--range", "1-4"], "moduli run from 2"),
    (["markers", "--copies", "-1"], "argument --copies: -1 is out of range: give 0 or more"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, cli, argv, message):
    argv = [a.replace("CUT/", f"{tmp_path}/").replace("OUT/", f"{tmp_path}/") for a in argv]
    if "-o" not in argv:
        argv += ["-o", str(tmp_path / "out.pdf")]
    assert_one_line_error(cli(*argv), message, folder=tmp_path, usage="argument" in message)


def test_counts_file_with_a_negative_count(tmp_path, cli):
    counts = tmp_path / "counts.csv"
    counts.write_text("value,count\n3,-4\n")
    result = cli("tiles", "--counts", counts, "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "bad number of tiles of value 3", folder=tmp_path, keep=["counts.csv"])


def test_counts_file_and_no_zero_through_the_cli(tmp_path, cli):
    counts = tmp_path / "counts.toml"
    counts.write_text("[counts]\n1 = 3\n")
    out = tmp_path / "t.pdf"
    result = cli("tiles", "--modulus", "5", "--copies", "2", "--counts", counts, "--no-zero", "-o", out)
    assert result.status == 0
    assert result.out.rstrip().endswith(": 9 pieces")
    rows = out.with_name("t.manifest.csv").read_text().splitlines()
    assert [r.split(",")[:2] for r in rows if r.startswith("total")] == [
        ["total number", "1"], ["total number", "2"], ["total number", "3"], ["total number", "4"]]


def test_png_output_and_entry_point(tmp_path):
    out = tmp_path / "markers.png"
    done = subprocess.run([sys.executable, "-m", "modlinseq_print", "markers", "--range", "12-13", "-o", str(out),
                           "--dpi", "30"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "markers.manifest.csv").exists() and (tmp_path / "markers.manifest.json").exists()


def test_bed_margin_error_names_the_bed_options(cli, tmp_path):
    """A bed too small for its margin used to be reported as paper: 'use a smaller margin or larger paper'."""
    result = cli("tiles", "--bed", "10x10mm", "--cut-file", tmp_path / "cut.svg", "-o", tmp_path / "t.pdf")
    assert_one_line_error(result, "--bed-margin", "--bed", folder=tmp_path)


@pytest.mark.parametrize("command", [["tiles"], ["markers"], ["mod13", "deck"]])
def test_a_negative_back_offset_needs_no_equals_sign(command, cli, tmp_path):
    """`--back-offset -1mm,0` used to be taken for an option by argparse; the CLI now joins it to its option."""
    text = " ".join(cli(*command, "--help").out.split())
    assert "-1mm,0" in text
    if command != ["mod13", "deck"]:
        assert "sheet orientation (default portrait)" in text and "(default a4)" in text
    result = cli(*command, "--duplex" if command != ["mod13", "deck"] else "--backs", "--back-offset", "-1mm,0",
                 "-o", tmp_path / "out.pdf")
    assert result.status == 0, result.err
