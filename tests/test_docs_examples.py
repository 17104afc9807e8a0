"""Examples are tests: every ```sh and ```python block of README.md and docs/ runs, in a fresh folder per page,
with `modlinseq-print` resolved to this environment's command, and does what its page says (the files it
writes, their page counts, what it prints, its exit status). The conventions are in CONTRIBUTING.md."""

from __future__ import annotations

import contextlib
import os
import shlex
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest

from cli_helpers import run_cli
from docs_helpers import ROOT, blocks, commands, page_id, pages

BIN = Path(sys.executable).parent
EXAMPLE_PAGES = [path for path in pages() if blocks(path, "sh") or blocks(path, "python")]


def pdf_pages(path: Path) -> int:
    import pikepdf

    with pikepdf.open(path) as pdf:
        return len(pdf.pages)


def shell_environment() -> dict:
    """PATH with this environment's bin first, so `modlinseq-print` is the command under test."""
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "120"}


def plain_command(text: str) -> list[str] | None:
    """The words of a `modlinseq-print ...` command as bash reads them, when it uses nothing of the shell but
    quotes and a comment (no pipe, redirection, expansion, pattern or second command), else None."""
    if not text.startswith("modlinseq-print "):
        return None
    quote, word_start, end = None, True, len(text)
    for at, char in enumerate(text):
        if quote == "'":
            quote = None if char == "'" else quote
        elif quote == '"':
            if char in "$`\\":
                return None
            quote = None if char == '"' else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and word_start:
            end = at
            break
        elif char in "|<>;&$`\\()*?[{~\n":
            return None
        word_start = quote is None and char in " \t"
    return shlex.split(text[:end])[1:]


def run_command(text: str, folder: Path, capsys) -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of one command run in `folder`: a plain command line in this process (the
    same `main` the installed command runs, without starting a Python for it), anything else in bash."""
    words = plain_command(text) if capsys is not None else None
    if words is None:
        done = subprocess.run(["bash", "-c", text], cwd=folder, env=shell_environment(), capture_output=True,
                              text=True, timeout=300)
        return done.returncode, done.stdout, done.stderr
    with contextlib.chdir(folder), mock.patch.dict(os.environ, {"COLUMNS": "120"}):
        return run_cli(capsys, *words)


def run_sh_block(body: str, line: int, folder: Path, where: str, capsys=None) -> None:
    """Run each command of a block in `folder` (plain command lines in this process when `capsys` is given)
    and check what its comments state."""
    for command in commands(body, line):
        status, out, err = run_command(command.text, folder, capsys)
        said = f"{where}:{command.line}: {command.text.splitlines()[0]}\n{out}{err}"
        assert status == command.status, f"exit status {status}, not {command.status}: {said}"
        for text in command.prints:
            assert text in out, f"does not print {text!r}: {said}"
        for name, count in command.writes:
            written = folder / name
            assert written.is_file(), f"did not write {name}: {said}"
            if count is not None:
                assert pdf_pages(written) == count, f"{name} has {pdf_pages(written)} pages, not {count}: {said}"


def test_the_pages_have_examples():
    names = {page_id(path) for path in EXAMPLE_PAGES}
    assert {"README.md", "docs/tutorials/first-kit.md", "docs/reference/library.md"} <= names
    assert sum(len(commands(body, line)) for path in EXAMPLE_PAGES for line, body in blocks(path, "sh")) >= 40


@pytest.mark.slow
@pytest.mark.parametrize("path", EXAMPLE_PAGES, ids=page_id)
def test_page_examples_run_as_written(path, tmp_path, monkeypatch, capsys):
    where = page_id(path)
    for line, body in blocks(path, "sh"):
        run_sh_block(body, line, tmp_path, where, capsys)
    namespace = {"__name__": "docs_example"}
    monkeypatch.chdir(tmp_path)
    for line, body in blocks(path, "python"):
        exec(compile("\n" * line + body, f"{where} (python block at line {line})", "exec"), namespace)


@pytest.mark.parametrize("in_process", [False, True], ids=["bash", "in-process"])
def test_a_wrong_statement_fails(tmp_path, capsys, in_process):
    """The checks bite: a wrong page count, a file not written, text not printed, a wrong exit status."""
    for wrong in ("modlinseq-print calibrate\n# writes output/calibrate.pdf (3 pages)\n",
                  "modlinseq-print calibrate\n# writes output/nothing.pdf\n",
                  "modlinseq-print calibrate\n# prints: something else\n",
                  "modlinseq-print check -m 13 4B2\n"):
        with pytest.raises(AssertionError):
            run_sh_block(wrong, 1, tmp_path, "test", capsys if in_process else None)
    run_sh_block("modlinseq-print check -m 13 4B2\n# exit status 2\n# prints: \n", 1, tmp_path, "test",
                 capsys if in_process else None)


def test_readme_is_short_and_keeps_the_preview_strip():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    for name in ("cover", "reference", "board-assembly", "board-page", "tiles", "markers"):
        assert f"(docs/preview-{name}.png)" in readme
