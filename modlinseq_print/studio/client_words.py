"""The one rule for the client's words: the studio never opens a path derived from a request.

Every value of every request (query and JSON body, at any depth) passes `refuse_file_names` before a handler
sees it. A value that names a file the way the command line reads one (a `file:` board spec, an `@FILE`
transcript, a path) is refused with one line, whatever blanks, letter case, Unicode look-alikes, invisible
characters or percent-encoding surround it. Board files and presets reach the studio as uploaded contents
(the `contents` key), which are text to parse, never names. Handlers also run inside
`inputs.no_file_reads()` (jobs.py): a library reader asked for a file there refuses before it looks at it.
"""

from __future__ import annotations

import re
import unicodedata
from urllib.parse import unquote

from modlinseq_print.studio.exchange import ApiError

#: Keys whose value is an upload's contents: text to parse, never a name.
CONTENT_KEYS = frozenset({"contents"})
MAX_DEPTH = 8  # a request body nests no deeper (the kit form's values: body -> values -> key)
_NAMES_A_FILE = re.compile(
    r"""^(?:
        file\s*:                      # a board spec naming a file: file:PATH
      | @\S                           # a transcript or record read from a file: @PATH
      | [/\\]                         # an absolute path (POSIX or Windows)
      | ~[^\s/\\]*[/\\]               # a home folder: ~/x, ~user/x
      | \.{1,2}[/\\]                  # a relative path: ./x, ../x
      | [a-z]:[/\\]                   # a drive: C:\\x
    )""", re.X)


def _plain(value: str) -> str:
    """The value as the library would read it at worst: percent-decoded, look-alikes folded (NFKC), invisible
    characters dropped, blanks and quotes trimmed, lower case."""
    for _ in range(3):  # %2566 -> %66 -> f
        decoded = unquote(value)
        if decoded == value:
            break
        value = decoded
    value = unicodedata.normalize("NFKC", value)
    value = "".join(ch for ch in value if unicodedata.category(ch) not in ("Cf", "Cc") or ch in "\t\n\r")
    return value.strip().strip("\"'`").strip().casefold()


def names_a_file(value: str) -> bool:
    """True when the value names a file or a path (after undoing every disguise), or holds a NUL."""
    return "\x00" in value or bool(_NAMES_A_FILE.match(_plain(value)))


def refuse_file_names(value, where: str = "", depth: int = 0) -> None:
    """Refuse a request holding a file name anywhere in it (one line naming the key); uploads are exempt."""
    if depth > MAX_DEPTH:
        raise ApiError(f"the request nests deeper than {MAX_DEPTH} levels")
    if isinstance(value, dict):
        for key, item in value.items():
            name = f"{where}.{key}" if where else str(key)
            if names_a_file(str(key)):
                raise ApiError(f"key {name!r} names a file: {_ADVICE}")
            if not (depth == 0 and key in CONTENT_KEYS):
                refuse_file_names(item, name, depth + 1)
    elif isinstance(value, list):
        for item in value:
            refuse_file_names(item, where, depth + 1)
    elif isinstance(value, str) and names_a_file(value):
        key = where.removeprefix("values.") or None
        raise ApiError(f"{key or 'the request'}: the studio reads no file named in a request: {_ADVICE}", key=key)


_ADVICE = ("send the contents instead ('Load board file' or 'Load preset'), or use the command line "
           "for files on this computer")
