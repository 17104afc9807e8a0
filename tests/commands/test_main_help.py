"""The main help: `python -m modlinseq_print --help` is printed without argparse or any command module, and is
the text argparse prints for the parser, at every terminal width; every command's own help still works."""

import os
import shutil
import subprocess
import sys

import pytest

from modlinseq_print.cli import build_parser
from modlinseq_print.commands.main_help import help_text, terminal_columns, wrap
from modlinseq_print.commands.table import COMMANDS


def argparse_help(monkeypatch, columns: int) -> str:
    monkeypatch.setenv("COLUMNS", str(columns))
    return build_parser(None).format_help()


def test_the_quick_help_is_argparses_at_every_width(monkeypatch):
    for columns in range(1, 201):
        assert help_text(columns) == argparse_help(monkeypatch, columns), f"{columns} columns"


@pytest.mark.parametrize("columns", ["100", "abc", "0", "-3", None])
def test_the_width_is_taken_as_argparse_takes_it(monkeypatch, columns):
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


def test_words_are_wrapped_as_textwrap_wraps_them():
    import textwrap

    text = "a rack for a hand of tiles: 3D-printed (3MF, STL) or laser-cut and print-and-play (SVG, DXF) PDF/X-1a"
    for width in range(1, 60):
        assert wrap(text, width) == textwrap.wrap(text, width), width


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_python_m_prints_it_without_argparse(monkeypatch, flag):
    env = dict(os.environ, COLUMNS="97")
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "modlinseq_print", flag], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == argparse_help(monkeypatch, 97)
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines()[1:]}
    assert "modlinseq_print.commands.main_help" in imported
    assert not imported & {"argparse", "modlinseq_print.cli", *(f"modlinseq_print.commands.{n}" for n in COMMANDS)}


def test_every_command_has_its_own_help(cli):
    for name, _summary in COMMANDS.items():
        result = cli(name, "--help")
        assert result.status == 0 and result.err == "", name
        assert result.out.startswith(f"usage: modlinseq-print {name} ") and "options:" in result.out, name


def test_a_command_help_from_python_m():
    done = subprocess.run([sys.executable, "-m", "modlinseq_print", "moves", "--help"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.startswith("usage: modlinseq-print moves ") and "--top" in done.stdout
