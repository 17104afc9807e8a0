"""No internal words reach the users: the package's text (docstrings, comments, messages, help, presets),
the translation catalogues and the printed text of every kit cite the rules by page and section, never by
the words the project used among itself, and no page prints a command line to type."""

from __future__ import annotations

import io
import re
import subprocess
import tokenize
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from modlinseq_print.cli import COMMANDS
from modlinseq_print.i18n import LOCALE
from modlinseq_print.kits.preset_loading import preset_names

PACKAGE = Path(__file__).resolve().parent.parent / "modlinseq_print"
BANNED = re.compile(r"\bseeds?\b|\bseed's|\bissues?\s*#?\d+|\bsessions?\b", re.IGNORECASE)
COMMAND_LINE = re.compile(rf"modlinseq-print\s+({'|'.join(COMMANDS)})\b")  # the tool's name and a command
#: The worksheet's problem set is a random generator's seed: the option, the preset key and the parameter
#: keep that name (a word users of such tools know); nothing else may use it.
ALLOWED_STRINGS = {'"--seed"', '"seed"'}
SKIPPED: tuple[str, ...] = ()


def _package_files(suffixes: tuple[str, ...]):
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in suffixes and not any(part in SKIPPED for part in path.relative_to(PACKAGE).parts):
            yield path


def _python_text(path: Path) -> list[tuple[int, str]]:
    """The words of a Python file: its comments and strings, and names other than the allowed `seed`."""
    found = []
    for token in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        text = token.string
        if token.type == tokenize.NAME and text == "seed":
            continue
        if token.type == tokenize.STRING and text in ALLOWED_STRINGS:
            continue
        if token.type in (tokenize.COMMENT, tokenize.STRING, tokenize.NAME):
            found.append((token.start[0], re.sub(r"`seed`|[.{]seed\b", "", text)))
    return found


def test_the_package_text_has_no_internal_words():
    bad = []
    for path in _package_files((".py",)):
        bad += [f"{path.relative_to(PACKAGE)}:{line}: {text.strip()[:80]}" for line, text in _python_text(path)
                if BANNED.search(text)]
    for path in _package_files((".toml", ".txt", ".md", ".html", ".js", ".css")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if BANNED.search(line) and not re.fullmatch(r"seed = \d+", line.strip()):
                bad.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()[:80]}")
    assert bad == []


def test_the_check_finds_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""Cells as the seed\'s figure draws them (issue 24)."""\n\nseed = 1  # fine\n'
                      'x = "--seed"\n', encoding="utf-8")
    words = [text for _line, text in _python_text(sample) if BANNED.search(text)]
    assert words == ['"""Cells as the seed\'s figure draws them (issue 24)."""']


@pytest.mark.parametrize("catalogue", sorted(LOCALE.glob("*.po")), ids=lambda p: p.stem)
def test_the_catalogues_have_no_internal_words_nor_command_lines(catalogue):
    with catalogue.open("rb") as handle:
        messages = [message for message in read_po(handle) if message.id]
    texts = [text for message in messages
             for part in (message.id, message.string)
             for text in (part if isinstance(part, tuple) else (part,))]
    assert [t for t in texts if BANNED.search(t) or COMMAND_LINE.search(t)] == []


def test_every_kit_prints_no_internal_words_nor_command_lines(tmp_path, cli, require_tool):
    pdftotext = require_tool("pdftotext")
    for name in preset_names():
        out = tmp_path / f"{name}.pdf"
        assert cli("kit", name, "--exercises", "6", "-o", out, "--quiet").status == 0
        text = subprocess.run([pdftotext, str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert not BANNED.search(text) and not COMMAND_LINE.search(text), name
    for argv in (["mod13", "reference"], ["mod13", "box"], ["box"], ["reference"], ["worksheet"]):
        out = tmp_path / f"{'-'.join(argv)}.pdf"
        assert cli(*argv, "-o", out).status == 0
        text = subprocess.run([pdftotext, str(out), "-"], capture_output=True, text=True, check=True).stdout
        assert not BANNED.search(text) and not COMMAND_LINE.search(text), argv
