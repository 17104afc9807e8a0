"""Reading the documentation's pages for the tests: the pages, their fenced blocks, and the shell commands of an
```sh block with the checks their comments state (`# writes FILE (N pages)`, `# prints: TEXT`,
`# exit status N`); the conventions are in CONTRIBUTING.md."""

from __future__ import annotations

import re
import shlex
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FENCE = re.compile(r"^(?P<indent>[ \t]*)```(?P<lang>[a-z]*)\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M)
HEREDOC = re.compile(r"<<-?\s*'?(?P<word>[A-Za-z_]+)'?")
WRITES = re.compile(r"^(?P<file>\S+?)(?: \((?P<pages>\d+) pages?\))?$")


def pages() -> list[Path]:
    """README.md and every Markdown page of docs/, by path."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def page_id(path: Path) -> str:
    return str(path.relative_to(ROOT))


def blocks(path: Path, lang: str) -> list[tuple[int, str]]:
    """The fenced blocks of a language on a page: (line number, dedented body)."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, found.start()) + 1, textwrap.dedent(found["body"]))
            for found in FENCE.finditer(text) if found["lang"] == lang]


@dataclass
class Command:
    """One command of an ```sh block and what its comments say it must do."""

    text: str
    line: int
    writes: list[tuple[str, int | None]] = field(default_factory=list)
    prints: list[str] = field(default_factory=list)
    status: int = 0


def commands(body: str, first_line: int) -> list[Command]:
    """The commands of an ```sh block: continuation lines joined, here-documents kept whole, and the checks
    stated by the comment lines that follow each command."""
    lines = body.splitlines()
    found: list[Command] = []
    index = 0
    while index < len(lines):
        line, number = lines[index], first_line + index + 1
        index += 1
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if found:
                _state(found[-1], stripped[1:].strip())
            continue
        text = line
        while (text.endswith("\\") or not _closed(text)) and index < len(lines):
            text += "\n" + lines[index]
            index += 1
        heredoc = HEREDOC.search(text)
        if heredoc:
            while index < len(lines) and lines[index].strip() != heredoc["word"]:
                text += "\n" + lines[index]
                index += 1
            text += "\n" + heredoc["word"]
            index += 1
        found.append(Command(text, number))
    return found


def _closed(text: str) -> bool:
    """Whether every quote of a command is closed (a quoted argument may go on over lines)."""
    try:
        shlex.split(text, comments=True)
    except ValueError:
        return False
    return True


def _state(command: Command, comment: str) -> None:
    """Record what a comment line says the command must do (other comments are for the reader)."""
    if comment.startswith("writes "):
        for item in re.split(r", | \.\.\. ", comment[len("writes "):]):  # FILE, FILE or FIRST ... LAST
            match = WRITES.match(item.strip())
            assert match, f"cannot read '# writes {item}' (write: # writes FILE (N pages), FILE ...)"
            command.writes.append((match["file"], int(match["pages"]) if match["pages"] else None))
    elif comment.startswith("prints: "):
        command.prints.append(comment[len("prints: "):])
    elif comment.startswith("exit status "):
        command.status = int(comment[len("exit status "):])
