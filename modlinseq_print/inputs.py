"""User input at the edge: whole numbers, finite decimals, size-bounded strict UTF-8 files, TOML, short quotes
(the command line's argparse types over these parsers are in commands/numbers.py)."""

from __future__ import annotations

import contextvars
import math
import os
import re
import stat
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

from modlinseq_print.errors import ModlinseqError

#: No number the tool takes needs more digits (problem set numbers included); it keeps Python's 4,300-digit limit
#: far away.
MAX_DIGITS = 18
#: A decimal (a length, a dpi) written with more characters than this is refused before it is converted.
MAX_DECIMAL_CHARS = 40
#: Transcripts, game records, board files and counts files: far above any real one (a hex:150 board file
#: listing every cell is about 400 KB), small enough to read at once.
TEXT_LIMIT = 1024 * 1024
#: Presets: the biggest shipped preset is under 2 KB; 256 KB leaves room for long comments.
PRESET_LIMIT = 256 * 1024
#: At most this many characters of any input are quoted in a message.
EXCERPT = 40

_WHOLE = re.compile(r"[-+]?[0-9]+")
_DECIMAL = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


class InputError(ModlinseqError):
    """An input file or a number that cannot be read."""


def excerpt(text: object, limit: int = EXCERPT) -> str:
    """A quoted excerpt of at most `limit` characters of the text (repr-style, '...' when cut)."""
    text = str(text)
    return repr(text) if len(text) <= limit else repr(text[:limit]) + "..."


def clip(text: str, limit: int = EXCERPT) -> str:
    """The text unquoted, cut to `limit` characters ('...' when cut)."""
    return text if len(text) <= limit else text[:limit] + "..."


def short_path(path: object, limit: int = 100) -> str:
    """A path as a message names it: whole up to `limit` characters, else '...' and its last characters."""
    text = str(path)
    return text if len(text) <= limit else "..." + text[-(limit - 3):]


def parse_int(text: str | int, what: str = "number", error: Callable[[str], Exception] = InputError) -> int:
    """A whole number from user text, refusing more than MAX_DIGITS digits or anything else."""
    if isinstance(text, int) and not isinstance(text, bool):
        if abs(text) >= 10 ** MAX_DIGITS:
            raise error(f"{what} has more than {MAX_DIGITS} digits")
        return text
    stripped = str(text).strip()
    if not _WHOLE.fullmatch(stripped):
        raise error(f"{what} must be a whole number, got {excerpt(stripped)}")
    if len(stripped.lstrip("+-")) > MAX_DIGITS:
        raise error(f"{what} {excerpt(stripped, 12)} has more than {MAX_DIGITS} digits")
    return int(stripped)


def finite(value: float, what: str = "number", error: Callable[[str], Exception] = InputError) -> float:
    """The value, if it is a finite number; otherwise an error (nan, inf and overflowing decimals)."""
    if not math.isfinite(value):
        raise error(f"{what} must be a finite number, got {value}")
    return value


def parse_float(text: str | float, what: str = "number", error: type[Exception] = InputError) -> float:
    """A finite decimal from user text (1.5, 2e3): no nan, inf or 1e999, at most MAX_DECIMAL_CHARS characters."""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        if isinstance(text, int):
            parse_int(text, what, error)
        return finite(float(text), what, error)
    stripped = str(text).strip()
    if len(stripped) > MAX_DECIMAL_CHARS or not _DECIMAL.fullmatch(stripped):
        raise error(f"{what} must be a number, e.g. 1.5, got {excerpt(stripped)}")
    return finite(float(stripped), what, error)


#: Names read as standard input: '-' and the device that stands for it.
STDIN_NAMES = ("-", "/dev/stdin")
_SPECIAL = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"),
            (stat.S_ISSOCK, "a socket"))


