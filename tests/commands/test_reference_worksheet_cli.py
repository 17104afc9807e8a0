"""The reference and worksheet commands: what they print, determinism, and one-line errors."""

import subprocess

import pytest

from cli_helpers import assert_one_line_error


def pdf_text(path):
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_reference_card_for_modulus_12_lists_table_2c(tmp_path, cli, require_tool):
    require_tool("pdftotext")
    path = tmp_path / "ref.pdf"
    result = cli("reference", "-m", "12", "--wrap", "lines", "--pattern", "bonus-malus", "-o", path)
    assert result.status == 0 and "wrote" in result.out
    text = pdf_text(path)
    for msa in ("M12-S1-A0", "M12-S2-A1", "M12-S3-A2", "M12-S4-A3", "M12-S5-A0", "M12-S6-A5"):
        assert msa in text
    assert "closes on itself" in text and "malus" in text and "page 3 of 3" in text
    assert "How to play MODLINSEQ" in text and "Figure 3" in text and "Every sequence of modulus 12" in text


def test_worksheet_has_problems_then_answers_and_is_reproducible(tmp_path, cli, require_tool):
    require_tool("pdftotext")
    one, two = tmp_path / "a.pdf", tmp_path / "b.pdf"
    assert cli("worksheet", "-m", "11", "-n", "12", "--seed", "4", "-o", one).status == 0
    assert cli("worksheet", "-m", "11", "-n", "12", "--seed", "4", "-o", two).status == 0
    assert one.read_bytes() == two.read_bytes()
    text = pdf_text(one)
    assert text.index("Practice problems, modulus 11") < text.index("Answers to problem set 4")
    assert "Problem set 4: 12 problems" in text and "Name" in text and "Date" in text
    assert "12." in text and "13." not in text
    bare = tmp_path / "bare.pdf"
    assert cli("worksheet", "-n", "12", "--seed", "4", "--no-answers", "-o", bare).status == 0
    assert "Answers" not in pdf_text(bare)


@pytest.mark.parametrize("argv, words", [
    (["reference", "-m", "1"], "bad modulus 1"),
    (["reference", "-m", "100"], "takes 2 to 99"),
    (["reference", "--paper", "b9"], "unknown paper"),
    (["worksheet", "-n", "0"], "argument --exercises/-n: 0 is out of range: give 1 or more"),
    (["worksheet", "-m", "1"], "bad modulus"),
    (["worksheet", "--margin=-1mm"], "margin"),
])
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path, cli, argv, words):
    assert_one_line_error(cli(*argv, "-o", tmp_path / "out.pdf"), words, folder=tmp_path, usage="argument" in words)
