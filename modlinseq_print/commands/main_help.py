"""`modlinseq-print --help` without argparse or any command module, so that it starts about as fast as Python.

The text is the one argparse prints for the parser cli.py builds from the same table (commands/table.py),
laid out the same way for every terminal width (a test compares the two at each width): argparse's help
formatter, written out for this one parser, with textwrap's way of filling plain words.
"""

import os
import sys

from modlinseq_print.commands.table import COMMANDS, DESCRIPTION, OPTIONS, PROG

_INDENT = 2  # argparse's indent per level
_MOST_HELP_POSITION = 24  # argparse's default column of the help texts, at most


def terminal_columns() -> int:
    """The terminal's width as argparse takes it (shutil.get_terminal_size): $COLUMNS, else the terminal's, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            stdout = sys.__stdout__  # None when Python runs without one
            columns = 80 if stdout is None else os.get_terminal_size(stdout.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


def _chunks(text: str) -> list[str]:
    """The text's words and the spaces between them, a hyphenated word split after each hyphen that joins two
    letters to two letters (as textwrap splits them)."""
    chunks: list[str] = []
    for number, word in enumerate(" ".join(text.split()).split(" ")):
        if number:
            chunks.append(" ")
        start = 0
        for at in range(2, len(word) - 2):
            if word[at] == "-" and at > start and _letters(word[at - 2:at] + word[at + 1:at + 3]):
                chunks.append(word[start:at + 1])
                start = at + 1
        chunks.append(word[start:])
    return chunks


def _letters(text: str) -> bool:
    """Whether every character is a letter (or an underscore), as textwrap's word pattern counts them."""
    return all(c.isalpha() or c == "_" for c in text)


def wrap(text: str, width: int) -> list[str]:
    """The text's lines at most `width` wide (textwrap.wrap's, for plain words)."""
    chunks = _chunks(text)[::-1]
    lines: list[str] = []
    while chunks:
        line: list[str] = []
        length = 0
        if chunks[-1] == " " and lines:
            chunks.pop()
        while chunks and length + len(chunks[-1]) <= width:
            length += len(chunks[-1])
            line.append(chunks.pop())
        if chunks and len(chunks[-1]) > width:  # a word longer than a line: cut it, after a hyphen if it can
            room = width - length
            word = chunks[-1]
            end = room
            hyphen = word.rfind("-", 0, room)
            if len(word) > room and hyphen > 0 and word[:hyphen].strip("-"):
                end = hyphen + 1
            line.append(word[:end])
            chunks[-1] = word[end:]
        if line and line[-1] == " ":
            line.pop()
        if line:
            lines.append("".join(line))
    return lines


def _usage(width: int) -> str:
    """The usage line(s), wrapped as argparse wraps a usage that is too long for the terminal."""
    prefix, options, positionals = "usage: ", [f"[{strings[0]}]" for strings, _ in OPTIONS], ["COMMAND", "..."]
    usage = " ".join([PROG, *options, *positionals])
    if len(prefix) + len(usage) <= width:
        return prefix + usage

    def lines_of(parts: list[str], indent: str, first: bool = False) -> list[str]:
        lines: list[str] = []
        line: list[str] = []
        length = (len(prefix) if first else len(indent)) - 1
        for part in parts:
            if length + 1 + len(part) > width and line:
                lines.append(indent + " ".join(line))
                line, length = [], len(indent) - 1
            line.append(part)
            length += len(part) + 1
        if line:
            lines.append(indent + " ".join(line))
        if first:
            lines[0] = lines[0][len(indent):]
        return lines

    if len(prefix) + len(PROG) <= 0.75 * width:
        indent = " " * (len(prefix) + len(PROG) + 1)
        lines = lines_of([PROG, *options], indent, first=True) + lines_of(positionals, indent)
    else:
        indent = " " * len(prefix)
        lines = lines_of(options + positionals, indent)
        if len(lines) > 1:
            lines = lines_of(options, indent) + lines_of(positionals, indent)
        lines = [PROG, *lines]
    return prefix + "\n".join(lines)


def _entry(name: str, help_: str, indent: int, position: int, width: int) -> list[str]:
    """One option or command: its name, then its help from column `position` (on the next line if the name
    does not fit before it)."""
    lines = wrap(help_, max(width - position, 11))
    if len(name) <= position - indent - 2:
        return [" " * indent + name.ljust(position - indent - 2) + "  " + lines[0],
                *(" " * position + line for line in lines[1:])]
    return [" " * indent + name, *(" " * position + line for line in lines)]


def help_text(columns: int) -> str:
    """The main help, as argparse lays it out for a terminal `columns` wide."""
    width = columns - 2
    names = [*COMMANDS, "COMMAND", *(", ".join(strings) for strings, _ in OPTIONS)]
    longest = max(len(name) for name in names) + _INDENT
    position = min(longest + 2, _MOST_HELP_POSITION, max(width - 20, 2 * _INDENT))
    lines = [_usage(width), "", *wrap(DESCRIPTION, max(width, 11)), "",
             "positional arguments:", " " * _INDENT + "COMMAND"]
    for name, summary in COMMANDS.items():
        lines += _entry(name, summary, 2 * _INDENT, position, width)
    lines += ["", "options:"]
    for strings, help_ in OPTIONS:
        lines += _entry(", ".join(strings), help_, _INDENT, position, width)
    return "\n".join(lines) + "\n"


def print_help() -> int:
    """Print the main help for this terminal; exit status 0."""
    sys.stdout.write(help_text(terminal_columns()))
    sys.stdout.flush()
    return 0
