"""Examples are tests: every ```sh and ```python block of README.md and docs/ runs, in a fresh folder per page,
with `modlinseq-print` resolved to this environment's command, and does what its page says (the files it
writes, their page counts, what it prints, its exit status). The conventions are in CONTRIBUTING.md."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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


def run_sh_block(body: str, line: int, folder: Path, where: str) -> None:
    """Run each command of a block in `folder` and check what its comments state."""
    for command in commands(body, line):
        done = subprocess.run(["bash", "-c", command.text], cwd=folder, env=shell_environment(),
                              capture_output=True, text=True, timeout=300)
        said = f"{where}:{command.line}: {command.text.splitlines()[0]}\n{done.stdout}{done.stderr}"
        assert done.returncode == command.status, f"exit status {done.returncode}, not {command.status}: {said}"
        for text in command.prints:
            assert text in done.stdout, f"does not print {text!r}: {said}"
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
def test_page_examples_run_as_written(path, tmp_path, monkeypatch):
    where = page_id(path)
    for line, body in blocks(path, "sh"):
        run_sh_block(body, line, tmp_path, where)
    namespace = {"__name__": "docs_example"}
    monkeypatch.chdir(tmp_path)
    for line, body in blocks(path, "python"):
        exec(compile("\n" * line + body, f"{where} (python block at line {line})", "exec"), namespace)


def test_a_wrong_statement_fails(tmp_path):
    """The checks bite: a wrong page count, a file not written, text not printed, a wrong exit status."""
    for wrong in ("modlinseq-print calibrate\n# writes output/calibrate.pdf (3 pages)\n",
                  "modlinseq-print calibrate\n# writes output/nothing.pdf\n",
                  "modlinseq-print calibrate\n# prints: something else\n",
                  "modlinseq-print check -m 13 4B2\n"):
        with pytest.raises(AssertionError):
            run_sh_block(wrong, 1, tmp_path, "test")
    run_sh_block("modlinseq-print check -m 13 4B2\n# exit status 2\n# prints: \n", 1, tmp_path, "test")


def test_readme_is_short_and_keeps_the_preview_strip():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    for name in ("cover", "reference", "board-assembly", "board-page", "tiles", "markers"):
        assert f"(docs/preview-{name}.png)" in readme