def _refuse_special(path: Path, what: str, error: type[Exception]) -> None:
    """A FIFO, a device or a socket is not read as an input file: it could wait for ever or never end."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # open() names the problem
    for test, kind in _SPECIAL:
        if test(mode):
            raise error(f"cannot read {what} {short_path(path)}: it is {kind}, not a regular file (it could wait "
                        "for ever or never end); give a file, or - for standard input")


def _open_limited(path: Path, what: str, limit: int, error: type[Exception]) -> bytes:
    """At most limit + 1 bytes of a regular file (a FIFO or a device is refused before it is opened)."""
    _refuse_special(path, what, error)
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as problem:
        raise error(f"cannot read {what} {short_path(path)}: {problem.strerror or problem}") from None
    return data


def decode(data: bytes, what: str, name: object, limit: int, error: type[Exception] = InputError) -> str:
    """Strict UTF-8 text of at most `limit` bytes; otherwise one line naming the input and the byte offset."""
    if len(data) > limit:
        raise error(f"{what} {name} is larger than {limit // 1024} KB: give a smaller file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as problem:
        raise error(f"{what} {name} is not UTF-8 text: bad byte at offset {problem.start}; "
                         "save it as UTF-8") from None


_NO_FILES = contextvars.ContextVar("modlinseq_no_file_reads", default=False)


@contextmanager
def no_file_reads() -> Iterator[None]:
    """Within this block (in this thread or task), reading an input file or standard input is refused: a server
    answering requests reads what the client sends, never a file the client names."""
    token = _NO_FILES.set(True)
    try:
        yield
    finally:
        _NO_FILES.reset(token)


def refuse_file_reads(what: str, error: type[Exception] = InputError) -> None:
    """Raise `error` when inside no_file_reads(), before the file is looked at (not even its existence)."""
    if _NO_FILES.get():
        raise error(f"this {what} would be read from a file: here files are uploaded as contents, not named")


def read_text_input(path: str | Path, what: str, limit: int = TEXT_LIMIT,
                    error: type[Exception] = InputError) -> str:
    """The text of a file or of standard input ('-' or /dev/stdin), reading at most limit + 1 bytes, decoded
    strictly; FIFOs and devices are refused, and so is every file inside no_file_reads()."""
    refuse_file_reads(what, error)
    if str(path) in STDIN_NAMES:
        stream = getattr(sys.stdin, "buffer", None)
        data = stream.read(limit + 1) if stream is not None else sys.stdin.read(limit + 1).encode("utf-8")
        return decode(data, what, "on standard input", limit, error)
    return decode(_open_limited(Path(path), what, limit, error), what, short_path(path), limit, error)


#: The most parts a TOML key may have (`board.spec` has two): the standard library's parser takes time growing
#: with the square of a dotted key's length (a single 20,000-part key: 7 s), and no input of ours needs more.
MAX_KEY_PARTS = 32
#: The most parts the table names and dotted keys of one file may have in all (a preset has about 20): each
#: part is a table the parser makes, at some 10 microseconds each (a preset of 20,000 table names of four parts
#: took 0.8 s to parse, 1.8 s at 32 parts, and 140 MB).
MAX_NAME_PARTS = 10_000
# Strings and comments, whose dots are not key separators. Each alternative matches wherever it starts (an
# unclosed string runs to its line's end, or the text's), so that a scan meets every character about once:
# multi-line strings first (their escaped quotes are theirs: '\"""' does not end one), then one-line strings.
_TOML_TEXT = re.compile(r'"""(?:[^\\]|\\[\s\S]?)*?(?:"""|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)'
                        r'|"(?:[^"\\\n]|\\.?)*+"?|\'[^\'\n]*+\'?|#[^\n]*+')
# A dotted name (strings already replaced by a letter): a match starts only where a word starts, and takes its
# words and dots possessively, so that a long word without dots is read once, not once per letter.
_DOTTED = re.compile(r"(?<![\w-])[\w-]++(?:[ \t]*+\.[ \t]*+[\w-]++)++")
# A dotted name that is a key or a table's name: followed by '=' or by the ']' of its table header.
_NAMED = re.compile(r"[ \t]*+[=\]]")


def _bare(text: str) -> str:
    """The TOML text with each string a letter and each comment gone."""
    return _TOML_TEXT.sub(lambda match: "" if match.group().startswith("#") else "q", text)


def longest_key(text: str) -> int:
    """The most parts of any dotted key in TOML text (a bound: dots in numbers count too, never those in
    strings or comments), found in one linear pass before the text is parsed."""
    return max((run.group().count(".") + 1 for run in _DOTTED.finditer(_bare(text))), default=1)


def key_scan(text: str) -> tuple[int, int]:
    """The most parts of any dotted name in TOML text (as longest_key), and the parts of all its dotted keys and
    table names (those followed by '=' or ']'), in one linear pass before the text is parsed."""
    bare = _bare(text)
    most = total = 0
    for run in _DOTTED.finditer(bare):
        parts = run.group().count(".") + 1
        most = max(most, parts)
        if _NAMED.match(bare, run.end()):
            total += parts
    return max(most, 1), total


def load_toml(text: str, what: str, error: type[Exception] = InputError) -> dict:
    """Parse TOML text; a syntax error, a too-deep nesting, a key of too many parts or a too-long integer is one
    line naming the input."""
    import tomllib  # lazily: most commands read no TOML

    parts, total = key_scan(text)
    if parts > MAX_KEY_PARTS:
        raise error(f"{what} has a key of {parts:,} dotted parts; keys have at most {MAX_KEY_PARTS} "
                    f"(board.spec has 2): shorten it")
    if total > MAX_NAME_PARTS:
        raise error(f"{what} names {total:,} parts of tables and dotted keys, more than the {MAX_NAME_PARTS:,} one "
                    "file may have (a preset needs a few dozen): remove the tables and keys it does not use")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"{what} is not valid TOML: {problem}") from None
    except RecursionError:
        raise error(f"{what} nests tables or arrays too deeply to read") from None
    except ValueError:  # an integer longer than Python converts
        raise error(f"{what} has a number too long to read; numbers have at most {MAX_DIGITS} digits") from None
