"""The command line's last line of defence (exit 70, --debug), reports of paths that are not UTF-8, and
lazy command modules (issue 14, issue 15)."""

import os
import subprocess
import sys

import pytest

from modlinseq_print import cli
from modlinseq_print.commands import describe

INTERNAL = "(this is a bug; rerun with --debug for the traceback)"


def crash_with(monkeypatch, error: BaseException) -> None:
    def run(args):
        raise error

    monkeypatch.setattr(describe, "run", run)


def test_an_unexpected_exception_is_one_line_and_exit_70(cli, monkeypatch):
    crash_with(monkeypatch, ValueError("boom"))
    result = cli("describe")
    assert result.status == 70 and result.out == ""
    assert result.err == f"modlinseq-print: internal error in describe: ValueError: boom {INTERNAL}\n"


def test_debug_shows_the_traceback(cli, monkeypatch):
    crash_with(monkeypatch, ValueError("boom"))
    result = cli("--debug", "describe")
    assert result.status == 70
    assert "Traceback (most recent call last)" in result.err and result.err.endswith(f"{INTERNAL}\n")


@pytest.mark.parametrize("error, words", [(MemoryError(), "out of memory"),
                                          (RecursionError("deep"), "nested too deeply")])
def test_memory_and_recursion_errors_are_friendlier(cli, monkeypatch, error, words):
    crash_with(monkeypatch, error)
    result = cli("describe")
    assert result.status == 70 and result.err.count("\n") == 1
    assert words in result.err and "Traceback" not in result.err


def test_a_path_that_is_not_utf8_is_reported_on_a_strict_utf8_stdout(tmp_path):
    name = os.fsdecode(b"b\xff.svg")
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    result = subprocess.run([sys.executable, "-m", "modlinseq_print", "board", "--board", "hex:3",
                             "--paper", "a3", "-o", name], cwd=tmp_path, env=env, capture_output=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(b"wrote b\\udcff.svg: ") and result.stderr == b""
    assert os.listdir(os.fsencode(tmp_path)) == [b"b\xff.svg"]


def test_help_imports_no_command_module():
    code = ("import sys; from modlinseq_print.cli import COMMANDS, main; status = main(['--help']); "
            "print(status, sorted(m for m in sys.modules if m.startswith('modlinseq_print.commands.') "
            "and m.split('.')[-1] in COMMANDS))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.stdout.splitlines()[-1] == "0 []"
    for name in cli.COMMANDS:
        assert f"    {name}" in result.stdout


def test_the_command_table_matches_each_command_help():
    parser = cli.build_parser("*")
    action = next(a for a in parser._actions if a.dest == "command")
    helps = {choice.dest: choice.help for choice in action._choices_actions}
    assert helps == cli.COMMANDS


def test_a_negative_value_still_reaches_its_option(cli):
    result = cli("board", "--margin", "-5mm")
    assert result.status == 2 and "--margin" not in result.err.split(":")[0]
    assert "usage" not in result.err and "expected one argument" not in result.err


def test_only_the_chosen_command_is_built():
    parser = cli.build_parser("check")
    action = next(a for a in parser._actions if a.dest == "command")
    assert any(a.dest == "board" for a in action.choices["check"]._actions)  # check's own --board
    assert [a.dest for a in action.choices["board"]._actions] == []  # a stub: no options
